/* search-backend.c — the search engine as a backend (core/backend): what
 * it refuses, then per twin the rules and the play, dispatched to
 * battle.c, help.c or series.c (helpers: search.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "search.h"
#include "core/model/fe-i18n.h"

static void
solve_one (FeSolver *s, int first_side)
{
  s->pos.side = first_side;
  s->attacker = first_side;
  fe_solution_begin_phase (s->tree);
  /* Rights and e.p. squares may depend on the side to move. */
  fe_position_recompute_hash (&s->pos);
  switch (s->stip.play)
    {
    case FE_PLAY_DIRECT:
      fe_solve_battle (s);
      break;
    case FE_PLAY_HELP:
      fe_solve_help (s);
      break;
    case FE_PLAY_SERIES:
      if (s->stip.parry != FE_PARRY_NONE)
        fe_solve_parry (s);
      else
        fe_solve_series (s);
      break;
    }
}

/* The goals the search reaches (fe_solver_goal_reached_as). */
static gboolean
goal_solved (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_MATE:
    case FE_GOAL_STALEMATE:
    case FE_GOAL_DOUBLE_STALEMATE:
    case FE_GOAL_ANY:
    case FE_GOAL_CAPTURE:
    case FE_GOAL_CHECK:
    case FE_GOAL_TARGET:
    case FE_GOAL_CASTLING:
    case FE_GOAL_CAPTURE_NO_REBIRTH:
    case FE_GOAL_POSITION:
    case FE_GOAL_COUNTER_MATE:
    case FE_GOAL_DOUBLE_MATE:
    case FE_GOAL_MATE_OR_STALEMATE:
    case FE_GOAL_AUTO_STALEMATE:
    case FE_GOAL_AUTO_MATE:
    case FE_GOAL_EN_PASSANT:
    case FE_GOAL_CIRCUIT:
    case FE_GOAL_CIRCUIT_BY_REBIRTH:
    case FE_GOAL_EXCHANGE:
    case FE_GOAL_EXCHANGE_BY_REBIRTH:
    case FE_GOAL_KISS:
    case FE_GOAL_CHESS81:
      return TRUE;
    default:
      return FALSE;
    }
}

/* What of a stipulation's composition the search does not solve, in words
 * (FE_N_), or NULL. */
static const char *
stipulation_refused (const FeStipulation *st)
{
  if (!goal_solved (st->goal))
    return fe_goal_name (st->goal);
  if (st->end == FE_END_RECI && !goal_solved (st->reci_goal))
    return fe_goal_name (st->reci_goal);
  if (st->exact)
    return FE_N_ ("exact-length play (\"exact-\")");
  if (st->intro)
    return FE_N_ ("play with introductory moves (\"n->\")");
  if (st->parry != FE_PARRY_NONE && st->end == FE_END_HELP_SELF)
    return FE_N_ ("parry series help-self play (\"pser-hs\")");
  if (st->end == FE_END_SEMI_REFLEX)
    return FE_N_ ("semi-reflex play (\"semi-r\")");
  if (st->end == FE_END_HELP_SELF)
    return FE_N_ ("series help-self play (\"ser-hs\")");
  return NULL;
}

static gboolean
search_refuses (const FeProblem *problem, FeRefusal *refusal)
{
  /* The search does not solve these options yet. */
  const char *option = fe_options_changing_solution (&problem->options);
  if (option)
    {
      refusal->reason = FE_REFUSAL_CONDITIONS;
      refusal->subject = g_strdup_printf ("option %s", option);
      g_set_error (&refusal->error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                   _ ("unsupported condition: %s (Féerie cannot solve this problem)"), refusal->subject);
      return TRUE;
    }
  /* A stipulation kept as written: the reader's own words say why. */
  if (problem->unsupported_stipulation)
    {
      FeStipulation ignored;
      if (!fe_stipulation_parse (problem->unsupported_stipulation, &ignored, &refusal->error))
        g_set_error (&refusal->error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                     _ ("stipulation \"%s\" is not supported"), problem->unsupported_stipulation);
      refusal->reason = FE_REFUSAL_STIPULATION;
      refusal->subject = g_strdup (problem->unsupported_stipulation);
      return TRUE;
    }
  /* A structured stipulation: only through its exact plain synonym
   * (docs/rules/structured-stipulations.md §6); the structured backend
   * takes the others. */
  FeStipulation plain;
  if (problem->structured
      && (!fe_sstip_plain (problem->structured, &plain)
          || !fe_stipulation_equal (&plain, &problem->stipulation)))
    {
      refusal->reason = FE_REFUSAL_STIPULATION;
      refusal->subject = fe_sstip_to_string (problem->structured);
      g_set_error (&refusal->error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   _ ("the structured stipulation \"%s\" has no plain synonym"), refusal->subject);
      return TRUE;
    }
  /* The diagram's stipulation and each twin's. */
  const FeStipulation *st = &problem->stipulation;
  const char *what = stipulation_refused (st);
  for (guint t = 0; !what && t < problem->twins->len; t++)
    {
      const FeTwin *tw = problem->twins->pdata[t];
      for (guint c = 0; !what && c < tw->commands->len; c++)
        {
          const FeTwinCommand *cmd = &g_array_index (tw->commands, FeTwinCommand, c);
          if (cmd->kind == FE_TWIN_STIPULATION)
            what = stipulation_refused (st = &cmd->stipulation);
        }
    }
  if (!what)
    return FALSE;
  refusal->reason = FE_REFUSAL_STIPULATION;
  refusal->subject = fe_stipulation_to_string (st);
  g_set_error (&refusal->error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
               _ ("%s is not supported (stipulation \"%s\")"), _ (what), refusal->subject);
  return TRUE;
}

