/* ends.h — how help and series lines end besides a goal move: the self,
 * reflex and reciprocal ends, and the reflex duties (ends.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules/stipulations.md §4, §6, §7: after the help or series part, the
 * side to move (the "ending side") is forced to reach the goal in one (self:
 * hs, ser-s), can and so must (reflex: hr, ser-r), or can reach its own goal
 * in one while it and the other side can reach the other's in two
 * (reciprocal: reci-h, ser-reci-h).
 */
#pragma once

#include "search.h"


/* Can the side to move reach `goal` with one legal move?  Kept in the
 * table (the reflex duties ask it at every node). */
gboolean fe_goal_in_one (FeSolver *s, FeGoal goal);

/* Does the end hold with the ending side to move in s->pos?  Kept in the
 * table; fe_end_search asks again (the verifier, which has none). */
gboolean fe_end_holds (FeSolver *s, FeEnd end);
gboolean fe_end_search (FeSolver *s, FeEnd end);
/* The self end: the side to move has a legal move, and every one reaches
 * the goal. */
gboolean fe_forced_to_goal (FeSolver *s);

/* Adds every line that ends here: the moves s->line_moves[0 .. depth)
 * that led here, then each ending move (self: every legal move; reflex:
 * every goal move; reciprocal: each move of the ending side with each
 * reply that reaches the goal, then each move that reaches its own goal).
 * `lead` and `series_len` as fe_solver_add_line's; for a reciprocal end after a
 * series, the ending side's move is numbered as a series move. */
void fe_end_add_lines (FeSolver *s, FeEnd end, int depth, int lead, int series_len);

/* Reflex play's diagram (docs/rules/stipulations.md §4.1): when the side to
 * move, which must not reach the goal itself, can, Popeye writes each such
 * move with " ?!?" and nothing else.  Adds them (lines, or battle nodes) and
 * returns whether there were any. */
gboolean fe_reflex_diagram_violation (FeSolver *s, gboolean battle);
