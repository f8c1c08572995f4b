/* mating-net.c — goal-directed pruning of help and series mates.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Can the mating side X still mate Y within x moves of its own and y of
 * Y's?  In the mating position Y's king stands on some square k it can
 * reach in y moves; k is attacked, and every flight of k holds a Y piece
 * or is attacked.  Each requirement (the check, each flight) is met by a
 * piece: one already there (its line clear), one whose line opens when a
 * piece in the way leaves, a Y piece that comes to block, an X piece that
 * comes to guard.  A piece that comes needs as many moves as the relaxed
 * board says (walks reach along their lines whatever stands in the way,
 * `FeMatingNetTraits` say how the conditions change walks and king
 * steps), an X piece guards everything it is asked to from ONE final
 * square, a Y piece blocks one flight, and each side's pieces share its
 * moves (castling moves two pieces: one move more).  A small search over
 * these choices either meets every requirement within the moves or proves
 * that no mating position is reachable.  Every relaxation only adds
 * possibilities, so "impossible" holds on the real board: the pruned node
 * had no solution.  The search is capped: past the cap it says "maybe".
 */
#include <string.h>

#include "mating-net.h"
#include "core/walk.h"

/* Distances are tabled up to DMAX moves; FAR stands for "more", which a
 * budget above DMAX allows. */
#define DMAX 7
#define FAR (DMAX + 1)
#define INF 255
/* Walks one piece may take on by mutation and promotion (Einstein chains,
 * promotions): beyond it the analysis is refused. */
#define MAX_REACH_WALKS 16
/* Work of one search for an allocation: past it, "maybe". */
#define STEP_CAP 4000

#define BIT(sq) (UINT64_C (1) << FE_SQ64 (sq))

typedef struct {
  uint64_t step[64];      /* one move on the relaxed board */
  uint64_t pattern[64];   /* observed squares on the relaxed board */
  uint64_t free_pat[64];  /* observed whatever stands between (leaps), or
                             by lines the analysis does not follow (hoppers) */
  uint64_t attackers[64]; /* squares from which `pattern` holds the target */
  /* The walks a piece of this walk may become (indices into the closure),
   * and where it may stand with each after at most d moves:
   * final[(s * (DMAX + 1) + d) * n_reach + j]. */
  int n_reach;
  uint8_t reach[MAX_REACH_WALKS];
  uint64_t *final;
  uint64_t *anywhere; /* [s * (DMAX + 1) + d]: the union over walks */
  /* [s * 64 + t]: moves (at least one) to stand where it observes t, and
   * moves to reach t (0 for t = s); FAR beyond DMAX. */
  uint8_t *observe_dist;
  uint8_t *reach_dist;
} WalkTables;

struct FeMatingNet {
  FeMatingNetTraits traits;
  /* Lines cannot be trusted to stay blocked: a walk captures without
   * landing on its victim (locusts).  Then a line piece guards through
   * anything. */
  gboolean lines_unreliable;
  int n_walks;
  uint8_t walks[FE_WALK_COUNT];  /* the closure: walks the problem may meet */
  int8_t index[FE_WALK_MAX];     /* walk → closure index, -1 */
  WalkTables *tables[2];         /* [colour][closure index] */
  /* Ride vector from s to t (0x88 step) for the walks with rides, else 0:
   * [closure index][s64][t64]. */
  int8_t *ride_dir;
  /* Walks after a move, by colour and walk (bit per FeWalk), and the walks
   * a pawn promotes to. */
  uint64_t after[2][FE_WALK_MAX];
  uint64_t promotions;
};

static const int rose_steps[8] = { 33, 18, -14, -31, -33, -18, 14, 31 };

/* ---- the relaxed board ---------------------------------------------- */

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

/* ---- the search for an allocation ------------------------------------ */

typedef struct {
  uint8_t sq; /* 0x88 */
  uint8_t wi; /* closure index */
  gboolean royal;
  gboolean no_check; /* a king, where kings give no check */
} Piece;

/* A king gives no check unless a condition lets it (kings_may_check). */
static inline gboolean
gives_no_check (const FeMatingNet *net, int walk)
{
  return walk == FE_WALK_KING && !net->traits.kings_may_check;
}

enum {
  OPT_XMOVE,  /* X piece comes to a square observing the target */
  OPT_XCOST,  /* X piece must make `cost` moves (a line opens) */
  OPT_YBLOCK, /* Y piece comes to the target */
  OPT_YCOST,  /* Y piece must make `cost` moves */
};

