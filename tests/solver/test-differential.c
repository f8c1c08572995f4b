/* test-differential.c — the solver's fast paths against its plain rules
 * path and against the slow reference generator, on random problems.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every problem is drawn from a seed: a small position with fairy walks of
 * the whole catalogue (the moose often: it reaches a square by two routes),
 * a pawn about to promote half the time, now and then a neutral piece or
 * an imitator; no condition a third of the time, else one or two drawn
 * from the condition registry with random parameter values (and the piece
 * attributes the registry declares); a short stipulation of every play.
 *
 *  1. The plain path solves it: the rules attached even when orthodox, no
 *     table, one thread, the battle aids off.  Its output must print no
 *     line twice (D7), replay move by move through the legal-move
 *     generator (replay.c), and, for the shortest stipulations, list what a
 *     brute force over the legal moves finds.
 *  2. Every variant of `variants` below must print the same bytes.
 *  3. Where the reference (tests/conditions/reference.c) knows the
 *     conditions and the walks: the legal moves at the diagram and a few
 *     positions below it, with the rules attached as the solver attaches
 *     them and always, are the reference's, each listed once.
 *
 * `-m slow` runs ten times as many problems.
 */
#include <stdlib.h>
#include <string.h>

#include "core/search/search.h"
#include "core/backend/backend.h"
#include "core/solution/board-text.h"
#include "core/check/check.h"
#include "core/model/walk.h"
#include "../conditions/cond-test-util.h"
#include "../conditions/reference.h"
#include "../conditions/replay.h"
#include "solution-lines.h"

/* One way of solving.  `plain` is what every variant must reproduce. */
typedef struct {
  const char *name;
  int hash_mb;          /* FeSolverConfig.hash_mb: 0 the default table, 1 tiny, -1 none */
  int threads;
  gboolean plain_rules; /* FeSolverConfig.plain_rules: no orthodox fast path */
  const char *env;      /* "NAME=value" set while it solves, or NULL */
  /* Anything else a variant sets in the configuration; may be NULL. */
  void (*configure) (FeSolverConfig *config);
} Variant;

/* Every move searched in help and series mates (no goal-directed pruning:
 * the fast paths below all use it). */
static void
plain_help (FeSolverConfig *config)
{
  config->plain_help = TRUE;
}

static const Variant plain = { "plain rules path, no table, 1 thread, battle aids off, plain help",
                               -1, 1, TRUE, "FEERIE_BATTLE_OFF=all", plain_help };

/* The fast paths (the goal-directed help search among them).  Adding a
 * search mode to the comparison is one line here, with a function setting
 * its FeSolverConfig switch (or its environment variable in `env`).  Each
 * line costs every problem a solve: keep the list short. */
static const Variant variants[] = {
  { "no-condition and orthodox fast paths, table, battle aids", 0, 1, FALSE, NULL, NULL },
  { "fast paths, no table", -1, 1, FALSE, NULL, NULL },
  { "fast paths, tiny table, 2 threads", 1, 2, FALSE, NULL, NULL },
  { "plain rules, table, 2 threads, battle aids", 0, 2, TRUE, NULL, NULL },
  { "final-position covers at every length, tiny table, 2 threads", 1, 2, FALSE, "FEERIE_COVER_MIN=1", NULL },
};

typedef struct {
  const char *stip, *goal;
  gboolean series, brute;
} Stip;

/* Short enough for hundreds of problems in a minute; every play. */
static const Stip stips[] = {
  { "~1", "~", FALSE, TRUE },     { "#1", "#", FALSE, TRUE },     { "#2", "#" },
  { "=1", "=", FALSE, TRUE },     { "+1", "+", FALSE, TRUE },     { "x1", "x", FALSE, TRUE },
  { "s#1", "#", FALSE, TRUE },    { "s#2", "#" },                 { "r#1", "#" },
  { "h#1", "#", FALSE, TRUE },    { "h#1.5", "#", FALSE, TRUE },  { "h#2", "#" },
  { "h=1.5", "=" },               { "ser-#2", "#", TRUE, TRUE },  { "ser-h#2", "#", TRUE },
  /* Issue 21's, drawn for a third more problems after the others (whose
   * draws they leave as they were). */
  { "hs#1", "#", FALSE, TRUE },   { "hs#2", "#" },                { "hr#1", "#", FALSE, TRUE },
  { "hr#2", "#" },                { "reci-h#1", "#", FALSE, TRUE }, { "reci-h#2", "#" },
  { "ser-r#2", "#", TRUE },       { "ser-s#2", "#", TRUE },
  /* a=>b (issue 21), for an eighth more after those, each with a target
   * that random legal moves reach. */
  { "a=>b1", "a=>b", FALSE, TRUE }, { "a=>b1.5", "a=>b", FALSE, TRUE },
  { "a=>b2", "a=>b", FALSE, TRUE }, { "ser-a=>b2", "a=>b", TRUE, TRUE },
  { "ser-ha=>b2", "a=>b", TRUE, TRUE },
  /* The goals of docs/rules/stipulations.md §8.4 and §8.5, for a quarter
   * more after those: the mover's own mates (their goal moves leave it in
   * check), mate or stalemate, e.p., and the goals of the diagram. */
  { "h##1", "##" },               { "h##!1.5", "##!" },           { "s##1", "##" },
  { "!#1", "!#" },                { "s!#1", "!#" },               { "ser-!#2", "!#", TRUE },
  { "#=1", "#=" },                { "h#=2", "#=" },               { "!=1", "!=" },
  { "h!=1.5", "!=" },             { "hep1", "ep" },               { "hct2", "" },
  { "<>2", "" },                  { "ser-ctr2", "", TRUE },       { "h<>r1.5", "" },
  { "hkd42", "" },
  /* Parry series (docs/rules/stipulations.md §12), for an eighth more
   * after those: battle parries and help parries, every end. */
  { "pser-#2", "#", TRUE },       { "pser-s#2", "#", TRUE },      { "pser-r#2", "#", TRUE },
  { "pser-h#2", "#", TRUE },      { "phser-#2", "#", TRUE },      { "phser-s#2", "#", TRUE },
  { "phser-r#2", "#", TRUE },     { "pser-=2", "=", TRUE },       { "phser-=2", "=", TRUE },
  { "pser-x2", "x", TRUE },       { "pser-h+2", "+", TRUE },
};

