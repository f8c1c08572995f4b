/* test-same-problem.c — one problem, every way in (issue 24): the same
 * problem written as Féerie XML, Popeye input and FEN (with comment lines
 * and "-" castling) is read through every entry point — the CLI's reader,
 * the document, the window's Open (Import, recent files), a file dropped
 * on the window, pasted text — and written back by Save As in each format
 * and by convert; every problem must be equal (fe_problem_equal) to the
 * one the CLI reads from the XML file.  Before the one io entry point, the
 * window read a FEN with "-" castling as a diagram without rights but no
 * NoCastling option, which Save As XML turned back into all rights, and
 * an XML EnPassant option never reached the diagram.
 * Needs a display (run under xvfb-run).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "gui/feerie-window-private.h"
#include "io/problem-file.h"

typedef struct {
  const char *name;
  const char *xml, *popeye, *fen;
} Case;

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<problem xmlns=\"https://feerie.org/ns/problem/1\" version=\"1\">\n" \
  "<stipulation>#2</stipulation>\n"

/* Rooks and kings at home, no right left: "-" in FEN, NoCastling in the
 * others.  Then a pawn that just made its double step, with e.p. */
static const Case cases[] = {
  { "castling",
    XML_HEAD "<options><no-castling squares=\"a1 e1 h1 a8 e8 h8\"/></options>\n"
    "<position>\n<piece square=\"e1\" walk=\"k\" colour=\"white\"/>\n"
    "<piece square=\"a1\" walk=\"r\" colour=\"white\"/>\n"
    "<piece square=\"h1\" walk=\"r\" colour=\"white\"/>\n"
    "<piece square=\"e8\" walk=\"k\" colour=\"black\"/>\n"
    "<piece square=\"a8\" walk=\"r\" colour=\"black\"/>\n"
    "<piece square=\"h8\" walk=\"r\" colour=\"black\"/>\n</position>\n</problem>\n",
    "begin\nstipulation #2\noption NoCastling a1e1h1a8e8h8\n"
    "pieces white ke1 ra1h1 black ke8 ra8h8\nend\n",
    "# a position from a collection\n\n# no castling any more\n"
    "r3k2r/8/8/8/8/8/8/R3K2R w - -\n" },
  { "en passant",
    XML_HEAD "<options><en-passant squares=\"e2 e4\"/><no-castling squares=\"e1 e8\"/></options>\n"
    "<position>\n<piece square=\"e1\" walk=\"k\" colour=\"white\"/>\n"
    "<piece square=\"e4\" walk=\"p\" colour=\"white\"/>\n"
    "<piece square=\"e8\" walk=\"k\" colour=\"black\"/>\n"
    "<piece square=\"d4\" walk=\"p\" colour=\"black\"/>\n</position>\n</problem>\n",
    "begin\nstipulation #2\noption NoCastling e1e8 EnPassant e2e4\n"
    "pieces white ke1 pe4 black ke8 pd4\nend\n",
    "# e2-e4 was the last move\n4k3/8/8/8/3pP3/8/8/4K3 b - e3\n" },
};

static char *dir;

static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static FeProblem *
cli_read (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = fe_problem_file_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  return g_ptr_array_steal_index (problems, 0);
}

static void
expect_same (const FeProblem *reference, const FeProblem *got, const char *how)
{
  if (fe_problem_equal (reference, got))
    return;
  g_autoptr (GPtrArray) both = g_ptr_array_new ();
  g_ptr_array_add (both, (gpointer) reference);
  g_ptr_array_add (both, (gpointer) got);
  g_autofree char *text = fe_problem_text_write (fe_file_format_for_id ("xml"), both, NULL);
  g_error ("%s: not the same problem (first the reference):\n%s", how, text);
}

static FeerieWindow *
new_window (void)
{
  FeerieWindow *w = feerie_window_new (NULL);
  g_object_ref_sink (w);
  return w;
}

static void
drop_window (FeerieWindow *w)
{
  gtk_window_destroy (GTK_WINDOW (w));
  g_object_unref (w);
}