typedef struct {
  uint8_t kind, piece, cost;
} Option;

#define MAX_OPTIONS 64
#define MAX_REQS 9
/* Requirements built for one node: each target square, as the check and
 * as a flight (king squares within DMAX moves, their flights). */
#define MAX_BUILT 128

typedef struct {
  uint8_t target;
  uint8_t n;
  /* The pieces of each side with an option, and their cheapest one. */
  uint16_t xset, yset;
  Option o[MAX_OPTIONS];
} Req;

typedef struct {
  const FeMatingNet *net;
  const FePosition *pos;
  int X, Y;
  Piece xp[16], yp[16];
  int nx, ny;
  int8_t owner[128]; /* 0x88 square → X piece i + 1, Y piece -(i + 1), 0 */
  /* What X's pieces attack where they stand (Y's king taken off), all of
   * them and those that may give check. */
  uint64_t x_attacks, x_checks;
  int K, bx;
  /* Requirements built so far, by target and kind (check 1, flight 0):
   * index + 1 into built[], or -1 when met by a piece standing there. */
  int8_t known[2][64];
  Req built[MAX_BUILT];
  int n_built, by_max;
  /* one king square at a time, and the requirements built for it alone */
  int k, by;
  Req fresh[MAX_REQS];
  int n_fresh;
  const Req *req[MAX_REQS];
  int n_req;
  /* the allocation under way */
  uint64_t xmask[16][MAX_REACH_WALKS];
  gboolean xmoves[16];
  uint8_t xmin[16], xcost[16];
  uint8_t yblock[16], ymin[16], ycost[16];
  int xtotal, ytotal;
  int steps;
} Ctx;

static inline const WalkTables *
tables_of (const Ctx *c, int colour, const Piece *p)
{
  return &c->net->tables[colour][p->wi];
}

/* Moves X piece i needs to stand where xmask allows (at least one). */
static int
xmove_cost (const Ctx *c, int i, const uint64_t *mask)
{
  const WalkTables *t = tables_of (c, c->X, &c->xp[i]);
  int nr = t->n_reach;
  const uint64_t *fin = t->final + FE_SQ64 (c->xp[i].sq) * (DMAX + 1) * nr;
  for (int d = 1; d <= DMAX; d++)
    for (int j = 0; j < nr; j++)
      if (fin[d * nr + j] & mask[j])
        return d;
  for (int j = 0; j < nr; j++)
    if (mask[j])
      return FAR;
  return INF;
}

/* Moves piece p (of `colour`) needs to reach square `sq` (relaxed). */
static inline int
reach_cost (const Ctx *c, int colour, const Piece *p, int sq)
{
  return tables_of (c, colour, p)->reach_dist[FE_SQ64 (p->sq) * 64 + FE_SQ64 (sq)];
}

static int
x_piece_cost (const Ctx *c, int i)
{
  int cost = c->xmin[i];
  if (c->xmoves[i])
    cost = MAX (cost, xmove_cost (c, i, c->xmask[i]));
  return cost;
}

static int
y_piece_cost (const Ctx *c, int i)
{
  int cost = c->ymin[i];
  if (c->yblock[i] != FE_NO_SQUARE)
    cost = MAX (cost, reach_cost (c, c->Y, &c->yp[i], c->yblock[i]));
  return cost;
}

static gboolean allocate (Ctx *c, int r);

/* Charges one piece its new cost (`slot`: its cost so far, `total` its
 * side's, within `budget`), meets the requirements after the r-th, and
 * takes the charge back. */
static gboolean
charge (Ctx *c, int *total, int budget, uint8_t *slot, int cost, int r)
{
  int saved = *slot, sum = *total - saved + cost;
  if (cost == INF || sum > budget)
    return FALSE;
  *slot = (uint8_t) cost;
  *total = sum;
  gboolean ok = allocate (c, r + 1);
  *total = sum - cost + saved;
  *slot = (uint8_t) saved;
  return ok;
}

/* Tries option o for requirement rq (the r-th), then the ones after it.
 * FAR and the tabled distances are lower bounds, so are their sums. */
