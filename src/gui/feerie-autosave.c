/* feerie-autosave.c — one autosave file per window and document, and the
 * recovery of those whose process is gone.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file name carries the owner's process id (PID-SERIAL.xml), so a
 * window never touches another window's autosave, and at start only the
 * files of processes that no longer run are offered: a second Féerie
 * running at the same time keeps its own.  A reused PID hides an orphan
 * until that process ends; it is never deleted by mistake.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-autosave.h"
#include "feerie-window.h"
#include "io/xml.h"
#include "io/problem-file.h"
#include "render/fe-render.h"

static char *
autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "feerie", "autosave", NULL);
}

char *
feerie_autosave_new_path (void)
{
  static guint serial;
  g_autofree char *dir = autosave_dir ();
  g_autofree char *name = g_strdup_printf ("%ld-%u.xml", (long) getpid (), ++serial);
  return g_build_filename (dir, name, NULL);
}

gboolean
feerie_autosave_write (const char *path, const FeProblem *problem, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GPtrArray) problems = g_ptr_array_new ();
  g_ptr_array_add (problems, (gpointer) problem);
  return fe_problem_file_save (file, &fe_xml_format, problems, NULL, error);
}

void
feerie_autosave_free (FeerieAutosave *autosave)
{
  if (!autosave)
    return;
  g_free (autosave->path);
  g_clear_pointer (&autosave->time, g_date_time_unref);
  g_clear_pointer (&autosave->problem, fe_problem_free);
  g_free (autosave->error);
  g_free (autosave);
}

static gboolean
process_alive (GPid pid)
{
  return pid == getpid () || kill (pid, 0) == 0 || errno == EPERM;
}

static int
by_time (gconstpointer a, gconstpointer b)
{
  const FeerieAutosave *x = *(FeerieAutosave *const *) a, *y = *(FeerieAutosave *const *) b;
  return g_date_time_compare (x->time, y->time);
}

GPtrArray *
feerie_autosave_list_orphans (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) feerie_autosave_free);
  g_autofree char *dir = autosave_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      char *end = NULL;
      long pid = strtol (name, &end, 10);
      if (pid <= 0 || end == name || *end != '-' || !g_str_has_suffix (name, ".xml")
          || process_alive ((GPid) pid))
        continue; /* not an autosave (e.g. a temporary file), or still owned */
      FeerieAutosave *a = g_new0 (FeerieAutosave, 1);
      a->path = g_build_filename (dir, name, NULL);
      a->pid = (GPid) pid;
      GStatBuf st;
      a->time = g_stat (a->path, &st) == 0 ? g_date_time_new_from_unix_local (st.st_mtime)
                                           : g_date_time_new_now_local ();
      g_autoptr (GFile) file = g_file_new_for_path (a->path);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) problems = fe_problem_file_load (file, NULL, &error);
      if (problems && problems->len > 0)
        a->problem = g_ptr_array_steal_index (problems, 0);
      else
        a->error = g_strdup (error ? error->message : _("The file holds no problem."));
      g_ptr_array_add (list, a);
    }
  g_ptr_array_sort (list, by_time);
  return list;
}

/* ---- the recovery window ------------------------------------------------ */

typedef struct {
  GtkWindow *window;      /* the recovery window */
  GtkWindow *parent;      /* weak: the window to recover into while empty */
  GtkListBox *rows;
  GPtrArray *autosaves;   /* of FeerieAutosave, in the rows' order */
} Recovery;

static void
recovery_free (Recovery *r)
{
  if (r->parent)
    g_object_remove_weak_pointer (G_OBJECT (r->parent), (gpointer *) &r->parent);
  g_ptr_array_unref (r->autosaves);
  g_free (r);
}

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
  g_autofree char *when = g_date_time_format (a->time, "%x %X");
  if (!a->problem)
    return g_strdup_printf (_("Saved automatically on %s — cannot be read: %s"), when, a->error);
  g_autofree char *caption = fe_render_caption (a->problem);
  return g_strdup_printf (_("Saved automatically on %s\n%s"), when, caption);
}

static void
remove_row (Recovery *r, guint index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (r->rows, (int) index);
  gtk_list_box_remove (r->rows, GTK_WIDGET (row));
  g_ptr_array_remove_index (r->autosaves, index);
  if (r->autosaves->len == 0)
    gtk_window_destroy (r->window);
}

