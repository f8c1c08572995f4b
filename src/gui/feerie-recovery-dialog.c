/* feerie-recovery-dialog.c — the problems a Féerie that did not close left
 * unsaved, each with its time and a small diagram, to recover or discard.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files and their format are feerie-autosave.c's; this dialog only
 * offers them.  An orphan is deleted once the user chose: after the
 * window it was recovered into wrote its own autosave, or on Discard.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-recovery-dialog-private.h"
#include "feerie-autosave.h"
#include "feerie-window.h"
#include "render/fe-render.h"

#define PREVIEW_SIZE 96

G_DEFINE_FINAL_TYPE (FeerieRecoveryDialog, feerie_recovery_dialog, GTK_TYPE_WINDOW)

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const FeProblem *problem = data;
  FeRenderStyle style;
  fe_render_style_init (&style);
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  opts.caption = FALSE;
  fe_render_diagram (cr, problem, 0, 0, MIN (width, height), &style, &opts);
}

static char *
row_text (const FeerieAutosave *a)
{
  g_assert (a != NULL);
  g_autofree char *when = g_date_time_format (a->time, "%x %X");
  if (!a->problem)
    return g_strdup_printf (_("Saved automatically on %s — cannot be read: %s"), when, a->error);
  g_autofree char *caption = fe_render_caption (a->problem);
  if (a->problems->len > 1)
    /* Translators: a collection's autosave; %u is how many problems it holds. */
    return g_strdup_printf (_("Saved automatically on %s — %u problems, the first:\n%s"), when,
                            a->problems->len, caption);
  return g_strdup_printf (_("Saved automatically on %s\n%s"), when, caption);
}

static void
remove_row (FeerieRecoveryDialog *self, guint index)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->rows, (int) index);
  gtk_list_box_remove (self->rows, GTK_WIDGET (row));
  g_ptr_array_remove_index (self->autosaves, index);
  if (self->autosaves->len == 0)
    gtk_window_destroy (GTK_WINDOW (self));
}

/* Recovers or discards row `index`: the window recovered into, NULL when
 * discarded or refused (`error`). */
static GtkWindow *
choose (FeerieRecoveryDialog *self, guint index, gboolean recover, GError **error)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  g_assert (index < self->autosaves->len);
  FeerieAutosave *a = self->autosaves->pdata[index];
  GtkWindow *into = NULL;
  if (recover)
    {
      if (!a->problem)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, a->error);
          return NULL;
        }
      if (self->target && FEERIE_IS_WINDOW (self->target)
          && feerie_window_is_pristine (FEERIE_WINDOW (self->target)))
        into = self->target;
      else
        {
          into = GTK_WINDOW (feerie_window_new (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (into);
        }
      /* The window writes its own autosave first: the orphan is removed
       * only once the work is safe under the new owner. */
      GPtrArray *copies = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
      for (guint i = 0; i < a->problems->len; i++)
        g_ptr_array_add (copies, fe_problem_copy (a->problems->pdata[i]));
      if (!feerie_window_recover (FEERIE_WINDOW (into), copies, error))
        return NULL;
    }
  g_unlink (a->path);
  remove_row (self, index);
  return into;
}

static void
on_row_button (GtkButton *button, FeerieRecoveryDialog *self)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  gboolean recover = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "recover"));
  g_autoptr (GError) error = NULL;
  if (choose (self, (guint) gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)), recover, &error)
      || !recover || !error)
    return;
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                              _("Cannot recover the problem"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkWidget *
row_button (FeerieRecoveryDialog *self, const char *mnemonic, gboolean recover)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "recover", GINT_TO_POINTER (recover));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_row_button), self, 0);
  return button;
}

static GtkWidget *
make_row (FeerieRecoveryDialog *self, FeerieAutosave *a)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  GtkWidget *preview = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (preview), PREVIEW_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (preview), PREVIEW_SIZE);
  if (a->problem)
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (preview), draw_preview, a->problem, NULL);
  gtk_box_append (GTK_BOX (box), preview);
  g_autofree char *text = row_text (a);
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), row_button (self, _("_Discard"), FALSE));
  GtkWidget *recover = row_button (self, _("_Recover"), TRUE);
  gtk_widget_set_sensitive (recover, a->problem != NULL);
  gtk_widget_add_css_class (recover, "suggested-action");
  gtk_box_append (GTK_BOX (box), recover);
  return box;
}

FeerieRecoveryDialog *
feerie_recovery_dialog_new (GtkWindow *parent, GPtrArray *autosaves)
{
  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (autosaves != NULL, NULL);
  FeerieRecoveryDialog *self = g_object_new (FEERIE_TYPE_RECOVERY_DIALOG,
                                             "transient-for", parent,
                                             "application", gtk_window_get_application (parent),
                                             NULL);
  self->target = parent;
  g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->target);
  self->autosaves = g_ptr_array_ref (autosaves);
  for (guint i = 0; i < autosaves->len; i++)
    gtk_list_box_append (self->rows, make_row (self, autosaves->pdata[i]));
  return self;
}

FeerieRecoveryDialog *
feerie_recovery_dialog_offer (GtkWindow *parent)
{
  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_autoptr (GPtrArray) orphans = feerie_autosave_list_orphans ();
  if (orphans->len == 0)
    return NULL;
  FeerieRecoveryDialog *self = feerie_recovery_dialog_new (parent, orphans);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
on_later_clicked (FeerieRecoveryDialog *self)
{
  g_assert (FEERIE_IS_RECOVERY_DIALOG (self));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
feerie_recovery_dialog_dispose (GObject *object)
{
  FeerieRecoveryDialog *self = FEERIE_RECOVERY_DIALOG (object);
  if (self->target)
    g_object_remove_weak_pointer (G_OBJECT (self->target), (gpointer *) &self->target);
  self->target = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_RECOVERY_DIALOG);
  G_OBJECT_CLASS (feerie_recovery_dialog_parent_class)->dispose (object);
}

static void
feerie_recovery_dialog_finalize (GObject *object)
{
  FeerieRecoveryDialog *self = FEERIE_RECOVERY_DIALOG (object);
  g_clear_pointer (&self->autosaves, g_ptr_array_unref);
  G_OBJECT_CLASS (feerie_recovery_dialog_parent_class)->finalize (object);
}

static void
feerie_recovery_dialog_class_init (FeerieRecoveryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = feerie_recovery_dialog_dispose;
  object_class->finalize = feerie_recovery_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-recovery-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieRecoveryDialog, rows);
  gtk_widget_class_bind_template_callback (widget_class, on_later_clicked);
}

static void
feerie_recovery_dialog_init (FeerieRecoveryDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
