/* tt.c — transposition table allocation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE /* mremap */
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include <unistd.h>

#include "solver.h"
#include "tt.h"

__thread guint32 fe_tt_thread_stores;

/* The memory a table may take at most: the machine's (or the container's,
 * when its cgroup says less).  Asking for more would not fail at once with
 * lazily mapped pages, but end in the out-of-memory killer. */
int
fe_solver_max_hash_mb (void)
{
  guint64 bytes = 0;
#ifdef _SC_PHYS_PAGES
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages > 0 && size > 0)
    bytes = (guint64) pages * (guint64) size;
#endif
  char *text = NULL;
  if (g_file_get_contents ("/sys/fs/cgroup/memory.max", &text, NULL, NULL))
    {
      guint64 cg = g_ascii_strtoull (text, NULL, 10);
      if (cg && (!bytes || cg < bytes))
        bytes = cg;
      g_free (text);
    }
  guint64 mb = bytes >> 20;
  if (!mb || mb > G_MAXINT)
    mb = G_MAXINT;
  return (int) mb;
}

#ifdef __linux__
/* A new or moved mapping of n entries, asking for huge pages; NULL when
 * the mapping failed. */
static FeTTEntry *
with_huge_pages (void *p, guint64 n)
{
  if (p == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (p, n * sizeof (FeTTEntry), MADV_HUGEPAGE);
#endif
  return p;
}
#endif

/* Zeroed memory is an empty table (key 0 marks a free entry).  On Linux the
 * table is mapped anonymously (zero pages arrive lazily, so small problems
 * touch little of it) and asks for huge pages: a probe is a random access,
 * and 2 MB pages spare most TLB misses.  NULL when the memory is refused. */
static FeTTEntry *
alloc_entries (guint64 n)
{
#ifdef __linux__
  return with_huge_pages (mmap (NULL, n * sizeof (FeTTEntry), PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
                          n);
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
  return with_huge_pages (mremap (e, old_n * sizeof (FeTTEntry), n * sizeof (FeTTEntry),
                                  MREMAP_MAYMOVE),
                          n);
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
}

FeTT *
fe_tt_new (int megabytes)
{
  FeTT *tt = g_new0 (FeTT, 1);
  g_rw_lock_init (&tt->lock);
  if (megabytes < 0)
    return tt; /* no table */
  if (megabytes == 0)
    megabytes = 64;
  /* The CLI refuses more; other callers are held to the machine's memory. */
  megabytes = MIN (megabytes, fe_solver_max_hash_mb ());
  guint64 bytes = (guint64) megabytes << 20;
  guint64 n = 1;
  while (n * 2 * sizeof (FeTTEntry) <= bytes)
    n *= 2;
  tt->max_entries = n;
  tt->growable = TRUE;
  alloc_first (tt, MIN (n, INITIAL_ENTRIES));
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
  /* An entry at slot i moves to the same place in its new bucket,
   * (key & mask & ~(ways - 1)) | (i & (ways - 1)), which is i plus a
   * multiple of old_n: only slot i sends entries there, so one pass in
   * place does. */
  guint64 way_mask = old_n >= FE_TT_WAYS ? FE_TT_WAYS - 1 : 0;
  for (guint64 i = 0; i < old_n; i++)
    if (e[i].check)
      {
        uint64_t key = e[i].check ^ e[i].data;
        guint64 to = (key & tt->mask & ~way_mask) | (i & way_mask);
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
fe_tt_reserve (FeTT *tt)
{
  while (tt->entries && tt->mask + 1 < tt->max_entries)
    {
      guint64 before = tt->mask;
      fe_tt_grow (tt);
      if (tt->mask == before)
        break; /* refused: stay this size */
    }
}

void
fe_tt_share_begin (FeTT *tt)
{
  tt->growable = FALSE;
}

void
fe_tt_share_end (FeTT *tt)
{
  /* The other threads' last counts are lost with them; this one's is added,
   * and 1 more, so a table that was written to is never taken for empty. */
  tt->stores += fe_tt_thread_stores + 1;
  fe_tt_thread_stores = 0;
  tt->growable = TRUE;
}

void
fe_tt_shared_maybe_grow (FeTT *tt)
{
  if (!tt->entries
      || G_LIKELY (__atomic_load_n (&tt->stores, __ATOMIC_RELAXED) <= (tt->mask + 1) / 2
                   || tt->mask + 1 >= tt->max_entries))
    return;
  g_rw_lock_writer_lock (&tt->lock);
  /* Another worker may have grown it while this one waited. */
  if (tt->stores > (tt->mask + 1) / 2 && tt->mask + 1 < tt->max_entries)
    fe_tt_grow (tt);
  g_rw_lock_writer_unlock (&tt->lock);
}

void
fe_tt_clear (FeTT *tt)
{
  if (!tt->entries)
    return;
  /* Back to the small table: the next problem may be tiny. */
  if (!tt->stores)
    return;
  free_entries (tt->entries, tt->mask + 1);
  alloc_first (tt, MIN (tt->max_entries, INITIAL_ENTRIES));
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  if (tt->entries)
    free_entries (tt->entries, tt->mask + 1);
  g_rw_lock_clear (&tt->lock);
  g_free (tt);
}
