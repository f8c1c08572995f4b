/* backend.h — solving a problem (fe_solve) and the interface every
 * backend offers it (FeBackend): what the caller configures, what a
 * backend refuses, what it reports.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A solve runs in the caller's thread (and the backend's own workers); the
 * GUI runs it in a GTask and stops it through the cancel callback (plain
 * C, so core stays GTK-free).
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"
#include "core/solution/solution.h"

/* Where the search is, for a progress line.  Reported at most ten times a
 * second, from whichever solver thread notices it is time. */
typedef struct {
  int twin;         /* 0 = a) */
  int n_twins;      /* 1 without twins */
  int depth;        /* moves (battle, series) or half-moves (help) of the length searched */
  int root_index;   /* the first move being searched, from 0 */
  int root_count;   /* legal and illegal first moves generated */
  guint64 nodes;    /* all threads together */
  double elapsed;   /* seconds */
} FeSolverProgress;

typedef struct {
  /* Asked now and then; returning TRUE stops the search. */
  gboolean (*cancelled) (gpointer user_data);
  /* Told the number of nodes searched so far, now and then. */
  void (*progress) (guint64 nodes, gpointer user_data);
  /* The text (what `out` receives) as soon as it is known: one or more
   * whole lines at a time, from the thread that delivers nodes. */
  void (*line) (const char *text, gpointer user_data);
  /* Each solution node as it is added to `tree`, in tree order, from one
   * thread at a time (not necessarily the caller's).  Without `tree` the
   * nodes are fe_solve's own, valid during the call only. */
  void (*node) (const FeSolutionNode *node, gpointer user_data);
  /* Where the search is (see FeSolverProgress); any solver thread. */
  void (*phase) (const FeSolverProgress *progress, gpointer user_data);
  /* What the composer should know that is not part of the solution (the
   * goal-directed help search switched off, and why): one sentence at a
   * time, from the solving thread. */
  void (*notice) (const char *text, gpointer user_data);
  /* When set, the solver fills this tree (the text is written from it). */
  FeSolution *tree;
  gpointer user_data;
  int hash_mb;      /* transposition table bound in MB; 0 = default (64 MB), < 0 = no table */
  int threads;      /* worker threads; 0 or 1 = the calling thread alone */
  double max_time;  /* seconds, 0 = none */
  /* Attach the rules to the position even when they are orthodox chess's,
   * which takes no orthodox fast path (legality by pins, check by
   * geometry, the orthodox search aids): the plain rules path that the
   * differential test (tests/solver/test-differential.c) compares the
   * fast paths with.  Slower; the output must be the same. */
  gboolean plain_rules;
  /* Help and series mates without the goal-directed pruning (mating-net.h):
   * every move searched.  For the differential tests; same solutions. */
  gboolean plain_help;
} FeSolverConfig;

typedef struct {
  guint64 nodes;
  double seconds;
  gboolean interrupted; /* cancelled or out of time: the output is partial */
  int solutions;
  /* The transposition table at the end (bench): entries in use (counted
   * on store, so an upper bound after overwrites) and its size. */
  guint64 table_used;
  guint64 table_entries;
} FeSolverStats;

/* Why fe_solve refuses a problem before it solves anything. */
typedef enum {
  FE_REFUSAL_NONE = 0,
  FE_REFUSAL_CONDITIONS,       /* conditions read that Féerie cannot solve (Circe…) */
  FE_REFUSAL_STIPULATION,      /* a stipulation kept as written (a=>b…) */
  FE_REFUSAL_CONDITION_VALUES, /* the diagram's conditions break their rules */
  FE_REFUSAL_PIECES,           /* pieces no backend plays yet (a neutral king) */
} FeRefusalReason;

typedef struct {
  FeRefusalReason reason;
  /* What is refused, for a caller's own sentence: the conditions' names
   * ("Circe, Andernach"), the stipulation as written; NULL for values. */
  char *subject;
  GError *error; /* the solver's sentence (FE_PROBLEM_ERROR) */
} FeRefusal;

/* Fills `refusal` (cleared with fe_refusal_clear) and returns TRUE when
 * fe_solve refuses `problem` outright: the one place the solver and the
 * window learn it. */
gboolean fe_solve_refusal (const FeProblem *problem, FeRefusal *refusal);
void fe_refusal_clear (FeRefusal *refusal);

/* Solves every twin and appends the solution part of Popeye's output (twin
 * headers, solution lines; no board) to `out` (may be NULL), written from
 * the solution tree as it grows.  Refuses what fe_solve_refusal refuses
 * (with its error). */
gboolean fe_solve (const FeProblem *problem, const FeSolverConfig *config, GString *out,
                   FeSolverStats *stats, GError **error);

/* The largest transposition table this machine can hold, in MB (its
 * physical memory, or its cgroup's limit when lower). */
int fe_solver_max_hash_mb (void);

/* The number of leaves of the legal move tree of `diagram` `depth`
 * half-moves deep (perft), under the diagram's own rules without a
 * condition: fairy walks to promote into, imitators putting the Imitator
 * in force.  The move generator's benchmark and check. */
guint64 fe_perft_diagram (const FePosition *diagram, int depth);

typedef struct FeBackend FeBackend;

/* The backend that solves `problem`, or NULL with `refusal` filled (the
 * last backend's reason when none accepts): the one check of what can be
 * solved, before any solve.  Stateless: the answer holds as long as the
 * problem does not change. */
const FeBackend *fe_solve_choose (const FeProblem *problem, FeRefusal *refusal);
/* fe_solve with the backend fe_solve_choose gave for this problem, for a
 * caller that has checked it already (the window checks once per edit). */
gboolean fe_solve_with (const FeBackend *backend, const FeProblem *problem,
                        const FeSolverConfig *config, GString *out, FeSolverStats *stats,
                        GError **error);

/* A solver backend.  `refuses` fills `refusal` and returns TRUE when the
 * backend cannot solve the problem (its stipulation, its conditions);
 * `solve` then solves every twin into `tree`, adding its figures to
 * `stats`, and returns FALSE with `error` set when a twin cannot be set
 * up (an illegal position).  It sets stats->interrupted when cancelled or
 * out of time. */
struct FeBackend {
  const char *name;
  gboolean (*refuses) (const FeProblem *problem, FeRefusal *refusal);
  gboolean (*solve) (const FeProblem *problem, const FeSolverConfig *config, FeSolution *tree,
                     FeSolverStats *stats, GError **error);
};

/* The backends, in the order they are asked (core/backend/solve.c).  A
 * backend that refuses without a reason (FE_REFUSAL_NONE) only says the
 * problem is none of its business: the reason told is an earlier one's. */
extern const FeBackend fe_search_backend;
/* Structured stipulations without a plain synonym (core/structured). */
extern const FeBackend fe_structured_backend;
