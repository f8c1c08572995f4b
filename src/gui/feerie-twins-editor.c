/* feerie-twins-editor.c — the Twins page: twins as rows with a preview
 * board each, pickers that write twinning commands (feerie-twin-picker.c),
 * the Popeye text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The twins are Popeye lines: the pickers append one, the text box shows
 * them all, and each line is read by the Popeye reader Open uses, after
 * the problem's own diagram (written by the Popeye writer), so a twin is
 * checked as it will be solved and saved.  Only a set of twins that reads
 * whole is handed to the window ("twins-changed"), which makes it one
 * undoable edit; a line that does not read stays in the text, its row
 * showing the reader's message.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "feerie-twins-editor-private.h"
#include "feerie-board-view.h"
#include "feerie-walk-names.h"
#include "core/walk.h"
#include "io/popeye.h"

#define PREVIEW_SIZE 112

/* One twin line as read: what its row shows. */
typedef struct {
  char *line;        /* as typed, "+" for continued */
  int text_line;     /* 1-based line in the text box */
  char *label;       /* "b" …, NULL when the line does not read */
  char *description; /* Popeye's twin label text, or NULL */
  char *error;       /* the reader's message, NULL when it reads */
  FePosition position;
  gboolean has_position;
} TwinRow;

G_DEFINE_FINAL_TYPE (FeerieTwinsEditor, feerie_twins_editor, GTK_TYPE_WIDGET)

enum { TWINS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
twin_row_free (TwinRow *row)
{
  g_free (row->line);
  g_free (row->label);
  g_free (row->description);
  g_free (row->error);
  g_free (row);
}

char *
feerie_twins_editor_text_get (FeerieTwinsEditor *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void recheck (FeerieTwinsEditor *self, gboolean typed);
static void check_pending (FeerieTwinsEditor *self);

/* Replaces the whole text, checked once (set_text alone would hand over
 * the empty text between its delete and its insert). */
void
feerie_twins_editor_replace_text (FeerieTwinsEditor *self, const char *text, gboolean typed)
{
  self->syncing = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text), text, -1);
  self->syncing = FALSE;
  self->shown = FALSE;
  recheck (self, typed);
}

/* The twin lines of the Popeye writer, as they are typed. */
static char *
twins_text (const FeProblem *p)
{
  if (!p || p->twins->len == 0)
    return g_strdup ("");
  g_autofree char *all = fe_popeye_write (p, NULL);
  g_auto (GStrv) lines = g_strsplit (all, "\n", -1);
  GString *s = g_string_new (NULL);
  for (int i = 0; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (g_ascii_strncasecmp (l, "twin ", 5) != 0)
        continue;
      l += 5;
      if (g_ascii_strncasecmp (l, "continued ", 10) == 0)
        g_string_append_printf (s, "+%s\n", l + 10);
      else
        g_string_append_printf (s, "%s\n", l);
    }
  return g_string_free (s, FALSE);
}

/* The problem as Popeye input without its twins and without "end": the
 * twin lines follow it. */
static char *
diagram_header (const FeProblem *problem)
{
  g_autoptr (FeProblem) base = fe_problem_copy (problem);
  g_ptr_array_set_size (base->twins, 0);
  base->zero_position = FALSE;
  char *header = fe_popeye_write (base, NULL);
  if (g_str_has_suffix (header, "end\n"))
    header[strlen (header) - strlen ("end\n")] = 0;
  return header;
}

/* Reads `header` then the twin `lines` (NULL-terminated) with the Popeye
 * reader; an error in a twin is given with its index in `lines`. */
