/* stalemate.c — which last moves cannot stalemate, told without playing
 * them (stalemate.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The other side's legal move w (from x to y, its king on k after it)
 * stays legal after our move from a to b unless that move
 *  - takes the piece on x (b = x), or blocks w's path (b between x and y),
 *  - blocks a pawn's step (b = y), or takes away a pawn's victim (a = y),
 *  - pins the piece on x: arrives on, or leaves, the ray from k through x
 *    (a slider arriving behind x, a line opened behind x or between k
 *    and x, a piece taken on that ray),
 *  - for a king move (x = k): brings an attack on y: arrives on a queen
 *    line through y or a knight's jump away (whatever it becomes by
 *    promotion), or leaves a queen line through y.
 * A move that gives check cannot stalemate: it needs no covering.
 * Castling and en passant (more squares involved) are never dismissed nor
 * used as witnesses.
 */
#include "stalemate.h"

#define BIT(sq) (UINT64_C (1) << FE_SQ64 (sq))

/* Per square (FE_SQ64): the squares on a queen line through it (itself
 * included), on a rook line, a bishop line, a knight's jump and a king's
 * step away; the rays from it, per direction (itself excluded). */
static uint64_t queen_lines[64], rook_lines[64], bishop_lines[64], knight_jumps[64], king_steps[64];
static uint64_t rays[64][8];
/* Per pair of squares: those strictly between them on a queen line. */
static uint64_t betweens[64][64];
static const int ray_df[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int ray_dr[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

static void
init_lines (void)
{
  for (int i = 0; i < 64; i++)
    {
      for (int j = 0; j < 64; j++)
        {
          int df = ABS (i % 8 - j % 8), dr = ABS (i / 8 - j / 8);
          uint64_t bit = UINT64_C (1) << j;
          if (df == 0 || dr == 0)
            rook_lines[i] |= bit;
          if (df == dr)
            bishop_lines[i] |= bit;
          if ((df == 1 && dr == 2) || (df == 2 && dr == 1))
            knight_jumps[i] |= bit;
          if (MAX (df, dr) == 1)
            king_steps[i] |= bit;
        }
      queen_lines[i] = rook_lines[i] | bishop_lines[i];
      for (int d = 0; d < 8; d++)
        {
          uint64_t passed = 0;
          for (int f = i % 8 + ray_df[d], r = i / 8 + ray_dr[d]; f >= 0 && f < 8 && r >= 0 && r < 8;
               f += ray_df[d], r += ray_dr[d])
            {
              betweens[i][r * 8 + f] = passed;
              passed |= UINT64_C (1) << (r * 8 + f);
            }
          rays[i][d] = passed;
        }
    }
}

static void
ensure_lines (void)
{
  static gsize lines_ready = 0;
  if (g_once_init_enter (&lines_ready))
    {
      init_lines ();
      g_once_init_leave (&lines_ready, 1);
    }
}

/* The ray from k through x (k excluded), or none when x is on no queen
 * line from k.  (The direction is computed, not searched for among the
 * eight rays: gcc 12 -O3 miscompiled that search's last test.) */
static uint64_t
ray_through (FeSquare k, FeSquare x)
{
  static const int8_t direction[3][3] = { { 5, 6, 7 }, { 4, -1, 0 }, { 3, 2, 1 } };
  int df = FE_FILE (x) - FE_FILE (k), dr = FE_RANK (x) - FE_RANK (k);
  if (!(df == 0 || dr == 0 || ABS (df) == ABS (dr)) || (df == 0 && dr == 0))
    return 0;
  int d = direction[(dr > 0) - (dr < 0) + 1][(df > 0) - (df < 0) + 1];
  return rays[FE_SQ64 (k)][d];
}

/* The squares strictly between s and t on a queen line (none otherwise). */
static inline uint64_t
between (FeSquare s, FeSquare t)
{
  return betweens[FE_SQ64 (s)][FE_SQ64 (t)];
}

/* The kill sets of the legal move m (not castling nor e.p.) of the piece
 * on m->from, but for the pins of a piece other than the king (the header
 * comment). */
static FeWitness
kill_sets_unpinned (const FePosition *pos, const FeMove *m)
{
  FeWitness w;
  if (pos->board[m->from].walk == FE_WALK_KING)
    {
      w.arrival = queen_lines[FE_SQ64 (m->to)] | knight_jumps[FE_SQ64 (m->to)];
      w.departure = queen_lines[FE_SQ64 (m->to)];
      return w;
    }
  w.arrival = BIT (m->from) | between (m->from, m->to);
  w.departure = 0;
  if (pos->board[m->from].walk == FE_WALK_PAWN)
    {
      if (m->capture == FE_NO_SQUARE)
        w.arrival |= BIT (m->to);
      else
        w.departure |= BIT (m->to);
    }
  return w;
}

/* The pins of the piece on x, its king on k: the ray from k through x. */
static uint64_t
pin_ray (const FePosition *pos, FeSquare x, FeSquare k)
{
  return pos->board[x].walk == FE_WALK_KING || k == FE_NO_SQUARE ? 0 : ray_through (k, x);
}

/* The side to move's legal moves that may serve as witnesses: all but
 * castling and e.p. */
static void
witness_moves (FePosition *pos, FeMoveList *list)
{
  fe_generate_legal (pos, list);
  int n = 0;
  for (int i = 0; i < list->count; i++)
    if (!(list->moves[i].flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT)))
      list->moves[n++] = list->moves[i];
  list->count = n;
}

void
fe_stalemate_witnesses (FePosition *pos, FeStalemateWitnesses *out)
{
  ensure_lines ();
  out->n = 0;
  if (!fe_position_is_orthodox (pos))
    return;
  FeUndo nu;
  fe_make_null (pos, &nu);
  int side = pos->side;
  FeSquare king = pos->king[side];
  if (king != FE_NO_SQUARE && !fe_in_check (pos, side))
    {
      FE_MOVE_LIST (list);
      witness_moves (pos, &list);
      for (int i = 0; i < list.count && out->n < FE_STALEMATE_WITNESSES; i++)
        {
          const FeMove *m = &list.moves[i];
          FeWitness *w = &out->w[out->n++];
          *w = kill_sets_unpinned (pos, m);
          uint64_t pin = pin_ray (pos, m->from, king);
          w->arrival |= pin;
          w->departure |= pin;
        }
    }
  fe_unmake_null (pos, &nu);
}

gboolean
fe_stalemate_excluded (const FeStalemateWitnesses *w, const FeMove *m)
{
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT | FE_MOVE_NULL))
    return FALSE;
  uint64_t a = BIT (m->from), b = BIT (m->to);
  for (int i = 0; i < w->n; i++)
    if (!(w->w[i].arrival & b) && !(w->w[i].departure & a))
      return TRUE;
  return FALSE;
}

