/* replay.h — checks a printed solution against the rules, independently of
 * the solver's search: every line is replayed move by move through the
 * legal-move generator from the position its tree parent reached.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"

/* Replays the solution part `text` (as fe_solve writes it: move lines,
 * "but", no board) of a problem without twins from `start` (rules
 * attached, side to move set).  Checks that
 *  - every move is legal where it is played (a pass is allowed only where
 *    the notation needs one: a threat, set play, a series);
 *  - every check mark is true: "+" gives check, "#" mates, "=" stalemates,
 *    and every move that gives check carries "+" or "#";
 *  - every line that ends a variation (no try "?", no refutation "!") ends
 *    with the goal of `stip`: "#" for mate, "=" for stalemate, "+" for
 *    check, a capture for x.
 * `goal_mark` is "#", "=", "+", "x" (a capture), "~" (any move), a mark
 * of docs/rules/stipulations.md §2 ("##", "##!", "#=", "!=", "!#": the
 * goal move of the first two and the last may leave its mover in check),
 * "ep" (an e.p. capture) or "" (a goal without a mark, not judged);
 * `dot_side` is the side whose moves are numbered "n." (white in direct,
 * self and reflex play, black in help play), the other side's "n...";
 * `series` allows passes between the moves of a line; `whole_lines` (help
 * and series play) reads each line from the diagram, whatever its first
 * number.
 * Returns NULL when all holds, else a message naming the line (free it).
 * *lines_checked counts the lines replayed. */
char *fe_test_replay_solution (const FePosition *start, int dot_side, const char *goal_mark,
                               gboolean series, gboolean whole_lines, const char *text,
                               int *lines_checked);

/* The solutions of a short problem found by brute force over the legal
 * moves, sorted, one a line, moves in notation without marks: the keys of
 * "#1", "=1", "+1", "x1", "~1", "s#1"; the whole lines of "h#1", "h#1.5",
 * "ser-#2", "hs#1", "hr#1" (or the " ?!?" moves), "reci-h#1" (both lines
 * of the end).  Free it. */
char *fe_test_brute_solutions (const FePosition *start, const char *stip);

/* The same for "a=>b1", "a=>b1.5", "a=>b2" (help play from the side to
 * move in `start`), "ser-a=>b2" and "ser-ha=>b2", with target `target`:
 * every line that ends on it, shorter ones included. */
char *fe_test_brute_target_solutions (const FePosition *start, const FePosition *target,
                                      const char *stip);

/* The same list read from printed output: the keys ("!" lines of the first
 * level) when `keys_only`, else every move line.  Free it. */
char *fe_test_printed_solutions (const char *text, gboolean keys_only);
