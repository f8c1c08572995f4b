/* target-distance.h — a=>b: can the target still be reached in time?
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/model/position.h"

/* In orthodox chess only (no condition, no fairy piece: see
 * target-distance.c): can `pos` become `target` (fe_position_same_placement)
 * with at most moves[FE_WHITE] white and moves[FE_BLACK] black moves?
 * FALSE only when it provably cannot. */
gboolean fe_target_reachable (const FePosition *pos, const FePosition *target, const int moves[2]);

/* Moves at least, on an empty board, for the orthodox piece `x` on `from`
 * (0..63) to stand on `to` as `want` (a pawn: by its steps and captures,
 * promoting on the way when `want` is a piece); FE_FAR_MOVES when never.
 * fe_orthodox_distance_init must have run once. */
#define FE_FAR_MOVES 1000
void fe_orthodox_distance_init (void);
int fe_orthodox_distance (FePiece x, int from, FePiece want, int to);

/* The cheapest assignment of n rows to distinct columns of `cost`
 * (n <= m <= 16). */
int fe_cheapest_assignment (int n, int m, int cost[16][16]);
/* The same, or (cheaper to find) the sum of each row's cheapest column
 * when that already exceeds `limit`: a lower bound either way. */
int fe_assignment_bound (int n, int m, int cost[16][16], int limit);
