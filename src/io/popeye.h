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

/* Popeye input in the table of formats (problem-file.h). */
extern const FeFileFormat fe_popeye_format;
