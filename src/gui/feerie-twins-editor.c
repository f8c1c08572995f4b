/* feerie-twins-editor.c — the Twins page: the twins as rows with a preview
 * board each, their Popeye text, their checking on the problem's diagram.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row holds a twin (FeTwin) and the line that shows it in the text.
 * The pickers (FeerieTwinPicker) add a twin they built; the text is a
 * view of the rows, each line written by the Popeye writer, and a line
 * typed there is read alone by fe_popeye_read_twin_line (a line that did
 * not change is not read again).  Checking applies the twins to the
 * diagram in order, each from the one before (fe_problem_step_twin), so a
 * board edit costs one step per twin.  Only twins that all read and apply
 * are handed to the window ("twins-changed"), as one undoable edit; a
 * line that does not read stays in the text, its row saying why.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-twins-editor-private.h"
#include "feerie-board-view.h"
#include "io/file-error.h"
#include "io/popeye.h"

#define PREVIEW_SIZE 112

G_DEFINE_FINAL_TYPE (FeerieTwinsEditor, feerie_twins_editor, GTK_TYPE_WIDGET)

enum { TWINS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- rows ------------------------------------------------------------------ */

static void
twin_row_clear_check (FeerieTwinRow *row)
{
  g_clear_pointer (&row->label, g_free);
  g_clear_pointer (&row->description, g_free);
  g_clear_pointer (&row->error, g_free);
  row->has_position = FALSE;
}

static void
twin_row_free (FeerieTwinRow *row)
{
  twin_row_clear_check (row);
  g_clear_pointer (&row->twin, fe_twin_free);
  g_free (row->line);
  g_free (row->read_error);
  g_free (row);
}

/* Reads the row's line in the problem's context (its conditions). */
static void
read_row (FeerieTwinsEditor *self, FeerieTwinRow *row)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  g_clear_pointer (&row->twin, fe_twin_free);
  g_clear_pointer (&row->read_error, g_free);
  g_autoptr (GError) error = NULL;
  row->twin = fe_popeye_read_twin_line (self->problem, row->line, &error);
  if (row->twin)
    return;
  int column = 0;
  const char *what = NULL;
  if (fe_file_error_get_location (error, NULL, NULL, &column, &what))
    row->read_error = g_strdup_printf (_("column %d: %s"), column, what);
  else
    row->read_error = g_strdup (error->message);
}

static gboolean
same_twins (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!fe_twin_equal (a->pdata[i], b->pdata[i]))
      return FALSE;
  return TRUE;
}

static GPtrArray *
copy_twins (GPtrArray *twins)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_twin_free);
  for (guint i = 0; i < twins->len; i++)
    g_ptr_array_add (copy, fe_twin_copy (twins->pdata[i]));
  return copy;
}

/* The rows' twins (those that read), not owned. */
static GPtrArray *
row_twins (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  GPtrArray *twins = g_ptr_array_new ();
  for (guint i = 0; i < self->rows->len; i++)
    {
      FeerieTwinRow *row = self->rows->pdata[i];
      if (row->twin)
        g_ptr_array_add (twins, row->twin);
    }
  return twins;
}

/* ---- the text: a view of the rows -------------------------------------------- */

/* Writes the rows' lines into the text box (not an edit of the text). */
static void
write_text (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < self->rows->len; i++)
    {
      FeerieTwinRow *row = self->rows->pdata[i];
      row->text_line = (int) i + 1;
      g_string_append_printf (s, "%s\n", row->line);
    }
  self->syncing = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text), s->str, (int) s->len);
  self->syncing = FALSE;
  g_string_free (s, TRUE);
}

/* The rows of the text as typed: a line that was there before keeps what
 * its reading gave, a new line is read. */
static void
read_text (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GPtrArray) before = g_steal_pointer (&self->rows);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) twin_row_free);
  g_autoptr (GHashTable) read = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < before->len; i++)
    {
      FeerieTwinRow *row = before->pdata[i];
      g_hash_table_insert (read, row->line, row);
    }
  for (int i = 0; lines[i]; i++)
    {
      const char *line = g_strstrip (lines[i]);
      if (!*line)
        continue;
      FeerieTwinRow *row = g_new0 (FeerieTwinRow, 1);
      row->line = g_strdup (line);
      row->text_line = i + 1;
      const FeerieTwinRow *known = g_hash_table_lookup (read, line);
      if (known)
        {
          row->twin = known->twin ? fe_twin_copy (known->twin) : NULL;
          row->read_error = g_strdup (known->read_error);
        }
      else
        read_row (self, row);
      g_ptr_array_add (self->rows, row);
    }
}

