/* movegen.c — pseudo-legal generation from the walk catalogue.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One generator serves two purposes: listing moves for the side to move, and
 * listing what a piece observes (its capture pattern), which check, Madrasi
 * paralysis and magic views are built on.
 */
#include <string.h>
#include <glib.h>

#include "movegen.h"
#include "walk.h"

typedef struct {
  FePosition *pos;
  int side;
  FeMoveList *list;
  /* The board the walks see: the position's own, or a copy where the
   * conditions' blocked squares (monochrome imitators, §4.8) are filled
   * with an obstacle of the moving side's colour. */
  const FePiece *board;
  /* Observation mode when set: report occupied capture squares only. */
  FeObservationFunc observe;
  void *observe_data;
  bool stop;
} Gen;

#define V(df, dr) ((int) ((dr) * 16 + (df)))

static const int rose_steps[8] = { V (2, 1), V (1, 2), V (-1, 2), V (-2, 1),
                                   V (-2, -1), V (-1, -2), V (1, -2), V (2, -1) };
static const int qlines_angular[8] = { V (1, 0), V (1, 1), V (0, 1), V (-1, 1),
                                       V (-1, 0), V (-1, -1), V (0, -1), V (1, -1) };

static inline void
push (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t flags, uint8_t nature, uint8_t aux)
{
  FeMoveList *l = g->list;
  if (G_UNLIKELY (l->count >= l->capacity))
    fe_move_list_grow (l);
  FeMove *m = &l->moves[l->count++];
  m->from = from;
  m->to = to;
  m->capture = cap;
  m->flags = flags;
  m->promotion = 0;
  m->nature = nature;
  m->aux = aux;
  m->choice = 0;
}

static inline void
quiet (Gen *g, FeSquare from, FeSquare to, uint8_t nature, uint8_t aux)
{
  if (!g->observe)
    push (g, from, to, FE_NO_SQUARE, 0, nature, aux);
}

/* A capture of the piece on `cap`, landing on `to` (different for locusts). */
static inline void
capture (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t nature, uint8_t aux)
{
  if (g->observe)
    {
      if (!g->stop)
        {
          FeCapturePath p = { from, cap, nature, aux, g->side };
          g->stop = g->observe (g->pos, &p, g->observe_data);
        }
      return;
    }
  if (fe_piece_capturable_by (g->board[cap], g->side))
    push (g, from, to, cap, FE_MOVE_CAPTURE, nature, aux);
}

static void
gen_leaps (Gen *g, FeSquare from, const FeWalkDef *d)
{
  const FePiece *b = g->board;
  for (int i = 0; i < d->n_leaps; i++)
    {
      int to = from + d->leaps[i];
      if (to & 0x88)
        continue;
      if (b[to].walk == FE_WALK_NONE)
        quiet (g, from, to, FE_NATURE_LEAP, 1);
      else
        capture (g, from, to, to, FE_NATURE_LEAP, 1);
    }
}

static void
gen_rides (Gen *g, FeSquare from, const int8_t *vecs, int n)
{
  const FePiece *b = g->board;
  for (int i = 0; i < n; i++)
    {
      int v = vecs[i];
      int to = from + v;
      int k = 1;
      while (!(to & 0x88) && b[to].walk == FE_WALK_NONE)
        {
          quiet (g, from, to, FE_NATURE_RIDE, k);
          to += v;
          k++;
        }
      if (!(to & 0x88))
        capture (g, from, to, to, FE_NATURE_RIDE, k);
    }
}

/* First occupied square along v from `from`; returns its distance or 0. */
static inline int
first_piece (const FePiece *b, int from, int v, int *sq)
{
  int s = from + v, k = 1;
  while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
    s += v, k++;
  if (s & 0x88)
    return 0;
  *sq = s;
  return k;
}

static void
gen_hopper (Gen *g, FeSquare from, const FeWalkDef *d, bool adjacent_hurdle)
{
  const FePiece *b = g->board;
  for (int i = 0; i < d->n_hops; i++)
    {
      int v = d->hops[i], h;
      int j = first_piece (b, from, v, &h);
      if (!j || (adjacent_hurdle && j != 1))
        continue;
      int t = h;
      bool clear = true;
      for (int k = 1; k <= d->hop_land; k++)
        {
          t += v;
          if (t & 0x88)
            {
              clear = false;
              break;
            }
          if (k < d->hop_land && b[t].walk != FE_WALK_NONE)
            {
              clear = false;
              break;
            }
        }
      if (!clear)
        continue;
      if (b[t].walk == FE_WALK_NONE)
        quiet (g, from, t, FE_NATURE_HOP, j);
      else
        capture (g, from, t, t, FE_NATURE_HOP, j);
    }
}

