/* test-random.c — every genre and combination on random positions: move
 * generation, make/unmake and notation must hold up (run under ASan/UBSan
 * in CI), and unmake must restore the position exactly.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "cond-test-util.h"
#include "replay.h"
#include "solution-lines.h"
#include "core/rules/notation.h"
#include "core/search/search.h"
#include "core/backend/backend.h"
#include "core/solution/board-text.h"
#include "core/check/check.h"
#include "core/model/walk.h"
#include "core/conditions/circe.h"
#include "core/rules/rebirth.h"

/* A random position under random conditions from the registry; imitators
 * now and then (they put the Imitator in force). */
static void
random_position (GRand *r, FePosition *pos, FeRules *rules, FeConditionParams *params)
{
  int focus = g_rand_int_range (r, -1, fe_condition_count ());
  uint8_t attribute = fe_test_random_conditions (r, params, focus);
  /* A square chosen among 64 (Super, Cage, Circe Take&Make) makes a
   * random solve and its replays take minutes: those rules are judged by
   * test-reference (every choice) and the world problems; here the plain
   * forms stand in for them. */
  if (params->v[FE_COND_CIRCE][0] >= FE_CIRCE_SUPER)
    params->v[FE_COND_CIRCE][0] = FE_CIRCE_PLAIN;
  if (params->v[FE_COND_ANTICIRCE][1] >= FE_REBIRTH_ANY)
    params->v[FE_COND_ANTICIRCE][1] = FE_REBIRTH_CIRCE;

  fe_position_init (pos);
  fe_test_random_kings (r, pos);
  int n = g_rand_int_range (r, 2, 14);
  for (int i = 0; i < n; i++)
    {
      FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_COUNT);
      /* Orthodox walks often: most conditions' rules are about them. */
      if (fe_walk_is_fairy (p.walk) && g_rand_boolean (r))
        p.walk = g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_PAWN + 1);
      p.colour = g_rand_int_range (r, 0, 10) == 0 ? FE_NEUTRAL : g_rand_int_range (r, 0, 2);
      if (attribute && g_rand_boolean (r))
        p.attrs = attribute;
      fe_position_put (pos, sq, p);
    }
  if (g_rand_int_range (r, 0, 4) == 0)
    for (int i = 0, k = g_rand_int_range (r, 1, 4); i < k; i++)
      {
        FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
        gboolean taken = !fe_square_empty (pos, sq);
        for (int j = 0; j < pos->n_imitators; j++)
          taken |= pos->imitators[j] == sq;
        if (taken)
          continue;
        pos->imitators[pos->n_imitators] = sq;
        pos->imitator_colour[pos->n_imitators++] =
          g_rand_int_range (r, 0, 4) == 0 ? g_rand_int_range (r, 0, 2) : FE_NEUTRAL;
      }
  pos->side = g_rand_int_range (r, 0, 2);
  fe_position_default_castling (pos);
  /* Rules only for sets the registry accepts (callers skip the others). */
  GError *error = NULL;
  if (fe_conditions_validate (params, pos, &error))
    {
      fe_rules_init (rules, params, pos);
      pos->rules = fe_rules_for_position (rules, FALSE);
    }
  g_clear_error (&error);
  fe_position_recompute_hash (pos);
}

/* A move a condition refuses before it is made (fe_move_refused, which
 * spares the search the make) is one the make rejects. */
static int refusals;

static void
check_refusals (FePosition *pos)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (fe_move_refused (pos, &list.moves[i]))
      {
        FeUndo undo;
        g_assert_false (fe_make (pos, &list.moves[i], &undo));
        fe_unmake (pos, &list.moves[i], &undo);
        refusals++;
      }
}

