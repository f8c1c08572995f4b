/* feerie-window.c — the composing window: it shows one FeerieDocument
 * (problem, file, undo, autosave) and edits it through its panes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every edit goes through feerie_window_begin_edit / end_edit, which open
 * and close an undo step of the document and refresh what the edit
 * changed.  Board edits are in feerie-window-edit.c, commands in
 * feerie-window-actions.c, files out in feerie-window-export.c, solving
 * in feerie-window-solve.c, playing the solution back in
 * feerie-window-playback.c; metadata and conditions are their own widgets.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-window-private.h"
#include "feerie-application.h"
#include "core/model/walk.h"
#include "io/stipulation-text.h"
#include "render/fe-render.h"

G_DEFINE_FINAL_TYPE (FeerieWindow, feerie_window, GTK_TYPE_APPLICATION_WINDOW)

/* ---- title, status, autosave ------------------------------------------ */

static void
update_title (FeerieWindow *self)
{
  g_autofree char *shown = feerie_document_dup_display_name (self->document);
  const char *name = shown ? shown : _("Untitled problem");
  g_autofree char *title = g_strdup_printf (
    "%s%s — Féerie", feerie_document_get_dirty (self->document) ? "• " : "", name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

void
feerie_window_show_status (FeerieWindow *self, const char *message)
{
  /* Inscriptions of fixed height: a message, long or none, never moves
   * the board; a long one shows whole in the tooltip. */
  gtk_inscription_set_text (self->status, message ? message : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status), message && *message ? message : NULL);
}

void
feerie_window_show_error (FeerieWindow *self, const char *what, const GError *error)
{
  /* Translators: what failed ("Cannot open the problem"), then why. */
  g_autofree char *msg = g_strdup_printf (_("%s: %s"), what, error->message);
  feerie_window_show_status (self, msg);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", what);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
feerie_window_is_pristine (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  return feerie_document_is_pristine (self->document);
}

gboolean
feerie_window_recover (FeerieWindow *self, GPtrArray *problems, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  gboolean ok = feerie_document_recover (self->document, problems, error);
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  feerie_window_solution_outdated (self);
  feerie_window_collection_reset (self);
  feerie_window_sync (self);
  feerie_window_show_status (self, _("The problem of the last session was recovered."));
  return ok;
}

/* ---- undo --------------------------------------------------------------- */

void
feerie_window_begin_edit (FeerieWindow *self, const char *coalesce_tag)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  /* What the status line said was about the state before this edit;
   * messages of the edit itself come after. */
  feerie_window_show_status (self, NULL);
  feerie_document_begin_edit (self->document, coalesce_tag);
}

FePosition *
feerie_window_edited_position (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), NULL);
  return self->showing_target && fe_problem_has_target (self->problem) ? &self->problem->target
                                                                       : &self->problem->diagram;
}

void
feerie_window_refresh_board (FeerieWindow *self)
{
  if (self->playing)
    return; /* the board shows the solution being played back */
  FeRenderMarks marks;
  feerie_board_view_get_marks (self->board, &marks);
  marks.highlight = 0;
  marks.n_arrows = 0;
  marks.last_from = self->last_from;
  marks.last_to = self->last_to;
  marks.selected = self->selected;
  marks.picking_imitators = self->picking_imitators;
  gboolean target = fe_problem_has_target (self->problem);
  gtk_widget_set_visible (GTK_WIDGET (self->target_toggle), target);
  if (!target && self->showing_target)
    g_action_group_change_action_state (G_ACTION_GROUP (self), "show-target",
                                        g_variant_new_boolean (FALSE));
  feerie_board_view_set_position (self->board, feerie_window_edited_position (self));
  feerie_board_view_set_marks (self->board, &marks);
  g_autofree char *caption = fe_render_caption (self->problem);
  gtk_inscription_set_text (self->caption, caption);
  /* Whole in the tooltip when a small window cuts its last line. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->caption), caption);
  feerie_twins_editor_set_problem (self->twins_editor, self->problem);
  feerie_palette_update_refusals (self->palette);
}

void
feerie_window_end_edit (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  feerie_document_end_edit (self->document);
  const FeProblem *before = feerie_document_peek_undo (self->document);
  if (!before || !fe_problem_same_solving_input (before, self->problem))
    feerie_window_solution_outdated (self);
  feerie_window_refresh_board (self);
  feerie_window_sync_actions (self);
  feerie_window_check_reopen (self);
}

gboolean
feerie_window_step_history (FeerieWindow *self, gboolean redo)
{
  FeerieCollection *problems = feerie_document_get_collection (self->document);
  FeerieProblemItem *shown
    = feerie_collection_get_item (problems, feerie_document_get_current (self->document));
  if (!feerie_document_step_history (self->document, redo))
    return FALSE;
  /* A collection edit undone may show another problem of it. */
  if (feerie_collection_get_item (problems, feerie_document_get_current (self->document)) != shown)
    {
      feerie_window_show_other_problem (self);
      return TRUE;
    }
  self->last_from = self->last_to = FE_NO_SQUARE;
  feerie_window_solution_outdated (self);
  feerie_window_sync (self);
  return TRUE;
}

