/* mating-net-private.h — what the goal-directed pruning's three files
 * share: the relaxed board's tables (mating-net-tables.c builds them), the
 * search for an allocation (mating-net.c) and the filter of the last two
 * moves (mating-net-last-moves.c) read them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mating-net.h"
#include "core/model/walk.h"

/* Distances are tabled up to DMAX moves; FAR stands for "more", which a
 * budget above DMAX allows. */
#define DMAX 7
#define FAR (DMAX + 1)
/* Walks one piece may take on by mutation and promotion (Einstein chains,
 * promotions): beyond it the analysis is refused. */
#define MAX_REACH_WALKS 16

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

/* A king gives no check unless a condition lets it (kings_may_check). */
static inline gboolean
gives_no_check (const FeMatingNet *net, int walk)
{
  return walk == FE_WALK_KING && !net->traits.kings_may_check;
}

/* Has `side` a castling right left? */
static inline gboolean
castling_rights (const FePosition *pos, int side)
{
  return (pos->castling & (side == FE_WHITE ? 7 : 7 << 3)) != 0;
}