/* Two plies of every legal move, with notation and exact restoration. */
static void
walk_tree (FePosition *pos, int depth)
{
  FePosition start = *pos;
  check_refusals (pos);
  FeMoveList list;
  fe_generate_legal (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      FePosition before = *pos;
      fe_make (pos, &list.moves[i], &undo);
      char *text = fe_notation_move (&before, &list.moves[i], pos, &undo);
      g_assert_true (*text);
      g_free (text);
      if (depth > 1)
        walk_tree (pos, depth - 1);
      fe_unmake (pos, &list.moves[i], &undo);
      g_assert_true (memcmp (pos->board, start.board, sizeof pos->board) == 0);
      g_assert_cmpuint (pos->hash, ==, start.hash);
      g_assert_cmpint (pos->n_imitators, ==, start.n_imitators);
    }
}

static void
test_random_positions (void)
{
  GRand *r = g_rand_new_with_seed (20261122);
  int positions = g_test_slow () ? 10000 : 1500;
  int walked = 0;
  for (int k = 0; k < positions; k++)
    {
      FePosition pos;
      FeRules rules;
      FeConditionParams params;
      random_position (r, &pos, &rules, &params);
      GError *error = NULL;
      if (!fe_conditions_validate (&params, &pos, &error))
        {
          g_clear_error (&error);
          continue;
        }
      walk_tree (&pos, 2);
      walked++;
    }
  g_test_message ("%d of %d positions walked, %d moves refused before being made", walked,
                  positions, refusals);
  g_assert_cmpint (walked, >, positions / 2);
  g_assert_cmpint (refusals, >, 0);
  g_rand_free (r);
}

/* Random short problems in every genre go through the solver and its
 * writer (errors such as illegal positions are fine; crashes are not), and
 * every printed solution is replayed move by move through the legal-move
 * generator: each move legal, each check mark true, each variation ending
 * in the goal (replay.c, independent of the search). */