/* ---- widgets ↔ model ---------------------------------------------------- */

/* The stipulation field's tooltip says what the stipulation asks
 * (issue 21): "hs#3: White and Black help each other for 2½ moves, …". */
static void
explain_stipulation (FeerieWindow *self, const FeStipulation *stip)
{
  g_autofree char *text = stip ? fe_stipulation_explain (stip) : NULL;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stipulation_entry), text);
}

/* The problem's stipulation as the field shows it. */
static char *
problem_stipulation_text (const FeProblem *p)
{
  return p->structured                ? fe_sstip_to_string (p->structured)
         : p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                      : fe_stipulation_to_string (&p->stipulation);
}

/* The field shows the problem's stipulation (self->syncing set). */
static void
show_stipulation (FeerieWindow *self)
{
  const FeProblem *p = self->problem;
  g_autofree char *stip = problem_stipulation_text (p);
  gtk_editable_set_text (GTK_EDITABLE (self->stipulation_entry), stip);
  gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
  /* A stipulation Féerie cannot solve is kept; the parser says why. */
  FeStipulation ignored;
  g_autoptr (GError) stip_error = NULL;
  gtk_label_set_text (
    self->stipulation_error,
    p->unsupported_stipulation
        && !fe_stipulation_parse (p->unsupported_stipulation, &ignored, &stip_error)
      ? stip_error->message
      : "");
  explain_stipulation (self, p->unsupported_stipulation || p->structured ? NULL : &p->stipulation);
}

void
feerie_window_sync (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  const FeProblem *p = self->problem;
  self->syncing = TRUE;
  show_stipulation (self);
  feerie_metadata_pane_show (self->metadata, p);
  self->syncing = FALSE;
  feerie_window_refresh_board (self);
  feerie_window_sync_actions (self);
  feerie_window_check_reopen (self);
}

/* The document was replaced (new, opened, pasted, recovered): the board
 * forgets its marks and every widget is refilled. */
static void
show_new_problem (FeerieWindow *self)
{
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  /* Nothing of the previous problem stays: its solution, its messages. */
  feerie_window_solution_forget (self);
  feerie_window_show_status (self, NULL);
  feerie_window_collection_reset (self);
  feerie_window_sync (self);
  update_title (self);
}

void
feerie_window_set_problem (FeerieWindow *self, FeProblem *problem, GFile *file)
{
  feerie_document_set_problem (self->document, problem, file);
  show_new_problem (self);
}

void
feerie_window_set_unsaved_problem (FeerieWindow *self, FeProblem *problem)
{
  feerie_document_set_unsaved_problem (self->document, problem);
  show_new_problem (self);
}

/* Each keystroke that makes a stipulation Féerie solves changes the
 * problem's; an unreadable one is shown as an error, and one Féerie reads
 * but cannot solve waits for Enter or the field to be left
 * (settle_stipulation_field) so that no half-typed text ("h##") becomes
 * the problem's. */
