/* feerie-application.h — the GtkApplication.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FEERIE_TYPE_APPLICATION (feerie_application_get_type ())
G_DECLARE_FINAL_TYPE (FeerieApplication, feerie_application, FEERIE, APPLICATION, GtkApplication)

/* Before anything else in main: the locale and its catalogues (the build
 * folder's when run from there), the application name, the walk table. */
void feerie_application_init_process (void);
FeerieApplication *feerie_application_new (void);
/* The application's settings (one object per caller), NULL when their
 * schema is neither installed nor, for the program run from the build
 * folder, compiled there. */
GSettings *feerie_settings_new (void);

G_END_DECLS
