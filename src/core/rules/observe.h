/* observe.h — what a piece observes: its capture pattern on the board.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bottom of move generation (movegen-walks.c): geometry only, no
 * condition consulted, no move made.  attack.c and the conditions build on
 * it; it calls nothing above it.
 */
#pragma once

#include "condition.h"
#include "core/model/position.h"

/* Called for each square a piece observes (its capture pattern on the
 * current board, whatever stands there).  Return true to stop. */
typedef bool (*FeObservationFunc) (const FePosition *pos, const FeCapturePath *path, void *data);

/* The capture pattern of the piece on `from`, played by `side` (matters for
 * neutral pawns).  Geometric only: no condition is consulted. */
void fe_for_each_observation (const FePosition *pos, FeSquare from, int side,
                              FeObservationFunc func, void *data);

/* The same on the board itself: squares a condition blocks for `side`
 * (monochrome imitators) are not seen.  Madrasi paralysis ignores
 * imitators (docs/rules/combinations.md §1). */
void fe_for_each_plain_observation (const FePosition *pos, FeSquare from, int side,
                                    FeObservationFunc func, void *data);

