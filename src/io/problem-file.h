/* problem-file.h — reading a problem file of any format Féerie knows.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The format follows the extension: .xml is Féerie XML, .fen one FEN
 * position a line (each a problem with the default stipulation), anything
 * else Popeye input.  Errors are located "FILE:LINE:COL: message".
 * Returns an array of FeProblem* (never empty) or NULL. */
GPtrArray *fe_problem_file_read (const char *path, GError **error);
