/* feerie-twin-picker.c — the Twins page's "New twin" pickers: the drop-down
 * of twinning operations (the core's fe_twin_kinds) and the fields each
 * takes, from which Add builds one FeTwinCommand: a new twin.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command is built from the widgets' values as data: squares, a walk
 * of the catalogue with its colour and the registry's piece attributes,
 * the conditions as registry cells (a FeerieConditionPane in a popover,
 * built from the classes' parameter descriptions), a mirror axis, a
 * rotation, a stipulation in its own grammar (fe_stipulation_parse).  No
 * format's text goes between the widgets and the twin: the picker needs
 * no file reader (tests/gui/test-twin-picker.c is linked without one).
 * The Twins page (feerie-twins-editor.c) checks the twin on the diagram.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-twin-picker-private.h"
#include "feerie-walk-names.h"
#include "core/model/walk.h"

G_DEFINE_BOXED_TYPE (FeTwin, feerie_twin, fe_twin_copy, fe_twin_free)

G_DEFINE_FINAL_TYPE (FeerieTwinPicker, feerie_twin_picker, GTK_TYPE_WIDGET)

enum { TWIN_PICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- what the pickers show ------------------------------------------------- */

static FeTwinOperands
picked_operands (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  guint kind = gtk_drop_down_get_selected (self->op);
  return kind < FE_TWIN_N_KINDS ? fe_twin_kinds[kind].operands : 0;
}

/* The conditions a condition twin gets: those picked, and the switches
 * the problem's pieces hold on in every twin (magic pieces stay magic),
 * as the readers give them. */
static FeConditionParams
twin_conditions (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  FeConditionParams c = self->picked;
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_condition_nth (id)->attribute)
      c.v[id][0] |= self->problem.v[id][0];
  return c;
}

/* The twin's imitators are its own squares: their field shows while the
 * Imitator is picked. */
static gboolean
imitator_picked (FeerieTwinPicker *self)
{
  return fe_params_on (&self->picked, FE_COND_IMITATOR);
}

/* The menu button names the conditions in force in the twin. */
static void
update_conditions_label (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  FeConditionParams c = twin_conditions (self);
  GString *names = g_string_new (NULL);
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_condition_in_force (id, &c, &self->diagram))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "",
                              _(fe_condition_nth (id)->label));
  const char *text = names->len ? names->str : _("No conditions");
  gtk_label_set_text (self->conditions_label, text);
  /* Whole in the tooltip when the label is cut. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->conditions_label), text);
  g_string_free (names, TRUE);
}

static void
update_visibility (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  FeTwinOperands takes = picked_operands (self);
  gtk_widget_set_visible (GTK_WIDGET (self->square_a), takes & FE_TWIN_TAKES_SQUARE);
  gtk_widget_set_visible (GTK_WIDGET (self->square_b), takes & FE_TWIN_TAKES_SECOND);
  gtk_widget_set_visible (GTK_WIDGET (self->colour), takes & FE_TWIN_TAKES_PIECE);
  for (int i = 0; i < self->n_attributes; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->attributes[i]), takes & FE_TWIN_TAKES_PIECE);
  gtk_widget_set_visible (GTK_WIDGET (self->walk),
                          takes & (FE_TWIN_TAKES_PIECE | FE_TWIN_TAKES_WALKS));
  gtk_widget_set_visible (GTK_WIDGET (self->walk_to), takes & FE_TWIN_TAKES_WALKS);
  gtk_widget_set_visible (GTK_WIDGET (self->rotation), takes & FE_TWIN_TAKES_ROTATION);
  gtk_widget_set_visible (GTK_WIDGET (self->mirror), takes & FE_TWIN_TAKES_MIRROR);
  gtk_widget_set_visible (GTK_WIDGET (self->stipulation), takes & FE_TWIN_TAKES_STIPULATION);
  gtk_widget_set_visible (GTK_WIDGET (self->conditions), takes & FE_TWIN_TAKES_CONDITIONS);
  gtk_widget_set_visible (GTK_WIDGET (self->imitators),
                          (takes & FE_TWIN_TAKES_CONDITIONS) && imitator_picked (self));
  gtk_entry_set_placeholder_text (self->square_a,
                                  takes & FE_TWIN_TAKES_SECOND ? _("from") : _("square"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->walk), takes & FE_TWIN_TAKES_WALKS
                                                          ? _("Pieces replaced")
                                                          : _("Piece added"));
  /* Hidden flow box children still take a place: hide them too. */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->pickers)); c;
       c = gtk_widget_get_next_sibling (c))
    gtk_widget_set_visible (
      c, gtk_widget_get_visible (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c))));
}

static void
on_op_changed (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  update_visibility (self);
  gtk_label_set_text (self->pick_error, "");
}

/* Reads `text` as squares ("c3 h8", "c3,h8" or "c3h8"); FALSE with the
 * reason at the first word that is none. */
