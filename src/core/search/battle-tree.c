/* battle-tree.c — battle play's solution tree: keys, tries and their
 * refutations, threats, variations and set play, as Popeye writes them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "battle-private.h"


static void print_defences (FeSolver *s, int level, int h, const FeMove *refuted_by, int n_ref,
                            gboolean have_threat_info, int threat_h, FeMoveList *threats);

/* Attacking moves that win within exactly the shortest length k. */
static void
print_continuations (FeSolver *s, int level, int k)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count && !s->aborted; i++)
    if (fe_battle_move_wins (s, &list.moves[i], k))
      fe_battle_print_attack (s, level, &list.moves[i], k, FE_ROLE_CONTINUATION, NULL, 0);
}

/* Collects the attacker's winning moves within k (threats after a pass). */
static void
collect_wins (FeSolver *s, int k, FeMoveList *out)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  fe_move_list_reset (out);
  for (int i = 0; i < list.count; i++)
    if (fe_battle_move_wins (s, &list.moves[i], k))
      fe_move_list_push (out, &list.moves[i]);
}

static gboolean
show_variations (const FeSolver *s)
{
  return s->problem->options.variations;
}

/* Adds an attacking move already known to win within h, and what follows
 * (threat, variations, forced final replies); `role` is KEY, TRY (then
 * `refs` are its refutations) or CONTINUATION. */
void
fe_battle_print_attack (FeSolver *s, int level, const FeMove *m, int h, FeSolutionRole role,
              const FeMove *refs, int n_ref)
{
  FeSolutionNode *node = fe_solver_move_node (s, role, m, fe_battle_goal_by_attacker (s));

  FeUndo undo;
  fe_make (&s->pos, m, &undo);
  gboolean done = fe_battle_goal_by_attacker (s) && fe_solver_goal_reached (s, m, &undo);
  int hd = h - 1; /* defender's half-moves */
  FE_MOVE_LIST (threats);
  int threat_h = 0;
  gboolean check = fe_in_check (&s->pos, s->pos.side);
  gboolean final_reply = !fe_battle_goal_by_attacker (s) && hd == 1;
  gboolean want_tree = level > 0 || show_variations (s);

  /* NoThreat: threats are neither written nor used to choose variations. */
  if (!done && !final_reply && hd >= 2 && want_tree && !check && !s->problem->options.no_threat)
    {
      FeUndo nu;
      fe_make_null (&s->pos, &nu);
      threat_h = fe_battle_attack_length (s, hd - 1);
      if (threat_h)
        collect_wins (s, threat_h, &threats);
      fe_unmake_null (&s->pos, &nu);
      node->notes |= threat_h ? FE_NOTE_THREAT : FE_NOTE_ZUGZWANG;
    }
  fe_solution_add_battle (s->tree, level, node);

  if (!done && want_tree)
    {
      if (final_reply)
        print_defences (s, level + 1, hd, NULL, 0, FALSE, 0, NULL);
      else if (hd >= 2)
        {
          if (threat_h && !s->problem->options.no_threat)
            {
              FeUndo nu;
              fe_make_null (&s->pos, &nu);
              for (int i = 0; i < threats.count; i++)
                fe_battle_print_attack (s, level + 2, &threats.moves[i], threat_h, FE_ROLE_CONTINUATION, NULL, 0);
              fe_unmake_null (&s->pos, &nu);
            }
          print_defences (s, level + 1, hd, refs, n_ref, TRUE, threat_h, &threats);
        }
    }
  for (int i = 0; i < n_ref; i++)
    fe_solution_add_battle (s->tree, level + 1, fe_solver_move_node (s, FE_ROLE_REFUTATION, &refs[i], FALSE));
  fe_unmake (&s->pos, m, &undo);
}

/* Is the threat `t` still a win within k after the defence?  Like Popeye,
 * a threat is recognised by its squares: Bg5*e7 threatened, Bg5-e7 after
 * the victim moved away is the same threat. */
static gboolean
threat_still_works (FeSolver *s, const FeMove *t, int k)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      const FeMove *m = &list.moves[i];
      if (m->from == t->from && m->to == t->to && m->promotion == t->promotion
          && m->choice == t->choice && fe_battle_move_wins (s, m, k))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_refutation (const FeMove *m, const FeMove *refs, int n)
{
  for (int i = 0; i < n; i++)
    if (fe_move_equal (m, &refs[i]))
      return TRUE;
  return FALSE;
}

