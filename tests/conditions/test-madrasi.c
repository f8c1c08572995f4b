/* test-madrasi.c — Madrasi and Madrasi Rex inclusive (docs/rules/madrasi.md,
 * its examples §11).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "cond-test-util.h"

static const FeConditionParams madrasi = { .FE_P_MADRASI = true };
static const FeConditionParams madrasi_ri = { .FE_P_MADRASI = true, .FE_P_MADRASI_REX_INCLUSIVE = true };

static void
assert_moves (FePosition *pos, const char *expected)
{
  char *got = fe_test_legal_moves (pos);
  g_assert_cmpstr (got, ==, expected);
  g_free (got);
}

static bool
has_move (FePosition *pos, const char *move)
{
  char *got = fe_test_legal_moves (pos);
  char **moves = g_strsplit (got, " ", -1);
  bool found = g_strv_contains ((const char *const *) moves, move);
  g_strfreev (moves);
  g_free (got);
  return found;
}

/* The piece on a square, for checking positions after a move. */
static FePiece
at (const FePosition *pos, const char *square)
{
  return pos->board[fe_square_parse (square)];
}

static bool
is_mate (FePosition *pos)
{
  return fe_in_check (pos, pos->side) && !fe_has_legal_move (pos);
}

/* MD1: Ra1/Ra8 and Bc1/Bh6 paralyse each other; only the king moves. */
static void
test_md1 (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKh1 wRa1 wBc1 bKh8 bRa8 bBh6 bPd5", FE_WHITE);
  assert_moves (&pos, "Kh1-g1 Kh1-g2 Kh1-h2");
}

/* MD2, the seed's Diagram B: three paralysed pairs; the paralysed queen and
 * knight do not guard d2, e2, f2, so the king has five squares. */
static void
test_md2_diagram_b (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKe1 wQb6 wSf5 wPg4 bKh8 bQb2 bSd4 bPh5", FE_WHITE);
  assert_moves (&pos, "Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f1 Ke1-f2");
  fe_test_play (&pos, "Ke1-d2");
  g_assert_cmpint (at (&pos, "d2").walk, ==, FE_WALK_KING);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
}

/* MD3, Diagram C: the black G f3 observes b7 over c6; the white G b7 does
 * not observe f3 (its landing square over c6 is d5). */
static void
test_md3_grasshoppers (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKh1 wGb7 wPc6 bKa1 bGf3", FE_WHITE);
  assert_moves (&pos, "Kh1-g1 Kh1-g2 Kh1-h2 c6-c7");
  fe_test_setup (&pos, &rules, &madrasi, "wKh1 wGb7 wPc6 bKa1 bGf3", FE_BLACK);
  fe_test_play (&pos, "Gf3*b7");
  g_assert_cmpint (at (&pos, "b7").walk, ==, FE_WALK_GRASSHOPPER);
  g_assert_cmpint (at (&pos, "b7").colour, ==, FE_BLACK);
  g_assert_cmpint (at (&pos, "f3").walk, ==, FE_WALK_NONE);
}

/* MD4, Diagram D: the black LO h7 observes c2 (b1 empty), the white LO c2
 * does not observe h7 (beyond it is off the board). */
static void
test_md4_locusts (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wLc2 bKd8 bLh7", FE_BLACK);
  assert_moves (&pos, "Kd8-c7 Kd8-c8 Kd8-d7 Kd8-e7 Kd8-e8 Lh7*c2-b1");
  fe_test_play (&pos, "Lh7*c2-b1");
  g_assert_cmpint (at (&pos, "b1").walk, ==, FE_WALK_LOCUST);
  g_assert_cmpint (at (&pos, "c2").walk, ==, FE_WALK_NONE);
}

/* MD5: after e2-e4 the pawn may be taken e.p. by d4, so it is paralysed for
 * Black's reply and gives no check. */
