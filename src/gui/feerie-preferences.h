/* feerie-preferences.h — the Preferences window: board colours and piece
 * font, bound to GSettings.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FEERIE_TYPE_PREFERENCES (feerie_preferences_get_type ())
G_DECLARE_FINAL_TYPE (FeeriePreferences, feerie_preferences, FEERIE, PREFERENCES, GtkWindow)

FeeriePreferences *feerie_preferences_new (GSettings *settings);

/* Test hook: choose a font or a colour ("light" / "dark", "#rrggbb") as
 * the user would in the widgets; FALSE when the font is not offered or
 * the colour does not parse. */
gboolean feerie_preferences_choose_font (FeeriePreferences *self, const char *family);
gboolean feerie_preferences_choose_colour (FeeriePreferences *self, const char *which, const char *colour);

G_END_DECLS
