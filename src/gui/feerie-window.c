/* feerie-window.c — the composing window: model, undo, board edits, forms.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window owns one FeProblem.  Every edit goes through begin_edit /
 * end_edit, which push a copy of the problem on the undo stack: problems
 * are small (a board and some strings), so snapshots are simpler and safer
 * than inverse operations, and cover every kind of edit alike.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-window-private.h"
#include "core/walk.h"
#include "io/fen.h"
#include "feerie-autosave.h"
#include "io/popeye.h"
#include "io/xml.h"
#include "render/fe-render.h"

G_DEFINE_FINAL_TYPE (FeerieWindow, feerie_window, GTK_TYPE_APPLICATION_WINDOW)

#define MAX_UNDO 200

/* ---- title, status, autosave ------------------------------------------ */

static void
update_title (FeerieWindow *self)
{
  GFile *shown = self->file ? self->file : self->imported_from;
  g_autofree char *name = shown ? g_file_get_basename (shown) : g_strdup (_("Untitled problem"));
  g_autofree char *title = g_strdup_printf ("%s%s — Féerie", self->dirty ? "• " : "", name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

void
feerie_window_show_status (FeerieWindow *self, const char *message)
{
  gtk_label_set_text (self->status, message ? message : "");
}

void
feerie_window_show_error (FeerieWindow *self, const char *what, const GError *error)
{
  g_autofree char *msg = g_strdup_printf ("%s: %s", what, error->message);
  feerie_window_show_status (self, msg);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", what);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Writes this window's own autosave file now (feerie-autosave.c). */
static gboolean
write_autosave (FeerieWindow *self, GError **error)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (!self->autosave_path)
    self->autosave_path = feerie_autosave_new_path ();
  return feerie_autosave_write (self->autosave_path, self->problem, error);
}

static gboolean
autosave_cb (gpointer data)
{
  FeerieWindow *self = data;
  self->autosave_id = 0;
  g_autoptr (GError) error = NULL;
  if (!write_autosave (self, &error))
    {
      /* The previous autosave is intact (fe-atomic-save.c); say why. */
      g_autofree char *msg = g_strdup_printf (_("Autosave failed: %s"), error->message);
      feerie_window_show_status (self, msg);
      g_warning ("%s", msg);
    }
  return G_SOURCE_REMOVE;
}

/* The work is saved or given up: only this window's autosave goes. */
static void
discard_autosave (FeerieWindow *self)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->autosave_path)
    g_unlink (self->autosave_path);
  g_clear_pointer (&self->autosave_path, g_free);
}

const char *
feerie_window_get_autosave_path (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), NULL);
  return self->autosave_path;
}

gboolean
feerie_window_is_pristine (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  return !self->file && !self->dirty && self->undo_stack->len == 0;
}

gboolean
feerie_window_recover (FeerieWindow *self, FeProblem *problem, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  feerie_window_set_problem (self, problem, NULL);
  self->dirty = TRUE;
  update_title (self);
  feerie_window_show_status (self, _("The problem of the last session was recovered."));
  return write_autosave (self, error);
}

/* ---- undo --------------------------------------------------------------- */

void
feerie_window_begin_edit (FeerieWindow *self, const char *coalesce_tag)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  /* What the status line said was about the state before this edit;
   * messages of the edit itself come after. */
  feerie_window_show_status (self, NULL);
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

/* Does the edit change what a solve would answer (not metadata)? */
static gboolean
same_solving_input (const FeProblem *a, const FeProblem *b)
{
  for (int i = 0; i < 64; i++)
    {
      FePiece x = a->diagram.board[FE_SQ88 (i)], y = b->diagram.board[FE_SQ88 (i)];
      if (x.walk != y.walk || x.colour != y.colour || x.attrs != y.attrs)
        return FALSE;
    }
  if (a->diagram.n_imitators != b->diagram.n_imitators
      || memcmp (a->diagram.imitators, b->diagram.imitators, a->diagram.n_imitators)
      || memcmp (&a->conditions, &b->conditions, sizeof a->conditions)
      || memcmp (&a->options, &b->options, sizeof a->options) || a->twins->len != b->twins->len)
    return FALSE;
  g_autofree char *sa = fe_stipulation_to_string (&a->stipulation);
  g_autofree char *sb = fe_stipulation_to_string (&b->stipulation);
  if (strcmp (sa, sb))
    return FALSE;
  for (guint t = 1; t <= a->twins->len; t++)
    {
      g_autofree char *ta = fe_twin_describe (a, t);
      g_autofree char *tb = fe_twin_describe (b, t);
      if (g_strcmp0 (ta, tb))
        return FALSE;
    }
  return TRUE;
}

