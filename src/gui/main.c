/* main.c — the `feerie` executable: `feerie [FILE]`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "feerie-application.h"
#include "feerie-window.h"
#include "core/walk.h"

/* FEERIE_LOCALEDIR, else the build folder's catalogues when this program
 * is the one built there (not installed), else the installed ones. */
static char *
locale_dir (void)
{
  const char *env = g_getenv ("FEERIE_LOCALEDIR");
  if (env && *env)
    return g_strdup (env);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe && g_str_has_prefix (exe, BUILD_ROOT G_DIR_SEPARATOR_S))
    return g_strdup (BUILD_LOCALEDIR);
  return g_strdup (LOCALEDIR);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_autofree char *localedir = locale_dir ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name ("Féerie");
  fe_walks_init ();

  g_autoptr (FeerieApplication) app = feerie_application_new ();
#ifdef FEERIE_TEST_HOOK
  /* feerie-test only: FEERIE_TEST_SCRIPT drives the window. */
  feerie_application_set_script_runner (app, feerie_window_run_script);
#endif
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  if (g_object_get_data (G_OBJECT (app), "feerie-test-failed"))
    status = 1;
  return status;
}
