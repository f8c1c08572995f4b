/* attack.c — who observes a square, and check.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Looks backwards from the target for each walk present on the board, so a
 * check test costs a few table walks instead of a full move generation.
 * Walks without a simple reverse (lame leapers, equihoppers, rose…) fall
 * back to the forward observation generator (observe.h, the layer below:
 * nothing there calls back here).
 */
#include <glib.h>

#include "attack.h"
#include "core/model/walk.h"

typedef struct {
  const FePosition *pos;
  int walk;
  /* colour test: exact colour, or playable by side (neutral included) */
  int colour;
  bool playable;
  /* Geometric search on the plain board: squares blocked by a condition
   * (monochrome imitators) are not seen (Madrasi,
   * docs/rules/combinations.md §1). */
  bool plain;
  /* Called for every geometric candidate; true = accept (stop). */
  bool (*accept) (const FePosition *pos, const FeCapturePath *path, void *data);
  void *data;
} Search;

static inline bool
matches (const Search *s, FePiece p)
{
  if (p.walk != s->walk)
    return false;
  return s->playable ? (p.colour == s->colour || p.colour == FE_NEUTRAL) : p.colour == s->colour;
}

static inline bool
found (const Search *s, int from, int to, int nature, int aux)
{
  if (!s->accept)
    return true;
  int side = s->playable || s->colour != FE_NEUTRAL ? s->colour : FE_WHITE;
  FeCapturePath p = { from, to, nature, aux, side };
  return s->accept (s->pos, &p, s->data);
}

typedef struct {
  const Search *search;
  FeSquare target;
  bool hit;
} Forward;

static bool
forward_cb (const FePosition *pos, const FeCapturePath *path, void *data)
{
  Forward *f = data;
  if (path->to != f->target)
    return false;
  if (found (f->search, path->from, path->to, path->nature, path->aux))
    f->hit = true;
  return f->hit;
}

/* May a pawn of `side` on its relative rank capture at all
 * (docs/rules/common-model.md §5.2, §5.5)? */
static bool
pawn_rank_may_capture (const FePosition *pos, int rel_rank, int side)
{
  if (rel_rank == 7)
    return false;
  if (rel_rank != 0)
    return true;
  if (pos->rules)
    for (int i = 0; i < pos->rules->n_ops; i++)
      if (pos->rules->ops[i]->pawns_from_first_rank
          && pos->rules->ops[i]->pawns_from_first_rank (pos, side) > 0)
        return true;
  return false;
}

/* Looking back from `sq` along v: the first piece there is a rider of the
 * walk sought, at distance j, that counts as attacking t? */
static inline bool
rider_behind (const Search *s, int sq, int v, int t, int nature)
{
  const FePiece *b = s->pos->board;
  int from = sq - v, j = 1;
  while (!(from & 0x88) && b[from].walk == FE_WALK_NONE)
    from -= v, j++;
  return !(from & 0x88) && matches (s, b[from]) && found (s, from, t, nature, j);
}

