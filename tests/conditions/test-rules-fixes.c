/* test-rules-fixes.c — regressions of the rule errors found by the
 * differential run against an independent generator (issue 9, items A–F).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test fails on 83bb2d4; the expectations follow docs/rules/, derived by
 * hand in the comments.
 */
#include <string.h>

#include "piece-list.h"
#include "core/model/problem.h"
#include "core/backend/backend.h"
#include "io/popeye.h"
#include "io/xml.h"
#include "solution-lines.h"

static FeProblem *
read_one (const char *text)
{
  GError *error = NULL;
  GPtrArray *all = fe_popeye_read (text, strlen (text), "test.inp", &error);
  g_assert_no_error (error);
  g_assert_nonnull (all);
  g_assert_cmpuint (all->len, ==, 1);
  FeProblem *pb = g_ptr_array_steal_index (all, 0);
  g_ptr_array_unref (all);
  return pb;
}

static gboolean
solve (const FeProblem *pb, GString *out, GError **error)
{
  FeSolverConfig config = { 0 };
  config.threads = 1;
  gboolean ok = fe_solve (pb, &config, out, NULL, error);
  g_assert_null (fe_test_repeated_line (out->str));
  return ok;
}

/* A. HalfDuplex: in h#1 Black begins, so with HalfDuplex White begins.
 * The side that does not begin must not stand in check; 83bb2d4 tested
 * the side of the normal play instead. */
static void
test_half_duplex_legality (void)
{
  /* The black king h8 is in check from Ra8: White, moving first, could
   * take it — illegal. */
  FeProblem *pb = read_one ("BeginProblem\nStipulation h#1\nOption HalfDuplex\n"
                            "Pieces White Ka1 Ra8 Black Kh8\nEndProblem\n");
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  g_assert_false (solve (pb, out, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "White, to move first"));
  g_clear_error (&error);
  fe_problem_free (pb);

  /* The white king a1 is in check from Ra8 and White moves first: legal.
   * 1.Kb2 Rb8+?? … the solver just has to accept it. */
  pb = read_one ("BeginProblem\nStipulation h#1\nOption HalfDuplex\n"
                 "Pieces White Ka1 Black Kh8 Ra8\nEndProblem\n");
  g_string_truncate (out, 0);
  g_assert_true (solve (pb, out, &error));
  g_assert_no_error (error);
  fe_problem_free (pb);
  g_string_free (out, TRUE);
}

/* B. Magic: the crossed square f1 is tested by a plain check test
 * (docs/rules/common-model.md §6.2 (5)): the king's step moves the imitator
 * (a4→b4) but recolours nothing.  Had it recoloured, the capture mRf3×Se3 (a
 * step left, the imitator b4→a4) would turn the knight black, and a black Se3
 * attacks f1 (imitator b4→c2).  The real castling brings the imitator back to
 * a4, so mRf3×e3 stays unimitable (a4→off the board): no view, no
 * recolouring, Kg1 is not attacked (Pf2 blocks the rook).  0-0 is legal. */
static void
test_magic_castling_transit (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_MAGIC = true;
  p.FE_P_IMITATOR = true;
  fe_test_setup (&pos, &rules, &p, "wKe1 wRh1 wPf2 wSe3 bKh8 bmRf3 Ia4", FE_WHITE);
  g_assert_true (has_move (&pos, "0-0[Ia4]"));
  fe_test_play (&pos, "0-0[Ia4]");
  assert_pieces (&pos, "wKg1 wRf1 wPf2 wSe3 bKh8 bmRf3 Ia4");
}

/* C. Madrasi with monochrome imitators: paralysis ignores imitators
 * (docs/rules/combinations.md §1).  The white imitator a4 is an obstacle for
 * Black's pieces (docs/rules/imitator.md §9), but Ra8 still paralyses Ra1
 * along the a-file; 83bb2d4 let Ra1 move. */
static void
test_madrasi_monochrome_imitator (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_MADRASI = true;
  p.FE_P_IMITATOR = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 bRa8 Ia4", FE_WHITE);
  pos.imitator_colour[0] = FE_WHITE;
  fe_rules_init (&rules, &p, &pos);
  fe_position_recompute_hash (&pos);
  g_assert_true (rules.any_blocked_hook);
  assert_moves (&pos, "R", "");
  /* The same with a black imitator (an obstacle for White's pieces). */
  pos.imitator_colour[0] = FE_BLACK;
  fe_rules_init (&rules, &p, &pos);
  pos.side = FE_BLACK;
  fe_position_recompute_hash (&pos);
  assert_moves (&pos, "R", "");
}

/* D. Einstein for White only: a black pawn on its own first rank plays
 * orthodox chess, where it has no moves and captures nothing
 * (docs/rules/common-model.md §5.2; einstein.md §3.5, D31); White's
 * first-rank pawn steps 1–3 squares. */
static void
test_one_side_einstein_first_rank (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_EINSTEIN = FE_EINSTEIN_NORMAL;
  p.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_WHITE_ONLY;
  fe_test_setup (&pos, &rules, &p, "wKd7 wPb1 bKh1 bPc8", FE_BLACK);
  assert_moves (&pos, "c8", "");
  /* Nor does it attack d7: the white king is not in check. */
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  pos.side = FE_WHITE;
  fe_position_recompute_hash (&pos);
  assert_moves (&pos, "b1", "b1-b2 b1-b3 b1-b4");
  /* Black only: the mirror. */
  p.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_BLACK_ONLY;
  fe_test_setup (&pos, &rules, &p, "wKd7 wPb1 bKh1 bPc8", FE_WHITE);
  assert_moves (&pos, "b1", "");
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  fe_test_setup (&pos, &rules, &p, "wKa4 wPb1 bKh1 bPc8", FE_BLACK);
  assert_moves (&pos, "c8", "c8-c5 c8-c6 c8-c7");
}

