/* test-stipulation.c — stipulations read, refused and written back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "core/stipulation.h"
#include "core/solver/solver.h"
#include "io/popeye.h"
#include "solution-lines.h"

static void
test_valid (void)
{
  static const char *texts[] = { "#2", "h#2.5", "h#0.5", "s#3", "r#2", "=2", "h==3", "ser-#8",
                                 "ser-h#26", "ser-s#6", "~1", "x1", "+1", "h=2", "zd21",
                                 "ser-zd53", "za62", "h001", "h#1" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_true (fe_stipulation_parse (texts[i], &s, &error));
      g_assert_no_error (error);
      char *back = fe_stipulation_to_string (&s);
      g_assert_cmpstr (back, ==, texts[i]);
      g_free (back);
    }
}

static void
test_invalid (void)
{
  static const char *texts[] = { "#0", "h#999999", "", "#", "q#2", "#2.5", "ser-r#3", "#2x", "h#-1",
                                 "z2", "zi9", "zd", "h00" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_false (fe_stipulation_parse (texts[i], &s, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
    }
}

/* The target square of "zd5" is kept. */
static void
test_target (void)
{
  FeStipulation s;
  g_assert_true (fe_stipulation_parse ("ser-zd53", &s, NULL));
  g_assert_cmpint (s.goal, ==, FE_GOAL_TARGET);
  g_assert_cmpint (s.play, ==, FE_PLAY_SERIES);
  g_assert_cmpint (s.moves, ==, 3);
  char name[3];
  fe_square_name (s.target, name);
  g_assert_cmpstr (name, ==, "d5");
  g_assert_true (fe_stipulation_parse ("h001", &s, NULL));
  g_assert_cmpint (s.goal, ==, FE_GOAL_CASTLING);
  g_assert_cmpint (s.moves, ==, 1);
}

/* Solves a one-problem Popeye text; returns the solution part. */
static char *
solve (const char *text)
{
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read (text, strlen (text), "test.inp", &error);
  g_assert_no_error (error);
  GString *out = g_string_new (NULL);
  g_assert_true (fe_solve (g_ptr_array_index (problems, 0), NULL, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (fe_test_repeated_line (out->str));
  g_ptr_array_unref (problems);
  return g_string_free (out, FALSE);
}

static void
assert_has_line (const char *out, const char *line)
{
  if (!strstr (out, line))
    g_error ("expected \"%s\" in:\n%s", line, out);
}

/* Target goal: the last move arrives on the square ("z" after it); a
 * check is written before the goal's mark, as Popeye does for every goal
 * but mate, check and stalemates. */
static void
test_solve_target_and_capture (void)
{
  char *out = solve ("begin\npieces white ka1 ra7 black kh8 pa8\nstip zh71\nend\n");
  assert_has_line (out, "1.Ra7-h7 + z !");
  g_assert_null (strstr (out, "Ka1"));
  g_free (out);
  out = solve ("begin\npieces white ka1 rh1 black kh8 ph7\nstip x1\nend\n");
  assert_has_line (out, "1.Rh1*h7 + x !");
  g_free (out);
}

/* Castling goal: no mark after the castling. */
static void
test_solve_castling (void)
{
  char *out = solve ("begin\npieces white ke1 rh1 pa2 black kh8 pa3\nstip h001\nend\n");
  assert_has_line (out, "1.Kh8-g8 0-0\n");
  assert_has_line (out, "1.Kh8-g7 0-0\n");
  g_free (out);
}

/* The side not to move in check: refused, as Popeye does. */
static void
test_solve_illegal_position (void)
{
  const char *text = "begin\npieces white ka1 rh1 black kh8\nstip #1\nend\n";
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read (text, strlen (text), "test.inp", &error);
  g_assert_no_error (error);
  GString *out = g_string_new (NULL);
  g_assert_false (fe_solve (g_ptr_array_index (problems, 0), NULL, out, NULL, &error));
  g_assert_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "could capture the black king"));
  g_clear_error (&error);
  g_string_free (out, TRUE);
  g_ptr_array_unref (problems);
}

