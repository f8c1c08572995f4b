/* test-cli-files.c — feerie-cli and files: exit status 2 for bad input to
 * `convert` as to `solve`, `solve` reading .xml and .fen, a twin with a
 * second king refused with its line, Ctrl+C during `solve`, and `convert`
 * killed at random points (old or new file, never partial, nothing left).
 * Run with the path of feerie-cli.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include "solution-lines.h"

static const char *cli;

typedef struct {
  int status; /* exit status, or 128 + signal */
  char *out, *err;
} Run;

static void
run_free (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

static Run
run (const char *dir, const char *const *args)
{
  GPtrArray *argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) cli);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  Run r = { 0 };
  int wait_status = 0;
  GError *error = NULL;
  g_assert_true (g_spawn_sync (dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &error));
  g_assert_no_error (error);
  r.status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
  g_ptr_array_unref (argv);
  /* D7: one move, one line */
  if (strcmp (args[0], "solve") == 0)
    g_assert_null (fe_test_repeated_line (r.out));
  return r;
}

static char *
write_in (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  if (d)
    g_dir_close (d);
  g_rmdir (dir);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names in `dir`, sorted, joined by spaces. */
static char *
listing (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  char *s = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_unref (names);
  return s;
}

#define GOOD "begin\nstipulation #2\npieces white kb6 qc5 black ka8\nend\n"

static void
test_convert_status (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-cli-XXXXXX", NULL);
  g_autofree char *bad = write_in (dir, "bad.inp", "begin\nstipulation #2\npieces white kz9\nend\n");
  g_autofree char *good = write_in (dir, "good.inp", GOOD);
  g_autofree char *out = write_in (dir, "out.xml", "old\n");
  /* bad input: 2, as for solve; the output is not touched */
  Run r = run (dir, (const char *[]) { "convert", bad, out, NULL });
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, ":3:15: bad square"));
  run_free (&r);
  r = run (dir, (const char *[]) { "solve", bad, NULL });
  g_assert_cmpint (r.status, ==, 2);
  run_free (&r);
  g_autofree char *missing = g_build_filename (dir, "missing.inp", NULL);
  r = run (dir, (const char *[]) { "convert", missing, out, NULL });
  g_assert_cmpint (r.status, ==, 2);
  run_free (&r);
  g_autofree char *bad_fen = write_in (dir, "bad.fen", "8/8/8/8/8/8/8/K1k5\nKK6/8/8/8/8/8/8/8\n");
  r = run (dir, (const char *[]) { "convert", bad_fen, out, NULL });
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "bad.fen:2:2:"));
  run_free (&r);
  g_autofree char *now = NULL;
  g_assert_true (g_file_get_contents (out, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, "old\n");
  /* an output that cannot be written: 1, with the reason */
  g_autofree char *nowhere = g_build_filename (dir, "no", "out.xml", NULL);
  r = run (dir, (const char *[]) { "convert", good, nowhere, NULL });
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "No such file or directory"));
  run_free (&r);
  /* and a good conversion: 0 */
  r = run (dir, (const char *[]) { "convert", good, out, NULL });
  g_assert_cmpint (r.status, ==, 0);
  run_free (&r);
  remove_tree (dir);
}

/* `twin add white kb2` beside a white king: refused when read, with the
 * twin's label and line, by convert and solve alike. */
static void
test_twin_second_king (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-cli-XXXXXX", NULL);
  g_autofree char *in = write_in (dir, "twin.inp", "begin\nstipulation #2\n"
                                                   "pieces white ke1 black ke8\n"
                                                   "twin add white kb2\nend\n");
  g_autofree char *out = g_build_filename (dir, "twin.xml", NULL);
  g_autofree char *expected = g_strdup_printf ("%s:4:1: twin b): two white kings (e1 and b2)", in);
  Run r = run (dir, (const char *[]) { "convert", in, out, NULL });
  g_assert_cmpint (r.status, ==, 2);
  if (!strstr (r.err, expected))
    g_error ("expected \"%s\", got \"%s\"", expected, r.err);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  run_free (&r);
  r = run (dir, (const char *[]) { "solve", in, NULL });
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, expected));
  run_free (&r);
  remove_tree (dir);
}

/* `solve` reads Féerie XML and FEN as well as Popeye input. */
static void
test_solve_formats (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-cli-XXXXXX", NULL);
  g_autofree char *inp = write_in (dir, "p.inp", GOOD);
  g_autofree char *xml = g_build_filename (dir, "p.xml", NULL);
  Run r = run (dir, (const char *[]) { "convert", inp, xml, NULL });
  g_assert_cmpint (r.status, ==, 0);
  run_free (&r);
  Run a = run (dir, (const char *[]) { "solve", inp, NULL });
  Run b = run (dir, (const char *[]) { "solve", xml, NULL });
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_nonnull (strstr (a.out, "1.Qc5-c8 # !"));
  g_assert_cmpstr (a.out, ==, b.out);
  run_free (&a);
  run_free (&b);
  /* FEN: one problem a line, the default stipulation (#2) */
  g_autofree char *fen = write_in (dir, "p.fen", "k7/8/1K6/2Q5/8/8/8/8 w - -\n");
  r = run (dir, (const char *[]) { "solve", fen, NULL });
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "1.Qc5-c8 # !"));
  g_assert_nonnull (strstr (r.out, "solution finished."));
  run_free (&r);
  remove_tree (dir);
}

/* Ctrl+C during a long solve: the solutions found so far, a line saying
 * the solve was interrupted, status 130, and no file left anywhere. */
