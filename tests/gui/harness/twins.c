/* twins.c — a script's hands on the Twins page, through its instance
 * (feerie-twins-editor-private.h): the pickers set as a user sets them and
 * Add clicked, the text typed, a row's remove button clicked, the rows
 * read back with their previews.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "harness.h"
#include "feerie-twin-picker-private.h"
#include "feerie-twins-editor-private.h"
#include "core/model/walk.h"

/* The index of walk `code` in the pickers' walk lists, or -1. */
static int
walk_index (const char *code)
{
  int walk = code ? fe_walk_from_code (code) : FE_WALK_NONE;
  return walk == FE_WALK_NONE ? -1 : walk - FE_WALK_KING;
}

/* Sets a parameter in the picker's condition pane as its check or radio
 * button does: `setting` is an action of the pane, "madrasi" (on) or
 * "einstein=reverse" (a value's name). */
static gboolean
pick_condition (FeerieTwinPicker *picker, const char *setting, GError **error)
{
  GActionGroup *actions = feerie_condition_pane_get_actions (picker->condition_pane);
  g_auto (GStrv) parts = g_strsplit (setting, "=", 2);
  g_autoptr (GVariant) state = g_action_group_get_action_state (actions, parts[0]);
  if (!state)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no condition “%s”", parts[0]);
      return FALSE;
    }
  if (g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN))
    g_action_group_change_action_state (
      actions, parts[0], g_variant_new_boolean (!parts[1] || !g_str_equal (parts[1], "false")));
  else
    g_action_group_change_action_state (actions, parts[0],
                                        g_variant_new_string (parts[1] ? parts[1] : ""));
  return TRUE;
}

/* Every condition switch of the picker off, as its buttons turn them off. */
static void
clear_conditions (FeerieTwinPicker *picker)
{
  GActionGroup *actions = feerie_condition_pane_get_actions (picker->condition_pane);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (cls->attribute_only || !fe_params_on (&picker->picked, id))
        continue;
      const FeConditionParamDesc *d = &cls->params[0];
      g_action_group_change_action_state (
        actions, cls->name,
        d->type == FE_PARAM_BOOL ? g_variant_new_boolean (FALSE)
                                 : g_variant_new_string (d->xml_values ? d->xml_values[0] : "0"));
    }
}

gboolean
harness_twins_pick (FeerieTwinsEditor *self, const HarnessTwinPick *pick, GError **error)
{
  FeerieTwinPicker *picker = self->picker;
  int kind = -1;
  for (int k = 0; k < FE_TWIN_N_KINDS; k++)
    if (g_ascii_strcasecmp (pick->op, fe_twin_kinds[k].popeye) == 0)
      kind = k;
  if (kind < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no operation “%s”", pick->op);
      return FALSE;
    }
  gtk_drop_down_set_selected (picker->op, (guint) kind);
  gtk_editable_set_text (GTK_EDITABLE (picker->square_a), pick->a ? pick->a : "");
  gtk_editable_set_text (GTK_EDITABLE (picker->square_b), pick->b ? pick->b : "");
  if (pick->piece)
    {
      /* "white [magic …] S": the colour, its attributes, the walk's code. */
      g_auto (GStrv) words = g_strsplit (pick->piece, " ", -1);
      guint n = g_strv_length (words);
      guint colour = g_ascii_strncasecmp (words[0], "b", 1) == 0   ? 1
                     : g_ascii_strncasecmp (words[0], "n", 1) == 0 ? 2
                                                                    : 0;
      int walk = n > 1 ? walk_index (words[n - 1]) : -1;
      if (walk < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no piece “%s”",
                       pick->piece);
          return FALSE;
        }
      gtk_drop_down_set_selected (picker->colour, colour);
      gtk_drop_down_set_selected (picker->walk, (guint) walk);
      for (int i = 0; i < picker->n_attributes; i++)
        {
          gboolean on = FALSE;
          for (guint w = 1; w + 1 < n; w++)
            on |= g_str_equal (words[w], fe_attribute_nth (i)->name);
          gtk_check_button_set_active (picker->attributes[i], on);
        }
    }
  if (pick->walks)
    {
      /* "r q": the walk replaced, the walk put instead. */
      g_auto (GStrv) codes = g_strsplit (pick->walks, " ", 2);
      int from = walk_index (codes[0]), to = walk_index (codes[1]);
      if (from < 0 || to < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no walks “%s”",
                       pick->walks);
          return FALSE;
        }
      gtk_drop_down_set_selected (picker->walk, (guint) from);
      gtk_drop_down_set_selected (picker->walk_to, (guint) to);
    }
  const char *value = pick->value ? pick->value : "";
  if (kind == FE_TWIN_ROTATE)
    gtk_drop_down_set_selected (picker->rotation, (guint) (atoi (value) / 90 - 1));
  else if (kind == FE_TWIN_MIRROR)
    {
      for (guint i = 0; i < FE_N_MIRRORS; i++)
        if (g_str_equal (value, fe_mirror_axes[i].popeye))
          gtk_drop_down_set_selected (picker->mirror, i);
    }
  else if (kind == FE_TWIN_CONDITION)
    {
      /* "madrasi einstein=reverse": the pane's settings, from none. */
      clear_conditions (picker);
      g_auto (GStrv) settings = g_strsplit (value, " ", -1);
      for (int i = 0; settings[i]; i++)
        if (*settings[i] && !pick_condition (picker, settings[i], error))
          return FALSE;
      gtk_editable_set_text (GTK_EDITABLE (picker->imitators),
                             pick->imitators ? pick->imitators : "");
    }
  else
    gtk_editable_set_text (GTK_EDITABLE (picker->stipulation), value);
  gtk_check_button_set_active (picker->continued, pick->continued);
  if (!pick->add)
    return TRUE;
  /* As a click on Add does (activating it would click 250 ms later). */
  g_signal_emit_by_name (picker->add, "clicked");
  const char *msg = feerie_twin_picker_get_error (picker);
  if (*msg)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", msg);
      return FALSE;
    }
  return TRUE;
}