static void
gen_lion (Gen *g, FeSquare from, const FeWalkDef *d)
{
  const FePiece *b = g->board;
  for (int i = 0; i < d->n_hops; i++)
    {
      int v = d->hops[i], h;
      int j = first_piece (b, from, v, &h);
      if (!j)
        continue;
      int t = h + v;
      while (!(t & 0x88) && b[t].walk == FE_WALK_NONE)
        {
          quiet (g, from, t, FE_NATURE_LION, j);
          t += v;
        }
      if (!(t & 0x88))
        capture (g, from, t, t, FE_NATURE_LION, j);
    }
}

static void
gen_locust (Gen *g, FeSquare from, const FeWalkDef *d)
{
  const FePiece *b = g->board;
  for (int i = 0; i < d->n_hops; i++)
    {
      int v = d->hops[i], h;
      int j = first_piece (b, from, v, &h);
      if (!j)
        continue;
      int t = h + v;
      if (!(t & 0x88) && b[t].walk == FE_WALK_NONE)
        capture (g, from, t, h, FE_NATURE_HOP, j);
    }
}

static void
gen_rose (Gen *g, FeSquare from)
{
  const FePiece *b = g->board;
  /* Several paths reach the same square: the move is listed once (§2.2). */
  uint8_t seen[128];
  memset (seen, 0, sizeof seen);
  for (int start = 0; start < 8; start++)
    for (int sense = 0; sense < 2; sense++)
      {
        int s = from;
        for (int k = 0; k < 7; k++)
          {
            int idx = (start + (sense ? -k : k) + 16) & 7;
            s += rose_steps[idx];
            if (s & 0x88)
              break;
            uint8_t aux = start * 2 + sense;
            if (b[s].walk == FE_WALK_NONE)
              {
                if (!seen[s])
                  quiet (g, from, s, FE_NATURE_CURVE, aux);
                seen[s] = 1;
                continue;
              }
            /* Observation keeps every path: magic counts them apart. */
            if (g->observe || !(seen[s] & 2))
              capture (g, from, s, s, FE_NATURE_CURVE, aux);
            seen[s] |= 2;
            break;
          }
      }
}

/* Lame leapers: a first step that must be free, then the leap's end. */
static void
gen_lame (Gen *g, FeSquare from, bool mao)
{
  const FePiece *b = g->board;
  static const int orth[4] = { V (1, 0), V (0, 1), V (-1, 0), V (0, -1) };
  static const int diag[4] = { V (1, 1), V (-1, 1), V (-1, -1), V (1, -1) };
  uint8_t seen[128];
  memset (seen, 0, sizeof seen);
  for (int i = 0; i < 4; i++)
    {
      int first = mao ? orth[i] : diag[i];
      int mid = from + first;
      if ((mid & 0x88) || b[mid].walk != FE_WALK_NONE)
        continue;
      int seconds[2];
      if (mao)
        {
          /* orthogonal step, then outward diagonal */
          int perp = orth[(i + 1) & 3];
          seconds[0] = first + perp;
          seconds[1] = first - perp;
        }
      else
        {
          seconds[0] = orth[i];
          seconds[1] = orth[(i + 1) & 3];
        }
      for (int k = 0; k < 2; k++)
        {
          int t = mid + seconds[k];
          if ((t & 0x88) || seen[t])
            continue;
          seen[t] = 1;
          if (b[t].walk == FE_WALK_NONE)
            quiet (g, from, t, FE_NATURE_OTHER, i);
          else
            capture (g, from, t, t, FE_NATURE_OTHER, i);
        }
    }
}

