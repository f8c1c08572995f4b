/* movelist.h — lists of moves that grow past their inline room.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/model/fe-types.h"

/* Move lists: generation fills any FeMoveList and grows it on the heap when
 * a position has more than FE_MAX_MOVES moves.  Declare lists with
 * FE_MOVE_LIST (name), which frees that memory when the list goes out of
 * scope; a list declared plainly works too but keeps its heap part. */
#define FE_MOVE_LIST_MAGIC ((uintptr_t) 0x6d6f76656c697374ull)
static inline void
fe_move_list_init (FeMoveList *l)
{
  l->moves = l->buf;
  l->count = 0;
  l->capacity = FE_MAX_MOVES;
  l->self = l;
  l->check = (uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC;
}
static inline bool
fe_move_list_valid (const FeMoveList *l)
{
  return l->self == l
         && l->check == ((uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC);
}
/* Empties the list, keeping its memory. */
static inline void
fe_move_list_reset (FeMoveList *l)
{
  if (!fe_move_list_valid (l))
    fe_move_list_init (l);
  l->count = 0;
}
/* Room for one more move (doubles the capacity). */
void fe_move_list_grow (FeMoveList *l);
static inline void
fe_move_list_push (FeMoveList *l, const FeMove *m)
{
  if (l->count >= l->capacity)
    fe_move_list_grow (l);
  l->moves[l->count++] = *m;
}
void fe_move_list_release (FeMoveList *l);
#define FE_MOVE_LIST(name)                                                    \
  FeMoveList name __attribute__ ((cleanup (fe_move_list_release)));          \
  fe_move_list_init (&name)

static inline bool
fe_move_equal (const FeMove *a, const FeMove *b)
{
  return a->from == b->from && a->to == b->to && a->capture == b->capture
         && a->flags == b->flags && a->promotion == b->promotion && a->choice == b->choice
         && a->aux == b->aux && a->xflags == b->xflags;
}