static bool
search_walk (const Search *s, int t)
{
  const FePosition *pos = s->pos;
  const FePiece *b = pos->board;
  const FeWalkDef *d = fe_walk_def (s->walk);
  /* Blocked squares (monochrome imitators, docs/rules/imitator.md §9) exist
   * only for the forward generator's board: look forwards for every walk
   * then. */
  int family = !s->plain && pos->rules && pos->rules->any_blocked_hook ? -1 : d->family;

  switch (family)
    {
    case FE_FAMILY_PAWN:
      {
        /* The pawns that capture on t move in the attacking side's direction
         * (a neutral pawn in the direction of the side playing it). */
        int mover = s->playable ? s->colour : (s->colour == FE_NEUTRAL ? FE_WHITE : s->colour);
        int fwd = mover == FE_WHITE ? 16 : -16;
        for (int k = -1; k <= 1; k += 2)
          {
            int from = t - fwd + k;
            if ((from & 0x88) || !matches (s, b[from]))
              continue;
            int rel = mover == FE_WHITE ? FE_RANK (from) : 7 - FE_RANK (from);
            if (pawn_rank_may_capture (pos, rel, mover) && found (s, from, t, FE_NATURE_LEAP, 1))
              return true;
          }
        return false;
      }
    case FE_FAMILY_PLAIN:
    case FE_FAMILY_KING:
      for (int i = 0; i < d->n_leaps; i++)
        {
          int from = t - d->leaps[i];
          if (!(from & 0x88) && matches (s, b[from]) && found (s, from, t, FE_NATURE_LEAP, 1))
            return true;
        }
      for (int i = 0; i < d->n_rides; i++)
        if (rider_behind (s, t, d->rides[i], t, FE_NATURE_RIDE))
          return true;
      return false;
    case FE_FAMILY_HOPPER:
    case FE_FAMILY_KINGHOPPER:
      for (int i = 0; i < d->n_hops; i++)
        {
          int v = d->hops[i];
          int h = t;
          bool ok = true;
          for (int k = 1; k <= d->hop_land && ok; k++)
            {
              h -= v;
              ok = !(h & 0x88) && (k == d->hop_land || b[h].walk == FE_WALK_NONE);
            }
          if (!ok || b[h].walk == FE_WALK_NONE)
            continue;
          if (d->family == FE_FAMILY_HOPPER)
            {
              if (rider_behind (s, h, v, t, FE_NATURE_HOP))
                return true;
              continue;
            }
          int from = h - v; /* the kinghopper stands next to its hurdle */
          if (!(from & 0x88) && matches (s, b[from]) && found (s, from, t, FE_NATURE_HOP, 1))
            return true;
        }
      return false;
    case FE_FAMILY_LOCUST:
      for (int i = 0; i < d->n_hops; i++)
        {
          int v = d->hops[i];
          int land = t + v;
          if ((land & 0x88) || b[land].walk != FE_WALK_NONE)
            continue;
          if (rider_behind (s, t, v, t, FE_NATURE_HOP))
            return true;
        }
      return false;
    case FE_FAMILY_LION:
    case FE_FAMILY_CHINESE: /* captures as a lion does: the first piece past the hurdle */
      for (int i = 0; i < d->n_hops; i++)
        {
          int v = d->hops[i];
          int h = t - v;
          while (!(h & 0x88) && b[h].walk == FE_WALK_NONE)
            h -= v;
          if (!(h & 0x88) && rider_behind (s, h, v, t, FE_NATURE_LION))
            return true;
        }
      return false;
    default:
      {
        /* Forward fallback: every piece of the walk lists what it observes. */
        for (int i = 0; i < 64; i++)
          {
            int from = FE_SQ88 (i);
            if (!matches (s, b[from]))
              continue;
            Forward f = { s, t, false };
            int side = s->playable ? s->colour : (b[from].colour == FE_BLACK ? FE_BLACK : FE_WHITE);
            if (s->plain)
              fe_for_each_plain_observation (pos, from, side, forward_cb, &f);
            else
              fe_for_each_observation (pos, from, side, forward_cb, &f);
            if (f.hit)
              return true;
          }
        return false;
      }
    }
}

bool
fe_square_observed_by_filtered (const FePosition *pos, FeSquare target, int side, int walk,
                                FeObservationFunc accept, void *data)
{
  Search s = { pos, walk, side, true, true, accept, data };
  if (!pos->walk_count[side][walk] && !pos->walk_count[FE_NEUTRAL][walk])
    return false;
  return search_walk (&s, target);
}

bool
fe_observation_allowed (const FePosition *pos, const FeCapturePath *path)
{
  const FeRules *r = pos->rules;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->capture_allowed && !r->ops[i]->capture_allowed (pos, path))
      return false;
  return true;
}

static bool
capture_allowed (const FePosition *pos, const FeCapturePath *path, void *data)
{
  (void) data;
  return fe_observation_allowed (pos, path);
}

/* A check (fe_in_check): the observation must stand, and every condition
 * with a check of its own kind must count it
 * (docs/rules/effect-order.md §2). */
static bool
check_allowed (const FePosition *pos, const FeCapturePath *path, void *data)
{
  const FeRules *r = pos->rules;
  if (r->any_capture_hook && !capture_allowed (pos, path, data))
    return false;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->check_allowed && !r->ops[i]->check_allowed (pos, path))
      return false;
  return true;
}

#define WALK_BIT(w) (UINT64_C (1) << (w))
#define ORTHODOX_BITS (WALK_BIT (FE_WALK_KING) | WALK_BIT (FE_WALK_QUEEN) | WALK_BIT (FE_WALK_ROOK) \
                       | WALK_BIT (FE_WALK_BISHOP) | WALK_BIT (FE_WALK_KNIGHT) | WALK_BIT (FE_WALK_PAWN))

static inline bool
attacker_colour (FePiece p, int by_side)
{
  return p.colour == by_side || p.colour == FE_NEUTRAL;
}

static const int queen_lines[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };

uint64_t fe_queen_rays[64][8];
/* The squares a knight or a king on a square reaches (bit FE_SQ64). */
static uint64_t knight_reach[64], king_reach[64];
static const int knight_leaps[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };

/* Filled before main: the tables are read on every check test, which must
 * not pay a once-guard. */
__attribute__ ((constructor)) static void
init_reach_tables (void)
{
  for (int i = 0; i < 64; i++)
    for (int l = 0; l < 8; l++)
      {
        uint64_t m = 0;
        for (int s = FE_SQ88 (i) + queen_lines[l]; !(s & 0x88); s += queen_lines[l])
          m |= UINT64_C (1) << FE_SQ64 (s);
        fe_queen_rays[i][l] = m;
        int n = FE_SQ88 (i) + knight_leaps[l], k = FE_SQ88 (i) + queen_lines[l];
        if (!(n & 0x88))
          knight_reach[i] |= UINT64_C (1) << FE_SQ64 (n);
        if (!(k & 0x88))
          king_reach[i] |= UINT64_C (1) << FE_SQ64 (k);
      }
}

