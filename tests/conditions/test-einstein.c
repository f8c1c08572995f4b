/* test-einstein.c — Einstein chess and its variants (docs/rules/einstein.md,
 * its examples §7).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions marked (verified) in einstein.md were run through Popeye; the
 * fairy-chain, promotion and one-side cases are hand-derived.
 */
#include "piece-list.h"

static FeConditionParams
einstein (int variant)
{
  FeConditionParams p = { 0 };
  p.FE_P_EINSTEIN = variant;
  return p;
}

/* E1: a knight moving without capture becomes a pawn, capturing a bishop. */
static void
test_e1 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKh1 wBc5 bKh8 bSb7", FE_BLACK);
  assert_moves (&pos, "S", "Sb7*c5=B Sb7-a5=P Sb7-d6=P Sb7-d8=P");
  FePosition start = pos;
  fe_test_play (&pos, "Sb7-a5=P");
  assert_pieces (&pos, "wKh1 wBc5 bKh8 bPa5");
  pos = start;
  fe_test_play (&pos, "Sb7*c5=B");
  assert_pieces (&pos, "wKh1 bKh8 bBc5");
  /* The pawn on d8, its own first rank, steps one to three squares. */
  pos = start;
  fe_test_play (&pos, "Sb7-d8=P");
  fe_test_play (&pos, "Kh1-g1");
  assert_moves (&pos, "d", "d8-d5 d8-d6 d8-d7");
}

/* E2: a capture onto the last rank mutates; a step there stays a pawn. */
static void
test_e2 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKh1 wPh7 bKa7 bSg8", FE_WHITE);
  assert_moves (&pos, "h", "h7*g8=S h7-h8");
  FePosition start = pos;
  fe_test_play (&pos, "h7*g8=S");
  assert_pieces (&pos, "wKh1 wSg8 bKa7");
  pos = start;
  fe_test_play (&pos, "h7-h8");
  assert_pieces (&pos, "wKh1 wPh8 bKa7 bSg8");
  fe_test_play (&pos, "Ka7-b7");
  assert_moves (&pos, "h", ""); /* the pawn on h8 is immobile */
}

/* E3 (colour-mirrored in Popeye): triple step and e.p. on every passed square. */
static void
test_e3_triple_ep (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKh5 wPb1 bKh7 bPa2 bPa3 bPc4", FE_WHITE);
  assert_moves (&pos, "b", "b1*a2=S b1-b2 b1-b3 b1-b4");
  FePosition start = pos;
  fe_test_play (&pos, "b1-b3");
  assert_moves (&pos, "a3", "a3*b2 ep.=S");
  g_assert_true (has_move (&pos, "c4*b3=S"));
  pos = start;
  fe_test_play (&pos, "b1-b4");
  assert_moves (&pos, "a3", "a3*b2 ep.=S");
  assert_moves (&pos, "c4", "c4*b3 ep.=S c4-c3");
  FePosition mid = pos;
  fe_test_play (&pos, "c4*b3 ep.=S");
  assert_pieces (&pos, "wKh5 bKh7 bPa2 bPa3 bSb3");
  pos = mid;
  fe_test_play (&pos, "a3*b2 ep.=S");
  assert_pieces (&pos, "wKh5 bKh7 bPa2 bSb2 bPc4");
}