void
feerie_window_refresh_board (FeerieWindow *self)
{
  if (self->playing)
    return; /* the board shows the solution being played back */
  FeRenderMarks marks;
  feerie_board_view_get_marks (self->board, &marks);
  marks.highlight = 0;
  marks.last_from = self->last_from;
  marks.last_to = self->last_to;
  marks.selected = self->selected;
  marks.picking_imitators = self->picking_imitators;
  feerie_board_view_set_position (self->board, &self->problem->diagram);
  feerie_board_view_set_marks (self->board, &marks);
  g_autofree char *caption = fe_render_caption (self->problem);
  gtk_label_set_text (self->caption, caption);
  feerie_twins_editor_set_problem (self->twins_editor, self->problem);
}

void
feerie_window_end_edit (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  self->problem->conditions.FE_P_IMITATOR = self->problem->diagram.n_imitators > 0
                                       || self->problem->conditions.FE_P_IMITATOR;
  self->dirty = TRUE;
  update_title (self);
  FeProblem *before = self->undo_stack->len ? self->undo_stack->pdata[self->undo_stack->len - 1] : NULL;
  if (!before || !same_solving_input (before, self->problem))
    feerie_window_solution_outdated (self);
  feerie_window_refresh_board (self);
  feerie_window_sync_actions (self);
  feerie_window_check_reopen (self);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add_seconds (3, autosave_cb, self);
}

/* Swaps the current problem with the top of one stack, pushing it on the
 * other: undo and redo are the same move in opposite directions. */
gboolean
feerie_window_step_history (FeerieWindow *self, gboolean redo)
{
  GPtrArray *from = redo ? self->redo_stack : self->undo_stack;
  GPtrArray *to = redo ? self->undo_stack : self->redo_stack;
  if (from->len == 0)
    return FALSE;
  FeProblem *state = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, self->problem);
  self->problem = state;
  g_clear_pointer (&self->coalesce_tag, g_free);
  self->last_from = self->last_to = FE_NO_SQUARE;
  self->dirty = TRUE;
  feerie_window_solution_outdated (self);
  feerie_window_sync (self);
  update_title (self);
  return TRUE;
}

/* ---- board edits -------------------------------------------------------- */

static int
imitator_index (const FePosition *pos, FeSquare sq)
{
  for (int i = 0; i < pos->n_imitators; i++)
    if (pos->imitators[i] == sq)
      return i;
  return -1;
}

static void
drop_imitator (FePosition *pos, int i)
{
  memmove (pos->imitators + i, pos->imitators + i + 1, pos->n_imitators - i - 1);
  memmove (pos->imitator_colour + i, pos->imitator_colour + i + 1, pos->n_imitators - i - 1);
  pos->n_imitators--;
  fe_position_recompute_hash (pos);
}

/* Magic and magician pieces together are rejected (rules.md §8.3). */
static gboolean
attrs_conflict (FeerieWindow *self, uint8_t attrs)
{
  const FePosition *pos = &self->problem->diagram;
  gboolean magic = self->problem->conditions.FE_P_MAGIC, magician = self->problem->conditions.FE_P_MAGICIAN;
  for (int i = 0; i < 64; i++)
    {
      magic |= (pos->board[FE_SQ88 (i)].attrs & FE_ATTR_MAGIC) != 0;
      magician |= (pos->board[FE_SQ88 (i)].attrs & FE_ATTR_MAGICIAN) != 0;
    }
  if (((attrs & FE_ATTR_MAGIC) && magician) || ((attrs & FE_ATTR_MAGICIAN) && magic))
    {
      feerie_window_show_status (self, _("Magic and magician pieces cannot be combined: "
                                         "whether magicians may be recoloured is unclear in "
                                         "every source (rules §8.3)."));
      return TRUE;
    }
  return FALSE;
}

