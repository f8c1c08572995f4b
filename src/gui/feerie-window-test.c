/* feerie-window-test.c — the test hook: FEERIE_TEST_SCRIPT runs commands
 * through the same code paths as the user's gestures.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One command a line, run 150 ms apart so the window draws in between:
 *   palette-drop COLOUR KIND WALK SQ   (w|b|n, plain|magic|magician, code)
 *   drag FROM TO | drag-copy FROM TO | drag-off SQ | click SQ
 *   pieces TEXT | stipulation TEXT | state ACTION VALUE | action ACTION [PARAM]
 *   meta FIELD TEXT   (typed into a metadata field: title, authors, source…)
 *   save PATH | open PATH | dump PATH | touch PATH | wait MS | quit
 *   wait-file PATH   (until another process creates PATH; fails after 60 s)
 *   locate SQ PATH   (window coordinates of the square's centre, for xdotool)
 *   locate-tile CODE PATH (the same for a palette tile; I = the imitator)
 *   palette-mode COLOUR KIND   (the palette's toggles, nothing selected)
 *   setting KEY VALUE | style PATH | export PATH | print PDF | app-action ACTION
 *   paste-file PATH    (its text pasted as Ctrl+V pastes FEN or Popeye input)
 *   prefs-font FAMILY | prefs-colour light|dark #RRGGBB   (in Preferences)
 *   delay MS   (between commands from now on)
 *   check-ids  (fails unless every piece has its own non-zero id)
 *   messages PATH   (the status line, the twins' error and the message dialogs)
 *   twins TEXT   (typed into the Twins box; "\n" separates lines)
 *   twin-pick OP [a=SQ] [b=SQ] [piece='white S'] [value=V] [cont] [refused] [no-add]
 *                (the Twins page's pickers set so, then its Add button;
 *                "refused": the pickers must refuse it; "no-add": not clicked)
 *   locate-twin-button add|N PATH (the Add button, row N's remove button)
 *   twin-remove N   (the remove button of the Twins page's row N, from 1)
 *   twins-show PATH (the Twins page's rows, errors, preview boards, text)
 *   bus-info PATH   (D-Bus unique name and the window's object path)
 *   solve-log PATH  (each solve appends "started" / "finished …" with the
 *                    main loop's longest pause and Stop's latency)
 *   wait-solve      (until the solve running ends; fails after 60 s)
 *   show PATH       (the board displayed, playback step, solve state, summary)
 *   select TEXT     (plays back the first move whose text starts so)
 *   page N          (shows page N of the side notebook; 3 = Solution)
 *   idle-gap MS PATH (the main loop's longest pause over MS ms with no
 *                    solve: the machine's own noise, for comparison)
 *   window-new      (opens another window, numbered 2, 3 …, and acts on it)
 *   window N        (commands act on window N from now on; 1 = the first)
 *   window-close N  (closes window N as its close button does)
 *   recovery PATH   (the recovery window's rows, "none" without one)
 *   recovery-choose N recover|discard  (row N from 1; a recovered problem's
 *                    window is numbered next and acted on)
 *   autosave-path PATH (this window's autosave file, "none" before one)
 *   window-size W H (the window's size, as a window manager would set it)
 *   layout PATH     (the window's minimum and current size, the board's size)
 *   palette-selection PATH (the palette's chosen tile as a payload, or "none")
 *   focus PATH      (the keyboard focus: "palette-tile CODE" or "other TYPE")
 * A failing command is logged with its line number and ends the app with
 * status 1, so a test can tell a broken hook from a broken check.
 */

#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <glib/gstdio.h>

#include "feerie-window-private.h"
#include "feerie-application.h"
#include "feerie-autosave.h"
#include "feerie-preferences.h"
#include "core/walk.h"
#include "io/popeye.h"
#include "io/xml.h"

typedef struct {
  FeerieWindow *window;  /* the window commands act on */
  GApplication *app;
  int n_windows;         /* windows made by window-new, numbered from 2 */
  char **lines;
  int next;
  guint delay;
  char *awaited;   /* wait-file: the path looked for */
  gboolean awaiting_solve;
  int polls;
} Script;

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

