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

G_END_DECLS