static gboolean
try_option (Ctx *c, const Req *rq, const Option *o, int r)
{
  int i = o->piece;
  if (o->kind == OPT_XMOVE || o->kind == OPT_XCOST)
    {
      if (c->xtotal - c->xcost[i] + MAX (c->xcost[i], o->cost) > c->bx)
        return FALSE;
      uint64_t saved[MAX_REACH_WALKS];
      const WalkTables *t = tables_of (c, c->X, &c->xp[i]);
      gboolean saved_moves = c->xmoves[i];
      uint8_t saved_min = c->xmin[i];
      if (o->kind == OPT_XMOVE)
        {
          memcpy (saved, c->xmask[i], t->n_reach * sizeof (uint64_t));
          if (!c->xmoves[i])
            for (int j = 0; j < t->n_reach; j++)
              c->xmask[i][j] = ~UINT64_C (0);
          for (int j = 0; j < t->n_reach; j++)
            c->xmask[i][j] &= c->net->tables[c->X][t->reach[j]].attackers[FE_SQ64 (rq->target)];
          c->xmoves[i] = TRUE;
        }
      else
        c->xmin[i] = MAX (c->xmin[i], o->cost);
      gboolean ok = charge (c, &c->xtotal, c->bx, &c->xcost[i], x_piece_cost (c, i), r);
      if (o->kind == OPT_XMOVE)
        memcpy (c->xmask[i], saved, t->n_reach * sizeof (uint64_t));
      c->xmoves[i] = saved_moves;
      c->xmin[i] = saved_min;
      return ok;
    }
  if (o->kind == OPT_YBLOCK && c->yblock[i] != FE_NO_SQUARE)
    return FALSE; /* a piece blocks one flight */
  if (c->ytotal - c->ycost[i] + MAX (c->ycost[i], o->cost) > c->by)
    return FALSE;
  uint8_t saved_block = c->yblock[i], saved_min = c->ymin[i];
  if (o->kind == OPT_YBLOCK)
    c->yblock[i] = rq->target;
  else
    c->ymin[i] = MAX (c->ymin[i], o->cost);
  gboolean ok = charge (c, &c->ytotal, c->by, &c->ycost[i], y_piece_cost (c, i), r);
  c->yblock[i] = saved_block;
  c->ymin[i] = saved_min;
  return ok;
}

/* Meets requirements r.. with the pieces' moves left; TRUE also when the
 * work ran past the cap (unproven). */
static gboolean
allocate (Ctx *c, int r)
{
  if (r == c->n_req)
    return TRUE;
  if (++c->steps > STEP_CAP)
    return TRUE;
  const Req *rq = c->req[r];
  for (int k = 0; k < rq->n; k++)
    if (try_option (c, rq, &rq->o[k], r))
      return TRUE;
  return FALSE;
}

/* ---- the requirements ------------------------------------------------- */

/* The option list of a requirement, built with one cost per piece. */
typedef struct {
  uint8_t xc[16], yc[16];
} Costs;

static inline void
add_cost (Costs *b, gboolean x_side, int piece, int cost)
{
  uint8_t *slot = x_side ? &b->xc[piece] : &b->yc[piece];
  if (cost < *slot)
    *slot = (uint8_t) cost;
}

/* Ways for a line of a stationary X piece to a flight to open: each piece
 * in the way leaves, or is taken by the other side whose taker leaves
 * again (or takes en passant, landing elsewhere).  Any one of them is
 * taken as enough: optimistic. */
static void
add_line_openers (const Ctx *c, Costs *b, const uint8_t *in_way, int n_in_way)
{
  const FePosition *pos = c->pos;
  for (int k = 0; k < n_in_way; k++)
    {
      int o = in_way[k], who = c->owner[o];
      if (who == 0)
        continue;
      gboolean x_piece = who > 0;
      int idx = x_piece ? who - 1 : -who - 1;
      add_cost (b, x_piece, idx, 1);
      int n_other = x_piece ? c->ny : c->nx;
      for (int j = 0; j < n_other; j++)
        {
          const Piece *p = x_piece ? &c->yp[j] : &c->xp[j];
          int d = reach_cost (c, x_piece ? c->Y : c->X, p, o);
          add_cost (b, !x_piece, j, d >= FAR ? FAR : d + 1);
          if (pos->ep_count && o == pos->ep_victim && pos->board[o].colour != pos->side
              && c->net->walks[p->wi] == FE_WALK_PAWN)
            add_cost (b, !x_piece, j, 1);
        }
    }
}

/* The pieces between stationary X piece p and `target` on p's ride line
 * (Y's king and `open`, the king's last square, taken off); -1 when p does
 * not observe it along a ride line (a leap, or not at all). */
