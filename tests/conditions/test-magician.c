/* test-magician.c — magician pieces (docs/rules/magician-pieces.md, its
 * examples §9).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Popeye has no magician pieces: every expectation here is derived by hand
 * from magician-pieces.md and its decisions D21–D27; the comments give the
 * reason.
 */
#include "piece-list.h"

static FeConditionParams
magician (void)
{
  FeConditionParams p = { 0 };
  p.FE_P_MAGICIAN = true;
  return p;
}

/* MC1: same colour promoted, other colour demoted; {} in square order. */
static void
test_mc1 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRb3 wSa7 bKh8 bSc5", FE_WHITE);
  g_assert_true (has_move (&pos, "mgRb3-b6{c5=P}{a7=B}"));
  /* b4 touches c5 only; b5 touches c5 (not a7: distance 2). */
  g_assert_true (has_move (&pos, "mgRb3-b4{c5=P}"));
  g_assert_true (has_move (&pos, "mgRb3-b5{c5=P}"));
  fe_test_play (&pos, "mgRb3-b6{c5=P}{a7=B}");
  assert_pieces (&pos, "wKh1 wmgRb6 wBa7 bKh8 bPc5");
}

/* MC2: magicians of different colours cancel. */
static void
test_mc2 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRd5 bKh8 bBh3 bmgSf7", FE_BLACK);
  g_assert_true (has_move (&pos, "Bh3-e6"));
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRd5 bKh8 bBh3", FE_BLACK);
  g_assert_true (has_move (&pos, "Bh3-e6{e6=S}"));
  fe_test_play (&pos, "Bh3-e6{e6=S}");
  assert_pieces (&pos, "wKh1 wmgRd5 bKh8 bSe6");
}

/* MC3: the chain ends; with F empty Q and P stay. */
static void
test_mc3 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wQd1 wmgBh5 bKa8 bPd3 bGh8", FE_WHITE);
  fe_test_play (&pos, "mgBh5-e2{d1=G}{d3=G}");
  assert_pieces (&pos, "wKh1 wGd1 wmgBe2 bKa8 bGd3 bGh8");
  fe_test_setup (&pos, &rules, &p, "wKh1 wQd1 wmgBh5 bKa8 bPd3", FE_WHITE);
  fe_test_play (&pos, "mgBh5-e2");
  assert_pieces (&pos, "wKh1 wQd1 wmgBe2 bKa8 bPd3");
}

/* MC4 (D25): promotion first, then contact; a pawn made on the last rank is
 * immobile (D26). */
static void
test_mc4 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  const char *diagram = "wKe1 wPg7 bKa8 bmgSh7";
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  assert_moves (&pos, "g", "g7-g8=B{g8=S} g7-g8=Q{g8=R} g7-g8=R{g8=B} g7-g8=S{g8=P}");
  fe_test_play (&pos, "g7-g8=Q{g8=R}");
  assert_pieces (&pos, "wKe1 wRg8 bKa8 bmgSh7");
  g_assert_true (fe_in_check (&pos, FE_BLACK)); /* the rook checks along rank 8 */
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  fe_test_play (&pos, "g7-g8=S{g8=P}");
  assert_pieces (&pos, "wKe1 wPg8 bKa8 bmgSh7");
  fe_test_play (&pos, "Ka8-b8");
  assert_moves (&pos, "g", "");
}

/* MC5 (D22): a contact kept by a moving magician is established again. */
static void
test_mc5 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wSd4 wmgRe4 bKa8", FE_WHITE);
  g_assert_true (has_move (&pos, "mgRe4-e5{d4=B}"));
  g_assert_true (has_move (&pos, "mgRe4-e3{d4=B}"));
  g_assert_true (has_move (&pos, "mgRe4-f4")); /* f4 does not touch d4 */
  g_assert_true (has_move (&pos, "Kh1-g1"));   /* nothing moved next to d4 */
  fe_test_play (&pos, "mgRe4-e5{d4=B}");
  assert_pieces (&pos, "wKh1 wBd4 wmgRe5 bKa8");
}

/* MC6: a magician rook castles; the king on g1 is never transformed. */
static void
test_mc6 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wmgRh1 wPe2 wPg2 bKa8", FE_WHITE);
  fe_test_play (&pos, "0-0{e2=S}{g2=S}");
  assert_pieces (&pos, "wKg1 wmgRf1 wSe2 wSg2 bKa8");
}

