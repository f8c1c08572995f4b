/* mating-net-tables.c — the relaxed board of the goal-directed pruning:
 * for each walk the problem may meet, colour and square, its moves and
 * what it observes on an empty board, and where it may stand (with each
 * walk it may become) after d moves.  Built once per problem by
 * fe_mating_net_new, from the conditions' FeMatingNetTraits; separate
 * from the searches that read them (mating-net.c, mating-net-last-moves.c),
 * which never change them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mating-net-private.h"

static const int rose_steps[8] = { 33, 18, -14, -31, -33, -18, 14, 31 };

static void
add_line (int s, int v, uint64_t *mask, int8_t *dir)
{
  for (int t = s + v; !(t & 0x88); t += v)
    {
      *mask |= BIT (t);
      if (dir && !dir[FE_SQ64 (t)])
        dir[FE_SQ64 (t)] = (int8_t) v;
    }
}

/* One walk of one colour from one square: its moves and what it observes,
 * on an empty board (lines open, hurdles anywhere: more than the real
 * board ever allows).  `dir` (64 entries) gets the ride vectors. */
static void
relaxed_walk (int walk, int colour, int s, uint64_t *step, uint64_t *pattern, uint64_t *free_pat,
              int8_t *dir)
{
  const FeWalkDef *d = fe_walk_def (walk);
  uint64_t leaps = 0, lines = 0;
  *step = *pattern = *free_pat = 0;
  switch (d->family)
    {
    case FE_FAMILY_PAWN:
      {
        int fwd = colour == FE_WHITE ? 16 : -16;
        int rank = colour == FE_WHITE ? FE_RANK (s) : 7 - FE_RANK (s);
        /* Steps of one, and of two or three from the first two ranks
         * (pions dépaysés), and the captures (e.p. included). */
        for (int k = 1; k <= (rank <= 1 ? 3 : 1); k++)
          if (!((s + k * fwd) & 0x88))
            *step |= BIT (s + k * fwd);
        for (int e = -1; e <= 1; e += 2)
          if (!((s + fwd + e) & 0x88))
            leaps |= BIT (s + fwd + e);
        *step |= leaps;
        *pattern = *free_pat = leaps;
        return;
      }
    case FE_FAMILY_PLAIN:
    case FE_FAMILY_KING:
      for (int i = 0; i < d->n_leaps; i++)
        if (!((s + d->leaps[i]) & 0x88))
          leaps |= BIT (s + d->leaps[i]);
      for (int i = 0; i < d->n_rides; i++)
        add_line (s, d->rides[i], &lines, dir);
      *pattern = leaps | lines;
      *free_pat = leaps;
      *step = leaps | lines;
      if (d->family == FE_FAMILY_KING && s == (colour == FE_WHITE ? FE_SQ (4, 0) : FE_SQ (4, 7)))
        *step |= BIT (s + 2) | BIT (s - 2); /* castling */
      return;
    case FE_FAMILY_HOPPER:
    case FE_FAMILY_LION:
    case FE_FAMILY_LOCUST:
    case FE_FAMILY_KINGHOPPER:
    case FE_FAMILY_CHINESE:
      for (int i = 0; i < d->n_hops; i++)
        add_line (s, d->hops[i], &lines, NULL);
      *step = *pattern = *free_pat = lines;
      return;
    case FE_FAMILY_MAO:
    case FE_FAMILY_MOA:
      {
        static const int knight[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };
        for (int i = 0; i < 8; i++)
          if (!((s + knight[i]) & 0x88))
            leaps |= BIT (s + knight[i]);
        *step = *pattern = *free_pat = leaps;
        return;
      }
    case FE_FAMILY_ROSE:
      for (int start = 0; start < 8; start++)
        for (int sense = -1; sense <= 1; sense += 2)
          for (int k = 0, t = s; k < 7; k++)
            {
              t += rose_steps[(start + sense * k + 16) & 7];
              if (t & 0x88)
                break;
              lines |= BIT (t);
            }
      *step = *pattern = *free_pat = lines;
      return;
    default:
      /* Moose, equihoppers, boyscout: anywhere. */
      *step = *pattern = *free_pat = ~BIT (s);
      return;
    }
}

/* Where a piece of walk index wi, colour c, starting on each square can
 * stand with each walk it may become, after at most d moves (breadth
 * first over (square, walk)). */