static int
pieces_in_way (const Ctx *c, const Piece *p, int target, int open, uint8_t *in_way)
{
  const WalkTables *t = tables_of (c, c->X, p);
  int s64 = FE_SQ64 (p->sq), t64 = FE_SQ64 (target);
  if (!(t->pattern[s64] & (UINT64_C (1) << t64)) || (t->free_pat[s64] & (UINT64_C (1) << t64)))
    return -1;
  int v = c->net->ride_dir[(p->wi * 64 + s64) * 64 + t64];
  if (!v || c->net->lines_unreliable)
    return -1;
  int n = 0;
  for (int sq = p->sq + v; sq != target; sq += v)
    if (sq != c->K && sq != open && c->pos->board[sq].walk != FE_WALK_NONE)
      in_way[n++] = (uint8_t) sq;
  return n;
}

/* Builds the requirement that `target` be attacked (check: by a piece
 * that may give check) into rq; FALSE when a piece standing there attacks
 * it already.  `open`: a square taken off the board besides Y's king (the
 * king's last square when a piece stands there now), or FE_NO_SQUARE. */
static gboolean
build_requirement (const Ctx *c, Req *rq, int target, gboolean check, int open)
{
  uint64_t bit = BIT (target);
  if ((check ? c->x_checks : c->x_attacks) & bit)
    return FALSE;
  Costs b;
  memset (&b, INF, sizeof b);
  rq->target = (uint8_t) target;
  rq->n = 0;
  for (int i = 0; i < c->nx; i++)
    {
      const Piece *p = &c->xp[i];
      if (check && p->no_check)
        continue;
      uint8_t in_way[8];
      int n = pieces_in_way (c, p, target, open, in_way);
      if (n == 0)
        return FALSE; /* the king's last square opened the line */
      if (n < 0)
        continue;
      if (!check)
        add_line_openers (c, &b, in_way, n);
      else
        {
          /* The last move opens the line: an X piece in the way leaves,
           * one that came into it leaves again, or an X pawn takes en
           * passant a Y pawn that stepped into it. */
          for (int k = 0; k < n; k++)
            if (c->owner[in_way[k]] > 0)
              add_cost (&b, TRUE, c->owner[in_way[k]] - 1, 1);
          for (int j = 0; j < c->nx; j++)
            add_cost (&b, TRUE, j, c->net->walks[c->xp[j].wi] == FE_WALK_PAWN ? 1 : 2);
        }
    }
  /* Each piece's options, cheapest first; an option that demands only
   * moves (a line opens) makes the piece's others at that cost or more
   * superfluous. */
  int t64 = FE_SQ64 (target);
  rq->xset = rq->yset = 0;
  for (int i = 0; i < c->nx; i++)
    {
      const Piece *p = &c->xp[i];
      if (b.xc[i] <= c->bx)
        {
          rq->o[rq->n++] = (Option) { OPT_XCOST, (uint8_t) i, b.xc[i] };
          rq->xset |= 1u << i;
        }
      if (check && p->no_check)
        continue;
      int cost = tables_of (c, c->X, p)->observe_dist[FE_SQ64 (p->sq) * 64 + t64];
      if (cost <= c->bx && cost < b.xc[i])
        {
          rq->o[rq->n++] = (Option) { OPT_XMOVE, (uint8_t) i, (uint8_t) cost };
          rq->xset |= 1u << i;
        }
    }
  if (!check)
    for (int i = 0; i < c->ny; i++)
      {
        if (b.yc[i] <= c->by_max)
          {
            rq->o[rq->n++] = (Option) { OPT_YCOST, (uint8_t) i, b.yc[i] };
            rq->yset |= 1u << i;
          }
        int cost = reach_cost (c, c->Y, &c->yp[i], target);
        if (cost <= c->by_max && cost < b.yc[i])
          {
            rq->o[rq->n++] = (Option) { OPT_YBLOCK, (uint8_t) i, (uint8_t) cost };
            rq->yset |= 1u << i;
          }
      }
  return TRUE;
}

/* The requirement for `target` at this king square, or NULL when met.
 * Built once per node (with the node's Y budget, the largest) unless a
 * piece stands on the king's last square: lines through it are open for
 * this king square alone. */