/* ---- checking ---------------------------------------------------------------- */

/* Applies the rows' twins to the diagram in order; TRUE when every row
 * reads and applies. */
static gboolean
check_rows (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  g_autoptr (FeProblem) with = fe_problem_copy (self->problem);
  g_ptr_array_set_size (with->twins, 0);
  g_autoptr (GPtrArray) twins = row_twins (self);
  for (guint i = 0; i < twins->len; i++)
    g_ptr_array_add (with->twins, fe_twin_copy (twins->pdata[i]));
  /* A diagram that breaks a rule itself (two kings while it is being
   * composed) is the window's to show: its twins are then checked for
   * their commands only. */
  gboolean diagram_ok = fe_position_validate (&with->diagram, NULL, NULL);
  gboolean complete = TRUE;
  gboolean chain_ok = TRUE; /* what a continued twin starts from is known */
  FePosition pos = with->diagram;
  FeStipulation stip;
  FeConditionParams cond;
  int k = 0;
  for (guint i = 0; i < self->rows->len; i++)
    {
      FeerieTwinRow *row = self->rows->pdata[i];
      twin_row_clear_check (row);
      if (!row->twin)
        {
          row->error = g_strdup_printf (_("line %d, %s"), row->text_line, row->read_error);
          complete = chain_ok = FALSE;
          continue;
        }
      row->label = fe_twin_label (++k);
      if (row->twin->continued && !chain_ok)
        continue; /* it continues a twin that did not apply: no preview */
      FePosition previous = pos;
      FeProblemFault fault = { FE_RULE_NONE };
      g_autoptr (GError) error = NULL;
      gboolean ok = fe_problem_step_twin (with, k, &pos, &stip, &cond, &fault, &error);
      chain_ok = ok || (!diagram_ok && fault.rule != FE_RULE_TWIN_COMMAND);
      if (chain_ok)
        {
          row->position = pos;
          row->has_position = TRUE;
          row->description = fe_twin_describe_after (with, k, &previous);
        }
      else
        {
          row->error = g_strdup_printf (_("line %d: twin %s): %s"), row->text_line, row->label,
                                        error->message);
          complete = FALSE;
        }
    }
  return complete;
}

static void on_remove_clicked (GtkButton *button, FeerieTwinsEditor *self);

static GtkWidget *
make_row (FeerieTwinsEditor *self, guint index)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  const FeerieTwinRow *row = self->rows->pdata[index];
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  GtkWidget *board = feerie_board_view_new ();
  FeerieBoardView *view = FEERIE_BOARD_VIEW (board);
  feerie_board_view_set_natural_size (view, PREVIEW_SIZE);
  gtk_widget_set_size_request (board, PREVIEW_SIZE, PREVIEW_SIZE);
  gtk_widget_set_valign (board, GTK_ALIGN_START);
  gtk_widget_set_halign (board, GTK_ALIGN_START);
  gtk_widget_set_hexpand (board, FALSE);
  gtk_widget_set_vexpand (board, FALSE);
  /* A preview: no clicks, no drops, no focus stop. */
  gtk_widget_set_can_target (board, FALSE);
  gtk_widget_set_focusable (board, FALSE);
  feerie_board_view_set_position (view,
                                  row->has_position ? &row->position : &self->problem->diagram);
  if (row->error)
    feerie_board_view_set_error (view, row->error);
  gtk_box_append (GTK_BOX (box), board);

  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_hexpand (text, TRUE);
  g_autofree char *title = row->label
    ? g_strdup_printf ("%s) %s", row->label, row->description ? row->description : "")
    : g_strdup_printf (_("Line %d"), row->text_line);
  GtkWidget *heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_hexpand (heading, TRUE);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (top), heading);
  gtk_box_append (GTK_BOX (text), top);
  GtkWidget *line = gtk_label_new (row->line);
  gtk_label_set_xalign (GTK_LABEL (line), 0);
  gtk_label_set_wrap (GTK_LABEL (line), TRUE);
  gtk_label_set_selectable (GTK_LABEL (line), TRUE);
  gtk_widget_add_css_class (line, "monospace");
  gtk_box_append (GTK_BOX (text), line);
  if (row->error)
    {
      GtkWidget *error = gtk_label_new (row->error);
      gtk_label_set_xalign (GTK_LABEL (error), 0);
      gtk_label_set_wrap (GTK_LABEL (error), TRUE);
      gtk_widget_add_css_class (error, "error");
      gtk_box_append (GTK_BOX (text), error);
    }
  gtk_box_append (GTK_BOX (box), text);

  /* Beside the heading: the row stays narrow enough for 800 px screens. */
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (remove, _("Remove this twin"));
  gtk_widget_set_valign (remove, GTK_ALIGN_START);
  gtk_widget_add_css_class (remove, "flat");
  g_object_set_data (G_OBJECT (remove), "row-index", GUINT_TO_POINTER (index));
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  gtk_box_append (GTK_BOX (top), remove);
  return box;
}

