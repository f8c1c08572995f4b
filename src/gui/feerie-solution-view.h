/* feerie-solution-view.h — the solution pane: tree of moves, progress,
 * soundness summary and the playback buttons.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/solution/solution.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_SOLUTION_VIEW (feerie_solution_view_get_type ())
G_DECLARE_FINAL_TYPE (FeerieSolutionView, feerie_solution_view, FEERIE, SOLUTION_VIEW, GtkBox)

/* Empties the tree for a new solve (solution may be NULL: nothing shown).
 * With `flatten`, the single twin's root is not shown as a row. */
void feerie_solution_view_reset (FeerieSolutionView *self, FeSolution *solution, gboolean flatten);
/* Nodes just delivered by the solver, in order (each node's parent was
 * delivered before it). */
void feerie_solution_view_add (FeerieSolutionView *self, const FeSolutionNode *const *nodes,
                               guint n);
/* The solve ended: rebuilds the rows so that only moves with replies fold. */
void feerie_solution_view_finish (FeerieSolutionView *self);
void feerie_solution_view_set_progress (FeerieSolutionView *self, const char *text);
void feerie_solution_view_set_summary (FeerieSolutionView *self, const char *text);
/* Solutions found past those kept: `text` says how many (NULL hides it);
 * `ask` shows Keep Solving and Stop Here (win.keep-solving, win.stop-solving). */
void feerie_solution_view_set_over (FeerieSolutionView *self, const char *text, gboolean ask);
void feerie_solution_view_set_step (FeerieSolutionView *self, const char *text);
/* A solution of an older position: greyed, and said so. */
void feerie_solution_view_set_stale (FeerieSolutionView *self, gboolean stale);
void feerie_solution_view_unselect (FeerieSolutionView *self);
/* Does the node belong to help or series play (a row per line, the row
 * of the line's last move)? */
gboolean feerie_solution_view_is_line_play (const FeSolutionNode *node);
/* Selects the row of a node (expanding its parents); FALSE if not shown.
 * In help and series play only the last move of a line has a row. */
gboolean feerie_solution_view_select (FeerieSolutionView *self, const FeSolutionNode *node);
/* Tells why Solve is off ("" or NULL when it is on). */
void feerie_solution_view_set_reason (FeerieSolutionView *self, const char *text);

G_END_DECLS
