/* test-files.c — the problem files of issue 9: a second piece on a square,
 * twins checked as read, twin labels and linear twins, a long twin
 * `remove`, piece ids that never wrap, and saves that never lose the old
 * file (the write fault injected through the helper's test seam).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "core/backend/backend.h"
#include "io/fe-atomic-save.h"
#include "io/fen.h"
#include "io/popeye.h"
#include "io/xml.h"
#include "solution-lines.h"

#define NS "xmlns=\"https://feerie.org/ns/problem/1\""
#define HEAD "<?xml version=\"1.0\"?>\n<problem " NS " version=\"1\">\n"

static void
expect_popeye_error (const char *text, const char *message)
{
  GError *error = NULL;
  GPtrArray *r = fe_popeye_read (text, strlen (text), "t.inp", &error);
  if (r)
    g_error ("accepted, expected \"%s\":\n%s", message, text);
  if (!strstr (error->message, message))
    g_error ("got \"%s\", expected \"%s\"", error->message, message);
  g_error_free (error);
}

static void
expect_xml_error (const char *text, const char *message)
{
  GError *error = NULL;
  GPtrArray *r = fe_xml_parse (text, strlen (text), "t.xml", &error);
  if (r)
    g_error ("accepted, expected \"%s\":\n%s", message, text);
  if (!strstr (error->message, message))
    g_error ("got \"%s\", expected \"%s\"", error->message, message);
  g_error_free (error);
}

/* ---- a second piece on an occupied square --------------------------------- */

static void
test_occupied_square (void)
{
  expect_popeye_error ("begin\nstipulation #2\npieces white ka1 black ka1\nend\n",
                       "t.inp:3:24: two pieces on a1: the white king and the black king");
  expect_popeye_error ("begin\nstipulation #2\npieces white ke1 qd1 black ke8 rh8\n"
                       "       white bd1\nend\n",
                       "t.inp:4:14: two pieces on d1: the white queen and the white bishop");
  /* a later "pieces" line too, and a square in the middle of a list */
  expect_popeye_error ("begin\nstipulation #2\npieces white ke1 black ke8\n"
                       "pieces black pa7b7e1\nend\n",
                       "t.inp:4:19: two pieces on e1: the white king and the black pawn");
  expect_xml_error (HEAD "<stipulation>#2</stipulation>\n<position>\n"
                         "<piece square=\"a1\" walk=\"k\" colour=\"white\"/>\n"
                         "<piece square=\"a1\" walk=\"k\" colour=\"black\"/>\n"
                         "</position>\n</problem>\n",
                    "t.xml:6:1: two pieces on a1: the white king and the black king");
  /* The same piece stated again (the Féerie directive adding magician to a
   * piece the plain line gave Popeye) is no conflict. */
  const char *ok = "begin\nstipulation #2\npieces white ke1 rb3 black ke8\n"
                   "remark feerie: pieces white magician rb3\nend\n";
  GError *error = NULL;
  g_autoptr (GPtrArray) r = fe_popeye_read (ok, strlen (ok), "t.inp", &error);
  g_assert_no_error (error);
  FePiece rook = ((FeProblem *) r->pdata[0])->diagram.board[FE_SQ (1, 2)];
  g_assert_cmpint (rook.attrs, ==, FE_ATTR_MAGICIAN);
}

/* ---- twins checked when read ------------------------------------------------- */

static void
test_twin_second_king (void)
{
  expect_popeye_error ("begin\nstipulation #2\npieces white ke1 black ke8\n"
                       "twin move e8 e7\n"
                       "twin add white kb2\nend\n",
                       "t.inp:5:1: twin c): two white kings (e1 and b2)");
  /* continued: the king moved by b) meets the one c) adds */
  expect_popeye_error ("begin\nstipulation #2\npieces white ke1 black ke8\n"
                       "twin move e1 e2\n"
                       "twin continued add white ke1\nend\n",
                       "t.inp:5:1: twin c): two white kings (e1 and e2)");
  expect_popeye_error ("begin\nstipulation #2\npieces white ke1 qd1 black ke8\n"
                       "twin substitute q k\nend\n",
                       "t.inp:4:1: twin b): two white kings (d1 and e1)");
  expect_popeye_error ("begin\nstipulation h#2\ncondition Imitator c5\n"
                       "pieces white ke1 black ke8\ntwin add black pc5\nend\n",
                       "t.inp:5:1: twin b): the imitator on c5 shares its square with a piece");
  expect_xml_error (HEAD "<stipulation>#2</stipulation>\n<position>\n"
                         "<piece square=\"e1\" walk=\"k\" colour=\"white\"/>\n"
                         "<piece square=\"e8\" walk=\"k\" colour=\"black\"/>\n"
                         "</position>\n<twins>\n<twin>\n"
                         "<add square=\"b2\" walk=\"k\" colour=\"white\"/>\n"
                         "</twin>\n</twins>\n</problem>\n",
                    "t.xml:9:1: twin b): two white kings (e1 and b2)");
}