/* E. Magician: every combination of fairy walks is a move of its own
 * (docs/rules/magician-pieces.md §4), however many.  F = {G, N}; mgRa5-d5
 * touches five black pawns, each demoted P→F with two choices: 2^5 = 32 moves
 * (83bb2d4 cut them at 16). */
static void
test_magician_many_choices (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_MAGICIAN = true;
  fe_test_setup (&pos, &rules, &p, "wKa1 wmgRa5 bKh8 bPc6 bPd6 bPe6 bPc4 bPe4 bGh6 bNh5",
                 FE_WHITE);
  char **moves = legal_move_vector (&pos);
  GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);
  int n = 0;
  for (char **m = moves; *m; m++)
    if (g_str_has_prefix (*m, "mgRa5-d5"))
      {
        n++;
        g_assert_false (g_hash_table_contains (seen, *m));
        g_hash_table_add (seen, *m);
      }
  g_assert_cmpint (n, ==, 32);
  g_assert_true (g_hash_table_contains (seen, "mgRa5-d5{c4=N}{e4=G}{c6=N}{d6=N}{e6=G}"));
  g_hash_table_unref (seen);
  fe_test_play (&pos, "mgRa5-d5{c4=N}{e4=G}{c6=N}{d6=N}{e6=G}");
  assert_pieces (&pos, "wKa1 wmgRd5 bKh8 bNc4 bGe4 bNc6 bNd6 bGe6 bGh6 bNh5");
  g_strfreev (moves);
}

/* F. `option EnPassant` with four squares: a first-rank pawn's triple step
 * c1-c4 passes c2 and c3, both e.p. squares
 * (docs/rules/common-model.md §5.3; einstein.md E3).  Read from Popeye input,
 * written back, and kept through XML. */
static void
test_en_passant_four_squares (void)
{
  FeProblem *pb = read_one ("BeginProblem\nStipulation ~1\nCondition EinsteinChess\n"
                            "Option EnPassant c1c2c3c4 HalfDuplex\n"
                            "Pieces White Kh5 Pc4 Black Kh7 Pb3 Pd4\nEndProblem\n");
  g_assert_cmpint (pb->options.n_ep_squares, ==, 4);
  g_assert_cmpint (pb->diagram.ep_victim, ==, fe_square_parse ("c4"));
  g_assert_cmpint (pb->diagram.ep_count, ==, 2);
  g_assert_cmpint (pb->diagram.ep_squares[0], ==, fe_square_parse ("c2"));
  g_assert_cmpint (pb->diagram.ep_squares[1], ==, fe_square_parse ("c3"));
  /* Black (HalfDuplex of ~1) takes e.p. on both squares: b3*c2 and d4*c3. */
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  g_assert_true (solve (pb, out, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (out->str, "b3*c2 ep."));
  g_assert_nonnull (strstr (out->str, "d4*c3 ep."));
  g_string_free (out, TRUE);

  char *text = fe_popeye_write (pb, NULL);
  g_assert_nonnull (strstr (text, "EnPassant c1c2c3c4"));
  FeProblem *again = read_one (text);
  g_assert_cmpint (again->options.n_ep_squares, ==, 4);
  g_free (text);
  fe_problem_free (again);

  GPtrArray *list = g_ptr_array_new ();
  g_ptr_array_add (list, pb);
  char *xml = fe_xml_to_string (list);
  g_ptr_array_unref (list);
  g_assert_nonnull (strstr (xml, "<en-passant squares=\"c1 c2 c3 c4\"/>"));
  GPtrArray *back = fe_xml_parse (xml, strlen (xml), "test.xml", &error);
  g_assert_no_error (error);
  FeProblem *x = back->pdata[0];
  g_assert_cmpint (x->options.n_ep_squares, ==, 4);
  g_assert_cmpint (x->options.ep_squares[x->options.n_ep_squares - 1], ==, fe_square_parse ("c4"));
  g_ptr_array_unref (back);
  g_free (xml);
  fe_problem_free (pb);

  /* Five squares are still refused, with the reason. */
  GPtrArray *none = fe_popeye_read ("BeginProblem\nStipulation ~1\nOption EnPassant c1c2c3c4c5\n"
                                    "Pieces White Kh5 Black Kh7\nEndProblem\n",
                                    strlen ("BeginProblem\nStipulation ~1\nOption EnPassant c1c2c3c4c5\nPieces White Kh5 Black Kh7\nEndProblem\n"), "five.inp", &error);
  g_assert_null (none);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "EnPassant"));
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules-fixes/A-half-duplex-legality", test_half_duplex_legality);
  g_test_add_func ("/rules-fixes/B-magic-castling-transit", test_magic_castling_transit);
  g_test_add_func ("/rules-fixes/C-madrasi-monochrome-imitator", test_madrasi_monochrome_imitator);
  g_test_add_func ("/rules-fixes/D-one-side-einstein-first-rank", test_one_side_einstein_first_rank);
  g_test_add_func ("/rules-fixes/E-magician-many-choices", test_magician_many_choices);
  g_test_add_func ("/rules-fixes/F-en-passant-four-squares", test_en_passant_four_squares);
  return g_test_run ();
}
