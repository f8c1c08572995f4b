/* feerie-document.c — the problems a window shows: file, dirty state,
 * undo history, autosave.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A document is a collection (FeerieCollection), one problem or many,
 * with one of them shown.  Every edit of that problem goes through
 * begin_edit / end_edit, which push a copy of it on the undo stack:
 * problems are small (a board and some strings), so snapshots are
 * simpler and safer than inverse operations, and cover every kind of
 * edit alike.  Collection edits (insert, remove, move) are steps of
 * their own that hold the item they take out, so that a collection of
 * 10,000 problems is never copied whole.  A step is what brings the
 * document back; applied, it yields the step that undoes it.
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

typedef enum {
  STEP_EDIT,   /* the problem at `index` becomes `problem` (the other state) */
  STEP_INSERT, /* `item` goes back in at `index` */
  STEP_REMOVE, /* the item at `index` goes out */
  STEP_MOVE,   /* the item at `index` goes to `to` */
} StepKind;

typedef struct {
  StepKind kind;
  guint index, to;
  FeProblem *problem;
  FeerieProblemItem *item;
} Step;

static void
step_free (gpointer data)
{
  Step *step = data;
  if (step->problem)
    fe_problem_free (step->problem);
  g_clear_object (&step->item);
  g_free (step);
}

static Step *
step_new (StepKind kind, guint index, guint to)
{
  Step *step = g_new0 (Step, 1);
  step->kind = kind;
  step->index = index;
  step->to = to;
  return step;
}

struct _FeerieDocument
{
  GObject parent_instance;

  FeerieCollection *collection;
  guint current;         /* the problem shown */
  GPtrArray *undo_stack; /* of Step*: what brings back the state before each edit */
  GPtrArray *redo_stack;
  char *coalesce_tag;    /* typing in one field makes one undo step */
  GFile *file;
  GFile *imported_from;  /* a Popeye or FEN file shown, which Save does not overwrite */
  gboolean dirty;
  /* The undo stack's length when the problems were those of the file (or
   * the pristine document): undoing back to it makes the document clean
   * again.  -1 once that state cannot come back. */
  gint clean_len;
  guint autosave_id;
  char *autosave_path;   /* this document's own autosave, NULL until written */
};

G_DEFINE_FINAL_TYPE (FeerieDocument, feerie_document, G_TYPE_OBJECT)

enum { PROP_0, PROP_PROBLEM, PROP_CURRENT, PROP_DIRTY, PROP_FILE, N_PROPS };
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

/* The shown problem is the one at `index` now (its pointer may have
 * changed even when the place has not). */
static void
show (FeerieDocument *self, guint index)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  guint n = feerie_collection_get_n_problems (self->collection);
  index = MIN (index, n - 1);
  g_object_freeze_notify (G_OBJECT (self));
  if (self->current != index)
    {
      self->current = index;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CURRENT]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROBLEM]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void replace_all (FeerieDocument *self, GPtrArray *problems, GFile *file);

/* ---- autosave ------------------------------------------------------------- */

static gboolean
write_autosave (FeerieDocument *self, GError **error)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (!self->autosave_path)
    self->autosave_path = feerie_autosave_new_path ();
  g_autoptr (GPtrArray) problems = feerie_collection_dup_problems (self->collection);
  return feerie_autosave_write (self->autosave_path, problems, error);
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
  self->clean_len = (gint) self->undo_stack->len;
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
  self->clean_len = -1; /* in no file */
  feerie_document_end_edit (self);
}

gboolean
feerie_document_recover (FeerieDocument *self, GPtrArray *problems, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (problems != NULL && problems->len > 0, FALSE);
  replace_all (self, problems, NULL);
  g_ptr_array_unref (problems);
  self->clean_len = -1; /* in no file */
  feerie_document_end_edit (self);
  return write_autosave (self, error);
}

/* ---- the problems and their files ----------------------------------------------- */

FeProblem *
feerie_document_get_problem (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return feerie_collection_get_problem (self->collection, self->current);
}

FeerieCollection *
feerie_document_get_collection (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  return self->collection;
}

guint
feerie_document_get_n_problems (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), 0);
  return feerie_collection_get_n_problems (self->collection);
}

guint
feerie_document_get_current (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), 0);
  return self->current;
}

void
feerie_document_select (FeerieDocument *self, guint index)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (index < feerie_collection_get_n_problems (self->collection));
  if (index == self->current)
    return;
  /* Typing on in a field of another problem is another step. */
  g_clear_pointer (&self->coalesce_tag, g_free);
  show (self, index);
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
  return !self->file && !self->dirty && self->undo_stack->len == 0
         && feerie_collection_get_n_problems (self->collection) == 1;
}