typedef struct {
  gint64 last, max, end;
  char *path;
} GapProbe;

static gboolean
gap_probe_tick (gpointer data)
{
  GapProbe *g = data;
  gint64 now = g_get_monotonic_time ();
  if (g->last)
    g->max = MAX (g->max, now - g->last);
  g->last = now;
  if (now < g->end)
    return G_SOURCE_CONTINUE;
  g_autofree char *text = g_strdup_printf ("idle max-gap-ms=%.1f\n", g->max / 1000.0);
  g_file_set_contents (g->path, text, -1, NULL);
  g_free (g->path);
  g_free (g);
  return G_SOURCE_REMOVE;
}

static void
script_free (Script *script)
{
  g_strfreev (script->lines);
  g_free (script->awaited);
  g_object_unref (script->window);
  g_object_unref (script->app);
  g_free (script);
}

static char *
describe (const FeProblem *p)
{
  GString *s = g_string_new (NULL);
  static const char colours[] = "wbn";
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece piece = p->diagram.board[sq];
      if (piece.walk == FE_WALK_NONE)
        continue;
      char name[3];
      fe_square_name (sq, name);
      g_string_append_printf (s, "piece %c%s%s%s\n", colours[piece.colour],
                              fe_walk_print_code (piece.walk), name,
                              (piece.attrs & FE_ATTR_MAGIC) ? " magic"
                              : (piece.attrs & FE_ATTR_MAGICIAN) ? " magician" : "");
    }
  for (int i = 0; i < p->diagram.n_imitators; i++)
    {
      char name[3];
      fe_square_name (p->diagram.imitators[i], name);
      g_string_append_printf (s, "imitator %s %c\n", name, colours[p->diagram.imitator_colour[i]]);
    }
  g_autofree char *stip = fe_stipulation_to_string (&p->stipulation);
  g_string_append_printf (s, "stipulation %s\n", stip);
  const FeConditionParams *c = &p->conditions;
  g_string_append_printf (s, "madrasi %d rex-inclusive %d imitator %d no-promotion %d "
                          "magic %d magician %d einstein %d\n",
                          c->FE_P_MADRASI, c->FE_P_MADRASI_REX_INCLUSIVE, c->FE_P_IMITATOR, c->FE_P_IMITATOR_NO_PROMOTION,
                          c->FE_P_MAGIC, c->FE_P_MAGICIAN, c->FE_P_EINSTEIN);
  g_string_append_printf (s, "set-play %d tries %d duplex %d\n", p->options.set_play,
                          p->options.tries, p->options.duplex);
  for (guint i = 0; i < p->authors->len; i++)
    g_string_append_printf (s, "author %s\n", ((FeAuthor *) p->authors->pdata[i])->family);
  return g_string_free (s, FALSE);
}

/* Writes the screen position of a point of `widget` for xdotool: window
 * coordinates plus the surface offset (the window sits at the origin of
 * the Xvfb screen, with no window manager to move it). */
static gboolean
write_point (FeerieWindow *self, GtkWidget *widget, double x, double y, const char *path, GError **error)
{
  graphene_point_t in = GRAPHENE_POINT_INIT ((float) x, (float) y), out;
  double nx, ny;
  if (!gtk_widget_compute_point (widget, GTK_WIDGET (self), &in, &out))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot locate the point");
      return FALSE;
    }
  gtk_native_get_surface_transform (GTK_NATIVE (self), &nx, &ny);
  g_autofree char *text = g_strdup_printf ("%d %d\n", (int) (out.x + nx), (int) (out.y + ny));
  return g_file_set_contents (path, text, -1, error);
}

static FeeriePreferences *
preferences (FeerieWindow *self, GError **error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GtkWindow *prefs = feerie_application_get_preferences (FEERIE_APPLICATION (app));
  if (!prefs)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "the Preferences window is not open");
  return prefs ? FEERIE_PREFERENCES (prefs) : NULL;
}