static void
test_md5_en_passant (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wPe2 bKf5 bPd4", FE_WHITE);
  fe_test_play (&pos, "e2-e4");
  g_assert_false (fe_in_check (&pos, FE_BLACK));
  fe_test_play (&pos, "d4*e3 ep.");
  g_assert_cmpint (at (&pos, "e3").colour, ==, FE_BLACK);
  g_assert_cmpint (at (&pos, "e4").walk, ==, FE_WALK_NONE);

  /* Twin with Pc4: nothing can take e.p., so e2-e4 checks. */
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wPe2 bKf5 bPc4", FE_WHITE);
  fe_test_play (&pos, "e2-e4");
  g_assert_true (fe_in_check (&pos, FE_BLACK));

  /* Without Madrasi the d4 pawn changes nothing: check. */
  FeConditionParams none = { 0 };
  fe_test_setup (&pos, &rules, &none, "wKa1 wPe2 bKf5 bPd4", FE_WHITE);
  fe_test_play (&pos, "e2-e4");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
}

/* After a pass (series play, threats) the e.p. record stays: the pawn that
 * made the double step is still paralysed for its own side's next move, as
 * in Popeye (4.63-4.65 regression ser-zd53: only 1.d2-d4 2.h3-h4 3.d4-d5). */
static void
test_en_passant_after_pass (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wPd2 wPh3 bKh8 bPe4", FE_WHITE);
  fe_test_play (&pos, "d2-d4");
  FeUndo pass;
  fe_make_null (&pos, &pass);
  g_assert_false (has_move (&pos, "d4-d5"));
  g_assert_true (has_move (&pos, "h3-h4"));
  g_assert_false (has_move (&pos, "e4*d3 ep."));
  fe_test_play (&pos, "h3-h4");
  fe_make_null (&pos, &pass);
  g_assert_true (has_move (&pos, "d4-d5"));

  /* Without a black pawn beside it, nothing changes. */
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wPd2 bKh8 bPh4", FE_WHITE);
  fe_test_play (&pos, "d2-d4");
  fe_make_null (&pos, &pass);
  g_assert_true (has_move (&pos, "d4-d5"));
}

/* MD6, Rex inclusive: touching kings are both paralysed; Rh2 mates. */
static void
test_md6_rex_inclusive (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi_ri, "wKe1 wRh1 bKd2", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  g_assert_false (has_move (&pos, "0-0"));
  g_assert_false (has_move (&pos, "Ke1-f1"));
  g_assert_true (has_move (&pos, "Rh1-h2"));
  fe_test_play (&pos, "Rh1-h2");
  g_assert_true (is_mate (&pos));

  /* Rex exclusive: the kings may not touch (the white king is attacked by
   * the black king), so the position is illegal for Black to move into —
   * here simply: White's king attacks d2 and Kd2 is in check. */
  fe_test_setup (&pos, &rules, &madrasi, "wKe1 wRh1 bKd2", FE_BLACK);
  g_assert_true (fe_in_check (&pos, FE_BLACK));
}

/* MD7: castling is a king move (D8): allowed with a paralysed rook. */
static void
test_md7_castling (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKe1 wRh1 bKa8 bRh8", FE_WHITE);
  g_assert_false (has_move (&pos, "Rh1-g1"));
  fe_test_play (&pos, "0-0");
  g_assert_cmpint (at (&pos, "g1").walk, ==, FE_WALK_KING);
  g_assert_cmpint (at (&pos, "f1").walk, ==, FE_WALK_ROOK);
  g_assert_cmpint (at (&pos, "h8").walk, ==, FE_WALK_ROOK);
}

/* docs/rules/common-model.md §2.3: with White Pe4 and a neutral Pf5, the
 * neutral pawn played by White is not paralysed by the white pawn, while the
 * neutral pawn (as a black pawn) observes e4 and paralyses it. */
static void
test_neutral_pawn (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKa1 wPe4 bKh8 nPf5", FE_WHITE);
  assert_moves (&pos, "Ka1-a2 Ka1-b1 Ka1-b2 nPf5-f6");
}

/* reg_4_61_to_4_63_07 (Popeye's regression case): White Kh3 Rb8, Black
 * Kh1, neutral Ra7, #1.  1.Rb1+ is answered by 1...nRa1, which paralyses
 * the white rook (same walk, adjacent), so there is no mate in one. */
