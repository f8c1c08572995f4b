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

G_END_DECLS
