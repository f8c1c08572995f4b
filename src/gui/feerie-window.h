/* feerie-window.h — the composing window.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "core/model/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_WINDOW (feerie_window_get_type ())
G_DECLARE_FINAL_TYPE (FeerieWindow, feerie_window, FEERIE, WINDOW, GtkApplicationWindow)

FeerieWindow *feerie_window_new (GtkApplication *app);
/* Loads a problem file (.xml, Popeye input, .olv, .fen) into the window,
 * every problem of it. */
gboolean feerie_window_open_file (FeerieWindow *self, GFile *file, GError **error);
/* Nothing in it yet: no file, no edit, one problem (recovery fills such a
 * window). */
gboolean feerie_window_is_pristine (FeerieWindow *self);
/* Shows recovered problems (the array and its problems are taken) as
 * unsaved work and writes their autosave. */
gboolean feerie_window_recover (FeerieWindow *self, GPtrArray *problems, GError **error);

G_END_DECLS
