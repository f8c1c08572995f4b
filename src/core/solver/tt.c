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
  tt->entries = g_new0 (FeTTEntry, n);
  tt->mask = n - 1;
  fe_tt_clear (tt);
  return tt;
}

void
fe_tt_clear (FeTT *tt)
{
  for (guint64 i = 0; i <= tt->mask; i++)
    {
      tt->entries[i].key = 0;
      tt->entries[i].win_min = 255;
      tt->entries[i].fail_max = 0;
    }
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  g_free (tt->entries);
  g_free (tt);
}