static void
on_stipulation_changed (FeerieWindow *self)
{
  if (self->syncing)
    return;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->stipulation_entry));
  FeStipulation stip;
  g_autoptr (GError) error = NULL;
  if (feerie_window_take_structured (self, text))
    return;
  if (!fe_stipulation_parse (text, &stip, &error))
    {
      explain_stipulation (self, NULL);
      gtk_label_set_text (self->stipulation_error, error->message);
      if (g_error_matches (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED))
        gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->stipulation_entry), "error");
      return;
    }
  gtk_label_set_text (self->stipulation_error, "");
  explain_stipulation (self, &stip);
  gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
  if (fe_stipulation_equal (&stip, &self->problem->stipulation)
      && !self->problem->unsupported_stipulation && !self->problem->structured)
    return;
  feerie_window_begin_edit (self, "stipulation");
  self->problem->stipulation = stip;
  g_clear_pointer (&self->problem->unsupported_stipulation, g_free);
  g_clear_pointer (&self->problem->structured, fe_sstip_free);
  feerie_window_end_edit (self);
}

/* Once the field is left (focus elsewhere, Enter, Escape), it shows the
 * problem's stipulation.  A stipulation Féerie cannot solve becomes the
 * problem's as written (it saves and exports; only Solve refuses it); one
 * that does not read is dropped, and the status line says so; a readable
 * one is shown as Féerie writes it ("H#2" becomes "h#2"). */
static void
settle_stipulation_field (FeerieWindow *self)
{
  if (gtk_widget_in_destruction (GTK_WIDGET (self)) || !self->problem)
    return;
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->stipulation_entry)));
  g_autofree char *kept = problem_stipulation_text (self->problem);
  if (g_str_equal (text, kept))
    return;
  FeStipulation stip;
  g_autoptr (GError) error = NULL;
  if (!fe_stipulation_parse (text, &stip, &error)
      && g_error_matches (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED))
    {
      feerie_window_begin_edit (self, "stipulation");
      g_free (self->problem->unsupported_stipulation);
      self->problem->unsupported_stipulation = g_strdup (text);
      g_clear_pointer (&self->problem->structured, fe_sstip_free);
      feerie_window_end_edit (self);
      return;
    }
  self->syncing = TRUE;
  show_stipulation (self);
  self->syncing = FALSE;
  if (!error)
    return;
  /* Translators: the stipulation typed, then the problem's (kept). */
  g_autofree char *msg = g_strdup_printf (_("Stipulation “%s” not understood: the problem keeps %s."),
                                          text, kept);
  feerie_window_show_status (self, msg);
}

/* Escape drops what was typed since the problem's stipulation last
 * changed; with nothing to drop it goes on to the window (Stop). */
static gboolean
on_stipulation_key (GtkEventControllerKey *key, guint keyval, guint keycode,
                    GdkModifierType state, FeerieWindow *self)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  g_autofree char *kept = problem_stipulation_text (self->problem);
  if (g_str_equal (gtk_editable_get_text (GTK_EDITABLE (self->stipulation_entry)), kept))
    return FALSE;
  self->syncing = TRUE;
  show_stipulation (self);
  self->syncing = FALSE;
  return TRUE;
}

static void
on_metadata_edited (FeerieWindow *self, const char *field)
{
  g_assert (FEERIE_IS_WINDOW (self));
  g_autofree char *tag = g_strconcat ("meta-", field, NULL);
  feerie_window_begin_edit (self, tag);
  feerie_metadata_pane_read (self->metadata, field, self->problem);
  feerie_window_end_edit (self);
}

static void
on_conditions_changed (FeerieWindow *self, const FeConditionParams *params)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_window_begin_edit (self, NULL);
  self->problem->conditions = *params;
  feerie_window_end_edit (self);
}

/* A condition that is its pieces was ticked with none on the board: the
 * palette offers its attribute, so the next pieces placed carry it. */
static void
on_attribute_wanted (FeerieWindow *self, int id)
{
  g_assert (FEERIE_IS_WINDOW (self));
  const FeConditionClass *cls = fe_condition_nth (id);
  feerie_palette_set_attributes (self->palette, cls->attribute->bit);
  /* Translators: "Magic pieces: the palette now places Magic pieces." */
  g_autofree char *msg = g_strdup_printf (_("%s: the palette now places such pieces; the "
                                            "condition is in force once one stands on the board."),
                                          _(cls->label));
  feerie_window_show_status (self, msg);
}

/* Unticked while pieces carry its attribute: one edit takes it off them
 * (the diagram's and those twins add) and the switch with it. */
