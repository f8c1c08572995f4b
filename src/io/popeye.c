/* popeye.c — Popeye input (placeholder until the reader lands).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "popeye.h"

G_DEFINE_QUARK (fe-popeye-error-quark, fe_popeye_error)

GPtrArray *
fe_popeye_read (const char *text, gsize length, const char *filename, GError **error)
{
  g_set_error (error, FE_POPEYE_ERROR, 0, "%s:1:1: Popeye input is not supported yet", filename);
  return NULL;
}

GPtrArray *
fe_popeye_read_file (const char *path, GError **error)
{
  char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  GPtrArray *r = fe_popeye_read (text, len, path, error);
  g_free (text);
  return r;
}

char *
fe_popeye_write (const FeProblem *problem, GPtrArray *warnings)
{
  return g_strdup ("begin\nend\n");
}