static gboolean
build_reach (FeMatingNet *net, int c, int wi)
{
  WalkTables *t = &net->tables[c][wi];
  /* The walks it may become: its own, what moves and promotions make of it. */
  uint64_t seen = UINT64_C (1) << net->walks[wi];
  for (gboolean grew = TRUE; grew;)
    {
      grew = FALSE;
      for (int w = 0; w < FE_WALK_MAX; w++)
        if (seen >> w & 1)
          {
            uint64_t n = net->after[c][w] | (w == FE_WALK_PAWN ? net->promotions : 0);
            if (n & ~seen)
              seen |= n, grew = TRUE;
          }
    }
  t->n_reach = 0;
  int local[FE_WALK_MAX];
  for (int w = 0; w < FE_WALK_MAX; w++)
    {
      local[w] = -1;
      if (seen >> w & 1)
        {
          if (t->n_reach == MAX_REACH_WALKS || net->index[w] < 0)
            return FALSE;
          local[w] = t->n_reach;
          t->reach[t->n_reach++] = (uint8_t) net->index[w];
        }
    }
  int nr = t->n_reach;
  t->final = g_new0 (uint64_t, 64 * (DMAX + 1) * nr);
  t->anywhere = g_new0 (uint64_t, 64 * (DMAX + 1));
  for (int s64 = 0; s64 < 64; s64++)
    {
      uint64_t layer[MAX_REACH_WALKS] = { 0 }, seen_at[MAX_REACH_WALKS] = { 0 };
      int own = local[net->walks[wi]];
      layer[own] = seen_at[own] = UINT64_C (1) << s64;
      uint64_t *fin = t->final + s64 * (DMAX + 1) * nr;
      for (int d = 0; d <= DMAX; d++)
        {
          if (d > 0)
            {
              uint64_t next[MAX_REACH_WALKS] = { 0 };
              for (int j = 0; j < nr; j++)
                {
                  if (!layer[j])
                    continue;
                  const WalkTables *wt = &net->tables[c][t->reach[j]];
                  int walk = net->walks[t->reach[j]];
                  uint64_t to = 0;
                  for (uint64_t from = layer[j]; from; from &= from - 1)
                    to |= wt->step[__builtin_ctzll (from)];
                  /* The walks it has on arrival: a pawn promotes on the
                   * last rank. */
                  uint64_t last_rank = walk == FE_WALK_PAWN ? (c == FE_WHITE ? UINT64_C (0xff) << 56 : 0xff) : 0;
                  for (uint64_t nw = net->after[c][walk]; nw; nw &= nw - 1)
                    {
                      int l = local[__builtin_ctzll (nw)];
                      if (l >= 0)
                        next[l] |= to;
                    }
                  for (uint64_t nw = last_rank ? net->promotions : 0; nw; nw &= nw - 1)
                    {
                      int l = local[__builtin_ctzll (nw)];
                      if (l >= 0)
                        next[l] |= to & last_rank;
                    }
                }
              for (int j = 0; j < nr; j++)
                {
                  layer[j] = next[j] & ~seen_at[j];
                  seen_at[j] |= next[j];
                }
            }
          uint64_t any = 0;
          for (int j = 0; j < nr; j++)
            {
              fin[d * nr + j] = seen_at[j];
              any |= seen_at[j];
            }
          t->anywhere[s64 * (DMAX + 1) + d] = any;
        }
    }
  t->observe_dist = g_new (uint8_t, 64 * 64);
  t->reach_dist = g_new (uint8_t, 64 * 64);
  memset (t->observe_dist, FAR, 64 * 64);
  memset (t->reach_dist, FAR, 64 * 64);
  for (int s64 = 0; s64 < 64; s64++)
    {
      const uint64_t *fin = t->final + s64 * (DMAX + 1) * nr;
      uint64_t seen_obs = 0, seen_reach = 0, obs = 0;
      for (int d = 0; d <= DMAX; d++)
        {
          uint64_t reach = t->anywhere[s64 * (DMAX + 1) + d] & ~seen_reach;
          seen_reach |= reach;
          for (; reach; reach &= reach - 1)
            t->reach_dist[s64 * 64 + __builtin_ctzll (reach)] = (uint8_t) d;
          if (d == 0)
            continue;
          /* What it observes from where it may stand after d moves: the
           * squares new at d add to those of d - 1. */
          for (int j = 0; j < nr; j++)
            for (uint64_t m = fin[d * nr + j] & ~fin[(d - 1) * nr + j]; m; m &= m - 1)
              obs |= net->tables[c][t->reach[j]].pattern[__builtin_ctzll (m)];
          uint64_t fresh = obs & ~seen_obs;
          seen_obs |= fresh;
          for (; fresh; fresh &= fresh - 1)
            t->observe_dist[s64 * 64 + __builtin_ctzll (fresh)] = (uint8_t) d;
        }
    }
  return TRUE;
}

void
fe_mating_net_free (FeMatingNet *net)
{
  if (!net)
    return;
  for (int c = 0; c < 2; c++)
    if (net->tables[c])
      {
        for (int i = 0; i < net->n_walks; i++)
          {
            g_free (net->tables[c][i].final);
            g_free (net->tables[c][i].anywhere);
            g_free (net->tables[c][i].observe_dist);
            g_free (net->tables[c][i].reach_dist);
          }
        g_free (net->tables[c]);
      }
  g_free (net->ride_dir);
  g_free (net);
}

