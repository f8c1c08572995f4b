/* feerie-condition-pane.c — condition pickers from the registry.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here names a condition: every registered FeConditionClass gets
 * a row built from its parameter descriptions (a check button for a yes/no
 * parameter, radio buttons in a flow box for a choice), so a condition
 * added in one file under src/core/conditions/ appears by itself.  Labels
 * wrap and choices flow onto more lines: the pane reflows to any width.
 *
 * What the rules refuse (fe_conditions_validate: magic with magician
 * pieces) and a switch the diagram holds on (imitators on the board) are
 * refused here with the reason shown, the old state kept.  A condition
 * that is its pieces (magic, magician) is ticked exactly when pieces carry
 * its attribute: ticking it asks the window for such pieces, unticking it
 * takes the attribute off them.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "feerie-condition-pane.h"
#include "core/model/condition-class.h"

struct _FeerieConditionPane
{
  GtkWidget parent_instance;

  /* template children */
  GtkBox *rows;
  GtkLabel *message;

  GSimpleActionGroup *actions;
  GtkWidget *extras[FE_MAX_CONDITION_CLASSES]; /* a box under each condition */
  GtkWidget *details[FE_MAX_CONDITION_CLASSES]; /* its parameters after the switch */
  int n_classes;
  FeConditionParams params; /* as last shown */
  FePosition diagram;
  gboolean have_diagram;
};

G_DEFINE_FINAL_TYPE (FeerieConditionPane, feerie_condition_pane, GTK_TYPE_WIDGET)

enum { CHANGED, ATTRIBUTE_WANTED, ATTRIBUTE_DROPPED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The action of parameter k: the condition's name for its switch. */
static char *
action_name (const FeConditionClass *cls, int k)
{
  return k == 0 ? g_strdup (cls->name) : g_strdup_printf ("%s-%s", cls->name, cls->params[k].name);
}

static const char *
value_name (const FeConditionParamDesc *d, int v, char buf[4])
{
  if (d->xml_values)
    return d->xml_values[v];
  g_snprintf (buf, 4, "%d", v);
  return buf;
}

static const char *
value_label (const FeConditionParamDesc *d, int v, char buf[4])
{
  if (d->value_labels && d->value_labels[v])
    return _(d->value_labels[v]);
  return value_name (d, v, buf);
}

/* The value a state names, -1 for none. */
static int
parse_value (const FeConditionParamDesc *d, GVariant *state)
{
  if (g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN))
    return g_variant_get_boolean (state) ? 1 : 0;
  if (!g_variant_is_of_type (state, G_VARIANT_TYPE_STRING))
    return -1;
  const char *s = g_variant_get_string (state, NULL);
  for (int v = 0; v < d->n_values; v++)
    {
      char buf[4];
      if (g_str_equal (s, value_name (d, v, buf)))
        return v;
    }
  char *end;
  long v = strtol (s, &end, 10);
  return *s && !*end && v >= 0 && v < d->n_values ? (int) v : -1;
}

static GVariant *
state_of (const FeConditionParamDesc *d, int v)
{
  char buf[4];
  if (d->type == FE_PARAM_BOOL)
    return g_variant_new_boolean (v != 0);
  return g_variant_new_string (value_name (d, MIN (v, d->n_values - 1), buf));
}

/* What the picker's switch shows: for a condition that is its pieces
 * (magic), whether pieces carry the attribute; else the switch, or what
 * the diagram puts in force (imitators). */
static gboolean
in_force (const FeConditionClass *cls, int id, const FeConditionParams *params,
          const FePosition *diagram)
{
  if (cls->attribute_only)
    return diagram && fe_position_has_attribute (diagram, cls->attribute->bit);
  return cls->in_force ? cls->in_force (params, id, diagram) : fe_params_on (params, id);
}

/* A label that wraps, so a narrow pane grows taller instead of wider. */
static GtkWidget *
wrapping_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Beside a check box the label takes the rest of the line: it wraps
   * only where the pane ends, not at its own guess of a good width. */
  gtk_widget_set_hexpand (label, TRUE);
  return label;
}

static GtkWidget *
check_button (const char *label, const char *action, const char *target)
{
  GtkWidget *button = gtk_check_button_new ();
  gtk_check_button_set_child (GTK_CHECK_BUTTON (button), wrapping_label (label));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  return button;
}

