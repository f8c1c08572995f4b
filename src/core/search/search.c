/* search.c — what the searches of every play share: the node tick
 * (cancel, deadline, progress), the goal test, a move's notation with its
 * marks, the line buffers and the parallel search over work items.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Below battle.c, help.c and verify.c; solver.c only dispatches to them.
 */
#include <string.h>

#include "search.h"

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
      if (s->stop && g_atomic_int_get (s->stop))
        s->aborted = TRUE;
      if (c && c->progress && (s->nodes & 0xFFFFF) == 0)
        c->progress (s->nodes, c->user_data);
      if (s->shared)
        report_phase (s);
    }
  return s->aborted;
}

/* Did a condition's rebirth (Circe) put a piece back in this move? */
static gboolean
rebirth_in (const FePosition *pos, const FeUndo *undo)
{
  const FeRules *r = pos->rules;
  int prev = undo->n_displacement_changes;
  for (int i = 0; r && i < r->n_ops; i++)
    {
      if (r->ops[i]->effect_order == FE_EFFECT_REBIRTH && undo->effect_end[i] > prev)
        return TRUE;
      prev = undo->effect_end[i];
    }
  return FALSE;
}

gboolean
fe_solver_goal_reached_as (FeSolver *s, FeGoal goal, const FeMove *last, const FeUndo *undo)
{
  FePosition *pos = &s->pos;
  int to_move = pos->side;
  switch (goal)
    {
    case FE_GOAL_MATE:
      return fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_STALEMATE:
      return !fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_DOUBLE_STALEMATE:
      {
        if (fe_in_check (pos, to_move) || fe_has_legal_move (pos))
          return FALSE;
        FeUndo nu;
        fe_make_null (pos, &nu);
        gboolean r = !fe_in_check (pos, pos->side) && !fe_has_legal_move (pos);
        fe_unmake_null (pos, &nu);
        return r;
      }
    case FE_GOAL_ANY:
      return TRUE;
    case FE_GOAL_CAPTURE:
      return last && last->capture != FE_NO_SQUARE;
    case FE_GOAL_CAPTURE_NO_REBIRTH:
      return last && last->capture != FE_NO_SQUARE && !(undo && rebirth_in (pos, undo));
    case FE_GOAL_CHECK:
      return fe_in_check (pos, to_move);
    case FE_GOAL_TARGET:
      /* The mover itself, where its effects left it (an AntiCirce or
       * kamikaze transfer; a kamikaze piece gone reaches nothing). */
      return last && !(last->flags & FE_MOVE_NULL) && pos->mover_square == s->stip.target;
    case FE_GOAL_CASTLING:
      return last && (last->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG));
    case FE_GOAL_POSITION:
      return fe_position_same_placement (pos, &s->problem->target);
    case FE_GOAL_CHESS81:
      /* The mover, where its effects left it, on the other side's first
       * rank (docs/rules/stipulations.md §8.1). */
      return last && !(last->flags & FE_MOVE_NULL) && pos->mover_square != FE_NO_SQUARE
             && FE_RANK (pos->mover_square) == (to_move == FE_BLACK ? 7 : 0);
    default:
      /* Goals the search does not solve are refused (search-backend.c). */
      g_return_val_if_reached (FALSE);
    }
}

/* Called after `last` was made (its log `undo`): is the stipulation's goal
 * reached? */
gboolean
fe_solver_goal_reached (FeSolver *s, const FeMove *last, const FeUndo *undo)
{
  return fe_solver_goal_reached_as (s, s->goal, last, undo);
}

/* What a line of n moves is in the play under way. */
static FeSolutionRole
line_role (const FeSolver *s, int n, int series_len)
{
  if (s->play_phase)
    return s->play_phase;
  if ((series_len ? series_len : n) < s->line_full)
    return FE_ROLE_SHORT;
  return FE_ROLE_SOLUTION;
}

/* Is the line past the tree's bound on lines (then counted, not kept)? */
static gboolean
line_over (FeSolver *s, int n, int series_len, gboolean reci, gboolean keep)
{
  /* (a reciprocal help line's role is its pair's, one move longer) */
  return fe_solution_line_over (s->tree, line_role (s, n + (reci && !series_len), series_len), keep);
}