static void
on_attribute_dropped (FeerieWindow *self, int id)
{
  g_assert (FEERIE_IS_WINDOW (self));
  const FeConditionClass *cls = fe_condition_nth (id);
  uint8_t bit = cls->attribute->bit;
  feerie_window_begin_edit (self, NULL);
  FePosition *d = &self->problem->diagram;
  for (int i = 0; i < 64; i++)
    d->board[FE_SQ88 (i)].attrs &= ~bit;
  fe_position_recompute_hash (d);
  for (guint t = 0; t < self->problem->twins->len; t++)
    {
      FeTwin *twin = self->problem->twins->pdata[t];
      for (guint j = 0; j < twin->commands->len; j++)
        {
          FeTwinCommand *c = &g_array_index (twin->commands, FeTwinCommand, j);
          c->piece.attrs &= ~bit;
          c->conditions.v[id][0] = 0;
        }
    }
  self->problem->conditions.v[id][0] = 0;
  feerie_window_end_edit (self);
}

/* The twins editor checked its twins on the diagram: one edit. */
static void
on_twins_edited (FeerieWindow *self, GPtrArray *twins, gboolean typed)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_window_begin_edit (self, typed ? "twins" : NULL);
  g_ptr_array_set_size (self->problem->twins, 0);
  for (guint i = 0; i < twins->len; i++)
    g_ptr_array_add (self->problem->twins, fe_twin_copy (twins->pdata[i]));
  feerie_window_end_edit (self);
}

static void
on_piece_entry_activate (FeerieWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (feerie_window_enter_pieces (self, gtk_editable_get_text (GTK_EDITABLE (self->piece_entry)),
                                  &error))
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
  guint n_problems = 0;
  if (!feerie_document_load (self->document, file, &n_problems, error))
    return FALSE;
  show_new_problem (self);
  if (feerie_document_get_imported_from (self->document))
    {
      /* Its name in the title; Save will write XML beside it (Save As
       * keeps its format when given its extension). */
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *msg
        = g_strdup_printf (_("%s is not a Féerie file: Save writes the problem as Féerie XML; "
                              "Save As with .inp or .fen keeps that format."),
                           name);
      feerie_window_show_status (self, msg);
    }
  if (n_problems > 1 && !feerie_document_get_imported_from (self->document))
    {
      g_autofree char *msg = g_strdup_printf (_("The file holds %u problems: the list beside the "
                                                "board shows them."),
                                              n_problems);
      feerie_window_show_status (self, msg);
    }
  feerie_window_add_recent (self, file);
  return TRUE;
}

gboolean
feerie_window_open_dropped (FeerieWindow *self, GSList *files, GError **error)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  if (!files)
    return FALSE;
  /* As Open: after the question about unsaved changes; an error is shown
   * in the window. */
  feerie_window_open_asking (self, files->data);
  if (files->next)
    feerie_window_show_status (self, _("Several files were dropped: the first is open."));
  return TRUE;
}

/* Files dropped on the window open as Open opens them. */
static gboolean
on_files_dropped (FeerieWindow *self, const GValue *value, double x, double y)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GdkFileList *list = g_value_get_boxed (value);
  g_autoptr (GError) error = NULL;
  if (!feerie_window_open_dropped (self, gdk_file_list_get_files (list), &error) && error)
    feerie_window_show_error (self, _("Cannot open the problem"), error);
  return TRUE;
}

gboolean
feerie_window_save_to (FeerieWindow *self, GFile *file, GError **error)
{
  /* The format follows the name's extension (feerie-window-export.c);
   * a FEN file does not keep the problem, so it does not become its file. */
  gboolean adopt = TRUE;
  g_autofree char *lost = NULL;
  if (!feerie_window_write_problem (self, file, TRUE, &adopt, &lost, error))
    return FALSE;
  g_autofree char *name = g_file_get_basename (file);
  if (!adopt)
    {
      /* FEN: the file has the position, the window keeps the problem. */
      g_autofree char *msg = g_strdup_printf (_("Saved %s. %s"), name, lost ? lost : "");
      feerie_window_show_status (self, msg);
      return TRUE;
    }
  feerie_document_saved (self->document, file);
  feerie_window_add_recent (self, file);
  g_autofree char *other_error = feerie_window_collection_reopen_error (self);
  const char *reopen_error = self->reopen_error ? self->reopen_error : other_error;
  g_autofree char *msg = reopen_error
    ? g_strdup_printf (_("Saved %s, but Féerie cannot reopen it: %s"), name, reopen_error)
    : lost ? g_strdup_printf (_("Saved %s. %s"), name, lost)
    : g_strdup_printf (_("Saved %s."), name);
  feerie_window_show_status (self, msg);
  return TRUE;
}

