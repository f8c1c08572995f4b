/* check.h — judging a solved problem: sound, cooked, duals, short …
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A solution tree (solution.h) compared with what the composer intended:
 * the problem's solution text when it holds move lines (Popeye's layout,
 * or close to it), else YACPDB's intended-solutions notation ("2.1.1.1":
 * the number of moves at each half-move of help and series play, at each
 * move of battle play), else the stipulation alone (one key, one
 * solution per twin and play).  `feerie-cli check` runs it on every
 * problem of a collection; the window can run the same.
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"
#include "core/solution/solution.h"

/* From the best to the worst; a problem's verdict is its worst finding. */
typedef enum {
  FE_VERDICT_SOUND = 0,   /* C+: the solution is the intended one */
  FE_VERDICT_DUALS,       /* a second continuation where one was intended */
  FE_VERDICT_SHORT,       /* a shorter solution than stipulated */
  FE_VERDICT_COOKED,      /* another key or solution */
  FE_VERDICT_NO_SOLUTION, /* none, or the intended play does not work */
  FE_VERDICT_TOO_LONG,    /* stopped by the time limit: nothing proven */
  FE_VERDICT_UNSUPPORTED, /* a condition or stipulation Féerie cannot solve */
  FE_VERDICT_ERROR,       /* the problem cannot be set up */
  FE_N_VERDICTS
} FeVerdict;

/* What the problem was compared with. */
typedef enum {
  FE_CHECK_AGAINST_STIPULATION = 0,
  FE_CHECK_AGAINST_SOLUTION,           /* the solution text's move lines */
  FE_CHECK_AGAINST_INTENDED_SOLUTIONS, /* YACPDB's "2.1.1.1" */
} FeCheckAgainst;

typedef struct {
  FeVerdict verdict; /* the worst of `findings` */
  guint findings;    /* 1 << FeVerdict for each kind found */
  FeCheckAgainst against;
  /* Sentences for people, in English (the CLI's language, like its
   * solution text): "extra key 1.Qd1-d4", "b) dual after 1.Ka1-b2 …". */
  GPtrArray *details; /* of char* */
} FeCheckReport;

void fe_check_report_init (FeCheckReport *report);
void fe_check_report_clear (FeCheckReport *report);
/* Adds a finding of `kind`, with a sentence (printf format; may be NULL). */
void fe_check_report_add (FeCheckReport *report, FeVerdict kind, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

/* Judges `tree` (a complete solve of `problem`) against the intended
 * solution, filling `report` (initialised by the caller). */
void fe_check_judge (const FeProblem *problem, FeSolution *tree, FeCheckReport *report);

/* Solves `problem` on the calling thread within `max_time` seconds (0:
 * none) and judges it.  `cancelled` as FeSolverConfig's (may be NULL).
 * `nodes` and `seconds` (may be NULL) receive the search's figures. */
void fe_check_problem (const FeProblem *problem, double max_time,
                       gboolean (*cancelled) (gpointer), gpointer user_data,
                       FeCheckReport *report, guint64 *nodes, double *seconds);

/* "sound", "duals", "short", "cooked", "no solution", "too long",
 * "unsupported", "error": stable words for --json and scripts. */
const char *fe_verdict_name (FeVerdict verdict);
/* Back from the word; -1 when it is none. */
int fe_verdict_from_name (const char *name);
const char *fe_check_against_name (FeCheckAgainst against);
int fe_check_against_from_name (const char *name);

/* Parses YACPDB's notation "2.1.1.1" into its numbers (each ≥ 1); FALSE
 * when it is not one. */
gboolean fe_intended_solutions_parse (const char *text, GArray *counts);

/* Reads back the help and series lines of `text` (fe_solve's output for
 * `problem`) and replays each from its twin's diagram through the plain
 * move generator, without a table: every move legal, the goal reached at
 * the end, the length and the series rules kept.  Appends one line per bad
 * line to `report` and returns their number (battle play is not checked);
 * -1 with `error` set when a twin cannot be set up. */
int fe_solve_verify (const FeProblem *problem, const char *text, GString *report, GError **error);
