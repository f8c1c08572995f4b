/* feerie-twins-editor.h — the Twins page: one row per twin with its
 * position in a small board, pickers for the twinning commands and the
 * Popeye text for power users.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_TWINS_EDITOR (feerie_twins_editor_get_type ())
G_DECLARE_FINAL_TYPE (FeerieTwinsEditor, feerie_twins_editor, FEERIE, TWINS_EDITOR, GtkWidget)

/* The problem the twins derive from (copied).  Its twins replace the
 * editor's text unless they are what the editor last committed: a diagram
 * edit re-checks the twins being typed instead of dropping them. */
void feerie_twins_editor_set_problem (FeerieTwinsEditor *self, const FeProblem *problem);

/* The Popeye twin lines ("+" starts a continued twin), as typed. */
char *feerie_twins_editor_get_text (FeerieTwinsEditor *self);
void feerie_twins_editor_set_text (FeerieTwinsEditor *self, const char *text);

/* The pickers, as the user sets them: `op` is one of "move", "exchange",
 * "remove", "add", "rotate", "mirror", "shift", "condition",
 * "stipulation", "polishtype"; `a`, `b` squares; `piece` for add
 * ("white S", "black N"…: colour and walk code); `value` the rotation,
 * mirror, condition or stipulation; `continued` the "Continue the last
 * twin" box.  Then, when `add`, a click on Add. */
gboolean feerie_twins_editor_pick (FeerieTwinsEditor *self, const char *op, const char *a,
                                   const char *b, const char *piece, const char *value,
                                   gboolean continued, gboolean add, GError **error);

/* Tests: the Add button (row_index -1) or row_index's remove button. */
GtkWidget *feerie_twins_editor_get_button (FeerieTwinsEditor *self, int row_index);
/* Clicks the remove button of row `index` (from 0); FALSE without it. */
gboolean feerie_twins_editor_remove_row (FeerieTwinsEditor *self, guint index);

/* Tests: one line per twin: "twin LABEL ok|error: LINE — DESCRIPTION|MESSAGE"
 * then "preview LABEL" and the pieces of its preview board. */
char *feerie_twins_editor_describe (FeerieTwinsEditor *self);
/* The first error shown, "" when none. */
const char *feerie_twins_editor_get_error (FeerieTwinsEditor *self);

G_END_DECLS
