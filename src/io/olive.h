/* olive.h — Olive's .olv collections and YACPDB's YAML entries, read and
 * written with libyaml.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "problem-file.h"

/* Every entry of a YAML stream (documents separated by "---", or one
 * document holding a list of entries); NULL with an FE_FILE_ERROR located
 * as "NAME:LINE:COL: …". */
GPtrArray *fe_olive_read (const char *text, gsize length, const char *name, GError **error);
/* One YAML document per problem, with Olive's keys; what the entries
 * cannot hold goes to `losses` (may be NULL). */
char *fe_olive_write (GPtrArray *problems, GPtrArray *losses);

extern const FeFileFormat fe_olive_format;