/* The refusal the solver and the window share: a reason, what it names,
 * the solver's sentence; fe_solve fails with that very error. */
static void
test_solve_refusal (void)
{
  static const struct {
    const char *text;
    FeRefusalReason reason;
    const char *subject;
  } cases[] = {
    { "begin\npieces white ka1 black kh8\nstip #1\nend\n", FE_REFUSAL_NONE, NULL },
    { "begin\ncondition GridChess\npieces white ka1 black kh8\nstip #1\nend\n", FE_REFUSAL_CONDITIONS,
      "GridChess" },
    { "begin\npieces white ka1 black kh8\nstip hs#2\nend\n", FE_REFUSAL_STIPULATION, "hs#2" },
    { "begin\npieces white ka1 black kh8\nstip #1\nend\n", FE_REFUSAL_CONDITION_VALUES, NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GError *error = NULL;
      GPtrArray *problems = fe_popeye_read (cases[i].text, strlen (cases[i].text), "t.inp", &error);
      g_assert_no_error (error);
      FeProblem *p = g_ptr_array_index (problems, 0);
      if (cases[i].reason == FE_REFUSAL_CONDITION_VALUES)
        {
          /* A value past its parameter's range, as no reader would leave it. */
          const FeConditionClass *cls = fe_condition_nth (0);
          p->conditions.v[0][0] = (uint8_t) cls->params[0].n_values;
        }
      FeRefusal refusal;
      g_assert_cmpint (fe_solve_refusal (p, &refusal), ==, cases[i].reason != FE_REFUSAL_NONE);
      g_assert_cmpint (refusal.reason, ==, cases[i].reason);
      g_assert_cmpstr (refusal.subject, ==, cases[i].subject);
      gboolean solved = fe_solve (p, NULL, NULL, NULL, &error);
      g_assert_cmpint (solved, ==, cases[i].reason == FE_REFUSAL_NONE);
      if (refusal.error)
        {
          g_assert_nonnull (error);
          g_assert_cmpstr (error->message, ==, refusal.error->message);
        }
      if (cases[i].reason == FE_REFUSAL_CONDITIONS)
        g_assert_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED);
      g_clear_error (&error);
      fe_refusal_clear (&refusal);
      g_ptr_array_unref (problems);
    }
}

/* A problem made in code, not read: the solver asks the model's own
 * rules (fe_position_validate), so a second king is refused as a reader
 * would refuse it. */
static void
test_solve_two_kings (void)
{
  const char *text = "begin\npieces white ka1 rh1 black kh8\nstip #1\nend\n";
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read (text, strlen (text), "test.inp", &error);
  g_assert_no_error (error);
  FeProblem *p = g_ptr_array_index (problems, 0);
  fe_position_put (&p->diagram, FE_SQ (4, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  g_assert_false (fe_solve (p, NULL, NULL, NULL, &error));
  g_assert_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "two white kings (a1 and e1)"));
  g_clear_error (&error);
  g_ptr_array_unref (problems);
}

/* Set play of a helpmate: the side to move passes first. */
static void
test_solve_help_set_play (void)
{
  char *out = solve ("begin\npieces white kc7 rh2 black ka8 pa7\nstip h#1\noption setplay\nend\n");
  assert_has_line (out, "  1...Rh2-h8 #\n");
  /* after any black move the a7 square is free: no helpmate in the play */
  g_assert_null (strstr (out, "  1.a7"));
  g_free (out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solve/illegal-position", test_solve_illegal_position);
  g_test_add_func ("/solve/two-kings", test_solve_two_kings);
  g_test_add_func ("/solve/refusal", test_solve_refusal);
  g_test_add_func ("/solve/help-set-play", test_solve_help_set_play);
  g_test_add_func ("/stipulation/valid", test_valid);
  g_test_add_func ("/stipulation/invalid", test_invalid);
  g_test_add_func ("/stipulation/target", test_target);
  g_test_add_func ("/stipulation/solve-target-and-capture", test_solve_target_and_capture);
  g_test_add_func ("/stipulation/solve-castling", test_solve_castling);
  return g_test_run ();
}