/* ---- labels and linear twins --------------------------------------------------- */

static void
test_twin_labels (void)
{
  static const struct { int index; const char *label; } cases[] = {
    { 0, "a" }, { 1, "b" }, { 25, "z" }, { 26, "z1" }, { 27, "z2" }, { 126, "z101" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *l = fe_twin_label (cases[i].index);
      g_assert_cmpstr (l, ==, cases[i].label);
    }
  /* 40 twins solved: every header is valid UTF-8 and labelled as Popeye does */
  GString *in = g_string_new ("begin\nstipulation #1\npieces white kb6 rh1 black ka8\n");
  for (int k = 0; k < 40; k++)
    g_string_append_printf (in, "twin continued move %s\n", k % 2 ? "h2 h1" : "h1 h2");
  g_string_append (in, "end\n");
  GError *error = NULL;
  g_autoptr (GPtrArray) r = fe_popeye_read (in->str, in->len, "t.inp", &error);
  g_assert_no_error (error);
  GString *out = g_string_new (NULL);
  gboolean solved = fe_solve (r->pdata[0], NULL, out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (solved);
  g_assert_no_error (error);
  g_assert_null (fe_test_repeated_line (out->str));
  g_assert_true (g_utf8_validate (out->str, out->len, NULL));
  g_assert_nonnull (strstr (out->str, "\n+z) wRh1-->h2  \n"));
  g_assert_nonnull (strstr (out->str, "\n+z1) wRh2-->h1  \n"));
  g_assert_nonnull (strstr (out->str, "\n+z15) wRh2-->h1  \n"));
  g_assert_null (strstr (out->str, "z16)"));
  g_string_free (out, TRUE);
  g_string_free (in, TRUE);
}

static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Continued twins of `bytes` bytes read, written in both formats, read back
 * and solved; CPU seconds of the conversion and of the solve. */
static void
time_twins (gsize bytes, double *convert, double *solve, int *n_twins)
{
  GString *in = g_string_new ("begin\nstipulation #1\npieces white kb6 rh1 black ka8\n");
  int n = 0;
  while (in->len < bytes)
    g_string_append_printf (in, "twin continued move %s\n", n++ % 2 ? "h2 h1" : "h1 h2");
  g_string_append (in, "end\n");
  double t0 = cpu_seconds ();
  GError *error = NULL;
  g_autoptr (GPtrArray) r = fe_popeye_read (in->str, in->len, "big.inp", &error);
  g_assert_no_error (error);
  g_autofree char *xml = fe_xml_to_string (r);
  g_autofree char *inp = fe_popeye_write (r->pdata[0], NULL);
  g_autoptr (GPtrArray) back = fe_xml_parse (xml, strlen (xml), "big.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (inp);
  g_assert_cmpuint (back->len, ==, r->len);
  *convert = cpu_seconds () - t0;
  t0 = cpu_seconds ();
  GString *out = g_string_new (NULL);
  gboolean solved = fe_solve (r->pdata[0], NULL, out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (solved);
  *solve = cpu_seconds () - t0;
  g_assert_nonnull (g_strrstr (out->str, "wRh2-->h1"));
  g_assert_null (fe_test_repeated_line (out->str));
  *n_twins = n;
  g_string_free (out, TRUE);
  g_string_free (in, TRUE);
}

/* A megabyte of continued twins converts and solves in linear time (it was
 * quadratic: 22 to 53 s to convert, 109 s to solve).  CPU time, so other
 * processes on the machine do not count: four times the text costs about
 * four times as much, not sixteen.  Under AddressSanitizer with the
 * machine's caches shared by other work the bigger run took 8.4 times the
 * smaller: the bound is twelve, still well short of quadratic. */
static void
test_twins_linear (void)
{
  double c1, s1, c4, s4;
  int n1, n4;
  time_twins (250000, &c1, &s1, &n1);
  time_twins (1000000, &c4, &s4, &n4);
  g_test_message ("%d twins: converted in %.2f s, solved in %.2f s (CPU)", n1, c1, s1);
  g_test_message ("%d twins: converted in %.2f s, solved in %.2f s (CPU)", n4, c4, s4);
  g_assert_cmpfloat (c4, <, 12 * MAX (c1, 0.01));
  g_assert_cmpfloat (s4, <, 12 * MAX (s1, 0.01));
#ifndef __SANITIZE_ADDRESS__
  /* about 1 s and 0.5 s in a plain build */
  g_assert_cmpfloat (c4, <, 4.0);
  g_assert_cmpfloat (s4, <, 8.0);
#endif
}

/* ---- a twin removing more than 64 squares in one word -------------------------- */

static void
test_twin_remove_many (void)
{
  /* 64 pieces; one word names all 64 squares, then a1 again: the 65th
   * square is read (not a stale buffer) and found empty. */
  GString *all = g_string_new (NULL);
  for (int r = 0; r < 8; r++)
    for (int f = 0; f < 8; f++)
      g_string_append_printf (all, "%c%d", 'a' + f, r + 1);
  g_autofree char *text = g_strdup_printf ("begin\nstipulation #2\npieces white ka1 pb1c1d1e1f1g1h1"
                                           "a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\n"
                                           "black kh8 pa5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7"
                                           "a8b8c8d8e8f8g8\ntwin remove %s\ntwin remove %sa1\nend\n",
                                           all->str, all->str);
  expect_popeye_error (text, "t.inp:6:1: twin c): twin command refers to an empty square (a1)");
  /* twin b) alone reads: all 64 removed */
  g_autofree char *one = g_strndup (text, strstr (text, "twin remove") - text);
  g_autofree char *first = g_strdup_printf ("%stwin remove %s\nend\n", one, all->str);
  GError *error = NULL;
  g_autoptr (GPtrArray) r = fe_popeye_read (first, strlen (first), "t.inp", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((FeTwin *) ((FeProblem *) r->pdata[0])->twins->pdata[0])->commands->len, ==, 64);
  g_string_free (all, TRUE);
}

/* ---- piece ids -------------------------------------------------------------- */

static void
assert_ids_unique (const FePosition *pos)
{
  gboolean seen[256] = { FALSE };
  for (int i = 0; i < 64; i++)
    {
      FePiece p = pos->board[FE_SQ88 (i)];
      if (!p.walk)
        continue;
      g_assert_cmpint (p.id, !=, 0);
      g_assert_false (seen[p.id]);
      seen[p.id] = TRUE;
    }
}

static void
test_piece_ids (void)
{
  /* 1000 placements as the editor makes them (id 0: "give it one"), on
   * empty and occupied squares, with removals between. */
  FePosition pos;
  fe_position_init (&pos);
  GRand *rand = g_rand_new_with_seed (9);
  for (int k = 0; k < 1000; k++)
    {
      FeSquare sq = FE_SQ88 (g_rand_int_range (rand, 0, 64));
      FePiece p = { (uint8_t) g_rand_int_range (rand, FE_WALK_QUEEN, FE_WALK_PAWN + 1),
                    (uint8_t) g_rand_int_range (rand, 0, 3), 0, 0 };
      fe_position_put (&pos, sq, p);
      assert_ids_unique (&pos);
      if (g_rand_int_range (rand, 0, 4) == 0)
        fe_position_remove (&pos, FE_SQ88 (g_rand_int_range (rand, 0, 64)));
    }
  /* 1000 placements on one square: the id stays small */
  FePosition one;
  fe_position_init (&one);
  for (int k = 0; k < 1000; k++)
    {
      fe_position_put (&one, FE_SQ (0, 0), (FePiece) { FE_WALK_QUEEN, FE_WHITE, 0, 0 });
      g_assert_cmpint (one.board[FE_SQ (0, 0)].id, ==, 1);
    }
  /* a full board */
  for (int i = 0; i < 64; i++)
    fe_position_put (&one, FE_SQ88 (i), (FePiece) { FE_WALK_ROOK, FE_BLACK, 0, 0 });
  assert_ids_unique (&one);
  g_rand_free (rand);
}

/* ---- saving --------------------------------------------------------------------- */

static gsize fault_after; /* bytes the fake disk still takes */

static ssize_t
full_disk_write (int fd, const void *buf, size_t count)
{
  if (fault_after == 0)
    {
      errno = ENOSPC;
      return -1;
    }
  size_t n = MIN (count, fault_after);
  fault_after -= n;
  return write (fd, buf, n);
}

static int
count_entries (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  int n = 0;
  while (g_dir_read_name (d))
    n++;
  g_dir_close (d);
  return n;
}

static void
test_save_full_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "p.xml", NULL);
  const char *old = "the old file\n";
  g_assert_true (g_file_set_contents (path, old, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  const char *text = "begin\nstipulation #2\npieces white ke1 black ke8\nend\n";
  g_autoptr (GPtrArray) problems = fe_popeye_read (text, strlen (text), "t.inp", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *xml = fe_xml_to_string (problems);
  const gsize room[] = { 0, 1, 100, strlen (xml) - 1 };
  for (guint i = 0; i < G_N_ELEMENTS (room); i++)
    {
      fault_after = room[i];
      fe_atomic_save_set_write_func (full_disk_write);
      GError *error = NULL;
      gboolean ok = fe_problem_file_save (file, &fe_xml_format, problems, NULL, &error);
      fe_atomic_save_set_write_func (NULL);
      g_assert_false (ok);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, "unchanged"));
      g_error_free (error);
      g_autofree char *now = NULL;
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
      g_assert_cmpint (count_entries (dir), ==, 1); /* no temporary file left */
    }
  /* and with room: the new file, the old mode */
  GError *error = NULL;
  g_assert_true (fe_problem_file_save (file, &fe_xml_format, problems, NULL, &error));
  g_assert_no_error (error);
  GStatBuf st;
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  g_assert_cmpint (count_entries (dir), ==, 1);
  /* a folder that does not exist: an error, nothing written */
  g_autofree char *nowhere = g_build_filename (dir, "no", "p.xml", NULL);
  g_assert_false (fe_atomic_save (nowhere, "x", 1, &error));
  g_assert_nonnull (strstr (error->message, "temporary file"));
  g_clear_error (&error);
  /* a link stays a link; the file it points to is replaced */
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_assert_cmpint (symlink ("p.xml", link), ==, 0);
  g_assert_true (fe_atomic_save (link, "via link\n", 9, &error));
  g_autofree char *now = NULL;
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, "via link\n");
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_unlink (link);
  g_unlink (path);
  g_rmdir (dir);
}

/* A temporary file of a save killed between naming it and the rename is
 * removed by the next save into the folder; one of a live process is not. */
static void
test_save_stale_temporary (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "p.inp", NULL);
  /* PID 2^22 + 1 is above Linux's pid_max limit: never alive */
  g_autofree char *dead = g_build_filename (dir, ".p.inp.4194305-0.feerie-tmp", NULL);
  g_autofree char *alive = g_strdup_printf ("%s/.p.inp.%d-0.feerie-tmp", dir, 1);
  g_assert_true (g_file_set_contents (dead, "half", -1, NULL));
  g_assert_true (g_file_set_contents (alive, "other", -1, NULL));
  GError *error = NULL;
  g_assert_true (fe_atomic_save (path, "new\n", 4, &error));
  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (alive, G_FILE_TEST_EXISTS));
  g_unlink (alive);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/files/occupied-square", test_occupied_square);
  g_test_add_func ("/files/twin-second-king", test_twin_second_king);
  g_test_add_func ("/files/twin-labels", test_twin_labels);
  g_test_add_func ("/files/twins-linear", test_twins_linear);
  g_test_add_func ("/files/twin-remove-many", test_twin_remove_many);
  g_test_add_func ("/files/piece-ids", test_piece_ids);
  g_test_add_func ("/files/save-full-disk", test_save_full_disk);
  g_test_add_func ("/files/save-stale-temporary", test_save_stale_temporary);
  return g_test_run ();
}
