/* ends.c — the self, reflex and reciprocal ends of help and series lines,
 * and reflex play's duties (docs/rules/stipulations.md §4, §6, §7).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ends.h"

/* Salts keep these answers apart from the searches' in the shared table;
 * each answer depends on the position alone (a depth-1 entry). */
#define SALT_GOAL_IN_ONE 0x9b05688c2b3e6c1full
#define SALT_END 0x1f83d9abfb41bd6bull

static gboolean
goal_in_one_search (FeSolver *s, FeGoal goal)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    if (fe_solver_move_reaches (s, &list.moves[i], goal))
      return TRUE;
  return FALSE;
}

gboolean
fe_goal_in_one (FeSolver *s, FeGoal goal)
{
  uint64_t key = s->pos.hash ^ SALT_GOAL_IN_ONE ^ ((uint64_t) (goal + 1) << 40);
  int known = fe_tt_probe (s->tt, key, 1);
  if (known >= 0)
    return known;
  gboolean r = goal_in_one_search (s, goal);
  fe_tt_store (s->tt, key, 1, r);
  return r;
}

/* Self end: at least one legal move, and each reaches the goal. */
gboolean
fe_forced_to_goal (FeSolver *s)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean any = FALSE;
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      if (!fe_make_legal (&s->pos, &list.moves[i], &undo))
        {
          /* the goal move of ##, ##!, !# leaves the mover in check */
          any |= fe_solver_self_check_goal (s, &list.moves[i]);
          continue;
        }
      any = TRUE;
      gboolean goal = fe_solver_goal_reached (s, &list.moves[i], &undo);
      fe_unmake (&s->pos, &list.moves[i], &undo);
      if (!goal)
        return FALSE;
    }
  return any;
}

/* Reciprocal end, the other side's part: a legal move after which the
 * other side reaches the goal in one. */
static gboolean
helps_to_goal (FeSolver *s)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      if (!fe_make_legal (&s->pos, &list.moves[i], &undo))
        continue;
      gboolean r = fe_goal_in_one (s, s->goal);
      fe_unmake (&s->pos, &list.moves[i], &undo);
      if (r)
        return TRUE;
    }
  return FALSE;
}

gboolean
fe_end_search (FeSolver *s, FeEnd end)
{
  switch (end)
    {
    case FE_END_SELF:
      return fe_forced_to_goal (s);
    case FE_END_REFLEX:
      return fe_goal_in_one (s, s->goal);
    case FE_END_RECI:
      /* The cheaper half first: the ending side's own goal in one. */
      return fe_goal_in_one (s, s->stip.reci_goal) && helps_to_goal (s);
    default:
      /* The other ends are refused or not ends of a line (series.c). */
      break;
    }
  return FALSE;
}

gboolean
fe_end_holds (FeSolver *s, FeEnd end)
{
  uint64_t key = s->pos.hash ^ SALT_END ^ ((uint64_t) end << 48);
  int known = fe_tt_probe (s->tt, key, 1);
  if (known >= 0)
    return known;
  gboolean r = fe_end_search (s, end);
  if (!s->aborted)
    fe_tt_store (s->tt, key, 1, r);
  return r;
}

void
fe_end_add_lines (FeSolver *s, FeEnd end, int depth, int lead, int series_len)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  /* A reciprocal end after a series: the ending move is a series move. */
  int numbered = end == FE_END_RECI && series_len ? series_len + 1 : series_len;
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      FeUndo undo;
      s->line_moves[depth] = *m;
      if (!fe_make_legal (&s->pos, m, &undo))
        {
          /* ##, ##!, !#: the goal move leaves the mover in check. */
          if (end != FE_END_RECI && fe_solver_self_check_goal (s, m))
            fe_solver_add_line (s, s->line_moves, depth + 1, lead, series_len);
          continue;
        }
      if (end == FE_END_RECI)
        {
          /* The other side's replies that reach the goal. */
          FE_MOVE_LIST (replies);
          fe_generate_pseudo (&s->pos, &replies);
          for (int j = 0; j < replies.count; j++)
            if (fe_solver_move_reaches (s, &replies.moves[j], s->goal))
              {
                s->line_moves[depth + 1] = replies.moves[j];
                fe_unmake (&s->pos, m, &undo);
                fe_solver_add_line (s, s->line_moves, depth + 2, lead, numbered);
                fe_make (&s->pos, m, &undo);
              }
          fe_unmake (&s->pos, m, &undo);
          continue;
        }
      gboolean goal = fe_solver_goal_reached (s, m, &undo);
      fe_unmake (&s->pos, m, &undo);
      /* Self: every move reaches the goal (the end holds); reflex: the
       * moves that do. */
      if (goal)
        fe_solver_add_line (s, s->line_moves, depth + 1, lead, series_len);
    }
  if (end != FE_END_RECI)
    return;
  /* Then the ending side's moves that reach its own goal. */
  for (int i = 0; i < list.count; i++)
    if (fe_solver_move_reaches (s, &list.moves[i], s->stip.reci_goal))
      {
        s->line_moves[depth] = list.moves[i];
        fe_solver_add_reci_line (s, s->line_moves, depth + 1, lead, numbered);
      }
}

gboolean
fe_reflex_diagram_violation (FeSolver *s, gboolean battle)
{
  if (!fe_goal_in_one (s, s->goal))
    return FALSE;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int before = s->play_phase, solutions = s->solutions;
  s->play_phase = FE_ROLE_VIOLATION;
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      if (!fe_solver_move_reaches (s, m, s->goal))
        continue;
      if (battle)
        {
          fe_solution_add_battle (s->tree, 0, fe_solver_move_node (s, FE_ROLE_VIOLATION, m, TRUE));
        }
      else
        {
          s->line_moves[0] = *m;
          fe_solver_add_line (s, s->line_moves, 1, FALSE, 0);
        }
    }
  s->play_phase = before;
  s->solutions = solutions; /* not solutions: the problem has none */
  return TRUE;
}
