/* stipulation-text.h — a stipulation explained in one sentence.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/model/stipulation.h"

/* What the stipulation asks, in words, in the user's language where the
 * program bound the "feerie" catalogue (the window's stipulation field):
 * "White and Black help each other for 2½ moves, then White forces Black
 * to mate in one move."  Caller frees. */
char *fe_stipulation_explain (const FeStipulation *stip);
