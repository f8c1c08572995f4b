/* solver-private.h — state shared by the solver's files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/movegen.h"
#include "core/notation.h"
#include "solver.h"
#include "tt.h"

/* Shared by a solve's threads: progress totals. */
typedef struct {
  gssize nodes;          /* atomic: nodes of every thread, by 4096 */
  gssize last_report_us; /* atomic */
  gint64 start_us;
  gint twin, n_twins, depth, root_index, root_count;
} FeSolverShared;

typedef struct {
  FePosition pos;
  const FeProblem *problem;
  const FeSolverConfig *config;
  FeStipulation stip;
  FeGoal goal;
  gboolean orthodox; /* no condition, no fairy piece: orthodox fast paths */
  int attacker;         /* the side that starts a battle or series play */
  guint64 nodes;
  gint64 deadline;      /* monotonic µs, 0 = none */
  gboolean aborted;
  FeTT *tt;
  GString *out;
  int solutions;
  int max_solutions;
  /* help/series printing */
  FeMove line_moves[256];
  FePosition root; /* where printed lines are replayed from */
  /* Killer moves by depth: the last winning attack and the last refutation
   * found at that many half-moves left are tried first next time. */
  FeMove killer_attack[64];
  FeMove killer_defence[64];
  /* Parallel search (--threads): workers claim root moves one at a time
   * (root_claimed, shared) and write each one's lines into root_outs[i],
   * merged in move order afterwards.  NULL when alone. */
  GString **root_outs;
  gint *root_claimed;
  int *root_owner;
  int root_id;
  int split_root;
  int line_len;
  /* The solution tree (NULL unless asked for), and the help/series line
   * being written: its nodes, attached once the line is complete. */
  FeSolution *tree;
  FeSolverShared *shared;
  int play_phase;       /* FE_ROLE_SET_PLAY while help set play is written */
  int line_full;        /* length of a full help (half-moves) or series (moves) line */
  FeSolutionNode *line_nodes[256];
} FeSolver;

/* ---- feeding the solution tree (solution.c) ---- */
/* A new twin (label "" when there are none); resets the builder. */
void fe_solution_hook_twin (FeSolver *s, int twin, const char *label);
/* Battle play: the move just written at this level (`text` its notation and
 * marks), s->pos being the position before it.  `role` is KEY, TRY or
 * REFUTATION where the writer knows it, else DEFENCE or CONTINUATION and
 * the tree tells threats and set play apart. */
void fe_solution_hook_battle (FeSolver *s, int level, FeSolutionRole role, const FeMove *m,
                              const char *text);
/* Help / series play: move i of a line being written (s->pos before it). */
void fe_solution_hook_line_move (FeSolver *s, int i, const FeMove *m, const char *text,
                                 gboolean starts_half, int series_len);
/* The line of n moves is complete: attach it (or keep it for the merge of
 * a parallel search). */
void fe_solution_hook_line_end (FeSolver *s, int n, int series_len);
/* Parallel search: the lines a worker wrote into `buffer`, in order. */
void fe_solution_hook_flush (FeSolver *s, GString *buffer);
/* Progress: root move i of n at this depth. */
void fe_solver_note_root (FeSolver *s, int depth, int i, int n);

gboolean fe_solver_tick (FeSolver *s);
gboolean fe_solver_goal_reached (FeSolver *s, const FeMove *last);
gboolean fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m);
void fe_solver_append_move (FeSolver *s, GString *line, const FeMove *m, gboolean last, gboolean show_check);

/* Runs `search` on `threads` workers splitting the root moves, then appends
 * their lines to s->out in root-move order.  Sums nodes and solutions. */
void fe_solver_run_parallel (FeSolver *s, int threads, void (*search) (FeSolver *w, gpointer data),
                             gpointer data);
/* Parallel searches split the first two plies: work item = (root move,
 * reply), claimed by the first worker that reaches it. */
#define FE_SPLIT_MOVES 256

/* In a parallel search: is this move (at depth 0 or 1) this worker's?  At
 * depth 1 it also points the worker's output at the item's buffer. */
static inline gboolean
fe_solver_root_move_mine (FeSolver *s, int depth, int i)
{
  if (!s->root_outs)
    return TRUE;
  if (depth == 0)
    {
      s->split_root = i;
      return i < FE_SPLIT_MOVES;
    }
  if (depth != 1)
    return TRUE;
  int item = s->split_root * FE_SPLIT_MOVES + MIN (i, FE_SPLIT_MOVES - 1);
  /* The last slot gathers any further replies, all for one worker. */
  if (!g_atomic_int_compare_and_exchange (&s->root_claimed[item], 0, 1)
      && !(i >= FE_SPLIT_MOVES - 1 && s->root_owner[item] == s->root_id))
    return FALSE;
  s->root_owner[item] = s->root_id;
  if (!s->root_outs[item])
    s->root_outs[item] = g_string_new (NULL);
  s->out = s->root_outs[item];
  return TRUE;
}

void fe_solve_battle (FeSolver *s);
void fe_solve_help (FeSolver *s);
void fe_solve_series (FeSolver *s);
