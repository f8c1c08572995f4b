/* test-walks.c — the fairy walks of docs/rules/fairy-pieces.md §7.1, "Moves
 * of the pieces (all verified)".
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "cond-test-util.h"
#include "core/backend/backend.h"
#include "solution-lines.h"

/* The legal moves (sorted, space-separated) whose text starts with one of
 * the space-separated prefixes. */
static char *
moves_with_prefix (FePosition *pos, const char *prefixes)
{
  char *all = fe_test_legal_moves (pos);
  char **moves = g_strsplit (all, " ", -1);
  char **wanted = g_strsplit (prefixes, " ", -1);
  GString *out = g_string_new (NULL);
  for (char **m = moves; *m; m++)
    for (char **w = wanted; *w; w++)
      if (**w && g_str_has_prefix (*m, *w))
        {
          if (out->len)
            g_string_append_c (out, ' ');
          g_string_append (out, *m);
          break;
        }
  g_strfreev (moves);
  g_strfreev (wanted);
  g_free (all);
  return g_string_free (out, FALSE);
}

static void
check (const char *pieces, const char *prefix, const char *expected)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  fe_test_setup (&pos, &rules, &params, pieces, FE_WHITE);
  char *got = moves_with_prefix (&pos, prefix);
  g_assert_cmpstr (got, ==, expected);
  g_free (got);
}

static int
count_moves (const char *pieces, const char *prefix)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  fe_test_setup (&pos, &rules, &params, pieces, FE_WHITE);
  char *got = moves_with_prefix (&pos, prefix);
  char **parts = g_strsplit (got, " ", -1);
  int n = *got ? (int) g_strv_length (parts) : 0;
  g_strfreev (parts);
  g_free (got);
  return n;
}

static void
test_grasshopper (void)
{
  /* Along rank 1 the hurdle is the own king h1, and beyond it is off the
   * board. */
  check ("wKh1 wGd1 wPd3 bKa8 bPf3 bSb3", "Gd1", "Gd1-a4 Gd1-d4 Gd1-g4");
}

static void
test_locust (void)
{
  /* No capture of g4 (h5 occupied) and no non-capturing moves (FP1). */
  check ("wKh2 wLd1 bKa8 bPd4 bPb3 bPg4 bRf1 bBh5", "Ld1", "Ld1*b3-a4 Ld1*d4-d5 Ld1*f1-g1");
}

static void
test_lion (void)
{
  check ("wKh1 wLIa1 wPa3 bKg8 bPa6 bSc3", "LIa1",
         "LIa1*a6 LIa1-a4 LIa1-a5 LIa1-d4 LIa1-e5 LIa1-f6 LIa1-g7 LIa1-h8");
}

static void
test_nightrider (void)
{
  check ("wKh1 wNa1 bKh8 bPc5 bSd3", "Na1", "Na1*c5 Na1-b3 Na1-c2 Na1-e3 Na1-g4");
}

static void
test_rose (void)
{
  /* 14 squares; several paths reach the same square, listed once (D7). */
  check ("wKh1 wROd4 bKh8", "ROd4",
         "ROd4-a1 ROd4-a7 ROd4-b3 ROd4-b5 ROd4-c2 ROd4-c6 ROd4-d8 ROd4-e2 ROd4-e6 "
         "ROd4-f3 ROd4-f5 ROd4-g1 ROd4-g7 ROd4-h4");
}

static void
test_amazon (void)
{
  /* 26 queen moves (h1 holds the own king) plus 8 knight moves. */
  g_assert_cmpint (count_moves ("wKh1 wAMe4 bKh8", "AMe4"), ==, 34);
}

static void
test_leapers (void)
{
  const char *pieces = "wKh1 wCAd4 wZe4 wGIe5 bKh8";
  check (pieces, "CAd4",
         "CAd4-a3 CAd4-a5 CAd4-c1 CAd4-c7 CAd4-e1 CAd4-e7 CAd4-g3 CAd4-g5");
  check (pieces, "Ze4", "Ze4-b2 Ze4-b6 Ze4-c1 Ze4-c7 Ze4-g1 Ze4-g7 Ze4-h2 Ze4-h6");
  check (pieces, "GIe5", "GIe5-a4 GIe5-a6 GIe5-d1 GIe5-f1");
}

/* Issue 24: the Nightrider-hopper hops over the first piece of a knight
 * line, at any distance, onto the square just beyond (Popeye's nh). */