void
harness_twins_type (FeerieTwinsEditor *self, const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text), text, -1);
}

GtkWidget *
harness_twins_button (FeerieTwinsEditor *self, int row_index)
{
  if (row_index < 0)
    return GTK_WIDGET (self->picker->add);
  feerie_twins_editor_check_pending (self);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, row_index);
  if (!row)
    return NULL;
  /* Its trash button: the last child of the row's heading box. */
  GtkWidget *box = gtk_list_box_row_get_child (row);
  GtkWidget *text = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
  GtkWidget *button = gtk_widget_get_last_child (gtk_widget_get_first_child (text));
  return GTK_IS_BUTTON (button) ? button : NULL;
}

const char *
harness_twins_error (FeerieTwinsEditor *self)
{
  feerie_twins_editor_check_pending (self);
  return gtk_label_get_text (self->error);
}

char *
harness_twins_describe (FeerieTwinsEditor *self)
{
  feerie_twins_editor_check_pending (self);
  GString *s = g_string_new (NULL);
  static const char colours[] = "wbn";
  int shown = 0;
  for (GtkWidget *r = gtk_widget_get_first_child (GTK_WIDGET (self->list)); r;
       r = gtk_widget_get_next_sibling (r))
    shown += GTK_IS_LIST_BOX_ROW (r);
  g_string_append_printf (s, "rows %d\n", shown);
  g_string_append_printf (s, "pick-error %s\n", feerie_twin_picker_get_error (self->picker));
  for (guint i = 0; i < self->rows->len; i++)
    {
      const FeerieTwinRow *row = self->rows->pdata[i];
      if (row->error)
        g_string_append_printf (s, "twin %s error: %s — %s\n", row->label ? row->label : "?",
                                row->line, row->error);
      else
        g_string_append_printf (s, "twin %s ok: %s — %s\n", row->label, row->line,
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
          g_string_append_printf (s, " %c%s%s", colours[p.colour], fe_walk_print_code (p.walk),
                                  name);
        }
      g_string_append_c (s, '\n');
    }
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_autofree char *escaped = g_strescape (text, NULL);
  g_string_append_printf (s, "text %s\n", escaped);
  return g_string_free (s, FALSE);
}

/* Every twin line the editor reads goes through here (the harness is
 * linked with --wrap=fe_popeye_read_twin_line), so a script can tell
 * which edits read lines again. */
static guint n_twin_lines_read;

FeTwin *
__wrap_fe_popeye_read_twin_line (const FeProblem *problem, const char *line, GError **error)
{
  n_twin_lines_read++;
  return __real_fe_popeye_read_twin_line (problem, line, error);
}

guint
harness_twin_lines_read (void)
{
  return n_twin_lines_read;
}
