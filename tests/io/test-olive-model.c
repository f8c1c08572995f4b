/* test-olive-model.c — Olive entries read and written straight from the
 * problem model, field by field.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This program links the io library WITHOUT the Popeye writer
 * (popeye-write.c is a library of its own, left out here; see
 * src/io/meson.build): that it links at all proves the Olive reader and
 * writer never go through Popeye text.  It checks:
 *   - every reference problem (tests/oracle/data, read by the Popeye
 *     reader) and every .olv of the tests goes to Olive and back to an
 *     equal problem (fe_problem_equal), written again the same bytes;
 *   - what a field's grammar cannot hold (a line break, a second command,
 *     a keyword where a value belongs) is refused at the field's node,
 *     and free texts with line breaks stay texts;
 *   - reading and writing take linear time (n and 4n twins, entries).
 */
#include <string.h>
#include <time.h>

#include <glib.h>

#include "io/olive.h"
#include "io/popeye.h"

/* What an Olive entry cannot hold (the writer names each as a loss),
 * cleared before comparing. */
static void
strip_unheld (FeProblem *p)
{
  g_clear_pointer (&p->title, g_free);
  g_clear_pointer (&p->award_tourney, g_free);
  g_clear_pointer (&p->award_judges, g_free);
  g_clear_pointer (&p->source_volume, g_free);
  if (!p->source_number)
    g_clear_pointer (&p->source_issue, g_free);
  g_ptr_array_set_size (p->remarks, 0);
  fe_position_init (&p->target);
  p->zero_position = FALSE;
  /* A structured stipulation goes as its nearest plain one. */
  g_clear_pointer (&p->structured, fe_sstip_free);
}

/* Olive and back: an equal problem, and the same bytes written again. */
static void
assert_round_trip (const char *path, GPtrArray *problems)
{
  for (guint i = 0; i < problems->len; i++)
    strip_unheld (problems->pdata[i]);
  g_autofree char *text = fe_olive_write (problems, NULL);
  GError *error = NULL;
  g_autoptr (GPtrArray) back = fe_olive_read (text, strlen (text), path, &error);
  if (!back)
    g_error ("%s: %s\n%s", path, error->message, text);
  g_assert_cmpuint (back->len, ==, problems->len);
  for (guint i = 0; i < problems->len; i++)
    if (!fe_problem_equal (problems->pdata[i], back->pdata[i]))
      g_error ("%s: problem %u reads back different from its .olv entry:\n%s", path, i + 1, text);
  g_autofree char *again = fe_olive_write (back, NULL);
  g_assert_cmpstr (again, ==, text);
}

/* Every problem.inp under `dir`, at any depth. */
static void
round_trip_tree (const char *dir, int *count)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        round_trip_tree (path, count);
      else if (g_str_equal (name, "problem.inp"))
        {
          g_autofree char *text = NULL;
          gsize length;
          g_assert_true (g_file_get_contents (path, &text, &length, NULL));
          GError *error = NULL;
          g_autoptr (GPtrArray) problems = fe_popeye_read (text, length, path, &error);
          g_assert_no_error (error);
          assert_round_trip (path, problems);
          (*count)++;
        }
    }
  g_dir_close (d);
}

static void
round_trip_olive_dir (const char *dir, int *count)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      if (!g_str_has_suffix (name, ".olv") && !g_str_has_suffix (name, ".yaml"))
        continue;
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      gsize length;
      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_olive_read (text, length, path, &error);
      g_assert_no_error (error);
      assert_round_trip (path, problems);
      (*count)++;
    }
  g_dir_close (d);
}

static void
test_round_trips (void)
{
  int problems = 0, files = 0;
  round_trip_tree (ORACLE_DATA_DIR, &problems);
  round_trip_olive_dir (OLIVE_DATA_DIR, &files);
  round_trip_olive_dir (FUZZ_CORPUS_DIR, &files);
  g_test_message ("%d reference problems, %d .olv files", problems, files);
  g_assert_cmpint (problems, >=, 280);
  g_assert_cmpint (files, >=, 5);
}

/* ---- what a field cannot hold ------------------------------------------ */

#define BOARD "algebraic:\n  white: [Ka1]\n  black: [Kh8]\n"

