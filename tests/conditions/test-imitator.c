/* test-imitator.c — the Imitator and its variants (docs/rules/imitator.md,
 * its examples §13).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * IM1–IM8 and the oracle problems bsp_imitator_* were verified with Popeye;
 * the monochrome, "no hurdles" and Madrasi cases are derived by hand (each
 * says how in a comment).
 */
#include <string.h>

#include "cond-test-util.h"

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* " ep." is part of a move's text: keep it glued while splitting. */
static char *
glue_ep (const char *moves, bool glue)
{
  char **parts = g_strsplit (moves, glue ? " ep." : "\1ep.", -1);
  char *r = g_strjoinv (glue ? "\1ep." : " ep.", parts);
  g_strfreev (parts);
  return r;
}

/* The space-separated moves, sorted the way fe_test_legal_moves sorts. */
static char *
sorted (const char *moves)
{
  char *glued = glue_ep (moves, true);
  char **tok = g_strsplit (glued, " ", -1);
  g_free (glued);
  GPtrArray *a = g_ptr_array_new ();
  for (char **t = tok; *t; t++)
    if (**t)
      g_ptr_array_add (a, *t);
  g_ptr_array_sort (a, cmp_str);
  g_ptr_array_add (a, NULL);
  char *r = g_strjoinv (" ", (char **) a->pdata);
  g_ptr_array_unref (a);
  g_strfreev (tok);
  char *unglued = glue_ep (r, false);
  g_free (r);
  return unglued;
}

/* The legal moves starting with `prefix` ("" = all) must be `expected`. */
static void
assert_moves (FePosition *pos, const char *prefix, const char *expected)
{
  char *all = fe_test_legal_moves (pos);
  char *glued = glue_ep (all, true);
  char **moves = g_strsplit (glued, " ", -1);
  GString *got = g_string_new (NULL);
  for (char **m = moves; *m; m++)
    if (**m && g_str_has_prefix (*m, prefix))
      g_string_append_printf (got, "%s%s", got->len ? " " : "", *m);
  char *got_text = glue_ep (got->str, false);
  char *want = sorted (expected);
  g_assert_cmpstr (got_text, ==, want);
  g_free (want);
  g_free (got_text);
  g_free (glued);
  g_string_free (got, TRUE);
  g_strfreev (moves);
  g_free (all);
}

static void
assert_imitators (const FePosition *pos, const char *expected)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < pos->n_imitators; i++)
    {
      char n[3];
      fe_square_name (pos->imitators[i], n);
      g_string_append_printf (s, "%s%s", i ? " " : "", n);
    }
  g_assert_cmpstr (s->str, ==, expected);
  g_string_free (s, TRUE);
}

static void
assert_piece (const FePosition *pos, const char *square, int walk, int colour)
{
  FePiece p = pos->board[fe_square_parse (square)];
  g_assert_cmpint (p.walk, ==, walk);
  if (walk)
    g_assert_cmpint (p.colour, ==, colour);
}

static FeConditionParams
imitator (void)
{
  FeConditionParams p = { 0 };
  p.FE_P_IMITATOR = true;
  return p;
}

/* The position's hash must survive imitator moves and their undoing. */
static void
assert_hash (FePosition *pos)
{
  uint64_t h = pos->hash;
  fe_position_recompute_hash (pos);
  g_assert_cmpuint (h, ==, pos->hash);
}

/* IM1: the rook passes over the imitator's square and may land on it. */
static void
test_im1 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 Ia3", FE_WHITE);
  assert_moves (&pos, "",
                "Kh1-h2[Ia4] Ra1-a2[Ia4] Ra1-a3[Ia5] Ra1-a4[Ia6] Ra1-a5[Ia7] Ra1-a6[Ia8] "
                "Ra1-b1[Ib3] Ra1-c1[Ic3] Ra1-d1[Id3] Ra1-e1[Ie3] Ra1-f1[If3] Ra1-g1[Ig3]");
  FePosition start = pos;
  fe_test_play (&pos, "Ra1-a5[Ia7]");
  assert_piece (&pos, "a5", FE_WALK_ROOK, FE_WHITE);
  assert_piece (&pos, "a1", FE_WALK_NONE, 0);
  assert_imitators (&pos, "a7");
  assert_hash (&pos);
  /* unmake restores the imitator */
  FeMoveList list;
  fe_generate_legal (&start, &list);
  FePosition copy = start;
  FeUndo undo;
  for (int i = 0; i < list.count; i++)
    {
      fe_make (&copy, &list.moves[i], &undo);
      fe_unmake (&copy, &list.moves[i], &undo);
    }
  g_assert_true (memcmp (copy.imitators, start.imitators, sizeof copy.imitators) == 0);
  g_assert_cmpuint (copy.hash, ==, start.hash);
}

