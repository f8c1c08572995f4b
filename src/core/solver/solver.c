/* solver.c — entry point: twins, rules, refusal of what we cannot solve.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "solver-private.h"

/* Nodes between two looks at the cancel callback and the clock: Stop must
 * take effect within 200 ms even when the solve thread gets little CPU. */
#define FE_TICK_NODES 1024

/* Adds this thread's nodes to the total and, at most ten times a second,
 * tells the caller where the search is. */
static void
report_phase (FeSolver *s)
{
  FeSolverShared *sh = s->shared;
  gint64 total = __atomic_add_fetch (&sh->nodes, FE_TICK_NODES, __ATOMIC_RELAXED);
  const FeSolverConfig *c = s->config;
  if (!c || !c->phase)
    return;
  gint64 now = g_get_monotonic_time ();
  gint64 last = __atomic_load_n (&sh->last_report_us, __ATOMIC_RELAXED);
  if (now - last < 100000
      || !__atomic_compare_exchange_n (&sh->last_report_us, &last, now, FALSE, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED))
    return;
  FeSolverProgress p = {
    .twin = g_atomic_int_get (&sh->twin),
    .n_twins = sh->n_twins,
    .depth = g_atomic_int_get (&sh->depth),
    .root_index = g_atomic_int_get (&sh->root_index),
    .root_count = g_atomic_int_get (&sh->root_count),
    .nodes = total,
    .elapsed = (now - sh->start_us) / 1e6,
  };
  c->phase (&p, c->user_data);
}

gboolean
fe_solver_tick (FeSolver *s)
{
  if (s->aborted)
    return TRUE;
  if ((++s->nodes & (FE_TICK_NODES - 1)) == 0)
    {
      const FeSolverConfig *c = s->config;
      if (c && c->cancelled && c->cancelled (c->user_data))
        s->aborted = TRUE;
      if (s->deadline && g_get_monotonic_time () > s->deadline)
        s->aborted = TRUE;
      if (c && c->progress && (s->nodes & 0xFFFFF) == 0)
        c->progress (s->nodes, c->user_data);
      if (s->shared)
        report_phase (s);
    }
  return s->aborted;
}

/* Called after `last` was made: is the stipulation's goal reached? */
gboolean
fe_solver_goal_reached (FeSolver *s, const FeMove *last)
{
  FePosition *pos = &s->pos;
  int to_move = pos->side;
  switch (s->goal)
    {
    case FE_GOAL_MATE:
      return fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_STALEMATE:
      return !fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_DOUBLE_STALEMATE:
      {
        if (fe_in_check (pos, to_move) || fe_has_legal_move (pos))
          return FALSE;
        FeUndo undo;
        fe_make_null (pos, &undo);
        gboolean r = !fe_in_check (pos, pos->side) && !fe_has_legal_move (pos);
        fe_unmake_null (pos, &undo);
        return r;
      }
    case FE_GOAL_ANY:
      return TRUE;
    case FE_GOAL_CAPTURE:
      return last && last->capture != FE_NO_SQUARE;
    case FE_GOAL_CHECK:
      return fe_in_check (pos, to_move);
    case FE_GOAL_TARGET:
      return last && !(last->flags & FE_MOVE_NULL) && last->to == s->stip.target;
    case FE_GOAL_CASTLING:
      return last && (last->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG));
    }
  return FALSE;
}

/* What the workers of one fe_solver_run_items share: the next item to
 * claim, each item's lines, and the merge, which delivers every finished
 * item's lines in item order as soon as the items before it are done. */
typedef struct {
  FeSolver *solver; /* the calling thread's: the tree, the writer, the caller */
  FeSolverItemFunc run;
  gpointer data;
  int n_items;
  gint next;
  GMutex lock;
  GPtrArray **lines; /* per item, NULL until done */
  int merged;        /* items delivered */
} Items;

typedef struct {
  FeSolver *worker;
  Items *items;
} Job;

/* Delivers the finished items that follow the last delivered one; one
 * thread at a time, under the lock. */