void
fe_solver_note_root (FeSolver *s, int depth, int i, int n)
{
  FeSolverShared *sh = s->shared;
  if (!sh)
    return;
  g_atomic_int_set (&sh->depth, depth);
  g_atomic_int_set (&sh->root_index, i);
  g_atomic_int_set (&sh->root_count, n);
}

/* Adds one solution line to the tree, replayed from the root so that each
 * move is noted from its own position.  A reciprocal end's own line (`reci`)
 * ends on the ending side's goal, marked as such. */
static void
replay_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len, gboolean reci)
{
  if (line_over (s, n, series_len, reci, TRUE))
    return; /* counted, not kept: the caller's bound on lines */
  FePosition here = s->pos;
  FeGoal goal = s->goal;
  if (reci)
    s->goal = s->stip.reci_goal;
  s->pos = s->root;
  GString *text = g_string_new (NULL);
  FeUndo *undo = g_new (FeUndo, 2 * n);
  FeUndo *null_undo = undo + n;
  for (int i = 0; i < n; i++)
    {
      g_string_truncate (text, 0);
      fe_solver_append_move (s, text, &moves[i], i == n - 1, TRUE);
      g_assert (i < s->max_plies); /* fe_solve sizes lines for the stipulation */
      FeSolutionNode *node = fe_solution_node_new (s->tree, &s->pos, &moves[i], text->str, FE_ROLE_SOLUTION);
      node->number = fe_solution_line_number (i, lead, series_len);
      /* Series: the other side passed before each series move but the first. */
      node->after_pass = series_len ? (i > 0 && i < series_len) : FALSE;
      s->line_nodes[i] = node;
      fe_make (&s->pos, &moves[i], &undo[i]);
      if (series_len && i < series_len - 1)
        fe_make_null (&s->pos, &null_undo[i]);
    }
  for (int i = n - 1; i >= 0; i--)
    {
      if (series_len && i < series_len - 1)
        fe_unmake_null (&s->pos, &null_undo[i]);
      fe_unmake (&s->pos, &moves[i], &undo[i]);
    }
  g_free (undo);
  g_string_free (text, TRUE);
  s->pos = here;
  s->goal = goal;
  /* A reciprocal help line that stops on the ending side's own goal is one
   * move shorter than its pair, and as long. */
  FeSolutionRole role = line_role (s, n + (reci && !series_len), series_len);
  fe_solution_add_line (s->tree, s->line_nodes, n, role, reci ? FE_NOTE_RECI : 0);
  memset (s->line_nodes, 0, sizeof (FeSolutionNode *) * n);
}

/* A line a worker found, kept until its item is merged: moves only (a
 * line's tree nodes each hold a position: tens of thousands of waiting
 * lines held as nodes took hundreds of megabytes). */
typedef struct {
  int n, series_len;
  int lead;
  gboolean reci;
  FeMove moves[];
} PendingLine;

static void
add_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len, gboolean reci)
{
  s->solutions++;
  /* Once the tree keeps no more lines, a worker's later lines would only
   * be counted when merged: counted now, not held till then. */
  if (s->pending && line_over (s, n, series_len, reci, FALSE))
    return;
  if (s->pending)
    {
      PendingLine *p = g_malloc (sizeof (PendingLine) + n * sizeof (FeMove));
      p->n = n;
      p->series_len = series_len;
      p->lead = lead;
      p->reci = reci;
      memcpy (p->moves, moves, n * sizeof (FeMove));
      g_ptr_array_add (s->pending, p);
      return;
    }
  replay_line (s, moves, n, lead, series_len, reci);
}

void
fe_solver_add_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len)
{
  add_line (s, moves, n, lead, series_len, FALSE);
}

void
fe_solver_add_reci_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len)
{
  /* The pair's two lines make one solution: counted with the other's. */
  add_line (s, moves, n, lead, series_len, TRUE);
  s->solutions--;
}

/* The lines one item kept, into the tree of the solver `s` (in order). */
static void
add_pending_lines (FeSolver *s, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      PendingLine *p = lines->pdata[i];
      replay_line (s, p->moves, p->n, p->lead, p->series_len, p->reci);
    }
}

/* One work item of fe_solver_run_items.  The moves of its first node
 * (at the share depth) are handed out one by one: the worker that opened
 * the item and any worker left without items claim them from `next_move`
 * (fe_solver_next_move), so no worker idles while another has moves left
 * to search.  The lines are kept per move and join the tree in order. */