/* ---- unsaved changes: one question before the document goes -------------------- */

FeerieThen *
feerie_then_new (FeerieThenFunc func, gpointer data, GDestroyNotify destroy)
{
  FeerieThen *then = g_new0 (FeerieThen, 1);
  then->func = func;
  then->data = data;
  then->destroy = destroy;
  return then;
}

void
feerie_then_run (FeerieThen *then, FeerieWindow *self)
{
  if (then && then->func)
    then->func (self, then->data);
  feerie_then_free (then);
}

void
feerie_then_free (FeerieThen *then)
{
  if (!then)
    return;
  if (then->destroy)
    then->destroy (then->data);
  g_free (then);
}

static void
on_unsaved_answer (GtkDialog *dialog, int response, FeerieWindow *self)
{
  FeerieThen *then = g_object_steal_data (G_OBJECT (dialog), "feerie-then");
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_REJECT)
    feerie_then_run (then, self);
  else if (response == GTK_RESPONSE_ACCEPT)
    feerie_window_save_then (self, then); /* runs it once the problem is saved */
  else
    feerie_then_free (then);
}

void
feerie_window_ask_then (FeerieWindow *self, const char *question, FeerieThen *then)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  if (!feerie_document_get_dirty (self->document))
    {
      feerie_then_run (then, self);
      return;
    }
  g_autofree char *shown = feerie_document_dup_display_name (self->document);
  g_autofree char *text = g_strdup_printf (question, shown ? shown : _("Untitled problem"));
  GtkWidget *dialog
    = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", text);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("If you do not save, the changes are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Discard"),
                          GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_object_set_data_full (G_OBJECT (dialog), "feerie-then", then,
                          (GDestroyNotify) feerie_then_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_unsaved_answer), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_now (FeerieWindow *self, gpointer file)
{
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  if (!feerie_window_open_file (self, file, &error))
    feerie_window_show_error (self, _("Cannot open the problem"), error);
}

void
feerie_window_open_asking (FeerieWindow *self, GFile *file)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  /* Translators: %s is the problem's file name or "Untitled problem". */
  feerie_window_ask_then (self, _("Save the changes to “%s” before opening another problem?"),
                          feerie_then_new (open_now, g_object_ref (file), g_object_unref));
}

/* ---- close ---------------------------------------------------------------- */

