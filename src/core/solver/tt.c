/* tt.c — transposition table allocation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "tt.h"

FeTT *
fe_tt_new (int megabytes)
{
  if (megabytes <= 0)
    megabytes = 64;
  guint64 bytes = (guint64) megabytes << 20;
  guint64 n = 1;
  while (n * 2 * sizeof (FeTTEntry) <= bytes)
    n *= 2;
  FeTT *tt = g_new0 (FeTT, 1);
  /* Zeroed memory is an empty table (key 0 marks a free entry), and a large
   * calloc is mapped lazily: small problems never touch most of it. */
  tt->entries = g_new0 (FeTTEntry, n);
  tt->mask = n - 1;
  return tt;
}

void
fe_tt_clear (FeTT *tt)
{
  if (!tt->used)
    return;
  g_free (tt->entries);
  tt->entries = g_new0 (FeTTEntry, tt->mask + 1);
  tt->used = FALSE;
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  g_free (tt->entries);
  g_free (tt);
}