/* Refused, the message starting with `where` and holding `what`. */
static void
expect_refused (const char *text, const char *where, const char *what)
{
  GError *error = NULL;
  g_autoptr (GPtrArray) p = fe_olive_read (text, strlen (text), "bad.olv", &error);
  if (p)
    g_error ("accepted, expected %s %s:\n%s", where, what, text);
  if (!g_str_has_prefix (error->message, where) || !strstr (error->message, what))
    g_error ("\"%s\": expected %s … %s", error->message, where, what);
  g_error_free (error);
}

static void
test_injection (void)
{
  /* The case that once gained a condition and a piece. */
  expect_refused ("stipulation: \"#2\\ncondition Madrasi\\npieces white qd1\"\n" BOARD,
                  "bad.olv:1:17:", "line break");
  /* A keyword where the stipulation belongs. */
  expect_refused ("stipulation: \"#2 condition Madrasi\"\n" BOARD, "bad.olv:1:18:",
                  "\"condition\" after the stipulation");
  expect_refused ("stipulation: condition\n" BOARD, "bad.olv:1:14:", "stipulation");
  /* Options. */
  expect_refused ("stipulation: '#2'\noptions: [\"SetPlay\\ncondition Madrasi\"]\n" BOARD,
                  "bad.olv:2:19:", "line break");
  expect_refused ("stipulation: '#2'\noptions: [SetPlay condition Madrasi]\n" BOARD,
                  "bad.olv:2:19:", "\"condition\" cannot follow");
  expect_refused ("stipulation: '#2'\noptions: [Madrasi pieces white qd1]\n" BOARD,
                  "bad.olv:2:19:", "\"pieces\" cannot follow");
  expect_refused ("stipulation: '#2'\noptions: [Defence pieces]\n" BOARD, "bad.olv:2:19:",
                  "Defence needs a number");
  expect_refused ("stipulation: '#2'\noptions: ['remark feerie: Madrasi']\n" BOARD,
                  "bad.olv:2:12:", "neither an option nor a condition");
  /* Pieces: one an item, its colour the list's. */
  expect_refused ("stipulation: '#2'\nalgebraic:\n  white: [Ka1, \"Qd1\\nblack Qe1\"]\n",
                  "bad.olv:3:20:", "line break");
  expect_refused ("stipulation: '#2'\nalgebraic:\n  white: [Ka1, Qd1 black]\n", "bad.olv:3:20:",
                  "\"black\" after the piece");
  expect_refused ("stipulation: '#2'\nalgebraic:\n  white: [Ka1, Qd1e2]\n", "bad.olv:3:19:",
                  "one piece, one square");
  /* Twins: one twin's commands, nothing else. */
  expect_refused ("stipulation: '#2'\n" BOARD "twins:\n  b: \"move a1 a2\\ncondition Madrasi\"\n",
                  "bad.olv:6:17:", "line break");
  expect_refused ("stipulation: '#2'\n" BOARD "twins:\n  b: move a1 a2 pieces white qd1\n",
                  "bad.olv:6:17:", "\"pieces\" is not a twinning command");
  expect_refused ("stipulation: '#2'\n" BOARD "twins:\n  b: twin move a1 a2\n", "bad.olv:6:6:",
                  "\"twin\" is not a twinning command");
  /* A rule the problem breaks, at the field that broke it. */
  expect_refused ("stipulation: '#2'\nalgebraic:\n  white: [Ka1, Kb1]\n", "bad.olv:3:16:",
                  "two white kings");
  expect_refused ("stipulation: '#2'\n" BOARD "twins:\n  b: move h8 b2\n  c: add white kb1\n",
                  "bad.olv:7:6:", "two white kings");

  /* Free texts keep their line breaks as text, written back by libyaml:
   * never a command. */
  const char *texts = "authors: [\"Doe\\ncondition Madrasi\"]\n"
                      "comments: [\"one\\npieces white qd1\"]\n"
                      "solution: \"1.Kb2\\ntwin move a1 a2\"\n"
                      "stipulation: '#2'\n" BOARD;
  GError *error = NULL;
  g_autoptr (GPtrArray) p = fe_olive_read (texts, strlen (texts), "texts.olv", &error);
  g_assert_no_error (error);
  const FeProblem *pb = p->pdata[0];
  g_assert_cmpstr (((FeAuthor *) pb->authors->pdata[0])->family, ==, "Doe\ncondition Madrasi");
  g_assert_cmpstr (pb->comments, ==, "one\npieces white qd1");
  g_assert_cmpint (pb->twins->len, ==, 0);
  g_assert_cmpint (pb->diagram.board[FE_SQ (3, 0)].walk, ==, FE_WALK_NONE);
  const FeProblem *plain = NULL;
  g_autoptr (GPtrArray) q = fe_olive_read ("stipulation: '#2'\n" BOARD,
                                           strlen ("stipulation: '#2'\n" BOARD), "q.olv", &error);
  g_assert_no_error (error);
  plain = q->pdata[0];
  g_assert_true (fe_problem_same_solving_input (pb, plain));
  assert_round_trip ("texts.olv", p);
}

