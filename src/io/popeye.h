/* popeye.h — Popeye's input language, read and written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "problem-file.h"

/* Reads every problem of a Popeye input text (problems separated by
 * "next").  `filename` is only used in messages, which have the form
 * "FILE:LINE:COL: message".  Returns an array of FeProblem* or NULL. */
GPtrArray *fe_popeye_read (const char *text, gsize length, const char *filename, GError **error);

/* Writes one problem as Popeye input (English keywords).  Conditions Popeye
 * lacks become "remark" comments and are reported in `warnings` (may be NULL,
 * else a GPtrArray of char*). */
char *fe_popeye_write (const FeProblem *problem, GPtrArray *warnings);


/* Several problems as one input, joined by "next"; what Popeye cannot
 * hold is added to `losses` (may be NULL). */
char *fe_popeye_write_problems (GPtrArray *problems, GPtrArray *losses);

/* One twin as the writer writes it in a file, "twin [continued] COMMANDS"
 * (the words after `problem`'s pieces and conditions, which it names;
 * Féerie's extension words inline). */
char *fe_popeye_write_twin_line (const FeProblem *problem, const FeTwin *twin);

/* Reads one such line ("twin" may be left out) in the context of
 * `problem` (its conditions, those it cannot solve).  NULL with an
 * FE_FILE_ERROR located in the line (fe_file_error_get_location: line 1,
 * the column) when it does not read or brings a condition Féerie cannot
 * solve. */
FeTwin *fe_popeye_read_twin_line (const FeProblem *problem, const char *line, GError **error);

/* Popeye input in the table of formats (problem-file.h). */
extern const FeFileFormat fe_popeye_format;
