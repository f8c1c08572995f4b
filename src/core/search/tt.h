/* tt.h — the transposition table: what is known about a position at a depth.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lock-free for parallel searches: an entry stores key ^ data beside the
 * data, and a probe accepts it only when the two agree, so entries torn by
 * two threads writing at once read as misses (Hyatt's lockless hashing).
 *
 * What a depth means is the caller's business: battle play stores
 * monotonic results ("wins within d" / "fails within d") under one key per
 * position; help and series play mix the exact number of moves left into
 * the key, so an entry only ever answers for that one depth.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef struct {
  uint64_t check; /* key ^ data */
  /* Low 32 bits: smallest depth known to succeed (FE_TT_NONE = unknown);
   * high 32 bits: largest depth known to fail (0 = unknown). */
  uint64_t data;
} FeTTEntry;

typedef struct {
  /* NULL: no table, every probe misses.  The memory of the largest size
   * allowed is reserved at once and never moves; only the first mask + 1
   * entries are in use (and touched), so the table grows in place while
   * other threads read and write it. */
  FeTTEntry *entries;
  guint64 mask;        /* atomic: read once by each probe and store */
  guint64 max_entries; /* the size the user allows (and got) */
  guint64 stores;      /* entries in use (counted, never scanned) */
  /* One thread stores: the store that fills half the table grows it.
   * FALSE while threads share it (fe_solver_run_items, helpers): they
   * count their new entries by 256, and the thread whose count fills half
   * the table grows it (`growing` elects one) while the others go on. */
  gboolean growable;
  gint growing;
} FeTT;

/* A table starts small (small problems touch little memory) and grows in
 * place, four times larger, when half full, so it never holds more than
 * `megabytes`.  megabytes < 0: no table at all; 0: the default, 64 MB. */
FeTT *fe_tt_new (int megabytes);
void fe_tt_free (FeTT *tt);
void fe_tt_clear (FeTT *tt);
void fe_tt_grow (FeTT *tt);
/* A shared table's new entries, counted by a thread: grows it when half
 * full (never waits for the other threads). */
void fe_tt_shared_stored (FeTT *tt, guint32 n);
/* Bracket the time several threads store into the table: it does not grow
 * by one store, and the threads count their new entries by 256 (so
 * `stores` is an estimate afterwards, never 0 once used: fe_tt_clear
 * relies on it). */
void fe_tt_share_begin (FeTT *tt);
void fe_tt_share_end (FeTT *tt);

/* New entries this thread stored in a shared table and has not yet added
 * to its `stores` (fewer than 256: the count is an estimate). */
extern __thread guint32 fe_tt_thread_stores;

#define FE_TT_NONE 0xFFFFFFFFu
#define FE_TT_WIN(d) ((uint32_t) (d))
#define FE_TT_FAIL(d) ((uint32_t) ((d) >> 32))
#define FE_TT_DATA(win, fail) ((uint64_t) (uint32_t) (win) | ((uint64_t) (uint32_t) (fail) << 32))

/* Entries come in buckets of FE_TT_WAYS neighbours (one cache line): a
 * key may sit in any entry of its bucket, and a new key takes a free entry
 * or else the one holding the shallowest result, so the deep proofs, the
 * costly ones, survive the flood of shallow ones. */
#define FE_TT_WAYS 4

static inline const FeTTEntry *
fe_tt_bucket (const FeTT *tt, uint64_t key, int *ways)
{
  guint64 mask = __atomic_load_n (&tt->mask, __ATOMIC_RELAXED);
  *ways = mask >= FE_TT_WAYS - 1 ? FE_TT_WAYS : 1;
  return &tt->entries[key & mask & ~(guint64) (*ways - 1)];
}

/* How much an entry's knowledge is worth keeping: the depth it holds for. */
static inline uint32_t
fe_tt_worth (uint64_t data)
{
  uint32_t win = FE_TT_WIN (data), fail = FE_TT_FAIL (data);
  return MAX (fail, win == FE_TT_NONE ? 0 : win);
}

/* Starts fetching a key's bucket, to be probed a little later. */
static inline void
fe_tt_prefetch (const FeTT *tt, uint64_t key)
{
  if (G_LIKELY (tt->entries != NULL))
    {
      int ways;
      __builtin_prefetch (fe_tt_bucket (tt, key, &ways));
    }
}

/* 1 known success, 0 known failure, -1 unknown. */
static inline int
fe_tt_probe (const FeTT *tt, uint64_t key, int depth)
{
  if (G_UNLIKELY (!tt->entries) || key == 0)
    return -1;
  int ways;
  const FeTTEntry *b = fe_tt_bucket (tt, key, &ways);
  for (int i = 0; i < ways; i++)
    {
      uint64_t data = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      uint64_t check = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);
      if ((check ^ data) != key)
        continue;
      if ((uint32_t) depth >= FE_TT_WIN (data))
        return 1;
      if ((uint32_t) depth <= FE_TT_FAIL (data))
        return 0;
      return -1;
    }
  return -1;
}

static inline void
fe_tt_store (FeTT *tt, uint64_t key, int depth, gboolean success)
{
  if (G_UNLIKELY (!tt->entries) || key == 0)
    return;
  int ways;
  FeTTEntry *b = (FeTTEntry *) fe_tt_bucket (tt, key, &ways);
  FeTTEntry *e = NULL, *free_e = NULL, *shallow = NULL;
  uint32_t shallow_worth = G_MAXUINT32;
  uint64_t data = 0;
  for (int i = 0; i < ways; i++)
    {
      uint64_t d = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      uint64_t check = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);
      if (check == 0)
        {
          if (!free_e)
            free_e = &b[i];
          continue;
        }
      if ((check ^ d) == key)
        {
          e = &b[i];
          data = d;
          break;
        }
      uint32_t w = fe_tt_worth (d);
      if (w < shallow_worth)
        {
          shallow_worth = w;
          shallow = &b[i];
        }
    }
  if (!e)
    {
      if (free_e)
        {
          e = free_e;
          if (!tt->growable)
            {
              /* Shared: counted by 256 per thread, not one atomic add per
               * store (the counter's cache line went back and forth
               * between the cores at every node). */
              ++fe_tt_thread_stores;
            }
          else if (G_UNLIKELY (++tt->stores > (tt->mask + 1) / 2 && tt->mask + 1 < tt->max_entries))
            {
              fe_tt_grow (tt);
              /* The bucket moved: store into the grown table. */
              fe_tt_store (tt, key, depth, success);
              return;
            }
        }
      else
        e = shallow;
      data = FE_TT_DATA (FE_TT_NONE, 0);
    }
  uint32_t win = FE_TT_WIN (data), fail = FE_TT_FAIL (data);
  if (success && (uint32_t) depth < win)
    win = depth;
  else if (!success && (uint32_t) depth > fail)
    fail = depth;
  data = FE_TT_DATA (win, fail);
  __atomic_store_n (&e->data, data, __ATOMIC_RELAXED);
  __atomic_store_n (&e->check, key ^ data, __ATOMIC_RELAXED);
  if (G_UNLIKELY (fe_tt_thread_stores >= 256))
    {
      guint32 n = fe_tt_thread_stores;
      fe_tt_thread_stores = 0;
      fe_tt_shared_stored (tt, n);
    }
}
