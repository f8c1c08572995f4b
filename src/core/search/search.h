/* search.h — helpers every play's search uses (search.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layering: search-backend.c dispatches to battle.c, help.c and
 * series.c; they (and core/check/verify.c) call down into search.c, which
 * calls none of them.
 */
#pragma once

#include "solver-private.h"

gboolean fe_solver_tick (FeSolver *s);
/* The twin's diagram, which the goals ct, ctr, <>, <>r and k speak of
 * (goals.c): call once s->stip is the twin's. */
void fe_solver_set_diagram (FeSolver *s, const FePosition *diagram);
/* After `last` was made (its log `undo`, which % reads; NULL: as if
 * plain): is the goal reached?  The stipulation's goal, or `goal`. */
gboolean fe_solver_goal_reached (FeSolver *s, const FeMove *last, const FeUndo *undo);
gboolean fe_solver_goal_reached_as (FeSolver *s, FeGoal goal, const FeMove *last, const FeUndo *undo);
/* Plays and takes back the move: is it legal and does it reach the goal? */
gboolean fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m);
gboolean fe_solver_move_reaches (FeSolver *s, const FeMove *m, FeGoal goal);
/* A move that is not legal, its mover's king left in check: is it the
 * goal move of ##, ##! or !# (docs/rules/stipulations.md §8.4)?  Free for
 * every other goal, which such a move never reaches. */
static inline gboolean
fe_solver_self_check_goal (FeSolver *s, const FeMove *m)
{
  return fe_goal_allows_self_check (s->goal) && fe_solver_final_move_reaches_goal (s, m);
}
void fe_solver_append_move (FeSolver *s, GString *line, const FeMove *m, gboolean last, gboolean show_check);
/* The solution node of `m` from s->pos, its notation and marks as Popeye
 * writes them (`last`: the goal's mark if it reaches it), the move made
 * once for its text, stages and marks together. */
FeSolutionNode *fe_solver_move_node (FeSolver *s, FeSolutionRole role, const FeMove *m, gboolean last);
/* Help and series play: a solution line of n moves from s->root (series_len
 * moves by one side, then its opponent's; 0 in help play).  Counted, and
 * added to the tree, or, in a worker of fe_solver_run_items, kept for the
 * merge. */
void fe_solver_add_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len);
/* Parry series (docs/rules/stipulations.md §12): a line of n entries from
 * s->root, the series side's moves numbered, the other side's parries
 * and final move not, its passes entries flagged FE_MOVE_NULL (not
 * written); `series_moves` of the series side's, which make its role. */
void fe_solver_add_parry_line (FeSolver *s, const FeMove *moves, int n, int series_moves);
/* The same for the line of a reciprocal end that stops on the ending
 * side's own goal (stipulation's reci_goal): written with that goal's
 * mark, noted FE_NOTE_RECI.  Not counted: its pair's other line is. */
void fe_solver_add_reci_line (FeSolver *s, const FeMove *moves, int n, int lead, int series_len);

/* Allocates s->line_moves and the killers for s->max_plies. */
void fe_solver_alloc_line (FeSolver *s);
void fe_solver_free_line (FeSolver *s);

/* The parallel search of help and series play (--threads N): the calling
 * thread lists the work items (every pair of first move and reply), then
 * N workers open items in list order.  An item's first node, at
 * `share_depth`, hands its moves out one at a time (fe_solver_next_move):
 * the worker that opened it claims them, and so does any worker that
 * finds no item left to open, so that none waits while another still has
 * moves to search (work stealing, not fixed items).  The lines found
 * under each move join the tree in order as soon as everything before
 * them is done, so the tree (and the text written from it) is the one
 * thread's, byte for byte.  The workers share s->tt (lock-free, grown in
 * place); each has its own line and killers.  Sums nodes and solutions
 * into s. */
typedef void (*FeSolverItemFunc) (FeSolver *w, int item, gpointer data);
void fe_solver_run_items (FeSolver *s, int threads, int n_items, int share_depth, FeSolverItemFunc run,
                          gpointer data);
int fe_solver_claim_move (FeSolver *w, int i, int n);

/* A node's loop over its n moves: i = fe_solver_next_move (s, depth, -1,
 * n); i < n; i = fe_solver_next_move (s, depth, i, n).  At an item's
 * first node the index is claimed from the moves still unsearched. */
static inline int
fe_solver_next_move (FeSolver *s, int depth, int i, int n)
{
  if (G_LIKELY (!s->item || depth != s->share_depth))
    return i + 1;
  return fe_solver_claim_move (s, i, n);
}

/* Such a node's result covers only the moves this worker searched: it is
 * known, and may be stored, only when something was found. */
static inline gboolean
fe_solver_node_shared (const FeSolver *s, int depth)
{
  return s->item && depth == s->share_depth;
}

/* Helper threads (battle play): n - 1 helpers search beside the calling
 * thread, sharing its table, until fe_solver_helpers_stop.  They write
 * nothing: the calling thread alone makes the tree, finding in the table
 * what the helpers proved, so the output is the one thread's by
 * construction.  `run` is called once per helper (w->helper = 1 … n-1). */
typedef struct FeSolverHelpers FeSolverHelpers;
FeSolverHelpers *fe_solver_helpers_start (FeSolver *s, int n, int diverse_h, FeSolverItemFunc run,
                                          gpointer data);
void fe_solver_helpers_stop (FeSolver *s, FeSolverHelpers *h);
/* Item i of n, in searcher w's order: the solving thread's is the list's;
 * helpers go backwards, helper k of N from the list's end moved back by
 * (k - 1) / (N - 1) of it.  (Backwards, the one helper of two threads
 * meets the solving thread once, in the middle; measured better than
 * starting in the middle and going on.) */
static inline int
fe_solver_helper_order (const FeSolver *w, int i, int n)
{
  if (!w->helper || n < 2)
    return i;
  int back = w->n_searchers > 2 ? (int) ((gint64) n * (w->helper - 1) / (w->n_searchers - 1)) : 0;
  return (2 * n - 1 - i - back) % n;
}

void fe_solver_apply_castling_mutex (FePosition *pos, const FeOptions *o);
