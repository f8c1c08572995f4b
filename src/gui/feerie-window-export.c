/* feerie-window-export.c — the problem leaving the window: files by their
 * extension (Save As, Export), the clipboard, printing.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Save As and Export choose the format by the name's extension, through
 * io/problem-file.h (.xml, .inp, .fen …); .png .svg .pdf .tex make a
 * diagram.  The status line says what a format leaves out.  Ctrl+C
 * outside the text fields copies the diagram (PNG and SVG) with the
 * position as FEN text; Ctrl+V there pastes any problem text.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-window-private.h"
#include "io/fen.h"
#include "io/problem-file.h"
#include "io/xml.h"
#include "render/fe-render.h"

/* The whole problem on the clipboard, for another Féerie window: its
 * Féerie XML under a type of its own, beside the image and the FEN. */
#define PROBLEM_MIME_TYPE "application/x-feerie-problem+xml"

static gboolean
is_diagram (const char *name)
{
  const char *dot = strrchr (name, '.');
  return dot && (!g_ascii_strcasecmp (dot, ".png") || !g_ascii_strcasecmp (dot, ".svg")
                 || !g_ascii_strcasecmp (dot, ".pdf") || !g_ascii_strcasecmp (dot, ".tex"));
}

gboolean
feerie_window_write_problem (FeerieWindow *self, GFile *file, gboolean all_problems,
                             gboolean *adopt, char **lost, GError **error)
{
  g_autofree char *name = g_file_get_basename (file);
  /* A name without a problem-file extension is written as Féerie XML. */
  const FeFileFormat *format = fe_file_format_for_name (name);
  if (!format)
    format = &fe_xml_format;
  *adopt = (format->flags & FE_FORMAT_WHOLE_PROBLEM) != 0;
  g_autoptr (GPtrArray) problems = NULL;
  if (all_problems)
    problems = feerie_collection_dup_problems (feerie_document_get_collection (self->document));
  else
    {
      problems = g_ptr_array_new ();
      g_ptr_array_add (problems, self->problem);
    }
  g_autoptr (GPtrArray) losses = g_ptr_array_new_with_free_func (g_free);
  *lost = NULL;
  if (!fe_problem_file_save (file, format, problems, losses, error))
    return FALSE;
  if (losses->len)
    {
      /* The writer's warnings, as `feerie-cli convert` prints them. */
      g_ptr_array_add (losses, NULL);
      g_autofree char *said = g_strjoinv ("; ", (char **) losses->pdata);
      *lost = g_strdup_printf (_("Warning: %s"), said);
    }
  return TRUE;
}

gboolean
feerie_window_export_file (FeerieWindow *self, const char *path, gboolean caption, GError **error)
{
  if (!is_diagram (path))
    {
      /* A problem file: written, but the window keeps its own file. */
      g_autoptr (GFile) file = g_file_new_for_path (path);
      gboolean adopt;
      g_autofree char *lost = NULL;
      if (!feerie_window_write_problem (self, file, FALSE, &adopt, &lost, error))
        return FALSE;
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *msg = lost ? g_strdup_printf (_("Exported %s. %s"), name, lost)
                                  : g_strdup_printf (_("Exported %s."), name);
      feerie_window_show_status (self, msg);
      return TRUE;
    }
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  opts.caption = caption;
  if (!fe_render_export_full (self->problem, path, 480, feerie_board_view_get_style (self->board),
                              &opts, error))
    return FALSE;
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *msg = g_strdup_printf (_("Diagram exported to %s."), name);
  feerie_window_show_status (self, msg);
  return TRUE;
}

/* ---- clipboard ---------------------------------------------------------------- */

static void
copy_diagram_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const FeRenderStyle *style = feerie_board_view_get_style (self->board);
  GdkContentProvider *providers[4];
  int n = 0;
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, self->problem);
  g_autofree char *xml = fe_problem_text_write (&fe_xml_format, one, NULL);
  g_autoptr (GBytes) problem = g_bytes_new (xml, strlen (xml));
  providers[n++] = gdk_content_provider_new_for_bytes (PROBLEM_MIME_TYPE, problem);
  const char *formats[][2] = { { "png", "image/png" }, { "svg", "image/svg+xml" } };
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = fe_render_export_bytes (self->problem, formats[i][0], 480, style,
                                                         NULL, &error);
      if (bytes)
        providers[n++] = gdk_content_provider_new_for_bytes (formats[i][1], bytes);
      else
        g_warning ("copy: %s", error->message);
    }
  GValue fen = G_VALUE_INIT;
  g_value_init (&fen, G_TYPE_STRING);
  g_value_take_string (&fen, fe_fen_write (&self->problem->diagram));
  providers[n++] = gdk_content_provider_new_for_value (&fen);
  g_value_unset (&fen);
  GdkContentProvider *all = gdk_content_provider_new_union (providers, n);
  gdk_clipboard_set_content (gtk_widget_get_clipboard (GTK_WIDGET (self)), all);
  g_object_unref (all);
  feerie_window_show_status (
    self, _("Problem copied (the whole problem for Féerie, an image and the FEN "
             "for other programs)."));
}

static void
install_pasted (FeerieWindow *self, gpointer problem)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_window_set_unsaved_problem (self, fe_problem_copy (problem));
  feerie_window_show_status (self, _("Pasted problem: it is in no file yet."));
}

