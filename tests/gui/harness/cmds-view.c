/* cmds-view.c — feerie-test's other commands: solving, what the window
 * shows, settings, preferences, layout, files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The script language is described in script.c.
 */
#include "config.h"

#include <stdlib.h>

#include "harness.h"
#include "feerie-palette-private.h"
#include "core/model/walk.h"

/* The rightmost edge of `w`'s visible descendants, in `pane`'s coordinates. */
static double
right_edge (GtkWidget *w, GtkWidget *pane)
{
  double edge = 0;
  graphene_rect_t r;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c) && gtk_widget_compute_bounds (c, pane, &r))
      edge = MAX (edge, MAX (r.origin.x + r.size.width, right_edge (c, pane)));
  return edge;
}

/* "conditions MIN WIDTH RIGHT": the condition pane's minimum and given
 * widths and its content's right edge; "conditions-scroll UPPER PAGE":
 * the width its scrolled page holds and shows (equal: no sideways scroll). */
static void
describe_pane_fit (GtkWidget *pane, GString *out)
{
  int min;
  gtk_widget_measure (pane, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_string_append_printf (out, "conditions %d %d %.0f\n", min, gtk_widget_get_width (pane),
                          right_edge (pane, pane) + 0.5);
  /* The Problem page is a scrolled window by construction (feerie-window.ui). */
  GtkWidget *sw = gtk_widget_get_ancestor (pane, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (sw));
  g_string_append_printf (out, "conditions-scroll %.0f %.0f\n", gtk_adjustment_get_upper (h),
                          gtk_adjustment_get_page_size (h));
}

/* "caption-lines NEEDED SHOWN": the lines the caption's text takes at the
 * caption's width (wrapped as the inscription wraps it) and the lines its
 * height shows. */
static void
describe_caption_fit (GtkInscription *caption, GString *out)
{
  GtkWidget *w = GTK_WIDGET (caption);
  const char *text = gtk_inscription_get_text (caption);
  PangoLayout *layout = gtk_widget_create_pango_layout (w, text ? text : "");
  pango_layout_set_width (layout, gtk_widget_get_width (w) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  int needed = pango_layout_get_line_count (layout);
  PangoFontMetrics *metrics = pango_context_get_metrics (pango_layout_get_context (layout), NULL, NULL);
  int line = (pango_font_metrics_get_ascent (metrics) + pango_font_metrics_get_descent (metrics)) / PANGO_SCALE;
  g_string_append_printf (out, "caption-lines %d %d\n", needed, line > 0 ? gtk_widget_get_height (w) / line : 0);
  pango_font_metrics_unref (metrics);
  g_object_unref (layout);
}

/* "filter NAME", then "visible FILE" for each file of `folder` the
 * chooser's filter shows, as its list would. */
static void
describe_chooser_files (GtkFileChooser *chooser, GFile *folder, GString *out)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  g_string_append_printf (out, "filter %s\n", filter ? gtk_file_filter_get_name (filter) : "");
  g_autoptr (GFileEnumerator) files = folder ? g_file_enumerate_children (folder,
                                                                          G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME ","
                                                                          G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE ","
                                                                          G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                                                          G_FILE_QUERY_INFO_NONE, NULL, NULL)
                                             : NULL;
  GFileInfo *info;
  while (files && (info = g_file_enumerator_next_file (files, NULL, NULL)))
    {
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
          && (!filter || gtk_filter_match (GTK_FILTER (filter), info)))
        g_string_append_printf (out, "visible %s\n", g_file_info_get_display_name (info));
      g_object_unref (info);
    }
}

/* A window's natural, minimum and shown sizes ("natural W H" …). */
static gboolean
write_window_size (GtkWidget *w, const char *path, GError **error)
{
  int min_w, nat_w, min_h, nat_h;
  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h, NULL, NULL);
  g_autofree char *text = g_strdup_printf ("natural %d %d\nminimum %d %d\nshown %d %d\n", nat_w, nat_h, min_w,
                                           min_h, gtk_widget_get_width (w), gtk_widget_get_height (w));
  return g_file_set_contents (path, text, -1, error);
}

