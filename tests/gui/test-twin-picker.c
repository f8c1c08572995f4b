/* test-twin-picker.c — FeerieTwinPicker builds each kind of twinning
 * command from its widgets' values: every kind of fe_twin_kinds is picked,
 * its fields set as a user sets them, Add activated (the action, the
 * button, Enter in a field), and the FeTwin of "twin-picked" compared with
 * one built here in C.  Conditions go through the registry: the built-ins
 * and a condition this test registers, picked in the picker's condition
 * pane; the problem's magic pieces keep Magic on in a condition twin.
 * What the pickers cannot build is refused with the reason, no twin sent.
 *
 * This executable is linked with the picker's own sources, the core and
 * GTK only (tests/gui/meson.build: twin_picker_sources, no io library), so
 * no Popeye reader (src/io/popeye-read.c, popeye-twins.c) is in it: that
 * it links at all proves the picker needs none.
 * Needs a display (run under xvfb-run; 77 without one).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gtk/gtk.h>

#include "core/rules/condition.h"
#include "core/model/walk.h"
#include "gui/feerie-twin-picker-private.h"

static const FeConditionOps toy_ops = { .name = "toy-twin" };

static const FeConditionParamDesc toy_params[] = {
  { .name = "toy-twin", .label = "Toy twin condition", .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  { .name = "side", .label = "Toy side", .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" } },
};

static const FeConditionClass toy_class = {
  .name = "toy-twin",
  .label = "Toy twin condition",
  .xml_element = "toy-twin",
  .params = toy_params,
  .n_params = G_N_ELEMENTS (toy_params),
  .ops = &toy_ops,
};

static int toy_id = -1;

typedef struct {
  GtkWindow *window; /* the picker's, as on the Twins page (never shown) */
  FeerieTwinPicker *picker;
  FeTwin *got; /* the last twin picked, a copy */
  int n_picked;
} Fixture;

static void
on_picked (FeerieTwinPicker *picker, const FeTwin *twin, Fixture *f)
{
  g_assert_true (picker == f->picker);
  g_clear_pointer (&f->got, fe_twin_free);
  f->got = fe_twin_copy (twin);
  f->n_picked++;
}

/* The problem: kings on e1 and e8, a magic rook on a4 (Magic in force). */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  (void) data;
  f->picker = FEERIE_TWIN_PICKER (feerie_twin_picker_new ());
  /* In a window, as on the page: the Add button finds its action there. */
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (f->window, GTK_WIDGET (f->picker));
  g_signal_connect (f->picker, "twin-picked", G_CALLBACK (on_picked), f);
  g_autoptr (FeProblem) problem = fe_problem_new ();
  fe_position_put (&problem->diagram, FE_SQ (4, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 1 });
  fe_position_put (&problem->diagram, FE_SQ (4, 7), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 2 });
  fe_position_put (&problem->diagram, FE_SQ (0, 3),
                   (FePiece) { FE_WALK_ROOK, FE_WHITE, FE_ATTR_MAGIC, 3 });
  problem->conditions.FE_P_MAGIC = 1;
  feerie_twin_picker_set_problem (f->picker, problem);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  g_clear_pointer (&f->got, fe_twin_free);
  gtk_window_destroy (f->window);
}

static void
pick_kind (Fixture *f, FeTwinCommandKind kind)
{
  gtk_drop_down_set_selected (f->picker->op, kind);
}

static void
type (GtkEntry *entry, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
add (Fixture *f)
{
  gtk_widget_activate_action (GTK_WIDGET (f->picker), "twin-picker.add", NULL);
}

/* Add gives exactly `want` (one command), with no refusal shown. */
static void
assert_picked (Fixture *f, gboolean continued, const FeTwinCommand *want)
{
  g_assert_cmpstr (feerie_twin_picker_get_error (f->picker), ==, "");
  g_assert_nonnull (f->got);
  g_autoptr (FeTwin) expected = fe_twin_new ();
  expected->continued = continued;
  g_array_append_val (expected->commands, *want);
  g_assert_true (fe_twin_equal (f->got, expected));
}

/* Add refuses, saying `why` (a part of the message), and sends nothing. */
static void
assert_refused (Fixture *f, const char *why)
{
  int before = f->n_picked;
  add (f);
  g_assert_cmpint (f->n_picked, ==, before);
  g_assert_nonnull (strstr (feerie_twin_picker_get_error (f->picker), why));
}

static void
test_squares (Fixture *f, gconstpointer data)
{
  (void) data;
  static const FeTwinCommandKind two[] = { FE_TWIN_MOVE, FE_TWIN_EXCHANGE, FE_TWIN_SHIFT };
  for (guint i = 0; i < G_N_ELEMENTS (two); i++)
    {
      pick_kind (f, two[i]);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->picker->square_b)));
      type (f->picker->square_a, "d1");
      type (f->picker->square_b, "h5");
      add (f);
      assert_picked (f, FALSE,
                     &(FeTwinCommand) { .kind = two[i], .a = FE_SQ (3, 0), .b = FE_SQ (7, 4) });
      /* The squares are cleared for the next twin. */
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (f->picker->square_a)), ==, "");
    }
  pick_kind (f, FE_TWIN_REMOVE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->picker->square_b)));
  type (f->picker->square_a, "c6");
  /* Enter in the field adds, as the button does. */
  g_signal_emit_by_name (f->picker->square_a, "activate");
  assert_picked (f, FALSE, &(FeTwinCommand) { .kind = FE_TWIN_REMOVE, .a = FE_SQ (2, 5) });
  g_assert_cmpint (f->n_picked, ==, 4);
}

