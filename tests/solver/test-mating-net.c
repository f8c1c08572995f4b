/* test-mating-net.c — the goal-directed help search (mating-net.h) loses
 * no solution: random help and series mates of every genre, solved with
 * and without it (FeSolverConfig.plain_help), on one thread and two, must
 * give byte-identical output, and every line must replay.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "core/rules/movegen.h"
#include "core/backend/backend.h"
#include "core/check/check.h"
#include "core/model/walk.h"
#include "../conditions/cond-test-util.h"
#include "random-position.h"

/* A random position built for mates: the mated side's king with pieces
 * of both sides around it, a few more anywhere.  `genre`: 0 orthodox,
 * 1 Madrasi (Rex inclusive at random), 2 Imitator, 3 Einstein (a
 * variant at random), 4 orthodox with fairy pieces, 5 magic pieces (the
 * search is then off: the plain path must answer alone). */
static void
random_problem (GRand *r, FeProblem *pb, int genre)
{
  FeConditionParams *params = &pb->conditions;
  FePosition *pos = &pb->diagram;
  memset (params, 0, sizeof *params);
  if (genre == 1)
    {
      params->FE_P_MADRASI = 1;
      params->FE_P_MADRASI_REX_INCLUSIVE = g_rand_boolean (r);
    }
  if (genre == 2)
    {
      params->FE_P_IMITATOR = 1;
      params->FE_P_IMITATOR_NO_PROMOTION = g_rand_boolean (r);
    }
  if (genre == 3)
    {
      params->FE_P_EINSTEIN = g_rand_int_range (r, 1, 4);
      params->FE_P_EINSTEIN_PROMOTIONS = g_rand_int_range (r, 0, 4) == 0;
    }
  fe_position_init (pos);
  FeSquare bk = FE_SQ88 (g_rand_int_range (r, 0, 64)), wk;
  do
    wk = FE_SQ88 (g_rand_int_range (r, 0, 64));
  while (ABS (FE_FILE (bk) - FE_FILE (wk)) <= 2 && ABS (FE_RANK (bk) - FE_RANK (wk)) <= 2);
  fe_position_put (pos, wk, (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (pos, bk, (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  int n = g_rand_int_range (r, 3, 9);
  for (int i = 0; i < n; i++)
    {
      /* Most pieces within two squares of the black king. */
      FeSquare sq;
      if (i < n - 2)
        {
          int f = FE_FILE (bk) + g_rand_int_range (r, -2, 3), rk = FE_RANK (bk) + g_rand_int_range (r, -2, 3);
          if (f < 0 || f > 7 || rk < 0 || rk > 7)
            continue;
          sq = FE_SQ (f, rk);
        }
      else
        sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = genre == 4 && g_rand_int_range (r, 0, 3) == 0
                 ? g_rand_int_range (r, FE_WALK_GRASSHOPPER, FE_WALK_COUNT)
                 : g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_PAWN + 1);
      if (genre == 2 && fe_walk_def (p.walk)->family != FE_FAMILY_PLAIN
          && p.walk != FE_WALK_PAWN)
        p.walk = FE_WALK_ROOK;
      if (p.walk == FE_WALK_PAWN && (FE_RANK (sq) == 0 || FE_RANK (sq) == 7))
        p.walk = FE_WALK_BISHOP;
      p.colour = g_rand_int_range (r, 0, 2);
      if (genre == 5 && (i == 0 || g_rand_int_range (r, 0, 3) == 0))
        p.attrs = FE_ATTR_MAGIC;
      fe_position_put (pos, sq, p);
    }
  if (genre == 2)
    add_random_imitators (r, pos, g_rand_int_range (r, 1, 3));
  fe_position_default_castling (pos);
  pos->side = FE_WHITE;
  fe_position_recompute_hash (pos);
}

/* NULL when refused or out of time (nothing to compare). */
static char *
solve (const FeProblem *pb, gboolean plain, int threads, int hash_mb)
{
  FeSolverConfig config = { 0 };
  config.threads = threads;
  config.plain_help = plain;
  config.hash_mb = hash_mb;
  config.max_time = 3;
  return solve_text (pb, &config);
}

static void
test_random (void)
{
  /* hs#, hr# and reci-h# use the analysis toward their ends (help.c). */
  static const char *stips[] = { "h#1", "h#1.5", "h#2", "h#2.5", "h#3", "ser-#2", "ser-#3",
                                 "ser-#4", "ser-h#2", "ser-h#3", "hs#2", "hr#2", "reci-h#2",
                                 "reci-h#1.5", "hs#1.5" };
  /* MATING_NET_SEED picks other problems (with -m slow: a long run). */
  const char *seed = g_getenv ("MATING_NET_SEED");
  GRand *r = g_rand_new_with_seed (seed ? atoi (seed) : 2222);
  int wanted = fe_test_count (120, 600);
  int with = 0, tried = 0, compared = 0;
  int per_genre[6] = { 0 };
  while (with < wanted && tried < 60 * wanted)
    {
      FeProblem *pb = fe_problem_new ();
      int genre = tried % 6;
      tried++;
      random_problem (r, pb, genre);
      const char *stip = stips[g_rand_int_range (r, 0, G_N_ELEMENTS (stips))];
      g_assert_true (fe_stipulation_parse (stip, &pb->stipulation, NULL));
      pb->options.duplex = g_rand_int_range (r, 0, 4) == 0;
      pb->options.set_play = g_rand_int_range (r, 0, 5) == 0;
      pb->options.white_to_play = g_rand_int_range (r, 0, 6) == 0;
      char *plain = solve (pb, TRUE, 1, 0);
      if (plain)
        {
          char *net = solve (pb, FALSE, 1, 0);
          char *two = solve (pb, FALSE, 2, 1);
          if (net && two)
            {
              if (strcmp (plain, net) != 0 || strcmp (plain, two) != 0)
                g_error ("problem %d (%s, genre %d): outputs differ\n--- plain:\n%s\n--- goal-directed:\n%s\n"
                         "--- goal-directed, 2 threads, tiny table:\n%s",
                         tried, stip, genre, plain, net, two);
              GString *report = g_string_new (NULL);
              int bad = fe_solve_verify (pb, net, report, NULL);
              if (bad != 0)
                g_error ("problem %d (%s): %d lines do not replay:\n%s", tried, stip, bad, report->str);
              g_string_free (report, TRUE);
              compared++;
              if (strstr (net, "  1."))
                {
                  with++;
                  per_genre[genre]++;
                }
            }
          g_free (net);
          g_free (two);
        }
      g_free (plain);
      fe_problem_free (pb);
    }
  g_test_message ("%d problems compared, %d with solutions (of %d tried)", compared, with, tried);
  g_assert_cmpint (with, ==, wanted);
  for (int g = 0; g < 6; g++)
    g_assert_cmpint (per_genre[g], >, 0);
  g_rand_free (r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mating-net/random", test_random);
  return g_test_run ();
}