/* IM2: the victim is still on a5 while the imitator moves. */
static void
test_im2 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 bSa5 Ia3", FE_WHITE);
  assert_moves (&pos, "",
                "Kh1-h2[Ia4] Ra1-a2[Ia4] Ra1-b1[Ib3] Ra1-c1[Ic3] Ra1-d1[Id3] Ra1-e1[Ie3] "
                "Ra1-f1[If3] Ra1-g1[Ig3]");
}

/* IM3: kings side by side; check only by imitable captures. */
static void
test_im3 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKd3 bKe5 Ia4", FE_WHITE);
  assert_moves (&pos, "", "Kd3-d2[Ia3] Kd3-d4[Ia5] Kd3-e2[Ib3] Kd3-e3[Ib4]");
  fe_test_play (&pos, "Kd3-d4[Ia5]");
  g_assert_true (fe_in_check (&pos, FE_BLACK));   /* a5→b6 follows Kd4×e5 */
  g_assert_false (fe_in_check (&pos, FE_WHITE));  /* a5 cannot go left */
}

/* IM4: castling, king segment then rook segment. */
static void
test_im4_castling (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 bKh6 Ic4", FE_WHITE);
  assert_moves (&pos, "0", "0-0-0[Id4] 0-0[Ic4]");
  fe_test_play (&pos, "0-0-0[Id4]");
  assert_piece (&pos, "c1", FE_WALK_KING, FE_WHITE);
  assert_piece (&pos, "d1", FE_WALK_ROOK, FE_WHITE);
  assert_imitators (&pos, "d4");
  assert_hash (&pos);

  fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 bKh6 Ib4", FE_WHITE);
  assert_moves (&pos, "0", "0-0[Ib4]");

  /* d4 is needed by the king's first step (0-0) and the rook's last (0-0-0) */
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa1 wRh1 bKh6 bPd4 Ic4", FE_WHITE);
  assert_moves (&pos, "0", "");
}

/* docs/rules/common-model.md §6.2 (5) with imitators: the crossed square is
 * tested after the king's imitated one-step move.  Rf8×f1 is (0,-7): from b8
 * the imitator first goes to c8 and can then follow it down to c1, so f1 is
 * attacked; from b7 (c7 after the step) it would leave the board, so f1 is
 * safe. */
static void
test_castling_through_check (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wRh1 bKa8 bRf8 Ib8", FE_WHITE);
  assert_moves (&pos, "0", "");
  fe_test_setup (&pos, &rules, &p, "wKe1 wRh1 bKa8 bRf8 Ib7", FE_WHITE);
  assert_moves (&pos, "0", "0-0[Ib7]");
}

/* IM5: the imitator of a grasshopper needs its own hurdle. */
static void
test_im5_hopper (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa2 wPa4 wPd2 bKc5 Ic3", FE_WHITE);
  assert_moves (&pos, "G", "Ga2-a5[Ic6]");
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa2 wPa4 wPd2 wPf3 bKc5 Ic3", FE_WHITE);
  assert_moves (&pos, "G", "Ga2-a5[Ic6] Ga2-e2[Ig3]");
}

/* imitator.md §8, "no hurdles": the imitator may copy the hop over an empty
 * square, so IM5's Ga2-e2 is legal without Pf3 (c3→d3, e3 empty, f3 free,
 * g3). */
static void
test_no_hurdles (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  p.FE_P_IMITATOR_NO_HURDLES = true;
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa2 wPa4 wPd2 bKc5 Ic3", FE_WHITE);
  assert_moves (&pos, "G", "Ga2-a5[Ic6] Ga2-e2[Ig3]");
  /* Other squares of the path must still be empty: with bPe3 the
   * imitator's way d3-e3-f3-g3 is blocked. */
  fe_test_setup (&pos, &rules, &p, "wKh1 wGa2 wPa4 wPd2 bPe3 bKc5 Ic3", FE_WHITE);
  assert_moves (&pos, "G", "Ga2-a5[Ic6]");
}

