/* test-toy-condition.c — a condition added from outside the core: one class,
 * one fe_condition_register call, and the Popeye reader and writer, the
 * XML reader, writer and schema, the rules and the solver all see it.
 * Nothing else in the program names it (docs/adding-a-genre.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The toy: "ToyNoCapture" — the pieces of the chosen side(s) neither
 * capture nor give check.
 */
#include <string.h>

#include <glib.h>

#include "core/condition.h"
#include "core/solver/solver.h"
#include "io/popeye.h"
#include "io/xml.h"

static int toy_id = -1;

enum { TOY_ON, TOY_SIDE };
enum { TOY_BOTH, TOY_WHITE, TOY_BLACK };

/* The toy's own state is its row of the value map, reached through the
 * rules the position plays under. */
static bool
restricted (const FePosition *pos, int side)
{
  int which = fe_params_get (&pos->rules->params, toy_id, TOY_SIDE);
  return which == TOY_BOTH || (which == TOY_WHITE && side == FE_WHITE)
         || (which == TOY_BLACK && side == FE_BLACK);
}

static bool
toy_move_allowed (const FePosition *pos, const FeMove *move)
{
  return !(move->flags & FE_MOVE_CAPTURE) || !restricted (pos, pos->side);
}

static bool
toy_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return !restricted (pos, path->side);
}

static const FeConditionOps toy_ops = {
  .name = "toy-no-capture",
  .capture_allowed = toy_capture_allowed,
  .move_allowed = toy_move_allowed,
};

static const FeConditionParamDesc toy_params[] = {
  { .name = "toy-no-capture", .label = "Toy: no capture", .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  { .name = "side", .label = "Side", .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" } },
};

/* Féerie's words (Popeye has no such condition); a side word alone also
 * switches the toy on. */
static const FeConditionKeyword toy_keywords[] = {
  { "ToyNoCapture", 0, 1, FE_KEYWORD_EXTENSION },
  { "ToyWhiteOnly", 1, TOY_WHITE, FE_KEYWORD_EXTENSION },
  { "ToyBlackOnly", 1, TOY_BLACK, FE_KEYWORD_EXTENSION },
};

static const FeConditionClass toy_class = {
  .name = "toy-no-capture",
  .label = "Toy: no capture",
  .xml_element = "toy-no-capture",
  .params = toy_params,
  .n_params = G_N_ELEMENTS (toy_params),
  .ops = &toy_ops,
  .popeye_keywords = toy_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (toy_keywords),
};

/* 1.Ra1xa8# is White's only mate. */
#define PROBLEM(cond)                                                                   \
  "BeginProblem\nStipulation #1\n" cond "Pieces White Kc3 Ra1 Black Kh8 Sa8 Pg7 Ph7\n" \
  "EndProblem\n"

static FeProblem *
read_one (const char *text)
{
  GError *error = NULL;
  GPtrArray *a = fe_popeye_read (text, strlen (text), "toy.inp", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, 1);
  FeProblem *pb = g_ptr_array_steal_index (a, 0);
  g_ptr_array_unref (a);
  return pb;
}

static void
test_register (void)
{
  GError *error = NULL;
  g_assert_cmpint (toy_id, >=, FE_COND_BUILTIN_COUNT);
  g_assert_true (fe_condition_nth (toy_id) == &toy_class);
  g_assert_true (fe_condition_lookup ("toy-no-capture") == &toy_class);
  /* Twice is refused, with a reason. */
  g_assert_cmpint (fe_condition_register (&toy_class, &error), ==, -1);
  g_assert_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED);
  g_clear_error (&error);
}

/* Popeye: the generic reader sets its cells, the writer gives the words back
 * (Féerie-only words go to the remark line), and the result reads again. */
static void
test_popeye (void)
{
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyBlackOnly\n"));
  g_assert_cmpint (fe_params_get (&pb->conditions, toy_id, TOY_ON), ==, 1);
  g_assert_cmpint (fe_params_get (&pb->conditions, toy_id, TOY_SIDE), ==, TOY_BLACK);
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  char *text = fe_popeye_write (pb, warnings);
  g_assert_nonnull (strstr (text, "ToyNoCapture ToyBlackOnly"));
  FeProblem *again = read_one (text);
  g_assert_cmpmem (&again->conditions, sizeof again->conditions, &pb->conditions,
                   sizeof pb->conditions);
  g_free (text);
  g_ptr_array_unref (warnings);
  fe_problem_free (again);
  fe_problem_free (pb);
}

/* XML: the element and its attribute are written, validate against the
 * schema (which the registry extends) and read back. */
static void
test_xml (void)
{
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n"));
  GPtrArray *one = g_ptr_array_new ();
  g_ptr_array_add (one, pb);
  char *xml = fe_xml_to_string (one);
  g_assert_nonnull (strstr (xml, "<toy-no-capture side=\"white\"/>"));
  GError *error = NULL;
  GPtrArray *back = fe_xml_parse (xml, strlen (xml), "toy.xml", &error);
  g_assert_no_error (error);
  FeProblem *again = back->pdata[0];
  g_assert_cmpmem (&again->conditions, sizeof again->conditions, &pb->conditions,
                   sizeof pb->conditions);
  g_autofree char *fragment = fe_xml_condition_schema ();
  g_assert_nonnull (strstr (fragment, "<element name=\"toy-no-capture\">"));
  /* A value the schema does not list is refused. */
  g_autofree char *bad = g_strdup (xml);
  char *at = strstr (bad, "side=\"white\"");
  memcpy (at, "side=\"green\"", strlen ("side=\"green\""));
  g_assert_null (fe_xml_parse (bad, strlen (bad), "bad.xml", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_ptr_array_unref (back);
  g_free (xml);
  g_ptr_array_unref (one);
  fe_problem_free (pb);
}

static int
solutions (const char *cond)
{
  FeProblem *pb = read_one (cond);
  FeSolverConfig config = { .threads = 1 };
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  g_assert_true (fe_solve (pb, &config, out, &stats, &error));
  g_assert_no_error (error);
  g_string_free (out, TRUE);
  fe_problem_free (pb);
  return stats.solutions;
}

/* The solver: the rules take the toy's hooks from the registry. */
static void
test_solver (void)
{
  g_assert_cmpint (solutions (PROBLEM ("")), ==, 1);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture\n")), ==, 0);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n")), ==, 0);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture ToyBlackOnly\n")), ==, 1);

  /* The diagram block names it. */
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n"));
  GString *board = g_string_new (NULL);
  fe_write_board (pb, board);
  g_assert_nonnull (strstr (board->str, "ToyNoCapture ToyWhiteOnly"));
  g_string_free (board, TRUE);
  fe_problem_free (pb);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  GError *error = NULL;
  toy_id = fe_condition_register (&toy_class, &error);
  g_assert_no_error (error);
  g_test_add_func ("/conditions/toy/register", test_register);
  g_test_add_func ("/conditions/toy/popeye", test_popeye);
  g_test_add_func ("/conditions/toy/xml", test_xml);
  g_test_add_func ("/conditions/toy/solver", test_solver);
  return g_test_run ();
}