static FeRefSeen seen;
/* Failing checks, by what failed ("a line printed twice", a variant's
 * name…): how many problems each. */
static GHashTable *failed;
static int failures, failed_problems;

/* ---- random problems ------------------------------------------------ */

static FeSquare
random_square_near (GRand *r, int f0, int r0, int span)
{
  if (g_rand_int_range (r, 0, 4) == 0)
    return FE_SQ88 (g_rand_int_range (r, 0, 64));
  int f = f0 + g_rand_int_range (r, 0, span), rk = r0 + g_rand_int_range (r, 0, span);
  return FE_SQ (MIN (f, 7), MIN (rk, 7));
}

/* Orthodox half the time, else a fairy walk of the catalogue, the moose
 * (two routes to one square) and the rose more often. */
static int
random_walk (GRand *r)
{
  static const int orthodox[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT,
                                  FE_WALK_PAWN, FE_WALK_PAWN };
  int k = g_rand_int_range (r, 0, 12);
  if (k < 6)
    return orthodox[k];
  if (k < 8)
    return k == 6 ? FE_WALK_MOOSE : FE_WALK_ROSE;
  int w;
  do
    w = g_rand_int_range (r, 1, FE_WALK_COUNT);
  while (!fe_walk_is_fairy (w));
  return w;
}

/* No condition a third of the time, else a random one of the registry
 * and now and then others (cond-test-util.c).  Returns the attribute bit
 * to give some pieces (0: none). */
static uint8_t
random_conditions (GRand *r, FeConditionParams *c)
{
  if (g_rand_int_range (r, 0, 3) == 0)
    {
      memset (c, 0, sizeof *c);
      return 0;
    }
  uint8_t attributes = fe_test_random_conditions (r, c, g_rand_int_range (r, 0, fe_condition_count ()));
  /* The squares chosen among 64 (Super, Cage, Take&Make) are test-reference's
   * and the world problems' to judge, as in test-random: AntiCirce Cage's
   * nested cage tests (each a legal-move test under a check that is itself
   * a capture's cage test) are where the reference and the engine part in
   * a random hs#2 (issue 36's note: left open). */
  if (c->v[FE_COND_ANTICIRCE][1] >= FE_REBIRTH_ANY)
    c->v[FE_COND_ANTICIRCE][1] = FE_REBIRTH_CIRCE;
  return attributes;
}

#define FIRST_NEW_STIP 15
#define FIRST_TARGET_STIP 23
#define FIRST_GOAL_STIP 28
#define FIRST_PARRY_STIP 44

/* The k-th problem of `problems`, and a third more with issue 21's
 * stipulations. */
