/* test-table-random.c — random short help and series problems of every
 * genre solved with the transposition table on, off and tiny, and on two
 * threads: the outputs must be byte-identical, and every printed line must
 * replay (fe_solve_verify).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "core/rules/movegen.h"
#include "core/backend/backend.h"
#include "core/check/check.h"
#include "core/model/walk.h"
#include "../conditions/cond-test-util.h"
#include "solution-lines.h"
#include "random-position.h"

/* A random position; condition `genre` (a registry id, -1: none) is in
 * force, others are added at random (cond-test-util.c). */
static void
random_problem (GRand *r, FeProblem *pb, int genre)
{
  FeConditionParams *params = &pb->conditions;
  FePosition *pos = &pb->diagram;
  uint8_t attribute = fe_test_random_conditions (r, params, genre);
  gboolean imitators = g_rand_int_range (r, 0, 4) == 0;

  fe_position_init (pos);
  fe_test_random_kings (r, pos);
  int n = g_rand_int_range (r, 2, 7);
  for (int i = 0; i < n; i++)
    {
      FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = g_rand_int_range (r, 0, 3) ? g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_PAWN + 1)
                                          : g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_COUNT);
      if (p.walk == FE_WALK_PAWN && (FE_RANK (sq) == 0 || FE_RANK (sq) == 7))
        p.walk = FE_WALK_KNIGHT;
      p.colour = g_rand_int_range (r, 0, 2);
      if (attribute && (i == 0 || g_rand_boolean (r)))
        p.attrs = attribute;
      fe_position_put (pos, sq, p);
    }
  if (imitators)
    add_random_imitators (r, pos, g_rand_int_range (r, 1, 3));
  fe_position_default_castling (pos);
  pos->side = FE_WHITE;
  fe_position_recompute_hash (pos);
}

/* Solves with the given table and threads; NULL when the problem is
 * refused or the time ran out (nothing to compare). */
