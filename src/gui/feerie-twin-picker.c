/* feerie-twin-picker.c — the Twins page's pickers: the drop-down of
 * operations and its fields, which write one Popeye twin line into the
 * editor's text (Add), and feerie_twins_editor_pick for the scripted tests.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of FeerieTwinsEditor (feerie-twins-editor.c): the line is checked
 * there, as a typed one is.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "feerie-twins-editor-private.h"
#include "core/walk.h"

/* The operations of the drop-down, in its order. */
typedef enum {
  OP_MOVE, OP_EXCHANGE, OP_REMOVE, OP_ADD, OP_ROTATE, OP_MIRROR, OP_SHIFT, OP_CONDITION,
  OP_STIPULATION, OP_POLISH, N_OPS
} Op;

static const char *const op_words[N_OPS] = {
  "move", "exchange", "remove", "add", "rotate", "mirror", "shift", "condition", "stipulation",
  "polishtype",
};


void
feerie_twins_editor_on_op_changed (FeerieTwinsEditor *self)
{
  Op op = (Op) gtk_drop_down_get_selected (self->op);
  gboolean two = op == OP_MOVE || op == OP_EXCHANGE || op == OP_SHIFT;
  gtk_widget_set_visible (GTK_WIDGET (self->square_a), two || op == OP_REMOVE || op == OP_ADD);
  gtk_widget_set_visible (GTK_WIDGET (self->square_b), two);
  gtk_widget_set_visible (GTK_WIDGET (self->colour), op == OP_ADD);
  gtk_widget_set_visible (GTK_WIDGET (self->walk), op == OP_ADD);
  gtk_widget_set_visible (GTK_WIDGET (self->rotation), op == OP_ROTATE);
  gtk_widget_set_visible (GTK_WIDGET (self->mirror), op == OP_MIRROR);
  gtk_widget_set_visible (GTK_WIDGET (self->value), op == OP_CONDITION || op == OP_STIPULATION);
  gtk_entry_set_placeholder_text (self->square_a, op == OP_REMOVE || op == OP_ADD ? _("square") : _("from"));
  gtk_entry_set_placeholder_text (self->value, op == OP_CONDITION ? _("e.g. Madrasi") : _("e.g. #3"));
  /* Hidden flow box children still take a place: hide them too. */
  for (GtkWidget *c = gtk_widget_get_first_child (gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (self->op))));
       c; c = gtk_widget_get_next_sibling (c))
    gtk_widget_set_visible (c, gtk_widget_get_visible (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c))));
  gtk_label_set_text (self->pick_error, "");
}

void
feerie_twins_editor_on_square_changed (FeerieTwinsEditor *self, GtkEditable *entry)
{
  const char *t = gtk_editable_get_text (entry);
  if (*t && fe_square_parse (t) == FE_NO_SQUARE)
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
}

/* The square of an entry, or an error naming the field. */
static gboolean
entry_square (GtkEntry *entry, char out[3], GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  FeSquare sq = fe_square_parse (t);
  if (sq == FE_NO_SQUARE || strlen (t) != 2)
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      if (*t)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s” is not a square (like e4)"), t);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Give the square (like e4)"));
      return FALSE;
    }
  fe_square_name (sq, out);
  return TRUE;
}