static void
random_problem (GRand *r, FeProblem *pb, const Stip **stip, int group)
{
  static const int first[] = { 0, FIRST_NEW_STIP, FIRST_TARGET_STIP, FIRST_GOAL_STIP, FIRST_PARRY_STIP,
                               G_N_ELEMENTS (stips) };
  *stip = &stips[g_rand_int_range (r, first[group], first[group + 1])];
  g_assert_true (fe_stipulation_parse ((*stip)->stip, &pb->stipulation, NULL));
  uint8_t attributes = random_conditions (r, &pb->conditions);
  FePosition *pos = &pb->diagram;
  fe_position_init (pos);
  fe_test_random_kings (r, pos);
  /* Pieces in a small area meet more often (hurdles, two routes). */
  int f0 = g_rand_int_range (r, 0, 4), r0 = g_rand_int_range (r, 0, 4);
  int span = g_rand_int_range (r, 3, 7);
  int n = g_rand_int_range (r, 2, 8);
  for (int i = 0; i < n; i++)
    {
      FeSquare sq = random_square_near (r, f0, r0, span);
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = random_walk (r);
      if (p.walk == FE_WALK_PAWN && (FE_RANK (sq) == 0 || FE_RANK (sq) == 7))
        p.walk = FE_WALK_KNIGHT;
      p.colour = g_rand_int_range (r, 0, 12) == 0 ? FE_NEUTRAL : g_rand_int_range (r, 0, 2);
      if (attributes && g_rand_int_range (r, 0, 3) == 0)
        p.attrs = attributes;
      fe_position_put (pos, sq, p);
    }
  if (g_rand_int_range (r, 0, 5) == 0)
    {
      /* A moose with two hurdles next to it, 45° apart: both lead to one
       * knight's square (one move, D7). */
      static const int around[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                        { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
      FeSquare m = FE_SQ88 (g_rand_int_range (r, 0, 64));
      int i = g_rand_int_range (r, 0, 8);
      FeSquare h1 = FE_SQ (FE_FILE (m) + around[i][0], FE_RANK (m) + around[i][1]);
      FeSquare h2 = FE_SQ (FE_FILE (m) + around[(i + 1) & 7][0], FE_RANK (m) + around[(i + 1) & 7][1]);
      if (FE_ON_BOARD (h1) && FE_ON_BOARD (h2) && fe_square_empty (pos, m) && fe_square_empty (pos, h1)
          && fe_square_empty (pos, h2))
        {
          fe_position_put (pos, m, (FePiece) { FE_WALK_MOOSE, (uint8_t) g_rand_int_range (r, 0, 2), 0, 0 });
          for (int k = 0; k < 2; k++)
            {
              int w = random_walk (r);
              fe_position_put (pos, k ? h2 : h1, (FePiece) { (uint8_t) (w == FE_WALK_PAWN ? FE_WALK_KNIGHT : w),
                                                             (uint8_t) g_rand_int_range (r, 0, 2), 0, 0 });
            }
        }
    }
  if (g_rand_boolean (r))
    {
      /* A pawn about to promote, of either side (into the fairy set,
       * docs/rules/fairy-pieces.md §5). */
      int side = g_rand_int_range (r, 0, 2);
      FeSquare sq = FE_SQ (g_rand_int_range (r, 0, 8), side == FE_WHITE ? 6 : 1);
      if (fe_square_empty (pos, sq))
        fe_position_put (pos, sq, (FePiece) { FE_WALK_PAWN, (uint8_t) side, 0, 0 });
    }
  if (g_rand_int_range (r, 0, 8) == 0)
    {
      /* an imitator (it puts the Imitator in force) */
      FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      if (fe_square_empty (pos, sq))
        {
          pos->imitators[0] = sq;
          pos->imitator_colour[0] = FE_NEUTRAL;
          pos->n_imitators = 1;
        }
    }
  fe_position_default_castling (pos);
  pos->side = FE_WHITE;
  fe_position_recompute_hash (pos);
  pb->options.variations = g_rand_boolean (r);
  pb->options.tries = g_rand_int_range (r, 0, 3) == 0;
  pb->options.set_play = g_rand_int_range (r, 0, 6) == 0;
  pb->options.no_white_king = pb->options.no_black_king = TRUE;
}

/* Orthodox chess: no condition, the fairy pieces made orthodox ones, no
 * neutral, attribute or imitator (where a=>b's distance bound works). */
static void
make_orthodox (GRand *r, FeProblem *pb)
{
  memset (&pb->conditions, 0, sizeof pb->conditions);
  FePosition *pos = &pb->diagram;
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = pos->board[sq];
      if (!p.walk || (p.walk <= FE_WALK_PAWN && p.colour != FE_NEUTRAL && !p.attrs))
        continue;
      if (p.walk > FE_WALK_PAWN)
        p.walk = (uint8_t) g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_PAWN);
      if (p.colour == FE_NEUTRAL)
        p.colour = FE_WHITE;
      p.attrs = 0;
      fe_position_put (pos, sq, p);
    }
  pos->n_imitators = 0;
  fe_position_default_castling (pos);
  fe_position_recompute_hash (pos);
}

/* a=>b: a target that random legal moves from the diagram reach (the
 * side that starts as the solver sets it; series play: one side's moves,
 * the other passing, then for ser-ha=>b White's one). */
static void
random_target (GRand *r, FeProblem *pb, const Stip *stip)
{
  FeRules rules;
  FePosition pos = pb->diagram;
  fe_rules_init (&rules, &pb->conditions, &pos);
  pos.rules = &rules;
  pos.side = fe_stipulation_starting_side (&pb->stipulation, pb->options.white_to_play);
  fe_position_recompute_hash (&pos);
  const FeStipulation *st = &pb->stipulation;
  gboolean series = fe_stipulation_is_series (st);
  int plies = series ? g_rand_int_range (r, 1, st->moves + 1) : fe_stipulation_help_length (st, pb->options.white_to_play);
  for (int i = 0; i < plies + (st->play == FE_PLAY_SERIES && st->end == FE_END_HELP); i++)
    {
      FeUndo undo;
      if (series && i > 0 && i < plies)
        fe_make_null (&pos, &undo);
      FE_MOVE_LIST (list);
      fe_generate_legal (&pos, &list);
      if (!list.count)
        break;
      fe_make (&pos, &list.moves[g_rand_int_range (r, 0, list.count)], &undo);
    }
  pos.rules = NULL;
  pb->target = pos;
  (void) stip;
}