static void
close_now (FeerieWindow *self, gpointer unused)
{
  g_assert (FEERIE_IS_WINDOW (self));
  /* Saved, or given up: only this window's autosave goes. */
  feerie_document_discard (self->document);
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
feerie_window_close_request (GtkWindow *window)
{
  FeerieWindow *self = FEERIE_WINDOW (window);
  if (!feerie_document_get_dirty (self->document))
    {
      feerie_document_discard (self->document);
      return GTK_WINDOW_CLASS (feerie_window_parent_class)->close_request (window);
    }
  /* Translators: %s is the problem's file name or "Untitled problem". */
  feerie_window_ask_then (self, _("Save the changes to “%s” before closing?"),
                          feerie_then_new (close_now, NULL, NULL));
  return TRUE;
}

/* ---- GObject ---------------------------------------------------------------- */

static void
on_document_problem (FeerieWindow *self)
{
  self->problem = feerie_document_get_problem (self->document);
}

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
  feerie_window_solve_dispose (self);
  feerie_window_collection_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_WINDOW);
  self->problem = NULL;
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
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

  /* A solve began (the Solution pane was emptied for it). */
  g_signal_new ("solve-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 0);
  /* The solve ended and the pane shows all it found: (stopped — by Stop,
   * an edit or the time limit —, the error message or NULL, nodes). */
  g_signal_new ("solve-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 3, G_TYPE_BOOLEAN, G_TYPE_STRING, G_TYPE_UINT64);

  g_type_ensure (FEERIE_TYPE_BOARD_VIEW);
  g_type_ensure (FEERIE_TYPE_PALETTE);
  g_type_ensure (FEERIE_TYPE_SOLUTION_VIEW);
  g_type_ensure (FEERIE_TYPE_CONDITION_PANE);
  g_type_ensure (FEERIE_TYPE_METADATA_PANE);
  g_type_ensure (FEERIE_TYPE_TWINS_EDITOR);
  g_type_ensure (FEERIE_TYPE_COLLECTION_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, board);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, piece_entry);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, caption);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, target_toggle);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, status);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, stipulation_entry);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, max_solutions_spin);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, stipulation_error);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, conditions);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, metadata);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, twins_editor);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, solution_view);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, collection_view);
  gtk_widget_class_bind_template_child (widget_class, FeerieWindow, palette_column);
  gtk_widget_class_bind_template_callback (widget_class, on_stipulation_changed);
  gtk_widget_class_bind_template_callback (widget_class, settle_stipulation_field);
  gtk_widget_class_bind_template_callback (widget_class, on_metadata_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_conditions_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_attribute_wanted);
  gtk_widget_class_bind_template_callback (widget_class, on_attribute_dropped);
  gtk_widget_class_bind_template_callback (widget_class, on_piece_entry_activate);
  gtk_widget_class_bind_template_callback_full (
    widget_class, "on_max_solutions_changed", G_CALLBACK (feerie_window_on_max_solutions_changed));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_square_activated",
                                                G_CALLBACK (feerie_window_on_square_activated));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_payload_dropped",
                                                G_CALLBACK (feerie_window_on_payload_dropped));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_dragged_off",
                                                G_CALLBACK (feerie_window_on_dragged_off));
  gtk_widget_class_bind_template_callback (widget_class, on_twins_edited);
  gtk_widget_class_bind_template_callback_full (
    widget_class, "on_collection_problem_selected",
    G_CALLBACK (feerie_window_on_collection_problem_selected));
  gtk_widget_class_bind_template_callback_full (
    widget_class, "on_collection_item_dropped", G_CALLBACK (feerie_window_on_collection_item_dropped));
  gtk_widget_class_bind_template_callback_full (
    widget_class, "on_collection_filter_changed",
    G_CALLBACK (feerie_window_on_collection_filter_changed));
}

static void
feerie_window_init (FeerieWindow *self)
{
  feerie_window_install_actions (self);
  feerie_window_install_solve_actions (self);
  feerie_window_install_playback_actions (self);
  feerie_window_install_collection_actions (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  feerie_window_connect_solution_view (self);
  feerie_window_install_condition_actions (self);
  self->document = feerie_document_new ();
  self->problem = feerie_document_get_problem (self->document);
  g_signal_connect_object (self->document, "notify::problem", G_CALLBACK (on_document_problem),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::dirty", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::file", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "autosave-failed",
                           G_CALLBACK (feerie_window_show_status), self, G_CONNECT_SWAPPED);
  self->imitator_colour = FE_NEUTRAL;
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  feerie_palette_set_refusal (self->palette, feerie_window_palette_refusal, self);
  GtkEventController *leave = gtk_event_controller_focus_new ();
  g_signal_connect_object (leave, "leave", G_CALLBACK (settle_stipulation_field), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->stipulation_entry), leave);
  GtkEventController *escape = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (escape, GTK_PHASE_CAPTURE);
  g_signal_connect_object (escape, "key-pressed", G_CALLBACK (on_stipulation_key), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->stipulation_entry), escape);
  GtkDropTarget *files = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (files, "drop", G_CALLBACK (on_files_dropped), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (files));

  self->settings = feerie_settings_new ();
  if (self->settings)
    {
      g_signal_connect_object (self->settings, "changed", G_CALLBACK (apply_settings), self,
                               G_CONNECT_SWAPPED);
      apply_settings (self);
    }
  feerie_window_connect_collection (self);

  show_new_problem (self);
}

FeerieWindow *
feerie_window_new (GtkApplication *app)
{
  return g_object_new (FEERIE_TYPE_WINDOW, "application", app, NULL);
}