static void
gen_moose (Gen *g, FeSquare from)
{
  const FePiece *b = g->board;
  for (int i = 0; i < 8; i++)
    {
      int v = qlines_angular[i], h;
      int j = first_piece (b, from, v, &h);
      if (!j)
        continue;
      for (int k = -1; k <= 1; k += 2)
        {
          int t = h + qlines_angular[(i + k + 8) & 7];
          if (t & 0x88)
            continue;
          /* aux: hurdle distance, and in bits 3-6 the hurdle direction
           * (df + 1) * 3 + (dr + 1), so the Imitator can find the hurdle
           * even where two hurdles lead to the same square. */
          int df = FE_FILE (h) - FE_FILE (from), dr = FE_RANK (h) - FE_RANK (from);
          int dir = ((df > 0) - (df < 0) + 1) * 3 + (dr > 0) - (dr < 0) + 1;
          uint8_t aux = (uint8_t) (j | dir << 3);
          if (b[t].walk == FE_WALK_NONE)
            quiet (g, from, t, FE_NATURE_OTHER, aux);
          else
            capture (g, from, t, t, FE_NATURE_OTHER, aux);
        }
    }
}

static void
gen_equihopper (Gen *g, FeSquare from, bool nonstop)
{
  const FePiece *b = g->board;
  int ff = FE_FILE (from), fr = FE_RANK (from);
  for (int df = -3; df <= 3; df++)
    for (int dr = -3; dr <= 3; dr++)
      {
        if (!df && !dr)
          continue;
        int tf = ff + 2 * df, tr = fr + 2 * dr;
        if (tf < 0 || tf > 7 || tr < 0 || tr > 7)
          continue;
        int hurdle = from + V (df, dr);
        if (b[hurdle].walk == FE_WALK_NONE)
          continue;
        int n = fe_gcd (df, dr);
        int unit = V (df / n, dr / n);
        bool clear = true;
        if (!nonstop)
          for (int k = 1; k < n && clear; k++)
            clear = b[from + k * unit].walk == FE_WALK_NONE
                    && b[hurdle + k * unit].walk == FE_WALK_NONE;
        if (!clear)
          continue;
        int t = FE_SQ (tf, tr);
        if (b[t].walk == FE_WALK_NONE)
          quiet (g, from, t, FE_NATURE_OTHER, 0);
        else
          capture (g, from, t, t, FE_NATURE_OTHER, 0);
      }
}

static void
gen_boyscout (Gen *g, FeSquare from)
{
  const FePiece *b = g->board;
  static const int diag[4] = { V (1, 1), V (-1, 1), V (-1, -1), V (1, -1) };
  uint8_t seen[128];
  memset (seen, 0, sizeof seen);
  for (int i = 0; i < 4; i++)
    for (int k = -1; k <= 1; k += 2)
      {
        int d1 = diag[i], d2 = diag[(i + k + 4) & 3];
        int s = from;
        for (int step = 0;; step++)
          {
            s += (step & 1) ? d2 : d1;
            if ((s & 0x88) || s == from)
              break;
            if (b[s].walk == FE_WALK_NONE)
              {
                if (!seen[s])
                  quiet (g, from, s, FE_NATURE_OTHER, i * 2 + (k > 0));
                seen[s] |= 1;
                continue;
              }
            if (g->observe || !(seen[s] & 2))
              capture (g, from, s, s, FE_NATURE_OTHER, i * 2 + (k > 0));
            seen[s] |= 2;
            break;
          }
      }
}

static const uint8_t orthodox_promotions[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP,
                                               FE_WALK_KNIGHT };

static void
push_pawn_move (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t flags,
                uint8_t nature, uint8_t aux, int promo_rank)
{
  if (FE_RANK (to) != promo_rank)
    {
      push (g, from, to, cap, flags, nature, aux);
      return;
    }
  const FeRules *r = g->pos->rules;
  FeMove probe = { from, to, cap, flags, 0, nature, aux, 0 };
  if (r)
    for (int i = 0; i < r->n_ops; i++)
      if (r->ops[i]->promotion_forbidden && r->ops[i]->promotion_forbidden (g->pos, &probe))
        {
          push (g, from, to, cap, flags, nature, aux);
          return;
        }
  const uint8_t *walks = r ? r->promotion_walks : orthodox_promotions;
  int n = r ? r->n_promotion_walks : 4;
  for (int i = 0; i < n; i++)
    {
      push (g, from, to, cap, flags | FE_MOVE_PROMOTION, nature, aux);
      if (g->list->count)
        g->list->moves[g->list->count - 1].promotion = walks[i];
    }
  if (r)
    for (int i = 0; i < r->n_ops; i++)
      if (r->ops[i]->promotion_to_imitator && r->ops[i]->promotion_to_imitator (g->pos))
        {
          push (g, from, to, cap, flags | FE_MOVE_PROMOTE_IMITATOR, nature, aux);
          break;
        }
}

