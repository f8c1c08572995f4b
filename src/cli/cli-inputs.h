/* cli-inputs.h — input files of the commands that take many (diagram
 * --collection, convert --to).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The problems of one file, read by its extension: .xml Féerie XML, .fen
 * one FEN line, anything else Popeye input.  GPtrArray of FeProblem*. */
GPtrArray *fe_cli_read_problems (const char *path, GError **error);

/* The files named, with each directory replaced by the problem files
 * (.inp, .xml, .fen) found under it, recursively, sorted by path.
 * GPtrArray of char*; NULL with an error when a name does not exist. */
GPtrArray *fe_cli_expand_inputs (char **names, int n, GError **error);