static void
set_ep (FePosition *pos, const char *victim, const char *passed)
{
  pos->ep_victim = fe_square_parse (victim);
  pos->ep_count = 1;
  pos->ep_squares[0] = fe_square_parse (passed);
  fe_position_recompute_hash (pos);
}

/* IM6: the pawn taken en passant still stands on d5 while imitators move. */
static void
test_im6_en_passant (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKa1 wPe5 bKh8 bPd5 Ie4", FE_WHITE);
  set_ep (&pos, "d5", "d6");
  assert_moves (&pos, "e", "e5-e6[Ie5]");

  fe_test_setup (&pos, &rules, &p, "wKa1 wPe5 bKh8 bPd5 If4", FE_WHITE);
  set_ep (&pos, "d5", "d6");
  assert_moves (&pos, "e", "e5*d6 ep.[Ie5] e5-e6[If5]");
  fe_test_play (&pos, "e5*d6 ep.[Ie5]");
  assert_piece (&pos, "d6", FE_WALK_PAWN, FE_WHITE);
  assert_piece (&pos, "d5", FE_WALK_NONE, 0);
  assert_imitators (&pos, "e5");
}

/* Pawn double steps are rides: both squares of the imitator's path. */
static void
test_double_step (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKa1 wPe2 bKh8 bPc5 Ic3", FE_WHITE);
  assert_moves (&pos, "e", "e2-e3[Ic4]");
  fe_test_setup (&pos, &rules, &p, "wKa1 wPe2 bKh8 bPc4 Ic2", FE_WHITE);
  assert_moves (&pos, "e", "e2-e3[Ic3]");
  fe_test_setup (&pos, &rules, &p, "wKa1 wPe2 bKh8 bPc6 Ic3", FE_WHITE);
  assert_moves (&pos, "e", "e2-e3[Ic4] e2-e4[Ic5]");
}

/* IM7: promotion into an imitator; then both follow; NoIProm. */
static void
test_im7_promotion (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh2 wPb7 bKh8 bPg7 Ie4", FE_BLACK);
  fe_test_play (&pos, "g7-g6[Ie3]");
  assert_moves (&pos, "b",
                "b7-b8[Ie4]=B b7-b8[Ie4]=I b7-b8[Ie4]=Q b7-b8[Ie4]=R b7-b8[Ie4]=S");
  fe_test_play (&pos, "b7-b8[Ie4]=I");
  assert_imitators (&pos, "e4 b8");
  assert_piece (&pos, "b8", FE_WALK_NONE, 0);
  assert_piece (&pos, "b7", FE_WALK_NONE, 0);
  assert_hash (&pos);
  assert_moves (&pos, "Kh8-h7", "Kh8-h7[Ie3,b7]");
  /* From b8 any move with an upward component fails (b8→b9). */
  FePosition q;
  fe_test_setup (&q, &rules, &p, "wKh2 bKh8 bPg6 Ie4 Ib8", FE_WHITE);
  assert_moves (&q, "Kh2-h3", "");
  assert_moves (&q, "Kh2-h1", "Kh2-h1[Ie3,b7]");

  p.FE_P_IMITATOR_NO_PROMOTION = true;
  fe_test_setup (&pos, &rules, &p, "wKh2 wPb7 bKh8 bPg6 Ie3", FE_WHITE);
  assert_moves (&pos, "b", "b7-b8[Ie4]=B b7-b8[Ie4]=Q b7-b8[Ie4]=R b7-b8[Ie4]=S");
}

/* IM8: two imitators; neither blocks the other. */
static void
test_im8_two (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh1 wRd1 bKh8 Ia4 If6", FE_WHITE);
  assert_moves (&pos, "",
                "Kh1-h2[Ia5,f7] Rd1-d2[Ia5,f7] Rd1-d3[Ia6,f8] Rd1-e1[Ib4,g6] Rd1-f1[Ic4,h6]");
  /* a rigid group: b4 may go to c4 while c4 leaves for d4 */
  fe_test_setup (&pos, &rules, &p, "wKh1 wRa1 bKh8 Ib4 Ic4 Id4", FE_WHITE);
  assert_moves (&pos, "Ra1-b1", "Ra1-b1[Ic4,d4,e4]");
}

/* Ten imitators (Popeye's maximum; at most 10 stand at once,
 * docs/rules/imitator.md §7). */
