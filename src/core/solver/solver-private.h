/* solver-private.h — state shared by the solver's files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/movegen.h"
#include "core/notation.h"
#include "solver.h"
#include "tt.h"

#define FE_HISTORY_SIZE (2 * 128 * 128)

/* Shared by a solve's threads: progress totals. */
typedef struct {
  gint64 nodes;          /* atomic: nodes of every thread, by 4096 */
  gint64 last_report_us; /* atomic */
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
  /* The moves of the line being searched (help/series printing), and the
   * killer moves by half-moves left (battle: the last winning attack and the
   * last refutation found at that length are tried first next time); each
   * has max_plies entries, enough for the stipulation (fe_solve sizes them). */
  int max_plies;
  FeMove *line_moves;
  FeMove *killer_attack;
  FeMove *killer_defence;
  /* Battle play's history: by side, departure and arrival (0x88 squares),
   * how much this move has won (attacker) or refuted (defender) before,
   * weighted by depth; moves are tried best first.  Per thread. */
  guint32 *history;
  FePosition root; /* where printed lines are replayed from */
  /* In a parallel search's worker: solution-tree lines wait for the merge
   * (fe_solution_hook_flush) instead of being attached at once. */
  gboolean in_worker;
  /* The solution tree (NULL unless asked for), and the help/series line
   * being written: its nodes (max_plies of them), attached once the line is
   * complete. */
  FeSolution *tree;
  FeSolverShared *shared;
  int play_phase;       /* FE_ROLE_SET_PLAY while help set play is written */
  int line_full;        /* length of a full help (half-moves) or series (moves) line */
  FeSolutionNode **line_nodes;
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

/* The plays (battle.c, help.c), dispatched by solver.c. */
void fe_solve_battle (FeSolver *s);
void fe_solve_help (FeSolver *s);
void fe_solve_series (FeSolver *s);
/* Help and series lines: the move number before move i (help.c). */
void fe_solver_line_prefix (GString *line, int i, gboolean starts_half, int series_len);