typedef struct FeSolverItem {
  gint n_moves;   /* atomic: -1 until its first node lists them */
  gint next_move; /* atomic: the next one to claim */
  int runners;    /* workers in the item */
  gboolean opened, done;
  /* Lines found before the moves are shared out (none in practice, kept
   * in order all the same); ready once they are shared out or the item
   * is done. */
  GPtrArray *lines;
  gboolean lines_ready;
  GPtrArray **move_lines; /* n_moves, each NULL until searched */
  int merged_moves;
} Item;

/* What the workers share: the next item to open, each item's lines, and
 * the merge, which delivers lines in order (item by item, move by move)
 * as soon as everything before them is done.  Everything but the claims
 * and the replay (one merging thread at a time) is under `lock`. */
typedef struct FeSolverItems {
  FeSolver *solver; /* the calling thread's: the tree, the caller */
  FeSolverItemFunc run;
  gpointer data;
  int n_items;
  int next;
  GMutex lock;
  Item *items;
  int merged;       /* items delivered */
  gboolean merging; /* a thread is delivering (outside the lock) */
} Items;

typedef struct {
  FeSolver *worker;
  Items *items;
} Job;

/* The next lines to deliver, taken out of the items (NULL: none ready
 * yet); under the lock. */
static GPtrArray *
next_ready (Items *it)
{
  while (it->merged < it->n_items)
    {
      Item *item = &it->items[it->merged];
      if (!item->opened)
        return NULL;
      if (item->lines && item->lines_ready)
        return g_steal_pointer (&item->lines);
      if (!item->lines_ready)
        return NULL;
      int n = g_atomic_int_get (&item->n_moves);
      if (item->merged_moves < n && item->move_lines[item->merged_moves])
        return g_steal_pointer (&item->move_lines[item->merged_moves++]);
      if (!item->done || item->merged_moves < n)
        return NULL;
      it->merged++;
    }
  return NULL;
}

/* Delivers what follows the last delivered lines.  Called under the lock,
 * which the replay itself does not hold: one thread merges at a time
 * (`merging`) and takes up what the others file meanwhile, and they go on
 * searching instead of waiting (ser-#7 spent a third of its CPU in the
 * replay, the other worker blocked on the lock meanwhile). */
static void
merge_done (Items *it)
{
  if (it->merging)
    return;
  it->merging = TRUE;
  GPtrArray *lines;
  while ((lines = next_ready (it)))
    {
      g_mutex_unlock (&it->lock);
      add_pending_lines (it->solver, lines);
      g_ptr_array_unref (lines);
      g_mutex_lock (&it->lock);
    }
  it->merging = FALSE;
}

/* The lines of the move this worker searched last join the merge. */
static void
file_move (FeSolver *w, Items *it)
{
  Item *item = w->item;
  g_mutex_lock (&it->lock);
  item->move_lines[w->claimed] = w->pending;
  w->pending = NULL;
  w->claimed = -1;
  merge_done (it);
  g_mutex_unlock (&it->lock);
}

int
fe_solver_claim_move (FeSolver *w, int i, int n)
{
  Item *item = w->item;
  Items *it = w->items;
  if (i < 0 && g_atomic_int_get (&item->n_moves) < 0)
    {
      /* The first to list them (the worker that opened the item: the
       * others join only once they are listed). */
      g_mutex_lock (&it->lock);
      item->move_lines = g_new0 (GPtrArray *, MAX (n, 1));
      item->lines = w->pending;
      item->lines_ready = TRUE;
      w->pending = NULL;
      g_atomic_int_set (&item->n_moves, n);
      merge_done (it);
      g_mutex_unlock (&it->lock);
    }
  else if (i < 0 && w->pending)
    /* A worker joining the item: it made only the item's plies, which
     * hold no line. */
    g_clear_pointer (&w->pending, g_ptr_array_unref);
  if (w->claimed >= 0)
    file_move (w, it);
  int j = g_atomic_int_add (&item->next_move, 1);
  if (j >= n || w->aborted)
    return n;
  w->claimed = j;
  w->pending = g_ptr_array_new_with_free_func (g_free);
  return j;
}

/* The item to work on: the next one, else one with moves left to claim
 * (the one with most); -1 when none.  Under the lock. */