gboolean
feerie_window_paste_text (FeerieWindow *self, const char *given, GError **error)
{
  /* Read first: text that is no problem changes nothing and asks nothing. */
  const char *text = given ? given : "";
  g_autoptr (GPtrArray) problems
    = fe_problem_text_read (text, strlen (text), _("clipboard"), NULL, NULL, error);
  if (!problems)
    return FALSE;
  /* The pasted problem (a FEN: its position) is another document, as an
   * opened file is. */
  /* Translators: %s is the problem's file name or "Untitled problem". */
  feerie_window_ask_then (self, _("Save the changes to “%s” before pasting another problem?"),
                          feerie_then_new (install_pasted, g_ptr_array_steal_index (problems, 0),
                                           (GDestroyNotify) fe_problem_free));
  return TRUE;
}

static void
on_text_pasted (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  g_autofree char *text
    = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, &error);
  if (!text || !feerie_window_paste_text (self, text, &error))
    {
      g_autofree char *message = g_strdup_printf (
        _("Cannot paste: %s"), error ? error->message : _("the clipboard holds no text"));
      feerie_window_show_status (self, message);
    }
  g_object_unref (self);
}

static void
paste_failed (FeerieWindow *self, const GError *error)
{
  g_assert (FEERIE_IS_WINDOW (self));
  g_autofree char *message = g_strdup_printf (_("Cannot paste: %s"), error->message);
  feerie_window_show_status (self, message);
}

static void
on_problem_spliced (GObject *out, GAsyncResult *result, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  if (g_output_stream_splice_finish (G_OUTPUT_STREAM (out), result, &error) < 0)
    paste_failed (self, error);
  else
    {
      g_autoptr (GBytes) bytes
        = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
      g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      if (!feerie_window_paste_text (self, text, &error))
        paste_failed (self, error);
    }
  g_object_unref (self);
}

static void
on_problem_read (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) in
    = gdk_clipboard_read_finish (GDK_CLIPBOARD (clipboard), result, NULL, &error);
  if (!in)
    {
      paste_failed (self, error);
      g_object_unref (self);
      return;
    }
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_output_stream_splice_async (
    out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
    G_PRIORITY_DEFAULT, NULL, on_problem_spliced, self);
}

/* A problem another Féerie window copied comes whole (stipulation,
 * conditions, twins, metadata); any other text is read as a problem file. */
static void
paste_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (data));
  if (gdk_content_formats_contain_mime_type (gdk_clipboard_get_formats (clipboard),
                                             PROBLEM_MIME_TYPE))
    {
      const char *types[] = { PROBLEM_MIME_TYPE, NULL };
      gdk_clipboard_read_async (clipboard, types, G_PRIORITY_DEFAULT, NULL, on_problem_read,
                                g_object_ref (data));
    }
  else
    gdk_clipboard_read_text_async (clipboard, NULL, on_text_pasted, g_object_ref (data));
}

/* ---- printing ----------------------------------------------------------------- */

/* One page: the diagram with its caption, two thirds of the page wide, and
 * under it the solution the window shows (the last solve, unless the
 * position changed since), else the composer's solution text. */
static void
draw_page (GtkPrintOperation *op, GtkPrintContext *context, int page, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double w = gtk_print_context_get_width (context), h = gtk_print_context_get_height (context);
  double size = MIN (w, h) * 0.66;
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  const FeRenderStyle *style = feerie_board_view_get_style (self->board);
  double used = fe_render_diagram (cr, self->problem, (w - size) / 2, 0, size, style, &opts);
  g_autofree char *solved = self->solved && !self->solution_stale
                              ? fe_solution_to_text (self->solved) : NULL;
  gboolean blank = !solved || strspn (solved, " \t\r\n") == strlen (solved);
  const char *solution = blank ? self->problem->solution_text : solved;
  if (solution && *solution)
    {
      PangoLayout *layout = gtk_print_context_create_pango_layout (context);
      PangoFontDescription *font = pango_font_description_from_string ("DejaVu Sans Mono 9");
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      pango_layout_set_width (layout, (int) (size * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_text (layout, solution, -1);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, (w - size) / 2, used + 12);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
}

gboolean
feerie_window_print (FeerieWindow *self, const char *pdf_path, GError **error)
{
  GtkPrintOperation *op = gtk_print_operation_new ();
  gtk_print_operation_set_n_pages (op, 1);
  gtk_print_operation_set_job_name (op, _("Féerie diagram"));
  gtk_print_operation_set_embed_page_setup (op, TRUE);
  g_signal_connect_object (op, "draw-page", G_CALLBACK (draw_page), self, 0);
  GtkPrintOperationAction action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG;
  if (pdf_path)
    {
      /* Tests: the same drawing, into a PDF without a dialog. */
      gtk_print_operation_set_export_filename (op, pdf_path);
      action = GTK_PRINT_OPERATION_ACTION_EXPORT;
    }
  GtkPrintOperationResult result = gtk_print_operation_run (op, action, GTK_WINDOW (self), error);
  g_object_unref (op);
  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

static void
print_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  if (!feerie_window_print (self, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Cannot print: %s"), error->message);
      feerie_window_show_status (self, message);
    }
}

static const GActionEntry entries[] = {
  { "copy-diagram", copy_diagram_activated },
  { "paste", paste_activated },
  { "print", print_activated },
};

void
feerie_window_install_export_actions (FeerieWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  /* Ctrl+C / Ctrl+V on the window, in the bubble phase: a text field with
   * the focus handles them first (its own copy and paste), the board does
   * not, so there they copy the diagram and paste a position. */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>c"),
                      gtk_named_action_new ("win.copy-diagram")));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>v"),
                      gtk_named_action_new ("win.paste")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}
