/* test-magic.c — magic pieces (docs/rules/magic-pieces.md, its examples
 * §10; combinations.md §6 CB3).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "cond-test-util.h"

static const FeConditionParams magic = { .FE_P_MAGIC = true };
static const FeConditionParams magic_madrasi = { .FE_P_MAGIC = true, .FE_P_MADRASI = true };

static char **
legal (FePosition *pos)
{
  char *all = fe_test_legal_moves (pos);
  char **moves = g_strsplit (all, " ", -1);
  g_free (all);
  return moves;
}

static bool
has_move (FePosition *pos, const char *move)
{
  char **moves = legal (pos);
  bool found = g_strv_contains ((const char *const *) moves, move);
  g_strfreev (moves);
  return found;
}

/* Legal moves whose text starts with `prefix` (sorted, space-separated). */
static char *
moves_from (FePosition *pos, const char *prefix)
{
  char **moves = legal (pos);
  GString *out = g_string_new (NULL);
  for (char **m = moves; *m; m++)
    if (g_str_has_prefix (*m, prefix))
      {
        if (out->len)
          g_string_append_c (out, ' ');
        g_string_append (out, *m);
      }
  g_strfreev (moves);
  return g_string_free (out, FALSE);
}

/* Legal moves that recolour something (contain "=w]" or "=b]"). */
static char *
recolouring_moves (FePosition *pos)
{
  char **moves = legal (pos);
  GString *out = g_string_new (NULL);
  for (char **m = moves; *m; m++)
    if (strstr (*m, "=w]") || strstr (*m, "=b]"))
      {
        if (out->len)
          g_string_append_c (out, ' ');
        g_string_append (out, *m);
      }
  g_strfreev (moves);
  return g_string_free (out, FALSE);
}

static void
assert_piece (const FePosition *pos, const char *square, int walk, int colour)
{
  FePiece p = pos->board[fe_square_parse (square)];
  g_assert_cmpint (p.walk, ==, walk);
  if (walk)
    g_assert_cmpint (p.colour, ==, colour);
}

/* MG1, Diagrams A–D: c7 newly viewed by the bishop (once), b7 discovered
 * by Rb1 (once), h2 by the bishop and by Ra2 (twice: no change), g7 seen
 * before along the same diagonal from the same side (not new). */
static void
test_mg1 (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKf1 wPc7 wmRa2 wmRb1 wmBb2 bKe8 bBb7 bPg7 bPh2", FE_WHITE);
  fe_test_play (&pos, "mBb2-e5[b7=w][c7=b]");
  assert_piece (&pos, "b7", FE_WALK_BISHOP, FE_WHITE);
  assert_piece (&pos, "c7", FE_WALK_PAWN, FE_BLACK);
  assert_piece (&pos, "g7", FE_WALK_PAWN, FE_BLACK);
  assert_piece (&pos, "h2", FE_WALK_PAWN, FE_BLACK);
  assert_piece (&pos, "e5", FE_WALK_BISHOP, FE_WHITE);
  g_assert_true (pos.board[fe_square_parse ("e5")].attrs & FE_ATTR_MAGIC);
}

/* MG2 and magic-pieces.md §8, the seed's Diagram E: exactly six moves
 * recolour Sb1. */
static void
test_mg2_diagram_e (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKd8 wSb1 bmPa2 bmKb2 bmQh7", FE_BLACK);
  char *got = recolouring_moves (&pos);
  g_assert_cmpstr (got, ==,
                   "mKb2-a1[b1=b] mKb2-c1[b1=b] mKb2-c2[b1=b] mPa2-a1=mQ[b1=b] "
                   "mPa2-a1=mR[b1=b] mQh7-h1[b1=b]");
  g_free (got);
  /* The instructive non-recolouring moves. */
  g_assert_true (has_move (&pos, "mQh7-c2"));
  g_assert_true (has_move (&pos, "mPa2-a1=mB"));
  g_assert_true (has_move (&pos, "mPa2-a1=mS"));
  g_assert_true (has_move (&pos, "mKb2-b3"));
  g_assert_false (has_move (&pos, "mKb2-a3"));
  g_assert_false (has_move (&pos, "mKb2-c3"));
  fe_test_play (&pos, "mQh7-h1[b1=b]");
  assert_piece (&pos, "b1", FE_WALK_KNIGHT, FE_BLACK);
  assert_piece (&pos, "h1", FE_WALK_QUEEN, FE_BLACK);
}

/* MG3: sliding along the observed line is not new; arriving on a new line
 * is; the magic piece itself may be captured. */
static void
test_mg3_sliding (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKh1 wmRa1 bKh8 bRa5 bRb5", FE_BLACK);
  char *got = moves_from (&pos, "Ra5");
  g_assert_cmpstr (got, ==,
                   "Ra5*a1 Ra5-a2 Ra5-a3 Ra5-a4 Ra5-a6 Ra5-a7 Ra5-a8");
  g_free (got);
  fe_test_play (&pos, "Rb5-b1[b1=w]");
  assert_piece (&pos, "b1", FE_WALK_ROOK, FE_WHITE);
  assert_piece (&pos, "a5", FE_WALK_ROOK, FE_BLACK);
}