static void
after_board_change (FeerieWindow *self)
{
  fe_position_default_castling (&self->problem->diagram);
  fe_position_recompute_hash (&self->problem->diagram);
}

gboolean
feerie_window_place (FeerieWindow *self, FePiece piece, FeSquare sq)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  if (!FE_ON_BOARD (sq) || piece.walk == FE_WALK_NONE || piece.walk >= FE_WALK_COUNT)
    return FALSE;
  if (attrs_conflict (self, piece.attrs))
    return FALSE;
  feerie_window_begin_edit (self, NULL);
  FePosition *pos = &self->problem->diagram;
  int imi = imitator_index (pos, sq);
  if (imi >= 0)
    drop_imitator (pos, imi); /* a square holds a piece or an imitator */
  piece.id = 0;
  fe_position_put (pos, sq, piece);
  after_board_change (self);
  self->last_from = FE_NO_SQUARE;
  self->last_to = sq;
  feerie_window_show_status (self, NULL);
  feerie_window_end_edit (self);
  return TRUE;
}

void
feerie_window_move (FeerieWindow *self, FeSquare from, FeSquare to, gboolean copy)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = &self->problem->diagram;
  if (from == to || !FE_ON_BOARD (from) || !FE_ON_BOARD (to))
    return;
  int imi = imitator_index (pos, from);
  if (pos->board[from].walk == FE_WALK_NONE && imi < 0)
    return;
  feerie_window_begin_edit (self, NULL);
  int there = imitator_index (pos, to);
  if (imi >= 0)
    {
      if (pos->board[to].walk != FE_WALK_NONE || there >= 0)
        {
          g_ptr_array_set_size (self->undo_stack, self->undo_stack->len - 1);
          feerie_window_show_status (self, _("An imitator needs an empty square."));
          return;
        }
      if (copy && pos->n_imitators < FE_MAX_IMITATORS)
        {
          pos->imitators[pos->n_imitators] = to;
          pos->imitator_colour[pos->n_imitators++] = pos->imitator_colour[imi];
        }
      else
        pos->imitators[imi] = to;
    }
  else
    {
      FePiece piece = pos->board[from];
      if (there >= 0)
        drop_imitator (pos, there);
      if (!copy)
        fe_position_remove (pos, from);
      else
        piece.id = 0;
      fe_position_put (pos, to, piece);
    }
  after_board_change (self);
  self->last_from = from;
  self->last_to = to;
  feerie_window_end_edit (self);
}

void
feerie_window_remove (FeerieWindow *self, FeSquare sq)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = &self->problem->diagram;
  if (!FE_ON_BOARD (sq))
    return;
  int imi = imitator_index (pos, sq);
  if (pos->board[sq].walk == FE_WALK_NONE && imi < 0)
    return;
  feerie_window_begin_edit (self, NULL);
  if (imi >= 0)
    drop_imitator (pos, imi);
  else
    fe_position_remove (pos, sq);
  after_board_change (self);
  self->last_from = sq;
  self->last_to = FE_NO_SQUARE;
  feerie_window_end_edit (self);
}

void
feerie_window_toggle_imitator (FeerieWindow *self, FeSquare sq, FeColour colour)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = &self->problem->diagram;
  int imi = imitator_index (pos, sq);
  if (imi < 0 && pos->board[sq].walk != FE_WALK_NONE)
    {
      feerie_window_show_status (self, _("An imitator needs an empty square."));
      return;
    }
  if (imi < 0 && pos->n_imitators >= FE_MAX_IMITATORS)
    {
      feerie_window_show_status (self, _("At most 10 imitators."));
      return;
    }
  feerie_window_begin_edit (self, NULL);
  if (imi >= 0)
    drop_imitator (pos, imi);
  else
    {
      pos->imitators[pos->n_imitators] = sq;
      pos->imitator_colour[pos->n_imitators++] = colour;
      self->problem->conditions.FE_P_IMITATOR = TRUE;
      fe_position_recompute_hash (pos);
    }
  self->last_from = FE_NO_SQUARE;
  self->last_to = sq;
  feerie_window_end_edit (self);
}

