/* feerie-twins-editor.h — the Twins page: one row per twin with its
 * position in a small board, pickers that build twinning commands and the
 * twins' Popeye text for power users.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/model/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_TWINS_EDITOR (feerie_twins_editor_get_type ())
G_DECLARE_FINAL_TYPE (FeerieTwinsEditor, feerie_twins_editor, FEERIE, TWINS_EDITOR, GtkWidget)

/* The problem the twins derive from (copied).  Its twins replace the
 * editor's rows unless they are the twins the editor last handed over: a
 * diagram edit checks the rows again (each twin once, in order) and keeps
 * what is being typed.  The editor emits "twins-changed" (GPtrArray of
 * FeTwin*, the editor's; gboolean typed) when its rows all read and apply
 * and differ from the problem's. */
void feerie_twins_editor_set_problem (FeerieTwinsEditor *self, const FeProblem *problem);

G_END_DECLS
