/* cmds-edit.c — feerie-test's commands that edit the problem: palette
 * drops, drags, fields, twins, saving, opening, dumping.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The script language is described in script.c; a command not found here
 * is looked for in cmds-view.c.
 */
#include "config.h"

#include <stdlib.h>

#include "harness.h"
#include "core/model/walk.h"
#include "io/popeye.h"
#include "io/problem-file.h"

/* "piece wKe1" lines of `pos`, each after `prefix` ("" or "target "). */
static void
describe_pieces (GString *s, const FePosition *pos, const char *prefix)
{
  static const char colours[] = "wbn";
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece piece = pos->board[sq];
      if (piece.walk == FE_WALK_NONE)
        continue;
      char name[3];
      fe_square_name (sq, name);
      g_string_append_printf (s, "%spiece %c%s%s", prefix, colours[piece.colour],
                              fe_walk_print_code (piece.walk), name);
      fe_attribute_append_names (s, piece.attrs);
      g_string_append_c (s, '\n');
    }
}

static char *
describe (const FeProblem *p)
{
  GString *s = g_string_new (NULL);
  static const char colours[] = "wbn";
  describe_pieces (s, &p->diagram, "");
  if (fe_problem_has_target (p))
    describe_pieces (s, &p->target, "target ");
  for (int i = 0; i < p->diagram.n_imitators; i++)
    {
      char name[3];
      fe_square_name (p->diagram.imitators[i], name);
      g_string_append_printf (s, "imitator %s %c\n", name, colours[p->diagram.imitator_colour[i]]);
    }
  g_autofree char *stip = fe_stipulation_to_string (&p->stipulation);
  g_string_append_printf (s, "stipulation %s\n", stip);
  if (p->unsupported_stipulation)
    g_string_append_printf (s, "unsupported-stipulation %s\n", p->unsupported_stipulation);
  /* Every registered condition: "condition madrasi rex-inclusive=1". */
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!fe_params_any (&p->conditions, id))
        continue;
      g_string_append_printf (s, "condition %s", cls->name);
      for (int k = 0; k < cls->n_params; k++)
        g_string_append_printf (s, " %s=%d", cls->params[k].name, p->conditions.v[id][k]);
      g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "set-play %d tries %d duplex %d\n", p->options.set_play,
                          p->options.tries, p->options.duplex);
  for (guint t = 1; t <= p->twins->len; t++)
    {
      g_autofree char *twin = fe_twin_describe (p, t);
      g_string_append_printf (s, "twin %s\n", twin);
    }
  for (guint i = 0; i < p->authors->len; i++)
    g_string_append_printf (s, "author %s\n", ((FeAuthor *) p->authors->pdata[i])->family);
  return g_string_free (s, FALSE);
}

/* Writes the screen position of a point of `widget` for xdotool: window
 * coordinates plus the surface offset (the window sits at the origin of
 * the Xvfb screen, with no window manager to move it). */
gboolean
harness_write_point (FeerieWindow *self, GtkWidget *widget, double x, double y, const char *path,
                     GError **error)
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

/* Every file a test saves is read back by the reader Open uses; it must
 * read exactly when the window did not warn that it would not (issue 12). */
static gboolean
read_back (FeerieWindow *self, const char *path, GError **error)
{
  g_autoptr (GError) read_error = NULL;
  if (g_str_has_suffix (path, ".fen"))
    return TRUE; /* FEN keeps the position only */
  g_autoptr (GPtrArray) problems = fe_problem_file_read (path, &read_error);
  const char *warned = self->reopen_error;
  if (problems && problems->len > 0 && !warned)
    return TRUE;
  if (!problems && warned)
    return TRUE; /* the window said so before saving */
  if (warned)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s reads back, yet the window warned: %s",
                   path, warned);
    }
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s does not read back: %s", path,
                 read_error ? read_error->message : "no problem in it");
  return FALSE;
}