/* An attacker found: without a capture hook it counts at once, else the
 * conditions judge it (paralysis, imitability). */
static inline bool
accepted (const Search *s, int from, int t, int nature, int aux)
{
  return !s->accept || found (s, from, t, nature, aux);
}

/* The orthodox walks looked up together: one scan per line serves queen,
 * rook and bishop, which is most of the check tests of any search, and a
 * line with no piece of the attacker on it is not scanned at all.  The
 * candidates are those search_walk would find walk by walk, with the same
 * nature and distance, so a capture hook sees the same paths. */
static bool
orthodox_attacked (const Search *s, int t, int by_side, uint64_t present)
{
  const FePosition *pos = s->pos;
  const FePiece *b = pos->board;
  uint64_t theirs = pos->occupied[by_side] | pos->occupied[FE_NEUTRAL];
  int t64 = FE_SQ64 (t);
  if (present & WALK_BIT (FE_WALK_PAWN))
    {
      int fwd = by_side == FE_WHITE ? 16 : -16;
      for (int k = -1; k <= 1; k += 2)
        {
          int from = t - fwd + k;
          if ((from & 0x88) || b[from].walk != FE_WALK_PAWN || !attacker_colour (b[from], by_side))
            continue;
          int rel = by_side == FE_WHITE ? FE_RANK (from) : 7 - FE_RANK (from);
          if (pawn_rank_may_capture (pos, rel, by_side) && accepted (s, from, t, FE_NATURE_LEAP, 1))
            return true;
        }
    }
  /* Knights and kings: only the squares in reach that hold an attacker's
   * piece are looked at (one or two, where there were eight). */
  if (present & WALK_BIT (FE_WALK_KNIGHT))
    for (uint64_t m = knight_reach[t64] & theirs; m; m &= m - 1)
      {
        int from = FE_SQ88 (__builtin_ctzll (m));
        if (b[from].walk == FE_WALK_KNIGHT && accepted (s, from, t, FE_NATURE_LEAP, 1))
          return true;
      }
  if (present & WALK_BIT (FE_WALK_KING))
    for (uint64_t m = king_reach[t64] & theirs; m; m &= m - 1)
      {
        int from = FE_SQ88 (__builtin_ctzll (m));
        if (b[from].walk == FE_WALK_KING && accepted (s, from, t, FE_NATURE_LEAP, 1))
          return true;
      }
  uint64_t sliders = present & (WALK_BIT (FE_WALK_QUEEN) | WALK_BIT (FE_WALK_ROOK) | WALK_BIT (FE_WALK_BISHOP));
  if (sliders)
    {
      const uint64_t *rays = fe_queen_rays[t64];
      for (int i = 0; i < 8; i++)
        {
          if (!(rays[i] & theirs))
            continue;
          int v = queen_lines[i];
          int from = t + v, k = 1;
          while (!(from & 0x88) && b[from].walk == FE_WALK_NONE)
            from += v, k++;
          if (from & 0x88)
            continue;
          FePiece p = b[from];
          if (!attacker_colour (p, by_side))
            continue;
          if ((p.walk == FE_WALK_QUEEN || p.walk == (i < 4 ? FE_WALK_ROOK : FE_WALK_BISHOP))
              && accepted (s, from, t, FE_NATURE_RIDE, k))
            return true;
        }
    }
  return false;
}

/* Whether `by_side` attacks `target`; `check`: the king there, so the
 * conditions' check hooks have their say too. */
static bool
square_attacked (const FePosition *pos, FeSquare target, int by_side, bool check)
{
  Search s = { pos, 0, by_side, true, false, NULL, NULL };
  uint64_t present = pos->walk_mask[by_side] | pos->walk_mask[FE_NEUTRAL];
  if (pos->rules && check && pos->rules->any_check_hook)
    s.accept = check_allowed;
  else if (pos->rules && pos->rules->any_capture_hook)
    s.accept = capture_allowed;
  if (!(pos->rules && pos->rules->any_blocked_hook))
    {
      if ((present & ORTHODOX_BITS) && orthodox_attacked (&s, target, by_side, present))
        return true;
      present &= ~ORTHODOX_BITS;
    }
  while (present)
    {
      int w = __builtin_ctzll (present);
      present &= present - 1;
      s.walk = w;
      if (search_walk (&s, target))
        return true;
    }
  return false;
}

bool
fe_square_attacked (const FePosition *pos, FeSquare target, int by_side)
{
  return square_attacked (pos, target, by_side, false);
}

bool
fe_in_check_by_attack (const FePosition *pos, int side)
{
  FeSquare k = pos->king[side];
  return k != FE_NO_SQUARE && square_attacked (pos, k, FE_OPPONENT (side), true);
}