/* One parameter: a check button, or its label and one radio button a value. */
static GtkWidget *
param_picker (const FeConditionClass *cls, const FeConditionParamDesc *d, const char *name)
{
  g_autofree char *action = g_strconcat ("condition.", name, NULL);
  const char *label = _(d->label ? d->label : cls->label);
  if (d->type == FE_PARAM_BOOL)
    return check_button (label, action, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *title = g_strdup_printf (_("%s:"), label);
  gtk_box_append (GTK_BOX (box), wrapping_label (title));
  GtkWidget *flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_widget_set_margin_start (flow, 12);
  for (int v = 0; v < d->n_values; v++)
    {
      char buf[4], lbuf[4];
      GtkWidget *radio = check_button (value_label (d, v, lbuf), action, value_name (d, v, buf));
      gtk_flow_box_append (GTK_FLOW_BOX (flow), radio);
      /* The flow box child takes no focus of its own: Tab reaches the radio. */
      gtk_widget_set_focusable (gtk_widget_get_parent (radio), FALSE);
    }
  gtk_box_append (GTK_BOX (box), flow);
  return box;
}

static void
set_message (FeerieConditionPane *self, const char *text)
{
  g_assert (FEERIE_IS_CONDITION_PANE (self));
  gtk_label_set_text (self->message, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), text && *text);
}

static void
on_change_state (GSimpleAction *action, GVariant *state, gpointer data)
{
  FeerieConditionPane *self = data;
  g_assert (FEERIE_IS_CONDITION_PANE (self));
  const char *name = g_action_get_name (G_ACTION (action));
  for (int id = 0; id < self->n_classes; id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      for (int k = 0; k < cls->n_params; k++)
        {
          g_autofree char *mine = action_name (cls, k);
          if (!g_str_equal (mine, name))
            continue;
          const FeConditionParamDesc *d = &cls->params[k];
          int v = parse_value (d, state);
          if (v < 0)
            return;
          const FePosition *diagram = self->have_diagram ? &self->diagram : NULL;
          if (k == 0 && cls->attribute_only)
            {
              /* The pieces say it: ticking asks for such pieces, unticking
               * takes the attribute off them (the window does both). */
              feerie_condition_pane_show (self, &self->params, diagram);
              if (v != 0 && !in_force (cls, id, &self->params, diagram))
                g_signal_emit (self, signals[ATTRIBUTE_WANTED], 0, id);
              else if (v == 0 && in_force (cls, id, &self->params, diagram))
                g_signal_emit (self, signals[ATTRIBUTE_DROPPED], 0, id);
              return;
            }
          FeConditionParams next = self->params;
          next.v[id][k] = (uint8_t) v;
          if (k == 0 && v == 0)
            /* Off is no condition: its other parameters go too. */
            memset (next.v[id], 0, sizeof next.v[id]);
          else if (k > 0 && v != 0 && !fe_params_on (&next, id))
            /* A parameter of a condition turns it on. */
            next.v[id][0] = MAX (cls->params[0].xml_default, 1);
          if (memcmp (&next, &self->params, sizeof next) == 0)
            return;
          g_autoptr (GError) error = NULL;
          if (k == 0 && v == 0 && in_force (cls, id, &next, diagram))
            {
              set_message (self, _("The diagram puts this condition in force "
                                   "(pieces or imitators on the board): remove them first."));
              feerie_condition_pane_show (self, &self->params, diagram);
              return;
            }
          /* Refused only when the change makes a problem the rules accepted
           * undefined: a diagram already refused stays editable. */
          if (!fe_conditions_validate (&next, diagram, &error)
              && fe_conditions_validate (&self->params, diagram, NULL))
            {
              g_autofree char *msg = g_strdup_printf (_("Refused: %s."), error->message);
              set_message (self, msg);
              feerie_condition_pane_show (self, &self->params, diagram);
              return;
            }
          set_message (self, NULL);
          g_signal_emit (self, signals[CHANGED], 0, &next);
          return;
        }
    }
}