static FeProblem *
read_twins (const char *header, const char *const *lines, int *bad_index, GError **error)
{
  GString *input = g_string_new (header);
  int header_lines = 0;
  for (const char *c = header; *c; c++)
    header_lines += *c == '\n';
  for (int i = 0; lines[i]; i++)
    {
      if (*lines[i] == '+')
        g_string_append_printf (input, "twin continued %s\n", lines[i] + 1);
      else
        g_string_append_printf (input, "twin %s\n", lines[i]);
    }
  g_string_append (input, "end\n");
  GError *local = NULL;
  GPtrArray *parsed = fe_popeye_read (input->str, input->len, "twins", &local);
  g_string_free (input, TRUE);
  *bad_index = -1;
  if (!parsed)
    {
      int line = 0, col = 0, skip = 0;
      if (sscanf (local->message, "twins:%d:%d: %n", &line, &col, &skip) == 2 && skip > 0)
        {
          if (line > header_lines)
            *bad_index = line - header_lines - 1;
          g_set_error_literal (error, local->domain, local->code, local->message + skip);
          g_error_free (local);
        }
      else
        g_propagate_error (error, local);
      return NULL;
    }
  FeProblem *p = parsed->len ? g_ptr_array_steal_index (parsed, 0) : NULL;
  g_ptr_array_unref (parsed);
  if (!p)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("No twin read"));
  return p;
}

/* ---- rows ------------------------------------------------------------------ */

typedef struct {
  FeerieTwinsEditor *self;
  int text_line;
} RemoveLine;

static gboolean
remove_line (gpointer data)
{
  RemoveLine *r = data;
  if (!r->self->text)
    return G_SOURCE_REMOVE; /* disposed meanwhile (its template children are cleared) */
  g_autofree char *text = feerie_twins_editor_text_get (r->self);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *s = g_string_new (NULL);
  for (int i = 0; lines[i]; i++)
    if (i + 1 != r->text_line && (*g_strstrip (lines[i]) || lines[i + 1]))
      g_string_append_printf (s, "%s%s", lines[i], lines[i + 1] ? "\n" : "");
  feerie_twins_editor_replace_text (r->self, s->str, FALSE);
  g_string_free (s, TRUE);
  return G_SOURCE_REMOVE;
}

static void
remove_line_free (gpointer data)
{
  RemoveLine *r = data;
  g_object_unref (r->self);
  g_free (r);
}

/* From an idle: the rows are rebuilt, this button's row with them, which
 * must not happen while the button is still handling its click. */
static void
on_remove_clicked (GtkButton *button, FeerieTwinsEditor *self)
{
  RemoveLine *r = g_new0 (RemoveLine, 1);
  r->self = g_object_ref (self);
  r->text_line = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "text-line"));
  g_idle_add_full (G_PRIORITY_DEFAULT, remove_line, r, remove_line_free);
}

static GtkWidget *
make_row (FeerieTwinsEditor *self, const TwinRow *row)
{
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
  if (row->has_position)
    feerie_board_view_set_position (view, &row->position);
  else
    feerie_board_view_set_position (view, &self->problem->diagram);
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
  g_object_set_data (G_OBJECT (remove), "text-line", GINT_TO_POINTER (row->text_line));
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  gtk_box_append (GTK_BOX (top), remove);
  return box;
}

static void
rebuild_list (FeerieTwinsEditor *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < self->rows->len; i++)
    gtk_list_box_append (self->list, make_row (self, self->rows->pdata[i]));
}

/* ---- checking ------------------------------------------------------------ */

/* Reads every line of the text on the problem's diagram: each twin alone
 * after the twins that read before it, so one bad line does not hide the
 * others.  Returns the twins when all read (an empty array for none). */