static GtkWidget *
pane_child (FeerieWindow *self, const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self->solution_view), FEERIE_TYPE_SOLUTION_VIEW,
                                                    name));
}

/* The Solution pane as shown: its lines of text, the rows' width, then a
 * line per row of the list ("row [selected] TEXT"; the rows on screen, in
 * their order). */
static char *
describe_pane (FeerieWindow *self)
{
  GString *s = g_string_new (NULL);
  static const char *const labels[] = { "reason", "over_label", "summary", "stale_label", "step" };
  for (gsize i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      GtkWidget *w = pane_child (self, labels[i]);
      g_autofree char *text = g_strdup (gtk_label_get_text (GTK_LABEL (w)));
      g_strdelimit (text, "\n", '|');
      g_string_append_printf (s, "%s %s\n", labels[i], gtk_widget_get_visible (w) ? text : "");
    }
  const char *progress = gtk_inscription_get_text (GTK_INSCRIPTION (pane_child (self, "progress")));
  g_string_append_printf (s, "progress %s\n", progress ? progress : "");
  /* "list-width UPPER PAGE": the width the rows take and the width shown
   * (more: a row is read only by scrolling sideways). */
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (pane_child (self, "scroller")));
  g_string_append_printf (s, "list-width %.0f %.0f\n", gtk_adjustment_get_upper (h), gtk_adjustment_get_page_size (h));
  GtkWidget *list = pane_child (self, "list");
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkLabel *label = gtk_widget_get_visible (row) ? GTK_LABEL (harness_find_widget (row, GTK_TYPE_LABEL)) : NULL;
      if (!label || !*gtk_label_get_text (label))
        continue;
      gboolean selected = gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED;
      /* The move, then its role's word when it has one: "1.Kg3-h2 !  key". */
      GString *text = g_string_new (gtk_label_get_text (label));
      for (GtkWidget *w = gtk_widget_get_next_sibling (GTK_WIDGET (label)); w; w = gtk_widget_get_next_sibling (w))
        if (GTK_IS_LABEL (w) && gtk_widget_get_visible (w) && *gtk_label_get_text (GTK_LABEL (w)))
          g_string_append_printf (text, "  %s", gtk_label_get_text (GTK_LABEL (w)));
      g_string_append_printf (s, "row%s %s\n", selected ? " selected" : "", text->str);
      g_string_free (text, TRUE);
      /* The colour the role's word is drawn in ("key" on a selected row
       * takes the row's own, to stay readable). */
      GtkWidget *word = gtk_widget_get_next_sibling (GTK_WIDGET (label));
      if (word && gtk_widget_get_visible (word))
        {
          GdkRGBA c;
          G_GNUC_BEGIN_IGNORE_DEPRECATIONS
          gtk_style_context_get_color (gtk_widget_get_style_context (word), &c);
          G_GNUC_END_IGNORE_DEPRECATIONS
          g_string_append_printf (s, "role-colour%s %s #%02x%02x%02x\n", selected ? " selected" : "",
                                  gtk_label_get_text (GTK_LABEL (word)), (int) (c.red * 255 + 0.5),
                                  (int) (c.green * 255 + 0.5), (int) (c.blue * 255 + 0.5));
        }
    }
  return g_string_free (s, FALSE);
}

static void
on_clipboard_text (GObject *clipboard, GAsyncResult *result, gpointer path)
{
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
  g_autofree char *formats = gdk_content_formats_to_string (gdk_clipboard_get_formats (GDK_CLIPBOARD (clipboard)));
  g_autofree char *all = g_strdup_printf ("formats %s\ntext %s\n", formats, text ? text : "");
  g_file_set_contents (path, all, -1, NULL);
  g_free (path);
}

