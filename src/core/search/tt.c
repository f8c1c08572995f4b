/* tt.c — transposition table allocation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include <unistd.h>

#include "core/backend/backend.h"
#include "tt.h"

__thread guint32 fe_tt_thread_stores;

/* Zeroed memory is an empty table (key 0 marks a free entry).  On Linux the
 * whole allowed size is mapped at once, anonymously and without reserving
 * swap: zero pages arrive lazily, so a small problem touches little of it,
 * and the table grows without moving.  It asks for huge pages: a probe is
 * a random access, and 2 MB pages spare most TLB misses.  NULL when the
 * memory is refused. */
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

/* The first n entries back to zero; on Linux their pages are given back. */
static void
zero_entries (FeTTEntry *e, guint64 n)
{
#ifdef __linux__
  if (madvise (e, n * sizeof (FeTTEntry), MADV_DONTNEED) == 0)
    return;
#endif
  memset (e, 0, n * sizeof (FeTTEntry));
}

#define INITIAL_ENTRIES (1u << 16) /* 1 MB */

FeTT *
fe_tt_new (int megabytes)
{
  FeTT *tt = g_new0 (FeTT, 1);
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
  /* Smaller if the memory is refused; no memory at all: no table (every
   * probe misses). */
  while (!(tt->entries = alloc_entries (n)) && n > 1)
    n /= 2;
  tt->max_entries = tt->entries ? n : 1;
  tt->mask = MIN (tt->max_entries, INITIAL_ENTRIES) - 1;
  tt->growable = TRUE;
  return tt;
}

/* Four times larger, in place: an entry at slot i moves to the same place
 * in its new bucket, (key & mask & ~(ways - 1)) | (i & (ways - 1)), which
 * is i plus a multiple of the old size, so one pass over the old part
 * does.  Other threads may probe and store meanwhile (the mask is
 * published first, so what they store lands where it belongs): they find
 * an entry where it was or where it goes, or miss it, and a miss costs a
 * search, never a wrong answer (every entry checks its key). */
static void
grow_in_place (FeTT *tt)
{
  FeTTEntry *e = tt->entries;
  guint64 old_n = tt->mask + 1;
  guint64 n = MIN (old_n * 4, tt->max_entries);
  if (!e || n <= old_n)
    return;
  guint64 mask = n - 1;
  __atomic_store_n (&tt->mask, mask, __ATOMIC_RELEASE);
  guint64 way_mask = old_n >= FE_TT_WAYS ? FE_TT_WAYS - 1 : 0;
  guint64 kept = 0;
  for (guint64 i = 0; i < old_n; i++)
    {
      uint64_t data = __atomic_load_n (&e[i].data, __ATOMIC_RELAXED);
      uint64_t check = __atomic_load_n (&e[i].check, __ATOMIC_RELAXED);
      if (!check)
        continue;
      kept++;
      guint64 to = ((check ^ data) & mask & ~way_mask) | (i & way_mask);
      if (to == i)
        continue;
      __atomic_store_n (&e[to].data, data, __ATOMIC_RELAXED);
      __atomic_store_n (&e[to].check, check, __ATOMIC_RELAXED);
      __atomic_store_n (&e[i].check, 0, __ATOMIC_RELAXED);
      __atomic_store_n (&e[i].data, 0, __ATOMIC_RELAXED);
    }
  /* Counting from the entries kept makes the next growth come on time. */
  __atomic_store_n (&tt->stores, kept, __ATOMIC_RELAXED);
}

void
fe_tt_grow (FeTT *tt)
{
  grow_in_place (tt);
}

void
fe_tt_shared_stored (FeTT *tt, guint32 n)
{
  guint64 stores = __atomic_add_fetch (&tt->stores, n, __ATOMIC_RELAXED);
  guint64 size = __atomic_load_n (&tt->mask, __ATOMIC_RELAXED) + 1;
  if (G_LIKELY (stores <= size / 2 || size >= tt->max_entries))
    return;
  /* One thread grows; the others go on storing (and count again from the
   * entries it keeps). */
  gint idle = 0;
  if (!__atomic_compare_exchange_n (&tt->growing, &idle, 1, FALSE, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    return;
  if (tt->mask + 1 == size)
    grow_in_place (tt);
  __atomic_store_n (&tt->growing, 0, __ATOMIC_RELEASE);
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
fe_tt_clear (FeTT *tt)
{
  if (!tt->entries)
    return;
  /* Back to the small table: the next problem may be tiny. */
  if (!tt->stores)
    return;
  zero_entries (tt->entries, tt->mask + 1);
  tt->mask = MIN (tt->max_entries, INITIAL_ENTRIES) - 1;
  tt->stores = 0;
}

void
fe_tt_free (FeTT *tt)
{
  if (!tt)
    return;
  if (tt->entries)
    free_entries (tt->entries, tt->max_entries);
  g_free (tt);
}
