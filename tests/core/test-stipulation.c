/* test-stipulation.c — stipulations read, refused and written back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "core/model/stipulation.h"
#include "core/backend/backend.h"
#include "io/popeye.h"
#include "io/stipulation-text.h"
#include "solution-lines.h"

static void
test_valid (void)
{
  static const char *texts[] = { "#2", "h#2.5", "h#0.5", "s#3", "r#2", "=2", "h==3", "ser-#8",
                                 "ser-h#26", "ser-s#6", "~1", "x1", "+1", "h=2", "zd21",
                                 "ser-zd53", "za62", "h001", "h#1", "hs#2", "hs#2.5", "hr#3",
                                 "hr#1.5", "ser-r#2", "reci-h#3", "reci-h#1.5", "reci-h(=)#3",
                                 "reci-h(#)=3", "ser-reci-h(=)#7", "ser-reci-h#1", "h%2", "%1",
                                 "ser-%3", "hsx2", "hr=2", "ser-sx7", "ser-szh33", "ser-r+6",
                                 "r002", "hs==2", "ser-h004", "hszd52", "s~2", "a=>b6",
                                 "a=>b1.5", "ser-a=>b11", "ser-ha=>b2" };
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
  static const char *texts[] = { "#0", "h#999999", "", "#", "#2.5", "h#-1", "z2", "zi9",
                                 "zd", "h00", "hs#0.5", "hr#0", "reci-h#0.5", "reci-h#0",
                                 "reci-h(#3", "ser-r#2.5", "ser-reci-h#1.5", "s#2.5",
                                 "ser-#100", "hs#100" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_false (fe_stipulation_parse (texts[i], &s, &error));
      g_assert_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_INVALID);
      g_clear_error (&error);
    }
}

/* Every stipulation of the reference problems and of Popeye's example
 * corpus (data/corpus-stipulations.txt) reads into the stipulation's parts
 * and writes back as written (but for case and the spaces Popeye allows
 * before a length, and "dia3.0" for dia3), and reads back equal. */