static void
gen_pawn (Gen *g, FeSquare from, int colour)
{
  const FePosition *pos = g->pos;
  const FePiece *b = g->board;
  int mover = colour == FE_NEUTRAL ? g->side : colour;
  int fwd = mover == FE_WHITE ? 16 : -16;
  int rank = FE_RANK (from);
  int rel = mover == FE_WHITE ? rank : 7 - rank;
  int promo_rank = mover == FE_WHITE ? 7 : 0;
  int max_steps = 1;
  if (rel == 0)
    {
      /* A pawn on its own first rank moves only in Einstein and magician
       * chess (rules §1.6), then one to three squares. */
      bool allowed = false;
      if (pos->rules)
        for (int i = 0; i < pos->rules->n_ops && !allowed; i++)
          allowed = pos->rules->ops[i]->pawns_from_first_rank
                    && pos->rules->ops[i]->pawns_from_first_rank (pos, mover);
      if (!allowed)
        return;
      max_steps = 3;
    }
  else if (rel == 1)
    max_steps = 2;
  else if (rel == 7)
    return;

  /* captures */
  for (int side_step = -1; side_step <= 1; side_step += 2)
    {
      int t = from + fwd + side_step;
      if (t & 0x88)
        continue;
      if (b[t].walk != FE_WALK_NONE)
        {
          if (g->observe)
            capture (g, from, t, t, FE_NATURE_LEAP, 1);
          else if (fe_piece_capturable_by (b[t], g->side))
            push_pawn_move (g, from, t, t, FE_MOVE_CAPTURE, FE_NATURE_LEAP, 1, promo_rank);
        }
      else if (!g->observe && pos->ep_count)
        {
          for (int e = 0; e < pos->ep_count; e++)
            if (pos->ep_squares[e] == t && pos->ep_victim != FE_NO_SQUARE
                && fe_piece_capturable_by (b[pos->ep_victim], g->side))
              push (g, from, t, pos->ep_victim, FE_MOVE_CAPTURE | FE_MOVE_EN_PASSANT,
                    FE_NATURE_LEAP, 1);
        }
    }
  if (g->observe)
    return;
  /* steps */
  int t = from;
  for (int k = 1; k <= max_steps; k++)
    {
      t += fwd;
      if ((t & 0x88) || b[t].walk != FE_WALK_NONE)
        break;
      if (k == 1)
        push_pawn_move (g, from, t, FE_NO_SQUARE, 0, FE_NATURE_LEAP, 1, promo_rank);
      else
        push (g, from, t, FE_NO_SQUARE, FE_MOVE_MULTI_STEP, FE_NATURE_RIDE, k);
    }
}

static void gen_castling (Gen *g, FeSquare from);

static void
gen_piece (Gen *g, FeSquare from)
{
  FePiece p = g->pos->board[from];
  const FeWalkDef *d = fe_walk_def (p.walk);
  switch (d->family)
    {
    case FE_FAMILY_PAWN:
      gen_pawn (g, from, p.colour);
      return;
    case FE_FAMILY_KING:
      gen_leaps (g, from, d);
      if (!g->observe && p.colour == g->side)
        gen_castling (g, from);
      return;
    case FE_FAMILY_HOPPER:
      gen_hopper (g, from, d, false);
      break;
    case FE_FAMILY_KINGHOPPER:
      gen_hopper (g, from, d, true);
      break;
    case FE_FAMILY_LION:
      gen_lion (g, from, d);
      break;
    case FE_FAMILY_LOCUST:
      gen_locust (g, from, d);
      break;
    case FE_FAMILY_ROSE:
      gen_rose (g, from);
      break;
    case FE_FAMILY_MAO:
      gen_lame (g, from, true);
      break;
    case FE_FAMILY_MOA:
      gen_lame (g, from, false);
      break;
    case FE_FAMILY_MOOSE:
      gen_moose (g, from);
      break;
    case FE_FAMILY_EQUIHOPPER:
      gen_equihopper (g, from, false);
      break;
    case FE_FAMILY_NONSTOP_EQUIHOPPER:
      gen_equihopper (g, from, true);
      break;
    case FE_FAMILY_BOYSCOUT:
      gen_boyscout (g, from);
      break;
    default:
      break;
    }
  if (d->n_leaps)
    gen_leaps (g, from, d);
  if (d->n_rides)
    gen_rides (g, from, d->rides, d->n_rides);
}