/* The Popeye line the pickers describe, or NULL with the reason. */
static char *
picked_line (FeerieTwinsEditor *self, GError **error)
{
  Op op = (Op) gtk_drop_down_get_selected (self->op);
  char a[3], b[3];
  switch (op)
    {
    case OP_MOVE:
    case OP_EXCHANGE:
    case OP_SHIFT:
      if (!entry_square (self->square_a, a, error) || !entry_square (self->square_b, b, error))
        return NULL;
      return g_strdup_printf ("%s %s %s", op_words[op], a, b);
    case OP_REMOVE:
      if (!entry_square (self->square_a, a, error))
        return NULL;
      return g_strdup_printf ("remove %s", a);
    case OP_ADD:
      {
        if (!entry_square (self->square_a, a, error))
          return NULL;
        static const char *const colours[] = { "white", "black", "neutral" };
        guint c = MIN (gtk_drop_down_get_selected (self->colour), 2);
        int walk = (int) gtk_drop_down_get_selected (self->walk) + FE_WALK_KING;
        if (walk <= FE_WALK_NONE || walk >= FE_WALK_COUNT)
          walk = FE_WALK_KING;
        return g_strdup_printf ("add %s %s%s", colours[c], fe_walk_def (walk)->code, a);
      }
    case OP_ROTATE:
      return g_strdup_printf ("rotate %u", 90 * (MIN (gtk_drop_down_get_selected (self->rotation), 2) + 1));
    case OP_MIRROR:
      {
        static const char *const axes[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1" };
        return g_strdup_printf ("mirror %s", axes[MIN (gtk_drop_down_get_selected (self->mirror), 3)]);
      }
    case OP_CONDITION:
    case OP_STIPULATION:
      {
        g_autofree char *v = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->value))));
        if (!*v)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         op == OP_CONDITION ? _("Give the conditions (like Madrasi)")
                                            : _("Give the stipulation (like #3)"));
            return NULL;
          }
        return g_strdup_printf ("%s %s", op_words[op], v);
      }
    case OP_POLISH:
    default:
      return g_strdup ("PolishType");
    }
}

void
feerie_twins_editor_on_add_clicked (FeerieTwinsEditor *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *line = picked_line (self, &error);
  if (!line)
    {
      gtk_label_set_text (self->pick_error, error->message);
      return;
    }
  gtk_label_set_text (self->pick_error, "");
  g_autofree char *text = feerie_twins_editor_text_get (self);
  g_strchomp (text);
  g_autofree char *next = g_strdup_printf ("%s%s%s%s\n", text, *text ? "\n" : "",
                                           gtk_check_button_get_active (self->continued) ? "+" : "", line);
  feerie_twins_editor_replace_text (self, next, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->square_a), "");
  gtk_editable_set_text (GTK_EDITABLE (self->square_b), "");
}

gboolean
feerie_twins_editor_pick (FeerieTwinsEditor *self, const char *op, const char *a, const char *b,
                          const char *piece, const char *value, gboolean continued, gboolean add,
                          GError **error)
{
  g_return_val_if_fail (FEERIE_IS_TWINS_EDITOR (self), FALSE);
  int which = -1;
  for (int i = 0; i < N_OPS; i++)
    if (g_ascii_strcasecmp (op, op_words[i]) == 0)
      which = i;
  if (which < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no operation “%s”", op);
      return FALSE;
    }
  gtk_drop_down_set_selected (self->op, (guint) which);
  gtk_editable_set_text (GTK_EDITABLE (self->square_a), a ? a : "");
  gtk_editable_set_text (GTK_EDITABLE (self->square_b), b ? b : "");
  if (piece && *piece)
    {
      /* "white S": the colour, then the walk's code. */
      g_auto (GStrv) words = g_strsplit (piece, " ", 2);
      guint colour = g_ascii_strncasecmp (words[0], "b", 1) == 0 ? 1
                     : g_ascii_strncasecmp (words[0], "n", 1) == 0 ? 2 : 0;
      int walk = words[1] ? fe_walk_from_code (words[1]) : FE_WALK_NONE;
      if (walk == FE_WALK_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "no piece “%s”", piece);
          return FALSE;
        }
      gtk_drop_down_set_selected (self->colour, colour);
      gtk_drop_down_set_selected (self->walk, (guint) (walk - FE_WALK_KING));
    }
  if (value && which == OP_ROTATE)
    gtk_drop_down_set_selected (self->rotation, (guint) (atoi (value) / 90 - 1));
  else if (value && which == OP_MIRROR)
    {
      static const char *const axes[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1" };
      for (guint i = 0; i < G_N_ELEMENTS (axes); i++)
        if (g_str_equal (value, axes[i]))
          gtk_drop_down_set_selected (self->mirror, i);
    }
  else
    gtk_editable_set_text (GTK_EDITABLE (self->value), value ? value : "");
  gtk_check_button_set_active (self->continued, continued);
  if (!add)
    return TRUE;
  /* As a click on Add does (activating it would click 250 ms later). */
  g_signal_emit_by_name (self->add, "clicked");
  const char *msg = gtk_label_get_text (self->pick_error);
  if (*msg)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", msg);
      return FALSE;
    }
  return TRUE;
}
