/* test-olive.c — Olive's .olv collections and YACPDB entries (issue 23).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every reference problem goes to an .olv entry and back unchanged in all
 * that both formats hold; files written by hand the way Olive writes them
 * (tests/io/olive-data) open with the fields they say; Féerie's .olv opens
 * back identically; bad input is refused with a location.
 */
#include <string.h>
#include <glib.h>

#include "io/olive.h"
#include "io/popeye.h"
#include "io/problem-file.h"

/* What an Olive entry cannot hold, cleared before comparing. */
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
  /* nor an a=>b target (a loss the writer names) */
  fe_position_init (&p->target);
}

/* The names of dir/INDEX.tsv's rows of `group` (beyond/: group A, the
 * stipulations of issue 21). */
static GHashTable *
index_group (const char *dir, const char *group)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *path = g_build_filename (dir, "INDEX.tsv", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 1; lines[i]; i++)
    {
      g_auto (GStrv) cols = g_strsplit (lines[i], "\t", 3);
      if (cols[0] && cols[1] && g_str_equal (cols[1], group))
        g_hash_table_add (names, g_strdup (cols[0]));
    }
  return names;
}

/* Every problem of `dir` (those named in `only` when not NULL). */
static void
round_trip_dir (const char *dir, GHashTable *only, int *count)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      char *path = g_build_filename (dir, name, "problem.inp", NULL);
      if (!g_file_test (path, G_FILE_TEST_EXISTS) || (only && !g_hash_table_contains (only, name)))
        {
          g_free (path);
          continue;
        }
      GError *error = NULL;
      GPtrArray *problems = fe_problem_file_read (path, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < problems->len; i++)
        strip_unheld (problems->pdata[i]);
      GPtrArray *losses = g_ptr_array_new_with_free_func (g_free);
      char *text = fe_olive_write (problems, losses);
      GPtrArray *back = fe_olive_read (text, strlen (text), path, &error);
      if (!back)
        g_error ("%s: %s\n%s", path, error->message, text);
      g_assert_cmpuint (back->len, ==, problems->len);
      for (guint i = 0; i < problems->len; i++)
        if (!fe_problem_equal (problems->pdata[i], back->pdata[i]))
          g_error ("%s: the .olv entry reads back different:\n%s", path, text);
      /* Written again, the same bytes. */
      char *again = fe_olive_write (back, NULL);
      g_assert_cmpstr (again, ==, text);
      (*count)++;
      g_free (again);
      g_free (text);
      g_ptr_array_unref (losses);
      g_ptr_array_unref (back);
      g_ptr_array_unref (problems);
      g_free (path);
    }
  g_dir_close (d);
}

static void
test_round_trips (void)
{
  int count = 0;
  const char *kinds[] = { "cases", "orthodox", "unsupported", "walks", "beyond" };
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      char *dir = g_build_filename (ORACLE_DATA_DIR, kinds[k], NULL);
      /* beyond/: the stipulations of group A (issue 21). */
      g_autoptr (GHashTable) only = g_str_equal (kinds[k], "beyond") ? index_group (dir, "A") : NULL;
      round_trip_dir (dir, only, &count);
      g_free (dir);
    }
  g_assert_cmpint (count, >=, 60);
}

static GPtrArray *
read_olive_file (const char *name)
{
  char *path = g_build_filename (OLIVE_DATA_DIR, name, NULL);
  const FeFileFormat *used = NULL;
  GError *error = NULL;
  GFile *file = g_file_new_for_path (path);
  GPtrArray *problems = fe_problem_file_load (file, &used, &error);
  g_assert_no_error (error);
  g_assert_true (used == &fe_olive_format);
  g_object_unref (file);
  g_free (path);
  return problems;
}

static void
test_olive_conventions (void)
{
  GPtrArray *problems = read_olive_file ("olive-conventions.olv");
  g_assert_cmpuint (problems->len, ==, 4);
  const FeProblem *a = problems->pdata[0], *b = problems->pdata[1], *c = problems->pdata[2],
                  *d = problems->pdata[3];
  g_assert_cmpuint (a->authors->len, ==, 1);
  g_assert_cmpstr (((FeAuthor *) a->authors->pdata[0])->family, ==, "Иванов");
  g_assert_cmpstr (((FeAuthor *) a->authors->pdata[0])->given, ==, "Альберт Федотович");
  g_assert_cmpstr (a->source_date, ==, "1962");
  g_assert_cmpstr (a->source_name, ==, "оригинал");
  g_assert_true (g_str_has_prefix (a->solution_text, "1.Rd3-d4 ! threat:\n"));
  g_assert_cmpint (a->stipulation.play, ==, FE_PLAY_DIRECT);
  g_assert_cmpint (a->stipulation.moves, ==, 3);
  g_assert_cmpint (a->diagram.board[FE_SQ (6, 0)].walk, !=, FE_WALK_NONE); /* Sg1 */

  g_assert_cmpuint (b->authors->len, ==, 2);
  g_assert_cmpstr (b->award_distinction, ==, "2nd Prize");
  g_assert_cmpstr (b->source_issue, ==, "12");
  g_assert_cmpstr (b->source_number, ==, "345");
  g_assert_true (b->options.set_play);
  g_assert_cmpint (b->options.defence, ==, 1);
  g_assert_cmpuint (b->keywords->len, ==, 2);
  g_assert_cmpstr (b->comments, ==, "Посвящено Юрию Гагарину\n\nA second paragraph.");
  g_assert_true (g_str_has_prefix (b->solution_text, "1.Rc5+??")); /* a !!python/unicode tag */

  g_assert_cmpstr (c->intended_solutions, ==, "2.1.1.1");
  g_assert_cmpuint (c->twins->len, ==, 2); /* b then c, though written c first */
  g_assert_cmpint (c->diagram.n_imitators, ==, 1);
  const FeTwin *tb = c->twins->pdata[0];
  g_assert_cmpint (g_array_index (tb->commands, FeTwinCommand, 0).kind, ==, FE_TWIN_MOVE);

  g_assert_cmpint (d->stipulation.play, ==, FE_PLAY_SERIES);
  FePiece q = d->diagram.board[FE_SQ (3, 0)];
  g_assert_true (q.attrs != 0); /* Magic Qd1 */
  g_assert_cmpint (d->diagram.board[FE_SQ (4, 3)].colour, ==, FE_NEUTRAL);

  /* Féerie's .olv opens back identically. */
  char *text = fe_olive_write (problems, NULL);
  GError *error = NULL;
  GPtrArray *back = fe_olive_read (text, strlen (text), "back.olv", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < problems->len; i++)
    g_assert_true (fe_problem_equal (problems->pdata[i], back->pdata[i]));
  g_free (text);
  g_ptr_array_unref (back);
  g_ptr_array_unref (problems);
}