static void
rebuild_list (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->rows->len; i++)
    gtk_list_box_append (self->list, make_row (self, i));
}

/* Checks the rows and shows them; the window gets their twins when they
 * all read and apply and differ from the problem's. */
static void
refresh (FeerieTwinsEditor *self, gboolean typed)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  self->pending = FALSE;
  gboolean complete = check_rows (self);
  rebuild_list (self);
  const char *first = NULL;
  for (guint i = 0; i < self->rows->len && !first; i++)
    first = ((FeerieTwinRow *) self->rows->pdata[i])->error;
  gtk_label_set_text (self->error, first ? first : "");
  if (first)
    gtk_widget_add_css_class (GTK_WIDGET (self->text), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->text), "error");
  g_autoptr (GPtrArray) twins = row_twins (self);
  if (!complete || same_twins (twins, self->committed))
    return;
  g_ptr_array_unref (self->committed);
  self->committed = copy_twins (twins);
  g_signal_emit (self, signals[TWINS_CHANGED], 0, self->committed, typed);
}

static gboolean
read_typed_text (gpointer data)
{
  FeerieTwinsEditor *self = data;
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  self->text_idle = 0;
  read_text (self);
  refresh (self, TRUE);
  return G_SOURCE_REMOVE;
}

/* Read once the change is whole: a paste over a selection is a deletion
 * then an insertion, and the empty text between is no edit. */
static void
on_text_changed (FeerieTwinsEditor *self)
{
  if (self->syncing || !self->problem || self->text_idle)
    return;
  self->text_idle = g_idle_add (read_typed_text, self);
}

/* Appends `twin` (taken) as a new row: the text shows its line, the twins
 * are checked and handed over. */
static void
append_twin (FeerieTwinsEditor *self, FeTwin *twin)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  FeerieTwinRow *row = g_new0 (FeerieTwinRow, 1);
  row->twin = twin;
  row->line = fe_popeye_write_twin_line (self->problem, twin);
  g_ptr_array_add (self->rows, row);
  write_text (self);
  refresh (self, FALSE);
}

/* The twin the pickers built, as a new row. */
static void
on_twin_picked (FeerieTwinsEditor *self, const FeTwin *twin)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  if (self->problem)
    append_twin (self, fe_twin_copy (twin));
}

/* Removes row `index` (from 0) as append_twin adds one; FALSE without it. */
static gboolean
remove_row (FeerieTwinsEditor *self, guint index)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  if (index >= self->rows->len)
    return FALSE;
  g_ptr_array_remove_index (self->rows, index);
  write_text (self);
  refresh (self, FALSE);
  return TRUE;
}

typedef struct {
  FeerieTwinsEditor *self;
  guint index;
} RemoveRow;

static gboolean
remove_row_idle (gpointer data)
{
  RemoveRow *r = data;
  if (r->self->list) /* not disposed meanwhile (its template children are cleared) */
    remove_row (r->self, r->index);
  return G_SOURCE_REMOVE;
}

static void
remove_row_free (gpointer data)
{
  RemoveRow *r = data;
  g_object_unref (r->self);
  g_free (r);
}

/* From an idle: the rows are rebuilt, this button's row with them, which
 * must not happen while the button is still handling its click. */