gboolean
feerie_window_apply_payload (FeerieWindow *self, const char *payload, FeSquare sq, gboolean copy)
{
  guint a = 0, b = 0, c = 0;
  if (sscanf (payload, "piece:%u:%u:%u", &a, &b, &c) == 3 && a <= FE_NEUTRAL)
    return feerie_window_place (self, (FePiece) { (uint8_t) b, (uint8_t) a, (uint8_t) c, 0 }, sq);
  if (sscanf (payload, "imitator:%u", &a) == 1 && a <= FE_NEUTRAL)
    {
      if (imitator_index (&self->problem->diagram, sq) < 0)
        feerie_window_toggle_imitator (self, sq, (FeColour) a);
      return TRUE;
    }
  if (sscanf (payload, "square:%u", &a) == 1 && FE_ON_BOARD (a))
    {
      feerie_window_move (self, (FeSquare) a, sq, copy);
      return TRUE;
    }
  return FALSE;
}

/* "wKe1 bSg8 magic nGd4 Ic3 -e4": colour, walk code, square; "magic" or
 * "magician" after a piece gives it the attribute; "I" an imitator. */
gboolean
feerie_window_enter_pieces (FeerieWindow *self, const char *text, GError **error)
{
  g_auto (GStrv) words = g_regex_split_simple ("[\\s,;]+", text, 0, 0);
  FeSquare previous = FE_NO_SQUARE;
  for (int i = 0; words[i]; i++)
    {
      const char *w = words[i];
      size_t n = strlen (w);
      if (n == 0)
        continue;
      if (g_ascii_strcasecmp (w, "magic") == 0 || g_ascii_strcasecmp (w, "magician") == 0)
        {
          if (previous == FE_NO_SQUARE || self->problem->diagram.board[previous].walk == FE_WALK_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s” must follow a piece"), w);
              return FALSE;
            }
          FePiece p = self->problem->diagram.board[previous];
          p.attrs = g_ascii_strcasecmp (w, "magic") == 0 ? FE_ATTR_MAGIC : FE_ATTR_MAGICIAN;
          if (!feerie_window_place (self, p, previous))
            return FALSE;
          continue;
        }
      FeSquare sq = n >= 2 ? fe_square_parse (w + n - 2) : FE_NO_SQUARE;
      if (sq == FE_NO_SQUARE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: no square at the end (like e4)"), w);
          return FALSE;
        }
      g_autofree char *head = g_strndup (w, n - 2);
      if (g_str_equal (head, "-"))
        {
          feerie_window_remove (self, sq);
          previous = FE_NO_SQUARE;
          continue;
        }
      if (g_ascii_strcasecmp (head, "I") == 0)
        {
          if (imitator_index (&self->problem->diagram, sq) < 0)
            feerie_window_toggle_imitator (self, sq, self->imitator_colour);
          previous = FE_NO_SQUARE;
          continue;
        }
      FeColour colour;
      switch (g_ascii_tolower (head[0]))
        {
        case 'w': colour = FE_WHITE; break;
        case 'b': colour = FE_BLACK; break;
        case 'n': colour = FE_NEUTRAL; break;
        default:
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: start with w, b or n (the colour)"), w);
          return FALSE;
        }
      int walk = head[1] ? fe_walk_from_code (head + 1) : FE_WALK_NONE;
      if (walk == FE_WALK_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: unknown walk code “%s”"), w, head + 1);
          return FALSE;
        }
      if (!feerie_window_place (self, (FePiece) { walk, colour, 0, 0 }, sq))
        return FALSE;
      previous = sq;
    }
  return TRUE;
}

/* ---- widgets ↔ model ---------------------------------------------------- */

static void
set_entry (GtkEntry *entry, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
}

static void
set_text_view (GtkTextView *view, const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text ? text : "", -1);
}

static char *
text_view_get (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static char *
authors_text (const FeProblem *p)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < p->authors->len; i++)
    {
      const FeAuthor *a = p->authors->pdata[i];
      g_string_append_printf (s, "%s%s%s%s", i ? "; " : "", a->family ? a->family : "",
                              a->given && *a->given ? ", " : "", a->given ? a->given : "");
    }
  return g_string_free (s, FALSE);
}

