/* cli-inputs.h — input files of the commands that take many (diagram
 * --collection, convert --to); each file is read with
 * fe_problem_file_read (io/problem-file.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <signal.h>
#include <glib.h>

/* The files named, with each directory replaced by the problem files
 * (.inp, .xml, .olv, .fen …) found under it, recursively, sorted by path.
 * GPtrArray of char*; NULL with an error when a name does not exist. */
GPtrArray *fe_cli_expand_inputs (char **names, int n, GError **error);

/* The problems of one file (fe_problem_file_read), or NULL after printing
 * the error, located, on stderr (the caller exits with status 2). */
GPtrArray *fe_cli_read_problems (const char *path);

/* Ctrl+C: the handler only sets fe_cli_interrupted; the solver's cancel
 * callback (fe_cli_cancelled) reads it, so a search stops cleanly and what
 * it found is printed.  A second Ctrl+C kills at once (SA_RESETHAND). */
extern volatile sig_atomic_t fe_cli_interrupted;
void fe_cli_catch_sigint (void);
gboolean fe_cli_cancelled (gpointer data);