static void
check_case (const Case *c)
{
  g_autofree char *xml = write_file ("p.xml", c->xml);
  g_autofree char *inp = write_file ("p.inp", c->popeye);
  g_autofree char *fen = write_file ("p.fen", c->fen);
  /* The same FEN under a name no format claims: recognised by content. */
  g_autofree char *txt = write_file ("p.txt", c->fen);
  const char *files[] = { xml, inp, fen, txt };
  const char *texts[] = { c->xml, c->popeye, c->fen };
  g_autoptr (FeProblem) reference = cli_read (xml);
  g_test_message ("%s", c->name);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (files[i]);
      g_autofree char *how = NULL;

      /* feerie-cli solve, convert, diagram */
      g_autoptr (FeProblem) cli = cli_read (files[i]);
      how = g_strdup_printf ("%s: %s read by the CLI", c->name, files[i]);
      expect_same (reference, cli, how);

      /* the document (Open and Import) */
      g_autoptr (FeerieDocument) doc = feerie_document_new ();
      g_autoptr (GError) error = NULL;
      g_assert_true (feerie_document_load (doc, file, NULL, &error));
      g_free (how);
      how = g_strdup_printf ("%s: %s loaded by the document", c->name, files[i]);
      expect_same (reference, feerie_document_get_problem (doc), how);

      /* the window's Open, and a file dropped on it */
      FeerieWindow *opened = new_window ();
      g_assert_true (feerie_window_open_file (opened, file, &error));
      g_free (how);
      how = g_strdup_printf ("%s: %s opened in the window", c->name, files[i]);
      expect_same (reference, opened->problem, how);
      FeerieWindow *dropped = new_window ();
      GSList one = { file, NULL };
      g_assert_true (feerie_window_open_dropped (dropped, &one, &error));
      g_free (how);
      how = g_strdup_printf ("%s: %s dropped on the window", c->name, files[i]);
      expect_same (reference, dropped->problem, how);

      /* Save As in every format, read back by the CLI's reader. */
      static const char *const saved[] = { "s.xml", "s.inp", "s.fen" };
      for (guint k = 0; k < G_N_ELEMENTS (saved); k++)
        {
          g_autofree char *out = g_build_filename (dir, saved[k], NULL);
          g_autoptr (GFile) out_file = g_file_new_for_path (out);
          g_assert_true (feerie_window_save_to (opened, out_file, &error));
          g_autoptr (FeProblem) back = cli_read (out);
          g_free (how);
          how = g_strdup_printf ("%s: %s opened, saved as %s and read back", c->name, files[i],
                                 saved[k]);
          expect_same (reference, back, how);
          /* convert, from each saved file to each format */
          for (guint f = 0; f < G_N_ELEMENTS (saved); f++)
            {
              g_autofree char *conv = g_strdup_printf ("%s/c-%s", dir, saved[f]);
              g_autoptr (GFile) conv_file = g_file_new_for_path (conv);
              g_autoptr (GPtrArray) list = g_ptr_array_new ();
              g_ptr_array_add (list, back);
              g_assert_true (fe_problem_file_save (conv_file, NULL, list, NULL, &error));
              g_autoptr (FeProblem) converted = cli_read (conv);
              g_free (how);
              how = g_strdup_printf ("%s: %s converted to %s", c->name, saved[k], saved[f]);
              expect_same (reference, converted, how);
            }
        }
      drop_window (opened);
      drop_window (dropped);

      /* pasted text, into a new window */
      if (i < G_N_ELEMENTS (texts))
        {
          FeerieWindow *pasted = new_window ();
          g_assert_true (feerie_window_paste_text (pasted, texts[i], &error));
          g_free (how);
          how = g_strdup_printf ("%s: the text of %s pasted", c->name, files[i]);
          expect_same (reference, pasted->problem, how);
          drop_window (pasted);
        }
    }
  const char *all[] = { xml, inp, fen, txt };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_unlink (all[i]);
}

static void
test_same_problem (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (&cases[i]);
}

/* A located error is data: the line and column of the bad word, the
 * message without them, whichever reader failed. */
static void
test_error_location (void)
{
  static const struct {
    const char *name, *text;
    int line, column;
  } bad[] = {
    { "bad.inp", "begin\nstipulation #2\npieces white ke1 ke2\nend\n", 3, 18 },
    { "bad.fen", "# two kings\n4k3/8/8/8/8/8/8/4KK2 w - -\n", 2, 19 },
    { "bad.xml", XML_HEAD "<position>\n<piece square=\"e1\" walk=\"k\" colour=\"white\"/>\n"
                 "<piece square=\"e2\" walk=\"k\" colour=\"white\"/>\n</position>\n</problem>\n",
      6, 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) none = fe_problem_text_read (bad[i].text, strlen (bad[i].text),
                                                         bad[i].name, NULL, NULL, &error);
      g_assert_null (none);
      g_assert_error (error, FE_FILE_ERROR, FE_FILE_ERROR_RULE);
      const char *file, *what;
      int line, column;
      g_assert_true (fe_file_error_get_location (error, &file, &line, &column, &what));
      g_assert_cmpstr (file, ==, bad[i].name);
      g_assert_cmpint (line, ==, bad[i].line);
      g_assert_cmpint (column, ==, bad[i].column);
      g_assert_true (g_str_has_prefix (what, "two white kings"));
    }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("feerie-same-XXXXXX", NULL);
  g_test_add_func ("/io/same-problem", test_same_problem);
  g_test_add_func ("/io/error-location", test_error_location);
  int status = g_test_run ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
  g_free (dir);
  return status;
}
