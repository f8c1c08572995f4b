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
  FeTTEntry *entries; /* NULL: no table, every probe misses */
  guint64 mask;
  guint64 max_entries; /* the size the user allows */
  guint64 stores;      /* entries in use (counted, never scanned) */
  /* One thread stores: the store that fills half the table grows it.
   * FALSE while workers share it (fe_solver_run_items): they count their
   * new entries atomically, and one of them grows the table between two
   * work items, holding `lock` for writing while the others wait. */
  gboolean growable;
  GRWLock lock;
} FeTT;

/* A table starts small (small problems touch little memory) and grows in
 * place, four times larger, when half full, so it never holds more than
 * `megabytes`.  megabytes < 0: no table at all; 0: the default, 64 MB. */
FeTT *fe_tt_new (int megabytes);
/* Called by a worker between work items: grows the shared table when half
 * full.  fe_tt_work_begin / end bracket a work item. */
void fe_tt_shared_maybe_grow (FeTT *tt);
static inline void fe_tt_work_begin (FeTT *tt) { g_rw_lock_reader_lock (&tt->lock); }
static inline void fe_tt_work_end (FeTT *tt) { g_rw_lock_reader_unlock (&tt->lock); }
void fe_tt_free (FeTT *tt);
void fe_tt_clear (FeTT *tt);
void fe_tt_grow (FeTT *tt);

#define FE_TT_NONE 0xFFFFFFFFu
#define FE_TT_WIN(d) ((uint32_t) (d))
#define FE_TT_FAIL(d) ((uint32_t) ((d) >> 32))
#define FE_TT_DATA(win, fail) ((uint64_t) (uint32_t) (win) | ((uint64_t) (uint32_t) (fail) << 32))

/* 1 known success, 0 known failure, -1 unknown. */
static inline int
fe_tt_probe (const FeTT *tt, uint64_t key, int depth)
{
  if (G_UNLIKELY (!tt->entries))
    return -1;
  const FeTTEntry *e = &tt->entries[key & tt->mask];
  uint64_t data = __atomic_load_n (&e->data, __ATOMIC_RELAXED);
  uint64_t check = __atomic_load_n (&e->check, __ATOMIC_RELAXED);
  if ((check ^ data) != key || key == 0)
    return -1;
  if ((uint32_t) depth >= FE_TT_WIN (data))
    return 1;
  if ((uint32_t) depth <= FE_TT_FAIL (data))
    return 0;
  return -1;
}

static inline void
fe_tt_store (FeTT *tt, uint64_t key, int depth, gboolean success)
{
  if (G_UNLIKELY (!tt->entries) || key == 0)
    return;
  FeTTEntry *e = &tt->entries[key & tt->mask];
  uint64_t data = __atomic_load_n (&e->data, __ATOMIC_RELAXED);
  uint64_t check = __atomic_load_n (&e->check, __ATOMIC_RELAXED);
  if ((check ^ data) != key || check == 0)
    {
      if (!tt->growable)
        __atomic_add_fetch (&tt->stores, 1, __ATOMIC_RELAXED);
      else if (G_UNLIKELY (++tt->stores > (tt->mask + 1) / 2 && tt->mask + 1 < tt->max_entries))
        {
          fe_tt_grow (tt);
          e = &tt->entries[key & tt->mask];
        }
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
}
