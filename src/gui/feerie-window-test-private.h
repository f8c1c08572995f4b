/* feerie-window-test-private.h — the test hook's parts (feerie-window-test*.c,
 * built into feerie-test only).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-window-private.h"

/* Runs one script command on the window (feerie-window-test-cmds-edit.c);
 * FALSE with `error` when it fails or is unknown. */
gboolean feerie_window_test_command (FeerieWindow *self, char **argv, GError **error);
/* The commands not found by feerie_window_test_command
 * (feerie-window-test-cmds-view.c). */
gboolean feerie_window_test_view_command (FeerieWindow *self, char **argv, GError **error);

/* Writes the screen position of a point of `widget` for xdotool. */
gboolean feerie_window_test_write_point (FeerieWindow *self, GtkWidget *widget, double x, double y,
                                         const char *path, GError **error);