static void
test_random_solving (void)
{
  static const struct { const char *stip, *goal; gboolean series, brute; } stips[] = {
    { "#1", "#", FALSE, TRUE }, { "#2", "#" }, { "h#1", "#", FALSE, TRUE }, { "h#1.5", "#", FALSE, TRUE },
    { "s#1", "#", FALSE, TRUE }, { "r#1", "#" }, { "~1", "~", FALSE, TRUE },
    { "ser-#2", "#", TRUE, TRUE }, { "ser-h#2", "#", TRUE }, { "=1", "=", FALSE, TRUE },
    { "x1", "x", FALSE, TRUE }, { "+1", "+", FALSE, TRUE }, { "hs#1", "#", FALSE, TRUE },
    { "hr#1", "#", FALSE, TRUE }, { "reci-h#1", "#", FALSE, TRUE }, { "hs#2", "#" }, { "hr#2", "#" },
    { "reci-h#2", "#" }, { "ser-r#2", "#", TRUE } };
  GRand *r = g_rand_new_with_seed (1126);
  int problems = g_test_slow () ? 3000 : 600;
  int solved = 0, with_solution = 0, lines = 0, compared = 0, too_long = 0;
  int per_stip[G_N_ELEMENTS (stips)] = { 0 };
  /* `problems` draws, and more (up to twice as many) while fewer than an
   * eighth had a solution: the registry's conditions make some diagrams
   * illegal more often than others (Make&Take, where any piece checks). */
  int drawn = 0;
  for (int k = 0; k < problems || (with_solution < problems / 8 && k < 2 * problems); k++)
    {
      drawn++;
      FeProblem *pb = fe_problem_new ();
      FeRules rules;
      random_position (r, &pb->diagram, &rules, &pb->conditions);
      pb->diagram.rules = NULL;
      pb->diagram.side = FE_WHITE;
      int which = g_rand_int_range (r, 0, G_N_ELEMENTS (stips));
      g_assert_true (fe_stipulation_parse (stips[which].stip, &pb->stipulation, NULL));
      pb->options.variations = g_rand_boolean (r);
      pb->options.tries = g_rand_boolean (r);
      pb->options.set_play = g_rand_int_range (r, 0, 4) == 0;
      pb->options.no_white_king = pb->options.no_black_king = TRUE;
      FeSolverConfig config = { 0 };
      config.max_time = 2;
      config.threads = g_rand_int_range (r, 1, 3);
      GString *out = g_string_new (NULL);
      GError *error = NULL;
      FeSolverStats stats = { 0 };
      gboolean ok = fe_solve (pb, &config, out, &stats, &error);
      solved += ok;
      g_clear_error (&error);
      /* The replays below cost a legal-move search per move of every
       * line: a solution of thousands of lines (a rebirth on any square,
       * Super-Circe's) is left to the solver's own tests. */
      int printed = 0;
      for (const char *c = out->str; *c; c++)
        printed += *c == '\n';
      if (ok && printed > 400)
        {
          too_long++;
          ok = FALSE;
        }
      if (ok)
        {
          FePosition start = pb->diagram;
          start.rules = fe_rules_for_position (&rules, FALSE);
          const FeStipulation *st = &pb->stipulation;
          gboolean help = fe_stipulation_is_help (st), whole_lines = help || stips[which].series;
          /* h# lines begin with a pass of White's (the diagram's side);
           * the others from the solver's first side. */
          if (help && st->end != FE_END_GOAL)
            start.side = fe_stipulation_starting_side (st, pb->options.white_to_play);
          fe_position_recompute_hash (&start);
          int n = 0;
          /* The side numbered "1.": the first of a help line of even length. */
          int first = fe_stipulation_starting_side (st, pb->options.white_to_play);
          int dot_side = !help ? FE_WHITE
                         : fe_stipulation_help_length (st, pb->options.white_to_play) % 2 ? FE_OPPONENT (first) : first;
          char *why = fe_test_replay_solution (&start, dot_side, stips[which].goal, stips[which].series,
                                               whole_lines, out->str, &n);
          /* Help and series lines read back by the table-free verifier. */
          if (!why && whole_lines)
            {
              g_autoptr (GString) report = g_string_new (NULL);
              if (fe_solve_verify (pb, out->str, report, NULL) != 0)
                why = g_strdup_printf ("the verifier rejects: %s", report->str);
            }
          if (!why)
            {
              g_autofree char *twice = fe_test_repeated_line (out->str);
              if (twice)
                why = g_strdup_printf ("a line printed twice (D7): %s", twice);
            }
          if (why)
            {
              GString *board = g_string_new (NULL);
              fe_write_board (pb, board);
              g_error ("problem %d (%s): %s\n%s\n%s", k, stips[which].stip, why, board->str, out->str);
            }
          lines += n;
          /* Short stipulations: the printed solutions are exactly those a
           * brute force over the legal moves finds. */
          if (stips[which].brute && !pb->options.set_play && !stats.interrupted)
            {
              g_autofree char *want = fe_test_brute_solutions (&start, stips[which].stip);
              g_autofree char *got = fe_test_printed_solutions (out->str, !whole_lines);
              if (strcmp (want, got) != 0)
                {
                  GString *board = g_string_new (NULL);
                  fe_write_board (pb, board);
                  g_error ("problem %d (%s): brute force finds\n%s\nthe solver printed\n%s\n%s\n%s",
                           k, stips[which].stip, want, got, board->str, out->str);
                }
              compared++;
            }
          if (n > 0)
            {
              with_solution++;
              per_stip[which]++;
            }
          /* A solution counted is a solution printed. */
          if (stats.solutions > 0 && !stats.interrupted)
            g_assert_cmpint (n, >, 0);
        }
      g_string_free (out, TRUE);
      fe_problem_free (pb);
    }
  g_test_message ("%d of %d problems solved, %d with a solution, %d lines replayed, "
                  "%d compared with brute force, %d too long to replay", solved, drawn,
                  with_solution, lines, compared, too_long);
  g_assert_cmpint (solved, >, problems / 3);
  /* The replay must have had something to check in most stipulations. */
  int covered = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (stips); i++)
    {
      g_test_message ("%s: %d problems with a solution", stips[i].stip, per_stip[i]);
      covered += per_stip[i] > 0;
    }
  g_assert_cmpint (with_solution, >, problems / 10);
  g_assert_cmpint (covered, >=, 10);
  g_rand_free (r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/random/positions", test_random_positions);
  g_test_add_func ("/random/solving", test_random_solving);
  return g_test_run ();
}