static void
test_ten (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p,
                 "wKh1 wPc7 bKa8 Ia3 Ib3 Ic3 Id3 Ie3 If3 Ig3 Ih3 Ia5 Ib5", FE_WHITE);
  assert_moves (&pos, "",
                "Kh1-h2[Ia4,b4,c4,d4,e4,f4,g4,h4,a6,b6] "
                "c7-c8[Ia4,b4,c4,d4,e4,f4,g4,h4,a6,b6]=B c7-c8[Ia4,b4,c4,d4,e4,f4,g4,h4,a6,b6]=Q "
                "c7-c8[Ia4,b4,c4,d4,e4,f4,g4,h4,a6,b6]=R c7-c8[Ia4,b4,c4,d4,e4,f4,g4,h4,a6,b6]=S");
  /* (no `=I`: the list of imitators is full) */
}

/* Oracle bsp_imitator_12..17 (~1, no kings): the walks Popeye describes. */
#define BLACKS "bPa2 bPb2 bPa5 bPb4 bPc3 bPf3 bPf6 bPg5 bPh6 bPh4"

static void
test_oracle_walks (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p,
                 "wGa3 wPf3 bPa2 bPb2 bPa5 bPb4 bPc3 bPf4 bPf7 bPg6 bPh7 bPh5 If5", FE_WHITE);
  assert_moves (&pos, "", "Ga3-a6[If8]");
  fe_test_setup (&pos, &rules, &p,
                 "wKHa3 wPh2 bSf1 bPa4 bPb4 bPa2 bPf3 bPf4 bPg2 bPg3 If2", FE_WHITE);
  assert_moves (&pos, "", "KHa3-c5[Ih4] h2*g3[Ie3]");
  fe_test_setup (&pos, &rules, &p, "wEQa3 wPf2 " BLACKS " If4", FE_WHITE);
  assert_moves (&pos, "", "EQa3-a7[If8]");
  fe_test_setup (&pos, &rules, &p, "wNEa3 wPa4 wPf2 wPf5 " BLACKS " If4", FE_WHITE);
  assert_moves (&pos, "", "NEa3-a7[If8]");
  fe_test_setup (&pos, &rules, &p,
                 "wMb3 wPg6 bPb2 bPb5 bPc4 bPd3 bPe2 bPf3 bPf5 bPf6 bPg5 bPg7 bPh4 If4",
                 FE_WHITE);
  assert_moves (&pos, "", "Mb3-c1[Ig2] Mb3-d4[Ih5]");
  fe_test_setup (&pos, &rules, &p, "wMAa3 bPf3 bPh3 If2", FE_WHITE);
  assert_moves (&pos, "", "MAa3-c2[Ih1]");
}

/* D16 locust and lion.  Ld1*d4-d5 hops over d4 at distance 3: the
 * imitator a3 needs a4, a5 empty, a piece on a6 and a7 empty.  The lion's
 * imitator c1 needs its hurdle on c3 and the rest of c2..c8 empty. */
static void
test_locust_lion (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wLd1 bPd4 bPa6 Ia3", FE_WHITE);
  assert_moves (&pos, "L", "Ld1*d4-d5[Ia7]");
  fe_test_setup (&pos, &rules, &p, "wLd1 bPd4 Ia3", FE_WHITE);
  assert_moves (&pos, "L", "");
  fe_test_setup (&pos, &rules, &p, "wLIa1 wPa3 bPc3 Ic1", FE_WHITE);
  assert_moves (&pos, "LI",
                "LIa1-a4[Ic4] LIa1-a5[Ic5] LIa1-a6[Ic6] LIa1-a7[Ic7] LIa1-a8[Ic8]");
  fe_test_setup (&pos, &rules, &p, "wLIa1 wPa3 Ic1", FE_WHITE);
  assert_moves (&pos, "LI", "");
  p.FE_P_IMITATOR_NO_HURDLES = true;
  fe_test_setup (&pos, &rules, &p, "wLIa1 wPa3 Ic1", FE_WHITE);
  assert_moves (&pos, "LI",
                "LIa1-a4[Ic4] LIa1-a5[Ic5] LIa1-a6[Ic6] LIa1-a7[Ic7] LIa1-a8[Ic8]");
}

/* imitator.md §5 with hoppers: Ge8×e1 over e2 (0,-7, hurdle at 6) checks only
 * if the imitator a8 finds a hurdle on a2; Le8×e4 (landing e3) only with one
 * on a4. */
