/* main.c — the `feerie` executable: `feerie [FILE]`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "feerie-application.h"

int
main (int argc, char **argv)
{
  feerie_application_init_process ();
  g_autoptr (FeerieApplication) app = feerie_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
