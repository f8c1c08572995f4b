/* target-distance.h — a=>b: can the target still be reached in time?
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/position.h"

/* In orthodox chess only (no condition, no fairy piece: see
 * target-distance.c): can `pos` become `target` (fe_position_same_placement)
 * with at most moves[FE_WHITE] white and moves[FE_BLACK] black moves?
 * FALSE only when it provably cannot. */
gboolean fe_target_reachable (const FePosition *pos, const FePosition *target, const int moves[2]);