/* Every file a test saves is read back by the reader Open uses; it must
 * read exactly when the window did not warn that it would not (issue 12). */
static gboolean
read_back (FeerieWindow *self, const char *path, GError **error)
{
  g_autoptr (GError) read_error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  if (g_str_has_suffix (path, ".xml"))
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      problems = fe_xml_load (file, &read_error);
    }
  else if (g_str_has_suffix (path, ".inp"))
    problems = fe_popeye_read_file (path, &read_error);
  else
    return TRUE; /* FEN keeps the position only */
  const char *warned = feerie_window_get_reopen_error (self);
  if (problems && problems->len > 0 && !warned)
    return TRUE;
  if (!problems && warned)
    return TRUE; /* the window said so before saving */
  if (warned)
    {
      if (g_str_has_suffix (path, ".inp"))
        return TRUE; /* the warning is about the XML reader */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s reads back, yet the window warned: %s", path, warned);
    }
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s does not read back: %s", path,
                 read_error ? read_error->message : "no problem in it");
  return FALSE;
}

static gboolean
run_command (FeerieWindow *self, char **argv, GError **error)
{
  int argc = g_strv_length (argv);
  const char *cmd = argv[0];
#define NEED(n) do { if (argc < (n) + 1) { g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs %d arguments", cmd, n); return FALSE; } } while (0)
  if (g_str_equal (cmd, "palette-drop"))
    {
      NEED (4);
      FeColour colour = argv[1][0] == 'b' ? FE_BLACK : argv[1][0] == 'n' ? FE_NEUTRAL : FE_WHITE;
      uint8_t attrs = g_str_equal (argv[2], "magic") ? FE_ATTR_MAGIC
                      : g_str_equal (argv[2], "magician") ? FE_ATTR_MAGICIAN : 0;
      int walk = g_ascii_strcasecmp (argv[3], "i") == 0 ? 0 : fe_walk_from_code (argv[3]);
      FeSquare sq = fe_square_parse (argv[4]);
      if ((walk == FE_WALK_NONE && g_ascii_strcasecmp (argv[3], "i") != 0) || sq == FE_NO_SQUARE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "bad piece or square");
          return FALSE;
        }
      /* The palette builds the payload its drag source would carry. */
      feerie_palette_select (self->palette, colour, attrs, walk);
      g_autofree char *payload = g_strdup (feerie_palette_get_selection (self->palette));
      feerie_palette_clear_selection (self->palette);
      g_signal_emit_by_name (self->board, "payload-dropped", payload, (guint) sq, FALSE);
      return TRUE;
    }
  if (g_str_equal (cmd, "drag") || g_str_equal (cmd, "drag-copy"))
    {
      NEED (2);
      g_autofree char *payload = g_strdup_printf ("square:%u", fe_square_parse (argv[1]));
      g_signal_emit_by_name (self->board, "payload-dropped", payload,
                             (guint) fe_square_parse (argv[2]), g_str_equal (cmd, "drag-copy"));
      return TRUE;
    }
  if (g_str_equal (cmd, "drag-off"))
    {
      NEED (1);
      g_signal_emit_by_name (self->board, "dragged-off", (guint) fe_square_parse (argv[1]));
      return TRUE;
    }
  if (g_str_equal (cmd, "click"))
    {
      NEED (1);
      g_signal_emit_by_name (self->board, "square-activated", (guint) fe_square_parse (argv[1]),
                             (guint) GDK_BUTTON_PRIMARY);
      return TRUE;
    }
  if (g_str_equal (cmd, "pieces"))
    {
      NEED (1);
      g_autofree char *text = g_strjoinv (" ", argv + 1);
      return feerie_window_enter_pieces (self, text, error);
    }
  if (g_str_equal (cmd, "stipulation"))
    {
      NEED (1);
      gtk_editable_set_text (GTK_EDITABLE (self->stipulation_entry), argv[1]);
      return TRUE;
    }
  if (g_str_equal (cmd, "meta"))
    {
      NEED (2);
      g_autofree char *text = g_strjoinv (" ", argv + 2);
      return feerie_metadata_pane_type (self->metadata, argv[1], text)
             || (g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no field %s", argv[1]), FALSE);
    }
  if (g_str_equal (cmd, "state"))
    {
      NEED (2);
      g_autoptr (GVariant) value = g_variant_parse (NULL, argv[2], NULL, NULL, error);
      if (!value)
        return FALSE;
      g_action_group_change_action_state (G_ACTION_GROUP (self), argv[1], value);
      return TRUE;
    }
  if (g_str_equal (cmd, "action"))
    {
      NEED (1);
      g_autoptr (GVariant) param = NULL;
      if (argc > 2 && !(param = g_variant_parse (NULL, argv[2], NULL, NULL, error)))
        return FALSE;
      g_action_group_activate_action (G_ACTION_GROUP (self), argv[1], param);
      return TRUE;
    }
  if (g_str_equal (cmd, "save"))
    {
      NEED (1);
      g_autoptr (GFile) file = g_file_new_for_path (argv[1]);
      return feerie_window_save_to (self, file, error) && read_back (self, argv[1], error);
    }
  if (g_str_equal (cmd, "open"))
    {
      NEED (1);
      g_autoptr (GFile) file = g_file_new_for_path (argv[1]);
      return feerie_window_open_file (self, file, error);
    }
  if (g_str_equal (cmd, "check-ids"))
    {
      gboolean seen[256] = { FALSE };
      for (int i = 0; i < 64; i++)
        {
          FePiece p = self->problem->diagram.board[FE_SQ88 (i)];
          if (p.walk == FE_WALK_NONE)
            continue;
          if (p.id == 0 || seen[p.id])
            {
              char name[3];
              fe_square_name (FE_SQ88 (i), name);
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the piece on %s has id %d, "
                           "%s", name, p.id, p.id ? "which another piece has" : "no id");
              return FALSE;
            }
          seen[p.id] = TRUE;
        }
      return TRUE;
    }
  if (g_str_equal (cmd, "twins"))
    {
      NEED (1);
      g_autofree char *text = g_strcompress (argv[1]);
      feerie_twins_editor_set_text (self->twins_editor, text);
      return TRUE;
    }
  if (g_str_equal (cmd, "twin-pick"))
    {
      /* twin-pick OP [a=SQ] [b=SQ] [piece='white S'] [value=V] [cont] */
      NEED (1);
      const char *a = NULL, *b = NULL, *piece = NULL, *value = NULL;
      gboolean cont = FALSE, refused = FALSE, add = TRUE;
      for (int i = 2; i < argc; i++)
        if (g_str_has_prefix (argv[i], "a="))
          a = argv[i] + 2;
        else if (g_str_has_prefix (argv[i], "b="))
          b = argv[i] + 2;
        else if (g_str_has_prefix (argv[i], "piece="))
          piece = argv[i] + 6;
        else if (g_str_has_prefix (argv[i], "value="))
          value = argv[i] + 6;
        else if (g_str_equal (argv[i], "cont"))
          cont = TRUE;
        else if (g_str_equal (argv[i], "refused"))
          refused = TRUE;
        else if (g_str_equal (argv[i], "no-add"))
          add = FALSE;
      if (!refused)
        return feerie_twins_editor_pick (self->twins_editor, argv[1], a, b, piece, value, cont, add, error);
      /* The pickers must refuse it, saying why (in twins-show). */
      g_autoptr (GError) why = NULL;
      if (!feerie_twins_editor_pick (self->twins_editor, argv[1], a, b, piece, value, cont, TRUE, &why))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the pickers took it");
      return FALSE;
    }
  if (g_str_equal (cmd, "twin-remove"))
    {
      NEED (1);
      if (feerie_twins_editor_remove_row (self->twins_editor, (guint) atoi (argv[1]) - 1))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no twin row %s", argv[1]);
      return FALSE;
    }
  if (g_str_equal (cmd, "locate-twin-button"))
    {
      /* locate-twin-button add|N PATH: the Add button or row N's remove button */
      NEED (2);
      GtkWidget *button = feerie_twins_editor_get_button (self->twins_editor,
                                                          g_str_equal (argv[1], "add") ? -1 : atoi (argv[1]) - 1);
      if (!button)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no button %s", argv[1]);
          return FALSE;
        }
      return write_point (self, button, gtk_widget_get_width (button) / 2.0,
                          gtk_widget_get_height (button) / 2.0, argv[2], error);
    }
  if (g_str_equal (cmd, "twins-show"))
    {
      NEED (1);
      g_autofree char *text = feerie_twins_editor_describe (self->twins_editor);
      g_autofree char *typed = feerie_twins_editor_get_text (self->twins_editor);
      g_autofree char *escaped = g_strescape (typed, NULL);
      g_autofree char *all = g_strdup_printf ("%stext %s\n", text, escaped);
      return g_file_set_contents (argv[1], all, -1, error);
    }
  if (g_str_equal (cmd, "messages"))
    {
      NEED (1);
      GString *s = g_string_new (NULL);
      g_string_append_printf (s, "title %s\n", gtk_window_get_title (GTK_WINDOW (self)));
      g_string_append_printf (s, "status %s\n", gtk_label_get_text (self->status));
      g_autofree char *caption = g_strdup (gtk_label_get_text (self->caption));
      g_strdelimit (caption, "\n", ' ');
      g_string_append_printf (s, "caption %s\n", caption);
      g_string_append_printf (s, "twins-error %s\n", feerie_twins_editor_get_error (self->twins_editor));
      g_string_append_printf (s, "board-error %d\n", feerie_board_view_get_error (self->board));
      GListModel *tops = gtk_window_get_toplevels ();
      for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
        {
          g_autoptr (GtkWindow) w = g_list_model_get_item (tops, i);
          if (!GTK_IS_MESSAGE_DIALOG (w) || !gtk_widget_get_visible (GTK_WIDGET (w))
              || gtk_window_get_transient_for (w) != GTK_WINDOW (self))
            continue;
          g_autofree char *text = NULL, *secondary = NULL;
          g_object_get (w, "text", &text, "secondary-text", &secondary, NULL);
          g_string_append_printf (s, "dialog %s | %s\n", text, secondary ? secondary : "");
        }
      gboolean ok = g_file_set_contents (argv[1], s->str, -1, error);
      g_string_free (s, TRUE);
      return ok;
    }
  if (g_str_equal (cmd, "dump"))
    {
      NEED (1);
      g_autofree char *text = describe (self->problem);
      return g_file_set_contents (argv[1], text, -1, error);
    }
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
      GapProbe *g = g_new0 (GapProbe, 1);
      g->end = g_get_monotonic_time () + atoi (argv[1]) * (gint64) 1000;
      g->path = g_strdup (argv[2]);
      g_timeout_add (5, gap_probe_tick, g);
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
      g_free (self->solve_log);
      self->solve_log = g_strdup (argv[1]);
      return TRUE;
    }
  if (g_str_equal (cmd, "show"))
    {
      NEED (1);
      g_autofree char *text = feerie_window_describe_display (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "select"))
    {
      NEED (1);
      if (feerie_window_select_move (self, argv[1]))
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
      return write_point (self, GTK_WIDGET (self->board), geo.x0 + (FE_FILE (sq) + 0.5) * geo.sq,
                          geo.y0 + (7.5 - FE_RANK (sq)) * geo.sq, argv[2], error);
    }
  if (g_str_equal (cmd, "locate-tile"))
    {
      NEED (2);
      int walk = g_ascii_strcasecmp (argv[1], "i") == 0 ? 0 : fe_walk_from_code (argv[1]);
      GtkWidget *tile = (walk != FE_WALK_NONE || g_ascii_strcasecmp (argv[1], "i") == 0)
                        ? feerie_palette_get_tile (self->palette, walk) : NULL;
      if (!tile)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no tile “%s”", argv[1]);
          return FALSE;
        }
      return write_point (self, tile, gtk_widget_get_width (tile) / 2.0,
                          gtk_widget_get_height (tile) / 2.0, argv[2], error);
    }
  if (g_str_equal (cmd, "palette-mode"))
    {
      NEED (2);
      FeColour colour = argv[1][0] == 'b' ? FE_BLACK : argv[1][0] == 'n' ? FE_NEUTRAL : FE_WHITE;
      uint8_t attrs = g_str_equal (argv[2], "magic") ? FE_ATTR_MAGIC
                      : g_str_equal (argv[2], "magician") ? FE_ATTR_MAGICIAN : 0;
      feerie_palette_select (self->palette, colour, attrs, FE_WALK_KING);
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
                                               feerie_palette_get_font (self->palette),
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
      return feerie_window_export_to (self, argv[1], error);
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
      FeeriePreferences *prefs = preferences (self, error);
      g_autofree char *family = g_strjoinv (" ", argv + 1);
      if (!prefs)
        return FALSE;
      if (feerie_preferences_choose_font (prefs, family))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "font “%s” not offered", family);
      return FALSE;
    }
  if (g_str_equal (cmd, "prefs-colour"))
    {
      NEED (2);
      FeeriePreferences *prefs = preferences (self, error);
      if (!prefs)
        return FALSE;
      if (feerie_preferences_choose_colour (prefs, argv[1], argv[2]))
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
      int walk = feerie_palette_get_focused_walk (self->palette);
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
      g_autofree char *text = walk > 0 ? g_strdup_printf ("palette-tile %s %d\n", fe_walk_print_code (walk), walk)
                              : walk == 0 ? g_strdup ("palette-tile I 0\n")
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
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "unknown command “%s”", cmd);
  return FALSE;