static void
merge_done (Items *it)
{
  while (it->merged < it->n_items && it->lines[it->merged])
    {
      fe_solution_hook_flush (it->solver, it->lines[it->merged]);
      g_ptr_array_set_size (it->lines[it->merged], 0);
      it->merged++;
    }
}

static gpointer
run_job (gpointer p)
{
  Job *job = p;
  FeSolver *w = job->worker;
  Items *it = job->items;
  for (;;)
    {
      int k = g_atomic_int_add (&it->next, 1);
      if (k >= it->n_items || w->aborted)
        break;
      w->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      fe_tt_shared_maybe_grow (w->tt);
      fe_tt_work_begin (w->tt);
      if (w->shared)
        fe_solver_note_root (w, g_atomic_int_get (&w->shared->depth), k, it->n_items);
      it->run (w, k, it->data);
      fe_tt_work_end (w->tt);
      g_mutex_lock (&it->lock);
      it->lines[k] = w->pending;
      w->pending = NULL;
      merge_done (it);
      g_mutex_unlock (&it->lock);
    }
  return NULL;
}

void
fe_solver_alloc_line (FeSolver *s)
{
  s->line_moves = g_new0 (FeMove, 3 * s->max_plies);
  s->killer_attack = s->line_moves + s->max_plies;
  s->killer_defence = s->killer_attack + s->max_plies;
  s->line_nodes = g_new0 (FeSolutionNode *, s->max_plies);
  s->history = g_new0 (guint32, FE_HISTORY_SIZE);
}

void
fe_solver_free_line (FeSolver *s)
{
  g_clear_pointer (&s->line_moves, g_free);
  g_clear_pointer (&s->line_nodes, g_free);
  g_clear_pointer (&s->history, g_free);
}

void
fe_solver_run_items (FeSolver *s, int threads, int n_items, FeSolverItemFunc run, gpointer data)
{
  Items it = { .solver = s, .run = run, .data = data, .n_items = n_items };
  g_mutex_init (&it.lock);
  it.lines = g_new0 (GPtrArray *, MAX (n_items, 1));
  FeSolver **workers = g_new (FeSolver *, threads);
  GThread **thread = g_new (GThread *, threads);
  Job *jobs = g_new (Job, threads);
  /* Workers report no node counts of their own (the shared total does). */
  FeSolverConfig quiet = s->config ? *s->config : (FeSolverConfig) { 0 };
  quiet.progress = NULL;
  s->tt->growable = FALSE; /* shared: grown between work items */
  for (int t = 0; t < threads; t++)
    {
      FeSolver *w = g_new (FeSolver, 1);
      *w = *s;
      w->config = &quiet;
      /* s->tt is shared: lock-free entries, grown between work items. */
      w->nodes = 0;
      w->solutions = 0;
      w->writer = NULL;
      fe_solver_alloc_line (w);
      workers[t] = w;
      jobs[t] = (Job) { w, &it };
      thread[t] = g_thread_new ("feerie-solver", run_job, &jobs[t]);
    }
  for (int t = 0; t < threads; t++)
    {
      g_thread_join (thread[t]);
      FeSolver *w = workers[t];
      s->nodes += w->nodes;
      s->solutions += w->solutions;
      s->aborted |= w->aborted;
      fe_solver_free_line (w);
      g_free (w);
    }
  s->tt->growable = TRUE;
  /* A stopped search leaves items never claimed: what the others found
   * still joins the tree, in item order. */
  for (int i = it.merged; i < n_items; i++)
    if (it.lines[i])
      fe_solution_hook_flush (s, it.lines[i]);
  for (int i = 0; i < n_items; i++)
    if (it.lines[i])
      g_ptr_array_unref (it.lines[i]);
  g_free (it.lines);
  g_mutex_clear (&it.lock);
  g_free (workers);
  g_free (thread);
  g_free (jobs);
}

/* Plays and takes back a last move: does it reach the goal?  For mate and
 * check goals a move that gives no check is dismissed before its legality
 * is even tested: most moves of a last ply are. */
