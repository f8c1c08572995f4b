/* mating-net-last-moves.c — the goal-directed pruning's filter of the last
 * two moves of a mate: the mating side's pieces whose one move may mate
 * (fe_mating_net_last_movers), and the mated side's moves before it that
 * may let a mate happen (fe_mating_net_last_replies).  Separate from the
 * allocation search (mating-net.c): these look at the board as it stands,
 * one move deep, and help play and battle play both call them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mating-net-private.h"

/* The mating move, Y's king on k: what X's pieces attack where they stand
 * (Y's king and `open` taken off), each X piece's square's discoveries
 * (what another X piece's line reaches through it if it leaves), and
 * Y's pieces' (what X's lines reach through them if they leave). */
typedef struct {
  const FeMatingNet *net;
  const FePosition *pos;
  int X, Y, k;
  uint64_t attacks, checks;
  uint64_t disc[64];   /* by FE_SQ64 of an X or Y piece's square */
  uint64_t lined;      /* pieces first or second on an X piece's line */
  uint64_t flights;    /* neither attacked nor blocked */
  gboolean ep_open;    /* X may take en passant now */
  gboolean ep_reply;   /* Y may take en passant now */
} Last;

static void
last_map (Last *l, int open)
{
  const FeMatingNet *net = l->net;
  const FePosition *pos = l->pos;
  int X = l->X, K = pos->king[l->Y];
  l->attacks = l->checks = l->lined = 0;
  memset (l->disc, 0, sizeof l->disc);
  for (uint64_t m = pos->occupied[X]; m; m &= m - 1)
    {
      int s64 = __builtin_ctzll (m), sq = FE_SQ88 (s64);
      if (sq == open)
        continue; /* taken by Y's king */
      int walk = pos->board[sq].walk;
      const WalkTables *t = &net->tables[X][net->index[walk]];
      uint64_t att = net->lines_unreliable ? t->pattern[s64] : t->free_pat[s64];
      const FeWalkDef *d = fe_walk_def (walk);
      if (!net->lines_unreliable && (d->family == FE_FAMILY_PLAIN || d->family == FE_FAMILY_KING))
        for (int i = 0; i < d->n_rides; i++)
          {
            int v = d->rides[i], s = sq + v;
            for (; !(s & 0x88); s += v)
              {
                att |= BIT (s);
                if (s != K && s != open && pos->board[s].walk != FE_WALK_NONE)
                  break;
              }
            if (s & 0x88)
              continue;
            /* Through the piece on s: what opens when it leaves. */
            uint64_t *through = &l->disc[FE_SQ64 (s)];
            l->lined |= BIT (s);
            for (s += v; !(s & 0x88); s += v)
              {
                *through |= BIT (s);
                if (s != K && s != open && pos->board[s].walk != FE_WALK_NONE)
                  {
                    l->lined |= BIT (s);
                    break;
                  }
              }
          }
      l->attacks |= att;
      if (!gives_no_check (net, walk))
        l->checks |= att;
    }
}

/* The flights of Y's king on k that no X piece attacks where it stands
 * and no Y piece blocks (`gone`: a Y piece's square it leaves). */
static uint64_t
last_flights (const Last *l, int gone)
{
  const FeMatingNet *net = l->net;
  if (net->traits.king_steps_may_fail)
    return 0;
  int king_wi = net->index[FE_WALK_KING];
  uint64_t around = net->tables[l->Y][king_wi].pattern[FE_SQ64 (l->k)];
  int K = l->pos->king[l->Y], xk = l->pos->king[l->X];
  uint64_t blocks = l->pos->occupied[l->Y] & ~BIT (K);
  if (gone != FE_NO_SQUARE)
    blocks &= ~BIT (gone);
  uint64_t flights = around & ~l->attacks & ~blocks;
  if (flights && net->traits.kings_paralyse && xk != FE_NO_SQUARE
      && (net->tables[l->X][king_wi].anywhere[FE_SQ64 (xk) * (DMAX + 1) + 1] & around))
    flights = 0; /* X's king next to Y's: Y's king cannot step at all */
  return flights;
}

/* Can X's piece on sq mate with one move, Y's king on k, when `flights`
 * must be covered?  It gives the check (from where it lands, or by
 * leaving a line) and covers every flight from that same square or by
 * leaving a line. */