static void
gen_castling (Gen *g, FeSquare from)
{
  FePosition *pos = g->pos;
  int side = g->side;
  int rank = side == FE_WHITE ? 0 : 7;
  int shift = side == FE_WHITE ? 0 : 3;
  if (from != FE_SQ (4, rank) || !(pos->castling & (FE_CASTLE_WK << shift)))
    return;
  for (int wing = 0; wing < 2; wing++)
    {
      bool short_side = wing == 0;
      if (!(pos->castling & ((short_side ? FE_CASTLE_WH : FE_CASTLE_WA) << shift)))
        continue;
      FeSquare corner = FE_SQ (short_side ? 7 : 0, rank);
      FePiece rook = pos->board[corner];
      if (rook.walk != FE_WALK_ROOK || rook.colour != side)
        continue;
      bool empty = true;
      for (int f = short_side ? 5 : 1; f <= (short_side ? 6 : 3); f++)
        empty &= g->board[FE_SQ (f, rank)].walk == FE_WALK_NONE;
      if (!empty || fe_in_check (pos, side))
        continue;
      /* The crossed square: play the king's one step (rules §1.7 (4)) with
       * its imitation only.  It is a plain check test: the step is no move,
       * so it recolours nothing (magic) and mutates nothing; the check
       * itself is judged with every condition. */
      FeMove step = { from, FE_SQ (short_side ? 5 : 3, rank), FE_NO_SQUARE, 0, 0,
                      FE_NATURE_LEAP, 1, 0 };
      FePosition probe = *pos;
      FeRules steps_only;
      if (pos->rules)
        {
          steps_only = *pos->rules;
          steps_only.n_ops = 0;
          for (int i = 0; i < pos->rules->n_ops; i++)
            if (pos->rules->ops[i]->effect_order <= fe_condition_imitator.effect_order)
              steps_only.ops[steps_only.n_ops++] = pos->rules->ops[i];
          probe.rules = &steps_only;
        }
      FeUndo undo;
      bool ok = fe_make (&probe, &step, &undo);
      probe.rules = pos->rules;
      ok = ok && !fe_in_check (&probe, side);
      if (!ok)
        continue;
      push (g, from, FE_SQ (short_side ? 6 : 2, rank), FE_NO_SQUARE,
            short_side ? FE_MOVE_CASTLE_SHORT : FE_MOVE_CASTLE_LONG, FE_NATURE_LEAP, 2);
    }
}

static inline bool
piece_may_move (const FePosition *pos, FeSquare sq)
{
  const FeRules *r = pos->rules;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->piece_may_move && !r->ops[i]->piece_may_move (pos, sq))
      return false;
  return true;
}

/* Fills `copy` with the board seen by `side`'s pieces when a condition
 * blocks squares; returns the board to use. */
static const FePiece *
blocked_board (const FePosition *pos, int side, FePiece *copy)
{
  const FeRules *r = pos->rules;
  if (G_LIKELY (!r || !r->any_blocked_hook))
    return pos->board;
  memcpy (copy, pos->board, sizeof pos->board);
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->square_blocked)
      for (int k = 0; k < 64; k++)
        {
          FeSquare sq = FE_SQ88 (k);
          if (!copy[sq].walk && r->ops[i]->square_blocked (pos, side, sq))
            copy[sq] = (FePiece) { FE_WALK_COUNT, (uint8_t) side, 0, 0 };
        }
  return copy;
}