/* ---- solving -------------------------------------------------------- */

/* The output under `v`; NULL when the problem is refused or the time ran
 * out (nothing to compare). */
static char *
solve (const FeProblem *pb, const Variant *v)
{
  FeSolverConfig config = { 0 };
  config.hash_mb = v->hash_mb;
  config.threads = v->threads;
  config.plain_rules = v->plain_rules;
  config.max_time = 5;
  if (v->configure)
    v->configure (&config);
  /* The solver's threads have ended when fe_solve returns: setting the
   * environment between two solves races with nobody. */
  g_auto (GStrv) env = v->env ? g_strsplit (v->env, "=", 2) : NULL;
  if (env)
    setenv (env[0], env[1], 1);
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  gboolean ok = fe_solve (pb, &config, out, &stats, NULL);
  if (env)
    unsetenv (env[0]);
  if (!ok || stats.interrupted)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static void
fail (const FeProblem *pb, int k, const Stip *stip, const char *what, const char *detail)
{
  GString *board = g_string_new (NULL);
  fe_write_board (pb, board);
  g_printerr ("FAIL problem %d (%s): %s\n%s\n%s\n", k, stip->stip, what, board->str, detail);
  g_string_free (board, TRUE);
  failures++;
  g_hash_table_insert (failed, g_strdup (what),
                       GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (failed, what)) + 1));
}

/* The diagram with its rules, the side to move first, as the solver sets
 * it up (the castling mutex options are not drawn). */
static void
diagram (const FeProblem *pb, FeRules *rules, FePosition *pos)
{
  *pos = pb->diagram;
  fe_rules_init (rules, &pb->conditions, pos);
  pos->rules = rules;
  pos->side = fe_stipulation_starting_side (&pb->stipulation, pb->options.white_to_play);
  fe_position_recompute_hash (pos);
}

/* What failed, and on how many problems. */
static void
report_failures (void)
{
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, failed);
  while (g_hash_table_iter_next (&it, &key, &value))
    g_test_message ("FAILED: %s (%d problems)", (char *) key, GPOINTER_TO_INT (value));
}

/* Each of `variants` must print `base`, the output of `reference`. */
static void
compare_variants (const FeProblem *pb, int k, const Stip *stip, const Variant *reference, const char *base,
                  const Variant *variants, gsize n)
{
  for (gsize v = 0; v < n; v++)
    {
      g_autofree char *out = solve (pb, &variants[v]);
      if (out && strcmp (out, base) != 0)
        {
          g_autofree char *detail = g_strdup_printf ("--- %s:\n%s--- %s:\n%s", reference->name, base,
                                                     variants[v].name, out);
          g_autofree char *what = g_strdup_printf ("%s prints another solution", variants[v].name);
          fail (pb, k, stip, what, detail);
        }
    }
}

/* 1. the plain path's output replays, prints no line twice and, for the
 * shortest stipulations, is what a brute force finds */
static void
check_plain (const FeProblem *pb, int k, const Stip *stip, const char *out)
{
  g_autofree char *twice = fe_test_repeated_line (out);
  if (twice)
    fail (pb, k, stip, "a line printed twice (D7: one move, one line)", twice);
  FeRules rules;
  FePosition start;
  diagram (pb, &rules, &start);
  const FeStipulation *st = &pb->stipulation;
  gboolean help = fe_stipulation_is_help (st) || stip->series;
  /* The side numbered "1.": the first of a help line of even length. */
  int dot_side = !fe_stipulation_is_help (st) ? FE_WHITE
                 : fe_stipulation_has_target (st) ? start.side /* a=>b: "1." whoever starts */
                 : fe_stipulation_help_length (st, pb->options.white_to_play) % 2 ? FE_OPPONENT (start.side) : start.side;
  int lines = 0;
  g_autofree char *why = fe_test_replay_solution (&start, dot_side, stip->goal, stip->series, help, out,
                                                  &lines);
  if (why)
    fail (pb, k, stip, why, out);
  /* Help and series lines read back by the table-free verifier. */
  g_autoptr (GString) report = g_string_new (NULL);
  if (help && fe_solve_verify (pb, out, report, NULL) != 0)
    fail (pb, k, stip, "the verifier rejects a line", report->str);
  if (stip->brute && !pb->options.set_play)
    {
      g_autofree char *want = fe_stipulation_has_target (st)
                                ? fe_test_brute_target_solutions (&start, &pb->target, stip->stip)
                                : fe_test_brute_solutions (&start, stip->stip);
      g_autofree char *got = fe_test_printed_solutions (out, !help);
      if (strcmp (want, got) != 0)
        {
          g_autofree char *detail = g_strdup_printf ("brute force:\n%s\nprinted:\n%s\n%s", want, got, out);
          fail (pb, k, stip, "the solutions are not the brute force's", detail);
        }
    }
}

/* Perft by playing every legal move (no legality shortcut). */
static guint64
played_perft (FePosition *pos, int depth)
{
  FeMoveList list;
  fe_generate_legal (pos, &list);
  if (depth <= 1)
    return list.count;
  guint64 n = 0;
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      n += played_perft (pos, depth - 1);
      fe_unmake (pos, &list.moves[i], &undo);
    }
  return n;
}

