/* main.c — `feerie-test`: the application, run by a script of commands
 * (FEERIE_TEST_SCRIPT) from the first window on.  Built for tests/gui
 * only: the shipped `feerie` has no script, no test switch.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "harness.h"
#include "feerie-application.h"

static void
on_window_added (GtkApplication *app, GtkWindow *window, gpointer script)
{
  if (!FEERIE_IS_WINDOW (window))
    return;
  g_signal_handlers_disconnect_by_func (app, on_window_added, script);
  harness_run_script (FEERIE_WINDOW (window), script);
}

int
main (int argc, char **argv)
{
  feerie_application_init_process ();
  g_autoptr (FeerieApplication) app = feerie_application_new ();
  /* Each test run is its own process, whatever else runs on the bus. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  const char *script = g_getenv ("FEERIE_TEST_SCRIPT");
  if (script && *script)
    g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), (gpointer) script);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  if (g_object_get_data (G_OBJECT (app), "feerie-test-failed"))
    status = 1;
  return status;
}
