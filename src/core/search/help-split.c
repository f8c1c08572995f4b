/* help-split.c — a parallel search of help or series play: the first two
 * plies as work items for the worker threads.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "help-private.h"

/* Ply `ply` of an item was made (`m`, its log `undo`, by `me`): does the
 * search go on through it, as help() and series() would?
 * Series play: before the other side's pass. */
static gboolean
split_ply_ok (FeSolver *s, const Split *sp, int ply, const FeMove *m, const FeUndo *undo, int me)
{
  if (sp->series)
    return fe_series_goes_on (s, sp->kind, m, undo, me);
  int h = sp->h - ply; /* half-moves left when it was played */
  if (sp->end == FE_END_GOAL)
    return !((h & 1) && fe_help_goal_ends_line (s, m, undo));
  return !fe_help_end_closed (s, sp->end, h - 1);
}

/* Series play after the other side's pass: may the series side move on?
 * ser-r: not when it can reach the goal itself. */
static gboolean
split_node_ok (FeSolver *s, const Split *sp)
{
  return !(sp->series && sp->kind == SERIES_REFLEX && fe_goal_in_one (s, s->goal));
}

/* Plays the two plies of item k (moves regenerated: generation is
 * deterministic); series play passes for the other side after each.
 * Returns FALSE when the item is not playable, with nothing made. */
gboolean
fe_split_make (FeSolver *w, const Split *sp, int k, FeUndo undo[4])
{
  const int *pair = &g_array_index (sp->items, int, 2 * k);
  int me = w->pos.side;
  /* The item's first node is at depth 2: the covers in reach above it
   * are another line's. */
  fe_help_covers_forget (w, 2);
  for (int ply = 0; ply < 2; ply++)
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&w->pos, &list);
      FeMove m = list.moves[pair[ply]];
      gboolean ok = fe_make_legal (&w->pos, &m, &undo[2 * ply]);
      if (ok && !split_ply_ok (w, sp, ply, &m, &undo[2 * ply], me))
        {
          fe_unmake (&w->pos, &m, &undo[2 * ply]);
          ok = FALSE;
        }
      if (ok && sp->series)
        fe_make_null (&w->pos, &undo[2 * ply + 1]);
      if (!ok)
        {
          if (ply == 1)
            {
              if (sp->series)
                fe_unmake_null (&w->pos, &undo[1]);
              fe_unmake (&w->pos, &w->line_moves[0], &undo[0]);
            }
          return FALSE;
        }
      w->line_moves[ply] = m;
    }
  return TRUE;
}

void
fe_split_unmake (FeSolver *w, gboolean series, FeUndo undo[4])
{
  for (int ply = 1; ply >= 0; ply--)
    {
      if (series)
        fe_unmake_null (&w->pos, &undo[2 * ply + 1]);
      fe_unmake (&w->pos, &w->line_moves[ply], &undo[2 * ply]);
    }
}

/* Lists the items from s->pos. */
static void
split_list (FeSolver *s, Split *sp)
{
  sp->items = g_array_new (FALSE, FALSE, sizeof (int));
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int me = s->pos.side;
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo, null_undo;
      if (!fe_make_legal (&s->pos, &list.moves[i], &undo))
        continue;
      if (split_ply_ok (s, sp, 0, &list.moves[i], &undo, me))
        {
          if (sp->series)
            fe_make_null (&s->pos, &null_undo);
          if (split_node_ok (s, sp))
            {
              FE_MOVE_LIST (replies);
              fe_generate_pseudo (&s->pos, &replies);
              for (int j = 0; j < replies.count; j++)
                {
                  int pair[2] = { i, j };
                  g_array_append_vals (sp->items, pair, 2);
                }
            }
          if (sp->series)
            fe_unmake_null (&s->pos, &null_undo);
        }
      fe_unmake (&s->pos, &list.moves[i], &undo);
    }
  sp->n = sp->items->len / 2;
}

/* The work items of one length (help or series), run on `threads`. */
void
fe_run_split (FeSolver *s, int threads, Split *sp, FeSolverItemFunc item)
{
  split_list (s, sp);
  fe_solver_note_root (s, sp->h, 0, sp->n);
  fe_solver_run_items (s, threads, sp->n, 2, item, sp);
  g_array_unref (sp->items);
}