static char *
solve (const FeProblem *pb, int hash_mb, int threads)
{
  FeSolverConfig config = { 0 };
  config.hash_mb = hash_mb;
  config.threads = threads;
  config.max_time = 2;
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  gboolean ok = fe_solve (pb, &config, out, &stats, &error);
  g_clear_error (&error);
  g_autofree char *twice = fe_test_repeated_line (out->str);
  if (twice)
    g_error ("a line printed twice (D7): %s\n%s", twice, out->str);
  if (!ok || stats.interrupted)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static void
test_table_on_off (void)
{
  static const char *stips[] = { "h#1.5", "h#2", "h=2", "hx2", "h+1.5", "ser-#3",
                                 "ser-h#2", "ser-s#2", "ser-=3", "ser-x3" };
  GRand *r = g_rand_new_with_seed (909);
  int problems = fe_test_count (150, 1500);
  int compared = 0, with_solutions = 0;
  int per_genre[FE_MAX_CONDITION_CLASSES] = { 0 };
  /* Past the count, draw on (four times as many, and a few dozen a
   * condition, at most) for the genres no problem was compared in yet:
   * refusals (an illegal random diagram, quickly refused) and the time
   * limit (slow under the sanitizers) must not leave a condition out. */
  int k = 0;
  for (; k < 4 * problems + 48 * fe_condition_count (); k++)
    {
      int genre = k % fe_condition_count ();
      if (k >= problems)
        {
          gboolean missing = FALSE;
          for (int g = 0; g < fe_condition_count (); g++)
            missing |= !per_genre[g];
          if (!missing)
            break;
          if (per_genre[genre])
            continue;
        }
      FeProblem *pb = fe_problem_new ();
      random_problem (r, pb, genre);
      const char *stip = stips[g_rand_int_range (r, 0, G_N_ELEMENTS (stips))];
      gint64 t0 = g_get_monotonic_time ();
      g_assert_true (fe_stipulation_parse (stip, &pb->stipulation, NULL));
      pb->options.no_white_king = pb->options.no_black_king = TRUE;
      pb->options.duplex = g_rand_int_range (r, 0, 4) == 0;
      char *on = solve (pb, 0, 1);
      if (on)
        {
          char *off = solve (pb, -1, 1);
          char *tiny = solve (pb, 1, 1);
          char *two = solve (pb, 1, 2);
          if (off && tiny && two)
            {
              if (strcmp (on, off) != 0 || strcmp (on, tiny) != 0 || strcmp (on, two) != 0)
                g_error ("problem %d (%s, genre %d): outputs differ\n--- table on:\n%s\n--- off:\n%s\n"
                         "--- tiny:\n%s\n--- 2 threads:\n%s",
                         k, stip, genre, on, off, tiny, two);
              GString *report = g_string_new (NULL);
              int bad = fe_solve_verify (pb, on, report, NULL);
              if (bad != 0)
                g_error ("problem %d (%s): %d lines do not replay:\n%s", k, stip, bad, report->str);
              g_string_free (report, TRUE);
              compared++;
              per_genre[genre]++;
              with_solutions += strstr (on, "  1.") != NULL;
            }
          g_free (off);
          g_free (tiny);
          g_free (two);
        }
      g_free (on);
      if (g_test_verbose ())
        g_printerr ("%d %s genre %d: %.2f s\n", k, stip, genre, (g_get_monotonic_time () - t0) / 1e6);
      fe_problem_free (pb);
    }
  g_test_message ("%d of %d problems compared, %d with solutions", compared, problems, with_solutions);
  g_assert_cmpint (compared, >, problems / 2);
  g_assert_cmpint (with_solutions, >, compared / 20);
  /* Every condition of the registry was compared at least once. */
  for (int g = 0; g < fe_condition_count (); g++)
    if (!per_genre[g])
      g_error ("no problem of %s was compared", fe_condition_nth (g)->name);
  g_rand_free (r);
}

/* Solves with the battle search's aids (orderings, prunings) switched off
 * (FEERIE_BATTLE_OFF, read at each solve). */
static char *
solve_without_aids (const FeProblem *pb)
{
  g_setenv ("FEERIE_BATTLE_OFF", "all", TRUE);
  char *out = solve (pb, 0, 1);
  g_unsetenv ("FEERIE_BATTLE_OFF");
  return out;
}

/* Battle play (issue 14): random #2, #3, s#2, r#2, s#3 and r#3 problems of
 * every genre, with tries, variations, threats and set play at random,
 * solved with the table on, off and tiny, on two threads, and without the
 * search aids: the deepening, the move ordering, the prunings and the
 * bucketed table change the search, never the output. */
static void
test_battle_on_off (void)
{
  static const char *stips[] = { "#2", "#3", "s#2", "r#2", "s#3", "r#3" };
  GRand *r = g_rand_new_with_seed (1414);
  int problems = fe_test_count (90, 800);
  int compared = 0, with_solutions = 0;
  int per_stip[G_N_ELEMENTS (stips)] = { 0 };
  /* Keys are rare in random positions: draw on (four times as many at
   * most) until a few problems with one were compared, whatever the
   * registry and the walks make of the draws. */
  int k = 0;
  for (; k < problems || (with_solutions < 3 && k < 4 * problems); k++)
    {
      FeProblem *pb = fe_problem_new ();
      int genre = k % fe_condition_count ();
      random_problem (r, pb, genre);
      int si = g_rand_int_range (r, 0, G_N_ELEMENTS (stips));
      g_assert_true (fe_stipulation_parse (stips[si], &pb->stipulation, NULL));
      pb->options.tries = g_rand_boolean (r);
      pb->options.defence = g_rand_int_range (r, 0, 4) == 0 ? 2 : 0;
      pb->options.variations = g_rand_boolean (r);
      pb->options.set_play = g_rand_int_range (r, 0, 3) == 0;
      pb->options.no_threat = g_rand_int_range (r, 0, 5) == 0;
      char *on = solve (pb, 0, 1);
      if (on)
        {
          char *off = solve (pb, -1, 1);
          char *tiny = solve (pb, 1, 1);
          char *two = solve (pb, 1, 2);
          char *plain = solve_without_aids (pb);
          if (off && tiny && two && plain)
            {
              if (strcmp (on, off) != 0 || strcmp (on, tiny) != 0 || strcmp (on, two) != 0
                  || strcmp (on, plain) != 0)
                g_error ("problem %d (%s, genre %d): outputs differ\n--- table on:\n%s\n--- off:\n%s\n"
                         "--- tiny:\n%s\n--- 2 threads:\n%s\n--- without aids:\n%s",
                         k, stips[si], genre, on, off, tiny, two, plain);
              compared++;
              per_stip[si]++;
              with_solutions += strstr (on, " !") != NULL || strstr (on, " ?") != NULL;
            }
          g_free (off);
          g_free (tiny);
          g_free (two);
          g_free (plain);
        }
      g_free (on);
      fe_problem_free (pb);
    }
  g_test_message ("%d of %d battle problems compared, %d with keys or tries", compared, k,
                  with_solutions);
  g_assert_cmpint (compared, >, k / 3);
  g_assert_cmpint (with_solutions, >, 0);
  for (guint i = 0; i < G_N_ELEMENTS (stips); i++)
    g_assert_cmpint (per_stip[i], >, 0);
  g_rand_free (r);
}

/* The battle search's aids (FEERIE_BATTLE_OFF: mobility ordering, killer
 * tried before listing, king-first mate tests, checking-piece filter) on
 * and off, on random
 * battle problems of every genre and stipulation kept only when they have
 * a key or a try, so that each comparison has a tree to lose. */
static void
test_battle_aids (void)
{
  static const char *stips[] = { "#2", "#3", "s#2", "r#2", "s#3", "r#3" };
  GRand *r = g_rand_new_with_seed (1415);
  int wanted = fe_test_count (48, 300);
  int found = 0, tried = 0;
  int per_stip[G_N_ELEMENTS (stips)] = { 0 }, per_genre[FE_MAX_CONDITION_CLASSES] = { 0 };
  /* Past the count, on for the conditions none was found in yet (a few
   * dozen tries each more: a random diagram is often illegal, quickly). */
  gboolean missing = TRUE;
  while ((found < wanted || missing) && tried < 40 * wanted + 96 * fe_condition_count ())
    {
      int genre = tried % fe_condition_count ();
      /* Every stipulation in turn, so the rare ones are not starved. */
      int si = found % G_N_ELEMENTS (stips);
      tried++;
      missing = FALSE;
      for (int g = 0; g < fe_condition_count (); g++)
        missing |= !per_genre[g];
      if (found >= wanted && per_genre[genre])
        continue;
      FeProblem *pb = fe_problem_new ();
      random_problem (r, pb, genre);
      g_assert_true (fe_stipulation_parse (stips[si], &pb->stipulation, NULL));
      pb->options.tries = TRUE;
      pb->options.defence = g_rand_int_range (r, 0, 3) == 0 ? 2 : 0;
      pb->options.variations = g_rand_boolean (r);
      pb->options.set_play = g_rand_int_range (r, 0, 3) == 0;
      pb->options.no_threat = g_rand_int_range (r, 0, 5) == 0;
      char *on = solve (pb, 0, 1);
      if (on && (strstr (on, " !") || strstr (on, " ?")))
        {
          char *plain = solve_without_aids (pb);
          if (plain)
            {
              if (strcmp (on, plain) != 0)
                g_error ("problem %d (%s, genre %d): outputs differ\n--- with aids:\n%s\n"
                         "--- without:\n%s",
                         tried, stips[si], genre, on, plain);
              found++;
              per_stip[si]++;
              per_genre[genre]++;
            }
          g_free (plain);
        }
      g_free (on);
      fe_problem_free (pb);
    }
  g_test_message ("%d battle problems with keys or tries compared, of %d", found, tried);
  g_assert_cmpint (found, >=, wanted);
  for (guint i = 0; i < G_N_ELEMENTS (stips); i++)
    g_assert_cmpint (per_stip[i], >, 0);
  /* Every condition of the registry was compared at least once. */
  for (int g = 0; g < fe_condition_count (); g++)
    if (!per_genre[g])
      g_error ("no problem of %s was compared", fe_condition_nth (g)->name);
  g_rand_free (r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver/table-on-off-random", test_table_on_off);
  g_test_add_func ("/solver/battle-on-off-random", test_battle_on_off);
  g_test_add_func ("/solver/battle-aids-random", test_battle_aids);
  return g_test_run ();
}