/* E4: the castling rook becomes a bishop (a queen in Reverse Einstein). */
static void
test_e4 (void)
{
  static const struct { int variant; const char *moves; } cases[] = {
    { FE_EINSTEIN_NORMAL, "0-0-0=B 0-0=B" },
    { FE_EINSTEIN_ANTI, "0-0-0=B 0-0=B" },
    { FE_EINSTEIN_REVERSE, "0-0-0=Q 0-0=Q" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FePosition pos;
      FeRules rules;
      FeConditionParams p = einstein (cases[i].variant);
      fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 bKe8", FE_WHITE);
      assert_moves (&pos, "0", cases[i].moves);
    }
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 bKe8", FE_WHITE);
  fe_test_play (&pos, "0-0=B");
  assert_pieces (&pos, "wKg1 wRa1 wBf1 bKe8");
}

/* E5: Reverse Einstein. */
static void
test_e5_reverse (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_REVERSE);
  const char *diagram = "wKe1 wRh1 wSb1 wPg7 bKe8 bQf8 bPa2";
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  g_assert_true (has_move (&pos, "Sb1-a3=B"));
  g_assert_true (has_move (&pos, "Rh1-h5=Q"));
  assert_moves (&pos, "g", "g7*f8 g7-g8=S");
  assert_moves (&pos, "0", ""); /* Qf8 attacks f1 */
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  assert_moves (&pos, "a", "a2*b1 a2-a1=S");
  assert_moves (&pos, "Qf8*", "Qf8*g7=R");
  fe_test_play (&pos, "a2*b1");
  assert_pieces (&pos, "wKe1 wRh1 bPb1 wPg7 bKe8 bQf8");
}

/* E6: Anti-Einstein, White to move. */
static void
test_e6_anti (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_ANTI);
  fe_test_setup (&pos, &rules, &p, "wKe1 wRh1 wSb1 wPg7 bKe8 bQf8 bPa2", FE_WHITE);
  g_assert_true (has_move (&pos, "Sb1-a3=P"));
  g_assert_true (has_move (&pos, "Rh1-f1=B"));
  assert_moves (&pos, "g", "g7*f8 g7-g8");
}

/* E7: a rook made on the corner square may castle. */
static void
test_e7_corner_rook (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKe1 wQg2 bKa7", FE_WHITE);
  fe_test_play (&pos, "Qg2-h1=R");
  pass_turn (&pos);
  assert_moves (&pos, "0", "0-0=B");
  fe_test_play (&pos, "0-0=B");
  assert_pieces (&pos, "wKg1 wBf1 bKa7");
}

/* E8: a Reverse Einstein triple step makes a knight, still taken e.p. */
static void
test_e8_reverse_ep (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_REVERSE);
  fe_test_setup (&pos, &rules, &p, "wKh4 wPa5 bKh2 bPb8", FE_BLACK);
  assert_moves (&pos, "b", "b8-b5=S b8-b6=S b8-b7=S");
  fe_test_play (&pos, "b8-b5=S");
  assert_moves (&pos, "a", "a5*b6 ep. a5-a6=S");
  fe_test_play (&pos, "a5*b6 ep.");
  assert_pieces (&pos, "wKh4 wPb6 bKh2");
}

/* E9: the fairy set at the chain ends; several walks are the mover's choice. */
static void
test_e9_fairy_chain (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKe1 wPb2 wQd1 bKa8 bGh8 bPd6", FE_WHITE);
  assert_moves (&pos, "b", "b2-b3=G b2-b4=G");
  assert_moves (&pos, "Qd1*", "Qd1*d6=G");
  FePosition start = pos;
  fe_test_play (&pos, "Qd1*d6=G");
  assert_pieces (&pos, "wKe1 wPb2 wGd6 bKa8 bGh8");
  /* A G never changes (D28): it moved without capture and stays a G. */
  fe_test_play (&pos, "Gh8-a1");
  assert_pieces (&pos, "wKe1 wPb2 wGd6 bKa8 bGa1");
  pos = start;
  /* With a nightrider too, each step into F exists twice. */
  fe_test_setup (&pos, &rules, &p, "wKe1 wPb2 wQd1 bKa8 bGh8 bNa6 bPd6", FE_WHITE);
  assert_moves (&pos, "b", "b2-b3=G b2-b3=N b2-b4=G b2-b4=N");
  assert_moves (&pos, "Qd1*", "Qd1*d6=G Qd1*d6=N");
  /* The queen's non-capturing moves go down to a rook: no choice. */
  assert_moves (&pos, "Qd1-d2", "Qd1-d2=R");
}

/* E10 (D29): with promotions, a pawn move to the last rank promotes freely
 * and does not mutate. */
