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
 * The tables it reads are mating-net-tables.c's; the filter of the last
 * two moves, mating-net-last-moves.c.
 */
#include <string.h>

#include "mating-net-private.h"

/* A cost no piece can pay. */
#define INF 255
/* Work of one search for an allocation: past it, "maybe". */
#define STEP_CAP 4000

/* ---- the search for an allocation ------------------------------------ */

typedef struct {
  uint8_t sq; /* 0x88 */
  uint8_t wi; /* closure index */
  gboolean royal;
  gboolean no_check; /* a king, where kings give no check */
} Piece;

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
