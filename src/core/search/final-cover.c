/* final-cover.c — the covers of final mates and stalemates and their
 * bound (final-cover.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "final-cover.h"
#include "target-distance.h"

#define BIT(sq) (UINT64_C (1) << (sq))
#define NEVER 255
/* The distance tables of a set at most (384 bytes each: 77 MB). */
#define MAX_TABLES 200000

/* By colour, walk and square: the squares from which a unit of that walk
 * attacks the square on an empty board. */
static uint64_t attackers[2][8][64];
static uint64_t king_zone[64]; /* the square and its neighbours */
/* By walk and square: the squares of a piece's first step, that must hold
 * units of its own for it not to move (a rider's nearest on each line). */
static uint64_t first_steps[8][64];
/* By colour, square and file: a pawn's moves to the promotion square on
 * that file (FE_FAR_MOVES: never). */
static int promotion_moves[2][64][8];

static gboolean
on_board (int file, int rank)
{
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

static gpointer
tables_init (gpointer unused)
{
  (void) unused;
  fe_orthodox_distance_init ();
  static const int steps[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                   { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
  static const int jumps[8][2] = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
                                   { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
  for (int sq = 0; sq < 64; sq++)
    {
      int f = sq & 7, r = sq >> 3;
      king_zone[sq] = BIT (sq);
      for (int d = 0; d < 8; d++)
        {
          if (on_board (f + steps[d][0], r + steps[d][1]))
            {
              uint64_t b = BIT ((r + steps[d][1]) * 8 + f + steps[d][0]);
              king_zone[sq] |= b;
              first_steps[FE_WALK_KING][sq] |= b;
              first_steps[FE_WALK_QUEEN][sq] |= b;
              first_steps[d < 4 ? FE_WALK_ROOK : FE_WALK_BISHOP][sq] |= b;
              for (int c = 0; c < 2; c++)
                attackers[c][FE_WALK_KING][sq] |= b;
            }
          if (on_board (f + jumps[d][0], r + jumps[d][1]))
            {
              first_steps[FE_WALK_KNIGHT][sq] |= BIT ((r + jumps[d][1]) * 8 + f + jumps[d][0]);
              for (int c = 0; c < 2; c++)
                attackers[c][FE_WALK_KNIGHT][sq] |= BIT ((r + jumps[d][1]) * 8 + f + jumps[d][0]);
            }
          for (int k = 1; on_board (f + k * steps[d][0], r + k * steps[d][1]); k++)
            {
              uint64_t b = BIT ((r + k * steps[d][1]) * 8 + f + k * steps[d][0]);
              for (int c = 0; c < 2; c++)
                {
                  attackers[c][FE_WALK_QUEEN][sq] |= b;
                  attackers[c][d < 4 ? FE_WALK_ROOK : FE_WALK_BISHOP][sq] |= b;
                }
            }
        }
      /* A pawn attacks forward diagonally and never stands on its first
       * or last rank. */
      for (int c = 0; c < 2; c++)
        {
          int from_rank = r + (c == FE_WHITE ? -1 : 1);
          for (int df = -1; df <= 1; df += 2)
            if (on_board (f + df, from_rank) && from_rank > 0 && from_rank < 7)
              attackers[c][FE_WALK_PAWN][sq] |= BIT (from_rank * 8 + f + df);
        }
    }
  FePiece pawn[2] = { { .walk = FE_WALK_PAWN, .colour = FE_WHITE }, { .walk = FE_WALK_PAWN, .colour = FE_BLACK } };
  for (int c = 0; c < 2; c++)
    for (int from = 0; from < 64; from++)
      for (int f = 0; f < 8; f++)
        promotion_moves[c][from][f] = fe_orthodox_distance (pawn[c], from, pawn[c], (c == FE_WHITE ? 56 : 0) + f);
  return NULL;
}

static void
ensure_tables (void)
{
  static GOnce once = G_ONCE_INIT;
  g_once (&once, tables_init, NULL);
}

/* A rider of `walk` (queen, rook, bishop) from `from` to any of
 * `squares`, staying itself: by lines on an empty board. */
static int
rider_distance (int walk, int from, uint64_t squares)
{
  if (squares & BIT (from))
    return 0;
  if (attackers[FE_WHITE][walk][from] & squares)
    return 1;
  if (walk != FE_WALK_BISHOP)
    return 2;
  uint64_t light = UINT64_C (0x55aa55aa55aa55aa);
  return (BIT (from) & light ? squares & light : squares & ~light) ? 2 : FE_FAR_MOVES;
}

/* The table of a walk that moves by steps of `step` (king, knight): moves
 * to reach `squares` from each square, by widening rings. */
static void
stepper_table (const uint64_t step[64], uint64_t squares, uint8_t out[64])
{
  uint64_t seen = squares, ring = squares;
  for (int d = 0; ring; d++)
    {
      uint64_t next = 0;
      for (uint64_t left = ring; left; left &= left - 1)
        {
          int sq = __builtin_ctzll (left);
          out[sq] = MIN (d, NEVER);
          next |= step[sq];
        }
      ring = next & ~seen;
      seen |= ring;
    }
}

/* Moves at least, from each walk and square, for a unit to meet `need`:
 * a piece keeps its walk; a pawn stays one or promotes, to the need's
 * walk or (FE_WALK_NONE) any but the king's. */
static void
fill_table (const FeCoverNeed *need, FeCoverTable table)
{
  memset (table, NEVER, sizeof (FeCoverTable));
  for (int walk = FE_WALK_KING; walk < FE_WALK_PAWN; walk++)
    {
      if (need->walk != walk && (need->walk != FE_WALK_NONE || walk == FE_WALK_KING))
        continue;
      uint8_t *out = table[walk - 1];
      if (walk == FE_WALK_KING || walk == FE_WALK_KNIGHT)
        stepper_table (attackers[FE_WHITE][walk], need->squares, out);
      else
        for (int from = 0; from < 64; from++)
          out[from] = MIN (rider_distance (walk, from, need->squares), NEVER);
    }
  int c = need->colour, last = c == FE_WHITE ? 56 : 0;
  FePiece pawn = { .walk = FE_WALK_PAWN, .colour = c };
  for (int from = 8; from < 56; from++)
    {
      int best = FE_FAR_MOVES;
      if (need->walk == FE_WALK_PAWN || need->walk == FE_WALK_NONE)
        for (uint64_t left = need->squares; left; left &= left - 1)
          best = MIN (best, fe_orthodox_distance (pawn, from, pawn, __builtin_ctzll (left)));
      for (int want = FE_WALK_QUEEN; want < FE_WALK_PAWN; want++)
        if (need->walk == want || need->walk == FE_WALK_NONE)
          for (int f = 0; f < 8; f++)
            if (promotion_moves[c][from][f] < FE_FAR_MOVES)
              best = MIN (best, promotion_moves[c][from][f] + table[want - 1][last + f]);
      table[FE_WALK_PAWN - 1][from] = MIN (best, NEVER);
    }
}

/* ---- the set ----------------------------------------------------------- */

struct FeCoverSet {
  GArray *covers;     /* FeCover */
  GHashTable *tables; /* FeCoverNeed -> FeCoverTable, shared by the covers */
  gboolean complete;  /* the complete stalemate covers */
};

static guint
need_hash (gconstpointer key)
{
  const FeCoverNeed *n = key;
  uint64_t h = (n->squares ^ ((uint64_t) n->colour << 8 | n->walk)) * UINT64_C (0x9e3779b97f4a7c15);
  return (guint) (h >> 32);
}

static gboolean
need_equal (gconstpointer a, gconstpointer b)
{
  const FeCoverNeed *x = a, *y = b;
  return x->squares == y->squares && x->colour == y->colour && x->walk == y->walk;
}

/* The table of `need`, made once per set. */
static const FeCoverTable *
table_of (FeCoverSet *set, const FeCoverNeed *need)
{
  FeCoverTable *table = g_hash_table_lookup (set->tables, need);
  if (!table)
    {
      FeCoverNeed *key = g_new0 (FeCoverNeed, 1);
      key->colour = need->colour;
      key->walk = need->walk;
      key->squares = need->squares;
      table = g_new (FeCoverTable, 1);
      fill_table (need, *table);
      g_hash_table_insert (set->tables, key, table);
    }
  return (const FeCoverTable *) table;
}

guint
fe_cover_set_size (const FeCoverSet *set)
{
  return set->covers->len;
}

const FeCover *
fe_cover_set_get (const FeCoverSet *set, guint k)
{
  return &g_array_index (set->covers, FeCover, k);
}

void
fe_cover_set_free (FeCoverSet *set)
{
  if (!set)
    return;
  g_array_unref (set->covers);
  g_hash_table_destroy (set->tables);
  g_free (set);
}

gboolean
fe_cover_reachable (const FePosition *pos, const FeCover *cover, const int moves[2])
{
  if (cover->complete)
    {
      int placed = 0;
      for (int k = 0; k < cover->n; k++)
        placed += cover->need[k].colour == cover->loser;
      if (__builtin_popcountll (pos->occupied[cover->loser]) - placed > moves[FE_OPPONENT (cover->loser)])
        return FALSE; /* more captures than the winner has moves */
    }
  for (int colour = FE_WHITE; colour <= FE_BLACK; colour++)
    {
      int rows[FE_COVER_NEEDS], n = 0;
      for (int k = 0; k < cover->n; k++)
        if (cover->need[k].colour == colour)
          rows[n++] = k;
      int m = __builtin_popcountll (pos->occupied[colour]);
      if (n == 0 || m > 16)
        continue;
      if (n > m)
        return FALSE;
      /* Castling moves the king and a rook at once: while it may, they
       * count nothing. */
      uint8_t rights = pos->castling & fe_castling_flags_of (colour);
      int cost[16][16];
      for (int i = 0; i < n; i++)
        {
          int j = 0;
          for (uint64_t mine = pos->occupied[colour]; mine; mine &= mine - 1, j++)
            {
              int sq = __builtin_ctzll (mine);
              FePiece x = pos->board[FE_SQ88 (sq)];
              int d = (*cover->table[rows[i]])[x.walk - 1][sq];
              if (d == NEVER)
                d = FE_FAR_MOVES;
              if (rights && (x.walk == FE_WALK_KING || x.walk == FE_WALK_ROOK))
                d = 0;
              cost[i][j] = d;
            }
        }
      if (fe_assignment_bound (n, m, cost, moves[colour]) > moves[colour])
        return FALSE;
    }
  return TRUE;
}

/* ---- enumeration ---------------------------------------------------- */

typedef struct {
  const FePosition *root;
  const int *moves;
  FeCoverSet *set;
  FeCover cover;
  long steps, max_steps;
  guint max_covers;
  gboolean stopped;
  gboolean complete;    /* complete stalemate covers (final-cover.h) */
  gboolean may_pin[2];  /* the winner may pin along ranks and files, diagonals */
  int loser_units;      /* on the board at the root */
  uint64_t empty;       /* squares no unit placed may take: between kings and their pinned units */
} Enumeration;

static uint8_t
winner_of (const FeCover *c)
{
  return FE_OPPONENT (c->loser);
}

/* The squares a need of the winning colour with `walk` may end on to
 * attack `sq`: not the king's square, and a king never next to it. */
static uint64_t
attack_squares (const FeCover *c, int walk, int sq)
{
  uint64_t squares = attackers[winner_of (c)][walk][sq] & ~BIT (c->king_square);
  if (walk == FE_WALK_KING)
    squares &= ~king_zone[c->king_square];
  return squares;
}

static void flights_from (Enumeration *e, uint64_t left);

/* Counts a need made or narrowed: FALSE, and the enumeration stops, past
 * the limit or when the tables would take too much memory. */
static gboolean
step (Enumeration *e)
{
  if (e->stopped || ++e->steps > e->max_steps || g_hash_table_size (e->set->tables) >= MAX_TABLES)
    e->stopped = TRUE;
  return !e->stopped;
}

/* Pushes need (colour, walk, squares): TRUE when the cover stays in
 * reach (the caller pops it after), FALSE with nothing pushed. */
static gboolean
push_need (Enumeration *e, int colour, int walk, uint64_t squares)
{
  FeCover *c = &e->cover;
  if (!squares || !step (e))
    return FALSE;
  if (c->n == FE_COVER_NEEDS)
    {
      e->stopped = TRUE; /* a cover it cannot hold: none is made */
      return FALSE;
    }
  int k = c->n++;
  c->need[k] = (FeCoverNeed) { .colour = colour, .walk = walk, .squares = squares };
  c->table[k] = table_of (e->set, &c->need[k]);
  if (fe_cover_reachable (e->root, c, e->moves))
    return TRUE;
  c->n--;
  return FALSE;
}

static void
add_cover (Enumeration *e)
{
  if (e->set->covers->len >= e->max_covers)
    e->stopped = TRUE;
  else
    g_array_append_vals (e->set->covers, &e->cover, 1);
}

static void close_loser (Enumeration *e, uint32_t checked, int free_min);

/* What the enumeration does once a need is made or narrowed: cover the
 * flights still `left`, or (`closing`) go on closing the loser's units. */
typedef struct {
  gboolean closing;
  uint64_t left;
  uint32_t checked;
  int free_min;
} Next;

static void
go_on (Enumeration *e, const Next *next)
{
  if (next->closing)
    close_loser (e, next->checked, next->free_min);
  else
    flights_from (e, next->left);
}

/* Pushes need (colour, walk, squares) and goes on if in reach, then pops it. */
static void
push_and_go_on (Enumeration *e, int colour, int walk, uint64_t squares, const Next *next)
{
  if (push_need (e, colour, walk, squares))
    {
      go_on (e, next);
      e->cover.n--;
    }
}

/* Narrows need r to `squares` and goes on if in reach, then widens it back. */
static void
narrow_and_go_on (Enumeration *e, int r, uint64_t squares, const Next *next)
{
  FeCover *c = &e->cover;
  FeCoverNeed *need = &c->need[r];
  if (!squares || !step (e))
    return;
  uint64_t before = need->squares;
  const FeCoverTable *table = c->table[r];
  need->squares = squares;
  c->table[r] = table_of (e->set, need);
  if (fe_cover_reachable (e->root, c, e->moves))
    go_on (e, next);
  need->squares = before;
  c->table[r] = table;
}

/* ---- complete stalemate covers ---------------------------------------- */

/* The squares the loser's unit of `need` (one square, a walk) asks to be
 * taken for it not to move: by its own units (a piece), or by any unit
 * (`any`: the square before a pawn). */
static uint64_t
immobile_asks (const Enumeration *e, const FeCoverNeed *need, gboolean *any)
{
  int t = __builtin_ctzll (need->squares);
  *any = need->walk == FE_WALK_PAWN;
  if (*any)
    return BIT (e->cover.loser == FE_WHITE ? t + 8 : t - 8);
  return first_steps[need->walk][t];
}

/* A pin that would hold the loser's unit of `need` still: the squares
 * beyond it on its line from the king, where a rider of the winner
 * (`*walk`, or a queen) must stand, and (`between`) those between, that
 * stay empty; 0 when none would.  A unit pinned along a line it moves on
 * can still move (at least onto the pinner); a pawn pinned on its file
 * can still step. */
static uint64_t
pin_ray (const Enumeration *e, const FeCoverNeed *need, int *walk, uint64_t *between)
{
  int t = __builtin_ctzll (need->squares), s = e->cover.king_square;
  *between = 0;
  int df = (t & 7) - (s & 7), dr = (t >> 3) - (s >> 3);
  gboolean straight = df == 0 || dr == 0, diagonal = abs (df) == abs (dr);
  int w = need->walk;
  if (straight && e->may_pin[0]
      && (w == FE_WALK_BISHOP || w == FE_WALK_KNIGHT || (w == FE_WALK_PAWN && dr == 0)))
    *walk = FE_WALK_ROOK;
  else if (diagonal && e->may_pin[1] && (w == FE_WALK_ROOK || w == FE_WALK_KNIGHT || w == FE_WALK_PAWN))
    *walk = FE_WALK_BISHOP;
  else
    return 0;
  int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
  for (int f = (s & 7) + step_f, r = (s >> 3) + step_r; r * 8 + f != t; f += step_f, r += step_r)
    *between |= BIT (r * 8 + f);
  uint64_t ray = 0;
  for (int f = (t & 7) + step_f, r = (t >> 3) + step_r; on_board (f, r); f += step_f, r += step_r)
    ray |= BIT (r * 8 + f);
  return ray;
}

/* Need k of the loser, any walk so far, takes each walk in turn. */
static void
choose_walk (Enumeration *e, int k, uint32_t checked, int free_min)
{
  FeCover *c = &e->cover;
  FeCoverNeed *need = &c->need[k];
  const FeCoverTable *table = c->table[k];
  gboolean edge = (need->squares & UINT64_C (0xff000000000000ff)) != 0;
  for (int walk = FE_WALK_QUEEN; walk <= FE_WALK_PAWN && !e->stopped; walk++)
    {
      if ((walk == FE_WALK_PAWN && edge) || !step (e))
        continue;
      need->walk = walk;
      c->table[k] = table_of (e->set, need);
      if (fe_cover_reachable (e->root, c, e->moves))
        close_loser (e, checked, free_min);
    }
  need->walk = FE_WALK_NONE;
  c->table[k] = table;
}

/* The loser's unit of need k stands pinned: by a need of the winner
 * already made (its squares narrowed to `ray`) or a new one, of `walk`
 * or a queen. */
static void
pin (Enumeration *e, uint64_t ray, int walk, uint64_t between, uint32_t checked, int free_min)
{
  FeCover *c = &e->cover;
  const Next next = { .closing = TRUE, .checked = checked, .free_min = free_min };
  uint64_t empty = e->empty;
  e->empty |= between;
  for (int r = 0; r < c->n && !e->stopped; r++)
    {
      const FeCoverNeed *need = &c->need[r];
      if (need->colour == winner_of (c)
          && (need->walk == walk || need->walk == FE_WALK_QUEEN || need->walk == FE_WALK_NONE))
        narrow_and_go_on (e, r, need->squares & ray, &next);
    }
  int walks[2] = { FE_WALK_QUEEN, walk };
  for (int i = 0; i < 2 && !e->stopped; i++)
    push_and_go_on (e, winner_of (c), walks[i], ray, &next);
  e->empty = empty;
}

/* Square q must be taken: by a unit of the loser, or (`any`) by one of
 * the winner's, already needed (its squares narrowed) or new. */
static void
fill (Enumeration *e, int q, gboolean any, uint32_t checked, int free_min)
{
  FeCover *c = &e->cover;
  const Next next = { .closing = TRUE, .checked = checked, .free_min = free_min };
  int winner = winner_of (c);
  if (e->empty >> q & 1)
    return;
  push_and_go_on (e, c->loser, FE_WALK_NONE, BIT (q), &next);
  if (!any)
    return;
  for (int r = 0; r < c->n && !e->stopped; r++)
    if (c->need[r].colour == winner)
      narrow_and_go_on (e, r, c->need[r].squares & BIT (q), &next);
  if (!e->stopped)
    push_and_go_on (e, winner, FE_WALK_NONE, BIT (q), &next);
  if (!e->stopped && !(king_zone[c->king_square] >> q & 1))
    push_and_go_on (e, winner, FE_WALK_KING, BIT (q), &next);
}

/* Goes on placing the loser's units until each placed one cannot move:
 * the first whose walk is open takes one, the first that could move has
 * the first square it asks for filled; then the cover is complete (the
 * others captured), or one more unit is placed, free, beyond `free_min`
 * (the free units come in the order of their squares, each once).
 * `checked`: the needs known not to move. */
static void
close_loser (Enumeration *e, uint32_t checked, int free_min)
{
  FeCover *c = &e->cover;
  if (e->stopped)
    return;
  uint64_t own = 0, taken = 0;
  int placed = 0;
  for (int k = 0; k < c->n; k++)
    if (__builtin_popcountll (c->need[k].squares) == 1)
      {
        taken |= c->need[k].squares;
        if (c->need[k].colour == c->loser)
          own |= c->need[k].squares, placed++;
      }
  /* What holds each placed unit still: the squares it asks for, a pin.
   * The squares still asked for by pieces that cannot be pinned need
   * units of the loser not placed yet. */
  struct {
    uint64_t asks, ray, between;
    gboolean any;
    int pin_walk;
  } still[FE_COVER_NEEDS];
  uint64_t asked = 0;
  for (int k = 1; k < c->n; k++)
    if (c->need[k].colour == c->loser && c->need[k].walk != FE_WALK_NONE && !(checked >> k & 1))
      {
        still[k].asks = immobile_asks (e, &c->need[k], &still[k].any);
        still[k].ray = pin_ray (e, &c->need[k], &still[k].pin_walk, &still[k].between);
        if (!still[k].any && !still[k].ray)
          asked |= still[k].asks & ~own;
      }
  if (placed + __builtin_popcountll (asked) > e->loser_units)
    return;
  for (int k = 1; k < c->n; k++) /* need 0: the king */
    {
      FeCoverNeed *need = &c->need[k];
      if (need->colour != c->loser || (checked >> k & 1))
        continue;
      if (need->walk == FE_WALK_NONE)
        {
          choose_walk (e, k, checked, free_min);
          return;
        }
      uint64_t missing = still[k].asks & ~(still[k].any ? taken : own);
      if (missing)
        {
          if (still[k].ray && !(still[k].between & taken))
            pin (e, still[k].ray, still[k].pin_walk, still[k].between, checked | UINT32_C (1) << k,
                 free_min);
          if (!e->stopped)
            fill (e, __builtin_ctzll (missing), still[k].any, checked, free_min);
          return;
        }
      checked |= UINT32_C (1) << k;
    }
  c->complete = TRUE;
  if (fe_cover_reachable (e->root, c, e->moves))
    add_cover (e);
  c->complete = FALSE;
  for (int t = free_min; t < 64 && placed < e->loser_units && !e->stopped; t++)
    {
      if ((taken | e->empty) >> t & 1)
        continue;
      const Next next = { .closing = TRUE, .checked = checked, .free_min = t + 1 };
      for (int walk = FE_WALK_QUEEN; walk <= FE_WALK_PAWN && !e->stopped; walk++)
        if (walk != FE_WALK_PAWN || (t >= 8 && t < 56))
          push_and_go_on (e, c->loser, walk, BIT (t), &next);
    }
}

/* Covers the flights in `left`, lowest first, each in every way: a unit
 * of the losing colour on it, a need of the winning colour already made
 * that may attack it too, or a new one. */
static void
flights_from (Enumeration *e, uint64_t left)
{
  FeCover *c = &e->cover;
  if (e->stopped)
    return;
  if (!left)
    {
      if (e->complete)
        close_loser (e, 0, 0);
      else
        add_cover (e);
      return;
    }
  int f = __builtin_ctzll (left);
  const Next next = { .left = left & (left - 1) };
  push_and_go_on (e, c->loser, FE_WALK_NONE, BIT (f), &next);
  for (int r = 0; r < c->n && !e->stopped; r++)
    if (c->need[r].colour == winner_of (c))
      narrow_and_go_on (e, r, c->need[r].squares & attack_squares (c, c->need[r].walk, f), &next);
  for (int walk = FE_WALK_KING; walk <= FE_WALK_PAWN && !e->stopped; walk++)
    push_and_go_on (e, winner_of (c), walk, attack_squares (c, walk, f), &next);
}

/* Lists the covers into e->set, till e->stopped. */
static void
enumerate (Enumeration *e, gboolean mate)
{
  FeCover *c = &e->cover;
  for (int s = 0; s < 64 && !e->stopped; s++)
    {
      c->king_square = s;
      c->n = 1;
      c->need[0] = (FeCoverNeed) { .colour = c->loser, .walk = FE_WALK_KING, .squares = BIT (s) };
      c->table[0] = table_of (e->set, &c->need[0]);
      if (!fe_cover_reachable (e->root, c, e->moves))
        continue;
      uint64_t flights = king_zone[s] & ~BIT (s);
      if (!mate)
        {
          flights_from (e, flights);
          continue;
        }
      /* The checker: any walk but the king's. */
      const Next next = { .left = flights };
      for (int walk = FE_WALK_QUEEN; walk <= FE_WALK_PAWN && !e->stopped; walk++)
        push_and_go_on (e, winner_of (c), walk, attack_squares (c, walk, s), &next);
    }
}

static FeCoverSet *
cover_set_new (void)
{
  FeCoverSet *set = g_new0 (FeCoverSet, 1);
  set->covers = g_array_new (FALSE, FALSE, sizeof (FeCover));
  set->tables = g_hash_table_new_full (need_hash, need_equal, g_free, g_free);
  return set;
}

gboolean
fe_cover_set_complete (const FeCoverSet *set)
{
  return set->complete;
}

FeCoverSet *
fe_cover_set_new (const FePosition *root, FeColour loser, gboolean mate, gboolean try_complete,
                  const int moves[2], long max_steps, guint max_covers)
{
  ensure_tables ();
  Enumeration *e = g_new0 (Enumeration, 1);
  e->root = root;
  e->moves = moves;
  e->max_steps = max_steps;
  e->max_covers = max_covers;
  e->cover.loser = loser;
  e->loser_units = __builtin_popcountll (root->occupied[loser]);
  /* A pin needs a rider of the winner, a pawn may promote to one. */
  for (uint64_t left = root->occupied[FE_OPPONENT (loser)]; left; left &= left - 1)
    {
      int walk = root->board[FE_SQ88 (__builtin_ctzll (left))].walk;
      e->may_pin[0] |= walk == FE_WALK_QUEEN || walk == FE_WALK_ROOK || walk == FE_WALK_PAWN;
      e->may_pin[1] |= walk == FE_WALK_QUEEN || walk == FE_WALK_BISHOP || walk == FE_WALK_PAWN;
    }
  /* A stalemate's complete covers first; where they are too many, those
   * of the king alone. */
  FeCoverSet *set = NULL;
  for (int complete = !mate && try_complete; complete >= 0 && !set; complete--)
    {
      e->set = set = cover_set_new ();
      e->complete = set->complete = complete;
      e->stopped = FALSE;
      e->steps = 0;
      enumerate (e, mate);
      if (e->stopped)
        g_clear_pointer (&set, fe_cover_set_free);
    }
  g_free (e);
  return set;
}
