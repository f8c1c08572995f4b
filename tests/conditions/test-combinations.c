/* test-combinations.c — conditions of different genres together
 * (docs/rules/combinations.md, its examples §6; effect-order.md §1).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CB1, CB2 and CB4 were verified with Popeye; every other expectation is
 * derived by hand in its comment, following the effect order of
 * effect-order.md §1: displacement → imitators → Einstein → magician →
 * magic → legality.
 */
#include "piece-list.h"

/* CB1, Einstein + Magic (verified): views are computed after the mutation. */
static void
test_einstein_magic (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_EINSTEIN = FE_EINSTEIN_NORMAL;
  p.FE_P_MAGIC = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wmRa1 bKh8 bPa7 bPc7", FE_WHITE);
  g_assert_true (has_move (&pos, "mRa1-a5=B[c7=w]"));
  g_assert_true (has_move (&pos, "mRa1-g1=B[a7=w]"));
  g_assert_true (has_move (&pos, "mRa1*a7=Q[c7=w]"));
  g_assert_true (has_move (&pos, "mRa1-a6=B"));
  fe_test_play (&pos, "mRa1*a7=Q[c7=w]");
  assert_pieces (&pos, "wKh1 wmQa7 wPc7 bKh8");
}

/* CB2, Imitator + Einstein (verified): the bracket precedes the mutation. */
static void
test_imitator_einstein (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_EINSTEIN = FE_EINSTEIN_NORMAL;
  p.FE_P_IMITATOR = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 bPa7 Ic3", FE_WHITE);
  g_assert_true (has_move (&pos, "Ra1-a5[Ic7]=B"));
  g_assert_true (has_move (&pos, "Ra1-b1[Id3]=B"));
  /* Ra1*a7 would take the imitator c3→c9: not imitable. */
  g_assert_false (has_move (&pos, "Ra1*a7[Ic9]=Q"));
  assert_moves (&pos, "Ra1*", "");
  fe_test_play (&pos, "Ra1-a5[Ic7]=B");
  assert_pieces (&pos, "wKh1 wBa5 bKh8 bPa7 Ic7");
}

/* CB4, Imitator + Magic (verified): a view needs an imitable capture. */
static void
test_imitator_magic (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_IMITATOR = true;
  p.FE_P_MAGIC = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wmRa1 bKh8 bPa7 bPc7 Ie5", FE_WHITE);
  g_assert_true (has_move (&pos, "mRa1-a4[Ie8]"));
}

/* Madrasi + Imitator (defined by combinations.md §2; Popeye refuses it).
 * wRb2 and bRb7 see each other along the b-file: both are paralysed, so
 * White's only piece that may move is the king.  Ka1-b1 would push the
 * imitator h3 to i3, off the board; Ka1-a2 takes it to h4.  Without Madrasi
 * the rook moves up the b-file (h3→h4…h7) and to a2 (h3→g3) and b1 (h2);
 * Rb2*b7 would land the imitator on h8, where the black king stands. */
static void
test_madrasi_imitator (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_MADRASI = true;
  p.FE_P_IMITATOR = true;
  fe_test_setup (&pos, &rules, &p, "wKa1 wRb2 bKh8 bRb7 Ih3", FE_WHITE);
  assert_moves (&pos, "", "Ka1-a2[Ih4]");
  p.FE_P_MADRASI = false;
  fe_test_setup (&pos, &rules, &p, "wKa1 wRb2 bKh8 bRb7 Ih3", FE_WHITE);
  assert_moves (&pos, "R",
                "Rb2-a2[Ig3] Rb2-b1[Ih2] Rb2-b3[Ih4] Rb2-b4[Ih5] Rb2-b5[Ih6] Rb2-b6[Ih7]");
}

/* Madrasi + Einstein: the mutated walk decides the next paralysis.
 * Rb1-b4 becomes a bishop on b4, which sees the black bishop d6 along
 * b4-c5-d6 and is seen by it: Black's bishop is paralysed, only the king
 * moves (g7, g8, h7; nothing of White's reaches them). */
static void
test_madrasi_einstein (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_MADRASI = true;
  p.FE_P_EINSTEIN = FE_EINSTEIN_NORMAL;
  fe_test_setup (&pos, &rules, &p, "wKh1 wRb1 bKh8 bBd6", FE_WHITE);
  fe_test_play (&pos, "Rb1-b4=B");
  assert_moves (&pos, "", "Kh8-g7 Kh8-g8 Kh8-h7");
}