void
feerie_window_sync (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  const FeProblem *p = self->problem;
  self->syncing = TRUE;
  g_autofree char *stip = p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                                      : fe_stipulation_to_string (&p->stipulation);
  set_entry (self->stipulation_entry, stip);
  /* A stipulation Féerie cannot solve is kept; the parser says why. */
  FeStipulation ignored;
  g_autoptr (GError) stip_error = NULL;
  gtk_label_set_text (self->stipulation_error,
                      p->unsupported_stipulation
                          && !fe_stipulation_parse (p->unsupported_stipulation, &ignored, &stip_error)
                        ? stip_error->message : "");
  g_autofree char *authors = authors_text (p);
  set_entry (self->authors, authors);
  set_entry (self->source, p->source_name);
  set_entry (self->number, p->source_number);
  set_entry (self->date, p->source_date);
  set_entry (self->award, p->award_distinction);
  set_entry (self->tourney, p->award_tourney);
  GString *kw = g_string_new (NULL);
  for (guint i = 0; i < p->keywords->len; i++)
    g_string_append_printf (kw, "%s%s", i ? ", " : "", (char *) p->keywords->pdata[i]);
  set_entry (self->keywords, kw->str);
  g_string_free (kw, TRUE);
  set_text_view (self->comments, p->comments);
  set_text_view (self->solution, p->solution_text);
  self->syncing = FALSE;
  feerie_window_refresh_board (self);
  feerie_window_sync_actions (self);
  feerie_window_check_reopen (self);
}

void
feerie_window_set_problem (FeerieWindow *self, FeProblem *problem, GFile *file)
{
  g_clear_pointer (&self->problem, fe_problem_free);
  self->problem = problem;
  g_set_object (&self->file, file);
  g_clear_object (&self->imported_from);
  /* Another document: the old one's autosave goes with it. */
  discard_autosave (self);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  g_clear_pointer (&self->coalesce_tag, g_free);
  self->dirty = FALSE;
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  if (self->solution_view)
    feerie_window_solution_outdated (self);
  feerie_window_sync (self);
  update_title (self);
}

static void
on_stipulation_changed (FeerieWindow *self)
{
  if (self->syncing)
    return;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->stipulation_entry));
  FeStipulation stip;
  g_autoptr (GError) error = NULL;
  if (!fe_stipulation_parse (text, &stip, &error))
    {
      gtk_label_set_text (self->stipulation_error, error->message);
      if (!g_error_matches (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED))
        {
          gtk_widget_add_css_class (GTK_WIDGET (self->stipulation_entry), "error");
          return;
        }
      /* Popeye's stipulations Féerie cannot solve are kept as written:
       * the problem saves and exports; only Solve refuses it. */
      gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
      if (g_strcmp0 (text, self->problem->unsupported_stipulation) == 0)
        return;
      feerie_window_begin_edit (self, "stipulation");
      g_free (self->problem->unsupported_stipulation);
      self->problem->unsupported_stipulation = g_strdup (text);
      feerie_window_end_edit (self);
      return;
    }
  gtk_label_set_text (self->stipulation_error, "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
  if (memcmp (&stip, &self->problem->stipulation, sizeof stip) == 0
      && !self->problem->unsupported_stipulation)
    return;
  feerie_window_begin_edit (self, "stipulation");
  self->problem->stipulation = stip;
  g_clear_pointer (&self->problem->unsupported_stipulation, g_free);
  feerie_window_end_edit (self);
}

static void
replace_string (char **field, const char *text)
{
  g_free (*field);
  *field = text && *text ? g_strdup (text) : NULL;
}