static int
pick_item (Items *it)
{
  if (it->next < it->n_items)
    {
      int k = it->next++;
      it->items[k].opened = TRUE;
      return k;
    }
  int best = -1, most = 0;
  for (int k = it->merged; k < it->n_items; k++)
    {
      Item *item = &it->items[k];
      int left = g_atomic_int_get (&item->n_moves) - g_atomic_int_get (&item->next_move);
      if (!item->done && item->runners > 0 && left > most)
        best = k, most = left;
    }
  return best;
}

static gpointer
run_job (gpointer p)
{
  Job *job = p;
  FeSolver *w = job->worker;
  Items *it = job->items;
  for (;;)
    {
      g_mutex_lock (&it->lock);
      int k = w->aborted ? -1 : pick_item (it);
      if (k >= 0)
        it->items[k].runners++;
      g_mutex_unlock (&it->lock);
      if (k < 0)
        break;
      Item *item = &it->items[k];
      w->item = item;
      w->claimed = -1;
      w->pending = g_ptr_array_new_with_free_func (g_free);
      if (w->shared)
        fe_solver_note_root (w, g_atomic_int_get (&w->shared->depth), k, it->n_items);
      it->run (w, k, it->data);
      if (w->claimed >= 0)
        file_move (w, it);
      g_mutex_lock (&it->lock);
      if (w->pending)
        {
          /* Lines of no shared move: the item's own, which come first. */
          if (!item->lines)
            item->lines = g_ptr_array_new_with_free_func (g_free);
          for (guint i = 0; i < w->pending->len; i++)
            g_ptr_array_add (item->lines, w->pending->pdata[i]);
          g_ptr_array_set_free_func (w->pending, NULL);
          g_clear_pointer (&w->pending, g_ptr_array_unref);
        }
      if (--item->runners == 0)
        {
          item->done = TRUE;
          item->lines_ready = TRUE;
        }
      merge_done (it);
      g_mutex_unlock (&it->lock);
      w->item = NULL;
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
  s->stalemate_nets = NULL; /* a copied solver's are its original's */
  s->cover_live = s->cover_live_n = NULL;
  s->cover_live_len = 0;
}

void
fe_solver_free_line (FeSolver *s)
{
  g_clear_pointer (&s->line_moves, g_free);
  g_clear_pointer (&s->line_nodes, g_free);
  g_clear_pointer (&s->history, g_free);
  g_clear_pointer (&s->stalemate_nets, g_free);
  g_clear_pointer (&s->cover_live, g_free);
  g_clear_pointer (&s->cover_live_n, g_free);
}

void
fe_solver_run_items (FeSolver *s, int threads, int n_items, int share_depth, FeSolverItemFunc run,
                     gpointer data)
{
  Items it = { .solver = s, .run = run, .data = data, .n_items = n_items };
  g_mutex_init (&it.lock);
  it.items = g_new0 (Item, MAX (n_items, 1));
  for (int k = 0; k < n_items; k++)
    it.items[k].n_moves = -1;
  FeSolver **workers = g_new (FeSolver *, threads);
  GThread **thread = g_new (GThread *, threads);
  Job *jobs = g_new (Job, threads);
  /* Workers report no node counts of their own (the shared total does). */
  FeSolverConfig quiet = s->config ? *s->config : (FeSolverConfig) { 0 };
  quiet.progress = NULL;
  fe_tt_share_begin (s->tt); /* grown by the thread that fills it */
  for (int t = 0; t < threads; t++)
    {
      FeSolver *w = g_new (FeSolver, 1);
      *w = *s;
      w->config = &quiet;
      /* s->tt is shared: lock-free entries, grown in place. */
      w->nodes = 0;
      w->solutions = 0;
      w->items = &it;
      w->share_depth = share_depth;
      fe_solver_alloc_line (w);
      workers[t] = w;
      jobs[t] = (Job) { w, &it };
    }
  /* Started once every copy of s is made: a worker's merge replays lines
   * on s (its position goes through them), and a copy taken meanwhile
   * would start from a position in the middle of a line. */
  for (int t = 0; t < threads; t++)
    thread[t] = g_thread_new ("feerie-solver", run_job, &jobs[t]);
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
  fe_tt_share_end (s->tt);
  /* A stopped search leaves items or moves never claimed: what the others
   * found still joins the tree, in order. */
  for (int k = it.merged; k < n_items; k++)
    {
      Item *item = &it.items[k];
      if (item->lines)
        add_pending_lines (s, item->lines);
      for (int j = 0; item->move_lines && j < item->n_moves; j++)
        if (j >= item->merged_moves && item->move_lines[j])
          add_pending_lines (s, item->move_lines[j]);
    }
  for (int k = 0; k < n_items; k++)
    {
      Item *item = &it.items[k];
      if (item->lines)
        g_ptr_array_unref (item->lines);
      for (int j = 0; item->move_lines && j < item->n_moves; j++)
        if (item->move_lines[j])
          g_ptr_array_unref (item->move_lines[j]);
      g_free (item->move_lines);
    }
  g_free (it.items);
  g_mutex_clear (&it.lock);
  g_free (workers);
  g_free (thread);
  g_free (jobs);
}

struct FeSolverHelpers {
  int n;
  gint stop;
  FeSolverItemFunc run;
  gpointer data;
  FeSolver **workers;
  GThread **threads;
  FeSolverConfig quiet;
};

static gpointer
run_helper (gpointer p)
{
  FeSolver *w = p;
  FeSolverHelpers *h = w->shared_helpers;
  h->run (w, w->helper, h->data);
  return NULL;
}

FeSolverHelpers *
fe_solver_helpers_start (FeSolver *s, int n, int diverse_h, FeSolverItemFunc run, gpointer data)
{
  if (n < 2 || !s->tt->entries)
    return NULL;
  FeSolverHelpers *h = g_new0 (FeSolverHelpers, 1);
  h->n = n;
  h->run = run;
  h->data = data;
  /* Helpers report nothing and ask no one whether to stop: the solving
   * thread does, and stops them. */
  h->quiet = s->config ? *s->config : (FeSolverConfig) { 0 };
  h->quiet.progress = NULL;
  h->quiet.phase = NULL;
  h->quiet.cancelled = NULL;
  fe_tt_share_begin (s->tt);
  s->tt_shared = TRUE;
  s->n_searchers = n;
  s->diverse_h = diverse_h;
  h->workers = g_new (FeSolver *, n);
  h->threads = g_new (GThread *, n);
  for (int t = 1; t < n; t++)
    {
      FeSolver *w = g_new (FeSolver, 1);
      *w = *s;
      w->config = &h->quiet;
      w->shared = NULL;
      w->shared_helpers = h;
      w->nodes = 0;
      w->solutions = 0;
      w->tree = NULL;
      w->pending = NULL;
      w->helper = t;
      w->stop = &h->stop;
      fe_solver_alloc_line (w);
      h->workers[t] = w;
      h->threads[t] = g_thread_new ("feerie-helper", run_helper, w);
    }
  return h;
}

void
fe_solver_helpers_stop (FeSolver *s, FeSolverHelpers *h)
{
  if (!h)
    return;
  g_atomic_int_set (&h->stop, 1);
  for (int t = 1; t < h->n; t++)
    {
      g_thread_join (h->threads[t]);
      FeSolver *w = h->workers[t];
      s->nodes += w->nodes;
      fe_solver_free_line (w);
      g_free (w);
    }
  fe_tt_share_end (s->tt);
  s->tt_shared = FALSE;
  s->n_searchers = 1;
  g_free (h->workers);
  g_free (h->threads);
  g_free (h);
}

/* Plays and takes back a last move: does it reach `goal`?  For mate and
 * check goals a move that gives no check is dismissed before its legality
 * is even tested: most moves of a last ply are. */
gboolean
fe_solver_move_reaches (FeSolver *s, const FeMove *m, FeGoal goal)
{
  FePosition *pos = &s->pos;
  int mover = pos->side;
  FeUndo undo;
  gboolean reached = FALSE;
  gboolean needs_check = goal == FE_GOAL_MATE || goal == FE_GOAL_CHECK;
  if ((needs_check && s->orthodox && fe_orthodox_gives_check (pos, m) == 0) || fe_move_refused (pos, m))
    return FALSE;
  if (fe_make (pos, m, &undo))
    {
      if ((!needs_check || fe_in_check (pos, pos->side)) && !fe_in_check (pos, mover))
        reached = fe_solver_goal_reached_as (s, goal, m, &undo);
    }
  fe_unmake (pos, m, &undo);
  return reached;
}

gboolean
fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m)
{
  return fe_solver_move_reaches (s, m, s->goal);
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
  if (last && fe_solver_goal_reached (s, m, &undo))
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


