/* solver.h — solving a problem and writing its solution as Popeye does.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search runs in the caller's thread; the GUI runs it in a GTask and
 * stops it through the cancel callback (plain C, so core stays GTK-free).
 */
#pragma once

#include <glib.h>

#include "core/problem.h"

typedef struct {
  /* Asked now and then; returning TRUE stops the search. */
  gboolean (*cancelled) (gpointer user_data);
  /* Told the number of nodes searched so far, now and then. */
  void (*progress) (guint64 nodes, gpointer user_data);
  /* Each finished output line, as soon as it is known (GUI streaming). */
  void (*line) (const char *text, gpointer user_data);
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
