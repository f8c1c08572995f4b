/* feerie-twin-picker.c — the Twins page's pickers: the drop-down of
 * twinning commands (the core's fe_twin_kinds) and the fields each kind
 * takes, from which Add builds one FeTwinCommand: a new twin.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of FeerieTwinsEditor (feerie-twins-editor.c), which checks the new
 * twin as it checks every other.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-twins-editor-private.h"
#include "feerie-walk-names.h"
#include "core/model/walk.h"
#include "io/file-error.h"
#include "io/popeye.h"

static void
set_strings (GtkDropDown *drop_down, GtkStringList *strings)
{
  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (strings));
  gtk_drop_down_set_expression (
    drop_down, gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
}

void
feerie_twins_editor_init_pickers (FeerieTwinsEditor *self)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  g_autoptr (GtkStringList) kinds = gtk_string_list_new (NULL);
  for (int kind = 0; kind < FE_TWIN_N_KINDS; kind++)
    gtk_string_list_append (kinds, _(fe_twin_kinds[kind].label));
  set_strings (self->op, kinds);
  g_autoptr (GtkStringList) walks = gtk_string_list_new (NULL);
  for (int walk = FE_WALK_KING; walk < FE_WALK_COUNT; walk++)
    {
      g_autofree char *name
        = g_strdup_printf ("%s (%s)", feerie_walk_name (walk), fe_walk_print_code (walk));
      gtk_string_list_append (walks, name);
    }
  set_strings (self->walk, walks);
  set_strings (self->walk_to, walks);
  g_autoptr (GtkStringList) axes = gtk_string_list_new (NULL);
  for (int axis = 0; axis < FE_N_MIRRORS; axis++)
    gtk_string_list_append (axes, fe_mirror_axes[axis].label);
  set_strings (self->mirror, axes);
  feerie_twins_editor_on_op_changed (self);
}

static FeTwinOperands
picked_operands (FeerieTwinsEditor *self)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  guint kind = gtk_drop_down_get_selected (self->op);
  return kind < FE_TWIN_N_KINDS ? fe_twin_kinds[kind].operands : 0;
}

void
feerie_twins_editor_on_op_changed (FeerieTwinsEditor *self)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  FeTwinOperands takes = picked_operands (self);
  gtk_widget_set_visible (GTK_WIDGET (self->square_a), takes & FE_TWIN_TAKES_SQUARE);
  gtk_widget_set_visible (GTK_WIDGET (self->square_b), takes & FE_TWIN_TAKES_SECOND);
  gtk_widget_set_visible (GTK_WIDGET (self->colour), takes & FE_TWIN_TAKES_PIECE);
  gtk_widget_set_visible (GTK_WIDGET (self->walk),
                          takes & (FE_TWIN_TAKES_PIECE | FE_TWIN_TAKES_WALKS));
  gtk_widget_set_visible (GTK_WIDGET (self->walk_to), takes & FE_TWIN_TAKES_WALKS);
  gtk_widget_set_visible (GTK_WIDGET (self->rotation), takes & FE_TWIN_TAKES_ROTATION);
  gtk_widget_set_visible (GTK_WIDGET (self->mirror), takes & FE_TWIN_TAKES_MIRROR);
  gtk_widget_set_visible (GTK_WIDGET (self->value),
                          takes & (FE_TWIN_TAKES_STIPULATION | FE_TWIN_TAKES_CONDITIONS));
  gtk_entry_set_placeholder_text (self->square_a,
                                  takes & FE_TWIN_TAKES_SECOND ? _("from") : _("square"));
  gtk_entry_set_placeholder_text (self->value, takes & FE_TWIN_TAKES_CONDITIONS ? _("e.g. Madrasi")
                                                                                : _("e.g. #3"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->walk), takes & FE_TWIN_TAKES_WALKS
                                                          ? _("Pieces replaced")
                                                          : _("Piece added"));
  /* Hidden flow box children still take a place: hide them too. */
  GtkWidget *pickers = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (self->op)));
  for (GtkWidget *c = gtk_widget_get_first_child (pickers); c; c = gtk_widget_get_next_sibling (c))
    gtk_widget_set_visible (
      c, gtk_widget_get_visible (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c))));
  gtk_label_set_text (self->pick_error, "");
}

void
feerie_twins_editor_on_square_changed (FeerieTwinsEditor *self, GtkEditable *entry)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  const char *t = gtk_editable_get_text (entry);
  if (*t && fe_square_parse (t) == FE_NO_SQUARE)
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
}