gboolean
harness_answer (FeerieWindow *self, const char *answer, GError **error)
{
  int response = g_str_equal (answer, "save") ? GTK_RESPONSE_ACCEPT
                 : g_str_equal (answer, "discard") ? GTK_RESPONSE_REJECT
                 : g_str_equal (answer, "cancel") ? GTK_RESPONSE_CANCEL : GTK_RESPONSE_NONE;
  if (response == GTK_RESPONSE_NONE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "answer save, discard or cancel");
      return FALSE;
    }
  GListModel *tops = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (tops, i);
      if (GTK_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w))
          && gtk_window_get_transient_for (w) == GTK_WINDOW (self))
        {
          gtk_dialog_response (GTK_DIALOG (w), response);
          return TRUE;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no question asked over the window");
  return FALSE;
}

char *
harness_messages_text (FeerieWindow *self)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "title %s\n", gtk_window_get_title (GTK_WINDOW (self)));
  const char *status = gtk_inscription_get_text (self->status);
  g_string_append_printf (s, "status %s\n", status ? status : "");
  g_autofree char *caption = g_strdup (gtk_inscription_get_text (self->caption));
  g_strdelimit (caption, "\n", ' ');
  g_string_append_printf (s, "caption %s\n", caption);
  g_string_append_printf (s, "stipulation-field %s\n", gtk_editable_get_text (GTK_EDITABLE (self->stipulation_entry)));
  g_string_append_printf (s, "stipulation-error %d %s\n",
                          gtk_widget_has_css_class (GTK_WIDGET (self->stipulation_entry), "error"),
                          gtk_label_get_text (self->stipulation_error));
  g_string_append_printf (s, "twins-error %s\n", harness_twins_error (self->twins_editor));
  g_string_append_printf (s, "board-error %d\n", gtk_widget_has_css_class (GTK_WIDGET (self->board), "error"));
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
  return g_string_free (s, FALSE);
}

char *
harness_dump_text (FeerieWindow *self)
{
  g_autofree char *text = describe (self->problem);
  /* The pickers' switches as the window shows them. */
  GString *all = g_string_new (text);
  GActionGroup *pickers = feerie_condition_pane_get_actions (self->conditions);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const char *name = fe_condition_nth (id)->name;
      g_autoptr (GVariant) state = g_action_group_get_action_state (pickers, name);
      gboolean on = state && (g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN)
                              ? g_variant_get_boolean (state)
                              : strcmp (g_variant_get_string (state, NULL),
                                        fe_condition_nth (id)->params[0].xml_values
                                        ? fe_condition_nth (id)->params[0].xml_values[0] : "0") != 0);
      if (on)
        g_string_append_printf (all, "picker %s\n", name);
    }
  /* What the stipulation field explains (issue 21). */
  const char *tip = gtk_widget_get_tooltip_text (GTK_WIDGET (self->stipulation_entry));
  g_string_append_printf (all, "stipulation-tooltip %s\n", tip ? tip : "");
  /* The palette's tiles off (the problem refuses their pieces now). */
  g_string_append (all, "palette-off");
  for (int walk = 1; walk < FE_WALK_COUNT; walk++)
    if (!gtk_widget_get_sensitive (gtk_widget_get_parent (harness_palette_tile (self->palette, walk))))
      g_string_append_printf (all, " %s", fe_walk_print_code (walk));
  g_string_append_c (all, '\n');
  /* a=>b: which position the board shows (the toggle's state). */
  if (gtk_widget_get_visible (GTK_WIDGET (self->target_toggle)))
    g_string_append_printf (all, "board %s\n", self->showing_target ? "target" : "start");
  return g_string_free (all, FALSE);
}

