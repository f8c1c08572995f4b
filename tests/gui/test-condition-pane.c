/* test-condition-pane.c — the condition pickers come from the registry
 * (issue 10): a condition registered from this test, named nowhere in the
 * program, gets its picker in FeerieConditionPane with one action per
 * parameter, and choosing in it reports the parameters the rules read.
 * Needs a display (run under xvfb-run; 77 without one).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gtk/gtk.h>

#include "core/rules/condition.h"
#include "gui/feerie-condition-pane.h"

static const FeConditionOps toy_ops = { .name = "toy-pane" };

static const FeConditionParamDesc toy_params[] = {
  { .name = "toy-pane", .label = "Toy pane condition", .type = FE_PARAM_BOOL, .n_values = 2, .xml_default = 1 },
  { .name = "side", .label = "Toy side", .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" },
    .value_labels = (const char *const[]) { "Toy both", "Toy white", "Toy black" } },
};

static const FeConditionClass toy_class = {
  .name = "toy-pane",
  .label = "Toy pane condition",
  .xml_element = "toy-pane",
  .params = toy_params,
  .n_params = G_N_ELEMENTS (toy_params),
  .ops = &toy_ops,
};

static int toy_id = -1;

/* Some widget under `w` shows exactly `text` (a label or a button's). */
static gboolean
shows_text (GtkWidget *w, const char *text)
{
  if (GTK_IS_LABEL (w) && g_str_equal (gtk_label_get_text (GTK_LABEL (w)), text))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (shows_text (c, text))
      return TRUE;
  return FALSE;
}

/* The actionable widgets under `w` bound to `action` (with that target). */
static int
count_actionables (GtkWidget *w, const char *action, const char *target)
{
  int n = 0;
  if (GTK_IS_ACTIONABLE (w) && !g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), action))
    {
      GVariant *t = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (w));
      n += !target || (t && g_str_equal (g_variant_get_string (t, NULL), target));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    n += count_actionables (c, action, target);
  return n;
}

static void
on_changed (FeerieConditionPane *pane, const FeConditionParams *params, FeConditionParams *out)
{
  *out = *params;
  /* The window would store them and show them back. */
  feerie_condition_pane_show (pane, params, NULL);
}

static void
test_toy_picker (void)
{
  GtkWidget *pane = g_object_ref_sink (feerie_condition_pane_new ());
  /* The picker: its label, its switch, a radio button per value. */
  g_assert_true (shows_text (pane, "Toy pane condition"));
  g_assert_true (shows_text (pane, "Toy black"));
  g_assert_cmpint (count_actionables (pane, "condition.toy-pane", NULL), ==, 1);
  g_assert_cmpint (count_actionables (pane, "condition.toy-pane-side", "black"), ==, 1);
  g_assert_cmpint (count_actionables (pane, "condition.toy-pane-side", NULL), ==, 3);

  GActionGroup *actions = feerie_condition_pane_get_actions (FEERIE_CONDITION_PANE (pane));
  g_assert_true (g_action_group_has_action (actions, "toy-pane"));
  g_assert_true (g_action_group_has_action (actions, "toy-pane-side"));
  /* The side is a choice of the condition: off while it is. */
  g_assert_false (g_action_group_get_action_enabled (actions, "toy-pane-side"));

  FeConditionParams got = { 0 };
  g_signal_connect (pane, "changed", G_CALLBACK (on_changed), &got);
  g_action_group_change_action_state (actions, "toy-pane", g_variant_new_boolean (TRUE));
  g_assert_cmpint (fe_params_get (&got, toy_id, 0), ==, 1);
  g_assert_true (g_action_group_get_action_enabled (actions, "toy-pane-side"));
  g_action_group_change_action_state (actions, "toy-pane-side", g_variant_new_string ("black"));
  g_assert_cmpint (fe_params_get (&got, toy_id, 1), ==, 2);
  g_autoptr (GVariant) state = g_action_group_get_action_state (actions, "toy-pane-side");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "black");
  /* Off is no condition: the whole row goes. */
  g_action_group_change_action_state (actions, "toy-pane", g_variant_new_boolean (FALSE));
  g_assert_true (fe_params_empty (&got));
  g_object_unref (pane);
}

/* The built-ins go the same way: Einstein's side is its value's position
 * in the registry (0 both, 1 White only, 2 Black only), whatever FeColour
 * says (the window mapped "black" to FE_BLACK = 1, White only, before). */