/* Where a piece of `walk` and `colour` on sq might go in one move on an
 * empty board (a pawn: its steps and captures). */
static uint64_t
reach (FeWalk walk, FeColour colour, FeSquare sq)
{
  int i = FE_SQ64 (sq);
  switch (walk)
    {
    case FE_WALK_KING: return king_steps[i];
    case FE_WALK_QUEEN: return queen_lines[i];
    case FE_WALK_ROOK: return rook_lines[i];
    case FE_WALK_BISHOP: return bishop_lines[i];
    case FE_WALK_KNIGHT: return knight_jumps[i];
    case FE_WALK_PAWN:
      {
        int dr = colour == FE_WHITE ? 1 : -1, r = FE_RANK (sq) + dr;
        if (r < 0 || r > 7)
          return 0;
        uint64_t m = 0;
        for (int df = -1; df <= 1; df++)
          if (FE_FILE (sq) + df >= 0 && FE_FILE (sq) + df < 8)
            m |= BIT (FE_SQ (FE_FILE (sq) + df, r));
        int start = colour == FE_WHITE ? 1 : 6;
        if (FE_RANK (sq) == start)
          m |= BIT (FE_SQ (FE_FILE (sq), r + dr));
        return m;
      }
    default: return ~UINT64_C (0);
    }
}