static gboolean
last_mover_mates (const Last *l, int sq, uint64_t flights, uint64_t *dest)
{
  const FeMatingNet *net = l->net;
  int s64 = FE_SQ64 (sq), walk = l->pos->board[sq].walk;
  const WalkTables *t = &net->tables[l->X][net->index[walk]];
  /* An en passant capture takes a piece off a square it does not land on:
   * any line through it may open. */
  if (l->ep_open && walk == FE_WALK_PAWN)
    {
      if (dest)
        *dest = ~UINT64_C (0);
      return TRUE;
    }
  /* Each requirement alone first, from the tables. */
  const uint8_t *near = t->observe_dist + s64 * 64;
  uint64_t needed = flights & ~l->disc[s64];
  if (!(l->disc[s64] & BIT (l->k)))
    needed |= BIT (l->k);
  for (uint64_t m = needed; m; m &= m - 1)
    if (near[__builtin_ctzll (m)] > 1)
      return FALSE;
  int nr = t->n_reach;
  uint64_t mask[MAX_REACH_WALKS], any = 0;
  memcpy (mask, t->final + (s64 * (DMAX + 1) + 1) * nr, nr * sizeof (uint64_t));
  if (!(l->disc[s64] & BIT (l->k)))
    {
      if (gives_no_check (net, walk))
        return FALSE;
      for (int j = 0; j < nr; j++)
        any |= mask[j] &= net->tables[l->X][t->reach[j]].attackers[FE_SQ64 (l->k)];
      if (!any)
        return FALSE;
    }
  for (uint64_t rest = flights & ~l->disc[s64]; rest; rest &= rest - 1)
    {
      int f64 = __builtin_ctzll (rest);
      any = 0;
      for (int j = 0; j < nr; j++)
        any |= mask[j] &= net->tables[l->X][t->reach[j]].attackers[f64];
      if (!any)
        return FALSE;
    }
  if (dest)
    {
      *dest = 0;
      for (int j = 0; j < nr; j++)
        *dest |= mask[j];
    }
  return TRUE;
}

/* The X pieces (bit FE_SQ64 of their squares) whose one move may mate,
 * and where each may go (dest, by FE_SQ64 of its square). */
static uint64_t
last_movers (const Last *l, uint64_t flights, uint64_t dest[64])
{
  uint64_t movers = 0;
  for (uint64_t m = l->pos->occupied[l->X]; m; m &= m - 1)
    {
      int s64 = __builtin_ctzll (m);
      if (last_mover_mates (l, FE_SQ88 (s64), flights, &dest[s64]))
        movers |= UINT64_C (1) << s64;
    }
  /* Castling moves the rook too: the king's square stands for both. */
  int xk = l->pos->king[l->X];
  if (xk != FE_NO_SQUARE && castling_rights (l->pos, l->X))
    {
      movers |= BIT (xk);
      dest[FE_SQ64 (xk)] = ~UINT64_C (0);
    }
  return movers;
}

static void
last_init (Last *l, const FeMatingNet *net, const FePosition *pos, int X)
{
  l->net = net;
  l->pos = pos;
  l->X = X;
  l->Y = FE_OPPONENT (X);
  l->k = pos->king[l->Y];
  l->ep_open = pos->ep_count && pos->side == X;
  l->ep_reply = pos->ep_count && pos->side == l->Y;
}

/* Every move of every piece. */
static uint64_t
all_moves (const FePosition *pos, uint64_t dest[64])
{
  for (int i = 0; i < 64; i++)
    dest[i] = ~UINT64_C (0);
  return ~UINT64_C (0);
}

uint64_t
fe_mating_net_last_movers (const FeMatingNet *net, const FePosition *pos, int X, uint64_t dest[64])
{
  Last l;
  last_init (&l, net, pos, X);
  if (l.k == FE_NO_SQUARE || pos->occupied[FE_NEUTRAL])
    return all_moves (pos, dest);
  last_map (&l, FE_NO_SQUARE);
  if (l.checks & BIT (l.k))
    return all_moves (pos, dest); /* in check already: not a position of ours */
  return last_movers (&l, last_flights (&l, FE_NO_SQUARE), dest);
}

/* Does some X piece mate with one move? */
static gboolean
some_last_mover (const Last *l, uint64_t flights)
{
  for (uint64_t m = l->pos->occupied[l->X]; m; m &= m - 1)
    if (last_mover_mates (l, FE_SQ88 (__builtin_ctzll (m)), flights, NULL))
      return TRUE;
  int xk = l->pos->king[l->X];
  return xk != FE_NO_SQUARE && castling_rights (l->pos, l->X);
}