/* ---- linear time --------------------------------------------------------- */

static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU seconds to read `text`, write it and read that back. */
static double
time_read_write (const GString *text, guint problems, guint twins)
{
  double t0 = cpu_seconds ();
  GError *error = NULL;
  g_autoptr (GPtrArray) p = fe_olive_read (text->str, text->len, "big.olv", &error);
  g_assert_no_error (error);
  g_autofree char *out = fe_olive_write (p, NULL);
  g_autoptr (GPtrArray) back = fe_olive_read (out, strlen (out), "big.olv", &error);
  g_assert_no_error (error);
  double t = cpu_seconds () - t0;
  g_assert_cmpuint (back->len, ==, problems);
  g_assert_cmpuint (((FeProblem *) back->pdata[problems - 1])->twins->len, ==, twins);
  return t;
}

/* One entry of `n` continued twins, labelled as Féerie writes them. */
static double
time_twins (int n, gsize *bytes)
{
  GString *s = g_string_new ("---\nalgebraic:\n  white: [Kb6, Rh1]\n  black: [Ka8]\n"
                             "stipulation: '#1'\ntwins:\n");
  for (int k = 0; k < n; k++)
    {
      g_autofree char *label = fe_twin_label (k + 1);
      g_string_append_printf (s, "  %s: continued move %s\n", label, k % 2 ? "h2 h1" : "h1 h2");
    }
  *bytes = s->len;
  double t = time_read_write (s, 1, (guint) n);
  g_string_free (s, TRUE);
  return t;
}

/* `n` entries of a few pieces, options and texts each. */
static double
time_entries (int n, gsize *bytes)
{
  GString *s = g_string_new (NULL);
  for (int k = 0; k < n; k++)
    g_string_append_printf (s, "---\nalgebraic:\n  white: [Kb6, Rh1, Magic Qd%d, G f3]\n"
                               "  black: [Ka8, Pa7, Sb%d]\nauthors: ['Doe, J.']\n"
                               "options: [Madrasi RexInclusive, Imitator e5, SetPlay, Defence 1]\n"
                               "solution: \"1.Rh8#\"\nsource: Problem %d\nstipulation: '#2'\n"
                               "twins:\n  b: move h1 h2\n",
                            1 + k % 4, 1 + k % 4, k);
  *bytes = s->len;
  double t = time_read_write (s, (guint) n, 1);
  g_string_free (s, TRUE);
  return t;
}

/* Four times the items cost about four times as much, not sixteen (the
 * twins were sorted in quadratic time and each read as a Popeye text: 60 s
 * for 100,000).  CPU time, so other work on the machine does not count;
 * the bound is twelve, as files-twins-linear's, for sanitizer builds with
 * shared caches. */
static void
test_linear (void)
{
  gsize b1, b4;
  double t1 = time_twins (25000, &b1), t4 = time_twins (100000, &b4);
  g_test_message ("twins: %d in %.3f s, %d in %.3f s (%.1f MB; CPU, read, write, read)", 25000,
                  t1, 100000, t4, b4 / 1e6);
  g_assert_cmpfloat (t4, <, 12 * MAX (t1, 0.01));
  double e1 = time_entries (10000, &b1), e4 = time_entries (40000, &b4);
  g_test_message ("entries: %d in %.3f s, %d in %.3f s (%.1f MB)", 10000, e1, 40000, e4,
                  b4 / 1e6);
  g_assert_cmpfloat (e4, <, 12 * MAX (e1, 0.01));
#ifndef __SANITIZE_ADDRESS__
  /* each read twice and written once in about a second in a plain build */
  g_assert_cmpfloat (t4, <, 4.0);
  g_assert_cmpfloat (e4, <, 8.0);
#endif
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/olive-model/round-trips", test_round_trips);
  g_test_add_func ("/olive-model/injection", test_injection);
  g_test_add_func ("/olive-model/linear", test_linear);
  return g_test_run ();
}