static void
test_e10_promotions (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  p.FE_P_EINSTEIN_PROMOTIONS = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wPh7 bKa7 bSg8", FE_WHITE);
  assert_moves (&pos, "h", "h7*g8=B h7*g8=Q h7*g8=R h7*g8=S h7-h8=B h7-h8=Q h7-h8=R h7-h8=S");
  fe_test_play (&pos, "h7*g8=Q");
  assert_pieces (&pos, "wKh1 wQg8 bKa7");
  /* Other moves still mutate. */
  fe_test_play (&pos, "Ka7-b7");
  g_assert_true (has_move (&pos, "Qg8-g2=R"));
}

/* D31: one-side Einstein; the other side plays orthodox chess. */
static void
test_one_side (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  p.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_WHITE_ONLY;
  const char *diagram = "wKe1 wRa1 wPg7 bKd8 bRh5 bPb2";
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  g_assert_true (has_move (&pos, "Ra1-a5=B"));
  assert_moves (&pos, "g", "g7-g8"); /* no promotion for the Einstein side */
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  g_assert_true (has_move (&pos, "Rh5-h4"));
  assert_moves (&pos, "b", "b2*a1=B b2*a1=Q b2*a1=R b2*a1=S b2-b1=B b2-b1=Q b2-b1=R b2-b1=S");

  p.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_BLACK_ONLY;
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  g_assert_true (has_move (&pos, "Ra1-a5"));
  assert_moves (&pos, "g", "g7-g8=B g7-g8=Q g7-g8=R g7-g8=S");
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  g_assert_true (has_move (&pos, "Rh5-h4=B"));
  assert_moves (&pos, "b", "b2*a1=S b2-b1");
}

/* D31: the orthodox side takes an Einstein pawn's triple step en passant. */
static void
test_one_side_ep (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  p.FE_P_EINSTEIN_SIDE = FE_EINSTEIN_WHITE_ONLY;
  fe_test_setup (&pos, &rules, &p, "wKh1 wPc1 bKh8 bPd3 bPb4", FE_WHITE);
  fe_test_play (&pos, "c1-c4");
  assert_moves (&pos, "d3", "d3*c2 ep. d3-d2");
  assert_moves (&pos, "b4", "b4*c3 ep. b4-b3");
}

/* Oracle reg_4_77_to_4_79_01 (twin b replaces the condition, as Popeye's
 * twin "condition" does: each twin has one variant). */
static void
test_oracle_reg_4_77 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_ANTI);
  fe_test_setup (&pos, &rules, &p, "wPc1 bRb2 bRd2", FE_WHITE);
  assert_moves (&pos, "", "c1*b2 c1*d2 c1-c2 c1-c3 c1-c4");
  p = einstein (FE_EINSTEIN_REVERSE);
  fe_test_setup (&pos, &rules, &p, "wPc1 bRb2 bRd2", FE_WHITE);
  assert_moves (&pos, "", "c1*b2 c1*d2 c1-c2=S c1-c3=S c1-c4=S");
}

/* Oracle bsp_einstein_00 (h#2): both of Popeye's solutions mate. */
static void
test_oracle_bsp_00 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  const char *diagram = "wKf2 wQg6 bKd1 bRa8 bPc1 bPf3 bPf4";
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  fe_test_play (&pos, "Ra8-a4=B");
  fe_test_play (&pos, "Kf2-f1");
  fe_test_play (&pos, "Ba4-c2=S");
  fe_test_play (&pos, "Qg6-d3=R");
  assert_mate (&pos);
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  fe_test_play (&pos, "Ra8-a6=B");
  fe_test_play (&pos, "Qg6-d6=R");
  fe_test_play (&pos, "Ba6-d3=S");
  fe_test_play (&pos, "Rd6*d3=Q");
  assert_mate (&pos);
  /* The black pawn on c1 (its promotion rank) never moves. */
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  assert_moves (&pos, "c", "");
}

