/* tt.h — the transposition table: what is known about a position at a depth.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef struct {
  uint64_t key;
  /* Smallest depth known to succeed (255 = unknown) and largest depth known
   * to fail (0 = unknown): results are monotonic in the depth. */
  uint8_t win_min;
  uint8_t fail_max;
} FeTTEntry;

typedef struct {
  FeTTEntry *entries;
  guint64 mask;
  guint64 max_entries; /* the size the user allows */
  guint64 stores;      /* new entries since the table was (re)made */
} FeTT;

FeTT *fe_tt_new (int megabytes);
void fe_tt_free (FeTT *tt);
void fe_tt_clear (FeTT *tt);
/* The table starts small (small problems touch little memory) and is remade
 * four times larger, entries moved over, when half full. */
void fe_tt_grow (FeTT *tt);

/* 1 known success, 0 known failure, -1 unknown. */
static inline int
fe_tt_probe (const FeTT *tt, uint64_t key, int depth)
{
  const FeTTEntry *e = &tt->entries[key & tt->mask];
  if (e->key != key || key == 0)
    return -1;
  if (depth >= e->win_min)
    return 1;
  if (depth <= e->fail_max)
    return 0;
  return -1;
}

static inline void
fe_tt_store (FeTT *tt, uint64_t key, int depth, gboolean success)
{
  FeTTEntry *e = &tt->entries[key & tt->mask];
  if (e->key != key)
    {
      if (G_UNLIKELY (++tt->stores > (tt->mask + 1) / 2 && tt->mask + 1 < tt->max_entries))
        {
          fe_tt_grow (tt);
          e = &tt->entries[key & tt->mask];
        }
      e->key = key;
      e->win_min = 255;
      e->fail_max = 0;
    }
  if (success && depth < e->win_min)
    e->win_min = depth;
  else if (!success && depth > e->fail_max)
    e->fail_max = depth;
}