static const Req *
requirement (Ctx *c, int target, gboolean check)
{
  if (c->k != c->K && c->pos->board[c->k].walk != FE_WALK_NONE)
    {
      Req *rq = &c->fresh[c->n_fresh];
      if (!build_requirement (c, rq, target, check, c->k))
        return NULL;
      c->n_fresh++;
      return rq;
    }
  int8_t *known = &c->known[check][FE_SQ64 (target)];
  if (*known == 0)
    {
      Req *rq = &c->built[c->n_built];
      if (build_requirement (c, rq, target, check, FE_NO_SQUARE))
        *known = (int8_t) (++c->n_built);
      else
        *known = -1;
    }
  return *known > 0 ? &c->built[*known - 1] : NULL;
}

/* A necessary condition first, cheap: a few pieces of each side, within
 * each side's moves (a piece costs at least its cheapest option), have
 * an option for every requirement.  (Ignores where a piece must stand
 * and what several of its options cost together.) */
static gboolean
hitting (Ctx *c, int r, uint32_t xs, uint32_t ys, int x_left, int y_left)
{
  while (r < c->n_req && ((c->req[r]->xset & xs) || (c->req[r]->yset & ys)))
    r++;
  if (r == c->n_req)
    return TRUE;
  if (++c->steps > STEP_CAP)
    return TRUE;
  const Req *rq = c->req[r];
  for (uint32_t m = rq->xset; m; m &= m - 1)
    {
      int i = __builtin_ctz (m);
      if (c->xmin[i] <= x_left && hitting (c, r + 1, xs | 1u << i, ys, x_left - c->xmin[i], y_left))
        return TRUE;
    }
  for (uint32_t m = rq->yset; m; m &= m - 1)
    {
      int i = __builtin_ctz (m);
      if (c->ymin[i] <= y_left && hitting (c, r + 1, xs, ys | 1u << i, x_left, y_left - c->ymin[i]))
        return TRUE;
    }
  return FALSE;
}

static const int king_steps[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };

/* Can the mating position have Y's king on k? */
static gboolean
mate_on (Ctx *c)
{
  c->n_req = 0;
  c->n_fresh = 0;
  const Req *rq = requirement (c, c->k, TRUE);
  if (rq)
    c->req[c->n_req++] = rq;
  gboolean flights = !c->net->traits.king_steps_may_fail;
  if (flights && c->net->traits.kings_paralyse)
    for (int i = 0; i < c->nx && flights; i++)
      if (c->xp[i].royal)
        {
          /* X's king next to k: Y's king cannot step at all. */
          uint64_t around = c->net->tables[c->Y][c->net->index[FE_WALK_KING]].pattern[FE_SQ64 (c->k)];
          const WalkTables *t = tables_of (c, c->X, &c->xp[i]);
          if (t->anywhere[FE_SQ64 (c->xp[i].sq) * (DMAX + 1) + MIN (c->bx, DMAX)] & around)
            flights = FALSE;
        }
  for (int i = 0; flights && i < 8; i++)
    {
      int f = c->k + king_steps[i];
      if (f & 0x88)
        continue;
      /* Blocked by a Y piece standing there (Y's king has left K). */
      if (f != c->K && c->owner[f] < 0)
        continue;
      if ((rq = requirement (c, f, FALSE)))
        c->req[c->n_req++] = rq;
    }
  /* The most constrained requirements first. */
  for (int i = 1; i < c->n_req; i++)
    for (int j = i; j > 0 && c->req[j]->n < c->req[j - 1]->n; j--)
      {
        const Req *tmp = c->req[j];
        c->req[j] = c->req[j - 1];
        c->req[j - 1] = tmp;
      }
  if (c->n_req == 0)
    return TRUE;
  if (c->req[0]->n == 0)
    return FALSE;
  /* The cheapest option of each piece, for the necessary test. */
  memset (c->xmin, INF, sizeof c->xmin);
  memset (c->ymin, INF, sizeof c->ymin);
  for (int r = 0; r < c->n_req; r++)
    for (int k = 0; k < c->req[r]->n; k++)
      {
        const Option *o = &c->req[r]->o[k];
        uint8_t *m = o->kind == OPT_XMOVE || o->kind == OPT_XCOST ? &c->xmin[o->piece] : &c->ymin[o->piece];
        *m = MIN (*m, o->cost);
      }
  c->steps = 0;
  if (!hitting (c, 0, 0, 0, c->bx, c->by))
    return FALSE;
  for (int i = 0; i < c->nx; i++)
    {
      c->xmoves[i] = FALSE;
      c->xmin[i] = c->xcost[i] = 0;
    }
  for (int i = 0; i < c->ny; i++)
    {
      c->yblock[i] = FE_NO_SQUARE;
      c->ymin[i] = c->ycost[i] = 0;
    }
  c->xtotal = c->ytotal = 0;
  c->steps = 0;
  return allocate (c, 0);
}