static void
build (FeerieConditionPane *self)
{
  self->n_classes = fe_condition_count ();
  for (int id = 0; id < self->n_classes; id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_widget_set_name (row, cls->name);
      GtkWidget *details = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_widget_set_margin_start (details, 24);
      for (int k = 0; k < cls->n_params; k++)
        {
          g_autofree char *name = action_name (cls, k);
          const FeConditionParamDesc *d = &cls->params[k];
          const GVariantType *type = d->type == FE_PARAM_BOOL ? NULL : G_VARIANT_TYPE_STRING;
          GSimpleAction *a = g_simple_action_new_stateful (name, type, state_of (d, 0));
          g_signal_connect_object (a, "change-state", G_CALLBACK (on_change_state), self, 0);
          g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (a));
          g_object_unref (a);
          gtk_box_append (GTK_BOX (k == 0 ? row : details), param_picker (cls, d, name));
        }
      self->extras[id] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_box_append (GTK_BOX (details), self->extras[id]);
      gtk_box_append (GTK_BOX (row), details);
      self->details[id] = details;
      gtk_box_append (self->rows, row);
    }
}

void
feerie_condition_pane_show (FeerieConditionPane *self, const FeConditionParams *params,
                            const FePosition *diagram)
{
  g_return_if_fail (FEERIE_IS_CONDITION_PANE (self));
  self->params = *params;
  self->have_diagram = diagram != NULL;
  if (diagram)
    self->diagram = *diagram;
  for (int id = 0; id < self->n_classes; id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      gboolean on = in_force (cls, id, params, diagram);
      for (int k = 0; k < cls->n_params; k++)
        {
          g_autofree char *name = action_name (cls, k);
          GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);
          int v = params->v[id][k];
          /* A switch the diagram holds on shows as on (for the pieces that
           * carry the attribute: Patrol's 1, not its "every piece"). */
          if (k == 0 && on && v == 0)
            v = 1;
          g_simple_action_set_state (G_SIMPLE_ACTION (a), state_of (&cls->params[k], v));
          if (k > 0)
            g_simple_action_set_enabled (G_SIMPLE_ACTION (a), on);
        }
      gtk_widget_set_sensitive (self->details[id], on);
    }
}

gboolean
feerie_condition_pane_add_extra (FeerieConditionPane *self, const char *name, GtkWidget *widget)
{
  g_return_val_if_fail (FEERIE_IS_CONDITION_PANE (self), FALSE);
  for (int id = 0; id < self->n_classes; id++)
    if (g_str_equal (fe_condition_nth (id)->name, name))
      {
        gtk_box_append (GTK_BOX (self->extras[id]), widget);
        return TRUE;
      }
  return FALSE;
}

GActionGroup *
feerie_condition_pane_get_actions (FeerieConditionPane *self)
{
  g_return_val_if_fail (FEERIE_IS_CONDITION_PANE (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

const char *
feerie_condition_pane_get_message (FeerieConditionPane *self)
{
  g_return_val_if_fail (FEERIE_IS_CONDITION_PANE (self), NULL);
  return gtk_label_get_text (self->message);
}

static void
feerie_condition_pane_dispose (GObject *object)
{
  FeerieConditionPane *self = FEERIE_CONDITION_PANE (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_CONDITION_PANE);
  /* The template's root is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);
  g_clear_object (&self->actions);
  G_OBJECT_CLASS (feerie_condition_pane_parent_class)->dispose (object);
}

static void
feerie_condition_pane_class_init (FeerieConditionPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = feerie_condition_pane_dispose;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* A condition that is its pieces (FeConditionClass.attribute_only),
   * by registry id: ticked with no such piece, unticked with some. */
  signals[ATTRIBUTE_WANTED] = g_signal_new ("attribute-wanted", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                            G_TYPE_INT);
  signals[ATTRIBUTE_DROPPED] = g_signal_new ("attribute-dropped", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                             G_TYPE_INT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-condition-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieConditionPane, rows);
  gtk_widget_class_bind_template_child (widget_class, FeerieConditionPane, message);
}

static void
feerie_condition_pane_init (FeerieConditionPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions = g_simple_action_group_new ();
  gtk_widget_insert_action_group (GTK_WIDGET (self), "condition", G_ACTION_GROUP (self->actions));
  build (self);
  FeConditionParams none = { 0 };
  feerie_condition_pane_show (self, &none, NULL);
  set_message (self, NULL);
}

GtkWidget *
feerie_condition_pane_new (void)
{
  return g_object_new (FEERIE_TYPE_CONDITION_PANE, NULL);
}
