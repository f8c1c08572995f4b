/* feerie-document.c — the problem a window shows: file, dirty state, undo
 * history, autosave.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every edit goes through begin_edit / end_edit, which push a copy of the
 * problem on the undo stack: problems are small (a board and some
 * strings), so snapshots are simpler and safer than inverse operations,
 * and cover every kind of edit alike.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-document.h"
#include "feerie-autosave.h"
#include "io/problem-file.h"

#define MAX_UNDO 200
/* Seconds after the last edit before the autosave is written. */
#define AUTOSAVE_DELAY 3

struct _FeerieDocument
{
  GObject parent_instance;

  FeProblem *problem;
  GPtrArray *undo_stack; /* of FeProblem*: states before each edit */
  GPtrArray *redo_stack;
  char *coalesce_tag;    /* typing in one field makes one undo step */
  GFile *file;
  GFile *imported_from;  /* a Popeye or FEN file shown, which Save does not overwrite */
  gboolean dirty;
  guint autosave_id;
  char *autosave_path;   /* this document's own autosave, NULL until written */
};

G_DEFINE_FINAL_TYPE (FeerieDocument, feerie_document, G_TYPE_OBJECT)

enum { PROP_0, PROP_PROBLEM, PROP_DIRTY, PROP_FILE, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { AUTOSAVE_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_dirty (FeerieDocument *self, gboolean dirty)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  if (self->dirty == dirty)
    return;
  self->dirty = dirty;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_DIRTY]);
}

static void
set_file (FeerieDocument *self, GFile *file)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FILE]);
}

/* ---- autosave ------------------------------------------------------------- */

static gboolean
write_autosave (FeerieDocument *self, GError **error)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (!self->autosave_path)
    self->autosave_path = feerie_autosave_new_path ();
  return feerie_autosave_write (self->autosave_path, self->problem, error);
}

static gboolean
autosave_cb (gpointer data)
{
  FeerieDocument *self = data;
  g_assert (FEERIE_IS_DOCUMENT (self));
  self->autosave_id = 0;
  g_autoptr (GError) error = NULL;
  if (!write_autosave (self, &error))
    {
      /* The previous autosave is intact (fe-atomic-save.c); say why. */
      g_autofree char *msg = g_strdup_printf (_("Autosave failed: %s"), error->message);
      g_warning ("%s", msg);
      g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, msg);
    }
  return G_SOURCE_REMOVE;
}

/* The work is saved or given up: only this document's autosave goes. */
static void
discard_autosave (FeerieDocument *self)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->autosave_path)
    g_unlink (self->autosave_path);
  g_clear_pointer (&self->autosave_path, g_free);
}

const char *
feerie_document_get_autosave_path (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->autosave_path;
}

void
feerie_document_saved (FeerieDocument *self, GFile *file)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  set_file (self, file);
  discard_autosave (self);
  set_dirty (self, FALSE);
}

void
feerie_document_discard (FeerieDocument *self)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  discard_autosave (self);
  set_dirty (self, FALSE);
}

void
feerie_document_set_unsaved_problem (FeerieDocument *self, FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  feerie_document_set_problem (self, problem, NULL);
  feerie_document_end_edit (self);
}

gboolean
feerie_document_recover (FeerieDocument *self, FeProblem *problem, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  feerie_document_set_unsaved_problem (self, problem);
  return write_autosave (self, error);
}

/* ---- the problem and its files ----------------------------------------------- */

FeProblem *
feerie_document_get_problem (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->problem;
}

GFile *
feerie_document_get_file (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->file;
}

GFile *
feerie_document_get_imported_from (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->imported_from;
}

gboolean
feerie_document_get_dirty (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  return self->dirty;
}

char *
feerie_document_dup_display_name (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  GFile *shown = self->file ? self->file : self->imported_from;
  return shown ? g_file_get_basename (shown) : NULL;
}

gboolean
feerie_document_is_pristine (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  return !self->file && !self->dirty && self->undo_stack->len == 0;
}

static void
take_problem (FeerieDocument *self, FeProblem *problem)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  g_clear_pointer (&self->problem, fe_problem_free);
  self->problem = problem;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROBLEM]);
}

void
feerie_document_set_problem (FeerieDocument *self, FeProblem *problem, GFile *file)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (problem != NULL);
  g_object_freeze_notify (G_OBJECT (self));
  /* Another document: the old one's autosave goes with it. */
  discard_autosave (self);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_clear_object (&self->imported_from);
  set_file (self, file);
  set_dirty (self, FALSE);
  take_problem (self, problem);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
