/* solver.h — solving a problem and writing its solution as Popeye does.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search runs in the caller's thread; the GUI runs it in a GTask and
 * stops it through the cancel callback (plain C, so core stays GTK-free).
 */
#pragma once

#include <glib.h>

#include "core/problem.h"
#include "solution.h"

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
  /* Each finished output line, as soon as it is known (GUI streaming). */
  void (*line) (const char *text, gpointer user_data);
  /* Each solution node as it is added to `tree`, in tree order, from one
   * thread at a time (not necessarily the caller's). */
  void (*node) (const FeSolutionNode *node, gpointer user_data);
  /* Where the search is (see FeSolverProgress); any solver thread. */
  void (*phase) (const FeSolverProgress *progress, gpointer user_data);
  /* When set, the solver fills this tree alongside the text. */
  FeSolution *tree;
  gpointer user_data;
  int hash_mb;      /* transposition table size; 0 = default (64 MB) */
  int threads;      /* accepted for the CLI; the search uses one */
  double max_time;  /* seconds, 0 = none */
} FeSolverConfig;

typedef struct {
  guint64 nodes;
  double seconds;
  gboolean interrupted; /* cancelled or out of time: the output is partial */
  int solutions;
} FeSolverStats;

/* Solves every twin and appends the solution part of Popeye's output (twin
 * headers, solution lines; no board) to `out`.  Refuses problems with
 * unsupported conditions (FE_PROBLEM_ERROR_UNSUPPORTED). */
gboolean fe_solve (const FeProblem *problem, const FeSolverConfig *config, GString *out,
                   FeSolverStats *stats, GError **error);

/* The diagram, stipulation and condition lines, as Popeye prints them. */
void fe_write_board (const FeProblem *problem, GString *out);