static gboolean
parse_squares (const char *text, FeSquare *out, int max, int *n, GError **error)
{
  g_auto (GStrv) words = g_strsplit_set (text, " ,;\t", -1);
  *n = 0;
  for (int w = 0; words[w]; w++)
    {
      const char *word = words[w];
      size_t len = strlen (word);
      for (size_t k = 0; k < len; k += 2)
        {
          char name[3] = { word[k], k + 1 < len ? word[k + 1] : 0, 0 };
          FeSquare sq = fe_square_parse (name);
          if (sq == FE_NO_SQUARE || k + 1 >= len)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s” is not a square (like e4)"), word);
              return FALSE;
            }
          if (*n >= max)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("At most %d imitators"), max);
              return FALSE;
            }
          out[(*n)++] = sq;
        }
    }
  return TRUE;
}

static void
on_square_changed (FeerieTwinPicker *self, GtkEditable *entry)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  const char *t = gtk_editable_get_text (entry);
  gboolean ok;
  if (entry == GTK_EDITABLE (self->imitators))
    {
      FeSquare squares[FE_MAX_IMITATORS];
      int n;
      ok = parse_squares (t, squares, FE_MAX_IMITATORS, &n, NULL);
    }
  else
    ok = !*t || fe_square_parse (t) != FE_NO_SQUARE;
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
}

static void
on_entry_activate (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  gtk_widget_activate_action (GTK_WIDGET (self), "twin-picker.add", NULL);
}

/* The pane reports a set the rules accept; it shows it once told so. */
static void
on_conditions_changed (FeerieTwinPicker *self, const FeConditionParams *params)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  self->picked = *params;
  feerie_condition_pane_show (self->condition_pane, &self->picked, &self->diagram);
  update_conditions_label (self);
  update_visibility (self);
  gtk_label_set_text (self->pick_error, "");
}

/* A condition that is its pieces (magic) is in force where they stand:
 * a twin changes it with the pieces it adds, not with its conditions. */
static void
on_attribute_condition (FeerieTwinPicker *self, int id)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  g_autofree char *msg
    = g_strdup_printf (_("“%s” goes with the pieces: a twin adds them with “Add”; its "
                         "conditions neither switch it on nor off."),
                       _(fe_condition_nth (id)->label));
  gtk_label_set_text (self->pick_error, msg);
}

/* ---- the command ------------------------------------------------------------ */

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

static uint8_t
picked_walk (GtkDropDown *walks)
{
  g_assert (GTK_IS_DROP_DOWN (walks));
  int walk = (int) gtk_drop_down_get_selected (walks) + FE_WALK_KING;
  return (uint8_t) (walk > FE_WALK_NONE && walk < FE_WALK_COUNT ? walk : FE_WALK_KING);
}

static uint8_t
picked_attributes (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  uint8_t attrs = 0;
  for (int i = 0; i < self->n_attributes; i++)
    if (gtk_check_button_get_active (self->attributes[i]))
      attrs |= fe_attribute_nth (i)->bit;
  return attrs;
}

/* The twin's conditions and its imitators' squares. */
static gboolean
picked_conditions (FeerieTwinPicker *self, FeTwinCommand *c, GError **error)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
  c->conditions = twin_conditions (self);
  if (!imitator_picked (self))
    return TRUE;
  int n = 0;
  if (!parse_squares (gtk_editable_get_text (GTK_EDITABLE (self->imitators)), c->imitators,
                      FE_MAX_IMITATORS, &n, error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->imitators), "error");
      return FALSE;
    }
  if (!n)
    {
      /* The Imitator without imitators is no condition to twin into. */
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Give the imitators’ squares (like c3 h8)"));
      return FALSE;
    }
  c->n_imitators = n;
  return TRUE;
}

/* The command the pickers describe, or FALSE with the reason. */
static gboolean
picked_command (FeerieTwinPicker *self, FeTwinCommand *c, GError **error)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
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
      c->piece.walk = picked_walk (self->walk);
      c->piece.attrs = picked_attributes (self);
    }
  if (takes & FE_TWIN_TAKES_WALKS)
    {
      c->walk_from = picked_walk (self->walk);
      c->walk_to = picked_walk (self->walk_to);
    }
  if (takes & FE_TWIN_TAKES_ROTATION)
    c->rotation = 90 * (int) (MIN (gtk_drop_down_get_selected (self->rotation), 2) + 1);
  if (takes & FE_TWIN_TAKES_MIRROR)
    c->mirror = (uint8_t) MIN (gtk_drop_down_get_selected (self->mirror), FE_N_MIRRORS - 1);
  if (takes & FE_TWIN_TAKES_STIPULATION)
    {
      g_autofree char *v
        = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->stipulation))));
      if (!*v)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("Give the stipulation (like #3)"));
          return FALSE;
        }
      if (!fe_stipulation_parse (v, &c->stipulation, error))
        return FALSE;
    }
  if ((takes & FE_TWIN_TAKES_CONDITIONS) && !picked_conditions (self, c, error))
    return FALSE;
  return TRUE;
}