/* MC7: no captures of or by magicians, hence no check by them. */
static void
test_mc7 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  const char *diagram = "wKh1 wmgQd1 wRb1 bKe8 bmgSb6 bPg4";
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  g_assert_false (fe_in_check (&pos, FE_BLACK));
  g_assert_true (has_move (&pos, "Ke8-d8"));
  g_assert_true (has_move (&pos, "Ke8-d7"));
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  g_assert_false (has_move (&pos, "Rb1*b6"));
  g_assert_true (has_move (&pos, "Rb1-b5{b5=B}")); /* next to the black magician */
  g_assert_true (has_move (&pos, "mgQd1-f3"));
  g_assert_false (has_move (&pos, "mgQd1*g4"));
  assert_moves (&pos, "mgQd1*", "");
}

/* MC8 (D27): the mover chooses among the fairy walks of the diagram. */
static void
test_mc8 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa1 wmgRb3 bKh8 bPc5 bNh4", FE_WHITE);
  assert_moves (&pos, "mgRb3-b6", "mgRb3-b6{c5=G} mgRb3-b6{c5=N}");
  fe_test_play (&pos, "mgRb3-b6{c5=G}");
  assert_pieces (&pos, "wKh1 wGa1 wmgRb6 bKh8 bGc5 bNh4");
}

/* Two pieces reaching F in one move: each chooses, |F|² moves. */
static void
test_two_choices (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa1 wmgRb3 bKh8 bPa5 bPc5 bNh4", FE_WHITE);
  assert_moves (&pos, "mgRb3-b4",
                "mgRb3-b4{a5=G}{c5=G} mgRb3-b4{a5=G}{c5=N} mgRb3-b4{a5=N}{c5=G} mgRb3-b4{a5=N}{c5=N}");
  fe_test_play (&pos, "mgRb3-b4{a5=N}{c5=G}");
  assert_pieces (&pos, "wKh1 wGa1 wmgRb4 bKh8 bNa5 bGc5 bNh4");
}

/* D23: only contacts this move established count for the colour test.  The
 * black magician c5 was already next to d4 and did not move, so the white
 * magician alone decides: up. */
static void
test_only_established (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wPd4 wmgRe1 bmgBc5 bKa8", FE_WHITE);
  g_assert_true (has_move (&pos, "mgRe1-e3{d4=S}"));
  /* The pawn itself moving to d5 establishes its contact with c5 (the
   * white magician e1 is not near): down, and P stays P with F empty. */
  g_assert_true (has_move (&pos, "d4-d5"));
}

/* D23: one step only, however many magicians of the colour. */
static void
test_one_step (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wSa1 wmgRc3 wmgBc1 bKa8", FE_WHITE);
  /* b3 touches c3 only (b3-c1 is two ranks apart): S→B. */
  g_assert_true (has_move (&pos, "Sa1-b3{b3=B}"));
  /* Sa1-c2 touches c3 and c1, both white: still one step, S→B. */
  g_assert_true (has_move (&pos, "Sa1-c2{c2=B}"));
}

/* D24: neutral magicians demote everybody; neutral pieces are always demoted. */
static void
test_neutral (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wRc3 bKh8 bRe3 nmgBa7", FE_WHITE);
  g_assert_true (has_move (&pos, "nmgBa7-d4{c3=B}{e3=B}"));
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgSa1 nRc3 bKh8", FE_WHITE);
  g_assert_true (has_move (&pos, "mgSa1-b3{c3=B}"));
  fe_test_play (&pos, "mgSa1-b3{c3=B}");
  g_assert_true (fe_in_check (&pos, FE_BLACK)); /* the neutral bishop checks h8 */
}

/* D26: a pawn made on its own first rank steps 1–3 squares. */
static void
test_first_rank_pawn (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wSd3 bmgBd2 bKh8", FE_WHITE);
  assert_moves (&pos, "Sd3-", "Sd3-b2 Sd3-b4 Sd3-c1{c1=P} Sd3-c5 Sd3-e1{e1=P} Sd3-e5 Sd3-f2 Sd3-f4");
  fe_test_play (&pos, "Sd3-e1{e1=P}");
  fe_test_play (&pos, "Kh8-g8");
  assert_moves (&pos, "e1", "e1-e2 e1-e3 e1-e4");
}