uint64_t
fe_mating_net_last_replies (const FeMatingNet *net, const FePosition *pos, int X, uint64_t dest[64])
{
  const uint64_t all = ~UINT64_C (0);
  Last l;
  last_init (&l, net, pos, X);
  int Y = l.Y, K = l.k;
  if (K == FE_NO_SQUARE || pos->occupied[FE_NEUTRAL] || l.ep_reply)
    return all_moves (pos, dest);
  last_map (&l, FE_NO_SQUARE);
  if (l.checks & BIT (K))
    return all_moves (pos, dest); /* Y in check: every move a reply to it, not ours to judge */
  uint64_t flights = last_flights (&l, FE_NO_SQUARE);
  /* A move that changes nothing here: then any move may do. */
  if (some_last_mover (&l, flights))
    return all_moves (pos, dest);
  uint64_t movers = 0;
  /* Y's pieces: each leaves its square (lines open through it, a flight
   * it stood on opens) and may block one flight on arrival.  A pawn's
   * multi-step may also let an X pawn take it en passant, opening lines
   * anywhere: then always. */
  gboolean x_pawns = (pos->walk_mask[X] >> FE_WALK_PAWN) & 1;
  for (uint64_t m = pos->occupied[Y] & ~BIT (K); m; m &= m - 1)
    {
      int s64 = __builtin_ctzll (m), sq = FE_SQ88 (s64);
      int walk = pos->board[sq].walk;
      const WalkTables *t = &net->tables[Y][net->index[walk]];
      uint64_t one = t->anywhere[s64 * (DMAX + 1) + 1];
      dest[s64] = 0;
      int step = sq + (Y == FE_WHITE ? 16 : -16);
      uint64_t single = step & 0x88 ? 0 : BIT (step);
      if (walk == FE_WALK_PAWN && x_pawns && (one & ~t->pattern[s64] & ~single))
        {
          movers |= BIT (sq);
          dest[s64] = all;
          continue;
        }
      /* Off every X line it only helps by blocking a flight (when no
       * mate was possible before, its leaving alone changes nothing that
       * helps). */
      gboolean lined = (l.lined & BIT (sq)) != 0;
      if (!lined && !(one & flights))
        continue;
      /* Lines through its square open: with another piece on them too,
       * X's own leaving then opens them. */
      Last gone_l;
      const Last *at = &l;
      if (lined)
        {
          gone_l = l;
          last_map (&gone_l, sq);
          at = &gone_l;
        }
      uint64_t left = last_flights (at, sq) & ~at->disc[s64];
      if (lined && some_last_mover (at, left))
        {
          movers |= BIT (sq);
          dest[s64] = all;
          continue;
        }
      /* Else only where it blocks a flight. */
      for (uint64_t b = left & one; b; b &= b - 1)
        if (some_last_mover (at, left & ~(b & -b)))
          {
            movers |= BIT (sq);
            dest[s64] |= b & -b;
          }
    }
  /* Y's king: to each square it may step to (castling moves a rook too:
   * then anywhere). */
  dest[FE_SQ64 (K)] = 0;
  if (castling_rights (pos, Y))
    {
      dest[FE_SQ64 (K)] = all;
      return movers | BIT (K);
    }
  const uint64_t *steps = net->tables[Y][net->index[FE_WALK_KING]].final
                          + (FE_SQ64 (K) * (DMAX + 1) + 1) * net->tables[Y][net->index[FE_WALK_KING]].n_reach;
  for (uint64_t m = steps[0]; m; m &= m - 1)
    {
      int k = FE_SQ88 (__builtin_ctzll (m));
      if (pos->board[k].walk && pos->board[k].colour == Y)
        continue; /* its own piece stands there */
      Last taken;
      Last *at = &l;
      if (pos->board[k].walk)
        {
          /* It takes an X piece: that piece's lines go. */
          taken = l;
          last_map (&taken, k);
          at = &taken;
        }
      at->k = k;
      /* Attacked there already (as far as the relaxed board says: a
       * condition may forbid the attack): nothing to prove. */
      if ((at->checks & BIT (k)) || some_last_mover (at, last_flights (at, FE_NO_SQUARE)))
        {
          movers |= BIT (K);
          dest[FE_SQ64 (K)] |= BIT (k);
        }
    }
  return movers;
}