static GPtrArray *
check_text (FeerieTwinsEditor *self)
{
  g_ptr_array_set_size (self->rows, 0);
  g_autofree char *text = feerie_twins_editor_text_get (self);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *header = diagram_header (self->problem);
  /* The diagram itself may not read while it is being composed (no king
   * yet): the twins' words are then checked alone. */
  const char *none[] = { NULL };
  int bad = -1;
  g_autoptr (GError) diagram_error = NULL;
  g_autoptr (FeProblem) alone = read_twins (header, none, &bad, &diagram_error);
  if (!alone)
    {
      g_free (header);
      header = g_strdup ("begin\nstipulation ~1\n");
    }
  g_autoptr (GPtrArray) good = g_ptr_array_new ();  /* lines that read, not owned */
  gboolean all_read = TRUE;
  for (int i = 0; lines[i]; i++)
    {
      char *l = g_strstrip (lines[i]);
      if (!*l)
        continue;
      TwinRow *row = g_new0 (TwinRow, 1);
      row->line = g_strdup (l);
      row->text_line = i + 1;
      g_ptr_array_add (self->rows, row);
      g_ptr_array_add (good, l);
      g_ptr_array_add (good, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (FeProblem) p = read_twins (header, (const char *const *) good->pdata, &bad, &error);
      g_ptr_array_set_size (good, good->len - 1);
      /* A twin bringing a condition Féerie cannot solve (Circe…) would be
       * solved without it: refused here, saying which. */
      guint known = alone ? alone->unsupported->len : 0;
      if (p && p->unsupported->len > known)
        {
          GString *names = g_string_new (NULL);
          for (guint u = known; u < p->unsupported->len; u++)
            g_string_append_printf (names, "%s%s", u > known ? ", " : "", (char *) p->unsupported->pdata[u]);
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("this twin brings a condition Féerie cannot solve: %s"), names->str);
          g_string_free (names, TRUE);
          g_clear_pointer (&p, fe_problem_free);
        }
      if (!p)
        {
          /* Its message, with the line of the text box it is on. */
          const char *msg = error->message;
          row->error = g_strdup_printf (_("line %d: %s"), row->text_line, msg);
          g_ptr_array_set_size (good, good->len - 1);
          all_read = FALSE;
        }
    }
  g_ptr_array_add (good, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FeProblem) parsed = read_twins (header, (const char *const *) good->pdata, &bad, &error);
  GPtrArray *twins = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_twin_free);
  if (parsed)
    for (guint i = 0; i < parsed->twins->len; i++)
      {
        const FeTwin *t = parsed->twins->pdata[i];
        FeTwin *c = fe_twin_new ();
        c->continued = t->continued;
        g_array_append_vals (c->commands, t->commands->data, t->commands->len);
        g_ptr_array_add (twins, c);
      }
  /* Each twin's position on the window's diagram. */
  g_autoptr (FeProblem) with = fe_problem_copy (self->problem);
  g_ptr_array_set_size (with->twins, 0);
  for (guint i = 0; i < twins->len; i++)
    {
      const FeTwin *t = twins->pdata[i];
      FeTwin *c = fe_twin_new ();
      c->continued = t->continued;
      g_array_append_vals (c->commands, t->commands->data, t->commands->len);
      g_ptr_array_add (with->twins, c);
    }
  FePosition pos;
  FeStipulation stip;
  FeConditionParams cond;
  guint k = 0;
  gboolean chain_ok = TRUE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      TwinRow *row = self->rows->pdata[i];
      if (row->error || k >= with->twins->len)
        continue;
      k++;
      row->label = fe_twin_label ((int) k);
      g_autoptr (GError) apply_error = NULL;
      FePosition previous = k > 1 ? pos : with->diagram;
      if (chain_ok && fe_problem_apply_next_twin (with, (int) k, &pos, &stip, &cond, &apply_error))
        {
          row->position = pos;
          row->has_position = TRUE;
          row->description = fe_twin_describe_after (with, (int) k, &previous);
        }
      else
        {
          chain_ok = FALSE;
          if (alone && apply_error)
            row->error = g_strdup (apply_error->message);
        }
    }
  if (!all_read)
    g_clear_pointer (&twins, g_ptr_array_unref);
  return twins;
}

/* Re-reads the text; the window gets the twins when they all read and
 * differ from its own. */