void
fe_move_list_grow (FeMoveList *l)
{
  int cap = l->capacity * 2;
  if (l->moves == l->buf)
    {
      l->moves = g_new (FeMove, cap);
      memcpy (l->moves, l->buf, sizeof l->buf);
    }
  else
    l->moves = g_renew (FeMove, l->moves, cap);
  l->capacity = cap;
  l->check = (uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC;
}

void
fe_move_list_release (FeMoveList *l)
{
  if (fe_move_list_valid (l) && l->moves != l->buf)
    g_free (l->moves);
  l->self = NULL;
}

void
fe_generate_pseudo (FePosition *pos, FeMoveList *list)
{
  FePiece copy[128];
  Gen g = { pos, pos->side, list, blocked_board (pos, pos->side, copy), NULL, NULL, false };
  fe_move_list_reset (list);
  const FeRules *r = pos->rules;
  for (int rank = 0; rank < 8; rank++)
    for (int file = 0; file < 8; file++)
      {
        FeSquare sq = FE_SQ (file, rank);
        FePiece p = pos->board[sq];
        if (!fe_piece_playable_by (p, g.side))
          continue;
        if (r && !piece_may_move (pos, sq))
          continue;
        gen_piece (&g, sq);
      }
  if (!r)
    return;
  if (r->any_move_hook)
    {
      int n = 0;
      for (int i = 0; i < list->count; i++)
        {
          bool ok = true;
          for (int k = 0; k < r->n_ops && ok; k++)
            if (r->ops[k]->move_allowed)
              ok = r->ops[k]->move_allowed (pos, &list->moves[i]);
          if (ok)
            list->moves[n++] = list->moves[i];
        }
      list->count = n;
    }
  for (int k = 0; k < r->n_ops; k++)
    {
      if (!r->ops[k]->choice_count)
        continue;
      int n = list->count;
      for (int i = 0; i < n; i++)
        {
          int c = r->ops[k]->choice_count (pos, &list->moves[i]);
          for (int j = 1; j < c; j++)
            {
              FeMove alt = list->moves[i];
              alt.choice |= (uint32_t) j << r->ops[k]->choice_shift;
              fe_move_list_push (list, &alt);
            }
        }
    }
}

void
fe_for_each_observation (const FePosition *pos, FeSquare from, int side,
                         FeObservationFunc func, void *data)
{
  FE_MOVE_LIST (unused);
  FePiece copy[128];
  Gen g = { (FePosition *) pos, side, &unused, blocked_board (pos, side, copy), func, data, false };
  gen_piece (&g, from);
}

void
fe_for_each_plain_observation (const FePosition *pos, FeSquare from, int side,
                               FeObservationFunc func, void *data)
{
  FeMoveList unused;
  unused.count = 0;
  Gen g = { (FePosition *) pos, side, &unused, pos->board, func, data, false };
  gen_piece (&g, from);
}

bool
fe_make_legal (FePosition *pos, const FeMove *move, FeUndo *undo)
{
  int mover = pos->side;
  if (fe_make (pos, move, undo) && !fe_in_check (pos, mover))
    return true;
  fe_unmake (pos, move, undo);
  return false;
}

void
fe_generate_legal (FePosition *pos, FeMoveList *list)
{
  fe_generate_pseudo (pos, list);
  int n = 0;
  FeUndo undo;
  for (int i = 0; i < list->count; i++)
    if (fe_make_legal (pos, &list->moves[i], &undo))
      {
        fe_unmake (pos, &list->moves[i], &undo);
        list->moves[n++] = list->moves[i];
      }
  list->count = n;
}

bool
fe_has_legal_move (FePosition *pos)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  FeUndo undo;
  for (int i = 0; i < list.count; i++)
    {
      int known = fe_legality_of (&lg, &list.moves[i]);
      if (known == 1)
        return true;
      if (known == 0)
        continue;
      if (fe_make_legal (pos, &list.moves[i], &undo))
        {
          fe_unmake (pos, &list.moves[i], &undo);
          return true;
        }
    }
  return false;
}

/* ---- perft ----------------------------------------------------------- */

#define ORTHODOX_WALKS ((UINT64_C (1) << FE_WALK_KING) | (UINT64_C (1) << FE_WALK_QUEEN) \
                        | (UINT64_C (1) << FE_WALK_ROOK) | (UINT64_C (1) << FE_WALK_BISHOP) \
                        | (UINT64_C (1) << FE_WALK_KNIGHT) | (UINT64_C (1) << FE_WALK_PAWN))

/* Queen-line unit vector for a 0x88 difference, or 0. */
static int8_t line_of_diff[240];

