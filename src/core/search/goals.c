/* goals.c — the search's goal test: the stipulation's goal through the
 * shared test (core/rules/goal.c), and a last move's test, played and
 * taken back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "search.h"

void
fe_solver_set_diagram (FeSolver *s, const FePosition *diagram)
{
  fe_goal_context_init (&s->goal_context, diagram, &s->problem->target);
}

gboolean
fe_solver_goal_reached_as (FeSolver *s, FeGoal goal, const FeMove *last, const FeUndo *undo)
{
  return fe_goal_reached (&s->pos, &s->goal_context, goal, s->stip.target, last, undo);
}

/* Called after `last` was made (its log `undo`): is the stipulation's goal
 * reached? */
gboolean
fe_solver_goal_reached (FeSolver *s, const FeMove *last, const FeUndo *undo)
{
  return fe_solver_goal_reached_as (s, s->goal, last, undo);
}

/* Plays and takes back a last move: does it reach `goal`?  For mate and
 * check goals a move that gives no check is dismissed before its legality
 * is even tested: most moves of a last ply are.  The goals of the mover's
 * own mate take a move that leaves it in check
 * (docs/rules/stipulations.md §8.4). */
gboolean
fe_solver_move_reaches (FeSolver *s, const FeMove *m, FeGoal goal)
{
  FePosition *pos = &s->pos;
  int mover = pos->side;
  FeUndo undo;
  gboolean reached = FALSE;
  gboolean needs_check = goal == FE_GOAL_MATE || goal == FE_GOAL_CHECK;
  gboolean self_check = fe_goal_allows_self_check (goal);
  if ((needs_check && s->orthodox && fe_orthodox_gives_check (pos, m) == 0) || fe_move_refused (pos, m))
    return FALSE;
  if (fe_make (pos, m, &undo))
    {
      if ((!needs_check || fe_in_check (pos, pos->side)) && (self_check || !fe_in_check (pos, mover)))
        reached = fe_solver_goal_reached_as (s, goal, m, &undo);
    }
  fe_unmake (pos, m, &undo);
  return reached;
}

gboolean
fe_solver_final_move_reaches_goal (FeSolver *s, const FeMove *m)
{
  return fe_solver_move_reaches (s, m, s->goal);
}