static void
test_builtin_choice (void)
{
  GtkWidget *pane = g_object_ref_sink (feerie_condition_pane_new ());
  GActionGroup *actions = feerie_condition_pane_get_actions (FEERIE_CONDITION_PANE (pane));
  FeConditionParams got = { 0 };
  g_signal_connect (pane, "changed", G_CALLBACK (on_changed), &got);
  g_action_group_change_action_state (actions, "einstein", g_variant_new_string ("reverse"));
  g_assert_cmpint (got.FE_P_EINSTEIN, ==, FE_EINSTEIN_REVERSE);
  g_action_group_change_action_state (actions, "einstein-side", g_variant_new_string ("black"));
  g_assert_cmpint (got.FE_P_EINSTEIN_SIDE, ==, FE_EINSTEIN_BLACK_ONLY);
  /* A parameter of a condition that is off turns it on (Rex inclusive). */
  g_action_group_change_action_state (actions, "madrasi-rex-inclusive", g_variant_new_boolean (TRUE));
  g_assert_cmpint (got.FE_P_MADRASI, ==, 1);
  g_assert_cmpint (got.FE_P_MADRASI_REX_INCLUSIVE, ==, 1);
  g_assert_true (fe_conditions_validate (&got, NULL, NULL));
  g_object_unref (pane);
}

static void
on_attribute (FeerieConditionPane *pane, int id, int *out)
{
  *out = id;
}

/* Issue 25, item 15: Magic and Magician are their pieces.  The picker is
 * ticked exactly when pieces carry the attribute; ticking it without
 * such pieces asks for them (the window then offers them in the palette),
 * unticking asks to take the attribute off (the window does it, one undo
 * step); no switch of their own is reported. */
static void
test_attribute_picker (void)
{
  GtkWidget *pane = g_object_ref_sink (feerie_condition_pane_new ());
  GActionGroup *actions = feerie_condition_pane_get_actions (FEERIE_CONDITION_PANE (pane));
  FeConditionParams got = { 0 }, none = { 0 };
  int wanted = -1, dropped = -1;
  g_signal_connect (pane, "changed", G_CALLBACK (on_changed), &got);
  g_signal_connect (pane, "attribute-wanted", G_CALLBACK (on_attribute), &wanted);
  g_signal_connect (pane, "attribute-dropped", G_CALLBACK (on_attribute), &dropped);
  const FeConditionClass *magic = fe_condition_lookup ("magic");
  int magic_id = -1;
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_condition_nth (id) == magic)
      magic_id = id;
  g_assert_cmpint (magic_id, >=, 0);

  FePosition pos;
  fe_position_init (&pos);
  fe_position_put (&pos, FE_SQ (4, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  feerie_condition_pane_show (FEERIE_CONDITION_PANE (pane), &none, &pos);
  g_action_group_change_action_state (actions, "magic", g_variant_new_boolean (TRUE));
  g_assert_cmpint (wanted, ==, magic_id);
  g_assert_true (fe_params_empty (&got));
  g_autoptr (GVariant) off = g_action_group_get_action_state (actions, "magic");
  g_assert_false (g_variant_get_boolean (off));

  /* A magic piece on the board ticks it, whatever the switch says. */
  fe_position_put (&pos, FE_SQ (0, 0), (FePiece) { FE_WALK_ROOK, FE_WHITE, FE_ATTR_MAGIC, 0 });
  feerie_condition_pane_show (FEERIE_CONDITION_PANE (pane), &none, &pos);
  g_autoptr (GVariant) on = g_action_group_get_action_state (actions, "magic");
  g_assert_true (g_variant_get_boolean (on));
  g_action_group_change_action_state (actions, "magic", g_variant_new_boolean (FALSE));
  g_assert_cmpint (dropped, ==, magic_id);
  g_assert_true (fe_params_empty (&got));
  g_object_unref (pane);
}

int
main (int argc, char **argv)
{
  if (!gtk_init_check ())
    {
      g_print ("no display: skipped\n");
      return 77;
    }
  g_test_init (&argc, &argv, NULL);
  GError *error = NULL;
  toy_id = fe_condition_register (&toy_class, &error);
  g_assert_no_error (error);
  g_test_add_func ("/condition-pane/toy-picker", test_toy_picker);
  g_test_add_func ("/condition-pane/builtin-choice", test_builtin_choice);
  g_test_add_func ("/condition-pane/attribute-picker", test_attribute_picker);
  return g_test_run ();
}