static gboolean
castling_rights (const FePosition *pos, int side)
{
  return (pos->castling & (side == FE_WHITE ? 7 : 7 << 3)) != 0;
}

static gboolean
collect (Ctx *c, int colour, Piece *out, int *n, gboolean skip_king)
{
  *n = 0;
  for (uint64_t m = c->pos->occupied[colour]; m; m &= m - 1)
    {
      int sq = FE_SQ88 (__builtin_ctzll (m));
      FePiece p = c->pos->board[sq];
      gboolean royal = p.walk == FE_WALK_KING;
      if (royal && skip_king)
        continue;
      int wi = c->net->index[p.walk];
      if (wi < 0 || *n == 16)
        return FALSE;
      out[*n] = (Piece) { (uint8_t) sq, (uint8_t) wi, royal, gives_no_check (c->net, p.walk) };
      c->owner[sq] = (int8_t) (colour == c->X ? *n + 1 : -(*n + 1));
      (*n)++;
    }
  return TRUE;
}

/* What X piece p attacks where it stands: its leaps, its ride lines up to
 * the first piece (Y's king taken off), the lines the analysis does not
 * follow whole. */
static uint64_t
stationary_attacks (const Ctx *c, const Piece *p)
{
  const WalkTables *t = tables_of (c, c->X, p);
  int s64 = FE_SQ64 (p->sq);
  if (c->net->lines_unreliable)
    return t->pattern[s64];
  uint64_t att = t->free_pat[s64];
  const FeWalkDef *d = fe_walk_def (c->net->walks[p->wi]);
  if (d->family != FE_FAMILY_PLAIN && d->family != FE_FAMILY_KING)
    return att;
  for (int i = 0; i < d->n_rides; i++)
    {
      int v = d->rides[i];
      for (int sq = p->sq + v; !(sq & 0x88); sq += v)
        {
          att |= BIT (sq);
          if (sq != c->K && c->pos->board[sq].walk != FE_WALK_NONE)
            break;
        }
    }
  return att;
}

gboolean
fe_mating_net_possible (const FeMatingNet *net, const FePosition *pos, int mating, int x, int y)
{
  if (x < 1)
    return TRUE;
  Ctx c;
  c.net = net;
  c.pos = pos;
  c.X = mating;
  c.Y = FE_OPPONENT (mating);
  c.K = pos->king[c.Y];
  if (c.K == FE_NO_SQUARE || pos->occupied[FE_NEUTRAL])
    return TRUE;
  memset (c.owner, 0, sizeof c.owner);
  if (!collect (&c, c.X, c.xp, &c.nx, FALSE) || !collect (&c, c.Y, c.yp, &c.ny, TRUE))
    return TRUE;
  c.x_attacks = c.x_checks = 0;
  for (int i = 0; i < c.nx; i++)
    {
      uint64_t a = stationary_attacks (&c, &c.xp[i]);
      c.x_attacks |= a;
      if (!c.xp[i].no_check)
        c.x_checks |= a;
    }
  memset (c.known, 0, sizeof c.known);
  c.n_built = 0;
  /* Castling moves two pieces at once: one move more for the pieces. */
  int by = y + (y > 0 && castling_rights (pos, c.Y));
  c.bx = x + castling_rights (pos, c.X);
  c.by_max = by;
  const uint64_t *king_reach
    = net->tables[c.Y][net->index[FE_WALK_KING]].anywhere + FE_SQ64 (c.K) * (DMAX + 1);
  uint64_t tried = 0;
  for (int dk = 0; dk <= MIN (by, DMAX); dk++)
    {
      uint64_t squares = (dk == 0 ? BIT (c.K) : king_reach[dk]) & ~tried;
      tried |= squares;
      for (; squares; squares &= squares - 1)
        {
          c.k = FE_SQ88 (__builtin_ctzll (squares));
          c.by = by - dk;
          if (mate_on (&c))
            return TRUE;
        }
    }
  return by > DMAX; /* the king may go further than the tables say */
}

/* ---- the last moves: X's mating move, Y's move before it -------------- */

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