static void
init_line_table (void)
{
  static gsize done = 0;
  if (!g_once_init_enter (&done))
    return;
  static const int lines[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
  for (int i = 0; i < 8; i++)
    for (int k = 1; k < 8; k++)
      line_of_diff[lines[i] * k + 119] = lines[i];
  g_once_init_leave (&done, 1);
}

void
fe_legality_prepare (FePosition *pos, FeLegality *lg)
{
  int side = pos->side;
  int k = pos->king[side];
  lg->active = false;
  if (pos->rules || ((pos->walk_mask[0] | pos->walk_mask[1]) & ~ORTHODOX_WALKS) || pos->walk_mask[2]
      || k == FE_NO_SQUARE)
    return;
  init_line_table ();
  static const int lines[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
  static const int knight[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };
  memset (lg->pin, 0, sizeof lg->pin);
  const FePiece *b = pos->board;
  int enemy = side ^ 1;
  int checkers = 0, checker = -1, check_line = 0;
  for (int i = 0; i < 8; i++)
    {
      int v = lines[i], s = k + v;
      while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
        s += v;
      if (s & 0x88)
        continue;
      int line_walk = i < 4 ? FE_WALK_ROOK : FE_WALK_BISHOP;
      if (b[s].colour == enemy)
        {
          if (b[s].walk == FE_WALK_QUEEN || b[s].walk == line_walk)
            checkers++, checker = s, check_line = v;
          continue;
        }
      int own = s;
      s += v;
      while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
        s += v;
      if ((s & 0x88) || b[s].colour != enemy)
        continue;
      if (b[s].walk == FE_WALK_QUEEN || b[s].walk == line_walk)
        lg->pin[own] = v;
    }
  for (int i = 0; i < 8; i++)
    {
      int s = k + knight[i];
      if (!(s & 0x88) && b[s].walk == FE_WALK_KNIGHT && b[s].colour == enemy)
        checkers++, checker = s, check_line = 0;
    }
  int fwd = side == FE_WHITE ? 16 : -16;
  for (int d = -1; d <= 1; d += 2)
    {
      int s = k + fwd + d;
      if (!(s & 0x88) && b[s].walk == FE_WALK_PAWN && b[s].colour == enemy)
        checkers++, checker = s, check_line = 0;
    }
  lg->checkers = checkers;
  if (checkers == 1)
    {
      /* Other moves than the king's must take the checker or block. */
      memset (lg->evasion, 0, sizeof lg->evasion);
      lg->evasion[checker] = 1;
      if (check_line)
        for (int s = k + check_line; s != checker; s += check_line)
          lg->evasion[s] = 1;
    }
  lg->king = k;
  lg->active = true;
}

int
fe_legality_of (const FeLegality *lg, const FeMove *m)
{
  if (!lg->active || m->from == lg->king || (m->flags & FE_MOVE_EN_PASSANT))
    return -1;
  if (lg->checkers)
    {
      if (lg->checkers > 1 || !lg->evasion[m->to])
        return 0;
      if (lg->pin[m->from])
        return -1;
      return 1;
    }
  int8_t pin = lg->pin[m->from];
  if (!pin)
    return 1;
  int d = line_of_diff[m->to - m->from + 119];
  return d == pin || d == -pin;
}

bool
fe_make_legal_with (FePosition *pos, const FeLegality *lg, const FeMove *m, FeUndo *undo)
{
  switch (fe_legality_of (lg, m))
    {
    case 1:
      fe_make (pos, m, undo);
      return true;
    case 0:
      return false;
    default:
      return fe_make_legal (pos, m, undo);
    }
}

bool
fe_position_is_orthodox (const FePosition *pos)
{
  return !pos->rules && !((pos->walk_mask[0] | pos->walk_mask[1]) & ~ORTHODOX_WALKS)
         && !pos->walk_mask[2];
}

/* Squares strictly between a and b (on a queen line d) are empty, or are
 * the square the mover leaves. */
static inline bool
line_clear (const FePiece *b, int a, int target, int d, int vacated)
{
  for (int s = a + d; s != target; s += d)
    if (b[s].walk != FE_WALK_NONE && s != vacated)
      return false;
  return true;
}

int
fe_orthodox_gives_check (const FePosition *pos, const FeMove *m)
{
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT
                  | FE_MOVE_PROMOTE_IMITATOR | FE_MOVE_NULL))
    return -1;
  init_line_table ();
  int side = pos->side;
  int k = pos->king[side ^ 1];
  if (k == FE_NO_SQUARE)
    return 0;
  const FePiece *b = pos->board;
  int walk = (m->flags & FE_MOVE_PROMOTION) ? m->promotion : b[m->from].walk;
  int diff = k - m->to + 119;
  /* direct check by the moved piece */
  switch (walk)
    {
    case FE_WALK_KNIGHT:
      {
        int d = k - m->to;
        if (d == 33 || d == 31 || d == 18 || d == 14 || d == -33 || d == -31 || d == -18 || d == -14)
          return 1;
        break;
      }
    case FE_WALK_PAWN:
      {
        int d = k - m->to, fwd = side == FE_WHITE ? 16 : -16;
        if (d == fwd + 1 || d == fwd - 1)
          return 1;
        break;
      }
    case FE_WALK_QUEEN:
    case FE_WALK_ROOK:
    case FE_WALK_BISHOP:
      {
        int d = line_of_diff[diff];
        bool orth = d == 1 || d == -1 || d == 16 || d == -16;
        if (d && (walk == FE_WALK_QUEEN || (walk == FE_WALK_ROOK) == orth)
            && line_clear (b, m->to, k, d, m->from))
          return 1;
        break;
      }
    default:
      break;
    }
  /* discovered check: the mover left a line from an own slider to the king */
  int d = line_of_diff[m->from - k + 119];
  if (!d)
    return 0;
  int dt = line_of_diff[m->to - k + 119];
  if (dt == d)
    return -1; /* moved along the line: let the board decide */
  if (!line_clear (b, k, m->from, d, -1))
    return 0;
  int s = m->from + d;
  while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
    s += d;
  if ((s & 0x88) || b[s].colour != side)
    return 0;
  bool orth = d == 1 || d == -1 || d == 16 || d == -16;
  return b[s].walk == FE_WALK_QUEEN || b[s].walk == (orth ? FE_WALK_ROOK : FE_WALK_BISHOP);
}