/* A palette tile by its code in scripts (harness_tile_walk). */
static GtkWidget *
tile_by_code (FeerieWindow *self, const char *code, GError **error)
{
  int walk = harness_tile_walk (code);
  GtkWidget *tile = walk != HARNESS_NO_TILE ? harness_palette_tile (self->palette, walk) : NULL;
  if (!tile)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no tile “%s”", code);
  return tile;
}

gboolean
harness_view_command (FeerieWindow *self, char **argv, GError **error)
{
  int argc = g_strv_length (argv);
  const char *cmd = argv[0];
#define NEED(n) do { if (argc < (n) + 1) { g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs %d arguments", cmd, n); return FALSE; } } while (0)
  if (g_str_equal (cmd, "bus-info"))
    {
      NEED (1);
      GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
      GDBusConnection *bus = g_application_get_dbus_connection (app);
      if (!bus)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "not on the session bus");
          return FALSE;
        }
      g_autofree char *text = g_strdup_printf ("%s %s/window/%u\n", g_dbus_connection_get_unique_name (bus),
                                               g_application_get_dbus_object_path (app),
                                               gtk_application_window_get_id (GTK_APPLICATION_WINDOW (self)));
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "idle-gap"))
    {
      NEED (2);
      harness_probe_idle_gap ((guint) atoi (argv[1]), argv[2]);
      return TRUE;
    }
  if (g_str_equal (cmd, "page"))
    {
      NEED (1);
      gtk_notebook_set_current_page (self->notebook, atoi (argv[1]));
      return TRUE;
    }
  if (g_str_equal (cmd, "solve-log"))
    {
      NEED (1);
      harness_log_solves (self, argv[1]);
      return TRUE;
    }
  if (g_str_equal (cmd, "show"))
    {
      NEED (1);
      g_autofree char *text = harness_describe_display (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "chooser") || g_str_equal (cmd, "chooser-cancel"))
    {
      /* The file chooser on screen (the native one is a dialog without a
       * portal): its folder and name, or Cancel. */
      GtkWidget *chooser = NULL;
      GListModel *tops = gtk_window_get_toplevels ();
      for (guint i = 0; i < g_list_model_get_n_items (tops) && !chooser; i++)
        {
          g_autoptr (GtkWidget) w = g_list_model_get_item (tops, i);
          if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (w))
            chooser = w;
        }
      if (!chooser)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no file chooser on screen");
          return FALSE;
        }
      if (g_str_equal (cmd, "chooser-cancel"))
        {
          gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
          return TRUE;
        }
      NEED (1);
      g_autoptr (GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = folder ? g_file_get_path (folder) : NULL;
      g_autofree char *name = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE
                                ? gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser)) : NULL;
      GString *text = g_string_new (NULL);
      g_string_append_printf (text, "folder %s\nname %s\n", path ? path : "", name ? name : "");
      describe_chooser_files (GTK_FILE_CHOOSER (chooser), folder, text);
      gboolean ok = g_file_set_contents (argv[1], text->str, -1, error);
      g_string_free (text, TRUE);
      return ok;
    }
  if (g_str_equal (cmd, "shortcuts-size"))
    {
      /* The shortcuts window's natural and actual size (it must fit). */
      NEED (1);
      GListModel *tops = gtk_window_get_toplevels ();
      for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
        {
          g_autoptr (GtkWidget) w = g_list_model_get_item (tops, i);
          if (GTK_IS_SHORTCUTS_WINDOW (w) && gtk_widget_get_visible (w))
            return write_window_size (w, argv[1], error);
        }
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no shortcuts window");
      return FALSE;
    }
  if (g_str_equal (cmd, "preferences-size"))
    {
      NEED (1);
      GtkWidget *prefs = harness_preferences (error);
      return prefs && write_window_size (prefs, argv[1], error);
    }
  if (g_str_equal (cmd, "clipboard"))
    {
      /* The clipboard's formats and its text, into PATH once read. */
      NEED (1);
      gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, on_clipboard_text,
                                     g_strdup (argv[1]));
      return TRUE;
    }
  if (g_str_equal (cmd, "grab-focus"))
    {
      /* grab-focus stipulation|pieces|board: as a click there would */
      NEED (1);
      GtkWidget *w = g_str_equal (argv[1], "stipulation") ? GTK_WIDGET (self->stipulation_entry)
                     : g_str_equal (argv[1], "pieces") ? GTK_WIDGET (self->piece_entry)
                     : g_str_equal (argv[1], "board") ? GTK_WIDGET (self->board) : NULL;
      if (w && gtk_widget_grab_focus (w))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot focus “%s”", argv[1]);
      return FALSE;
    }
  if (g_str_equal (cmd, "pane"))
    {
      NEED (1);
      g_autofree char *text = describe_pane (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "select"))
    {
      NEED (1);
      if (harness_select_move (self, argv[1]))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no move “%s” in the solution", argv[1]);
      return FALSE;
    }
  if (g_str_equal (cmd, "locate"))
    {
      /* Window coordinates of a square's centre, for xdotool. */
      NEED (2);
      FeSquare sq = fe_square_parse (argv[1]);
      if (sq == FE_NO_SQUARE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot locate %s", argv[1]);
          return FALSE;
        }
      FeRenderGeometry geo;
      fe_render_geometry (gtk_widget_get_width (GTK_WIDGET (self->board)),
                          gtk_widget_get_height (GTK_WIDGET (self->board)),
                          feerie_board_view_get_style (self->board), &geo);
      return harness_write_point (self, GTK_WIDGET (self->board), geo.x0 + (FE_FILE (sq) + 0.5) * geo.sq,
                          geo.y0 + (7.5 - FE_RANK (sq)) * geo.sq, argv[2], error);
    }
  if (g_str_equal (cmd, "tile-info"))
    {
      /* tile-info CODE PATH: whether the tile shows, and its tooltip */
      NEED (2);
      GtkWidget *tile = tile_by_code (self, argv[1], error);
      if (!tile)
        return FALSE;
      const char *tip = gtk_widget_get_tooltip_text (tile);
      g_autofree char *text = g_strdup_printf ("visible %d\nsensitive %d\ntooltip %s\n",
                                               gtk_widget_get_visible (gtk_widget_get_parent (tile)),
                                               gtk_widget_get_sensitive (gtk_widget_get_parent (tile)),
                                               tip ? tip : "");
      return g_file_set_contents (argv[2], text, -1, error);
    }
  if (g_str_equal (cmd, "locate-tile"))
    {
      NEED (2);
      GtkWidget *tile = tile_by_code (self, argv[1], error);
      if (!tile)
        return FALSE;
      return harness_write_point (self, tile, gtk_widget_get_width (tile) / 2.0,
                          gtk_widget_get_height (tile) / 2.0, argv[2], error);
    }
  if (g_str_equal (cmd, "locate-widget"))
    {
      /* locate-widget NAME PATH: the centre of a widget by its name or
       * its action, for xdotool. */
      NEED (2);
      GtkWidget *widget = harness_find_named (GTK_WIDGET (self), argv[1]);
      if (!widget)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no widget “%s” shows", argv[1]);
          return FALSE;
        }
      return harness_write_point (self, widget, gtk_widget_get_width (widget) / 2.0,
                                  gtk_widget_get_height (widget) / 2.0, argv[2], error);
    }
  if (g_str_equal (cmd, "palette-mode"))
    {
      NEED (2);
      FeColour colour = argv[1][0] == 'b' ? FE_BLACK : argv[1][0] == 'n' ? FE_NEUTRAL : FE_WHITE;
      const FeAttributeDesc *attribute = fe_attribute_lookup (argv[2]);
      uint8_t attrs = attribute ? attribute->bit : 0;
      harness_palette_select (self->palette, colour, attrs, FE_WALK_KING);
      feerie_palette_clear_selection (self->palette);
      return TRUE;
    }
  if (g_str_equal (cmd, "setting"))
    {
      NEED (2);
      if (!self->settings)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no GSettings schema");
          return FALSE;
        }
      g_autofree char *value = g_strjoinv (" ", argv + 2);
      g_autoptr (GVariant) current = g_settings_get_value (self->settings, argv[1]);
      if (g_variant_is_of_type (current, G_VARIANT_TYPE_INT32))
        return g_settings_set_int (self->settings, argv[1], atoi (value));
      return g_settings_set_string (self->settings, argv[1], value);
    }
  if (g_str_equal (cmd, "style"))
    {
      NEED (1);
      const FeRenderStyle *st = feerie_board_view_get_style (self->board);
      g_autofree char *text = g_strdup_printf ("font %s\npalette-font %s\nlight #%02x%02x%02x\n"
                                               "dark #%02x%02x%02x\n", st->font_family,
                                               self->palette->font_family,
                                               (int) (st->light[0] * 255 + 0.5), (int) (st->light[1] * 255 + 0.5),
                                               (int) (st->light[2] * 255 + 0.5), (int) (st->dark[0] * 255 + 0.5),
                                               (int) (st->dark[1] * 255 + 0.5), (int) (st->dark[2] * 255 + 0.5));
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "paste-file"))
    {
      /* What Ctrl+V does with the clipboard's text, from a file. */
      NEED (1);
      g_autofree char *text = NULL;
      if (!g_file_get_contents (argv[1], &text, NULL, error))
        return FALSE;
      return feerie_window_paste_text (self, text, error);
    }
  if (g_str_equal (cmd, "print"))
    {
      NEED (1);
      return feerie_window_print (self, argv[1], error);
    }
  if (g_str_equal (cmd, "export"))
    {
      NEED (1);
      return feerie_window_export_file (self, argv[1], TRUE, error);
    }
  if (g_str_equal (cmd, "app-action"))
    {
      NEED (1);
      GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
      if (!g_action_group_has_action (G_ACTION_GROUP (app), argv[1]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no action app.%s", argv[1]);
          return FALSE;
        }
      g_action_group_activate_action (G_ACTION_GROUP (app), argv[1], NULL);
      return TRUE;
    }
  if (g_str_equal (cmd, "prefs-font"))
    {
      NEED (1);
      GtkWidget *prefs = harness_preferences (error);
      g_autofree char *family = g_strjoinv (" ", argv + 1);
      if (!prefs)
        return FALSE;
      if (harness_preferences_font (prefs, family))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "font “%s” not offered", family);
      return FALSE;
    }
  if (g_str_equal (cmd, "prefs-colour"))
    {
      NEED (2);
      GtkWidget *prefs = harness_preferences (error);
      if (!prefs)
        return FALSE;
      if (harness_preferences_colour (prefs, argv[1], argv[2]))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "bad colour “%s”", argv[2]);
      return FALSE;
    }
  if (g_str_equal (cmd, "palette-selection"))
    {
      NEED (1);
      const char *sel = feerie_palette_get_selection (self->palette);
      g_autofree char *text = g_strdup_printf ("%s\n", sel ? sel : "none");
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "focus"))
    {
      /* Where the keyboard focus is: a palette tile, or another widget. */
      NEED (1);
      int walk = harness_palette_focused_walk (self->palette);
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
      g_autofree char *text = walk > 0 ? g_strdup_printf ("palette-tile %s %d\n", fe_walk_print_code (walk), walk)
                              : walk == IMITATOR_TILE ? g_strdup ("palette-tile I 0\n")
                              : walk == MONOCHROME_IMITATOR_TILE ? g_strdup ("palette-tile IM -1\n")
                              : g_strdup_printf ("other %s\n", focus ? G_OBJECT_TYPE_NAME (focus) : "none");
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "window-size"))
    {
      NEED (2);
      gtk_window_set_default_size (GTK_WINDOW (self), atoi (argv[1]), atoi (argv[2]));
      return TRUE;
    }
  if (g_str_equal (cmd, "layout"))
    {
      NEED (1);
      int min_w, min_h, nat;
      gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, -1, &min_h, &nat, NULL, NULL);
      g_autofree char *text = g_strdup_printf ("minimum %d %d\nwindow %d %d\nboard %d %d\n", min_w, min_h,
                                               gtk_widget_get_width (GTK_WIDGET (self)),
                                               gtk_widget_get_height (GTK_WIDGET (self)),
                                               gtk_widget_get_width (GTK_WIDGET (self->board)),
                                               gtk_widget_get_height (GTK_WIDGET (self->board)));
      GString *out = g_string_new (text);
      /* The minimum widths of the header bar and the content's columns:
       * what keeps the window from shrinking. */
      GtkWidget *parts[] = { gtk_window_get_titlebar (GTK_WINDOW (self)), gtk_window_get_child (GTK_WINDOW (self)) };
      for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
        for (GtkWidget *c = parts[i] ? gtk_widget_get_first_child (parts[i]) : NULL; c; c = gtk_widget_get_next_sibling (c))
          {
            int m;
            gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &m, NULL, NULL, NULL);
            g_string_append_printf (out, "part %s %s %d\n", i ? "content" : "titlebar", G_OBJECT_TYPE_NAME (c), m);
          }
      describe_pane_fit (GTK_WIDGET (self->conditions), out);
      describe_caption_fit (self->caption, out);
      /* "list-right X": the collection's list ends at X on the screen (0:
       * hidden); "palette shown|hidden" (the list takes its place in a
       * narrow window). */
      graphene_rect_t list;
      double sx, sy;
      gtk_native_get_surface_transform (GTK_NATIVE (self), &sx, &sy);
      gboolean listed = gtk_widget_get_visible (GTK_WIDGET (self->collection_view))
                        && gtk_widget_compute_bounds (GTK_WIDGET (self->collection_view), GTK_WIDGET (self), &list);
      g_string_append_printf (out, "list-right %d\npalette %s\n", listed ? (int) (list.origin.x + list.size.width + sx) : 0,
                              gtk_widget_get_visible (self->palette_column) ? "shown" : "hidden");
      /* "tabs-shown N M": of the notebook's M tabs, N show (the others
       * are behind its scroll arrows). */
      int shown = 0, n_pages = gtk_notebook_get_n_pages (self->notebook);
      for (int i = 0; i < n_pages; i++)
        {
          GtkWidget *tab = gtk_notebook_get_tab_label (self->notebook, gtk_notebook_get_nth_page (self->notebook, i));
          graphene_rect_t r, header;
          GtkWidget *notebook = GTK_WIDGET (self->notebook);
          if (tab && gtk_widget_get_child_visible (gtk_widget_get_parent (tab))
              && gtk_widget_compute_bounds (tab, notebook, &r)
              && gtk_widget_compute_bounds (notebook, notebook, &header)
              && r.origin.x >= 0 && r.origin.x + r.size.width <= header.size.width)
            shown++;
        }
      g_string_append_printf (out, "tabs-shown %d %d\n", shown, n_pages);
      for (int i = 0; i < gtk_notebook_get_n_pages (self->notebook); i++)
        {
          int m;
          gtk_widget_measure (gtk_notebook_get_nth_page (self->notebook, i), GTK_ORIENTATION_HORIZONTAL, -1, &m,
                              NULL, NULL, NULL);
          g_string_append_printf (out, "page %d %d\n", i, m);
        }
      gboolean ok = g_file_set_contents (argv[1], out->str, -1, error);
      g_string_free (out, TRUE);
      return ok;
    }
  if (g_str_equal (cmd, "touch"))
    {
      NEED (1);
      return g_file_set_contents (argv[1], "", 0, error);
    }
  if (g_str_equal (cmd, "quit"))
    {
      g_application_quit (g_application_get_default ());
      return TRUE;
    }
  return harness_collection_command (self, argv, error);
#undef NEED
}
