/* tt.c — transposition table allocation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "tt.h"

/* Zeroed memory is an empty table (key 0 marks a free entry).  On Linux the
 * table is mapped anonymously (zero pages arrive lazily, so small problems
 * touch little of it) and asks for huge pages: a probe is a random access,
 * and 2 MB pages spare most TLB misses. */
static FeTTEntry *
alloc_entries (guint64 n)
{
#ifdef __linux__
  void *p = mmap (NULL, n * sizeof (FeTTEntry), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p != MAP_FAILED)
    {
#ifdef MADV_HUGEPAGE
      madvise (p, n * sizeof (FeTTEntry), MADV_HUGEPAGE);
#endif
      return p;
    }
#endif
  return g_new0 (FeTTEntry, n);
}

static void
free_entries (FeTTEntry *e, guint64 n)
{
#ifdef __linux__
  if (munmap (e, n * sizeof (FeTTEntry)) == 0)
    return;
#endif
  g_free (e);
}

#define INITIAL_ENTRIES (1u << 16) /* 1 MB */

FeTT *
fe_tt_new (int megabytes, gboolean growable)
{
  if (megabytes <= 0)
    megabytes = 64;
  guint64 bytes = (guint64) megabytes << 20;
  guint64 n = 1;
  while (n * 2 * sizeof (FeTTEntry) <= bytes)
    n *= 2;
  FeTT *tt = g_new0 (FeTT, 1);
  tt->max_entries = n;
  tt->growable = growable;
  guint64 first = growable ? MIN (n, INITIAL_ENTRIES) : n;
  tt->entries = alloc_entries (first);
  tt->mask = first - 1;
  return tt;
}

void
fe_tt_grow (FeTT *tt)
{
  guint64 n = MIN ((tt->mask + 1) * 4, tt->max_entries);
  FeTTEntry *old = tt->entries;
  guint64 old_n = tt->mask + 1;
  tt->entries = alloc_entries (n);
  tt->mask = n - 1;
  tt->stores = 0;
  /* Keep what is known: every entry moves to its slot in the larger table. */
  for (guint64 i = 0; i < old_n; i++)
    if (old[i].check)
      {
        uint64_t key = old[i].check ^ old[i].data;
        tt->entries[key & tt->mask] = old[i];
        tt->stores++;
      }
  free_entries (old, old_n);
}

void
fe_tt_clear (FeTT *tt)
{
  /* Back to the small table: the next problem may be tiny.  A shared table
   * cannot count its stores; it is always remade. */
  if (tt->growable && !tt->stores)
    return;
  free_entries (tt->entries, tt->mask + 1);
  guint64 first = tt->growable ? MIN (tt->max_entries, INITIAL_ENTRIES) : tt->max_entries;
  tt->entries = alloc_entries (first);
  tt->mask = first - 1;
  tt->stores = 0;
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  free_entries (tt->entries, tt->mask + 1);
  g_free (tt);
}