static GtkWindow *
choose (Recovery *r, guint index, gboolean recover, GError **error)
{
  if (index >= r->autosaves->len)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no autosave %u", index);
      return NULL;
    }
  FeerieAutosave *a = r->autosaves->pdata[index];
  GtkWindow *into = NULL;
  if (recover)
    {
      if (!a->problem)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", a->error);
          return NULL;
        }
      GtkApplication *app = gtk_window_get_application (r->window);
      if (r->parent && FEERIE_IS_WINDOW (r->parent) && feerie_window_is_pristine (FEERIE_WINDOW (r->parent)))
        into = r->parent;
      else
        {
          into = GTK_WINDOW (feerie_window_new (app));
          gtk_window_present (into);
        }
      /* The window writes its own autosave first: the orphan is removed
       * only once the work is safe under the new owner. */
      if (!feerie_window_recover (FEERIE_WINDOW (into), fe_problem_copy (a->problem), error))
        return NULL;
    }
  g_unlink (a->path);
  remove_row (r, index);
  return into;
}

static void
on_row_button (GtkButton *button, Recovery *r)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  gboolean recover = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "recover"));
  g_autoptr (GError) error = NULL;
  if (!choose (r, (guint) gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)), recover, &error)
      && recover && error)
    {
      GtkWidget *dialog = gtk_message_dialog_new (r->window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                  GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                                  _("Cannot recover the problem"));
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
      g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static GtkWidget *
make_row (Recovery *r, FeerieAutosave *a)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  /* What the row offers, for whoever reads the rows (tests). */
  g_object_set_data (G_OBJECT (box), "feerie-autosave", a);
  GtkWidget *preview = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (preview), 96);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (preview), 96);
  if (a->problem)
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (preview), draw_preview, a->problem, NULL);
  gtk_box_append (GTK_BOX (box), preview);
  g_autofree char *text = row_text (a);
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  GtkWidget *discard = gtk_button_new_with_mnemonic (_("_Discard"));
  gtk_widget_set_valign (discard, GTK_ALIGN_CENTER);
  g_signal_connect (discard, "clicked", G_CALLBACK (on_row_button), r);
  gtk_box_append (GTK_BOX (box), discard);
  GtkWidget *recover = gtk_button_new_with_mnemonic (_("_Recover"));
  gtk_widget_set_valign (recover, GTK_ALIGN_CENTER);
  gtk_widget_set_sensitive (recover, a->problem != NULL);
  gtk_widget_add_css_class (recover, "suggested-action");
  g_object_set_data (G_OBJECT (recover), "recover", GINT_TO_POINTER (TRUE));
  g_signal_connect (recover, "clicked", G_CALLBACK (on_row_button), r);
  gtk_box_append (GTK_BOX (box), recover);
  return box;
}

GtkWindow *
feerie_recovery_offer (GtkWindow *parent)
{
  g_autoptr (GPtrArray) orphans = feerie_autosave_list_orphans ();
  if (orphans->len == 0)
    return NULL;
  Recovery *r = g_new0 (Recovery, 1);
  r->autosaves = g_ptr_array_ref (orphans);
  r->parent = parent;
  g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &r->parent);
  r->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (r->window, _("Recover Unsaved Problems"));
  gtk_window_set_transient_for (r->window, parent);
  gtk_window_set_application (r->window, gtk_window_get_application (parent));
  gtk_window_set_default_size (r->window, 560, -1);
  g_object_set_data_full (G_OBJECT (r->window), "feerie-recovery", r, (GDestroyNotify) recovery_free);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  GtkWidget *intro = gtk_label_new (_("Féerie did not close properly. These problems were not saved; "
                                      "each is kept until you recover or discard it."));
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_box_append (GTK_BOX (box), intro);
  GtkWidget *scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll), 420);
  r->rows = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (r->rows, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (r->rows), "boxed-list");
  for (guint i = 0; i < orphans->len; i++)
    gtk_list_box_append (r->rows, make_row (r, orphans->pdata[i]));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (r->rows));
  gtk_box_append (GTK_BOX (box), scroll);
  GtkWidget *later = gtk_button_new_with_mnemonic (_("Decide _Later"));
  gtk_widget_set_halign (later, GTK_ALIGN_END);
  g_signal_connect_swapped (later, "clicked", G_CALLBACK (gtk_window_destroy), r->window);
  gtk_box_append (GTK_BOX (box), later);
  gtk_window_set_child (r->window, box);
  gtk_window_present (r->window);
  return r->window;
}