static void
test_nightrider_hopper (void)
{
  /* Its two lines from the corner: c2 next to it, over it to e3,
   * capturing; c5 beyond the empty b3, over it to d7. */
  check ("wKh1 wNHa1 wPc2 bKh8 bSe3 bPc5", "NHa1", "NHa1*e3 NHa1-d7");
  /* the landing square beyond the hurdle is the only one: e3 held by its
   * own piece, nothing */
  check ("wKh1 wNHa1 wPc2 wPe3 bKh8", "NHa1", "");
}

/* Issue 24: the Chinese pieces ride without capturing and capture the
 * first piece beyond a screen (Popeye's le, pa, va). */
static void
test_chinese (void)
{
  /* Up: d2, then the screen d3 and the capture of d6 (the rook behind is
   * safe); left: b1 c1, a1 is a screen with nothing beyond; right: e1 f1,
   * beyond the screen g1 its own king. */
  check ("wKh1 wPAd1 wPd3 bPd6 bRd8 bKa8 bSa1 bPg1", "PAd1",
         "PAd1*d6 PAd1-b1 PAd1-c1 PAd1-d2 PAd1-e1 PAd1-f1");
  /* The vao along diagonals: over b2 it captures e5, never the adjacent b2. */
  check ("wKh1 wVAa1 bPb2 bSe5 bKa8", "VAa1", "VAa1*e5");
  /* The leo on every queen line: up to the screens a3 and c3 and along the
   * first rank quietly, beyond the screens a capture each. */
  check ("wKh1 wLEa1 wPa3 wSc3 bBa7 bRe5 bKh8", "LEa1",
         "LEa1*a7 LEa1*e5 LEa1-a2 LEa1-b1 LEa1-b2 LEa1-c1 LEa1-d1 LEa1-e1 LEa1-f1 LEa1-g1");
}

/* Madrasi (docs/rules/madrasi.md §7): a Chinese piece observes what it could
 * capture, so two paos on a file paralyse each other only across a screen. */
static void
test_chinese_madrasi (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  params.FE_P_MADRASI = 1;
  fe_test_setup (&pos, &rules, &params, "wKh1 wPAa1 wPe2 bKh8 bPAa8", FE_WHITE);
  g_autofree char *free_to_move = moves_with_prefix (&pos, "PAa1");
  g_assert_cmpstr (free_to_move, !=, "");
  fe_test_setup (&pos, &rules, &params, "wKh1 wPAa1 wPa4 wPe2 bKh8 bPAa8", FE_WHITE);
  g_autofree char *paralysed = moves_with_prefix (&pos, "PAa1");
  g_assert_cmpstr (paralysed, ==, "");
}

/* Imitator (docs/decisions.md, Walks): a Chinese piece's quiet move is
 * copied as a ride, its capture as a lion's hop, so the imitator needs a
 * hurdle where the screen stands and empty squares elsewhere. */
static void
test_chinese_imitator (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  params.FE_P_IMITATOR = 1;
  /* PAa1*a6 over a3: the imitator on c1 passes c2, hops over c3 (a piece
   * there) and lands on c6. */
  fe_test_setup (&pos, &rules, &params, "wKh1 wPAa1 wPa3 wPc3 bSa6 bKh8 Ic1", FE_WHITE);
  g_autofree char *with_hurdle = moves_with_prefix (&pos, "PAa1*");
  g_assert_cmpstr (with_hurdle, ==, "PAa1*a6[Ic6]");
  fe_test_setup (&pos, &rules, &params, "wKh1 wPAa1 wPa3 wPd3 bSa6 bKh8 Ic1", FE_WHITE);
  g_autofree char *no_hurdle = moves_with_prefix (&pos, "PAa1*");
  g_assert_cmpstr (no_hurdle, ==, "");
  /* the quiet PAa1-a2 is a ride: c2 must be empty */
  g_autofree char *quiet = moves_with_prefix (&pos, "PAa1-a2");
  g_assert_cmpstr (quiet, ==, "PAa1-a2[Ic2]");
}

/* Issue 19: a moose reaches a knight's square over an orthogonal and over
 * a diagonal neighbour: one move (D7), not two. */
static void
test_moose_two_hurdles (void)
{
  check ("wKa1 wMg1 wBf2 wBf1 bKh8", "Mg1", "Mg1-e2 Mg1-f3");
  /* a capture by two routes, likewise */
  check ("wKa1 wMg1 wBf2 wBf1 bKh8 bSe2", "Mg1", "Mg1*e2 Mg1-f3");
}

/* The imitator may follow either route: over the diagonal hurdle f2 (the
 * route the generator meets first) it would need a piece on b5, over the
 * orthogonal hurdle f1 a piece on b4, which stands there. */
