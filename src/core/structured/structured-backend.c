/* structured-backend.c — the structured solver as a backend (core/backend):
 * what of a structured stipulation it does not solve, then per twin the
 * rules, the side to move and the play (docs/rules/structured-stipulations.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "structured.h"
#include "core/model/fe-i18n.h"

/* The goals sx_goal_reached tests. */
static gboolean
goal_solved (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_MATE:
    case FE_GOAL_STALEMATE:
    case FE_GOAL_DOUBLE_STALEMATE:
    case FE_GOAL_MATE_OR_STALEMATE:
    case FE_GOAL_ANY:
    case FE_GOAL_CAPTURE:
    case FE_GOAL_CAPTURE_NO_REBIRTH:
    case FE_GOAL_CHECK:
    case FE_GOAL_TARGET:
    case FE_GOAL_CASTLING:
    case FE_GOAL_EN_PASSANT:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
is_battle (const FeSNode *n)
{
  return n->kind == FE_SNODE_BRANCH
         && (n->branch == FE_SBRANCH_ATTACK || n->branch == FE_SBRANCH_DEFENCE);
}

/* The part of the tree this solver does not solve (its words, FE_N_,
 * and the node), or NULL.  `in_tree`: written in a battle tree, where
 * only battle play and its operators are written. */
static const char *
refused_part (const FeSNode *n, gboolean in_tree, const FeSNode **where)
{
  const char *why = NULL;
  *where = n;
  switch (n->kind)
    {
    case FE_SNODE_LEAF:
      if (!goal_solved (n->goal))
        return fe_goal_name (n->goal);
      return NULL;
    case FE_SNODE_NOT:
      return refused_part (n->a, FALSE, where);
    case FE_SNODE_INVERT:
      if (in_tree)
        return FE_N_ ("a change of the side to move (\"-\") inside battle play");
      return refused_part (n->a, FALSE, where);
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      why = refused_part (n->a, in_tree, where);
      return why ? why : refused_part (n->b, in_tree, where);
    case FE_SNODE_BRANCH:
      if (in_tree && !is_battle (n))
        return FE_N_ ("help or series play inside battle play");
      if (is_battle (n) && n->min && !sx_battle_exact (n))
        return FE_N_ ("a minimal length short of the full one in battle play");
      if (is_battle (n) && n->parry)
        return FE_N_ ("parry play (\"?+?\") in battle play");
      for (guint i = 0; i < n->parts->len && !why; i++)
        {
          const FeSNode *p = n->parts->pdata[i];
          /* A constraint's moves are never written. */
          gboolean tree = in_tree && p->kind == FE_SNODE_FORK && is_battle (n);
          why = refused_part (p->a, tree, where);
        }
      return why;
    default:
      return NULL;
    }
}

/* What of the problem's options this solver does not take (FE_N_). */
static const char *
refused_option (const FeProblem *p, const FeSNode *top)
{
  const FeOptions *o = &p->options;
  /* Quodlibet is in a plain stipulation's tree (plain_tree). */
  FeOptions others = *o;
  others.quodlibet = others.quodlibet && p->structured;
  const char *changing = fe_options_changing_solution (&others);
  if (changing)
    return changing; /* Popeye's name, not translated */
  if (o->duplex || o->half_duplex)
    return FE_N_ ("Duplex");
  if (o->white_to_play)
    return FE_N_ ("WhiteToPlay");
  if (o->max_solutions || o->stop_on_short)
    return FE_N_ ("a bound on the solutions (MaxSolutions, StopOnShortSolutions)");
  if (o->set_play && !(top->kind == FE_SNODE_BRANCH && top->branch == FE_SBRANCH_HELP))
    return FE_N_ ("set play (SetPlay) outside help play");
  if (is_battle (top) && top->branch == FE_SBRANCH_DEFENCE && (o->tries || o->defence))
    return FE_N_ ("tries (Try, Defence) in post-key play");
  if (is_battle (top) && o->post_key_play)
    return FE_N_ ("post-key play (PostKeyPlay)");
  if (top->kind == FE_SNODE_BRANCH && top->branch == FE_SBRANCH_ATTACK && o->threat_length)
    return FE_N_ ("option Threat");
  for (guint t = 0; p->structured && t < p->twins->len; t++)
    {
      const FeTwin *tw = p->twins->pdata[t];
      for (guint c = 0; c < tw->commands->len; c++)
        if (g_array_index (tw->commands, FeTwinCommand, c).kind == FE_TWIN_STIPULATION)
          return FE_N_ ("a twin with another stipulation");
    }
  return NULL;
}

static const FeSNode *
top_of (const FeSStip *s)
{
  return s->root->kind == FE_SNODE_INVERT ? s->root->a : s->root;
}

/* The tree of a plain stipulation of the problem, with its option
 * Quodlibet (structured-stipulations.md §6.1), or NULL. */
static FeSStip *
plain_tree (const FeProblem *problem, const FeStipulation *st)
{
  return problem->options.quodlibet ? fe_sstip_from_plain_quodlibet (st) : fe_sstip_from_plain (st);
}

/* A plain stipulation's tree, refused or not (for a twin's stipulation). */
static gboolean
plain_refused (const FeProblem *problem, const FeStipulation *st)
{
  g_autoptr (FeSStip) tree = plain_tree (problem, st);
  if (!tree)
    return TRUE;
  const FeSNode *top = top_of (tree);
  const FeSNode *where;
  return refused_part (top, is_battle (top), &where) || refused_option (problem, top);
}

/* The tree solved: the problem's structured stipulation, or the tree its
 * plain stipulation says (structured-stipulations.md §6.1; the caller
 * frees it), or NULL. */
static FeSStip *
tree_of (const FeProblem *problem, gboolean *owned)
{
  *owned = !problem->structured;
  if (problem->structured)
    return problem->structured;
  return problem->unsupported_stipulation ? NULL : plain_tree (problem, &problem->stipulation);
}

static gboolean
structured_refuses (const FeProblem *problem, FeRefusal *refusal)
{
  gboolean owned;
  FeSStip *tree = tree_of (problem, &owned);
  /* No tree: the other backends' business (no reason, so that theirs is
   * the one told). */
  if (!tree)
    return TRUE;
  const FeSNode *top = top_of (tree);
  const FeSNode *where = NULL;
  const char *why = refused_part (top, is_battle (top), &where);
  const char *option = why ? NULL : refused_option (problem, top);
  if (owned)
    {
      /* A plain stipulation, and the twins' (each solved as its tree):
       * the search's reason is the one told. */
      fe_sstip_free (tree);
      for (guint t = 0; t < problem->twins->len && !why && !option; t++)
        {
          const FeTwin *tw = problem->twins->pdata[t];
          for (guint c = 0; c < tw->commands->len; c++)
            {
              const FeTwinCommand *cmd = &g_array_index (tw->commands, FeTwinCommand, c);
              if (cmd->kind == FE_TWIN_STIPULATION && plain_refused (problem, &cmd->stipulation))
                return TRUE;
            }
        }
      return why || option;
    }
  if (!why && !option)
    return FALSE;
  refusal->reason = FE_REFUSAL_STIPULATION;
  refusal->subject = fe_sstip_to_string (problem->structured);
  if (why)
    {
      g_autofree char *part = fe_snode_to_string (where);
      g_set_error (&refusal->error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   _ ("%s is not supported in a structured stipulation: \"%s\" in \"%s\""), _ (why),
                   part, refusal->subject);
    }
  else
    g_set_error (&refusal->error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                 _ ("%s is not supported with a structured stipulation (\"%s\")"), _ (option),
                 refusal->subject);
  return TRUE;
}

static void
apply_castling_mutex (FePosition *pos, const FeOptions *o)
{
  pos->n_castling_mutex = 0;
  for (int i = 0; i < o->n_castling_exclusive && i < 4; i++)
    {
      pos->castling_mutex[i][0] = fe_castling_flag_of_square (o->castling_exclusive[i][0]);
      pos->castling_mutex[i][1] = fe_castling_flag_of_square (o->castling_exclusive[i][1]);
      pos->n_castling_mutex++;
    }
}

/* One twin's play from x->pos. */
static void
solve_twin (Sx *x, const FeSNode *top)
{
  x->role = FE_ROLE_SOLUTION;
  if (is_battle (top))
    {
      sx_write_tree (x, top);
      return;
    }
  if (top->kind == FE_SNODE_BRANCH && top->branch == FE_SBRANCH_HELP)
    {
      if (x->problem->options.set_play)
        sx_help_set_play (x, top);
      x->role = FE_ROLE_SOLUTION;
      sx_help (x, top, NULL, TRUE);
    }
  else if (top->kind == FE_SNODE_BRANCH && top->branch == FE_SBRANCH_SERIES)
    sx_series (x, top, NULL, TRUE);
  else if (sx_holds (x, top, NULL))
    sx_write_lines (x, top, NULL);
}

static gboolean
structured_solve (const FeProblem *problem, const FeSolverConfig *config, FeSolution *tree,
                  FeSolverStats *stats, GError **error)
{
  Sx x = { 0 };
  x.problem = problem;
  x.config = config;
  x.tree = tree;
  x.line = g_array_new (FALSE, FALSE, sizeof (SxEntry));
  /* The table: --hash MB (32 by default, 1024 at most), none below 0. */
  int mb = config ? config->hash_mb : 0;
  if (mb >= 0)
    {
      guint64 entries = ((guint64) (mb ? MIN (mb, 1024) : 32) << 20) / sizeof (SxSlot);
      guint64 size = 1;
      while (size * 2 <= entries)
        size *= 2;
      x.table = g_new0 (SxSlot, size);
      x.table_mask = size - 1;
    }
  gint64 start = g_get_monotonic_time ();
  double max_time = config && config->max_time > 0 ? config->max_time : problem->options.max_time;
  if (max_time > 0)
    x.deadline = start + (gint64) (max_time * 1e6);
  gboolean ok = TRUE;
  FeSStip *stip = NULL;
  FeStipulation stip_of_tree; /* the plain stipulation `stip` says */
  const FeSNode *top = NULL;
  int n_twins = problem->twins->len;
  FePosition twin_pos;
  FeStipulation twin_stip;
  FeConditionParams twin_cond;
  for (int t = 0; t <= n_twins && ok && !x.aborted; t++)
    {
      g_autofree char *d = t > 0 ? fe_twin_describe_after (problem, t, &twin_pos) : NULL;
      if (!fe_problem_apply_next_twin (problem, t, &twin_pos, &twin_stip, &twin_cond, error))
        {
          ok = FALSE;
          break;
        }
      /* The twin's tree: the structured stipulation, or the tree of the
       * twin's plain one (a twin may change it: exact-#1, exact-#2, …). */
      if (problem->structured)
        stip = problem->structured;
      else if (!stip || !fe_stipulation_equal (&twin_stip, &stip_of_tree))
        {
          fe_sstip_free (stip);
          stip = plain_tree (problem, &twin_stip);
          stip_of_tree = twin_stip;
          /* Another tree: the table's entries name its nodes. */
          if (x.table && t > 0)
            memset (x.table, 0, (x.table_mask + 1) * sizeof (SxSlot));
        }
      if (!stip)
        {
          /* structured_refuses took only twins with a tree: not reached. */
          g_autofree char *text = fe_stipulation_to_string (&twin_stip);
          g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                       _ ("stipulation \"%s\" is not supported"), text);
          ok = FALSE;
          break;
        }
      top = top_of (stip);
      gboolean inverted = top != stip->root;
      x.first_side = inverted ? FE_OPPONENT (stip->side) : stip->side;
      x.inversions = inverted ? 1 : 0;
      FePlayKind play = is_battle (top) ? FE_PLAY_KIND_BATTLE : FE_PLAY_KIND_LINES;
      if (t == 0 && problem->zero_position)
        continue;
      g_autofree char *label = NULL;
      if (n_twins && t == 0)
        label = g_strdup ("a)");
      else if (n_twins)
        {
          const FeTwin *tw = problem->twins->pdata[t - 1];
          g_autofree char *letter = fe_twin_label (t);
          label = g_strdup_printf ("%s%s) %s", tw->continued ? "+" : "", letter, d);
        }
      FePosition pos = twin_pos;
      apply_castling_mutex (&pos, &problem->options);
      fe_solution_add_twin (tree, t, label ? label : "", &pos, play);
      if (!fe_conditions_validate (&twin_cond, &pos, error))
        {
          ok = FALSE;
          break;
        }
      FeRules *rules = g_new0 (FeRules, 1);
      fe_rules_init (rules, &twin_cond, &pos);
      pos.rules = fe_rules_for_position (rules, config && config->plain_rules);
      pos.side = x.first_side;
      fe_position_recompute_hash (&pos);
      if ((t == 0 && !fe_position_validate (&pos, NULL, error)))
        ok = FALSE;
      else if (fe_in_check (&pos, FE_OPPONENT (pos.side)))
        {
          g_set_error_literal (
            error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
            pos.side == FE_WHITE ? _ ("illegal position: White, to move first, could capture the black king")
                                 : _ ("illegal position: Black, to move first, could capture the white king"));
          ok = FALSE;
        }
      if (ok)
        {
          x.twin = t;
          x.pos = x.root = pos;
          fe_goal_context_init (&x.goals, &pos, &problem->target);
          fe_solution_begin_phase (tree);
          solve_twin (&x, top);
        }
      g_free (rules);
    }
  stats->nodes += x.nodes;
  stats->seconds += (g_get_monotonic_time () - start) / 1e6;
  stats->interrupted |= x.aborted;
  stats->solutions += x.solutions;
  g_array_unref (x.line);
  g_free (x.table);
  if (!problem->structured)
    fe_sstip_free (stip);
  return ok;
}

const FeBackend fe_structured_backend = {
  .name = "structured",
  .refuses = structured_refuses,
  .solve = structured_solve,
};