static void
recheck (FeerieTwinsEditor *self, gboolean typed)
{
  if (!self->problem)
    return;
  self->pending = FALSE;
  /* The problem's own twins, read back, are no edit even if the writer
   * and the reader do not round-trip them to the same text. */
  gboolean quiet = self->syncing || self->shown;
  self->shown = FALSE;
  g_autoptr (GPtrArray) twins = check_text (self);
  rebuild_list (self);
  const char *first = NULL;
  for (guint i = 0; i < self->rows->len && !first; i++)
    first = ((TwinRow *) self->rows->pdata[i])->error;
  gtk_label_set_text (self->error, first ? first : "");
  if (first)
    gtk_widget_add_css_class (GTK_WIDGET (self->text), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->text), "error");
  if (!twins || quiet)
    return;
  g_autoptr (FeProblem) result = fe_problem_copy (self->problem);
  g_ptr_array_set_size (result->twins, 0);
  for (guint i = 0; i < twins->len; i++)
    {
      const FeTwin *t = twins->pdata[i];
      FeTwin *c = fe_twin_new ();
      c->continued = t->continued;
      g_array_append_vals (c->commands, t->commands->data, t->commands->len);
      g_ptr_array_add (result->twins, c);
    }
  g_autofree char *now = twins_text (result);
  if (g_strcmp0 (now, self->committed) == 0)
    return;
  g_free (self->committed);
  self->committed = g_steal_pointer (&now);
  g_signal_emit (self, signals[TWINS_CHANGED], 0, twins, typed);
}

static void
on_text_changed (FeerieTwinsEditor *self)
{
  if (self->syncing)
    return;
  self->shown = FALSE;
  recheck (self, TRUE);
}

/* ---- API ------------------------------------------------------------------- */

GtkWidget *
feerie_twins_editor_get_button (FeerieTwinsEditor *self, int row_index)
{
  g_return_val_if_fail (FEERIE_IS_TWINS_EDITOR (self), NULL);
  if (row_index < 0)
    return GTK_WIDGET (self->add);
  check_pending (self);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, row_index);
  if (!row)
    return NULL;
  /* Its trash button: the last child of the row's heading box. */
  GtkWidget *box = gtk_list_box_row_get_child (row);
  GtkWidget *text = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
  GtkWidget *button = gtk_widget_get_last_child (gtk_widget_get_first_child (text));
  return GTK_IS_BUTTON (button) ? button : NULL;
}

gboolean
feerie_twins_editor_remove_row (FeerieTwinsEditor *self, guint index)
{
  GtkWidget *button = feerie_twins_editor_get_button (self, (int) index);
  if (!button)
    return FALSE;
  g_signal_emit_by_name (button, "clicked");
  return TRUE;
}

void
feerie_twins_editor_set_problem (FeerieTwinsEditor *self, const FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  g_clear_pointer (&self->problem, fe_problem_free);
  self->problem = fe_problem_copy (problem);
  g_autofree char *twins = twins_text (problem);
  if (g_strcmp0 (twins, self->committed) != 0)
    {
      /* Another problem, or undo: its twins are shown. */
      g_free (self->committed);
      self->committed = g_steal_pointer (&twins);
      self->syncing = TRUE;
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text), self->committed, -1);
      self->syncing = FALSE;
      self->shown = TRUE;
    }
  /* The diagram may have changed: every twin is checked again, and what
   * is being typed is handed over once it reads; while the page is hidden,
   * when it is shown (every board edit comes here). */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    recheck (self, TRUE);
  else
    self->pending = TRUE;
}

static void
check_pending (FeerieTwinsEditor *self)
{
  if (self->pending)
    recheck (self, TRUE);
}

static void
feerie_twins_editor_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (feerie_twins_editor_parent_class)->map (widget);
  check_pending (FEERIE_TWINS_EDITOR (widget));
}

