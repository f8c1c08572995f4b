/* solver-private.h — state shared by the solver's files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/rules/movegen.h"
#include "core/rules/goal.h"
#include "core/rules/notation.h"
#include "final-cover.h"
#include "mating-net.h"
#include "stalemate.h"
#include "core/backend/backend.h"
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
  /* Help and series mates: the goal-directed pruning, NULL when off. */
  const FeMatingNet *net;
  gboolean net_notice_given;
  int attacker;         /* the side that starts a battle or series play */
  guint64 nodes;
  gint64 deadline;      /* monotonic µs, 0 = none */
  gboolean aborted;
  FeTT *tt;
  int solutions;
  int max_solutions;
  /* The moves of the line being searched (help/series printing), and the
   * killer moves by half-moves left (battle: the last winning attack and the
   * last refutation found at that length are tried first next time); each
   * has max_plies entries, enough for the stipulation (search-backend.c sizes them). */
  int max_plies;
  FeMove *line_moves;
  FeMove *killer_attack;
  FeMove *killer_defence;
  /* Battle play's history: by side, departure and arrival (0x88 squares),
   * how much this move has won (attacker) or refuted (defender) before,
   * weighted by depth; moves are tried best first.  Per thread. */
  guint32 *history;
  /* The stalemate nets of the help and series searches (help-aids.c), one
   * per depth of the line, made at the first use: a net is some 5 KB, needed
   * only two half-moves before a stalemate. */
  FeStalemateNet *stalemate_nets;
  FePosition root; /* where solution lines are replayed from */
  /* The twin's diagram and B, which the goals compare with
   * (fe_solver_set_diagram). */
  FeGoalContext goal_context;
  /* Help and series play toward a mate or a stalemate guided by the final
   * positions' covers (final-cover.h, help-aids.c): the covers, NULL when
   * not guided, shared by the threads; per thread, by depth of the line,
   * the covers still in reach (cover_live_n[d] indices; -1: not known). */
  const FeCoverSet *covers;
  /* By loser: its complete stalemate covers were too many at a shorter
   * length of this play, and will be at the longer ones. */
  gboolean complete_covers_stopped[2];
  int *cover_live;
  int *cover_live_n;
  guint cover_live_len; /* covers->len they were made for */
  /* In a parallel search's worker: the lines of the item under way, which
   * wait for the merge (moves only, see fe_solver_add_line) instead of
   * being attached at once; NULL in the solver's own thread. */
  GPtrArray *pending;
  /* The solution tree (the search's only output), and the help/series
   * line being found: its nodes (max_plies of them), attached once the
   * line is complete. */
  FeSolution *tree;
  FeSolverShared *shared;
  /* Helper threads (fe_solver_helpers_start): `helper` is 0 in the solving
   * thread, i >= 1 in helper i of `n_searchers` searchers; a helper takes
   * the moves of nodes with at least `diverse_h` half-moves left in its
   * own rotated order, so the searchers work on different subtrees and
   * meet in the shared table.  `stop` (atomic, NULL in the solving thread)
   * ends a helper.  `tt_shared`: another thread may finish a node while
   * this one works on it, so long nodes look the table up again. */
  int helper;
  int n_searchers;
  int diverse_h;
  gint *stop;
  gboolean tt_shared;
  struct FeSolverHelpers *shared_helpers; /* a helper's own group */
  /* In a worker of fe_solver_run_items: the item under way, whose node at
   * `share_depth` shares its moves out (fe_solver_next_move), and the
   * index of the move this worker claimed there (-1: none). */
  struct FeSolverItems *items;
  struct FeSolverItem *item;
  int share_depth;
  int claimed;
  /* The role of the lines written meanwhile: FE_ROLE_SET_PLAY while set
   * play is, FE_ROLE_VIOLATION for reflex play's " ?!?"; 0 otherwise. */
  int play_phase;
  int line_full;        /* length of a full help (half-moves) or series (moves) line */
  FeSolutionNode **line_nodes;
} FeSolver;

/* Progress: root move i of n at this depth. */
void fe_solver_note_root (FeSolver *s, int depth, int i, int n);

/* The plays (battle.c, help.c, series.c, parry.c), dispatched by
 * search-backend.c. */
void fe_solve_battle (FeSolver *s);
void fe_solve_help (FeSolver *s);
void fe_solve_series (FeSolver *s);
void fe_solve_parry (FeSolver *s);
