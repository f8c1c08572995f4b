/* tt.c — transposition table allocation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE /* mremap */
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "tt.h"

/* Zeroed memory is an empty table (key 0 marks a free entry).  On Linux the
 * table is mapped anonymously (zero pages arrive lazily, so small problems
 * touch little of it) and asks for huge pages: a probe is a random access,
 * and 2 MB pages spare most TLB misses.  NULL when the memory is refused. */
static FeTTEntry *
alloc_entries (guint64 n)
{
#ifdef __linux__
  void *p = mmap (NULL, n * sizeof (FeTTEntry), PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (p, n * sizeof (FeTTEntry), MADV_HUGEPAGE);
#endif
  return p;
#else
  return g_try_new0 (FeTTEntry, n);
#endif
}

static void
free_entries (FeTTEntry *e, guint64 n)
{
#ifdef __linux__
  munmap (e, n * sizeof (FeTTEntry));
#else
  (void) n;
  g_free (e);
#endif
}

/* The old entries stay where they are and the new part arrives zeroed, so
 * the table never needs old and new copies at once (--hash is a bound on
 * the memory, not on one of two tables).  NULL when refused; the old table
 * is then untouched. */
static FeTTEntry *
extend_entries (FeTTEntry *e, guint64 old_n, guint64 n)
{
#ifdef __linux__
  void *p = mremap (e, old_n * sizeof (FeTTEntry), n * sizeof (FeTTEntry), MREMAP_MAYMOVE);
  if (p == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (p, n * sizeof (FeTTEntry), MADV_HUGEPAGE);
#endif
  return p;
#else
  FeTTEntry *p = g_try_renew (FeTTEntry, e, n);
  if (p)
    memset (p + old_n, 0, (n - old_n) * sizeof (FeTTEntry));
  return p;
#endif
}

#define INITIAL_ENTRIES (1u << 16) /* 1 MB */

/* A first table of at most n entries, smaller if the memory is refused. */
static void
alloc_first (FeTT *tt, guint64 n)
{
  while (!(tt->entries = alloc_entries (n)) && n > 1)
    n /= 2;
  if (!tt->entries)
    n = 1; /* no memory at all: no table (every probe misses) */
  tt->mask = n - 1;
  tt->stores = 0;
  if (n < tt->max_entries && !tt->growable)
    tt->max_entries = n;
}

FeTT *
fe_tt_new (int megabytes, gboolean growable)
{
  FeTT *tt = g_new0 (FeTT, 1);
  if (megabytes < 0)
    return tt; /* no table */
  if (megabytes == 0)
    megabytes = 64;
  guint64 bytes = (guint64) megabytes << 20;
  guint64 n = 1;
  while (n * 2 * sizeof (FeTTEntry) <= bytes)
    n *= 2;
  tt->max_entries = n;
  tt->growable = growable;
  alloc_first (tt, growable ? MIN (n, INITIAL_ENTRIES) : n);
  return tt;
}

void
fe_tt_grow (FeTT *tt)
{
  guint64 old_n = tt->mask + 1;
  guint64 n = MIN (old_n * 4, tt->max_entries);
  FeTTEntry *e = extend_entries (tt->entries, old_n, n);
  if (!e)
    {
      tt->max_entries = old_n; /* no more memory: stay this size */
      return;
    }
  tt->entries = e;
  tt->mask = n - 1;
  /* An entry at slot i moves to key & mask, which is i plus a multiple of
   * old_n: only slot i sends entries there, so one pass in place does. */
  for (guint64 i = 0; i < old_n; i++)
    if (e[i].check)
      {
        uint64_t key = e[i].check ^ e[i].data;
        guint64 to = key & tt->mask;
        if (to != i)
          {
            e[to] = e[i];
            e[i] = (FeTTEntry) { 0, 0 };
          }
      }
  /* Counting from the entries kept makes the next growth come on time. */
  tt->stores = 0;
  for (guint64 i = 0; i < n; i++)
    tt->stores += e[i].check != 0;
}

void
fe_tt_clear (FeTT *tt)
{
  if (!tt->entries)
    return;
  /* Back to the small table: the next problem may be tiny.  A shared table
   * cannot count its stores; it is always remade. */
  if (tt->growable && !tt->stores)
    return;
  free_entries (tt->entries, tt->mask + 1);
  alloc_first (tt, tt->growable ? MIN (tt->max_entries, INITIAL_ENTRIES) : tt->max_entries);
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  if (tt->entries)
    free_entries (tt->entries, tt->mask + 1);
  g_free (tt);
}
