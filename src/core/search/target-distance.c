/* target-distance.c — how many moves each side needs at least to reach an
 * a=>b target (docs/rules/stipulations.md §5), in orthodox chess.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every target square that does not hold its piece yet needs a move of
 * that piece's colour ending there, by a distinct piece; the piece that
 * ends there needs at least its empty-board distance (a pawn: its steps
 * to the square, or to a promotion square and on as the promoted piece).
 * So the cheapest assignment of distinct pieces to the target's squares
 * (Hungarian method; first the cheaper sum of each square's nearest
 * piece, which it can only exceed) bounds the colour's moves from below.  Castling moves two pieces in one
 * move: while a colour may castle, its king's and rooks' squares count
 * nothing.  Pieces are never added in orthodox chess, and each capture
 * removes one: a colour with more pieces than the target needs as many
 * captures by the other colour.  Conditions and fairy pieces break these
 * facts, so the bound is asked only of orthodox positions.
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "target-distance.h"


static guint8 knight_table[64][64];

static gpointer
knight_table_init (gpointer unused)
{
  (void) unused;
  static const int jumps[8][2] = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
                                   { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
  for (int from = 0; from < 64; from++)
    {
      guint8 *d = knight_table[from];
      memset (d, 0xff, 64);
      int queue[64], head = 0, tail = 0;
      d[from] = 0;
      queue[tail++] = from;
      while (head < tail)
        {
          int sq = queue[head++];
          for (int j = 0; j < 8; j++)
            {
              int f = (sq & 7) + jumps[j][0], r = (sq >> 3) + jumps[j][1];
              if (f < 0 || f > 7 || r < 0 || r > 7 || d[r * 8 + f] != 0xff)
                continue;
              d[r * 8 + f] = d[sq] + 1;
              queue[tail++] = r * 8 + f;
            }
        }
    }
  return NULL;
}

/* A piece of walk `walk` (not a pawn) from `from` to `to` (0..63) on an
 * empty board. */
static int
piece_distance (int walk, int from, int to)
{
  if (from == to)
    return 0;
  int df = abs ((from & 7) - (to & 7)), dr = abs ((from >> 3) - (to >> 3));
  gboolean line = df == 0 || dr == 0, diagonal = df == dr;
  switch (walk)
    {
    case FE_WALK_KING: return MAX (df, dr);
    case FE_WALK_QUEEN: return line || diagonal ? 1 : 2;
    case FE_WALK_ROOK: return line ? 1 : 2;
    case FE_WALK_BISHOP: return diagonal ? 1 : (df + dr) % 2 == 0 ? 2 : FE_FAR_MOVES;
    case FE_WALK_KNIGHT: return knight_table[from][to];
    default: return FE_FAR_MOVES;
    }
}

/* A pawn of `colour` from `from` to `to`, staying a pawn. */
static int
pawn_distance (int colour, int from, int to)
{
  int dir = colour == FE_WHITE ? 1 : -1;
  int rank = from >> 3, ahead = ((to >> 3) - rank) * dir;
  int df = abs ((from & 7) - (to & 7));
  if (ahead < 0 || df > ahead || (ahead == 0 && df != 0))
    return FE_FAR_MOVES;
  /* The double step covers two ranks without a capture. */
  int start = colour == FE_WHITE ? 1 : 6;
  if (rank == start && ahead >= 2 && df <= ahead - 2)
    return ahead - 1;
  return ahead;
}

/* The piece `x` of `colour` on `from` to become `want` on `to`. */
int
fe_orthodox_distance (FePiece x, int from, FePiece want, int to)
{
  if (x.walk == want.walk)
    return x.walk == FE_WALK_PAWN ? pawn_distance (x.colour, from, to)
                                  : piece_distance (x.walk, from, to);
  if (x.walk != FE_WALK_PAWN || want.walk == FE_WALK_KING)
    return FE_FAR_MOVES;
  int last = x.colour == FE_WHITE ? 7 : 0;
  int best = FE_FAR_MOVES;
  for (int f = 0; f < 8; f++)
    {
      int promotion = pawn_distance (x.colour, from, last * 8 + f);
      if (promotion < FE_FAR_MOVES)
        best = MIN (best, promotion + piece_distance (want.walk, last * 8 + f, to));
    }
  return best;
}