/* A single YACPDB entry: one document, no "---", source as a mapping. */
static void
test_yacpdb_entry (void)
{
  const char *entry = "authors:\n  - Ferrarini, A.\nsource:\n  name: Problem\n  issue: 16\n"
                      "date: 1970-05\nalgebraic:\n  white: [Ke2, Bb8, Sa7, Pf3]\n"
                      "  black: [Kf5, Ra5, Bf4]\nstipulation: \"h#3\"\ntwins:\n  b: Remove a7\n"
                      "intended-solutions: 1.1.1.1.1.1\n";
  GError *error = NULL;
  const FeFileFormat *used = NULL;
  GPtrArray *p = fe_problem_text_read (entry, strlen (entry), "entry.yaml", NULL, &used, &error);
  g_assert_no_error (error);
  g_assert_true (used == &fe_olive_format);
  g_assert_cmpuint (p->len, ==, 1);
  const FeProblem *e = p->pdata[0];
  g_assert_cmpstr (e->source_name, ==, "Problem");
  g_assert_cmpstr (e->source_issue, ==, "16");
  g_assert_cmpstr (e->source_date, ==, "1970-05");
  g_assert_cmpstr (((FeAuthor *) e->authors->pdata[0])->given, ==, "A.");
  g_assert_cmpuint (e->twins->len, ==, 1);
  g_ptr_array_unref (p);
}

static void
expect_error (const char *text, const char *where)
{
  GError *error = NULL;
  GPtrArray *p = fe_olive_read (text, strlen (text), "bad.olv", &error);
  g_assert_null (p);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, where))
    g_error ("%s: expected at %s", error->message, where);
  g_error_free (error);
}

static void
test_errors (void)
{
  expect_error ("---\nalgebraic: [\n", "bad.olv:");
  expect_error ("---\nstipulation: '#2'\nalgebraic:\n  white: [Ka1, Zz]\n  black: [Kh8]\n",
                "bad.olv:4:");
  expect_error ("---\nstipulation: '#2'\nalgebraic:\n  white: [Ka1]\n  black: [Kh8]\n---\n"
                "stipulation: '#2'\noptions: [NoSuchCondition 7]\nalgebraic:\n  white: [Ka1]\n",
                "bad.olv:8:11:");
  expect_error ("--- 12\n", "bad.olv:1:");
  expect_error ("---\nstipulation: [a]\n", "bad.olv:2:");
}

/* A text of an entry stays a text in the other formats: an author with a
 * line break written as Popeye input is one author line, not a command. */
static void
test_texts_stay_texts (void)
{
  const char *entry = "authors: [\"Doe\\ncondition Madrasi\"]\nstipulation: '#2'\n"
                      "algebraic:\n  white: [Ka1]\n  black: [Kh8]\n";
  GError *error = NULL;
  g_autoptr (GPtrArray) p = fe_olive_read (entry, strlen (entry), "t.olv", &error);
  g_assert_no_error (error);
  g_autofree char *inp = fe_problem_text_write (&fe_popeye_format, p, NULL);
  g_autoptr (GPtrArray) back = fe_problem_text_read (inp, strlen (inp), "t.inp",
                                                     &fe_popeye_format, NULL, &error);
  g_assert_no_error (error);
  const FeProblem *a = p->pdata[0], *b = back->pdata[0];
  g_assert_true (fe_problem_same_solving_input (a, b));
  g_assert_cmpuint (b->authors->len, ==, 1);
  g_assert_nonnull (strstr (inp, "author Doe condition Madrasi\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/olive/round-trips", test_round_trips);
  g_test_add_func ("/olive/olive-conventions", test_olive_conventions);
  g_test_add_func ("/olive/yacpdb-entry", test_yacpdb_entry);
  g_test_add_func ("/olive/errors", test_errors);
  g_test_add_func ("/olive/texts-stay-texts", test_texts_stay_texts);
  return g_test_run ();
}