static void
read_metadata (FeerieWindow *self, GtkWidget *changed)
{
  FeProblem *p = self->problem;
  if (changed == GTK_WIDGET (self->authors))
    {
      g_ptr_array_set_size (p->authors, 0);
      g_auto (GStrv) people = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->authors)), ";", -1);
      for (int i = 0; people[i]; i++)
        {
          char *one = g_strstrip (people[i]);
          if (!*one)
            continue;
          g_auto (GStrv) parts = g_strsplit (one, ",", 2);
          FeAuthor *a = g_new0 (FeAuthor, 1);
          a->family = g_strdup (g_strstrip (parts[0]));
          a->given = parts[1] ? g_strdup (g_strstrip (parts[1])) : NULL;
          g_ptr_array_add (p->authors, a);
        }
    }
  else if (changed == GTK_WIDGET (self->keywords))
    {
      g_ptr_array_set_size (p->keywords, 0);
      g_auto (GStrv) words = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->keywords)), ",", -1);
      for (int i = 0; words[i]; i++)
        if (*g_strstrip (words[i]))
          g_ptr_array_add (p->keywords, g_strdup (words[i]));
    }
  else if (changed == GTK_WIDGET (self->source))
    replace_string (&p->source_name, gtk_editable_get_text (GTK_EDITABLE (self->source)));
  else if (changed == GTK_WIDGET (self->number))
    replace_string (&p->source_number, gtk_editable_get_text (GTK_EDITABLE (self->number)));
  else if (changed == GTK_WIDGET (self->date))
    replace_string (&p->source_date, gtk_editable_get_text (GTK_EDITABLE (self->date)));
  else if (changed == GTK_WIDGET (self->award))
    replace_string (&p->award_distinction, gtk_editable_get_text (GTK_EDITABLE (self->award)));
  else if (changed == GTK_WIDGET (self->tourney))
    replace_string (&p->award_tourney, gtk_editable_get_text (GTK_EDITABLE (self->tourney)));
}

static void
on_metadata_changed (FeerieWindow *self, GtkEditable *editable)
{
  if (self->syncing)
    return;
  g_autofree char *tag = g_strdup_printf ("meta-%p", (void *) editable);
  feerie_window_begin_edit (self, tag);
  read_metadata (self, GTK_WIDGET (editable));
  feerie_window_end_edit (self);
}

static void
on_text_changed (GtkTextBuffer *buffer, FeerieWindow *self)
{
  if (self->syncing)
    return;
  g_autofree char *tag = g_strdup_printf ("text-%p", (void *) buffer);
  feerie_window_begin_edit (self, tag);
  FeProblem *p = self->problem;
  if (buffer == gtk_text_view_get_buffer (self->comments))
    {
      g_autofree char *t = text_view_get (self->comments);
      replace_string (&p->comments, t);
    }
  else
    {
      g_autofree char *t = text_view_get (self->solution);
      replace_string (&p->solution_text, t);
    }
  feerie_window_end_edit (self);
}

/* The twins editor checked its twins on the diagram: one edit. */
static void
on_twins_edited (FeerieWindow *self, GPtrArray *twins, gboolean typed)
{
  feerie_window_begin_edit (self, typed ? "twins" : NULL);
  g_ptr_array_set_size (self->problem->twins, 0);
  for (guint i = 0; i < twins->len; i++)
    {
      const FeTwin *t = twins->pdata[i];
      FeTwin *c = fe_twin_new ();
      c->continued = t->continued;
      g_array_append_vals (c->commands, t->commands->data, t->commands->len);
      g_ptr_array_add (self->problem->twins, c);
    }
  feerie_window_end_edit (self);
}

static void
on_piece_entry_activate (FeerieWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (feerie_window_enter_pieces (self, gtk_editable_get_text (GTK_EDITABLE (self->piece_entry)), &error))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->piece_entry), "");
      gtk_widget_remove_css_class (GTK_WIDGET (self->piece_entry), "error");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->piece_entry), "error");
      if (error)
        feerie_window_show_status (self, error->message);
    }
}

/* Clicks without a mouse drag: with a palette choice, place it; picking
 * imitators toggles one; otherwise the first click picks a piece and the
 * second moves it.  The secondary button empties a square. */