static void
test_neutral_rook_no_mate (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKh3 wRb8 bKh1 nRa7", FE_WHITE);
  FeMoveList list;
  fe_generate_legal (&pos, &list);
  g_assert_cmpint (list.count, >, 0);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      g_assert_true (fe_make (&pos, &list.moves[i], &undo));
      g_assert_false (is_mate (&pos));
      fe_unmake (&pos, &list.moves[i], &undo);
    }
  fe_test_play (&pos, "Rb8-b1");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
  g_assert_true (has_move (&pos, "nRa7-a1"));
  fe_test_play (&pos, "nRa7-a1");
  g_assert_false (fe_in_check (&pos, FE_BLACK));
}

/* A paralysed piece still paralyses, and a pinned or paralysed observer
 * still counts (madrasi.md §2): Ra1 paralysed by Ra8 still paralyses Ra8. */
static void
test_paralysed_paralyses (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKh1 wRa1 bKh8 bRa8", FE_BLACK);
  assert_moves (&pos, "Kh8-g7 Kh8-g8 Kh8-h7");
}

/* Only the same walk paralyses: a queen and a rook on one file do not. */
static void
test_same_walk_only (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &madrasi, "wKh1 wQa1 bKh8 bRa8", FE_WHITE);
  g_assert_true (has_move (&pos, "Qa1*a8"));
}

/* Madrasi + Einstein (madrasi.md §5, docs/rules/combinations.md §2): e.p.
 * paralysis after a triple step.  The white pawn c1 (its own first rank) goes
 * to c4 and stays a pawn (a non-capture cannot go below P).  The black pawn
 * d4 could take it e.p. on c3, so it is paralysed and does not check b5;
 * without d4 it checks. */
static void
test_einstein_triple_step (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { .FE_P_MADRASI = true, .FE_P_EINSTEIN = FE_EINSTEIN_NORMAL };
  fe_test_setup (&pos, &rules, &p, "wKh1 wPc1 bKb5 bPd4", FE_WHITE);
  fe_test_play (&pos, "c1-c4");
  g_assert_cmpint (at (&pos, "c4").walk, ==, FE_WALK_PAWN);
  g_assert_false (fe_in_check (&pos, FE_BLACK));
  fe_test_setup (&pos, &rules, &p, "wKh1 wPc1 bKb5 bPa7", FE_WHITE);
  fe_test_play (&pos, "c1-c4");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
}

/* Madrasi + magicians (D33): a magician rook neither paralyses nor is
 * paralysed by the black rook on the open file. */
static void
test_magician (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { .FE_P_MADRASI = true, .FE_P_MAGICIAN = true };
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 bKh8 bRa8", FE_WHITE);
  g_assert_true (has_move (&pos, "mgRa1-a2"));
  fe_test_setup (&pos, &rules, &p, "wKh1 wmgRa1 bKh8 bRa8", FE_BLACK);
  g_assert_true (has_move (&pos, "Ra8-b8"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/madrasi/md1", test_md1);
  g_test_add_func ("/madrasi/md2-diagram-b", test_md2_diagram_b);
  g_test_add_func ("/madrasi/md3-grasshoppers", test_md3_grasshoppers);
  g_test_add_func ("/madrasi/md4-locusts", test_md4_locusts);
  g_test_add_func ("/madrasi/md5-en-passant", test_md5_en_passant);
  g_test_add_func ("/madrasi/en-passant-after-pass", test_en_passant_after_pass);
  g_test_add_func ("/madrasi/md6-rex-inclusive", test_md6_rex_inclusive);
  g_test_add_func ("/madrasi/md7-castling", test_md7_castling);
  g_test_add_func ("/madrasi/neutral-pawn", test_neutral_pawn);
  g_test_add_func ("/madrasi/neutral-rook-no-mate", test_neutral_rook_no_mate);
  g_test_add_func ("/madrasi/paralysed-paralyses", test_paralysed_paralyses);
  g_test_add_func ("/madrasi/same-walk-only", test_same_walk_only);
  g_test_add_func ("/madrasi/einstein-triple-step", test_einstein_triple_step);
  g_test_add_func ("/madrasi/magician", test_magician);
  return g_test_run ();
}