static gboolean
search_solve (const FeProblem *problem, const FeSolverConfig *config, FeSolution *tree,
              FeSolverStats *stats, GError **error)
{
  FeSolver *s = g_new0 (FeSolver, 1);
  s->problem = problem;
  s->config = config;
  s->tree = tree;
  FeSolverShared shared = { 0 };
  shared.start_us = g_get_monotonic_time ();
  shared.n_twins = problem->twins->len + 1 - (problem->zero_position ? 1 : 0);
  s->shared = &shared;
  s->tt = fe_tt_new (config ? config->hash_mb : 0);
  s->max_plies = 0;
  gint64 start = g_get_monotonic_time ();
  double max_time = config && config->max_time > 0 ? config->max_time : problem->options.max_time;
  if (max_time > 0)
    s->deadline = start + (gint64) (max_time * 1e6);
  s->max_solutions = problem->options.max_solutions;
  gboolean ok = TRUE;
  int n_twins = problem->twins->len;

  /* Twin t is computed from twin t-1 (fe_problem_apply_next_twin): linear. */
  FePosition twin_pos;
  FeStipulation twin_stip;
  FeConditionParams twin_cond;
  for (int t = 0; t <= n_twins && ok && !s->aborted; t++)
    {
      char *d = t > 0 ? fe_twin_describe_after (problem, t, &twin_pos) : NULL;
      if (!fe_problem_apply_next_twin (problem, t, &twin_pos, &twin_stip, &twin_cond, error))
        {
          g_free (d);
          ok = FALSE;
          break;
        }
      if (t == 0 && problem->zero_position)
        continue;
      FeConditionParams cond = twin_cond;
      FePosition pos = twin_pos;
      s->stip = twin_stip;
      g_autofree char *twin_label = NULL;
      if (n_twins)
        {
          if (t == 0)
            twin_label = g_strdup ("a)");
          else
            {
              FeTwin *tw = problem->twins->pdata[t - 1];
              char *label = fe_twin_label (t);
              twin_label = g_strdup_printf ("%s%s) %s", tw->continued ? "+" : "", label, d);
              g_free (label);
            }
        }
      /* The twin's root, before anything may refuse it (its header is
       * written even then, as Popeye does). */
      FePosition root = pos;
      fe_solver_apply_castling_mutex (&root, &problem->options);
      FePlayKind play = fe_stipulation_is_battle (&s->stip) ? FE_PLAY_KIND_BATTLE : FE_PLAY_KIND_LINES;
      fe_solution_add_twin (s->tree, t, twin_label ? twin_label : "", &root, play);
      g_free (d);
      g_atomic_int_set (&shared.twin, t - (problem->zero_position ? 1 : 0));
      /* A twin's conditions (the diagram's were checked before the solve,
       * fe_solve_choose). */
      if (t > 0 && !fe_conditions_validate (&cond, &pos, error))
        {
          ok = FALSE;
          break;
        }
      fe_solver_apply_castling_mutex (&pos, &problem->options);
      FeRules *rules = g_new0 (FeRules, 1);
      fe_rules_init (rules, &cond, &pos);
      s->pos = pos;
      s->pos.rules = fe_rules_for_position (rules, config && config->plain_rules);
      /* The diagram's own rules (twins are checked as they are applied). */
      if (t == 0 && !fe_position_validate (&s->pos, NULL, error))
        {
          g_free (rules);
          ok = FALSE;
          break;
        }
      s->goal = s->stip.goal;
      fe_solver_set_diagram (s, &s->pos);
      /* The longest line: 2n + 1 half-moves in help play, n + 1 moves in
       * series play, 2n in battle play; sized for this twin's length. */
      int plies = 2 * s->stip.moves + 3;
      if (plies > s->max_plies)
        {
          fe_solver_free_line (s);
          s->max_plies = plies;
          fe_solver_alloc_line (s);
        }
      s->orthodox = fe_position_is_orthodox (&s->pos);
      fe_tt_clear (s->tt);
      int first = fe_stipulation_starting_side (&s->stip, problem->options.white_to_play);
      /* HalfDuplex plays only the other side's half: that side moves first,
       * so it is the one that must not be able to capture a king. */
      int mover = problem->options.half_duplex ? FE_OPPONENT (first) : first;
      s->pos.side = mover;
      if (fe_in_check (&s->pos, FE_OPPONENT (mover)))
        {
          g_set_error_literal (
            error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
            mover == FE_WHITE ? _ ("illegal position: White, to move first, could capture the black king")
                              : _ ("illegal position: Black, to move first, could capture the white king"));
          g_free (rules);
          ok = FALSE;
          break;
        }
      if (!problem->options.half_duplex)
        solve_one (s, first);
      if ((problem->options.duplex || problem->options.half_duplex) && !s->aborted)
        {
          s->pos = pos;
          s->pos.rules = fe_rules_for_position (rules, config && config->plain_rules);
          fe_tt_clear (s->tt);
          /* The other side plays the same stipulation: polish the roles. */
          solve_one (s, FE_OPPONENT (first));
        }
      g_free (rules);
    }

  stats->nodes += s->nodes;
  stats->seconds += (g_get_monotonic_time () - start) / 1e6;
  stats->interrupted |= s->aborted;
  stats->solutions += s->solutions;
  if (s->tt->entries)
    {
      guint64 n = s->tt->mask + 1;
      stats->table_entries = n;
      stats->table_used = MIN (s->tt->stores, n);
    }
  fe_tt_free (s->tt);
  fe_solver_free_line (s);
  g_free (s);
  return ok;
}

const FeBackend fe_search_backend = {
  .name = "search",
  .refuses = search_refuses,
  .solve = search_solve,
};