feerie_document_load (FeerieDocument *self, GFile *file, guint *n_problems, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  const FeFileFormat *format = NULL;
  g_autoptr (GPtrArray) problems = fe_problem_file_load (file, &format, error);
  if (!problems)
    return FALSE;
  if (n_problems)
    *n_problems = problems->len;
  /* Imports become new documents: saving must not overwrite the Popeye or
   * FEN source with XML. */
  gboolean native = (format->flags & FE_FORMAT_NATIVE) != 0;
  g_object_freeze_notify (G_OBJECT (self));
  feerie_document_set_problem (self, g_ptr_array_steal_index (problems, 0), native ? file : NULL);
  if (!native)
    g_set_object (&self->imported_from, file);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* ---- undo ------------------------------------------------------------------ */

void
feerie_document_begin_edit (FeerieDocument *self, const char *coalesce_tag)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  if (coalesce_tag && self->coalesce_tag && g_str_equal (coalesce_tag, self->coalesce_tag)
      && self->undo_stack->len > 0)
    return; /* typing on in the same field: one undo step */
  g_free (self->coalesce_tag);
  self->coalesce_tag = g_strdup (coalesce_tag);
  g_ptr_array_add (self->undo_stack, fe_problem_copy (self->problem));
  if (self->undo_stack->len > MAX_UNDO)
    g_ptr_array_remove_index (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
}

void
feerie_document_cancel_edit (FeerieDocument *self)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  if (self->undo_stack->len > 0)
    g_ptr_array_set_size (self->undo_stack, self->undo_stack->len - 1);
  g_clear_pointer (&self->coalesce_tag, g_free);
}

void
feerie_document_end_edit (FeerieDocument *self)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  set_dirty (self, TRUE);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add_seconds (AUTOSAVE_DELAY, autosave_cb, self);
}

void
feerie_document_replace_problem (FeerieDocument *self, FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (problem != NULL);
  take_problem (self, problem);
}

const FeProblem *
feerie_document_peek_undo (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->undo_stack->len ? self->undo_stack->pdata[self->undo_stack->len - 1] : NULL;
}

gboolean
feerie_document_can_undo (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  return self->undo_stack->len > 0;
}

gboolean
feerie_document_can_redo (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  return self->redo_stack->len > 0;
}

/* Swaps the current problem with the top of one stack, pushing it on the
 * other: undo and redo are the same move in opposite directions. */
gboolean
feerie_document_step_history (FeerieDocument *self, gboolean redo)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  GPtrArray *from = redo ? self->redo_stack : self->undo_stack;
  GPtrArray *to = redo ? self->undo_stack : self->redo_stack;
  if (from->len == 0)
    return FALSE;
  g_ptr_array_add (to, g_steal_pointer (&self->problem));
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_object_freeze_notify (G_OBJECT (self));
  take_problem (self, g_ptr_array_steal_index (from, from->len - 1));
  feerie_document_end_edit (self);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* ---- GObject ------------------------------------------------------------------ */

static void
feerie_document_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  FeerieDocument *self = FEERIE_DOCUMENT (object);
  switch (id)
    {
    case PROP_PROBLEM: g_value_set_pointer (value, self->problem); break;
    case PROP_DIRTY: g_value_set_boolean (value, self->dirty); break;
    case PROP_FILE: g_value_set_object (value, self->file); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
feerie_document_finalize (GObject *object)
{
  FeerieDocument *self = FEERIE_DOCUMENT (object);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_pointer (&self->problem, fe_problem_free);
  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_clear_object (&self->file);
  g_clear_object (&self->imported_from);
  /* Not deleted: a window destroyed without closing keeps its autosave. */
  g_clear_pointer (&self->autosave_path, g_free);
  G_OBJECT_CLASS (feerie_document_parent_class)->finalize (object);
}

static void
feerie_document_class_init (FeerieDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = feerie_document_get_property;
  object_class->finalize = feerie_document_finalize;
  props[PROP_PROBLEM] = g_param_spec_pointer ("problem", NULL, NULL,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_DIRTY] = g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[AUTOSAVE_FAILED]
    = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
feerie_document_init (FeerieDocument *self)
{
  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  self->problem = fe_problem_new ();
}

FeerieDocument *
feerie_document_new (void)
{
  return g_object_new (FEERIE_TYPE_DOCUMENT, NULL);
}