static void
test_moose_imitator_either_route (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  params.FE_P_IMITATOR = 1;
  fe_test_setup (&pos, &rules, &params, "wKh3 wMg1 wBf2 wBf1 wPb4 bKh8 Ic4", FE_WHITE);
  char *got = fe_test_legal_moves (&pos);
  g_assert_nonnull (strstr (got, "Mg1-e2[Ia5]"));
  g_assert_null (strstr (strstr (got, "Mg1-e2[Ia5]") + 1, "Mg1-e2[Ia5]"));
  g_free (got);
  /* neither route when b4 is empty too */
  fe_test_setup (&pos, &rules, &params, "wKh3 wMg1 wBf2 wBf1 wPb3 bKh8 Ic4", FE_WHITE);
  got = fe_test_legal_moves (&pos);
  g_assert_null (strstr (got, "Mg1-e2"));
  g_free (got);
}

/* Magic views are a set (docs/rules/magic-pieces.md §4.3): the rook arriving
 * on e2 is seen by the magic moose over f1 and over f2 along one line (g1,
 * e2): one new view, an odd count, so it changes colour. */
static void
test_magic_moose_one_view (void)
{
  FePosition pos;
  FeRules rules;
  FeConditionParams params = { 0 };
  fe_test_setup (&pos, &rules, &params, "wKa1 wmMg1 wBf2 wBf1 bKh8 bRe8", FE_BLACK);
  char *got = fe_test_legal_moves (&pos);
  g_assert_nonnull (strstr (got, "Re8-e2[e2=w]"));
  g_free (got);
}

static char *
solve (const char *pieces, const char *stip)
{
  FeProblem *pb = fe_problem_new ();
  FeRules rules;
  FeConditionParams params = { 0 };
  fe_test_setup (&pb->diagram, &rules, &params, pieces, FE_WHITE);
  pb->diagram.rules = NULL;
  g_assert_true (fe_stipulation_parse (stip, &pb->stipulation, NULL));
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  FeSolverConfig config = { .threads = 1 };
  g_assert_true (fe_solve (pb, &config, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (fe_test_repeated_line (out->str));
  fe_problem_free (pb);
  return g_string_free (out, FALSE);
}

/* Issue 19: with no condition a pawn still promotes into every fairy walk
 * of the diagram (docs/rules/fairy-pieces.md §5); the solver's orthodox fast
 * path had only Q R B S. */
static void
test_fairy_promotion_without_condition (void)
{
  g_autofree char *one = solve ("wKa1 wPf7 wNc3 bKh1", "~1");
  g_assert_nonnull (strstr (one, "1.f7-f8=N !"));
  /* the issue's h#3 after its first move (its only solution, Popeye's
   * line): a promotion into the nightrider's walk */
  g_autofree char *h2 = solve ("wKf5 wPd7 wCAg7 wROe8 wNh8 bKg2 bRh3 bPe5", "h#2");
  g_assert_nonnull (strstr (h2, "1.Rh3-h2 d7-d8=N +   2.Kg2-h3 Nh8-f7 #"));
  /* the moose, once */
  g_autofree char *moose = solve ("wKa1 wMg1 wBf2 wBf1 bKh8", "~1");
  g_assert_nonnull (strstr (moose, "1.Mg1-e2 !"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/walks/grasshopper", test_grasshopper);
  g_test_add_func ("/walks/locust", test_locust);
  g_test_add_func ("/walks/lion", test_lion);
  g_test_add_func ("/walks/nightrider", test_nightrider);
  g_test_add_func ("/walks/rose", test_rose);
  g_test_add_func ("/walks/amazon", test_amazon);
  g_test_add_func ("/walks/leapers", test_leapers);
  g_test_add_func ("/walks/nightrider-hopper", test_nightrider_hopper);
  g_test_add_func ("/walks/chinese", test_chinese);
  g_test_add_func ("/walks/chinese-madrasi", test_chinese_madrasi);
  g_test_add_func ("/walks/chinese-imitator", test_chinese_imitator);
  g_test_add_func ("/walks/moose-two-hurdles", test_moose_two_hurdles);
  g_test_add_func ("/walks/moose-imitator-either-route", test_moose_imitator_either_route);
  g_test_add_func ("/walks/magic-moose-one-view", test_magic_moose_one_view);
  g_test_add_func ("/walks/fairy-promotion-without-condition", test_fairy_promotion_without_condition);
  return g_test_run ();
}