gboolean
harness_command (FeerieWindow *self, char **argv, GError **error)
{
  int argc = g_strv_length (argv);
  const char *cmd = argv[0];
#define NEED(n)                                                                                    \
  do                                                                                               \
    {                                                                                              \
      if (argc < (n) + 1)                                                                          \
        {                                                                                          \
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs %d arguments",    \
                       cmd, n);                                                                    \
          return FALSE;                                                                            \
        }                                                                                          \
    }                                                                                              \
  while (0)
  if (g_str_equal (cmd, "palette-drop"))
    {
      NEED (4);
      FeColour colour = argv[1][0] == 'b' ? FE_BLACK : argv[1][0] == 'n' ? FE_NEUTRAL : FE_WHITE;
      const FeAttributeDesc *attribute = fe_attribute_lookup (argv[2]);
      uint8_t attrs = attribute ? attribute->bit : 0;
      int walk = harness_tile_walk (argv[3]);
      FeSquare sq = fe_square_parse (argv[4]);
      if (walk == HARNESS_NO_TILE || sq == FE_NO_SQUARE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "bad piece or square");
          return FALSE;
        }
      /* The palette builds the payload its drag source would carry. */
      harness_palette_select (self->palette, colour, attrs, walk);
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
      /* As typed, then Enter: one Féerie cannot solve is kept then. */
      gtk_editable_set_text (GTK_EDITABLE (self->stipulation_entry), argv[1]);
      g_signal_emit_by_name (self->stipulation_entry, "activate");
      return TRUE;
    }
  if (g_str_equal (cmd, "meta"))
    {
      NEED (2);
      g_autofree char *text = g_strjoinv (" ", argv + 2);
      return harness_metadata_type (self->metadata, argv[1], text)
             || (g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no field %s",
                              argv[1]),
                 FALSE);
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
  if (g_str_equal (cmd, "answer"))
    {
      NEED (1);
      return harness_answer (self, argv[1], error);
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
      harness_twins_type (self->twins_editor, text);
      return TRUE;
    }
  if (g_str_equal (cmd, "twin-pick"))
    {
      /* twin-pick OP [a=SQ] [b=SQ] [piece='white S'] [walks='r q'] [value=V]
       * [imitators=SQS] [cont] [refused] [no-add] */
      NEED (1);
      HarnessTwinPick pick = { argv[1], .add = TRUE };
      gboolean refused = FALSE;
      for (int i = 2; i < argc; i++)
        if (g_str_has_prefix (argv[i], "a="))
          pick.a = argv[i] + 2;
        else if (g_str_has_prefix (argv[i], "b="))
          pick.b = argv[i] + 2;
        else if (g_str_has_prefix (argv[i], "piece="))
          pick.piece = argv[i] + 6;
        else if (g_str_has_prefix (argv[i], "walks="))
          pick.walks = argv[i] + 6;
        else if (g_str_has_prefix (argv[i], "value="))
          pick.value = argv[i] + 6;
        else if (g_str_has_prefix (argv[i], "imitators="))
          pick.imitators = argv[i] + 10;
        else if (g_str_equal (argv[i], "cont"))
          pick.continued = TRUE;
        else if (g_str_equal (argv[i], "refused"))
          refused = TRUE;
        else if (g_str_equal (argv[i], "no-add"))
          pick.add = FALSE;
      if (!refused)
        return harness_twins_pick (self->twins_editor, &pick, error);
      /* The pickers must refuse it, saying why (in twins-show). */
      g_autoptr (GError) why = NULL;
      if (!harness_twins_pick (self->twins_editor, &pick, &why))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the pickers took it");
      return FALSE;
    }
  if (g_str_equal (cmd, "twin-remove") || g_str_equal (cmd, "locate-twin-button"))
    {
      /* twin-remove N: clicks row N's remove button (rows from 1);
       * locate-twin-button add|N PATH: where the Add button or row N's is */
      gboolean locate = g_str_equal (cmd, "locate-twin-button");
      NEED (locate ? 2 : 1);
      GtkWidget *button = harness_twins_button (
        self->twins_editor, g_str_equal (argv[1], "add") ? -1 : atoi (argv[1]) - 1);
      if (!button)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no button %s", argv[1]);
          return FALSE;
        }
      if (!locate)
        {
          g_signal_emit_by_name (button, "clicked");
          return TRUE;
        }
      return harness_write_point (self, button, gtk_widget_get_width (button) / 2.0,
                                  gtk_widget_get_height (button) / 2.0, argv[2], error);
    }
  if (g_str_equal (cmd, "twins-show"))
    {
      NEED (1);
      g_autofree char *text = harness_twins_describe (self->twins_editor);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "twin-lines-read"))
    {
      /* twin-lines-read PATH: how many twin lines were read so far */
      NEED (1);
      g_autofree char *text = g_strdup_printf ("%u\n", harness_twin_lines_read ());
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "messages"))
    {
      NEED (1);
      g_autofree char *text = harness_messages_text (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "dump"))
    {
      NEED (1);
      g_autofree char *text = harness_dump_text (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  return harness_view_command (self, argv, error);
#undef NEED
}