static void
on_square_activated (FeerieWindow *self, guint sq, guint button)
{
  /* Playback is read-only: a click returns to the diagram, unchanged. */
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  if (button == GDK_BUTTON_SECONDARY)
    {
      feerie_window_remove (self, (FeSquare) sq);
      return;
    }
  if (self->picking_imitators)
    {
      feerie_window_toggle_imitator (self, (FeSquare) sq, self->imitator_colour);
      return;
    }
  const char *choice = feerie_palette_get_selection (self->palette);
  if (choice)
    {
      feerie_window_apply_payload (self, choice, (FeSquare) sq, FALSE);
      return;
    }
  const FePosition *pos = &self->problem->diagram;
  if (self->selected != FE_NO_SQUARE)
    {
      FeSquare from = self->selected;
      self->selected = FE_NO_SQUARE;
      if (from != sq)
        feerie_window_move (self, from, (FeSquare) sq, FALSE);
      feerie_window_refresh_board (self);
      return;
    }
  if (pos->board[sq].walk != FE_WALK_NONE || imitator_index (pos, (FeSquare) sq) >= 0)
    {
      self->selected = (FeSquare) sq;
      feerie_window_refresh_board (self);
    }
}

static void
on_payload_dropped (FeerieWindow *self, const char *payload, guint sq, gboolean copy)
{
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  feerie_window_apply_payload (self, payload, (FeSquare) sq, copy);
}

static void
on_dragged_off (FeerieWindow *self, guint sq)
{
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  feerie_window_remove (self, (FeSquare) sq);
}

/* ---- files -------------------------------------------------------------- */

void
feerie_window_add_recent (FeerieWindow *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  if (self->settings)
    {
      g_autoptr (GFile) parent = g_file_get_parent (file);
      g_autofree char *folder = parent ? g_file_get_path (parent) : NULL;
      if (folder)
        g_settings_set_string (self->settings, "last-folder", folder);
    }
}

gboolean
feerie_window_open_file (FeerieWindow *self, GFile *file, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GPtrArray) problems = NULL;
  gboolean native = g_str_has_suffix (name, ".xml");
  if (native)
    problems = fe_xml_load (file, error);
  else if (g_str_has_suffix (name, ".fen"))
    {
      g_autofree char *text = NULL;
      if (!g_file_load_contents (file, NULL, &text, NULL, NULL, error))
        return FALSE;
      FeProblem *p = fe_problem_new ();
      if (!fe_fen_parse (g_strstrip (text), &p->diagram, error))
        {
          fe_problem_free (p);
          return FALSE;
        }
      problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
      g_ptr_array_add (problems, p);
    }
  else if (path)
    problems = fe_popeye_read_file (path, error);
  if (!problems)
    return FALSE;
  if (problems->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s holds no problem"), name);
      return FALSE;
    }
  FeProblem *p = g_ptr_array_steal_index (problems, 0);
  /* Imports become new documents: saving must not overwrite the Popeye or
   * FEN source with XML. */
  feerie_window_set_problem (self, p, native ? file : NULL);
  if (!native)
    {
      /* Its name in the title; Save will write XML beside it (Save As
       * keeps its format when given its extension). */
      g_set_object (&self->imported_from, file);
      update_title (self);
      g_autofree char *msg = g_strdup_printf (_("%s is not a Féerie file: Save writes the problem as Féerie XML; "
                                                "Save As with .inp or .fen keeps that format."), name);
      feerie_window_show_status (self, msg);
    }
  if (problems->len > 0)
    {
      g_autofree char *msg = g_strdup_printf (_("The file holds %u problems; the first is shown."),
                                              problems->len + 1);
      feerie_window_show_status (self, msg);
    }
  feerie_window_add_recent (self, file);
  return TRUE;
}

gboolean
feerie_window_save_to (FeerieWindow *self, GFile *file, GError **error)
{
  /* The format follows the name's extension (feerie-window-export.c);
   * a FEN file does not keep the problem, so it does not become its file. */
  gboolean adopt = TRUE;
  if (!feerie_window_write_problem (self, file, &adopt, error))
    return FALSE;
  if (!adopt)
    return TRUE;
  g_set_object (&self->file, file);
  self->dirty = FALSE;
  discard_autosave (self);
  update_title (self);
  feerie_window_add_recent (self, file);
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *msg = self->reopen_error
    ? g_strdup_printf (_("Saved %s, but Féerie cannot reopen it: %s"), name, self->reopen_error)
    : g_strdup_printf (_("Saved %s."), name);
  feerie_window_show_status (self, msg);
  return TRUE;
}

