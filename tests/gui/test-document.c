/* test-document.c — FeerieDocument without a window: undo and redo
 * snapshots (one step a field while typing), cancel, dirty and file
 * notifications, imports, and its own autosave (written after an edit,
 * deleted on save, kept when the document is dropped unsaved).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "gui/feerie-document.h"
#include "io/problem-file.h"

static void
count_notify (GObject *object, GParamSpec *pspec, int *n)
{
  (*n)++;
}

static void
set_source (FeerieDocument *doc, const char *tag, const char *text)
{
  feerie_document_begin_edit (doc, tag);
  FeProblem *p = feerie_document_get_problem (doc);
  g_free (p->source_name);
  p->source_name = g_strdup (text);
  feerie_document_end_edit (doc);
}

static void
test_history (void)
{
  FeerieDocument *doc = feerie_document_new ();
  int dirty_changes = 0, problem_changes = 0;
  g_signal_connect (doc, "notify::dirty", G_CALLBACK (count_notify), &dirty_changes);
  g_signal_connect (doc, "notify::problem", G_CALLBACK (count_notify), &problem_changes);
  g_assert_true (feerie_document_is_pristine (doc));
  g_assert_false (feerie_document_can_undo (doc));

  /* Typing in one field: one step; another field: another. */
  set_source (doc, "meta-source", "F");
  set_source (doc, "meta-source", "Fe");
  set_source (doc, "meta-title", "T");
  g_assert_true (feerie_document_get_dirty (doc));
  g_assert_cmpint (dirty_changes, ==, 1);
  g_assert_false (feerie_document_is_pristine (doc));
  g_assert_cmpstr (feerie_document_peek_undo (doc)->source_name, ==, "Fe");

  g_assert_true (feerie_document_step_history (doc, FALSE));
  g_assert_cmpint (problem_changes, ==, 1);
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "Fe");
  g_assert_true (feerie_document_step_history (doc, FALSE));
  g_assert_null (feerie_document_get_problem (doc)->source_name);
  g_assert_false (feerie_document_step_history (doc, FALSE));
  g_assert_true (feerie_document_can_redo (doc));
  g_assert_true (feerie_document_step_history (doc, TRUE));
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "Fe");
  /* A new edit drops what could be redone. */
  set_source (doc, NULL, "Feenschach");
  g_assert_false (feerie_document_can_redo (doc));

  /* A cancelled edit leaves no step behind. */
  feerie_document_begin_edit (doc, NULL);
  feerie_document_cancel_edit (doc);
  g_assert_cmpstr (feerie_document_peek_undo (doc)->source_name, ==, "Fe");

  /* Another problem: the history goes, the document is clean. */
  feerie_document_set_problem (doc, fe_problem_new (), NULL);
  g_assert_false (feerie_document_can_undo (doc));
  g_assert_false (feerie_document_get_dirty (doc));

  /* Undone back to what the file holds: clean again; redone: dirty. */
  set_source (doc, NULL, "A");
  g_assert_true (feerie_document_get_dirty (doc));
  feerie_document_step_history (doc, FALSE);
  g_assert_false (feerie_document_get_dirty (doc));
  feerie_document_step_history (doc, TRUE);
  g_assert_true (feerie_document_get_dirty (doc));
  /* Saved after the edit: that is the clean state now. */
  GFile *file = g_file_new_for_path ("/nonexistent/clean.xml");
  feerie_document_saved (doc, file);
  g_object_unref (file);
  set_source (doc, NULL, "B");
  feerie_document_step_history (doc, FALSE);
  g_assert_false (feerie_document_get_dirty (doc));
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "A");
  feerie_document_step_history (doc, FALSE);
  g_assert_true (feerie_document_get_dirty (doc));
  /* An edit made where the clean state could only be redone loses it. */
  set_source (doc, NULL, "C");
  feerie_document_step_history (doc, FALSE);
  g_assert_true (feerie_document_get_dirty (doc));
  /* Typing on in the field whose step ends on the clean state: dirty for good. */
  feerie_document_saved (doc, NULL);
  set_source (doc, "meta-source", "D");
  feerie_document_saved (doc, NULL);
  set_source (doc, "meta-source", "DE");
  g_assert_true (feerie_document_get_dirty (doc));
  feerie_document_step_history (doc, FALSE);
  g_assert_true (feerie_document_get_dirty (doc));
  g_object_unref (doc);
}