/* 3. the generator: perft with the legality shortcuts and the rules as the
 * solver attaches them against perft by playing with the rules attached;
 * and against the reference, at the diagram and below */
static void
check_generator (GRand *r, const FeProblem *pb, int k, const Stip *stip)
{
  FeRules rules;
  FePosition pos;
  diagram (pb, &rules, &pos);
  guint64 plain_count = played_perft (&pos, 2);
  pos.rules = fe_rules_for_position (&rules, FALSE);
  guint64 fast_count = fe_perft (&pos, 2);
  pos.rules = &rules;
  if (plain_count != fast_count)
    {
      g_autofree char *detail = g_strdup_printf ("perft 2: %" G_GUINT64_FORMAT " by playing every move, %"
                                                 G_GUINT64_FORMAT " with the fast paths", plain_count, fast_count);
      fail (pb, k, stip, "perft differs", detail);
    }
  FeRefRules rr;
  if (!fe_ref_rules_init (&rr, &pb->conditions, &pb->diagram))
    return;
  /* as the solver attaches the rules (NULL when orthodox), then always */
  const FeRules *as_solver = fe_rules_for_position (&rules, FALSE);
  int mismatches = 0;
  for (int attach = as_solver ? 1 : 0; attach < 2; attach++)
    {
      pos.rules = attach ? &rules : as_solver;
      FeMoveList legal;
      mismatches += fe_ref_compare (&pos, &rr, &legal, &seen);
      for (int i = 0; i < 2 && legal.count; i++)
        {
          FeMove m = legal.moves[g_rand_int_range (r, 0, legal.count)];
          FeUndo undo;
          fe_make (&pos, &m, &undo);
          FeMoveList next;
          mismatches += fe_ref_compare (&pos, &rr, &next, &seen);
          fe_unmake (&pos, &m, &undo);
        }
    }
  if (mismatches)
    fail (pb, k, stip, "the generator differs from the reference (above)", "");
}

