/* solution-lines.h — the lines of a printed solution that appear twice.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules/decisions.md D7: one move, one line.  The solution part (after
 * the diagram, if any) is read as a tree the way
 * tests/oracle/solution_lines.py reads it — move lines, "but" and twin
 * headers, spaces folded, nested by move number — and two siblings of one
 * parent with the same text are a line printed twice.  Every C test that runs
 * the solver checks its output with it; the Python scripts use
 * solution_lines.py.
 */
#pragma once

#include <glib.h>

/* NULL when no line appears twice; else the first such line, with the
 * lines leading to it ("a) / 1.Mg1-e2 !").  Free it. */
char *fe_test_repeated_line (const char *text);