/* MG4: the capturer arrives on an observed square and is a new target. */
static void
test_mg4_capture (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKh1 wmRa1 wSb3 bKh8 bPa5", FE_WHITE);
  g_assert_true (has_move (&pos, "Sb3-c1[c1=b]"));
  fe_test_play (&pos, "Sb3*a5[a5=b]");
  assert_piece (&pos, "a5", FE_WALK_KNIGHT, FE_BLACK);
}

/* MG5: recolouring the queen makes her check the own king: illegal. */
static void
test_mg5_self_check (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKh4 wmRa2 wQe7 bKb8", FE_WHITE);
  char *got = moves_from (&pos, "mRa2-e2");
  g_assert_cmpstr (got, ==, "");
  g_free (got);
  got = moves_from (&pos, "mRa2-a7");
  g_assert_cmpstr (got, ==, "");
  g_free (got);
  fe_test_play (&pos, "mRa2-b2");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
}

/* MG6: an en-passant capture empties c5 and discovers the knight. */
static void
test_mg6_en_passant (void)
{
  FePosition pos;
  FeRules rules;
  const char *pieces = "wKh1 wmRa5 wPb5 bKh8 bPc7 bSf5";
  fe_test_setup (&pos, &rules, &magic, pieces, FE_BLACK);
  fe_test_play (&pos, "c7-c5");
  g_assert_true (has_move (&pos, "b5-b6[c5=w]"));
  fe_test_play (&pos, "b5*c6 ep.[f5=w]");
  assert_piece (&pos, "f5", FE_WALK_KNIGHT, FE_WHITE);
  assert_piece (&pos, "c5", FE_WALK_NONE, 0);
  assert_piece (&pos, "c6", FE_WALK_PAWN, FE_WHITE);
}

/* MG7 (Popeye's own example): the recoloured rook castles. */
static void
test_mg7_castling (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wKe1 wPb2 bKd3 bRa1 bmGd1", FE_BLACK);
  fe_test_play (&pos, "mGd1-d4[a1=w]");
  assert_piece (&pos, "a1", FE_WALK_ROOK, FE_WHITE);
  fe_test_play (&pos, "0-0-0");
  assert_piece (&pos, "c1", FE_WALK_KING, FE_WHITE);
  assert_piece (&pos, "d1", FE_WALK_ROOK, FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_BLACK));
}

/* MG8: a magic king is a leaper-type observer: a new square is a new view
 * even of a piece it saw before. */
static void
test_mg8_magic_king (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wmKd4 bKh8 bRe5", FE_BLACK);
  char *got = moves_from (&pos, "Re5");
  g_assert_cmpstr (got, ==,
                   "Re5-a5 Re5-b5 Re5-c5[c5=w] Re5-d5[d5=w] Re5-e1 Re5-e2 Re5-e3[e3=w] "
                   "Re5-e4[e4=w] Re5-e6 Re5-e7 Re5-e8 Re5-f5 Re5-g5 Re5-h5");
  g_free (got);
}

/* reg_4_63_to_4_65_49: a magic rose b1 views the knight along the octagon
 * through h1 and g3: Sh1-g3 slides along the same octagon and sense, so
 * it is not new.  Without a3, a second path (b1-a3-b5-…-g3) is new. */
static void
test_rose_octagon (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "bmROb1 bPa3 wSh1", FE_WHITE);
  char *got = moves_from (&pos, "Sh1");
  g_assert_cmpstr (got, ==, "Sh1-f2 Sh1-g3");
  g_free (got);
  fe_test_setup (&pos, &rules, &magic, "bmROb1 wSh1", FE_WHITE);
  got = moves_from (&pos, "Sh1");
  g_assert_cmpstr (got, ==, "Sh1-f2 Sh1-g3[g3=b]");
  g_free (got);
}

/* ex_magicpieces_06: boy scouts ("cross-eyed" magic pieces).  BTg1 views
 * g7 along two zig-zags; after g1-h6 one of its two views of g7 lies on
 * the zig-zag it saw g7 along before, the other (g7-h6-i7) is new. */
static void
test_boyscouts (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic, "wmBTd4 wmBTg1 bPg7", FE_WHITE);
  char *got = recolouring_moves (&pos);
  g_assert_cmpstr (got, ==,
                   "mBTd4-d6[g7=w] mBTd4-d8[g7=w] mBTd4-f4[g7=w] mBTd4-h4[g7=w] "
                   "mBTg1-f6[g7=w] mBTg1-h6[g7=w]");
  g_free (got);
  char **moves = legal (&pos);
  g_assert_cmpint (g_strv_length (moves), ==, 32);
  g_strfreev (moves);
}

