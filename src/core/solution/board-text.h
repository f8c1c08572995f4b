/* board-text.h — the diagram block Popeye prints above a solution.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"

/* The diagram, stipulation and condition lines, as Popeye prints them. */
void fe_write_board (const FeProblem *problem, GString *out);