static void
test_hopper_checks (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wPe2 bKh8 bGe8 Ia8", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  fe_test_setup (&pos, &rules, &p, "wKe1 wPe2 wPa2 bKh8 bGe8 Ia8", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  fe_test_setup (&pos, &rules, &p, "wKe4 bKh8 bLe8 Ia8", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  fe_test_setup (&pos, &rules, &p, "wKe4 wPa4 bKh8 bLe8 Ia8", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  p.FE_P_IMITATOR_NO_HURDLES = true;
  fe_test_setup (&pos, &rules, &p, "wKe1 wPe2 bKh8 bGe8 Ia8", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
}

/* Rose (D16): d4→d8 runs over e6 or over c6, and the move is generated
 * once.  From h1 the imitator can only copy the path over c6 (g3, g5),
 * from a1 only the one over e6 (b3, a5): either way the move is legal.
 * It is not when the copyable path is blocked for the imitator (b3) or
 * for the rose itself (e6). */
static void
test_rose (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wROd4 Ih1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "ROd4-d8[Ih5]");
  fe_test_setup (&pos, &rules, &p, "wROd4 Ia1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "ROd4-d8[Ia5]");
  fe_test_setup (&pos, &rules, &p, "wROd4 bPb3 Ia1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "");
  fe_test_setup (&pos, &rules, &p, "wROd4 bPc6 Ia1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "ROd4-d8[Ia5]");
  fe_test_setup (&pos, &rules, &p, "wROd4 bPe6 Ih1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "ROd4-d8[Ih5]");
  fe_test_setup (&pos, &rules, &p, "wROd4 bPe6 Ia1", FE_WHITE);
  assert_moves (&pos, "ROd4-d8", "");
}

/* Oracle bsp_imitator_04 a): h=2, promotion into an imitator. */
static void
test_oracle_04 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKf5 wPb7 bKb6 Ie5", FE_BLACK);
  fe_test_play (&pos, "Kb6-c7[If6]");
  fe_test_play (&pos, "b7-b8[If7]=I");
  fe_test_play (&pos, "Kc7-c6[If6,b7]");
  fe_test_play (&pos, "Kf5-e6[Ie7,a8]");
  g_assert_false (fe_in_check (&pos, FE_BLACK));
  g_assert_false (fe_has_legal_move (&pos)); /* stalemate */
}

/* Oracle bsp_imitator_00: #2, the key and one mate. */
static void
test_oracle_00 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKg3 wSf6 bKh1 bBf8 bSc4 bPc6 Ib6", FE_WHITE);
  fe_test_play (&pos, "Kg3-h2[Ic5]");
  fe_test_play (&pos, "Sc4-a3[Ia4]");
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  fe_test_play (&pos, "Sf6-h7[Ic5]");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
  g_assert_false (fe_has_legal_move (&pos));
}

/* Oracle bsp_imitator_03: #4, one variation to the mate. */
static void
test_oracle_03 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKe2 wRc7 wRd7 wPh2 bKf8 Ie1", FE_WHITE);
  const char *line[] = { "Ke2-d2[Id1]", "Kf8-e8[Ic1]", "Rc7-b7[Ib1]", "Ke8-f8[Ic1]",
                         "Rb7-b8[Ic2]", "Kf8-e8[Ib2]", "Rd7-d6[Ib1]" };
  for (size_t i = 0; i < G_N_ELEMENTS (line); i++)
    fe_test_play (&pos, line[i]);
  g_assert_true (fe_in_check (&pos, FE_BLACK));
  g_assert_false (fe_has_legal_move (&pos));
}

/* Oracle bsp_imitator_08 (NoIProm): h=3, first solution. */
static void
test_oracle_08 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  p.FE_P_IMITATOR_NO_PROMOTION = true;
  fe_test_setup (&pos, &rules, &p,
                 "wKh6 wSe1 wPa4 wPg7 bKf6 bRh7 bRh8 bSh1 bSf8 bBe8 bPd2 bPd5 bPg2 bPf7 "
                 "bPg6 bPh4 Ia5",
                 FE_BLACK);
  assert_moves (&pos, "d2*e1", "d2*e1[Ib4]=B d2*e1[Ib4]=Q d2*e1[Ib4]=R d2*e1[Ib4]=S");
  const char *line[] = { "d2*e1[Ib4]=Q", "g7*f8[Ia5]=Q", "Qe1-g3[Ic7]", "Qf8-d6[Ia5]",
                         "Qg3-h3[Ib5]", "Qd6-c6[Ia5]" };
  for (size_t i = 0; i < G_N_ELEMENTS (line); i++)
    fe_test_play (&pos, line[i]);
  g_assert_false (fe_in_check (&pos, FE_BLACK));
  g_assert_false (fe_has_legal_move (&pos)); /* stalemate */
}

