/* movelist.c — a move list outgrowing its buffer on the stack.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "movelist.h"

void
fe_move_list_grow (FeMoveList *l)
{
  int cap = l->capacity * 2;
  if (l->moves == l->buf)
    {
      l->moves = g_new (FeMove, cap);
      memcpy (l->moves, l->buf, sizeof l->buf);
    }
  else
    l->moves = g_renew (FeMove, l->moves, cap);
  l->capacity = cap;
  l->check = (uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC;
}

void
fe_move_list_release (FeMoveList *l)
{
  if (fe_move_list_valid (l) && l->moves != l->buf)
    g_free (l->moves);
  l->self = NULL;
}