static void
test_add_piece (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_ADD);
  gtk_drop_down_set_selected (f->picker->colour, 1);
  gtk_drop_down_set_selected (f->picker->walk, FE_WALK_BISHOP - FE_WALK_KING);
  type (f->picker->square_a, "c6");
  gtk_check_button_set_active (f->picker->continued, TRUE);
  g_signal_emit_by_name (f->picker->add, "clicked");
  FePiece bishop = { FE_WALK_BISHOP, FE_BLACK, 0, 0 };
  assert_picked (f, TRUE,
                 &(FeTwinCommand) { .kind = FE_TWIN_ADD, .a = FE_SQ (2, 5), .piece = bishop });

  /* A fairy walk of the catalogue, neutral, with the registry's
   * attributes: one check button each. */
  g_assert_cmpint (f->picker->n_attributes, ==, fe_attribute_count ());
  gtk_drop_down_set_selected (f->picker->colour, 2);
  gtk_drop_down_set_selected (f->picker->walk, FE_WALK_GRASSHOPPER - FE_WALK_KING);
  for (int i = 0; i < f->picker->n_attributes; i++)
    {
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->picker->attributes[i])));
      uint8_t bit = fe_attribute_nth (i)->bit;
      gtk_check_button_set_active (f->picker->attributes[i],
                                   bit == FE_ATTR_MAGIC || bit == FE_ATTR_KAMIKAZE);
    }
  gtk_check_button_set_active (f->picker->continued, FALSE);
  type (f->picker->square_a, "e4");
  add (f);
  FePiece grasshopper = { FE_WALK_GRASSHOPPER, FE_NEUTRAL, FE_ATTR_MAGIC | FE_ATTR_KAMIKAZE, 0 };
  assert_picked (f, FALSE,
                 &(FeTwinCommand) { .kind = FE_TWIN_ADD, .a = FE_SQ (4, 3), .piece = grasshopper });
}

static void
test_board_changes (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_SUBSTITUTE);
  gtk_drop_down_set_selected (f->picker->walk, FE_WALK_ROOK - FE_WALK_KING);
  gtk_drop_down_set_selected (f->picker->walk_to, FE_WALK_QUEEN - FE_WALK_KING);
  add (f);
  assert_picked (f, FALSE, &(FeTwinCommand) { .kind = FE_TWIN_SUBSTITUTE,
                                              .walk_from = FE_WALK_ROOK,
                                              .walk_to = FE_WALK_QUEEN });
  static const int degrees[] = { 90, 180, 270 };
  pick_kind (f, FE_TWIN_ROTATE);
  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      gtk_drop_down_set_selected (f->picker->rotation, i);
      add (f);
      assert_picked (f, FALSE, &(FeTwinCommand) { .kind = FE_TWIN_ROTATE, .rotation = degrees[i] });
    }
  pick_kind (f, FE_TWIN_MIRROR);
  for (int axis = 0; axis < FE_N_MIRRORS; axis++)
    {
      gtk_drop_down_set_selected (f->picker->mirror, (guint) axis);
      add (f);
      assert_picked (f, FALSE,
                     &(FeTwinCommand) { .kind = FE_TWIN_MIRROR, .mirror = (uint8_t) axis });
    }
  pick_kind (f, FE_TWIN_POLISH);
  add (f);
  assert_picked (f, FALSE, &(FeTwinCommand) { .kind = FE_TWIN_POLISH });
}

static void
test_stipulation (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_STIPULATION);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->picker->stipulation)));
  type (f->picker->stipulation, " h#2.5 ");
  add (f);
  FeStipulation help = { .play = FE_PLAY_HELP, .goal = FE_GOAL_MATE, .moves = 2, .half = TRUE };
  assert_picked (f, FALSE, &(FeTwinCommand) { .kind = FE_TWIN_STIPULATION, .stipulation = help });
  type (f->picker->stipulation, "ser-=7");
  add (f);
  FeStipulation series = { .play = FE_PLAY_SERIES, .goal = FE_GOAL_STALEMATE, .moves = 7 };
  assert_picked (f, FALSE,
                 &(FeTwinCommand) { .kind = FE_TWIN_STIPULATION, .stipulation = series });
}

static GActionGroup *
pane_actions (Fixture *f)
{
  return feerie_condition_pane_get_actions (f->picker->condition_pane);
}

