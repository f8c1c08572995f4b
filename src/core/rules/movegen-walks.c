/* movegen-walks.c — the walks' geometry: leapers, riders, hoppers and the
 * fairy families, for moves and for observations.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One generator serves two purposes: listing moves for the side to move, and
 * listing what a piece observes (its capture pattern), which check, Madrasi
 * paralysis and magic views are built on.  It is the bottom layer: it calls
 * no attack test and makes no move (castling lives above, in
 * movegen-castling.c), so attack.c can fall back on it.
 */
#include <string.h>
#include <glib.h>

#include "movegen-private.h"
#include "core/model/walk.h"

static const int rose_steps[8] = { V (2, 1), V (1, 2), V (-1, 2), V (-2, 1),
                                   V (-2, -1), V (-1, -2), V (1, -2), V (2, -1) };
static const int qlines_angular[8] = { V (1, 0), V (1, 1), V (0, 1), V (-1, 1),
                                       V (-1, 0), V (-1, -1), V (0, -1), V (1, -1) };

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

/* Lions, locusts and the Chinese pieces act around the first piece on a
 * line (the hurdle): a lion moves or captures anywhere past it, a locust
 * captures it and lands just behind, a Chinese piece rides up to it and
 * captures the first piece past it (Popeye's Leo, Pao, Vao). */
static void
gen_beyond_hurdle (Gen *g, FeSquare from, const FeWalkDef *d)
{
  const FePiece *b = g->board;
  bool chinese = d->family == FE_FAMILY_CHINESE;
  for (int i = 0; i < d->n_hops; i++)
    {
      int v = d->hops[i], h = from + v, j = 1;
      for (; !(h & 0x88) && b[h].walk == FE_WALK_NONE; h += v, j++)
        if (chinese)
          quiet (g, from, h, FE_NATURE_RIDE, j);
      if (h & 0x88)
        continue;
      int t = h + v;
      if (d->family == FE_FAMILY_LOCUST)
        {
          if (!(t & 0x88) && b[t].walk == FE_WALK_NONE)
            capture (g, from, t, h, FE_NATURE_HOP, j);
          continue;
        }
      for (; !(t & 0x88) && b[t].walk == FE_WALK_NONE; t += v)
        if (!chinese)
          quiet (g, from, t, FE_NATURE_LION, j);
      if (!(t & 0x88))
        capture (g, from, t, t, FE_NATURE_LION, j);
    }
}

static void
gen_rose (Gen *g, FeSquare from)
{
  const FePiece *b = g->board;
  /* Several paths reach the same square: the move is listed once
   * (docs/rules/fairy-pieces.md §2.3). */
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

/* Two hurdles may lead to one square (a knight's square, over an
 * orthogonal and a diagonal neighbour): the move is listed once (D7; the
 * Imitator lets it through when one route can be imitated), observations
 * keep both routes (a check along either; magic views are a set). */
static void
gen_moose (Gen *g, FeSquare from)
{
  const FePiece *b = g->board;
  uint64_t listed = 0; /* arrival squares, bit FE_SQ64 */
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
          uint64_t bit = UINT64_C (1) << FE_SQ64 (t);
          if (!g->observe && (listed & bit))
            continue;
          listed |= bit;
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

void
fe_gen_piece (Gen *g, FeSquare from)
{
  FePiece p = g->pos->board[from];
  const FeWalkDef *d = fe_walk_def (p.walk);
  /* The king's steps are plain leaps; castling is added by movegen.c. */
  switch (d->family)
    {
    case FE_FAMILY_PAWN:
      fe_gen_pawn (g, from, p.colour);
      return;
    case FE_FAMILY_HOPPER:
    case FE_FAMILY_KINGHOPPER:
      gen_hopper (g, from, d, d->family == FE_FAMILY_KINGHOPPER);
      break;
    case FE_FAMILY_LION:
    case FE_FAMILY_LOCUST:
    case FE_FAMILY_CHINESE:
      gen_beyond_hurdle (g, from, d);
      break;
    case FE_FAMILY_ROSE:
      gen_rose (g, from);
      break;
    case FE_FAMILY_MAO:
    case FE_FAMILY_MOA:
      gen_lame (g, from, d->family == FE_FAMILY_MAO);
      break;
    case FE_FAMILY_MOOSE:
      gen_moose (g, from);
      break;
    case FE_FAMILY_EQUIHOPPER:
    case FE_FAMILY_NONSTOP_EQUIHOPPER:
      gen_equihopper (g, from, d->family == FE_FAMILY_NONSTOP_EQUIHOPPER);
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

/* Fills `copy` with the board seen by `side`'s pieces when a condition
 * blocks squares; returns the board to use. */
const FePiece *
fe_gen_board (const FePosition *pos, int side, FePiece *copy)
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
fe_for_each_observation (const FePosition *pos, FeSquare from, int side,
                         FeObservationFunc func, void *data)
{
  FE_MOVE_LIST (unused);
  FePiece copy[128];
  Gen g = { (FePosition *) pos, side, &unused, fe_gen_board (pos, side, copy), func, data, false };
  fe_gen_piece (&g, from);
}

void
fe_for_each_plain_observation (const FePosition *pos, FeSquare from, int side,
                               FeObservationFunc func, void *data)
{
  FeMoveList unused;
  unused.count = 0;
  Gen g = { (FePosition *) pos, side, &unused, pos->board, func, data, false };
  fe_gen_piece (&g, from);
}