gboolean
fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m)
{
  FePosition *pos = &s->pos;
  int mover = pos->side;
  FeUndo undo;
  gboolean goal = FALSE;
  gboolean needs_check = s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_CHECK;
  if (needs_check && s->orthodox && fe_orthodox_gives_check (pos, m) == 0)
    return FALSE;
  if (fe_make (pos, m, &undo))
    {
      if ((!needs_check || fe_in_check (pos, pos->side)) && !fe_in_check (pos, mover))
        goal = fe_solver_goal_reached (s, m);
    }
  fe_unmake (pos, m, &undo);
  return goal;
}

/* Appends the move (made from s->pos, which is restored) with its marks. */
void
fe_solver_append_move (FeSolver *s, GString *line, const FeMove *m, gboolean last,
                       gboolean show_check)
{
  FePosition before = s->pos;
  FeUndo undo;
  fe_make (&s->pos, m, &undo);
  fe_notation_append_move (line, &before, m, &s->pos, &undo);
  if (last && fe_solver_goal_reached (s, m))
    {
      /* Like Popeye, a check is written before the goal's mark unless the
       * goal itself speaks of check (mate, check) or excludes it. */
      gboolean mark_says_check = s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_CHECK
                                 || s->goal == FE_GOAL_STALEMATE
                                 || s->goal == FE_GOAL_DOUBLE_STALEMATE;
      if (!mark_says_check && fe_in_check (&s->pos, s->pos.side))
        g_string_append (line, " +");
      if (s->goal != FE_GOAL_ANY && s->goal != FE_GOAL_CASTLING)
        g_string_append_printf (line, " %s", fe_goal_symbol (s->goal));
    }
  else if (show_check && fe_in_check (&s->pos, s->pos.side))
    g_string_append (line, " +");
  fe_unmake (&s->pos, m, &undo);
}

/* Where the text writer's lines go: the caller's string, and its line
 * callback (the CLI prints them as they come). */
typedef struct {
  GString *out;
  const FeSolverConfig *config;
} TextSink;

static void
sink_text (const char *text, gpointer data)
{
  TextSink *sink = data;
  if (sink->out)
    g_string_append (sink->out, text);
  if (sink->config && sink->config->line)
    sink->config->line (text, sink->config->user_data);
}

static gboolean
check_position (FeSolver *s, const FeProblem *p, GError **error)
{
  for (int c = 0; c < 2; c++)
    {
      int kings = 0;
      for (int i = 0; i < 64; i++)
        {
          FePiece pc = s->pos.board[FE_SQ88 (i)];
          kings += pc.walk == FE_WALK_KING && pc.colour == c;
        }
      if (kings > 1)
        {
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                       "%s has more than one king", c == FE_WHITE ? "White" : "Black");
          return FALSE;
        }
    }
  return TRUE;
}

static void
solve_one (FeSolver *s, int first_side)
{
  s->pos.side = first_side;
  s->attacker = first_side;
  fe_solution_hook_phase (s);
  /* Rights and e.p. squares may depend on the side to move. */
  fe_position_recompute_hash (&s->pos);
  switch (s->stip.play)
    {
    case FE_PLAY_DIRECT:
    case FE_PLAY_SELF:
    case FE_PLAY_REFLEX:
      fe_solve_battle (s);
      break;
    case FE_PLAY_HELP:
      fe_solve_help (s);
      break;
    case FE_PLAY_SERIES:
    case FE_PLAY_SERIES_HELP:
    case FE_PLAY_SERIES_SELF:
      fe_solve_series (s);
      break;
    }
}

void
fe_solver_apply_castling_mutex (FePosition *pos, const FeOptions *o)
{
  pos->n_castling_mutex = 0;
  for (int i = 0; i < o->n_castling_exclusive && i < 4; i++)
    {
      pos->castling_mutex[i][0] = fe_castling_flag_of_square (o->castling_exclusive[i][0]);
      pos->castling_mutex[i][1] = fe_castling_flag_of_square (o->castling_exclusive[i][1]);
      pos->n_castling_mutex++;
    }
}