/* ---- close ---------------------------------------------------------------- */

static void
on_close_answer (GtkDialog *dialog, int response, FeerieWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_REJECT)
    {
      self->dirty = FALSE;
      discard_autosave (self);
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (response == GTK_RESPONSE_ACCEPT)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save", NULL);
}

static gboolean
feerie_window_close_request (GtkWindow *window)
{
  FeerieWindow *self = FEERIE_WINDOW (window);
  if (!self->dirty || g_getenv ("FEERIE_TEST_SCRIPT"))
    {
      discard_autosave (self);
      return GTK_WINDOW_CLASS (feerie_window_parent_class)->close_request (window);
    }
  GtkWidget *dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("Save the changes before closing?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("If you do not save, the changes are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_answer), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* ---- GObject ---------------------------------------------------------------- */

static void
apply_settings (FeerieWindow *self)
{
  if (!self->settings)
    return;
  g_autofree char *light = g_settings_get_string (self->settings, "light-colour");
  g_autofree char *dark = g_settings_get_string (self->settings, "dark-colour");
  g_autofree char *font = g_settings_get_string (self->settings, "piece-font");
  feerie_board_view_set_colours (self->board, light, dark);
  feerie_board_view_set_font (self->board, font);
  feerie_palette_set_font (self->palette, font);
}

static void
feerie_window_dispose (GObject *object)
{
  FeerieWindow *self = FEERIE_WINDOW (object);
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  feerie_window_solve_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_WINDOW);
  g_clear_pointer (&self->problem, fe_problem_free);
  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->coalesce_tag, g_free);
  g_clear_object (&self->file);
  g_clear_object (&self->imported_from);
  g_clear_object (&self->settings);
  /* Not deleted: a window destroyed without closing keeps its autosave. */
  g_clear_pointer (&self->autosave_path, g_free);
  g_clear_pointer (&self->reopen_error, g_free);
  G_OBJECT_CLASS (feerie_window_parent_class)->dispose (object);
}

static void
feerie_window_class_init (FeerieWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = feerie_window_dispose;
  window_class->close_request = feerie_window_close_request;

  g_type_ensure (FEERIE_TYPE_BOARD_VIEW);
  g_type_ensure (FEERIE_TYPE_PALETTE);
  g_type_ensure (FEERIE_TYPE_SOLUTION_VIEW);
  g_type_ensure (FEERIE_TYPE_TWINS_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/feerie/Feerie/ui/feerie-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, board);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, piece_entry);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, caption);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, status);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, stipulation_entry);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, stipulation_error);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, conflict);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, authors);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, source);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, number);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, date);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, award);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, tourney);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, keywords);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, comments);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, solution);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, twins_editor);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, solution_view);
  gtk_widget_class_bind_template_callback (widget_class, on_stipulation_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_metadata_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_piece_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_square_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_payload_dropped);
  gtk_widget_class_bind_template_callback (widget_class, on_dragged_off);
  gtk_widget_class_bind_template_callback (widget_class, on_twins_edited);
}

static void
feerie_window_init (FeerieWindow *self)
{
  feerie_window_install_actions (self);
  feerie_window_install_solve_actions (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  feerie_window_connect_solution_view (self);
  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  self->imitator_colour = FE_NEUTRAL;
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;

  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;
  if (schema)
    {
      self->settings = g_settings_new (APPLICATION_ID);
      g_signal_connect_object (self->settings, "changed", G_CALLBACK (apply_settings), self, G_CONNECT_SWAPPED);
      apply_settings (self);
    }

  g_signal_connect_object (gtk_text_view_get_buffer (self->comments), "changed", G_CALLBACK (on_text_changed), self, 0);
  g_signal_connect_object (gtk_text_view_get_buffer (self->solution), "changed", G_CALLBACK (on_text_changed), self, 0);

  feerie_window_set_problem (self, fe_problem_new (), NULL);
}

FeerieWindow *
feerie_window_new (GtkApplication *app)
{
  return g_object_new (FEERIE_TYPE_WINDOW, "application", app, NULL);
}
