/* test-stipulation.c — stipulations read, refused and written back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "core/stipulation.h"

static void
test_valid (void)
{
  static const char *texts[] = { "#2", "h#2.5", "h#0.5", "s#3", "r#2", "=2", "h==3", "ser-#8",
                                 "ser-h#26", "ser-s#6", "~1", "x1", "+1", "h=2" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_true (fe_stipulation_parse (texts[i], &s, &error));
      g_assert_no_error (error);
      char *back = fe_stipulation_to_string (&s);
      g_assert_cmpstr (back, ==, texts[i]);
      g_free (back);
    }
}

static void
test_invalid (void)
{
  static const char *texts[] = { "#0", "h#999999", "", "#", "q#2", "#2.5", "ser-r#3", "#2x", "h#-1" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_false (fe_stipulation_parse (texts[i], &s, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stipulation/valid", test_valid);
  g_test_add_func ("/stipulation/invalid", test_invalid);
  return g_test_run ();
}
