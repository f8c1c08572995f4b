/* test-popeye-cli.c — "feerie-cli solve bad.inp" exits with status 2 and
 * prints the located error of the Popeye reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "solution-lines.h"

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

/* A search stopped by --max-time exits 0 and says its output is partial;
 * what it printed before the stop has no line twice
 * (docs/rules/decisions.md D7).  The README's example as h#6 prints thousands
 * of lines in the first second (200 000 in 28 s), so the stop falls among
 * them. */
static void
test_max_time (void)
{
  char *path = NULL;
  int fd = g_file_open_tmp ("feerie-XXXXXX.inp", &path, NULL);
  g_assert_cmpint (fd, >=, 0);
  const char *text = "begin\nstipulation h#6\ncondition Imitator b6\n"
                     "pieces white kg3 sf6\nblack kh1 bf8 sc4 pc6\nend\n";
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  close (fd);
  const char *argv[] = { cli, "solve", "--max-time", "0.5", path, NULL };
  char *out = NULL, *err = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, NULL));
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_nonnull (strstr (out, "partial solution"));
  g_autofree char *repeated = fe_test_repeated_line (out);
  if (repeated)
    g_error ("printed twice before the stop: %s", repeated);
  guint lines = 0;
  for (const char *c = out; *c; c++)
    lines += *c == '\n';
  g_test_message ("%u lines before the stop", lines);
  g_unlink (path);
  g_free (path);
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
  g_test_add_func ("/popeye/cli-max-time", test_max_time);
  return g_test_run ();
}
