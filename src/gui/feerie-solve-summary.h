/* feerie-solve-summary.h — the soundness summary of a solve, as markup.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "core/backend/backend.h"

/* The soundness summary of every twin, as Pango markup; `complete` FALSE
 * says the solve was stopped. */
char *feerie_solve_summary_markup (FeSolution *solution, gboolean complete);