/* CB3, Madrasi + Magic: a paralysed magic rook has no views; when a3 blocks
 * the a-file it is freed and all its views are new. */
static void
test_cb3_madrasi (void)
{
  FePosition pos;
  FeRules rules;
  fe_test_setup (&pos, &rules, &magic_madrasi, "wKh1 wmRa1 wSb1 bKh8 bRa8 bBd1", FE_WHITE);
  g_assert_true (has_move (&pos, "Sb1-d2"));
  g_assert_true (has_move (&pos, "Sb1-c3"));
  g_assert_true (has_move (&pos, "Sb1-a3[d1=w][a3=b]"));
  /* Twin: Pa7 instead of Ra8, nothing paralyses the rook. */
  fe_test_setup (&pos, &rules, &magic_madrasi, "wKh1 wmRa1 wSb1 bKh8 bPa7 bBd1", FE_WHITE);
  g_assert_true (has_move (&pos, "Sb1-d2[d1=w]"));
  g_assert_true (has_move (&pos, "Sb1-c3[d1=w]"));
  /* a3 is newly viewed along the a-file as well. */
  g_assert_true (has_move (&pos, "Sb1-a3[d1=w][a3=b]"));
}

/* Two new views of one target cancel (magic-pieces.md §5). */
static void
test_even_count_cancels (void)
{
  FePosition pos;
  FeRules rules;
  /* mQd1 views d5 along the d-file, mRa5 along rank 5: the knight from f4
   * arrives where both see it: two new views, no change. */
  fe_test_setup (&pos, &rules, &magic, "wKh1 wmQd1 wmRa5 bKh8 bSf4", FE_BLACK);
  g_assert_true (has_move (&pos, "Sf4-d5"));
  /* b5 is on the rook's rank only: one new view. */
  fe_test_setup (&pos, &rules, &magic, "wKh1 wmQd1 wmRa5 bKh8 bSd4", FE_BLACK);
  g_assert_true (has_move (&pos, "Sd4-b5[b5=w]"));
}

/* CB1, Einstein + Magic: views are computed after the mutation (D32); the
 * rook that became a bishop on a5 views c7 along a5-c7.  Popeye writes the
 * mutation without the magic prefix. */
static void
test_cb1_einstein (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = { .FE_P_MAGIC = true, .FE_P_EINSTEIN = FE_EINSTEIN_NORMAL };
  fe_test_setup (&pos, &rules, &p, "wKh1 wmRa1 bKh8 bPa7 bPc7", FE_WHITE);
  char *got = moves_from (&pos, "mRa1");
  g_assert_cmpstr (got, ==,
                   "mRa1*a7=Q[c7=w] mRa1-a2=B mRa1-a3=B mRa1-a4=B mRa1-a5=B[c7=w] mRa1-a6=B "
                   "mRa1-b1=B mRa1-c1=B mRa1-d1=B mRa1-e1=B mRa1-f1=B mRa1-g1=B[a7=w]");
  g_free (got);
}

/* CB4, Imitator + Magic: a view needs an imitable capture (D20).  From a4
 * the rook would take a7 by a 3-step ride, which would push the imitator
 * e8 to e11: no view, no recolouring. */
static void
test_cb4_imitator (void)
{
  FePosition pos;
  FeRules rules;
  /* The imitator condition exists: no skipping (a skip inside a passing
   * program would go unseen). */
  g_assert_nonnull (fe_condition_imitator.capture_allowed);
  FeConditionParams p = { .FE_P_MAGIC = true, .FE_P_IMITATOR = true };
  fe_test_setup (&pos, &rules, &p, "wKh1 wmRa1 bKh8 bPa7 bPc7 Ie5", FE_WHITE);
  g_assert_true (has_move (&pos, "mRa1-a4[Ie8]"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/magic/mg1", test_mg1);
  g_test_add_func ("/magic/mg2-diagram-e", test_mg2_diagram_e);
  g_test_add_func ("/magic/mg3-sliding", test_mg3_sliding);
  g_test_add_func ("/magic/mg4-capture", test_mg4_capture);
  g_test_add_func ("/magic/mg5-self-check", test_mg5_self_check);
  g_test_add_func ("/magic/mg6-en-passant", test_mg6_en_passant);
  g_test_add_func ("/magic/mg7-castling", test_mg7_castling);
  g_test_add_func ("/magic/mg8-magic-king", test_mg8_magic_king);
  g_test_add_func ("/magic/rose-octagon", test_rose_octagon);
  g_test_add_func ("/magic/boyscouts", test_boyscouts);
  g_test_add_func ("/magic/cb3-madrasi", test_cb3_madrasi);
  g_test_add_func ("/magic/even-count-cancels", test_even_count_cancels);
  g_test_add_func ("/magic/cb1-einstein", test_cb1_einstein);
  g_test_add_func ("/magic/cb4-imitator", test_cb4_imitator);
  return g_test_run ();
}
