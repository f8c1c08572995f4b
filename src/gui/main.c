/* main.c — the `feerie` executable: `feerie [FILE]`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "feerie-application.h"
#include "core/walk.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FEERIE_LOCALEDIR") ? g_getenv ("FEERIE_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name ("Féerie");
  fe_walks_init ();

  g_autoptr (FeerieApplication) app = feerie_application_new ();
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  if (g_object_get_data (G_OBJECT (app), "feerie-test-failed"))
    status = 1;
  return status;
}