/* Another document: `problems` (taken, not empty) replace the collection,
 * the history and the old document's autosave go. */
static void
replace_all (FeerieDocument *self, GPtrArray *problems, GFile *file)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  g_assert (problems->len > 0);
  g_object_freeze_notify (G_OBJECT (self));
  discard_autosave (self);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_clear_object (&self->imported_from);
  set_file (self, file);
  self->clean_len = 0;
  set_dirty (self, FALSE);
  /* Shown first, so that nothing reads a freed problem as current. */
  self->current = 0;
  feerie_collection_take_all (self->collection, problems);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CURRENT]);
  show (self, 0);
  g_object_thaw_notify (G_OBJECT (self));
}

void
feerie_document_set_problem (FeerieDocument *self, FeProblem *problem, GFile *file)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (problem != NULL);
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, problem);
  replace_all (self, one, file);
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
  replace_all (self, problems, native ? file : NULL);
  if (!native)
    g_set_object (&self->imported_from, file);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* ---- undo ------------------------------------------------------------------ */

/* Applies `step` and returns the step that undoes it, with the place of
 * the problem to show after it in *shown. */
static Step *
apply_step (FeerieDocument *self, Step *step, guint *shown)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  FeerieCollection *c = self->collection;
  Step *back = NULL;
  switch (step->kind)
    {
    case STEP_EDIT:
      back = step_new (STEP_EDIT, step->index, 0);
      back->problem = feerie_problem_item_swap_problem (feerie_collection_get_item (c, step->index),
                                                        g_steal_pointer (&step->problem));
      *shown = step->index;
      break;
    case STEP_INSERT:
      feerie_collection_insert_item (c, step->index, step->item);
      back = step_new (STEP_REMOVE, step->index, 0);
      *shown = step->index;
      break;
    case STEP_REMOVE:
      back = step_new (STEP_INSERT, step->index, 0);
      back->item = feerie_collection_remove (c, step->index);
      *shown = step->index;
      break;
    case STEP_MOVE:
      feerie_collection_move (c, step->index, step->to);
      back = step_new (STEP_MOVE, step->to, step->index);
      *shown = step->to;
      break;
    }
  step_free (step);
  return back;
}

/* A new step (what undoes the edit just made): the redo stack goes. */
static void
push_undo (FeerieDocument *self, Step *step)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  /* The clean state, if it was to be redone, is gone with the redo stack. */
  if (self->clean_len > (gint) self->undo_stack->len)
    self->clean_len = -1;
  g_ptr_array_add (self->undo_stack, step);
  if (self->undo_stack->len > MAX_UNDO)
    {
      g_ptr_array_remove_index (self->undo_stack, 0);
      if (self->clean_len >= 0)
        self->clean_len--; /* -1 when it was the state the oldest step restored */
    }
  g_ptr_array_set_size (self->redo_stack, 0);
}

void
feerie_document_begin_edit (FeerieDocument *self, const char *coalesce_tag)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  const Step *top = self->undo_stack->len ? self->undo_stack->pdata[self->undo_stack->len - 1] : NULL;
  if (coalesce_tag && self->coalesce_tag && g_str_equal (coalesce_tag, self->coalesce_tag) && top
      && top->kind == STEP_EDIT && top->index == self->current)
    {
      /* Typing on in the same field: one undo step, which no longer ends
       * on the clean state if it did. */
      if (self->clean_len == (gint) self->undo_stack->len)
        self->clean_len = -1;
      return;
    }
  g_free (self->coalesce_tag);
  self->coalesce_tag = g_strdup (coalesce_tag);
  Step *step = step_new (STEP_EDIT, self->current, 0);
  step->problem = fe_problem_copy (feerie_document_get_problem (self));
  push_undo (self, step);
}

void
feerie_document_cancel_edit (FeerieDocument *self)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  if (self->undo_stack->len > 0)
    g_ptr_array_set_size (self->undo_stack, self->undo_stack->len - 1);
  g_clear_pointer (&self->coalesce_tag, g_free);
}

/* Changed: dirty, autosaved in a while; or, undone or redone back to
 * the clean state, clean with no autosave (the file holds it). */