/* Kings never mutate; castling king and rook both establish contacts. */
static void
test_kings_and_castling (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKe1 bmgRe3 bKh8", FE_WHITE);
  assert_moves (&pos, "K", "Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f1 Ke1-f2");
  fe_test_setup (&pos, &rules, &p, "wKe1 wRh1 bmgSe2 bKh8", FE_WHITE);
  fe_test_play (&pos, "0-0{f1=B}");
  assert_pieces (&pos, "wKg1 wBf1 bmgSe2 bKh8");
}

/* Magician pawns: promote to magicians; no e.p. by or of them. */
static void
test_pawns (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgPb7 bKh8", FE_WHITE);
  assert_moves (&pos, "mgP", "mgPb7-b8=mgB mgPb7-b8=mgQ mgPb7-b8=mgR mgPb7-b8=mgS");
  fe_test_setup (&pos, &rules, &p, "wKh1 wPe5 bKh8 bmgPd7", FE_BLACK);
  fe_test_play (&pos, "mgPd7-d5");
  assert_moves (&pos, "e5", "e5-e6");
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgPe5 bKh8 bPd7", FE_BLACK);
  /* d7-d5 lands next to the white magician pawn: demoted, P stays P. */
  fe_test_play (&pos, "d7-d5");
  assert_moves (&pos, "mgPe5", "mgPe5-e6");
}

/* Locusts: no capture of a magician; a magician locust has no moves. */
static void
test_locust (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wLd1 bKa8 bmgPd4 bPb3", FE_WHITE);
  assert_moves (&pos, "L", "Ld1*b3-a4");
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgLd1 bKa8 bPd4", FE_WHITE);
  assert_moves (&pos, "mgL", "");
}

/* Legality after the mutations (magician-pieces.md §5): demoting an enemy
 * rook into a bishop that then checks one's own king is illegal. */
static void
test_self_check_by_demotion (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  /* A magician on d5, d6 or d7 demotes bRe6 into a bishop that sees the
   * white king along e6-f5-g4-h3; d4 does not touch e6. */
  fe_test_setup (&pos, &rules, &p, "wKh3 wmgRd1 bRe6 bKa8", FE_WHITE);
  g_assert_false (has_move (&pos, "mgRd1-d5{e6=B}"));
  g_assert_false (has_move (&pos, "mgRd1-d6{e6=B}"));
  g_assert_false (has_move (&pos, "mgRd1-d7{e6=B}"));
  g_assert_true (has_move (&pos, "mgRd1-d4"));
}

/* D21 and docs/rules/combinations.md §2: refused set-ups. */
static void
test_validation (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  GError *error = NULL;
  fe_test_setup (&pos, &rules, &p, "wmgKh1 bKa8", FE_WHITE);
  g_assert_false (fe_conditions_validate (&p, &pos, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 wmBb1 bKa8", FE_WHITE);
  g_assert_false (fe_conditions_validate (&p, &pos, &error));
  g_clear_error (&error);
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 bKa8", FE_WHITE);
  g_assert_true (fe_conditions_validate (&p, &pos, &error));
}

/* Make and unmake restore everything. */
static void
test_unmake (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = magician ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wmgRh1 wPe2 wPg2 wGa1 wmgRb3 bKh8 bPa5 bPc5 bNh4 bmgBd6", FE_WHITE);
  fe_test_assert_unmake_restores (&pos, 21);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/magician/mc1", test_mc1);
  g_test_add_func ("/magician/mc2-mixed-colours", test_mc2);
  g_test_add_func ("/magician/mc3-chain-ends", test_mc3);
  g_test_add_func ("/magician/mc4-promotion", test_mc4);
  g_test_add_func ("/magician/mc5-contact-again", test_mc5);
  g_test_add_func ("/magician/mc6-castling", test_mc6);
  g_test_add_func ("/magician/mc7-no-captures", test_mc7);
  g_test_add_func ("/magician/mc8-choice", test_mc8);
  g_test_add_func ("/magician/two-choices", test_two_choices);
  g_test_add_func ("/magician/only-established", test_only_established);
  g_test_add_func ("/magician/one-step", test_one_step);
  g_test_add_func ("/magician/neutral", test_neutral);
  g_test_add_func ("/magician/first-rank-pawn", test_first_rank_pawn);
  g_test_add_func ("/magician/kings-and-castling", test_kings_and_castling);
  g_test_add_func ("/magician/pawns", test_pawns);
  g_test_add_func ("/magician/locust", test_locust);
  g_test_add_func ("/magician/self-check-by-demotion", test_self_check_by_demotion);
  g_test_add_func ("/magician/validation", test_validation);
  g_test_add_func ("/magician/unmake", test_unmake);
  return g_test_run ();
}