char *
feerie_twins_editor_get_text (FeerieTwinsEditor *self)
{
  g_return_val_if_fail (FEERIE_IS_TWINS_EDITOR (self), NULL);
  return feerie_twins_editor_text_get (self);
}

void
feerie_twins_editor_set_text (FeerieTwinsEditor *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  feerie_twins_editor_replace_text (self, text, TRUE);
}

const char *
feerie_twins_editor_get_error (FeerieTwinsEditor *self)
{
  g_return_val_if_fail (FEERIE_IS_TWINS_EDITOR (self), "");
  check_pending (self);
  return gtk_label_get_text (self->error);
}

char *
feerie_twins_editor_describe (FeerieTwinsEditor *self)
{
  g_return_val_if_fail (FEERIE_IS_TWINS_EDITOR (self), NULL);
  check_pending (self);
  GString *s = g_string_new (NULL);
  static const char colours[] = "wbn";
  int shown = 0;
  for (GtkWidget *r = gtk_widget_get_first_child (GTK_WIDGET (self->list)); r; r = gtk_widget_get_next_sibling (r))
    shown += GTK_IS_LIST_BOX_ROW (r);
  g_string_append_printf (s, "rows %d\n", shown);
  g_string_append_printf (s, "pick-error %s\n", gtk_label_get_text (self->pick_error));
  for (guint i = 0; i < self->rows->len; i++)
    {
      const TwinRow *row = self->rows->pdata[i];
      if (row->error)
        g_string_append_printf (s, "twin line %d error: %s — %s\n", row->text_line, row->line, row->error);
      else
        g_string_append_printf (s, "twin %s ok: %s — %s\n", row->label ? row->label : "?", row->line,
                                row->description ? row->description : "");
      if (!row->has_position)
        continue;
      g_string_append_printf (s, "preview %s", row->label);
      for (int k = 0; k < 64; k++)
        {
          FePiece p = row->position.board[FE_SQ88 (k)];
          if (p.walk == FE_WALK_NONE)
            continue;
          char name[3];
          fe_square_name (FE_SQ88 (k), name);
          g_string_append_printf (s, " %c%s%s", colours[p.colour], fe_walk_print_code (p.walk), name);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* ---- GObject ---------------------------------------------------------------- */

static void
feerie_twins_editor_dispose (GObject *object)
{
  FeerieTwinsEditor *self = FEERIE_TWINS_EDITOR (object);
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
  g_free (self->committed);
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
  signals[TWINS_CHANGED] = g_signal_new ("twins-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER,
                                         G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/feerie/Feerie/ui/feerie-twins-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, list);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, op);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, colour);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, walk);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, square_a);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, square_b);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, rotation);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, mirror);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, value);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, continued);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, add);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, pick_error);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, text);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinsEditor, error);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_op_changed", G_CALLBACK (feerie_twins_editor_on_op_changed));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_square_changed", G_CALLBACK (feerie_twins_editor_on_square_changed));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_add_clicked", G_CALLBACK (feerie_twins_editor_on_add_clicked));
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
feerie_twins_editor_init (FeerieTwinsEditor *self)
{
  g_type_ensure (FEERIE_TYPE_BOARD_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) twin_row_free);
  self->committed = g_strdup ("");
  GtkStringList *walks = gtk_string_list_new (NULL);
  for (int walk = FE_WALK_KING; walk < FE_WALK_COUNT; walk++)
    {
      g_autofree char *name = g_strdup_printf ("%s (%s)", feerie_walk_name (walk), fe_walk_print_code (walk));
      gtk_string_list_append (walks, name);
    }
  gtk_drop_down_set_model (self->walk, G_LIST_MODEL (walks));
  g_object_unref (walks);
  gtk_drop_down_set_expression (self->walk, gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  g_signal_connect_object (gtk_text_view_get_buffer (self->text), "changed", G_CALLBACK (on_text_changed), self,
                           G_CONNECT_SWAPPED);
  feerie_twins_editor_on_op_changed (self);
}