/* Who moves first in the diagram for this play (before Duplex swaps it). */
int
fe_solver_starting_side (const FeStipulation *st, const FeOptions *o)
{
  switch (st->play)
    {
    case FE_PLAY_HELP:
      if (st->half || o->white_to_play)
        return FE_WHITE;
      return FE_BLACK;
    case FE_PLAY_SERIES_HELP:
      return FE_BLACK;
    default:
      return FE_WHITE;
    }
}

gboolean
fe_solve (const FeProblem *problem, const FeSolverConfig *config, GString *out,
          FeSolverStats *stats, GError **error)
{
  if (problem->unsupported->len)
    {
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < problem->unsupported->len; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", (char *) problem->unsupported->pdata[i]);
      g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                   "unsupported condition: %s (Féerie cannot solve this problem)", names->str);
      g_string_free (names, TRUE);
      return FALSE;
    }
  /* A stipulation kept as written: the parser's own words say why. */
  if (problem->unsupported_stipulation)
    {
      FeStipulation ignored;
      if (!fe_stipulation_parse (problem->unsupported_stipulation, &ignored, error))
        return FALSE;
    }

  FeSolver *s = g_new0 (FeSolver, 1);
  s->problem = problem;
  s->config = config;
  /* The search makes the tree; the text is written from it as it grows. */
  if (config && config->tree)
    s->tree = fe_solution_ref (config->tree);
  else
    {
      s->tree = fe_solution_new ();
      s->tree->transient = TRUE;
    }
  TextSink sink = { out, config };
  if (out || (config && config->line))
    s->writer = fe_text_writer_new (sink_text, &sink);
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
      FePlayKind play = s->stip.play == FE_PLAY_DIRECT || s->stip.play == FE_PLAY_SELF
                                || s->stip.play == FE_PLAY_REFLEX
                            ? FE_PLAY_KIND_BATTLE
                            : FE_PLAY_KIND_LINES;
      fe_solution_hook_twin (s, t, twin_label ? twin_label : "", &root, play);
      g_free (d);
      g_atomic_int_set (&shared.twin, t - (problem->zero_position ? 1 : 0));
      if (!fe_conditions_validate (&cond, &pos, error))
        {
          ok = FALSE;
          break;
        }
      fe_solver_apply_castling_mutex (&pos, &problem->options);
      FeRules *rules = g_new0 (FeRules, 1);
      fe_rules_init (rules, &cond, &pos);
      s->pos = pos;
      s->pos.rules = rules->n_ops ? rules : NULL;
      if (!check_position (s, problem, error))
        {
          g_free (rules);
          ok = FALSE;
          break;
        }
      s->goal = s->stip.goal;
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
      int first = fe_solver_starting_side (&s->stip, &problem->options);
      /* HalfDuplex plays only the other side's half: that side moves first,
       * so it is the one that must not be able to capture a king. */
      int mover = problem->options.half_duplex ? FE_OPPONENT (first) : first;
      s->pos.side = mover;
      if (fe_in_check (&s->pos, FE_OPPONENT (mover)))
        {
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                       "illegal position: %s, to move first, could capture the %s king",
                       mover == FE_WHITE ? "White" : "Black", mover == FE_WHITE ? "black" : "white");
          g_free (rules);
          ok = FALSE;
          break;
        }
      if (!problem->options.half_duplex)
        solve_one (s, first);
      if ((problem->options.duplex || problem->options.half_duplex) && !s->aborted)
        {
          s->pos = pos;
          s->pos.rules = rules->n_ops ? rules : NULL;
          fe_tt_clear (s->tt);
          /* The other side plays the same stipulation: polish the roles. */
          solve_one (s, FE_OPPONENT (first));
        }
      g_free (rules);
    }

  if (s->writer)
    {
      fe_text_writer_finish (s->writer);
      fe_text_writer_free (s->writer);
    }
  fe_solution_builder_end (s->tree);
  g_mutex_lock (&s->tree->lock);
  s->tree->complete = ok && !s->aborted;
  g_mutex_unlock (&s->tree->lock);
  fe_solution_unref (s->tree);
  if (stats)
    {
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
    }
  fe_tt_free (s->tt);
  fe_solver_free_line (s);
  g_free (s);
  return ok;
}
