/* feerie-application.h — the GtkApplication.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FEERIE_TYPE_APPLICATION (feerie_application_get_type ())
G_DECLARE_FINAL_TYPE (FeerieApplication, feerie_application, FEERIE, APPLICATION, GtkApplication)

FeerieApplication *feerie_application_new (void);
/* The open Preferences window, or NULL (tests). */
GtkWindow *feerie_application_get_preferences (FeerieApplication *self);

typedef struct _FeerieWindow FeerieWindow;
typedef void (*FeerieScriptRunner) (FeerieWindow *window, const char *path);
/* feerie-test sets the interpreter of FEERIE_TEST_SCRIPT (the shipped
 * feerie has none, so the variable does nothing there). */
void feerie_application_set_script_runner (FeerieApplication *self, FeerieScriptRunner runner);

G_END_DECLS