static void
add_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  FeerieTwinPicker *self = FEERIE_TWIN_PICKER (widget);
  (void) action;
  (void) parameter;
  FeTwinCommand command;
  g_autoptr (GError) error = NULL;
  if (!picked_command (self, &command, &error))
    {
      gtk_label_set_text (self->pick_error, error->message);
      return;
    }
  gtk_label_set_text (self->pick_error, "");
  g_autoptr (FeTwin) twin = fe_twin_new ();
  twin->continued = gtk_check_button_get_active (self->continued);
  g_array_append_val (twin->commands, command);
  g_signal_emit (self, signals[TWIN_PICKED], 0, twin);
  gtk_editable_set_text (GTK_EDITABLE (self->square_a), "");
  gtk_editable_set_text (GTK_EDITABLE (self->square_b), "");
}

/* ---- API ------------------------------------------------------------------- */

GtkWidget *
feerie_twin_picker_new (void)
{
  return g_object_new (FEERIE_TYPE_TWIN_PICKER, NULL);
}

void
feerie_twin_picker_set_problem (FeerieTwinPicker *self, const FeProblem *problem)
{
  g_return_if_fail (FEERIE_IS_TWIN_PICKER (self));
  g_return_if_fail (problem != NULL);
  self->problem = problem->conditions;
  self->diagram = problem->diagram;
  self->diagram.n_imitators = 0;
  feerie_condition_pane_show (self->condition_pane, &self->picked, &self->diagram);
  update_conditions_label (self);
}

const char *
feerie_twin_picker_get_error (FeerieTwinPicker *self)
{
  g_return_val_if_fail (FEERIE_IS_TWIN_PICKER (self), NULL);
  return gtk_label_get_text (self->pick_error);
}

/* ---- GObject ---------------------------------------------------------------- */

static void
set_strings (GtkDropDown *drop_down, GtkStringList *strings)
{
  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (strings));
  gtk_drop_down_set_expression (
    drop_down, gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
}

/* The drop-downs' models from the core's tables, and a check button per
 * piece attribute of the registry, each a flow box child of its own so
 * that a narrow page wraps them. */
static void
fill_pickers (FeerieTwinPicker *self)
{
  g_assert (FEERIE_IS_TWIN_PICKER (self));
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

  GtkWidget *after = gtk_widget_get_parent (GTK_WIDGET (self->walk));
  int position = gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (after)) + 1;
  self->n_attributes = MIN (fe_attribute_count (), FEERIE_TWIN_PICKER_MAX_ATTRIBUTES);
  for (int i = 0; i < self->n_attributes; i++)
    {
      const FeAttributeDesc *a = fe_attribute_nth (i);
      GtkWidget *check = gtk_check_button_new_with_label (_(a->label));
      g_autofree char *tip
        = g_strdup_printf (_("The piece added has the attribute “%s”"), _(a->label));
      gtk_widget_set_tooltip_text (check, tip);
      gtk_widget_set_name (check, a->name);
      gtk_flow_box_insert (self->pickers, check, position++);
      self->attributes[i] = GTK_CHECK_BUTTON (check);
    }
}

static void
feerie_twin_picker_dispose (GObject *object)
{
  FeerieTwinPicker *self = FEERIE_TWIN_PICKER (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_TWIN_PICKER);
  /* The template's outer box is not bound: a GtkWidget subclass unparents
   * its own children. */
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (feerie_twin_picker_parent_class)->dispose (object);
}

static void
feerie_twin_picker_class_init (FeerieTwinPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = feerie_twin_picker_dispose;

  /* (twin: the picker's FeTwin, valid during the emission) */
  signals[TWIN_PICKED] = g_signal_new ("twin-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       FEERIE_TYPE_TWIN | G_SIGNAL_TYPE_STATIC_SCOPE);
  gtk_widget_class_install_action (widget_class, "twin-picker.add", NULL, add_activated);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-twin-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, pickers);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, op);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, colour);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, walk);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, walk_to);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, square_a);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, square_b);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, rotation);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, mirror);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, stipulation);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, conditions);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, conditions_label);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, condition_pane);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, imitators);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, continued);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, add);
  gtk_widget_class_bind_template_child (widget_class, FeerieTwinPicker, pick_error);
  gtk_widget_class_bind_template_callback (widget_class, on_op_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_square_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_conditions_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_attribute_condition);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
feerie_twin_picker_init (FeerieTwinPicker *self)
{
  g_type_ensure (FEERIE_TYPE_CONDITION_PANE);
  gtk_widget_init_template (GTK_WIDGET (self));
  fe_position_init (&self->diagram);
  fill_pickers (self);
  feerie_condition_pane_show (self->condition_pane, &self->picked, &self->diagram);
  update_conditions_label (self);
  update_visibility (self);
}
