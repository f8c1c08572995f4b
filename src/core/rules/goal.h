/* goal.h — the goal test both backends share: has the move just made
 * reached a goal?  (docs/rules/stipulations.md §8.)
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "movegen.h"
#include "core/model/stipulation.h"

/* What the goals of the diagram (ct, ctr, <>, <>r, k) and a=>b compare
 * with: the twin's diagram, by piece and by square. */
typedef struct {
  /* The square each piece, by FePiece.id, stood on; FE_NO_SQUARE: none. */
  uint8_t diagram_square[256];
  /* The id of the piece on each 0x88 square of the diagram; 0: none. */
  uint8_t diagram_id[128];
  /* a=>b: the position B; NULL otherwise. */
  const FePosition *target_position;
} FeGoalContext;

void fe_goal_context_init (FeGoalContext *c, const FePosition *diagram, const FePosition *target_position);

/* Called with `pos` after `last` was made (its log `undo`; both NULL
 * before any move): is `goal` reached?  `target`: the square of z and k.
 * The goals a backend does not take must have been refused before. */
gboolean fe_goal_reached (FePosition *pos, const FeGoalContext *c, FeGoal goal, FeSquare target,
                          const FeMove *last, const FeUndo *undo);