static void
test_conditions (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_CONDITION);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->picker->conditions)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->picker->imitators)));
  /* Nothing picked: the twin keeps only what the magic rook holds on. */
  g_assert_cmpstr (gtk_label_get_text (f->picker->conditions_label), ==, "Magic pieces");
  add (f);
  FeTwinCommand want = { .kind = FE_TWIN_CONDITION };
  want.conditions.FE_P_MAGIC = 1;
  assert_picked (f, FALSE, &want);

  /* Madrasi Rex inclusive and reverse Einstein for Black, through the
   * pane's buttons' actions. */
  GActionGroup *actions = pane_actions (f);
  g_action_group_change_action_state (actions, "madrasi-rex-inclusive",
                                      g_variant_new_boolean (TRUE));
  g_action_group_change_action_state (actions, "einstein", g_variant_new_string ("reverse"));
  g_action_group_change_action_state (actions, "einstein-side", g_variant_new_string ("black"));
  add (f);
  want.conditions.FE_P_MADRASI = 1;
  want.conditions.FE_P_MADRASI_REX_INCLUSIVE = 1;
  want.conditions.FE_P_EINSTEIN = FE_EINSTEIN_REVERSE;
  want.conditions.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_BLACK_ONLY;
  assert_picked (f, FALSE, &want);
  g_assert_cmpstr (gtk_label_get_text (f->picker->conditions_label), ==,
                   "Madrasi, Einstein chess, Magic pieces");

  /* A condition named nowhere in the program: its registry cells. */
  g_action_group_change_action_state (actions, "madrasi", g_variant_new_boolean (FALSE));
  g_action_group_change_action_state (actions, "einstein", g_variant_new_string ("none"));
  g_action_group_change_action_state (actions, "toy-twin-side", g_variant_new_string ("black"));
  add (f);
  FeTwinCommand toy = { .kind = FE_TWIN_CONDITION };
  toy.conditions.FE_P_MAGIC = 1;
  toy.conditions.v[toy_id][0] = 1;
  toy.conditions.v[toy_id][1] = 2;
  assert_picked (f, FALSE, &toy);

  /* A condition that is its pieces is not switched by a twin: said so. */
  int before = f->n_picked;
  g_action_group_change_action_state (actions, "magician", g_variant_new_boolean (TRUE));
  g_assert_nonnull (strstr (feerie_twin_picker_get_error (f->picker), "Magician"));
  g_assert_cmpint (f->n_picked, ==, before);
}

static void
test_imitators (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_CONDITION);
  GActionGroup *actions = pane_actions (f);
  g_action_group_change_action_state (actions, "imitator-no-promotion",
                                      g_variant_new_boolean (TRUE));
  /* The Imitator picked: its squares' field shows, and is needed. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->picker->imitators)));
  assert_refused (f, "imitators");
  type (f->picker->imitators, "c3 h9");
  assert_refused (f, "“h9” is not a square");
  type (f->picker->imitators, "c3, h8");
  add (f);
  FeTwinCommand want = { .kind = FE_TWIN_CONDITION, .n_imitators = 2,
                         .imitators = { FE_SQ (2, 2), FE_SQ (7, 7) } };
  want.conditions.FE_P_MAGIC = 1;
  want.conditions.FE_P_IMITATOR = 1;
  want.conditions.FE_P_IMITATOR_NO_PROMOTION = 1;
  assert_picked (f, FALSE, &want);
  /* Off, its squares are no part of the twin. */
  g_action_group_change_action_state (actions, "imitator", g_variant_new_boolean (FALSE));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->picker->imitators)));
  add (f);
  FeTwinCommand none = { .kind = FE_TWIN_CONDITION };
  none.conditions.FE_P_MAGIC = 1;
  assert_picked (f, FALSE, &none);
}

static void
test_refusals (Fixture *f, gconstpointer data)
{
  (void) data;
  pick_kind (f, FE_TWIN_MOVE);
  assert_refused (f, "Give the square");
  type (f->picker->square_a, "z9");
  assert_refused (f, "“z9” is not a square");
  type (f->picker->square_a, "e1");
  type (f->picker->square_b, "e");
  assert_refused (f, "“e” is not a square");
  pick_kind (f, FE_TWIN_STIPULATION);
  /* Another operation clears the refusal. */
  g_assert_cmpstr (feerie_twin_picker_get_error (f->picker), ==, "");
  assert_refused (f, "Give the stipulation");
  type (f->picker->stipulation, "#x9");
  assert_refused (f, "#x9");
  g_assert_cmpint (f->n_picked, ==, 0);
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
  fe_walks_init ();
#define ADD(path, fn) \
  g_test_add ("/twin-picker/" path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("squares", test_squares);
  ADD ("add-piece", test_add_piece);
  ADD ("board-changes", test_board_changes);
  ADD ("stipulation", test_stipulation);
  ADD ("conditions", test_conditions);
  ADD ("imitators", test_imitators);
  ADD ("refusals", test_refusals);
#undef ADD
  return g_test_run ();
}
