/* attack.h — who observes or attacks a square, and check.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above observe.h (the forward fallback for exotic walks), below move
 * generation, castling and legality, which call it.
 */
#pragma once

#include "observe.h"

/* G-observation of `target` by pieces of `walk` playable by `side` (its own
 * and neutral ones, neutral pawns moving as `side`'s).  `accept`, when not
 * NULL, is asked about each observer found and returns true to count it
 * (Madrasi skips magicians).  Geometric otherwise, on the plain board. */
bool fe_square_observed_by_filtered (const FePosition *pos, FeSquare target, int side, int walk,
                                     FeObservationFunc accept, void *data);

/* Every active condition lets this observation stand (its capture_allowed
 * hook: paralysis, imitability, a patrol piece's support). */
bool fe_observation_allowed (const FePosition *pos, const FeCapturePath *path);

/* Attack (docs/rules/common-model.md §3.3): a piece playable by `by_side`
 * could capture on `target`, allowed by every active condition. */
bool fe_square_attacked (const FePosition *pos, FeSquare target, int by_side);
/* Check by attack: every condition's check but those whose captures start
 * elsewhere (fe_in_check, movegen.h, decides which applies). */
bool fe_in_check_by_attack (const FePosition *pos, int side);


/* Bit FE_SQ64 of every square beyond a square (by its FE_SQ64 index) along
 * each queen line, in the order +1, -1, +16, -16, +17, +15, -17, -15. */
extern uint64_t fe_queen_rays[64][8];