/* The square of an entry, or an error naming the field. */
static gboolean
entry_square (GtkEntry *entry, FeSquare *out, GError **error)
{
  g_assert (GTK_IS_ENTRY (entry));
  g_autofree char *t = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  *out = fe_square_parse (t);
  if (*out != FE_NO_SQUARE && strlen (t) == 2)
    return TRUE;
  gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  if (*t)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s” is not a square (like e4)"),
                 t);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Give the square (like e4)"));
  return FALSE;
}

static int
picked_walk (GtkDropDown *walks)
{
  g_assert (GTK_IS_DROP_DOWN (walks));
  int walk = (int) gtk_drop_down_get_selected (walks) + FE_WALK_KING;
  return walk > FE_WALK_NONE && walk < FE_WALK_COUNT ? walk : FE_WALK_KING;
}

/* The conditions typed in the value field: Popeye's words, read as the
 * words of a "condition" twinning command in the problem's context. */
static gboolean
picked_conditions (FeerieTwinsEditor *self, const char *words, FeTwinCommand *out, GError **error)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  g_autofree char *line = g_strconcat (fe_twin_kinds[FE_TWIN_CONDITION].popeye, " ", words, NULL);
  g_autoptr (GError) local = NULL;
  g_autoptr (FeTwin) twin = fe_popeye_read_twin_line (self->problem, line, &local);
  if (twin && twin->commands->len == 1 && !twin->continued)
    {
      *out = g_array_index (twin->commands, FeTwinCommand, 0);
      return TRUE;
    }
  const char *what = NULL;
  if (local && fe_file_error_get_location (local, NULL, NULL, NULL, &what))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, what);
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("Give the conditions (like Madrasi)"));
  return FALSE;
}

/* The command the pickers describe, or FALSE with the reason. */
static gboolean
picked_command (FeerieTwinsEditor *self, FeTwinCommand *c, GError **error)
{
  g_assert (FEERIE_IS_TWINS_EDITOR (self));
  memset (c, 0, sizeof *c);
  c->kind = (FeTwinCommandKind) MIN (gtk_drop_down_get_selected (self->op), FE_TWIN_N_KINDS - 1);
  FeTwinOperands takes = fe_twin_kinds[c->kind].operands;
  if ((takes & FE_TWIN_TAKES_SQUARE) && !entry_square (self->square_a, &c->a, error))
    return FALSE;
  if ((takes & FE_TWIN_TAKES_SECOND) && !entry_square (self->square_b, &c->b, error))
    return FALSE;
  if (takes & FE_TWIN_TAKES_PIECE)
    {
      static const FeColour colours[] = { FE_WHITE, FE_BLACK, FE_NEUTRAL };
      c->piece.colour
        = colours[MIN (gtk_drop_down_get_selected (self->colour), G_N_ELEMENTS (colours) - 1)];
      c->piece.walk = (uint8_t) picked_walk (self->walk);
    }
  if (takes & FE_TWIN_TAKES_WALKS)
    {
      c->walk_from = (uint8_t) picked_walk (self->walk);
      c->walk_to = (uint8_t) picked_walk (self->walk_to);
    }
  if (takes & FE_TWIN_TAKES_ROTATION)
    c->rotation = 90 * (int) (MIN (gtk_drop_down_get_selected (self->rotation), 2) + 1);
  if (takes & FE_TWIN_TAKES_MIRROR)
    c->mirror = (uint8_t) MIN (gtk_drop_down_get_selected (self->mirror), FE_N_MIRRORS - 1);
  if (takes & (FE_TWIN_TAKES_STIPULATION | FE_TWIN_TAKES_CONDITIONS))
    {
      g_autofree char *v
        = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->value))));
      gboolean conditions = takes & FE_TWIN_TAKES_CONDITIONS;
      if (!*v)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               conditions ? _("Give the conditions (like Madrasi)")
                                          : _("Give the stipulation (like #3)"));
          return FALSE;
        }
      if (conditions)
        return picked_conditions (self, v, c, error);
      return fe_stipulation_parse (v, &c->stipulation, error);
    }
  return TRUE;
}

void
feerie_twins_editor_on_add_clicked (FeerieTwinsEditor *self)
{
  g_return_if_fail (FEERIE_IS_TWINS_EDITOR (self));
  FeTwinCommand command;
  g_autoptr (GError) error = NULL;
  if (!self->problem || !picked_command (self, &command, &error))
    {
      gtk_label_set_text (self->pick_error, error ? error->message : "");
      return;
    }
  gtk_label_set_text (self->pick_error, "");
  FeTwin *twin = fe_twin_new ();
  twin->continued = gtk_check_button_get_active (self->continued);
  g_array_append_val (twin->commands, command);
  feerie_twins_editor_append_twin (self, twin);
  gtk_editable_set_text (GTK_EDITABLE (self->square_a), "");
  gtk_editable_set_text (GTK_EDITABLE (self->square_b), "");
}