#undef NEED
}

static gboolean script_step (gpointer data);

static FeerieWindow *
numbered_window (Script *script, int number, GError **error)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (script->app)); l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data)
        && GPOINTER_TO_INT (g_object_get_data (l->data, "feerie-test-number")) == number)
      return l->data;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no open window %d", number);
  return NULL;
}

/* window-new, window N, window-close N: TRUE when argv was one of them
 * (*ok then tells whether it worked). */
static gboolean
window_command (Script *script, char **argv, gboolean *ok, GError **error)
{
  *ok = TRUE;
  if (g_str_equal (argv[0], "window-new"))
    {
      FeerieWindow *window = feerie_window_new (GTK_APPLICATION (script->app));
      g_object_set_data (G_OBJECT (window), "feerie-test-number", GINT_TO_POINTER (++script->n_windows));
      gtk_window_present (GTK_WINDOW (window));
      g_set_object (&script->window, window);
      return TRUE;
    }
  if (g_str_equal (argv[0], "recovery") || g_str_equal (argv[0], "recovery-choose"))
    {
      GtkWindow *recovery = NULL;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (script->app)); l; l = l->next)
        if (g_object_get_data (l->data, "feerie-recovery"))
          recovery = l->data;
      if (!argv[1] || (g_str_equal (argv[0], "recovery-choose") && !argv[2]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s: missing arguments", argv[0]);
          *ok = FALSE;
        }
      else if (g_str_equal (argv[0], "recovery"))
        {
          g_autofree char *text = recovery ? feerie_recovery_describe (recovery) : g_strdup ("none\n");
          *ok = g_file_set_contents (argv[1], text, -1, error);
        }
      else if (!recovery)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no recovery window");
          *ok = FALSE;
        }
      else
        {
          gboolean recover = g_str_equal (argv[2], "recover");
          GtkWindow *into = feerie_recovery_choose (recovery, (guint) atoi (argv[1]) - 1, recover, error);
          *ok = !recover || into;
          if (into)
            {
              if (!g_object_get_data (G_OBJECT (into), "feerie-test-number"))
                g_object_set_data (G_OBJECT (into), "feerie-test-number", GINT_TO_POINTER (++script->n_windows));
              g_set_object (&script->window, FEERIE_WINDOW (into));
            }
        }
      return TRUE;
    }
  if (g_str_equal (argv[0], "autosave-path"))
    {
      const char *path = feerie_window_get_autosave_path (script->window);
      g_autofree char *text = g_strdup_printf ("%s\n", path ? path : "none");
      *ok = argv[1] && g_file_set_contents (argv[1], text, -1, error);
      return TRUE;
    }
  if (!g_str_equal (argv[0], "window") && !g_str_equal (argv[0], "window-close"))
    return FALSE;
  FeerieWindow *window = argv[1] ? numbered_window (script, atoi (argv[1]), error) : NULL;
  if (!window)
    {
      if (!argv[1])
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs a number", argv[0]);
      *ok = FALSE;
      return TRUE;
    }
  if (g_str_equal (argv[0], "window"))
    g_set_object (&script->window, window);
  else
    gtk_window_close (GTK_WINDOW (window));
  return TRUE;
}