static gboolean
quit_when_written (gpointer data)
{
  FeerieDocument *doc = data;
  const char *path = feerie_document_get_autosave_path (doc);
  return !(path && g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_autosave (void)
{
  FeerieDocument *doc = feerie_document_new ();
  g_assert_null (feerie_document_get_autosave_path (doc));
  set_source (doc, NULL, "Autosaved");
  /* Written a few seconds after the edit. */
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (quit_when_written (doc) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  const char *path = feerie_document_get_autosave_path (doc);
  g_assert_nonnull (path);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Autosaved"));

  /* Saved: clean, its autosave gone, the file is its file. */
  g_autofree char *kept = g_strdup (path);
  int file_changes = 0;
  g_signal_connect (doc, "notify::file", G_CALLBACK (count_notify), &file_changes);
  GFile *file = g_file_new_for_path ("/nonexistent/saved.xml");
  feerie_document_saved (doc, file);
  g_assert_false (feerie_document_get_dirty (doc));
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_true (feerie_document_get_file (doc) == file);
  g_assert_cmpint (file_changes, ==, 1);
  g_autofree char *name = feerie_document_dup_display_name (doc);
  g_assert_cmpstr (name, ==, "saved.xml");
  g_object_unref (file);

  /* Recovered work is autosaved at once; a document dropped unsaved keeps
   * its autosave for the next start. */
  GPtrArray *recovered = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  for (int i = 0; i < 2; i++)
    {
      FeProblem *p = fe_problem_new ();
      p->source_name = g_strdup_printf ("Recovered %d", i + 1);
      g_ptr_array_add (recovered, p);
    }
  g_assert_true (feerie_document_recover (doc, recovered, NULL));
  g_assert_true (feerie_document_get_dirty (doc));
  g_assert_cmpuint (feerie_document_get_n_problems (doc), ==, 2);
  g_free (kept);
  kept = g_strdup (feerie_document_get_autosave_path (doc));
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  /* A collection's autosave keeps all of it. */
  g_autoptr (GPtrArray) back = fe_problem_file_read (kept, NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->len, ==, 2);
  g_assert_cmpstr (((FeProblem *) back->pdata[1])->source_name, ==, "Recovered 2");
  g_object_unref (doc);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_unlink (kept);
}

static void
test_import (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-doc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "position.fen", NULL);
  g_assert_true (g_file_set_contents (path, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", -1, NULL));
  FeerieDocument *doc = feerie_document_new ();
  GFile *file = g_file_new_for_path (path);
  guint n = 0;
  g_assert_true (feerie_document_load (doc, file, &n, NULL));
  g_assert_cmpuint (n, ==, 1);
  /* An import: not its file (Save must not overwrite it), but its name. */
  g_assert_null (feerie_document_get_file (doc));
  g_assert_true (feerie_document_get_imported_from (doc) == file);
  g_autofree char *name = feerie_document_dup_display_name (doc);
  g_assert_cmpstr (name, ==, "position.fen");
  g_assert_cmpint (feerie_document_get_problem (doc)->diagram.board[FE_SQ (4, 0)].walk, ==, FE_WALK_KING);
  /* A bad file leaves the document as it was, with a reason. */
  g_assert_true (g_file_set_contents (path, "not a position", -1, NULL));
  GError *error = NULL;
  g_assert_false (feerie_document_load (doc, file, &n, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (feerie_document_get_imported_from (doc) == file);
  g_object_unref (file);
  g_object_unref (doc);
  g_unlink (path);
  g_rmdir (dir);
}

/* The sources of the collection's problems, in order: "A B C". */
static char *
order (FeerieDocument *doc)
{
  GString *s = g_string_new (NULL);
  FeerieCollection *c = feerie_document_get_collection (doc);
  for (guint i = 0; i < feerie_collection_get_n_problems (c); i++)
    {
      const char *name = feerie_collection_get_problem (c, i)->source_name;
      g_string_append_printf (s, "%s%s", i ? " " : "", name ? name : "-");
    }
  return g_string_free (s, FALSE);
}

#define ASSERT_ORDER(doc, text)                                                                    \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *got_ = order (doc);                                                         \
      g_assert_cmpstr (got_, ==, text);                                                            \
    }                                                                                              \
  while (0)

static void
count_items_changed (GListModel *model, guint position, guint removed, guint added, int *n)
{
  (*n)++;
}

/* Issue 23: a file of several problems is one document; reorder, remove,
 * insert and edits of any of its problems are steps of one history. */
static void
test_collection (void)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-doc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "three.inp", NULL);
  const char *text = "begin\norigin A\nstipulation #2\npieces white ke1 black ke8\n"
                     "next\norigin B\nstipulation h#2\npieces white ka1 black ka8\n"
                     "next\norigin C\nstipulation s#2\npieces white kh1 black kh8\nend\n";
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  FeerieDocument *doc = feerie_document_new ();
  GFile *file = g_file_new_for_path (path);
  guint n = 0;
  g_assert_true (feerie_document_load (doc, file, &n, NULL));
  g_object_unref (file);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (feerie_document_get_n_problems (doc), ==, 3);
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 0);
  g_assert_false (feerie_document_is_pristine (doc));
  ASSERT_ORDER (doc, "A B C");
  int changes = 0;
  g_signal_connect (feerie_document_get_collection (doc), "items-changed",
                    G_CALLBACK (count_items_changed), &changes);

  /* Selecting is no edit; typing on in a field of another problem is
   * another step. */
  feerie_document_select (doc, 1);
  g_assert_false (feerie_document_get_dirty (doc));
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "B");
  set_source (doc, "meta-source", "B1");
  feerie_document_select (doc, 2);
  set_source (doc, "meta-source", "C1");
  ASSERT_ORDER (doc, "A B1 C1");
  g_assert_cmpstr (feerie_document_peek_undo (doc)->source_name, ==, "C");

  /* Move, remove, insert: each one step; the problem it concerns shown. */
  feerie_document_move (doc, 2, 0);
  ASSERT_ORDER (doc, "C1 A B1");
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 0);
  g_assert_null (feerie_document_peek_undo (doc));
  g_assert_true (feerie_document_remove (doc, 1));
  ASSERT_ORDER (doc, "C1 B1");
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "B1");
  FeProblem *d = fe_problem_new ();
  d->source_name = g_strdup ("D");
  feerie_document_insert (doc, 2, d);
  ASSERT_ORDER (doc, "C1 B1 D");
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 2);
  g_assert_cmpint (changes, ==, 3);

  /* Undone one by one, each showing the problem it concerns. */
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "C1 B1");
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "C1 A B1");
  g_assert_cmpstr (feerie_document_get_problem (doc)->source_name, ==, "A");
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "A B1 C1");
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 2);
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "A B1 C");
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "A B C");
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 1);
  g_assert_false (feerie_document_can_undo (doc));
  /* And redone. */
  for (int i = 0; i < 5; i++)
    g_assert_true (feerie_document_step_history (doc, TRUE));
  ASSERT_ORDER (doc, "C1 B1 D");
  g_assert_false (feerie_document_can_redo (doc));

  /* Removing the last problem shown shows the one before; the last one
   * of all stays. */
  g_assert_true (feerie_document_remove (doc, 2));
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 1);
  g_assert_true (feerie_document_remove (doc, 0));
  g_assert_false (feerie_document_remove (doc, 0));
  ASSERT_ORDER (doc, "B1");
  g_assert_true (feerie_document_step_history (doc, FALSE));
  g_assert_true (feerie_document_step_history (doc, FALSE));
  ASSERT_ORDER (doc, "C1 B1 D");
  g_assert_cmpuint (feerie_document_get_current (doc), ==, 2);

  /* Another document: one problem, no history. */
  feerie_document_set_problem (doc, fe_problem_new (), NULL);
  g_assert_cmpuint (feerie_document_get_n_problems (doc), ==, 1);
  g_assert_false (feerie_document_can_undo (doc));
  g_object_unref (doc);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* Autosaves go to a scratch state folder. */
  g_autofree char *state = g_dir_make_tmp ("feerie-state-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_add_func ("/document/history", test_history);
  g_test_add_func ("/document/autosave", test_autosave);
  g_test_add_func ("/document/import", test_import);
  g_test_add_func ("/document/collection", test_collection);
  int status = g_test_run ();
  /* Every autosave was deleted above: only the folders are left. */
  g_autofree char *autosaves = g_build_filename (state, "feerie", "autosave", NULL);
  g_autofree char *feerie = g_build_filename (state, "feerie", NULL);
  g_rmdir (autosaves);
  g_rmdir (feerie);
  if (g_rmdir (state) != 0)
    g_printerr ("%s is left: not empty\n", state);
  return status;
}