static void
touched (FeerieDocument *self)
{
  g_assert (FEERIE_IS_DOCUMENT (self));
  if (self->clean_len == (gint) self->undo_stack->len)
    {
      discard_autosave (self);
      set_dirty (self, FALSE);
      return;
    }
  set_dirty (self, TRUE);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add_seconds (AUTOSAVE_DELAY, autosave_cb, self);
}

void
feerie_document_end_edit (FeerieDocument *self)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  /* Its row redraws; a check's verdict was about the problem before. */
  feerie_problem_item_changed (feerie_collection_get_item (self->collection, self->current));
  touched (self);
}

void
feerie_document_replace_problem (FeerieDocument *self, FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (problem != NULL);
  FeerieProblemItem *item = feerie_collection_get_item (self->collection, self->current);
  fe_problem_free (feerie_problem_item_swap_problem (item, problem));
  show (self, self->current);
}

void
feerie_document_insert (FeerieDocument *self, guint index, FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  g_return_if_fail (problem != NULL);
  g_return_if_fail (index <= feerie_collection_get_n_problems (self->collection));
  g_autoptr (FeerieProblemItem) item = feerie_problem_item_new (problem);
  g_clear_pointer (&self->coalesce_tag, g_free);
  feerie_collection_insert_item (self->collection, index, item);
  push_undo (self, step_new (STEP_REMOVE, index, 0));
  show (self, index);
  touched (self);
}

gboolean
feerie_document_remove (FeerieDocument *self, guint index)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  guint n = feerie_collection_get_n_problems (self->collection);
  g_return_val_if_fail (index < n, FALSE);
  if (n == 1)
    return FALSE;
  g_clear_pointer (&self->coalesce_tag, g_free);
  Step *step = step_new (STEP_INSERT, index, 0);
  /* The current place stays valid while the list shrinks. */
  if (self->current == n - 1)
    self->current = n - 2;
  step->item = feerie_collection_remove (self->collection, index);
  push_undo (self, step);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CURRENT]);
  show (self, index);
  touched (self);
  return TRUE;
}

void
feerie_document_move (FeerieDocument *self, guint from, guint to)
{
  g_return_if_fail (FEERIE_IS_DOCUMENT (self));
  guint n = feerie_collection_get_n_problems (self->collection);
  g_return_if_fail (from < n && to < n);
  if (from == to)
    return;
  g_clear_pointer (&self->coalesce_tag, g_free);
  feerie_collection_move (self->collection, from, to);
  push_undo (self, step_new (STEP_MOVE, to, from));
  show (self, to);
  touched (self);
}

const FeProblem *
feerie_document_peek_undo (FeerieDocument *self)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), NULL);
  const Step *top = self->undo_stack->len ? self->undo_stack->pdata[self->undo_stack->len - 1] : NULL;
  return top && top->kind == STEP_EDIT && top->index == self->current ? top->problem : NULL;
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

/* Applies the top of one stack, pushing what undoes it on the other:
 * undo and redo are the same move in opposite directions. */
gboolean
feerie_document_step_history (FeerieDocument *self, gboolean redo)
{
  g_return_val_if_fail (FEERIE_IS_DOCUMENT (self), FALSE);
  GPtrArray *from = redo ? self->redo_stack : self->undo_stack;
  GPtrArray *to = redo ? self->undo_stack : self->redo_stack;
  if (from->len == 0)
    return FALSE;
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_object_freeze_notify (G_OBJECT (self));
  guint shown = self->current;
  guint n = feerie_collection_get_n_problems (self->collection);
  Step *step = g_ptr_array_steal_index (from, from->len - 1);
  /* Removing the last problem while it is shown: its neighbour first. */
  if (step->kind == STEP_REMOVE && self->current == n - 1 && n > 1)
    {
      self->current = n - 2;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CURRENT]);
    }
  g_ptr_array_add (to, apply_step (self, step, &shown));
  show (self, shown);
  touched (self);
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
    case PROP_PROBLEM: g_value_set_pointer (value, feerie_document_get_problem (self)); break;
    case PROP_CURRENT: g_value_set_uint (value, self->current); break;
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
  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_object (&self->collection);
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
  props[PROP_CURRENT] = g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0,
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
  self->undo_stack = g_ptr_array_new_with_free_func (step_free);
  self->redo_stack = g_ptr_array_new_with_free_func (step_free);
  self->collection = feerie_collection_new ();
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, fe_problem_new ());
  feerie_collection_take_all (self->collection, one);
}

FeerieDocument *
feerie_document_new (void)
{
  return g_object_new (FEERIE_TYPE_DOCUMENT, NULL);
}