/* Polls for the file of a wait-file command, 10 times a second. */
static gboolean
script_poll (gpointer data)
{
  Script *script = data;
  if (script->awaiting_solve ? script->window->job == NULL : g_file_test (script->awaited, G_FILE_TEST_EXISTS))
    {
      script->awaiting_solve = FALSE;
      g_clear_pointer (&script->awaited, g_free);
      return script_step (script);
    }
  if (++script->polls < 600)
    return G_SOURCE_CONTINUE;
  g_printerr ("feerie: test script: %s did not appear\n", script->awaiting_solve ? "the end of the solve" : script->awaited);
  g_object_set_data (G_OBJECT (script->app), "feerie-test-failed", GINT_TO_POINTER (1));
  g_application_quit (script->app);
  script_free (script);
  return G_SOURCE_REMOVE;
}

static gboolean
script_step (gpointer data)
{
  Script *script = data;
  while (script->lines[script->next])
    {
      int line = ++script->next;
      char *text = g_strstrip (script->lines[line - 1]);
      if (!*text || *text == '#')
        continue;
      g_auto (GStrv) argv = NULL;
      g_autoptr (GError) error = NULL;
      gboolean ok = FALSE;
      if (!g_shell_parse_argv (text, NULL, &argv, &error))
        ;
      else if (g_str_equal (argv[0], "wait"))
        {
          g_timeout_add_full (G_PRIORITY_DEFAULT, argv[1] ? atoi (argv[1]) : 500, script_step, script,
                              NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "delay") && argv[1])
        {
          script->delay = (guint) atoi (argv[1]);
          continue;
        }
      else if (g_str_equal (argv[0], "wait-solve"))
        {
          script->awaiting_solve = TRUE;
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "wait-file") && argv[1])
        {
          script->awaited = g_strdup (argv[1]);
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (window_command (script, argv, &ok, &error) ? ok : run_command (script->window, argv, &error))
        {
          g_message ("script line %d: %s", line, text);
          if (g_str_equal (argv[0], "quit"))
            {
              script_free (script);
              return G_SOURCE_REMOVE;
            }
          g_timeout_add_full (G_PRIORITY_DEFAULT, script->delay, script_step, script, NULL);
          return G_SOURCE_REMOVE;
        }
      g_printerr ("feerie: test script line %d (%s): %s\n", line, text,
                  error ? error->message : "failed");
      g_object_set_data (G_OBJECT (script->app), "feerie-test-failed", GINT_TO_POINTER (1));
      g_application_quit (script->app);
      script_free (script);
      return G_SOURCE_REMOVE;
    }
  script_free (script);
  return G_SOURCE_REMOVE;
}

void
feerie_window_run_script (FeerieWindow *self, const char *path)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("feerie: %s\n", error->message);
      return;
    }
  Script *script = g_new0 (Script, 1);
  script->window = g_object_ref (self);
  script->app = G_APPLICATION (g_object_ref (gtk_window_get_application (GTK_WINDOW (self))));
  script->n_windows = 1;
  g_object_set_data (G_OBJECT (self), "feerie-test-number", GINT_TO_POINTER (1));
  script->lines = g_strsplit (text, "\n", -1);
  script->delay = 150;
  g_timeout_add_full (G_PRIORITY_DEFAULT, 800, script_step, script, NULL);
}