FeMatingNet *
fe_mating_net_new (const FePosition *diagram, gboolean goal_is_mate, char **why)
{
  *why = NULL;
  if (!goal_is_mate)
    return NULL; /* nothing to say: only mates are analysed */
  const FeRules *rules = diagram->rules;
  FeMatingNet *net = g_new0 (FeMatingNet, 1);
  uint64_t (*after_hooks[FE_MAX_CONDITIONS]) (const FeRules *, int, int);
  int n_after = 0;
  for (int i = 0; rules && i < rules->n_ops; i++)
    {
      const FeConditionOps *op = rules->ops[i];
      FeMatingNetTraits t = { 0 };
      if (!op->mating_net || !op->mating_net (rules, &t))
        {
          const FeConditionClass *cls = fe_condition_lookup (op->name);
          *why = g_strdup_printf ("goal-directed help search off: it cannot reason about %s",
                                  cls ? cls->label : op->name);
          g_free (net);
          return NULL;
        }
      net->traits.king_steps_may_fail |= t.king_steps_may_fail;
      net->traits.kings_paralyse |= t.kings_paralyse;
      net->traits.kings_may_check |= t.kings_may_check;
      if (t.walks_after_move)
        after_hooks[n_after++] = t.walks_after_move;
    }
  if (diagram->occupied[FE_NEUTRAL])
    {
      *why = g_strdup ("goal-directed help search off: neutral pieces belong to both sides");
      g_free (net);
      return NULL;
    }
  /* The promotions: the orthodox four and the fairy set. */
  if (rules)
    for (int i = 0; i < rules->n_promotion_walks; i++)
      net->promotions |= UINT64_C (1) << rules->promotion_walks[i];
  else
    net->promotions = (UINT64_C (1) << FE_WALK_QUEEN) | (UINT64_C (1) << FE_WALK_ROOK)
                      | (UINT64_C (1) << FE_WALK_BISHOP) | (UINT64_C (1) << FE_WALK_KNIGHT);
  net->promotions |= UINT64_C (1) << FE_WALK_PAWN; /* promotion forbidden: it stays */
  for (int c = 0; c < 2; c++)
    for (int w = 1; w < FE_WALK_COUNT; w++)
      {
        uint64_t a = 0;
        for (int h = 0; h < n_after; h++)
          a |= after_hooks[h] (rules, c, w);
        net->after[c][w] = a ? a : UINT64_C (1) << w;
      }
  /* The closure: the walks on the board, the king, and what they become. */
  uint64_t closure = (UINT64_C (1) << FE_WALK_KING) | diagram->walk_mask[0] | diagram->walk_mask[1];
  for (gboolean grew = TRUE; grew;)
    {
      grew = FALSE;
      for (int w = 1; w < FE_WALK_COUNT; w++)
        if (closure >> w & 1)
          for (int c = 0; c < 2; c++)
            {
              uint64_t n = net->after[c][w] | (w == FE_WALK_PAWN ? net->promotions : 0);
              if (n & ~closure)
                closure |= n, grew = TRUE;
            }
    }
  memset (net->index, -1, sizeof net->index);
  for (int w = 1; w < FE_WALK_COUNT; w++)
    if (closure >> w & 1)
      {
        net->index[w] = (int8_t) net->n_walks;
        net->walks[net->n_walks++] = (uint8_t) w;
        if (fe_walk_def (w)->family == FE_FAMILY_LOCUST)
          net->lines_unreliable = TRUE;
      }
  net->ride_dir = g_new0 (int8_t, net->n_walks * 64 * 64);
  for (int c = 0; c < 2; c++)
    {
      net->tables[c] = g_new0 (WalkTables, net->n_walks);
      for (int i = 0; i < net->n_walks; i++)
        {
          WalkTables *t = &net->tables[c][i];
          for (int s = 0; s < 64; s++)
            relaxed_walk (net->walks[i], c, FE_SQ88 (s), &t->step[s], &t->pattern[s],
                          &t->free_pat[s], c == 0 ? net->ride_dir + (i * 64 + s) * 64 : NULL);
          for (int s = 0; s < 64; s++)
            for (uint64_t m = t->pattern[s]; m; m &= m - 1)
              t->attackers[__builtin_ctzll (m)] |= UINT64_C (1) << s;
        }
    }
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < net->n_walks; i++)
      if (!build_reach (net, c, i))
        {
          *why = g_strdup ("goal-directed help search off: too many walks to become");
          fe_mating_net_free (net);
          return NULL;
        }
  return net;
}