/* The cheapest assignment of the n rows to distinct columns of `cost`
 * (n <= m <= 16): the Hungarian method with potentials. */
int
fe_cheapest_assignment (int n, int m, int cost[16][16])
{
  int u[17] = { 0 }, v[17] = { 0 }, match[17] = { 0 }, way[17] = { 0 };
  for (int i = 1; i <= n; i++)
    {
      match[0] = i;
      int j0 = 0, minv[17];
      gboolean used[17] = { FALSE };
      for (int j = 0; j <= m; j++)
        minv[j] = G_MAXINT / 2;
      do
        {
          used[j0] = TRUE;
          int i0 = match[j0], delta = G_MAXINT / 2, j1 = 0;
          for (int j = 1; j <= m; j++)
            if (!used[j])
              {
                int cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                if (cur < minv[j])
                  minv[j] = cur, way[j] = j0;
                if (minv[j] < delta)
                  delta = minv[j], j1 = j;
              }
          for (int j = 0; j <= m; j++)
            if (used[j])
              u[match[j]] += delta, v[j] -= delta;
            else
              minv[j] -= delta;
          j0 = j1;
        }
      while (match[j0] != 0);
      do
        {
          int j1 = way[j0];
          match[j0] = match[j1];
          j0 = j1;
        }
      while (j0);
    }
  return -v[0];
}

int
fe_assignment_bound (int n, int m, int cost[16][16], int limit)
{
  int nearest = 0;
  for (int i = 0; i < n; i++)
    {
      int best = FE_FAR_MOVES;
      for (int j = 0; j < m; j++)
        best = MIN (best, cost[i][j]);
      nearest += best;
    }
  if (nearest > limit || n <= 1)
    return nearest;
  return fe_cheapest_assignment (n, m, cost);
}

/* The moves colour c needs at least to put its target pieces in place
 * (FE_FAR_MOVES: never); more than `limit` when the cheap sum tells it already. */
static int
arrivals (const FePosition *pos, const FePosition *target, int c, int limit)
{
  uint8_t rights = pos->castling & fe_castling_flags_of (c);
  int n = 0, m = 0, from[16];
  for (uint64_t mine = pos->occupied[c]; mine; mine &= mine - 1)
    {
      if (m == 16)
        return 0; /* more pieces than a matrix holds: no bound */
      from[m++] = __builtin_ctzll (mine);
    }
  int cost[16][16];
  for (uint64_t left = target->occupied[c]; left; left &= left - 1, n++)
    {
      int to = __builtin_ctzll (left);
      FePiece want = target->board[FE_SQ88 (to)];
      for (int j = 0; j < m; j++)
        {
          FePiece x = pos->board[FE_SQ88 (from[j])];
          int d = x.attrs != want.attrs ? FE_FAR_MOVES : fe_orthodox_distance (x, from[j], want, to);
          /* Castling moves the king and a rook at once. */
          if (rights && x.walk == want.walk
              && (want.walk == FE_WALK_KING || want.walk == FE_WALK_ROOK))
            d = 0;
          cost[n][j] = d;
        }
    }
  return fe_assignment_bound (n, m, cost, limit);
}

void
fe_orthodox_distance_init (void)
{
  static GOnce once = G_ONCE_INIT;
  g_once (&once, knight_table_init, NULL);
}

gboolean
fe_target_reachable (const FePosition *pos, const FePosition *target, const int moves[2])
{
  fe_orthodox_distance_init ();
  int need[2] = { 0, 0 };
  for (int c = FE_WHITE; c <= FE_BLACK; c++)
    {
      int have = __builtin_popcountll (pos->occupied[c]);
      int want = __builtin_popcountll (target->occupied[c]);
      if (have < want)
        return FALSE;
      /* The other colour captures the extra pieces. */
      need[!c] = MAX (need[!c], have - want);
    }
  for (int c = FE_WHITE; c <= FE_BLACK; c++)
    {
      int a = arrivals (pos, target, c, moves[c]);
      if (a > moves[c])
        return FALSE;
      need[c] = MAX (need[c], a);
    }
  return need[FE_WHITE] <= moves[FE_WHITE] && need[FE_BLACK] <= moves[FE_BLACK];
}