/* Defender to move with h half-moves left (the attacker wins unless the
 * move is one of the refutations).  Writes the variations. */
static void
print_defences (FeSolver *s, int level, int h, const FeMove *refs, int n_ref,
                gboolean have_threat_info, int threat_h, FeMoveList *threats)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean must_goal = fe_battle_reflex (s) && fe_battle_goal_in_one (s);
  gboolean check = fe_in_check (&s->pos, s->pos.side);
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *d = &list.moves[i];
      if (is_refutation (d, refs, n_ref))
        continue;
      FeUndo undo;
      if (!fe_make_legal (&s->pos, d, &undo))
        {
          /* Self play's goal move may leave the defender in check (##,
           * ##!, !#). */
          if (h == 1 && !fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, d))
            fe_solution_add_battle (s->tree, level, fe_solver_move_node (s, FE_ROLE_DEFENCE, d, TRUE));
          continue;
        }
      gboolean goal = !fe_battle_goal_by_attacker (s) && fe_solver_goal_reached (s, d, &undo);
      if (must_goal && !goal)
        {
          fe_unmake (&s->pos, d, &undo);
          continue;
        }
      if (goal)
        {
          /* The defender reaches the goal: the end of a self or reflex line.
           * Before the last move it wins early; Popeye does not write it. */
          fe_unmake (&s->pos, d, &undo);
          if (h > 1)
            continue;
          fe_solution_add_battle (s->tree, level, fe_solver_move_node (s, FE_ROLE_DEFENCE, d, TRUE));
          continue;
        }
      if (h == 1)
        {
          fe_unmake (&s->pos, d, &undo);
          continue;
        }
      int k = fe_battle_attack_length (s, h - 1);
      gboolean show = TRUE;
      if (have_threat_info && threat_h && !check)
        {
          if (k == 0 || k > threat_h)
            show = TRUE;
          else if (k < threat_h)
            show = FALSE;
          else
            {
              show = FALSE;
              for (int t = 0; t < threats->count && !show; t++)
                show = !threat_still_works (s, &threats->moves[t], threat_h);
            }
        }
      fe_unmake (&s->pos, d, &undo);
      if (!show || k == 0)
        continue;
      fe_solution_add_battle (s->tree, level, fe_solver_move_node (s, FE_ROLE_DEFENCE, d, FALSE));
      fe_make (&s->pos, d, &undo);
      print_continuations (s, level + 1, k);
      fe_unmake (&s->pos, d, &undo);
    }
}

/* Refutations of an attacking first move (made), up to `max` + 1. */
int
fe_battle_refutations (FeSolver *s, int h, GArray *out, int max)
{
  g_array_set_size (out, 0);
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int n = 0;
  gboolean any = FALSE;
  gboolean must_goal = fe_battle_reflex (s) && fe_battle_goal_in_one (s);
  for (int i = 0; i < list.count && n <= max; i++)
    {
      FeMove *d = &list.moves[i];
      FeUndo undo;
      if (!fe_make_legal (&s->pos, d, &undo))
        {
          /* a goal move leaving the defender in check (##, ##!, !#) loses */
          any |= !fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, d);
          continue;
        }
      any = TRUE;
      gboolean ok;
      if (fe_battle_goal_by_attacker (s))
        ok = fe_battle_attack (s, h - 1);
      else
        {
          gboolean goal = fe_solver_goal_reached (s, d, &undo);
          ok = must_goal ? TRUE : goal || (h >= 3 && fe_battle_attack (s, h - 1));
          if (must_goal && !goal)
            {
              fe_unmake (&s->pos, d, &undo);
              continue;
            }
        }
      fe_unmake (&s->pos, d, &undo);
      if (!ok)
        {
          g_array_append_val (out, *d);
          n++;
        }
    }
  return any ? n : -1;
}

void
fe_battle_print_set_play (FeSolver *s, int h)
{
  FeUndo nu;
  /* The defender moves first, as if the attacker had passed. */
  fe_make_null (&s->pos, &nu);
  if (!fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)))
    print_defences (s, 1, h - 1, NULL, 0, FALSE, 0, NULL);
  fe_unmake_null (&s->pos, &nu);
}
