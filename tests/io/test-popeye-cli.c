/* test-popeye-cli.c — "feerie-cli solve bad.inp" exits with status 2 and
 * prints the located error of the Popeye reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

static const char *cli, *bad;

static void
test_bad_input (void)
{
  const char *argv[] = { cli, "solve", bad, NULL };
  char *out = NULL, *err = NULL;
  int status = 0;
  GError *error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 2);
  char *expected = g_strdup_printf ("%s:3:19: bad square \"z9\"", bad);
  if (!strstr (err, expected))
    g_error ("expected \"%s\" in stderr, got \"%s\"", expected, err);
  g_free (expected);
  g_free (out);
  g_free (err);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 3)
    g_error ("usage: test-popeye-cli FEERIE-CLI BAD.INP");
  cli = argv[1];
  bad = argv[2];
  g_test_add_func ("/popeye/cli-bad-input", test_bad_input);
  return g_test_run ();
}