/* Oracle bsp_imitator_01: ser-h#26, Black's series then the mate. */
static void
test_oracle_01 (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKh7 wRa6 wBb3 wBb8 wPb6 bKc2 bPb7 bPg7 Ia7", FE_BLACK);
  const char *series[] = {
    "Kc2-c3[Ia8]", "g7-g6[Ia7]", "Kc3-c4[Ia8]", "g6-g5[Ia7]", "Kc4-c5[Ia8]",
    "g5-g4[Ia7]", "Kc5-c6[Ia8]", "g4-g3[Ia7]", "Kc6-c7[Ia8]", "g3-g2[Ia7]",
    "Kc7-c8[Ia8]", "g2-g1[Ia7]=R", "Rg1-g2[Ia8]", "Kc8-c7[Ia7]", "Rg2-g3[Ia8]",
    "Kc7-c6[Ia7]", "Rg3-g4[Ia8]", "Kc6-c5[Ia7]", "Rg4-g5[Ia8]", "Kc5-c4[Ia7]",
    "Rg5-g6[Ia8]", "Kc4-c3[Ia7]", "Rg6-g7[Ia8]", "Kc3-c2[Ia7]", "Rg7-g8[Ia8]",
    "Kc2-c1[Ia7]",
  };
  for (size_t i = 0; i < G_N_ELEMENTS (series); i++)
    {
      fe_test_play (&pos, series[i]);
      g_assert_false (fe_in_check (&pos, FE_WHITE));
      FeUndo undo;
      if (i + 1 < G_N_ELEMENTS (series))
        fe_make_null (&pos, &undo); /* White passes in a series */
    }
  fe_test_play (&pos, "Ra6-a1[Ia2]");
  g_assert_true (fe_in_check (&pos, FE_BLACK));
  g_assert_false (fe_has_legal_move (&pos));
}

/* imitator.md §9, monochrome (hand-derived).  White imitator a3 follows White
 * only; the black imitator c1 is an obstacle for White's rook, and the
 * reverse for Black's king: Kh8-g7/h7 would push c1 off the board, Kh8-g8
 * takes it to b1. */
static void
setup_mono (FePosition *pos, FeRules *rules, const FeConditionParams *p, const char *pieces,
            const char *colours, int side)
{
  fe_test_setup (pos, rules, p, pieces, side);
  for (int i = 0; colours[i]; i++)
    pos->imitator_colour[i] = colours[i] == 'w' ? FE_WHITE : colours[i] == 'b' ? FE_BLACK
                                                                                : FE_NEUTRAL;
  fe_rules_init (rules, p, pos);
}

/* The table keys positions by their hash: two positions that differ only in
 * which side's imitator stands where must hash differently, and a shift
 * must keep the hash equal to one computed afresh. */
static void
test_monochrome_hash (void)
{
  FePosition a, b;
  FeRules rules_a, rules_b;
  FeConditionParams p = imitator ();
  setup_mono (&a, &rules_a, &p, "wKh1 wRa1 bKh8 Ia3 Ic1", "wb", FE_WHITE);
  setup_mono (&b, &rules_b, &p, "wKh1 wRa1 bKh8 Ia3 Ic1", "bw", FE_WHITE);
  fe_position_recompute_hash (&a);
  fe_position_recompute_hash (&b);
  g_assert_cmpuint (a.hash, !=, b.hash);
  fe_test_play (&a, "Ra1-a2[Ia4,c1]");
  uint64_t incremental = a.hash;
  fe_position_recompute_hash (&a);
  g_assert_cmpuint (incremental, ==, a.hash);
}