static void
on_remove_clicked (GtkButton *button, FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  RemoveRow *r = g_new0 (RemoveRow, 1);
  r->self = g_object_ref (self);
  r->index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "row-index"));
  g_idle_add_full (G_PRIORITY_DEFAULT, remove_row_idle, r, remove_row_free);
}

/* ---- API ------------------------------------------------------------------- */

void
feerie_twins_editor_set_problem (FeerieTwinsEditor *self, const FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  g_return_if_fail (problem != NULL);
  /* What reading a line depends on besides the line. */
  gboolean context_changed = !self->problem
                             || memcmp (&self->problem->conditions, &problem->conditions,
                                        sizeof problem->conditions) != 0
                             || self->problem->unsupported->len != problem->unsupported->len;
  g_clear_pointer (&self->problem, fe_problem_free);
  self->problem = fe_problem_copy (problem);
  feerie_twin_picker_set_problem (self->picker, problem);
  if (!same_twins (problem->twins, self->committed))
    {
      /* Another problem, or undo: its twins are shown. */
      g_ptr_array_unref (self->committed);
      self->committed = copy_twins (problem->twins);
      g_ptr_array_set_size (self->rows, 0);
      for (guint i = 0; i < problem->twins->len; i++)
        {
          FeerieTwinRow *row = g_new0 (FeerieTwinRow, 1);
          row->twin = fe_twin_copy (problem->twins->pdata[i]);
          row->line = fe_popeye_write_twin_line (problem, row->twin);
          g_ptr_array_add (self->rows, row);
        }
      write_text (self);
    }
  else if (context_changed)
    {
      /* The rows being typed stay; a line that did not read may read in
       * the new context (a condition its modifier needs). */
      for (guint i = 0; i < self->rows->len; i++)
        {
          FeerieTwinRow *row = self->rows->pdata[i];
          if (!row->twin)
            read_row (self, row);
        }
    }
  /* Every twin is checked again on the diagram, once, and what is being
   * typed is handed over once it applies; while the page is hidden, when
   * it is shown (every board edit comes here). */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self, TRUE);
  else
    self->pending = TRUE;
}

void
feerie_twins_editor_check_pending (FeerieTwinsEditor *self)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  if (self->text_idle)
    {
      g_clear_handle_id (&self->text_idle, g_source_remove);
      read_text (self);
      refresh (self, TRUE);
    }
  else if (self->pending && self->problem)
    refresh (self, TRUE);
}

static void
feerie_twins_editor_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (feerie_twins_editor_parent_class)->map (widget);
  feerie_twins_editor_check_pending (FEERIE_TWINS_EDITOR (widget));
}

/* ---- GObject ---------------------------------------------------------------- */

static void
feerie_twins_editor_dispose (GObject *object)
{
  FeerieTwinsEditor *self = FEERIE_TWINS_EDITOR (object);
  g_clear_handle_id (&self->text_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_TWINS_EDITOR);
  /* The template's outer box is not bound: a GtkWidget subclass unparents
   * its own children. */
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (feerie_twins_editor_parent_class)->dispose (object);
}

static void
feerie_twins_editor_finalize (GObject *object)
{
  FeerieTwinsEditor *self = FEERIE_TWINS_EDITOR (object);
  g_clear_pointer (&self->problem, fe_problem_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->committed, g_ptr_array_unref);
  G_OBJECT_CLASS (feerie_twins_editor_parent_class)->finalize (object);
}

static void
feerie_twins_editor_class_init (FeerieTwinsEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = feerie_twins_editor_dispose;
  object_class->finalize = feerie_twins_editor_finalize;
  widget_class->map = feerie_twins_editor_map;

  /* (twins: GPtrArray of FeTwin*, the editor's; typed: text typing, which
   * the window coalesces into one undo step) */
  signals[TWINS_CHANGED]
    = g_signal_new ("twins-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-twins-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, list);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, picker);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, text);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, error);
  gtk_widget_class_bind_template_callback (widget_class, on_twin_picked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
feerie_twins_editor_init (FeerieTwinsEditor *self)
{
  g_type_ensure (FEERIE_TYPE_BOARD_VIEW);
  g_type_ensure (FEERIE_TYPE_TWIN_PICKER);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) twin_row_free);
  self->committed = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_twin_free);
  g_signal_connect_object (gtk_text_view_get_buffer (self->text), "changed",
                           G_CALLBACK (on_text_changed), self, G_CONNECT_SWAPPED);
}