void
fe_stalemate_net_prepare (FePosition *pos, FeStalemateNet *net)
{
  ensure_lines ();
  net->n = 0;
  int side = pos->side, them = FE_OPPONENT (side);
  net->king = pos->king[side];
  if (!fe_position_is_orthodox (pos) || net->king == FE_NO_SQUARE || (pos->castling & fe_castling_flags_of (them))
      || __builtin_popcountll (pos->occupied[them]) > 16)
    return;
  net->n_theirs = 0;
  for (uint64_t b = pos->occupied[them]; b; b &= b - 1)
    {
      FeSquare sq = FE_SQ88 (__builtin_ctzll (b));
      net->their_square[net->n_theirs] = sq;
      net->their_reach[net->n_theirs++] = reach (pos->board[sq].walk, them, sq);
    }
  memset (net->by_from, 0, sizeof net->by_from);
  memset (net->by_path, 0, sizeof net->by_path);
  memset (net->king_sees, 0, sizeof net->king_sees);
  net->from_squares = 0;
  FE_MOVE_LIST (list);
  witness_moves (pos, &list);
  for (int i = 0; i < list.count && net->n < FE_STALEMATE_NET_WITNESSES; i++)
    {
      const FeMove *m = &list.moves[i];
      uint64_t bit = UINT64_C (1) << net->n;
      FeNetWitness *w = &net->w[net->n++];
      w->from = m->from;
      w->to = m->to;
      w->king = m->from == net->king;
      w->kill = kill_sets_unpinned (pos, m);
      uint64_t pin = pin_ray (pos, m->from, net->king);
      w->pinned_kill.arrival = w->kill.arrival | pin;
      w->pinned_kill.departure = w->kill.departure | pin;
      net->by_from[FE_SQ64 (m->from)] |= bit;
      net->from_squares |= BIT (m->from);
      for (uint64_t p = BIT (m->to) | between (m->from, m->to); p; p &= p - 1)
        net->by_path[__builtin_ctzll (p)] |= bit;
      if (w->king)
        for (uint64_t q = queen_lines[FE_SQ64 (m->to)]; q; q &= q - 1)
          net->king_sees[__builtin_ctzll (q)] |= bit;
    }
  /* A witness that a piece of theirs cannot touch with its pins counted
   * (the most it can need) keeps that piece from stalemating, whatever
   * our move. */
  for (int j = 0; j < net->n_theirs; j++)
    {
      uint64_t a = BIT (net->their_square[j]);
      net->untouchable[j] = 0;
      for (int i = 0; i < net->n; i++)
        {
          const FeWitness *k = &net->w[i].pinned_kill;
          if (!(k->departure & a) && !(k->arrival & net->their_reach[j]))
            net->untouchable[j] |= UINT64_C (1) << i;
        }
    }
}

gboolean
fe_stalemate_net_excludes (const FeStalemateNet *net, const FeMove *m)
{
  if (net->n == 0
      || (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT | FE_MOVE_MULTI_STEP
                      | FE_MOVE_NULL)))
    return FALSE;
  uint64_t s = BIT (m->from), t = BIT (m->to);
  gboolean king_move = m->from == net->king;
  /* The witnesses left standing (bit i: net->w[i]): not m's own piece's,
   * not blocked where m lands, not seeing m leave from where the king
   * goes; after a king move, none from a line through its new square (it
   * pins along them); else none on the ray it opens toward the king. */
  uint64_t all = net->n == 64 ? ~UINT64_C (0) : (UINT64_C (1) << net->n) - 1;
  uint64_t standing = all & ~net->by_from[FE_SQ64 (m->from)] & ~net->by_path[FE_SQ64 (m->to)]
                      & ~net->king_sees[FE_SQ64 (m->from)];
  uint64_t pinnable = king_move ? queen_lines[FE_SQ64 (m->to)] : ray_through (net->king, m->from);
  for (uint64_t q = pinnable & net->from_squares & ~s; q; q &= q - 1)
    standing &= ~net->by_from[__builtin_ctzll (q)];
  if (!standing)
    return FALSE;
  for (int j = 0; j < net->n_theirs; j++)
    {
      uint64_t a = BIT (net->their_square[j]);
      /* Taken by m, or unable to touch one of them whatever m is. */
      if ((a & t) || (standing & net->untouchable[j]))
        continue;
      uint64_t need = ~UINT64_C (0);
      for (uint64_t b = standing; b && need; b &= b - 1)
        {
          const FeNetWitness *w = &net->w[__builtin_ctzll (b)];
          const FeWitness *k = king_move ? &w->kill : &w->pinned_kill;
          if (!(k->departure & a))
            need &= k->arrival;
        }
      if (need & net->their_reach[j])
        return FALSE;
    }
  return TRUE;
}