/* Magician + Einstein (D32, D34). */
static void
test_magician_einstein (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_EINSTEIN = FE_EINSTEIN_NORMAL;
  p.FE_P_MAGICIAN = true;
  /* The example of effect-order.md §1.3: Qd1-d5 moves without capture
   * (Einstein Q→R) and ends next to the white magician e6 (magician R→Q): a
   * queen again.  Qd1-d2 touches nothing: a rook. */
  fe_test_setup (&pos, &rules, &p, "wKh1 wQd1 wmgBe6 bKa8", FE_WHITE);
  g_assert_true (has_move (&pos, "Qd1-d5=R{d5=Q}"));
  g_assert_true (has_move (&pos, "Qd1-d2=R"));
  fe_test_play (&pos, "Qd1-d5=R{d5=Q}");
  assert_pieces (&pos, "wKh1 wQd5 wmgBe6 bKa8");

  /* A moving magician mutates by Einstein and stays a magician (D34); the
   * mutation is written without the prefix, as Popeye writes an Einstein
   * mutation of a magic piece (CB1). */
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 bKh8", FE_WHITE);
  fe_test_play (&pos, "mgRa1-a4=B");
  assert_pieces (&pos, "wKh1 wmgBa4 bKh8");

  /* Ra1-a5: Einstein R→B, then the black magician b6 demotes B→S. */
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 bmgSb6", FE_WHITE);
  g_assert_true (has_move (&pos, "Ra1-a5=B{a5=S}"));
  g_assert_true (has_move (&pos, "Ra1-a4=B"));

  /* Both choices in one move, F = {G, N}: the magician pawn's step makes
   * it a fairy piece (Einstein, P down → F: 2 ways) and demotes the two
   * black pawns it now touches (P down → F: 2 ways each): 8 moves. */
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgPb2 bKe8 bPa4 bPc4 bGg8 bNh8", FE_WHITE);
  char *b3 = moves_starting (&pos, "mgPb2-b3");
  g_assert_cmpstr (b3, ==,
                   "mgPb2-b3=G{a4=G}{c4=G} mgPb2-b3=G{a4=G}{c4=N} "
                   "mgPb2-b3=G{a4=N}{c4=G} mgPb2-b3=G{a4=N}{c4=N} "
                   "mgPb2-b3=N{a4=G}{c4=G} mgPb2-b3=N{a4=G}{c4=N} "
                   "mgPb2-b3=N{a4=N}{c4=G} mgPb2-b3=N{a4=N}{c4=N}");
  g_free (b3);
  fe_test_play (&pos, "mgPb2-b3=N{a4=G}{c4=N}");
  assert_pieces (&pos, "wKh1 wmgNb3 bKe8 bGa4 bNc4 bGg8 bNh8");
}

/* Imitator + Magician: a magician's move must be imitable; imitators have
 * no contacts.  mgRa1-a4 takes the imitator c3→c6 and demotes nothing but
 * promotes the white knight b4 (S→B).  mgRa1-a7 would need c3→c9. */
static void
test_imitator_magician (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { 0 };
  p.FE_P_IMITATOR = true;
  p.FE_P_MAGICIAN = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 wSb4 bKh8 Ic3", FE_WHITE);
  g_assert_true (has_move (&pos, "mgRa1-a4[Ic6]{b4=B}"));
  g_assert_true (has_move (&pos, "mgRa1-a3[Ic5]{b4=B}"));
  g_assert_true (has_move (&pos, "mgRa1-a2[Ic4]"));
  assert_moves (&pos, "mgRa1-a7", "");
  fe_test_play (&pos, "mgRa1-a4[Ic6]{b4=B}");
  assert_pieces (&pos, "wKh1 wmgRa4 wBb4 bKh8 Ic6");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/combinations/einstein-magic", test_einstein_magic);
  g_test_add_func ("/combinations/imitator-einstein", test_imitator_einstein);
  g_test_add_func ("/combinations/imitator-magic", test_imitator_magic);
  g_test_add_func ("/combinations/madrasi-imitator", test_madrasi_imitator);
  g_test_add_func ("/combinations/madrasi-einstein", test_madrasi_einstein);
  g_test_add_func ("/combinations/magician-einstein", test_magician_einstein);
  g_test_add_func ("/combinations/imitator-magician", test_imitator_magician);
  return g_test_run ();
}
