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
  /* help/series printing */
  FeMove line_moves[256];
  FePosition root; /* where printed lines are replayed from */
  /* Killer moves by depth: the last winning attack and the last refutation
   * found at that many half-moves left are tried first next time. */
  FeMove killer_attack[64];
  FeMove killer_defence[64];
  int line_len;
} FeSolver;

gboolean fe_solver_tick (FeSolver *s);
gboolean fe_solver_goal_reached (FeSolver *s, const FeMove *last);
gboolean fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m);
void fe_solver_append_move (FeSolver *s, GString *line, const FeMove *m, gboolean last, gboolean show_check);

void fe_solve_battle (FeSolver *s);
void fe_solve_help (FeSolver *s);
void fe_solve_series (FeSolver *s);