static void
test_monochrome (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  setup_mono (&pos, &rules, &p, "wKh1 wRa1 bKh8 Ia3 Ic1", "wb", FE_WHITE);
  g_assert_true (rules.any_blocked_hook);
  assert_moves (&pos, "",
                "Kh1-h2[Ia4,c1] Ra1-a2[Ia4,c1] Ra1-a3[Ia5,c1] Ra1-a4[Ia6,c1] Ra1-a5[Ia7,c1] "
                "Ra1-a6[Ia8,c1] Ra1-b1[Ib3,c1]");
  setup_mono (&pos, &rules, &p, "wKh1 wRa1 bKh8 Ia3 Ic1", "wb", FE_BLACK);
  assert_moves (&pos, "", "Kh8-g8[Ia3,b1]");

  /* A non-participating imitator is a hurdle for the grasshopper. */
  setup_mono (&pos, &rules, &p, "wKh1 wGa1 bKh8 Ia4", "b", FE_WHITE);
  assert_moves (&pos, "G", "Ga1-a5[Ia4]");

  /* Check: a white imitator on e4 blocks Re8×e1; a black one on a8 would
   * have to follow (0,-7) and can; a white one on a8 stays out of it. */
  setup_mono (&pos, &rules, &p, "wKe1 bKh8 bRe8 Ie4", "w", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  setup_mono (&pos, &rules, &p, "wKe1 bKh8 bRe8 Ia8", "w", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  setup_mono (&pos, &rules, &p, "wKe1 bKh8 bRe8 Ib8 Ia8", "wb", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  setup_mono (&pos, &rules, &p, "wKe1 bKh8 bRe8 Ib8 Ia7", "wb", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));

  /* D14: a promoted imitator takes the pawn's colour. */
  setup_mono (&pos, &rules, &p, "wKh1 wPb7 bKh8 Ia1", "b", FE_WHITE);
  fe_test_play (&pos, "b7-b8[Ia1]=I");
  g_assert_cmpint (pos.n_imitators, ==, 2);
  g_assert_cmpint (pos.imitator_colour[1], ==, FE_WHITE);
}

/* Madrasi + Imitator (docs/rules/combinations.md §2; hand-derived): Re8 would
 * check e1 imitably (c8 follows down to c1) but the white rook a8 paralyses
 * it. */
static void
test_madrasi (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams p = imitator ();
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa8 bKh6 bRe8 Ic8", FE_WHITE);
  g_assert_true (fe_in_check (&pos, FE_WHITE));
  p.FE_P_MADRASI = true;
  fe_test_setup (&pos, &rules, &p, "wKe1 wRa8 bKh6 bRe8 Ic8", FE_WHITE);
  g_assert_false (fe_in_check (&pos, FE_WHITE));
  /* the paralysed rook a8 cannot move; its imitation is moot */
  assert_moves (&pos, "R", "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/imitator/im1", test_im1);
  g_test_add_func ("/imitator/im2", test_im2);
  g_test_add_func ("/imitator/im3", test_im3);
  g_test_add_func ("/imitator/im4-castling", test_im4_castling);
  g_test_add_func ("/imitator/castling-through-check", test_castling_through_check);
  g_test_add_func ("/imitator/im5-hopper", test_im5_hopper);
  g_test_add_func ("/imitator/no-hurdles", test_no_hurdles);
  g_test_add_func ("/imitator/im6-en-passant", test_im6_en_passant);
  g_test_add_func ("/imitator/double-step", test_double_step);
  g_test_add_func ("/imitator/im7-promotion", test_im7_promotion);
  g_test_add_func ("/imitator/im8-two", test_im8_two);
  g_test_add_func ("/imitator/ten", test_ten);
  g_test_add_func ("/imitator/rose", test_rose);
  g_test_add_func ("/imitator/locust-lion", test_locust_lion);
  g_test_add_func ("/imitator/hopper-checks", test_hopper_checks);
  g_test_add_func ("/imitator/oracle-walks", test_oracle_walks);
  g_test_add_func ("/imitator/oracle-00", test_oracle_00);
  g_test_add_func ("/imitator/oracle-01", test_oracle_01);
  g_test_add_func ("/imitator/oracle-03", test_oracle_03);
  g_test_add_func ("/imitator/oracle-04", test_oracle_04);
  g_test_add_func ("/imitator/oracle-08", test_oracle_08);
  g_test_add_func ("/imitator/monochrome", test_monochrome);
  g_test_add_func ("/imitator/monochrome-hash", test_monochrome_hash);
  g_test_add_func ("/imitator/madrasi", test_madrasi);
  return g_test_run ();
}
