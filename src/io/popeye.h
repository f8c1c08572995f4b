/* popeye.h — Popeye's input language, read and written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/problem.h"

/* Reads every problem of a Popeye input text (problems separated by
 * "next").  `filename` is only used in messages, which have the form
 * "FILE:LINE:COL: message".  Returns an array of FeProblem* or NULL. */
GPtrArray *fe_popeye_read (const char *text, gsize length, const char *filename, GError **error);
GPtrArray *fe_popeye_read_file (const char *path, GError **error);

/* Writes one problem as Popeye input (English keywords).  Conditions Popeye
 * lacks become "remark" comments and are reported in `warnings` (may be NULL,
 * else a GPtrArray of char*). */
char *fe_popeye_write (const FeProblem *problem, GPtrArray *warnings);

#define FE_POPEYE_ERROR (fe_popeye_error_quark ())
GQuark fe_popeye_error_quark (void);