static void
test_solve_sigint (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-cli-XXXXXX", NULL);
  g_autofree char *tmp = g_build_filename (dir, "tmp", NULL);
  g_mkdir (tmp, 0700);
  g_autofree char *in = write_in (dir, "long.inp",
                                  "begin\nstipulation h#9\n"
                                  "pieces white kh1 qd1 rb1 bc1 sg1 pa2b2c2\n"
                                  "black ke8 qd8 ra8h8 bc8f8 sb8g8 pa7b7c7d7e7f7g7h7\nend\n");
  g_autofree char *before = listing (dir);
  const char *argv[] = { cli, "solve", in, NULL };
  char **envp = g_environ_setenv (g_get_environ (), "TMPDIR", tmp, TRUE);
  GPid pid;
  int out_fd;
  GError *error = NULL;
  g_assert_true (g_spawn_async_with_pipes (dir, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  g_strfreev (envp);
  g_usleep (G_USEC_PER_SEC * 3 / 2);
  kill (pid, SIGINT);
  GString *out = g_string_new (NULL);
  char buf[4096];
  ssize_t n;
  while ((n = read (out_fd, buf, sizeof buf)) > 0)
    g_string_append_len (out, buf, n);
  close (out_fd);
  int status;
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_nonnull (strstr (out->str, "solve interrupted (Ctrl+C)"));
  /* solutions found before the interruption are printed */
  g_assert_nonnull (strstr (out->str, " #\n"));
  g_assert_null (strstr (out->str, "solution finished"));
  g_autofree char *after = listing (dir);
  g_assert_cmpstr (after, ==, before);
  g_autofree char *in_tmp = listing (tmp);
  g_assert_cmpstr (in_tmp, ==, "");
  g_string_free (out, TRUE);
  remove_tree (tmp);
  remove_tree (dir);
}

/* convert killed at random points while it reads and writes a large file:
 * OUT is the old or the new file, whole, and nothing else is in the folder. */
static void
test_convert_killed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-cli-XXXXXX", NULL);
  GString *big = g_string_new ("begin\nstipulation #1\npieces white kb6 rh1 black ka8\n");
  for (int k = 0; big->len < 600000; k++)
    g_string_append_printf (big, "twin continued move %s\n", k % 2 ? "h2 h1" : "h1 h2");
  g_string_append (big, "end\n");
  g_autofree char *in = write_in (dir, "big.inp", big->str);
  g_string_free (big, TRUE);
  g_autofree char *out = g_build_filename (dir, "out.xml", NULL);
  /* the new file, and how long a whole run takes */
  gint64 t0 = g_get_monotonic_time ();
  Run r = run (dir, (const char *[]) { "convert", in, out, NULL });
  gint64 whole = g_get_monotonic_time () - t0;
  g_assert_cmpint (r.status, ==, 0);
  run_free (&r);
  g_autofree char *new_text = NULL;
  g_assert_true (g_file_get_contents (out, &new_text, NULL, NULL));
  const char *old_text = "the old file\n";
  GRand *rand = g_rand_new_with_seed (2026);
  int rounds = 30, saw_old = 0, saw_new = 0;
  for (int round = 0; round < rounds; round++)
    {
      g_assert_true (g_file_set_contents (out, old_text, -1, NULL));
      const char *argv[] = { cli, "convert", in, out, NULL };
      GPid pid;
      GError *error = NULL;
      g_assert_true (g_spawn_async (dir, (char **) argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                    NULL, &pid, &error));
      g_assert_no_error (error);
      g_usleep (g_rand_int_range (rand, 0, (gint32) (whole * 11 / 10) + 1));
      kill (pid, SIGKILL);
      waitpid (pid, NULL, 0);
      g_spawn_close_pid (pid);
      g_autofree char *now = NULL;
      g_assert_true (g_file_get_contents (out, &now, NULL, NULL));
      gboolean is_old = strcmp (now, old_text) == 0, is_new = strcmp (now, new_text) == 0;
      if (!is_old && !is_new)
        g_error ("round %d: out.xml is neither the old nor the new file (%zu bytes)", round,
                 strlen (now));
      saw_old += is_old;
      saw_new += is_new;
      g_autofree char *names = listing (dir);
      if (g_strcmp0 (names, "big.inp out.xml") != 0)
        {
          /* A kill between naming the finished temporary file and the
           * rename (two system calls) leaves it complete; the next save
           * into the folder removes it.  Nothing else may be left. */
          g_autofree char *again = NULL;
          Run r2 = run (dir, (const char *[]) { "convert", in, out, NULL });
          g_assert_cmpint (r2.status, ==, 0);
          run_free (&r2);
          again = listing (dir);
          g_assert_cmpstr (again, ==, "big.inp out.xml");
          g_assert_true (g_str_has_suffix (names, ".feerie-tmp") || strstr (names, ".feerie-tmp "));
        }
    }
  g_test_message ("one run %.2f s; %d kills left the old file, %d the new", whole / 1e6, saw_old,
                  saw_new);
  g_rand_free (rand);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-cli-files FEERIE-CLI");
  cli = g_canonicalize_filename (argv[1], NULL); /* runs from other folders */
  g_test_add_func ("/cli-files/convert-status", test_convert_status);
  g_test_add_func ("/cli-files/twin-second-king", test_twin_second_king);
  g_test_add_func ("/cli-files/solve-formats", test_solve_formats);
  g_test_add_func ("/cli-files/solve-sigint", test_solve_sigint);
  g_test_add_func ("/cli-files/convert-killed", test_convert_killed);
  return g_test_run ();
}
