/* solver-private.h — state shared by the solver's files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/movegen.h"
#include "core/notation.h"
#include "solver.h"
#include "tt.h"

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
  /* The moves of the line being searched (help/series printing), and the
   * killer moves by half-moves left (battle: the last winning attack and the
   * last refutation found at that length are tried first next time); each
   * has max_plies entries, enough for the stipulation (fe_solve sizes them). */
  int max_plies;
  FeMove *line_moves;
  FeMove *killer_attack;
  FeMove *killer_defence;
  FePosition root; /* where printed lines are replayed from */
} FeSolver;

gboolean fe_solver_tick (FeSolver *s);
gboolean fe_solver_goal_reached (FeSolver *s, const FeMove *last);
gboolean fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m);
void fe_solver_append_move (FeSolver *s, GString *line, const FeMove *m, gboolean last, gboolean show_check);

/* Allocates s->line_moves and the killers for s->max_plies. */
void fe_solver_alloc_line (FeSolver *s);
void fe_solver_line_prefix (GString *line, int i, gboolean starts_half, int series_len);

/* The parallel search (--threads N), one design for every play: the
 * calling thread lists the work items (help and series play: every pair of
 * first move and reply; battle play: every first move), then N workers
 * claim items in list order from one atomic counter until none is left.
 * Each item writes into its own buffer; the buffers are appended to s->out
 * in item order, so the output is the one thread's, byte for byte.  The
 * workers share s->tt (lock-free); each has its own line and killers.
 * Sums nodes and solutions into s. */
typedef void (*FeSolverItemFunc) (FeSolver *w, int item, gpointer data);
void fe_solver_run_items (FeSolver *s, int threads, int n_items, FeSolverItemFunc run, gpointer data);

void fe_solver_apply_castling_mutex (FePosition *pos, const FeOptions *o);
/* Who moves first in the diagram for this play (before Duplex swaps it). */
int fe_solver_starting_side (const FeStipulation *st, const FeOptions *o);

void fe_solve_battle (FeSolver *s);
void fe_solve_help (FeSolver *s);
void fe_solve_series (FeSolver *s);