static void
test_corpus_round_trip (void)
{
  g_autofree char *path = g_build_filename (FEERIE_TEST_DATA, "corpus-stipulations.txt", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int n = 0;
  for (int i = 0; lines[i]; i++)
    {
      const char *line = lines[i];
      if (!*line || *line == '#')
        continue;
      FeStipulation s, back;
      GError *error = NULL;
      if (!fe_stipulation_parse (line, &s, &error))
        g_error ("\"%s\" does not read: %s", line, error->message);
      g_autofree char *written = fe_stipulation_to_string (&s);
      g_autoptr (GString) expected = g_string_new (NULL);
      for (const char *p = line; *p; p++)
        if (*p != ' ')
          g_string_append_c (expected, g_ascii_tolower (*p));
      if (g_str_has_suffix (expected->str, ".0"))
        g_string_truncate (expected, expected->len - 2);
      g_assert_cmpstr (written, ==, expected->str);
      g_assert_true (fe_stipulation_parse (written, &back, NULL));
      g_assert_true (fe_stipulation_equal (&s, &back));
      n++;
    }
  g_assert_cmpint (n, >, 300);
}

/* What is not Popeye's language, or cannot be, is refused by the reader,
 * never misread. */
static void
test_refused_by_reader (void)
{
  static const struct {
    const char *text, *name;
  } refused[] = {
    { "ha=>b2", "position-to-position" }, { "s a=>b2", "unknown" },
    { "reci-ha=>b2", "position-to-position" }, { "ser-sa=>b3", "position-to-position" },
    { "reci-hzd53", "target goal" }, { "reci-h(#)zd53", "target goal" },
    { "q#2", "unknown" }, { "#2x", "unexpected" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_false (fe_stipulation_parse (refused[i].text, &s, &error));
      g_assert_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED);
      if (!strstr (error->message, refused[i].name) || !strstr (error->message, refused[i].text))
        g_error ("\"%s\": \"%s\" does not name %s and the stipulation", refused[i].text,
                 error->message, refused[i].name);
      g_clear_error (&error);
    }
}

/* Popeye's compositions no backend solves yet read into the structure and
 * back, and are refused by the solver by name, never misread.  (The search
 * refuses more; the structured solver takes those its trees say:
 * test_solved_as_trees.) */
static void
test_refused_by_solver (void)
{
  static const struct {
    const char *text, *name;
  } refused[] = {
    { "dia3.5", "proof games" }, { "pser-hs#2", "parry series help-self" }, { "exact-hs#3", "exact" },
    { "3->ser-#2", "introductory" }, { "ser-hs#4", "ser-hs" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      FeStipulation s;
      GError *error = NULL;
      g_assert_true (fe_stipulation_parse (refused[i].text, &s, &error));
      g_assert_no_error (error);
      g_autofree char *back = fe_stipulation_to_string (&s);
      g_assert_cmpstr (back, ==, refused[i].text);
      g_autofree char *input = g_strdup_printf ("begin\npieces white ke1 black ke8 pe7\n"
                                                "stipulation %s\nend\n", refused[i].text);
      g_autoptr (GPtrArray) problems = fe_popeye_read (input, strlen (input), "t.inp", &error);
      g_assert_no_error (error);
      FeRefusal refusal;
      g_assert_true (fe_solve_refusal (problems->pdata[0], &refusal));
      g_assert_cmpint (refusal.reason, ==, FE_REFUSAL_STIPULATION);
      if (!strstr (refusal.error->message, refused[i].name)
          || !strstr (refusal.error->message, refused[i].text))
        g_error ("\"%s\": \"%s\" does not name %s and the stipulation", refused[i].text,
                 refusal.error->message, refused[i].name);
      fe_refusal_clear (&refusal);
    }
}

/* What the search refuses but a structured stipulation says (exact help
 * and series play, semi-r, the goals #= and ep): the structured solver
 * solves it (docs/rules/structured-stipulations.md §6.1). */
static void
test_solved_as_trees (void)
{
  static const char *const texts[] = { "exact-h#3", "exact-ser-h#2", "semi-r#2", "#=2", "hep1",
                                       "ser-h#=2", "reci-h(#=)#2", "hr#=2", "exact-#3", "exact-s#2",
                                       "exact-r#2" };
  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *input = g_strdup_printf ("begin\npieces white ke1 black ke8 pe7\n"
                                                "stipulation %s\nend\n", texts[i]);
      GError *error = NULL;
      g_autoptr (GPtrArray) problems = fe_popeye_read (input, strlen (input), "t.inp", &error);
      g_assert_no_error (error);
      FeRefusal refusal;
      if (fe_solve_refusal (problems->pdata[0], &refusal))
        g_error ("%s refused: %s", texts[i], refusal.error->message);
      GString *out = g_string_new (NULL);
      g_assert_true (fe_solve (problems->pdata[0], NULL, out, NULL, &error));
      g_string_free (out, TRUE);
    }
}

/* The new plays and goals read into their fields. */
static void
test_fields (void)
{
  FeStipulation s;
  g_assert_true (fe_stipulation_parse ("reci-h(=)#3", &s, NULL));
  g_assert_cmpint (s.play, ==, FE_PLAY_HELP);
  g_assert_cmpint (s.end, ==, FE_END_RECI);
  g_assert_cmpint (s.reci_goal, ==, FE_GOAL_STALEMATE);
  g_assert_cmpint (s.goal, ==, FE_GOAL_MATE);
  g_assert_cmpint (s.moves, ==, 3);
  g_assert_true (fe_stipulation_parse ("reci-h==2", &s, NULL));
  g_assert_cmpint (s.reci_goal, ==, FE_GOAL_DOUBLE_STALEMATE);
  g_assert_cmpint (s.goal, ==, FE_GOAL_DOUBLE_STALEMATE);
  g_assert_true (fe_stipulation_parse ("ser-reci-h(#)=7", &s, NULL));
  g_assert_cmpint (s.play, ==, FE_PLAY_SERIES);
  g_assert_cmpint (s.end, ==, FE_END_RECI);
  g_assert_cmpint (s.reci_goal, ==, FE_GOAL_MATE);
  g_assert_cmpint (s.goal, ==, FE_GOAL_STALEMATE);
  g_assert_true (fe_stipulation_parse ("HS#2.5", &s, NULL));
  g_assert_cmpint (s.play, ==, FE_PLAY_HELP);
  g_assert_cmpint (s.end, ==, FE_END_SELF);
  g_assert_true (s.half);
  g_assert_true (fe_stipulation_parse ("hr#1", &s, NULL));
  g_assert_cmpint (s.play, ==, FE_PLAY_HELP);
  g_assert_cmpint (s.end, ==, FE_END_REFLEX);
  g_assert_true (fe_stipulation_parse ("ser-r#3", &s, NULL));
  g_assert_cmpint (s.play, ==, FE_PLAY_SERIES);
  g_assert_cmpint (s.end, ==, FE_END_REFLEX);
  g_assert_true (fe_stipulation_parse ("ser-%2", &s, NULL));
  g_assert_cmpint (s.goal, ==, FE_GOAL_CAPTURE_NO_REBIRTH);
  /* reci-h(#)#3 is reci-h#3, written the short way */
  g_assert_true (fe_stipulation_parse ("reci-h(#)#3", &s, NULL));
  char *back = fe_stipulation_to_string (&s);
  g_assert_cmpstr (back, ==, "reci-h#3");
  g_free (back);
  g_assert_true (fe_stipulation_parse ("exact-2->pser-s#3", &s, NULL));
  g_assert_true (s.exact);
  g_assert_cmpint (s.intro, ==, 2);
  g_assert_cmpint (s.parry, ==, FE_PARRY_BATTLE);
  g_assert_cmpint (s.end, ==, FE_END_SELF);
  g_assert_true (fe_stipulation_parse ("dia 4", &s, NULL));
  g_assert_cmpint (s.goal, ==, FE_GOAL_PROOF_GAME);
  g_assert_cmpint (s.moves, ==, 4);
  g_assert_true (fe_stipulation_parse ("hkh31", &s, NULL));
  g_assert_cmpint (s.goal, ==, FE_GOAL_KISS);
  g_assert_cmpint (s.target, ==, FE_SQ (7, 2));
}

/* The window's explanation of each kind, numbers filled in (issue 21). */
static void
test_explain (void)
{
  static const struct {
    const char *stip, *text;
  } e[] = {
    { "hs#3", "White and Black help each other for 2½ moves, then White forces Black to mate in one move." },
    { "h#2", "Black and White help each other for 2 moves; White's last move must mate." },
    { "h=1.5", "White and Black help each other for 1½ moves; White's last move must stalemate." },
    { "#1", "White moves first and can mate in 1 move against any defence." },
    { "s#3", "White moves first and forces Black to mate within 3 moves." },
    { "ser-h#4", "Black plays 4 moves in a row, White not moving, then White can mate in one move." },
    { "reci-h#1", "Black can mate in one move, and can also play a move after which White can mate in one move." },
    { "reci-h(=)#3", "Black and White help each other for 2 moves to where Black can stalemate in one move "
                     "and can also play a move after which White can mate in one move." },
    { "ser-zd51", "White plays 1 move in a row, Black not moving, and the last must bring the moving piece "
                  "to d5; no check before it." },
    { "pser-#3", "White plays 3 moves in a row, Black moving only to parry a check, and the last must mate "
                 "whatever Black parries." },
    { "pser-h#2", "Black plays 2 moves in a row, White moving only to parry a check and helping, then White "
                  "can mate in one move." },
    { "phser-s=1", "White plays 1 move in a row, Black moving only to parry a check and helping, then Black "
                   "is forced to stalemate in one move." },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (e); i++)
    {
      FeStipulation s;
      g_assert_true (fe_stipulation_parse (e[i].stip, &s, NULL));
      char *text = fe_stipulation_explain (&s);
      g_assert_cmpstr (text, ==, e[i].text);
      g_free (text);
    }
  /* Every play and goal reads as a sentence: no format left over. */
  const char *plays[] = { "", "h", "s", "r", "ser-", "ser-h", "ser-s", "ser-r", "hs", "hr", "reci-h",
                          "ser-reci-h", "pser-", "pser-s", "pser-r", "pser-h", "phser-", "phser-s",
                          "phser-r" };
  const char *goals[] = { "#", "=", "==", "~", "x", "+", "zd5", "00", "%", "a=>b", "##", "##!", "#=",
                          "!=", "!#", "ep", "ct", "ctr", "<>", "<>r", "ke5" };
  for (guint p = 0; p < G_N_ELEMENTS (plays); p++)
    for (guint g = 0; g < G_N_ELEMENTS (goals); g++)
      for (int n = 1; n <= 2; n++)
        {
          g_autofree char *text = g_strdup_printf ("%s%s%d", plays[p], goals[g], n);
          FeStipulation s;
          if (!fe_stipulation_parse (text, &s, NULL))
            continue; /* a target in reciprocal play */
          g_autofree char *sentence = fe_stipulation_explain (&s);
          if (!*sentence || strchr (sentence, '%') || sentence[strlen (sentence) - 1] != '.')
            g_error ("%s: \"%s\"", text, sentence);
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

/* The move lines of a solution (twin headers and blank lines left out). */
static int
count_lines (const char *out)
{
  int n = 0;
  char **lines = g_strsplit (out, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      const char *c = *l;
      while (*c == ' ')
        c++;
      n += g_ascii_isdigit (*c);
    }
  g_strfreev (lines);
  return n;
}

static char *
solve_stip (const char *stip, const char *pieces, const char *options, const char *condition)
{
  g_autofree char *text
    = g_strdup_printf ("begin\npieces %s\nstipulation %s\n%s%s\n%s%s\nend\n", pieces, stip,
                       options ? "option " : "", options ? options : "",
                       condition ? "condition " : "", condition ? condition : "");
  return solve (text);
}

static void
assert_no_line (const char *out, const char *line)
{
  if (strstr (out, line))
    g_error ("did not expect \"%s\" in:\n%s", line, out);
}

/* One stipulation solved: the lines it must and must not write, and how
 * many move lines (-1: not counted). */
typedef struct {
  const char *stip, *pieces, *options;
  int lines;
  const char *has[5];
  const char *hasnt[2];
  const char *condition;
} Expect;

static void
check_expectations (const Expect *e, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      char *out = solve_stip (e[i].stip, e[i].pieces, e[i].options, e[i].condition);
      for (int k = 0; k < 5 && e[i].has[k]; k++)
        assert_has_line (out, e[i].has[k]);
      for (int k = 0; k < 2 && e[i].hasnt[k]; k++)
        assert_no_line (out, e[i].hasnt[k]);
      if (e[i].lines >= 0 && count_lines (out) != e[i].lines)
        g_error ("%s: %d lines, expected %d:\n%s", e[i].stip, count_lines (out), e[i].lines, out);
      g_free (out);
    }
}

#define HS_P "white kh1 ph2 ba6 re2 black kh3 rg6"
#define HR_P "white kh1 ph2 ba6 re2 black kh3 rf6"
#define RECI_P "white kh8 pg3 qb3 black kf8 re1 sb8"
#define VIOLATION_P "white kb6 rd1 re1 black ka8 pg7"
#define SET_VIOLATION_P "white kb6 bd2 qc1 qg2 qf3 pd3 qc6 black kh8 pd6 re5 sc2"

/* hs#n (docs/rules/stipulations.md §4.2, verified with Popeye 4.104). */
static void
test_solve_help_self (void)
{
  static const Expect e[] = {
    { "hs#2", HS_P, NULL, 1, { "  1.Re2-e4 Rg6-f6   2.Ba6-f1 + Rf6*f1 #\n" } },
    { "hs#2.5", HS_P, NULL, -1,
      { "  1...Rg6-g3   2.Re2-e4 Rg3-f3   3.Ba6-f1 + Rf3*f1 #\n",
        "  1...Rg6-g5   2.Re2-e4 Rg5-f5   3.Ba6-f1 + Rf5*f1 #\n",
        "  1...Rg6-b6   2.Re2-e4 Rb6-b1 +   3.Ba6-f1 + Rb1*f1 #\n" } },
    { "hs#3", HS_P, NULL, -1,
      { "  1.Re2-e4 Rg6-f6   2.Ba6-f1 + Rf6*f1 #\n",
        "  1.Re2-e1 Rg6-g3   2.Re1-e4 Rg3-f3   3.Ba6-f1 + Rf3*f1 #\n" } },
    { "hs#1", HS_P, NULL, 0 },
    { "hs#1.5", HS_P, NULL, 0 },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

/* hr#n: the reflex duties of both sides at every move, and " ?!?" when
 * the diagram breaks them, in r#n and ser-r#n too
 * (docs/rules/stipulations.md §4.1, §4.2). */
static void
test_solve_help_reflex (void)
{
  static const Expect e[] = {
    { "hr#2", "white kf3 rb3 bd4 black kd5 pe3 bb8 rd1", NULL, 1,
      { "  1.Rb3-b2 Rd1-g1   2.Rb2-e2 Rg1-g3 #\n" } },
    { "hr#1.5", "white kf3 rb3 bd4 black kd5 pe3 bb8 rd1", NULL, 0 },
    /* Black must mate at once: nothing longer starts with these moves. */
    { "hr#2", HR_P, NULL, 248,
      { "  1.Ba6-d3 Rf6-f1 #\n", "  1.Ba6-c4 Rf6-f1 #\n", "  1.Kh1-g1 Rf6-f2   2.Kg1-h1 Rf2-f1 #\n",
        "  1.Re2-e4 Rf6-f3   2.Ba6-b7 Rf3-f1 #\n" },
      { "1.Ba6-d3 Rf6-f1   2." } },
    /* White's duty inside the line: with Qa2, 2.Qa2-g2# would be there. */
    { "hr#2", "white kh1 ph2 ba6 re2 qa2 black kh3 rf6", NULL, -1, { NULL },
      { "1.Re2-e4 Rf6-f3", "?!?" } },
    { "hr#1", "white kc3 qd2 sh4 ph3 black kb1 bf7 bb3 sg8", NULL, 1, { "  1.Qd2-b2 # ?!?\n" } },
    { "hr#2", VIOLATION_P, NULL, 2, { "1.Re1-e8 # ?!?\n", "1.Rd1-d8 # ?!?\n" } },
    { "r#2", VIOLATION_P, NULL, 2, { "1.Re1-e8 # ?!?\n", "1.Rd1-d8 # ?!?\n" } },
    { "ser-r#2", VIOLATION_P, NULL, 2, { "1.Re1-e8 # ?!?\n", "1.Rd1-d8 # ?!?\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

/* reci-h: the end's two lines, short solutions, the series form without
 * its 0-move end (docs/rules/stipulations.md §6.2). */
static void
test_solve_reciprocal (void)
{
  static const Expect e[] = {
    /* Popeye writes reci-h#1's two halves one after the other. */
    { "reci-h#1", RECI_P, NULL, 2, { "  1.Re1-e7 Qb3-g8 #\n\n  1.Re1-h1 #\n" } },
    { "reci-h(#)=1", RECI_P, NULL, 0 },
    { "reci-h#2", RECI_P, NULL, -1,
      { "  1.Re1-e7 Qb3-g8 #\n", "  1.Re1-h1 #\n", "  1.Re1-e6 Qb3-a2   2.Re6-e7 Qa2-g8 #\n",
        "  1.Re1-e6 Qb3-a2   2.Re6-h6 #\n" } },
    { "ser-reci-h#2", RECI_P, NULL, -1,
      { "  1.Re1-e6   2.Re6-e7 Qb3-g8 #\n", "  1.Re1-e6   2.Re6-h6 #\n",
        "  1.Sb8-a6   2.Re1-e7 Qb3-g8 #\n", "  1.Sb8-a6   2.Re1-h1 #\n" },
      { "  1.Re1-e7 Qb3-g8 #", "  1.Re1-h1 #" } },
    { "reci-h(=)#3", "white kh1 pa7 black kf1 pb3", NULL, 2,
      { "  1.b3-b2 a7-a8=Q   2.b2-b1=Q Qa8-a2   3.Qb1-e1 Qa2-g2 #\n",
        "  1.b3-b2 a7-a8=Q   2.b2-b1=Q Qa8-a2   3.Qb1*a2 =\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

/* ser-s# and ser-r#: the end tested after each series move; set play
 * (docs/rules/stipulations.md §7.2). */
static void
test_solve_series_self_reflex (void)
{
  static const Expect e[] = {
    { "ser-s#2", HR_P, NULL, 1, { "  1.Re2-e4   2.Ba6-f1 + Rf6*f1 #\n" } },
    { "ser-s#3", HR_P, NULL, -1,
      { "  1.Re2-e4   2.Ba6-f1 + Rf6*f1 #\n", "  1.Re2-e1   2.Re1-e4   3.Ba6-f1 + Rf6*f1 #\n" },
      { "1.Re2-e4   2.Ba6-f1 +   3." } },
    { "ser-r#2", HR_P, NULL, 40,
      { "  1.Ba6-d3 Rf6-f1 #\n", "  1.Kh1-g1   2.Kg1-h1 Rf6-f1 #\n",
        "  1.Re2-e4   2.Ba6-f1 + Rf6*f1 #\n" } },
    { "ser-r#2", "white ka8 ph2 black kc2 pd3 rb8 rg4", NULL, 1,
      { "  1.Ka8-a7   2.Ka7-a6 Rg4-a4 #\n" } },
    /* Set play: Black's immediate mate in the diagram. */
    { "ser-r#2", HR_P, "setplay", 41, { "  1...Rf6-f1 #\n\n" } },
    /* Set play is written before the diagram's " ?!?". */
    { "ser-r+2", SET_VIOLATION_P, "setplay", 14, { "  1...Re5-b5 +\n\n  1.", "  1.Qc1-h1 + ?!?\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

#define PSER_S_P "white ke1 sh2 pg3 black ke3 pd3 pd4 pe2 pe4 ph3"
#define PSER_R_P "white ke1 pg3 black ke3 bh5 sh2 pd3"

/* Parry series: the other side moves only in check; battle parries (every
 * one met, the lines of the shortest wins, short keys, duals) and help
 * parries; set play; the reflex diagram (docs/rules/stipulations.md §12,
 * verified with Popeye 4.104). */
static void
test_solve_parry_series (void)
{
  static const Expect e[] = {
    { "pser-#2", "white kh1 qh3 rh4 bf5 black kh8 qg8 ph7", NULL, 1,
      { "  1.Rh4*h7 + Qg8*h7   2.Qh3*h7 #\n" } },
    { "pser-#3", "white kg1 qe1 ba6 black ke5 sg7 sg8 pa3 pc5 pd5 pe3 pe4 pf6", NULL, 3,
      { "  1.Qe1-g3 + Ke5-d4   2.Qg3-e1   3.Qe1-a1 #\n", "  1.Qe1-g3 + Ke5-e6   2.Qg3-c7   3.Ba6-c8 #\n",
        "  1.Qe1-g3 + Ke5-f5   2.Ba6-f1   3.Bf1-h3 #\n" } },
    /* A key that mates at once, and the duals of the shortest wins. */
    { "pser-#2", "white kg1 qd1 rh2 black kh8 pg7 ph7", NULL, 51,
      { "  1.Qd1-d8 #\n", "  1.Qd1-d7   2.Qd7-e8 #\n", "  1.Qd1-d7   2.Qd7-c8 #\n",
        "  1.Rh2-a2   2.Ra2-a8 #\n", "  1.Rh2-a2   2.Qd1-d8 #\n" },
      { "1.Qd1-d8 #   2." } },
    /* Popeye writes no solution with SetPlay here (docs/rules/decisions.md D51): the same lines. */
    { "pser-#2", "white kh1 qh3 rh4 bf5 black kh8 qg8 ph7", "setplay", 1,
      { "  1.Rh4*h7 + Qg8*h7   2.Qh3*h7 #\n" } },
    /* A parry that reaches the goal ends a pser-s line. */
    { "pser-s=2", "white qg6 black kc7", "nowk", 3,
      { "  1.Qg6-c6 + Kc7-d8   2.Qc6-d7 + Kd8*d7 =\n", "  1.Qg6-c6 + Kc7-b8   2.Qc6-b7 + Kb8*b7 =\n",
        "  1.Qg6-c6 + Kc7*c6 =\n" } },
    { "pser-s#2", PSER_S_P, "setplay", 2, { "  1...d3-d2 #\n\n", "  1.Sh2-f3   2.Sf3-h2 d3-d2 #\n" } },
    { "phser-s#2", PSER_S_P, "setplay", 2, { "  1...d3-d2 #\n\n", "  1.Sh2-f3   2.Sf3-h2 d3-d2 #\n" } },
    { "pser-r#2", PSER_R_P, "setplay", 2, { "  1...d3-d2 #\n\n", "  1.g3-g4   2.g4-g5 d3-d2 #\n" } },
    { "phser-r#2", PSER_R_P, "setplay", 2, { "  1...d3-d2 #\n\n", "  1.g3-g4   2.g4-g5 d3-d2 #\n" } },
    { "pser-r#2", VIOLATION_P, NULL, 2, { "1.Re1-e8 # ?!?\n", "1.Rd1-d8 # ?!?\n" } },
    { "phser-r#2", VIOLATION_P, NULL, 2, { "1.Re1-e8 # ?!?\n", "1.Rd1-d8 # ?!?\n" } },
    { "pser-r+2", SET_VIOLATION_P, "setplay", 14, { "  1...Re5-b5 +\n\n  1.", "  1.Qc1-h1 + ?!?\n" } },
    { "pser-h#2", "white ke6 sh7 bh4 pd6 black ke8 pg6", "setplay", 2,
      { "  1...d6-d7 #\n\n", "  1.g6-g5   2.g5-g4 d6-d7 #\n" } },
    /* phser-=: the line goes on through an early stalemate. */
    { "phser-=3", "white kd8 qe8 bb2 sh3 pb6 pc6 black kh2 pa3", NULL, 151,
      { "  1.Qe8-e2 + Kh2-h1   2.Bb2*a3 =\n", "  1.Qe8-e2 + Kh2-h1   2.Bb2*a3   3.Ba3-b2 =\n" } },
    { "pser-h=4", "white kh8 rb1 bh6 sc4 sh4 pe7 black kf4 qh1 rg5 rg2 rh2 bg1 sf2 sh3 pd2 pg4", NULL, 1,
      { "  1.d2-d1=Q   2.Qd1-d8 + e7-e8=S   3.Qd8-f6 + Se8*f6   4.g4-g3 Rb1-f1 =\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

/* The goals in help, series and direct play, with Popeye's marks
 * (docs/rules/stipulations.md §1–§3, §8.3). */
static void
test_solve_goals (void)
{
  static const Expect e[] = {
    { "h==1", "white pe3 black pe6", "nowk nobk", 1, { "  1.e6-e5 e3-e4 ==\n" } },
    { "h==1", "white pe3 pa2 black pe6", "nowk nobk", 0 },
    { "h=1", "white pe3 pa2 black pe6", "nowk nobk", 1, { "  1.e6-e5 e3-e4 =\n" } },
    { "h=2", "white kh1 qe7 sb1 black ka3 pc7 rb2", NULL, -1,
      { "  1.Ka3-a4 Qe7*c7   2.Rb2-b6 Qc7*b6 =\n" } },
    /* Without Circe, % is x; with it, a capture whose victim is reborn
     * is x only; AntiCirce's transfer is no rebirth. */
    { "%1", "white kh1 rd1 ra4 black kh8 pd5 pa7 pa6", NULL, -1,
      { "1.Rd1*d5 % !\n", "1.Ra4*a6 % !\n" } },
    { "x1", "white kh1 rd1 ra4 black kh8 pd5 pa7 pa6", NULL, 2,
      { "1.Rd1*d5[+bPd7] x !\n", "1.Ra4*a6 x !\n" }, { NULL }, "Circe" },
    { "%1", "white kh1 rd1 ra4 black kh8 pd5 pa7 pa6", NULL, 1, { "1.Ra4*a6 % !\n" }, { NULL },
      "Circe" },
    { "%1", "white kb1 rd1 ra4 black kh8 pd5 pa7 pa6", NULL, 2,
      { "1.Rd1*d5[wRd5->h1] + % !\n", "1.Ra4*a6[wRa6->h1] + % !\n" }, { NULL }, "AntiCirce" },
    /* z: the moving piece's square; castling counts the king's. */
    { "zg11", "white ke1 rh1 black ka8", NULL, 2, { "1.0-0 z !\n", "1.Rh1-g1 z !\n" } },
    { "zf11", "white ke1 rh1 black ka8", NULL, 2, { "1.Ke1-f1 z !\n", "1.Rh1-f1 z !\n" } },
    { "~1", "white pe2 black kd4", "nowk", 2, { "1.e2-e4 !\n", "1.e2-e3 + !\n" } },
    /* A goal reached early ends the line: no line passes a capture. */
    { "ser-x2", "white kh1 ra1 black kh8 pa5 pb7", NULL, 8,
      { "  1.Ra1*a5 x\n", "  1.Ra1-b1   2.Rb1*b7 x\n" } },
    { "hx2", "white kh1 ra1 black kh8 pa5 pb7", NULL, -1,
      { "  1.a5-a4 Ra1*a4 x\n", "  1.a5-a4 Ra1-a3   2.b7-b5 Ra3*a4 x\n" },
      { "1.a5-a4 Ra1*a4   2." } },
    /* WhiteToPlay where White starts already: not applied
     * (docs/rules/stipulations.md §3). */
    { "h+1.5", "white ka3 pb4 black ka6", "whitetoplay", 1, { "  1...b4-b5 +\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
}

#define DOUBLE_MATE_P "white kf3 rh1 sh4 pg3 black kh3 qh2 pe2g2g4"

/* The mover's own mates, whose goal move leaves the mover's king in check
 * (orthodox: the kings side by side), mate or stalemate, e.p. and the
 * circuit (docs/rules/stipulations.md §8.4, §8.5). */
static void
test_solve_newer_goals (void)
{
  static const Expect e[] = {
    /* White, in check but able to move, mates and is mated: ##, not ##!. */
    { "h##0.5", DOUBLE_MATE_P, NULL, 1, { "  1...Kf3*g2 ##\n" } },
    { "h##!0.5", DOUBLE_MATE_P, NULL, 0 },
    { "h!#0.5", DOUBLE_MATE_P, NULL, 1, { "  1...Kf3*g2 + !#\n" } },
    { "ser-!#1", DOUBLE_MATE_P, NULL, 1, { "  1.Kf3*g2 + !#\n" } },
    /* s##!: White mates Black, whose answer is the counter-mate. */
    { "s##!1", "white ka2 qe2 rd4 black kc1 rb1", "variations", 2,
      { "   1.Qe2-c4 + !\n      1...Kc1-b2 ##!\n" } },
    { "#=1", "white kf6 qg1 black kh8", NULL, 2, { "   1.Qg1-g6 #= !\n", "   1.Qg1-g7 #= !\n" } },
    { "hep1", "white pe5 black pd7", "nowk nobk", 1, { "  1.d7-d5 e5*d6 ep.\n" } },
    /* The king back home after any black move: no mark. */
    { "hct1.5", "white kh1 black kh8 pa7", NULL, 15, { "  1...Kh1-g1   2.a7-a6 Kg1-h1\n" } },
  };
  check_expectations (e, G_N_ELEMENTS (e));
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

/* The lines that reach an a=>b target. */
static int
count_reached (const char *out)
{
  int n = 0;
  for (const char *p = out; (p = strstr (p, " a=>b\n")); p++)
    n++;
  return n;
}

/* a=>b, ser-a=>b, ser-ha=>b: the verified examples of
 * docs/rules/stipulations.md §5.5. */
static void
test_solve_position_to_position (void)
{
  FeStipulation st;
  g_assert_true (fe_stipulation_parse ("a=>b1.5", &st, NULL));
  g_assert_cmpint (st.play, ==, FE_PLAY_HELP);
  g_assert_cmpint (st.goal, ==, FE_GOAL_POSITION);
  g_assert_true (fe_stipulation_has_target (&st));
  g_assert_true (fe_stipulation_parse ("ser-ha=>b2", &st, NULL));
  g_assert_cmpint (st.play, ==, FE_PLAY_SERIES);
  g_assert_cmpint (st.end, ==, FE_END_HELP);
  /* Black starts and moves last in a=>b1.5; castling reaches B. */
  char *out = solve ("begin\npieces white ke1 rh1 black ke8\nstip a=>b1.5\n"
                     "pieces white kg1 rf1 black ke8\nend\n");
  assert_has_line (out, "  1.Ke8-d7 0-0   2.Kd7-e8 a=>b\n");
  assert_has_line (out, "  1.Ke8-f7 0-0 +   2.Kf7-e8 a=>b\n");
  assert_has_line (out, "  1.Ke8-f8 0-0 +   2.Kf8-e8 a=>b\n");
  g_assert_cmpint (count_reached (out), ==, 5);
  g_free (out);
  /* Castling rights are not compared: A = B. */
  out = solve ("begin\npieces white ke1 rh1 black ke8\nstip a=>b2\n"
               "pieces white ke1 rh1 black ke8\nend\n");
  assert_has_line (out, "  1.Ke8-d7 Ke1-f2   2.Kd7-e8 Kf2-e1 a=>b\n");
  g_free (out);
  /* WhiteToPlay keeps the length and lets White start. */
  out = solve ("begin\npieces white ke1 pa2 black ke8 ph7\nstip a=>b1.5\noption whitetoplay\n"
               "pieces white ke1 pa4 black ke8 ph6\nend\n");
  assert_has_line (out, "  1.a2-a3 h7-h6   2.a3-a4 a=>b\n");
  g_assert_cmpint (count_reached (out), ==, 1);
  g_free (out);
  out = solve ("begin\npieces white ke1 pa2 black ke8 ph7\nstip ser-a=>b2\n"
               "pieces white ke1 pa4 black ke8 ph7\nend\n");
  assert_has_line (out, "  1.a2-a4 a=>b\n");
  assert_has_line (out, "  1.a2-a3   2.a3-a4 a=>b\n");
  g_free (out);
  out = solve ("begin\npieces white ke1 pa2 black ke8 ph7\nstip ser-ha=>b2\n"
               "pieces white ke1 pa3 black ke8 ph5\nend\n");
  assert_has_line (out, "  1.h7-h5 a2-a3 a=>b\n");
  assert_has_line (out, "  1.h7-h6   2.h6-h5 a2-a3 a=>b\n");
  g_free (out);
  /* Fairy pieces (no distance bound: the plain search). */
  out = solve ("begin\npieces white ke1 gc1 pc3 black ke8\nstip a=>b1\n"
               "pieces white ke1 gc4 pc3 black kd8\nend\n");
  assert_has_line (out, "  1.Ke8-d8 Gc1-c4 a=>b\n");
  g_assert_cmpint (count_reached (out), ==, 1);
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
    { "begin\npieces white ka1 black kh8\nstip pser-hs#2\nend\n", FE_REFUSAL_STIPULATION, "pser-hs#2" },
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
  g_test_add_func ("/stipulation/corpus-round-trip", test_corpus_round_trip);
  g_test_add_func ("/stipulation/refused-by-reader", test_refused_by_reader);
  g_test_add_func ("/stipulation/refused-by-solver", test_refused_by_solver);
  g_test_add_func ("/stipulation/solved-as-trees", test_solved_as_trees);
  g_test_add_func ("/stipulation/fields", test_fields);
  g_test_add_func ("/stipulation/explain", test_explain);
  g_test_add_func ("/stipulation/target", test_target);
  g_test_add_func ("/stipulation/solve-target-and-capture", test_solve_target_and_capture);
  g_test_add_func ("/stipulation/solve-castling", test_solve_castling);
  g_test_add_func ("/stipulation/solve-help-self", test_solve_help_self);
  g_test_add_func ("/stipulation/solve-help-reflex", test_solve_help_reflex);
  g_test_add_func ("/stipulation/solve-reciprocal", test_solve_reciprocal);
  g_test_add_func ("/stipulation/solve-series-self-reflex", test_solve_series_self_reflex);
  g_test_add_func ("/stipulation/solve-goals", test_solve_goals);
  g_test_add_func ("/stipulation/solve-newer-goals", test_solve_newer_goals);
  g_test_add_func ("/stipulation/solve-parry-series", test_solve_parry_series);
  g_test_add_func ("/stipulation/solve-position-to-position", test_solve_position_to_position);
  return g_test_run ();
}