/* Counts the legal moves without playing the ones whose legality pins
 * decide (perft's last ply). */
static uint64_t
count_legal (FePosition *pos, const FeMoveList *list)
{
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  uint64_t n = 0;
  FeUndo undo;
  for (int i = 0; i < list->count; i++)
    {
      int known = fe_legality_of (&lg, &list->moves[i]);
      if (known >= 0)
        n += known;
      else if (fe_make_legal (pos, &list->moves[i], &undo))
        {
          n++;
          fe_unmake (pos, &list->moves[i], &undo);
        }
    }
  return n;
}

uint64_t
fe_perft (FePosition *pos, int depth)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  if (depth <= 1)
    return count_legal (pos, &list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  uint64_t n = 0;
  FeUndo undo;
  for (int i = 0; i < list.count; i++)
    {
      if (!fe_make_legal_with (pos, &lg, &list.moves[i], &undo))
        continue;
      n += depth <= 1 ? 1 : fe_perft (pos, depth - 1);
      fe_unmake (pos, &list.moves[i], &undo);
    }
  return n;
}

/* The pseudo-legal moves of the piece on `from` alone, as
 * fe_generate_pseudo lists them (with the same conditions' filters and
 * choices): the search tries a killer move without listing every move. */
void
fe_generate_pseudo_from (FePosition *pos, FeSquare from, FeMoveList *list)
{
  fe_move_list_reset (list);
  if (!FE_ON_BOARD (from) || !fe_piece_playable_by (pos->board[from], pos->side))
    return;
  const FeRules *r = pos->rules;
  if (r && !piece_may_move (pos, from))
    return;
  FePiece copy[128];
  Gen g = { pos, pos->side, list, blocked_board (pos, pos->side, copy), NULL, NULL, false };
  gen_piece (&g, from);
  if (!r)
    return;
  if (r->any_move_hook)
    {
      int n = 0;
      for (int i = 0; i < list->count; i++)
        {
          bool ok = true;
          for (int k = 0; k < r->n_ops && ok; k++)
            if (r->ops[k]->move_allowed)
              ok = r->ops[k]->move_allowed (pos, &list->moves[i]);
          if (ok)
            list->moves[n++] = list->moves[i];
        }
      list->count = n;
    }
  for (int k = 0; k < r->n_ops; k++)
    {
      if (!r->ops[k]->choice_count)
        continue;
      int n = list->count;
      for (int i = 0; i < n; i++)
        {
          int c = r->ops[k]->choice_count (pos, &list->moves[i]);
          for (int j = 1; j < c; j++)
            {
              FeMove alt = list->moves[i];
              alt.choice |= (uint32_t) j << r->ops[k]->choice_shift;
              fe_move_list_push (list, &alt);
            }
        }
    }
}