static void
test_differential (void)
{
  GRand *r = g_rand_new_with_seed (19);
  int problems = fe_test_count (400, 4000);
  int compared = 0, with_solutions = 0, no_condition = 0, fairy_promotion_lines = 0;
  int per_stip[G_N_ELEMENTS (stips)] = { 0 };
  memset (&seen, 0, sizeof seen);
  failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int with_solutions_before_new = 0;
  int target_problems = 0, target_orthodox = 0, target_with_solutions = 0;
  int goal_problems = 0, goal_with_solutions = 0;
  int first_goal = problems + problems / 3 + problems / 8;
  int first_parry = first_goal + problems / 4;
  int parry_problems = 0, parry_with_solutions = 0;
  for (int k = 0; k < first_parry + problems / 8 && failed_problems < 20; k++)
    {
      int failures_before = failures;
      FeProblem *pb = fe_problem_new ();
      const Stip *stip;
      if (k == problems)
        with_solutions_before_new = with_solutions;
      random_problem (r, pb, &stip, k >= first_parry ? 4 : k >= first_goal ? 3
                                    : k >= problems + problems / 3 ? 2 : k >= problems);
      gboolean target = fe_stipulation_has_target (&pb->stipulation);
      if (target && g_rand_boolean (r))
        make_orthodox (r, pb);
      /* Refused combinations first: the target's random play must not run
       * rules no problem can have (Phantom with imitators moved them off
       * the board, a sanitized run's find). */
      if (!fe_conditions_validate (&pb->conditions, &pb->diagram, NULL))
        {
          fe_problem_free (pb);
          continue;
        }
      if (target)
        random_target (r, pb, stip);
      check_generator (r, pb, k, stip);
      char *base = solve (pb, &plain);
      if (base)
        {
          check_plain (pb, k, stip, base);
          compare_variants (pb, k, stip, &plain, base, variants, G_N_ELEMENTS (variants));
          compared++;
          per_stip[stip - stips]++;
          g_autofree char *printed = fe_test_printed_solutions (base, FALSE);
          with_solutions += printed[0] != 0;
          if (stip - stips >= FIRST_GOAL_STIP && stip - stips < FIRST_PARRY_STIP)
            {
              goal_problems++;
              goal_with_solutions += printed[0] != 0;
            }
          if (fe_stipulation_has_target (&pb->stipulation))
            {
              target_problems++;
              target_orthodox += fe_params_empty (&pb->conditions) && fe_position_is_orthodox (&pb->diagram);
              target_with_solutions += printed[0] != 0;
            }
          no_condition += fe_params_empty (&pb->conditions) && !pb->diagram.n_imitators;
          if (pb->stipulation.parry != FE_PARRY_NONE)
            {
              parry_problems++;
              parry_with_solutions += printed[0] != 0;
            }
          fairy_promotion_lines += g_regex_match_simple ("[-*][a-h][18]=(?![QRBS][^A-Z0-9])[A-Z]", base, 0, 0);
          g_free (base);
        }
      fe_problem_free (pb);
      failed_problems += failures > failures_before;
    }
  /* A promotion into a fairy walk every run, by the same comparisons: the
   * random problems that print one may all be cut short by the time limit
   * under the sanitizers. */
  {
    FeProblem *pb = fe_problem_new ();
    fe_position_init (&pb->diagram);
    fe_position_put (&pb->diagram, FE_SQ (0, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
    fe_position_put (&pb->diagram, FE_SQ (1, 6), (FePiece) { FE_WALK_PAWN, FE_WHITE, 0, 0 });
    fe_position_put (&pb->diagram, FE_SQ (7, 0), (FePiece) { FE_WALK_GRASSHOPPER, FE_WHITE, 0, 0 });
    fe_position_put (&pb->diagram, FE_SQ (7, 7), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
    fe_position_default_castling (&pb->diagram);
    pb->diagram.side = FE_WHITE;
    fe_position_recompute_hash (&pb->diagram);
    const Stip *stip = &stips[0];
    g_assert_true (fe_stipulation_parse (stip->stip, &pb->stipulation, NULL));
    int failures_before = failures;
    check_generator (r, pb, -1, stip);
    char *base = solve (pb, &plain);
    g_assert_nonnull (base);
    check_plain (pb, -1, stip, base);
    compare_variants (pb, -1, stip, &plain, base, variants, G_N_ELEMENTS (variants));
    compared++;
    fairy_promotion_lines += g_regex_match_simple ("[-*][a-h][18]=(?![QRBS][^A-Z0-9])[A-Z]", base, 0, 0);
    g_free (base);
    fe_problem_free (pb);
    failed_problems += failures > failures_before;
  }
  g_rand_free (r);
  report_failures ();
  g_test_message ("%d problems compared (%d with no condition), %d with solutions, %d printing a "
                  "fairy promotion; reference: %d moves, %d promotions (%d into fairy walks), %d "
                  "reached by two routes", compared, no_condition, with_solutions, fairy_promotion_lines,
                  seen.moves, seen.promotions, seen.fairy_promotions, seen.routes);
  for (gsize i = 0; i < G_N_ELEMENTS (stips); i++)
    g_test_message ("%s: %d problems", stips[i].stip, per_stip[i]);
  g_assert_cmpint (failed_problems, ==, 0);
  g_hash_table_unref (failed);
  /* The problems must exercise what the test is about. */
  g_assert_cmpint (compared, >, problems / 2);
  g_assert_cmpint (with_solutions_before_new, >, problems / 10);
  g_assert_cmpint (no_condition, >, compared / 5);
  g_assert_cmpint (seen.fairy_promotions, >, 0);
  g_assert_cmpint (seen.routes, >, 0);
  g_assert_cmpint (fairy_promotion_lines, >, 0);
  /* a=>b: solved, and orthodox often enough for the distance bound. */
  g_test_message ("a=>b: %d problems, %d orthodox, %d with solutions", target_problems, target_orthodox,
                  target_with_solutions);
  g_assert_cmpint (target_with_solutions, >, target_problems / 2);
  g_assert_cmpint (target_orthodox, >, target_problems / 5);
  g_test_message ("the goals of stipulations.md 8.4 and 8.5: %d problems, %d with solutions", goal_problems, goal_with_solutions);
  g_assert_cmpint (goal_with_solutions, >, 0);
  g_test_message ("parry series: %d problems, %d with solutions", parry_problems, parry_with_solutions);
  g_assert_cmpint (parry_problems, >, problems / 16);
  g_assert_cmpint (parry_with_solutions, >, 0);
}

/* ---- the final-position covers --------------------------------------- */

/* The covers (final-cover.h) against the plain help search, on orthodox
 * problems crowded enough for stalemates: every length with covers, on
 * one thread with the table and on two with a tiny one.  The random
 * problems above are mostly fairy, where no cover is made. */
static const Variant covers_plain = { "plain help, table, 1 thread", 0, 1, FALSE, NULL, plain_help };
static const Variant covers_variants[] = {
  { "covers at every length, table, 1 thread", 0, 1, FALSE, "FEERIE_COVER_MIN=1", NULL },
  { "covers at every length, tiny table, 2 threads", 1, 2, FALSE, "FEERIE_COVER_MIN=1", NULL },
};
static const Stip cover_stips[] = {
  { "h=2", "=" },  { "h=2.5", "=" }, { "h=3", "=" },          { "ser-h=4", "=", TRUE },
  { "ser-=3", "=", TRUE }, { "h#2.5", "#" }, { "ser-h#4", "#", TRUE }, { "reci-h(=)#2", "#" },
};

/* Kings and three to nine orthodox units near them, pawns often about
 * to promote: stalemates within a few moves are common. */
static void
random_orthodox_problem (GRand *r, FeProblem *pb, const Stip **stip)
{
  *stip = &cover_stips[g_rand_int_range (r, 0, G_N_ELEMENTS (cover_stips))];
  g_assert_true (fe_stipulation_parse ((*stip)->stip, &pb->stipulation, NULL));
  FePosition *pos = &pb->diagram;
  fe_position_init (pos);
  fe_test_random_kings (r, pos);
  int f0 = g_rand_int_range (r, 0, 4), r0 = g_rand_int_range (r, 0, 4);
  int n = g_rand_int_range (r, 3, 10);
  for (int i = 0; i < n; i++)
    {
      FeSquare sq = random_square_near (r, f0, r0, 5);
      if (!fe_square_empty (pos, sq))
        continue;
      static const int walks[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT,
                                   FE_WALK_PAWN, FE_WALK_PAWN, FE_WALK_PAWN };
      FePiece p = { .walk = walks[g_rand_int_range (r, 0, G_N_ELEMENTS (walks))],
                    .colour = g_rand_int_range (r, 0, 2) };
      if (p.walk == FE_WALK_PAWN && (FE_RANK (sq) == 0 || FE_RANK (sq) == 7))
        p.walk = FE_WALK_KNIGHT;
      fe_position_put (pos, sq, p);
    }
  fe_position_default_castling (pos);
  fe_position_recompute_hash (pos);
}

static void
test_covers (void)
{
  GRand *r = g_rand_new_with_seed (23);
  int problems = fe_test_count (150, 1500);
  int compared = 0, with_solutions = 0, stalemates = 0;
  failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  failed_problems = 0;
  for (int k = 0; k < problems && failed_problems < 20; k++)
    {
      int failures_before = failures;
      FeProblem *pb = fe_problem_new ();
      const Stip *stip;
      random_orthodox_problem (r, pb, &stip);
      g_autofree char *base = solve (pb, &covers_plain);
      if (base)
        {
          compare_variants (pb, k, stip, &covers_plain, base, covers_variants, G_N_ELEMENTS (covers_variants));
          compared++;
          g_autofree char *printed = fe_test_printed_solutions (base, FALSE);
          with_solutions += printed[0] != 0;
          stalemates += printed[0] != 0 && strcmp (stip->goal, "=") == 0;
        }
      fe_problem_free (pb);
      failed_problems += failures > failures_before;
    }
  g_rand_free (r);
  report_failures ();
  g_test_message ("covers: %d problems compared, %d with solutions, %d of them stalemates", compared,
                  with_solutions, stalemates);
  g_assert_cmpint (failed_problems, ==, 0);
  g_hash_table_unref (failed);
  g_assert_cmpint (compared, >, problems / 2);
  g_assert_cmpint (stalemates, >, problems / 20);
}

/* ---- structured stipulations ------------------------------------------ */

/* Each play of `stips` that a structured stipulation says exactly, and its
 * tree (docs/rules/structured-stipulations.md §6). */
static const struct {
  const char *plain, *tree;
} synonyms[] = {
  { "~1", "white 1a[~]d" },   { "#1", "white 1a[#]d" },    { "#2", "white 3a[#]d" },
  { "=1", "white 1a[=]d" },   { "+1", "white 1a[+]d" },    { "x1", "white 1a[x]d" },
  { "s#1", "white 2ad[#]" },  { "s#2", "white 4ad[#]" },   { "r#1", "white 1a[1a[#]d]d{!1a[#]d}" },
  { "h#1", "black 2hh[#]" },  { "h#1.5", "black -3h[#]h" }, { "h#2", "black 4hh[#]" },
  { "h=1.5", "black -3h[=]h" }, { "ser-#2", "white 2s[#]" }, { "ser-h#2", "black 2s[1h[#]h]" },
  { "hr#1", "white 1h[>1a[#]d]h{!1a[#]d}" }, { "hr#2", "white 3h[>1a[#]d]h{!1a[#]d}" },
  { "reci-h#1", "black 2hh[#]&1h[#]h" }, { "reci-h#2", "black 2hh[2hh[#]&1h[#]h]" },
  { "ser-r#2", "white 2s[>1a[#]d]{!1a[#]d}" },
};

/* The structured solver (a plain interpreter: every move searched) against
 * the search's plain path, on the random problems of the plays a tree says
 * exactly: the tree's plain synonym is taken out of `stipulation`, so the
 * search backend refuses the problem and the structured one solves it,
 * with and without the orthodox fast paths of the rules. */
static void
test_structured (void)
{
  GRand *r = g_rand_new_with_seed (29);
  int problems = fe_test_count (300, 3000);
  int compared = 0, with_solutions = 0;
  failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  failed_problems = 0;
  static const Variant structured[] = {
    { "structured solver, plain rules path", -1, 1, TRUE, NULL, NULL },
    { "structured solver, fast paths", 0, 1, FALSE, NULL, NULL },
  };
  for (int k = 0; k < problems && failed_problems < 20; k++)
    {
      int failures_before = failures;
      FeProblem *pb = fe_problem_new ();
      const Stip *stip;
      random_problem (r, pb, &stip, g_rand_int_range (r, 0, 2));
      const char *tree = NULL;
      for (gsize i = 0; i < G_N_ELEMENTS (synonyms) && !tree; i++)
        if (strcmp (synonyms[i].plain, stip->stip) == 0)
          tree = synonyms[i].tree;
      if (!tree || !fe_conditions_validate (&pb->conditions, &pb->diagram, NULL))
        {
          fe_problem_free (pb);
          continue;
        }
      FeProblem *st = fe_problem_copy (pb);
      g_assert_true (fe_sstip_parse (tree, &st->structured, NULL, NULL));
      FeStipulation plain_stip;
      g_assert_true (fe_sstip_plain (st->structured, &plain_stip));
      g_assert_true (fe_stipulation_equal (&plain_stip, &pb->stipulation));
      st->stipulation.moves++;
      g_autofree char *base = solve (pb, &plain);
      g_autofree char *first = base ? solve (st, &structured[0]) : NULL;
      if (first)
        {
          compare_variants (st, k, stip, &plain, base, structured, G_N_ELEMENTS (structured));
          compared++;
          g_autofree char *printed = fe_test_printed_solutions (base, FALSE);
          with_solutions += printed[0] != 0;
        }
      fe_problem_free (st);
      fe_problem_free (pb);
      failed_problems += failures > failures_before;
    }
  g_rand_free (r);
  report_failures ();
  g_test_message ("structured: %d problems compared, %d with solutions", compared, with_solutions);
  g_assert_cmpint (failed_problems, ==, 0);
  g_hash_table_unref (failed);
  g_assert_cmpint (compared, >, problems / 4);
  g_assert_cmpint (with_solutions, >, compared / 10);
}

/* Trees with no plain synonym (Popeye's corpus's kinds: nested plays,
 * constraints, "!", "|", "-", "/", "?+?", post-key play, exact battle
 * play, tries), each solved by
 * the structured solver without a table on the plain rules path, then
 * with its table (default and tiny: replacements) on the fast paths:
 * the table (structured-stipulations.md §3.9) and the fast legality test
 * change nothing. */
static void
test_structured_forms (void)
{
  static const char *const forms[] = {
    "white 3h[1a[x]d]h",    "black 4h{!x}h[x]",       "white 3:3h[>1a[x]d]h", "black 4h[=]h[#]",
    "black 2hh[2da[#]]",    "black 2hh[/2da[#]{!+}]", "black -3h[/1d[x]a{!+}]h",
    "white 2s[1a[x]d]{!1a[x]d}", "black 2s[1s[-1s[+]]{x}]", "black 5h[1h[#]h]?+?h",
    "white 3a[>1a[#]d]d",   "white 4a[#=]d[#=]",      "white -4da[#]",        "white -3d[#]a",
    "white 1a[!#]d",        "black 3h[3a[#]d]h",      "black 2hh[#]|1h[#]h",  "black 2hh[!1h[#]h]",
    "white 3s[x]",          "black 2hh[1h[+]h&1h[x]h]", "white 3:3a[x]d",      "white 4:4ad[x]",
    "white 3:3a[1a[x]d]d",
  };
  static const Variant reference = { "structured solver, plain rules path, no table", -1, 1, TRUE, NULL, NULL };
  static const Variant variants[] = {
    { "structured solver, fast paths, table", 0, 1, FALSE, NULL, NULL },
    { "structured solver, plain rules, tiny table", 1, 1, TRUE, NULL, NULL },
  };
  GRand *r = g_rand_new_with_seed (31);
  int problems = fe_test_count (200, 2000);
  int compared = 0, with_solutions = 0;
  failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  failed_problems = 0;
  for (int k = 0; k < problems && failed_problems < 20; k++)
    {
      int failures_before = failures;
      FeProblem *pb = fe_problem_new ();
      const Stip *stip;
      random_problem (r, pb, &stip, 0);
      Stip form = { forms[g_rand_int_range (r, 0, G_N_ELEMENTS (forms))], "" };
      g_assert_true (fe_sstip_parse (form.stip, &pb->structured, NULL, NULL));
      /* Options the structured solver refuses, dropped. */
      pb->options.tries = pb->options.tries && pb->structured->root->kind == FE_SNODE_BRANCH
                          && pb->structured->root->branch == FE_SBRANCH_ATTACK;
      pb->options.set_play = pb->options.set_play && pb->structured->root->kind == FE_SNODE_BRANCH
                             && pb->structured->root->branch == FE_SBRANCH_HELP;
      fe_sstip_approximate (pb->structured, &pb->stipulation);
      g_autofree char *base = fe_conditions_validate (&pb->conditions, &pb->diagram, NULL)
                                ? solve (pb, &reference) : NULL;
      if (base)
        {
          g_autofree char *twice = fe_test_repeated_line (base);
          if (twice)
            fail (pb, k, &form, "a line printed twice (D7: one move, one line)", twice);
          compare_variants (pb, k, &form, &reference, base, variants, G_N_ELEMENTS (variants));
          compared++;
          g_autofree char *printed = fe_test_printed_solutions (base, FALSE);
          with_solutions += printed[0] != 0;
        }
      fe_problem_free (pb);
      failed_problems += failures > failures_before;
    }
  g_rand_free (r);
  report_failures ();
  g_test_message ("structured forms: %d problems compared, %d with solutions", compared, with_solutions);
  g_assert_cmpint (failed_problems, ==, 0);
  g_hash_table_unref (failed);
  g_assert_cmpint (compared, >, problems / 2);
  g_assert_cmpint (with_solutions, >, compared / 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/differential/random-problems", test_differential);
  g_test_add_func ("/differential/covers", test_covers);
  g_test_add_func ("/differential/structured", test_structured);
  g_test_add_func ("/differential/structured-forms", test_structured_forms);
  return g_test_run ();
}