/* Oracle bsp_einstein_01 (#2): the key and its threat. */
static void
test_oracle_bsp_01 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  const char *diagram = "wKe7 wRc6 wBe6 wSe2 wPd6 wPf3 bKe5 bRb1 bBf4 bPb6 bPc3 bPd4 bPg3";
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  fe_test_play (&pos, "Rc6-c4=B");
  FePosition key = pos;
  fe_test_play (&pos, "Rb1-b5=B");
  fe_test_play (&pos, "Bc4*b5=R");
  assert_mate (&pos);
  pos = key;
  fe_test_play (&pos, "d4-d3");
  fe_test_play (&pos, "Se2*c3=B");
  assert_mate (&pos);
  pos = key;
  fe_test_play (&pos, "Bf4-c1=S");
  fe_test_play (&pos, "Se2*g3=B");
  assert_mate (&pos);
}

/* Oracle bsp_einstein_03 (h#2 duplex): castling with a rook made bishop. */
static void
test_oracle_bsp_03 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  const char *diagram = "wKe1 wRd1 wRh1 wPh2 bKh3 bRa2";
  fe_test_setup (&pos, &rules, &p, diagram, FE_BLACK);
  fe_test_play (&pos, "Ra2-e2=B");
  fe_test_play (&pos, "Rd1-d8=B");
  fe_test_play (&pos, "Be2-g4=S");
  fe_test_play (&pos, "0-0=B");
  assert_mate (&pos);
  fe_test_setup (&pos, &rules, &p, diagram, FE_WHITE);
  fe_test_play (&pos, "Rh1-g1=B");
  fe_test_play (&pos, "Kh3-g2");
  fe_test_play (&pos, "Bg1-f2=S");
  fe_test_play (&pos, "Ra2*f2=Q");
  assert_mate (&pos);
}

/* Oracle bsp_einstein_05 (ser-#3, Reverse Einstein). */
static void
test_oracle_bsp_05 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_REVERSE);
  fe_test_setup (&pos, &rules, &p, "wKc8 wPb6 bKa8 bPa7", FE_WHITE);
  fe_test_play (&pos, "b6-b7=S");
  pass_turn (&pos);
  fe_test_play (&pos, "Sb7-d6=B");
  pass_turn (&pos);
  fe_test_play (&pos, "Bd6-b8=R");
  assert_mate (&pos);
}

/* Make and unmake restore everything, mutations included. */
static void
test_unmake (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = einstein (FE_EINSTEIN_NORMAL);
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 wQd1 wPb2 bKe8 bGh8 bNa6 bPd6", FE_WHITE);
  fe_test_assert_unmake_restores (&pos, 21);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/einstein/e1", test_e1);
  g_test_add_func ("/einstein/e2", test_e2);
  g_test_add_func ("/einstein/e3", test_e3_triple_ep);
  g_test_add_func ("/einstein/e4-castling", test_e4);
  g_test_add_func ("/einstein/e5-reverse", test_e5_reverse);
  g_test_add_func ("/einstein/e6-anti", test_e6_anti);
  g_test_add_func ("/einstein/e7-corner-rook", test_e7_corner_rook);
  g_test_add_func ("/einstein/e8-reverse-ep", test_e8_reverse_ep);
  g_test_add_func ("/einstein/e9-fairy-chain", test_e9_fairy_chain);
  g_test_add_func ("/einstein/e10-promotions", test_e10_promotions);
  g_test_add_func ("/einstein/one-side", test_one_side);
  g_test_add_func ("/einstein/one-side-ep", test_one_side_ep);
  g_test_add_func ("/einstein/oracle-reg-4-77", test_oracle_reg_4_77);
  g_test_add_func ("/einstein/oracle-bsp-00", test_oracle_bsp_00);
  g_test_add_func ("/einstein/oracle-bsp-01", test_oracle_bsp_01);
  g_test_add_func ("/einstein/oracle-bsp-03", test_oracle_bsp_03);
  g_test_add_func ("/einstein/oracle-bsp-05", test_oracle_bsp_05);
  g_test_add_func ("/einstein/unmake", test_unmake);
  return g_test_run ();
}
