/* fe-i18n.h — the core's and io's messages translated where they are made.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Errors and refusals built here (a file that does not read, a rule a
 * position breaks, why Solve is off) reach the window whole, arguments
 * in place: only here can their words be translated.  GLib's gettext,
 * no GTK: the window binds the catalogue and sets the locale; feerie-cli
 * sets no locale, so its messages stay in English.
 */
#pragma once

#include <string.h>
#include <glib.h>

#define FE_TEXT_DOMAIN "feerie"
#define _(text) g_dgettext (FE_TEXT_DOMAIN, text)
/* With a context, for a word whose translation depends on it. */
#define C_(context, text) g_dpgettext (FE_TEXT_DOMAIN, context "\004" text, strlen (context) + 1)
