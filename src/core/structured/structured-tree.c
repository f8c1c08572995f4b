/* structured-tree.c — a battle branch at the top of a structured
 * stipulation, written as Popeye writes battle play: keys, threats,
 * variations by level (docs/rules/structured-stipulations.md §4.2).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "structured.h"

static void print_defences (Sx *x, const FeSNode *b, int level, int n, int threat_k,
                            const FeMoveList *threats);
static void write_nested (Sx *x, const FeSNode *expr, int level, const SxLast *last);

/* Attacking moves at even levels, defending ones at odd levels. */
static FeSolutionRole
role_at (int level)
{
  return level % 2 ? FE_ROLE_DEFENCE : FE_ROLE_CONTINUATION;
}

/* A node for move `m` from x->pos, marked with the goal its fork reaches. */
static FeSolutionNode *
move_node (Sx *x, const FeMove *m, const FeSNode *fork, FeSolutionRole role)
{
  FePosition before = x->pos;
  FeUndo undo;
  fe_make (&x->pos, m, &undo);
  SxLast l = { m, &undo };
  FeGoal goal = fork && sx_is_goal_expr (fork->a) ? sx_reached_goal (x, fork->a, &l) : FE_N_GOALS;
  GString *text = g_string_new (NULL);
  fe_notation_append_move (text, &before, m, &x->pos, &undo);
  sx_append_marks (text, &x->pos, goal);
  fe_unmake (&x->pos, m, &undo);
  FeSolutionNode *node = fe_solution_node_new (x->tree, &before, m, text->str, role);
  g_string_free (text, TRUE);
  return node;
}

/* The attacker's moves that win within exactly k (shortest wins). */
static void
collect_wins (Sx *x, const FeSNode *b, int k, FeMoveList *out)
{
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  fe_move_list_reset (out);
  for (int i = 0; i < list.count && !x->aborted; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      if (sx_after_attack (x, b, k - 1, &l))
        fe_move_list_push (out, &list.moves[i]);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
}

/* An attacking move known to win with n half-moves left after it, and
 * what follows it: the nested play its fork leads to, or the threat and
 * the variations. */
static void
print_attack (Sx *x, const FeSNode *b, int level, const FeMove *m, int n, FeSolutionRole role)
{
  FeUndo undo;
  fe_make (&x->pos, m, &undo);
  SxLast l = { m, &undo };
  const FeSNode *fork = sx_fork_holding (x, b, sx_attack_slot (b), n, &l);
  fe_unmake (&x->pos, m, &undo);
  FeSolutionNode *node = move_node (x, m, fork, role);
  fe_make (&x->pos, m, &undo);
  gboolean check = fe_in_check (&x->pos, x->pos.side);
  /* n == 1 without a fork: the defender's last move must reach its own. */
  gboolean final_reply = !fork && n == 1;
  gboolean want_tree = level > 0 || x->problem->options.variations;
  FE_MOVE_LIST (threats);
  int threat_k = 0;
  if (!fork && !final_reply && n >= 2 && want_tree && !check && !x->problem->options.no_threat)
    {
      FeUndo nu;
      fe_make_null (&x->pos, &nu);
      threat_k = sx_attack_length (x, b, n - 1, NULL);
      if (threat_k)
        collect_wins (x, b, threat_k, &threats);
      fe_unmake_null (&x->pos, &nu);
      node->notes |= threat_k ? FE_NOTE_THREAT : FE_NOTE_ZUGZWANG;
    }
  fe_solution_add_battle (x->tree, level, node);
  if (fork && !sx_is_goal_expr (fork->a) && !fork->suppressed)
    write_nested (x, fork->a, level + 1, &l);
  else if (!fork && want_tree && final_reply)
    print_defences (x, b, level + 1, 1, 0, NULL);
  else if (!fork && want_tree && n >= 2)
    {
      if (threat_k)
        {
          FeUndo nu;
          fe_make_null (&x->pos, &nu);
          for (int i = 0; i < threats.count && !x->aborted; i++)
            print_attack (x, b, level + 2, &threats.moves[i], threat_k - 1, FE_ROLE_CONTINUATION);
          fe_unmake_null (&x->pos, &nu);
        }
      print_defences (x, b, level + 1, n, threat_k, &threats);
    }
  fe_unmake (&x->pos, m, &undo);
}

/* Is the threat `t` still a win within k after the defence?  Like Popeye,
 * a threat is known by its squares (Bg5*e7 threatened, Bg5-e7 after the
 * victim moved away is the same threat). */
static gboolean
threat_still_works (Sx *x, const FeSNode *b, const FeMove *t, int k)
{
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  for (int i = 0; i < list.count; i++)
    {
      const FeMove *m = &list.moves[i];
      if (m->from != t->from || m->to != t->to || m->promotion != t->promotion
          || m->choice != t->choice)
        continue;
      FeUndo undo;
      fe_make (&x->pos, m, &undo);
      SxLast l = { m, &undo };
      gboolean wins = sx_after_attack (x, b, k - 1, &l);
      fe_unmake (&x->pos, m, &undo);
      if (wins)
        return TRUE;
    }
  return FALSE;
}

/* The attacker's shortest wins after a defence, each with what follows. */
static void
print_continuations (Sx *x, const FeSNode *b, int level, int k)
{
  FE_MOVE_LIST (wins);
  collect_wins (x, b, k, &wins);
  for (int i = 0; i < wins.count && !x->aborted; i++)
    print_attack (x, b, level, &wins.moves[i], k - 1, role_at (level));
}

/* The defender to move with n half-moves left (the attacker wins): the
 * variations Popeye shows.  With a threat of threat_k, a defence is shown
 * when it defeats the threat or needs longer play; the last defences of a
 * self end are shown when they reach it. */
static void
print_defences (Sx *x, const FeSNode *b, int level, int n, int threat_k, const FeMoveList *threats)
{
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  gboolean check = fe_in_check (&x->pos, x->pos.side);
  int dslot = 1 - sx_attack_slot (b);
  for (int i = 0; i < list.count && !x->aborted; i++)
    {
      const FeMove *d = &list.moves[i];
      FeUndo undo;
      fe_make (&x->pos, d, &undo);
      SxLast l = { d, &undo };
      const FeSNode *fork = sx_fork_holding (x, b, dslot, n - 1, &l);
      if (fork || n == 1)
        {
          /* Only the last defence's end is written (reaching it before is
           * a win Popeye leaves out). */
          fe_unmake (&x->pos, d, &undo);
          if (fork && n == 1)
            {
              fe_solution_add_battle (x->tree, level, move_node (x, d, fork, FE_ROLE_DEFENCE));
              if (!sx_is_goal_expr (fork->a) && !fork->suppressed)
                {
                  fe_make (&x->pos, d, &undo);
                  write_nested (x, fork->a, level + 1, &l);
                  fe_unmake (&x->pos, d, &undo);
                }
            }
          continue;
        }
      int k = sx_attack_length (x, b, n - 1, &l);
      gboolean show = k > 0;
      /* Lengths compared in moves, as Popeye numbers them: a direct mate
       * (one half-move) is as long as a threat of self-mate (two) where
       * both play at once, Quodlibet's s#2, bsp_quod_02. */
      int moves = (k + 1) / 2, threat_moves = (threat_k + 1) / 2;
      if (show && threat_k && !check && moves <= threat_moves)
        {
          show = FALSE;
          for (int t = 0; moves == threat_moves && t < threats->count && !show; t++)
            show = !threat_still_works (x, b, &threats->moves[t], threat_k);
        }
      fe_unmake (&x->pos, d, &undo);
      if (!show)
        continue;
      fe_solution_add_battle (x->tree, level, move_node (x, d, NULL, FE_ROLE_DEFENCE));
      fe_make (&x->pos, d, &undo);
      print_continuations (x, b, level + 1, k);
      fe_unmake (&x->pos, d, &undo);
    }
}

/* After an attacking first move that does not win (`n` half-moves left):
 * the defences that refute it, when there are from one to `max` of them
 * (a move that leaves no defence, a stalemate, is no try). */
static gboolean
refute (Sx *x, const FeSNode *b, int n, const SxLast *last, int max, FeMoveList *out)
{
  fe_move_list_reset (out);
  /* (Its forks do not hold: it would win.) */
  if (n < 1 || !sx_constraints_hold (x, b, sx_attack_slot (b), -1, last))
    return FALSE;
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  for (int i = 0; i < list.count && !x->aborted && out->count <= max; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      if (!sx_after_defence (x, b, n - 1, &l))
        fe_move_list_push (out, &list.moves[i]);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
  return out->count >= 1 && out->count <= max;
}

/* A refutation's node: marked, as Popeye marks it, with the goal it
 * reaches even where exact play does not count it yet (exact-s#2's
 * "1...a5*b4 # !", bsp_stip_69). */
static FeSolutionNode *
refutation_node (Sx *x, const FeSNode *b, const FeMove *d)
{
  FeUndo undo;
  fe_make (&x->pos, d, &undo);
  SxLast l = { d, &undo };
  const FeSNode *fork = sx_fork_holding (x, b, 1 - sx_attack_slot (b), 0, &l);
  fe_unmake (&x->pos, d, &undo);
  return move_node (x, d, fork, FE_ROLE_REFUTATION);
}

/* A nested play reached in the tree, written at the next level: a battle
 * branch's winning moves and what follows them; both operands of "&",
 * the one of "|" that holds.  (Help and series play are refused there.) */
static void
write_nested (Sx *x, const FeSNode *expr, int level, const SxLast *last)
{
  switch (expr->kind)
    {
    case FE_SNODE_AND:
      write_nested (x, expr->a, level, last);
      write_nested (x, expr->b, level, last);
      break;
    case FE_SNODE_OR:
      write_nested (x, sx_holds (x, expr->a, last) ? expr->a : expr->b, level, last);
      break;
    case FE_SNODE_BRANCH:
      if (expr->branch == FE_SBRANCH_DEFENCE)
        {
          if (sx_constraints_hold (x, expr, sx_attack_slot (expr), -1, last))
            print_defences (x, expr, level, expr->max, 0, NULL);
        }
      else if (expr->branch == FE_SBRANCH_ATTACK
               && sx_constraints_hold (x, expr, 1 - sx_attack_slot (expr), -1, last))
        {
          FE_MOVE_LIST (list);
          sx_legal_moves (x, &list);
          for (int i = 0; i < list.count && !x->aborted; i++)
            {
              FeUndo undo;
              fe_make (&x->pos, &list.moves[i], &undo);
              SxLast l = { &list.moves[i], &undo };
              gboolean wins = sx_after_attack (x, expr, expr->max - 1, &l);
              fe_unmake (&x->pos, &list.moves[i], &undo);
              if (wins)
                print_attack (x, expr, level, &list.moves[i], expr->max - 1, role_at (level));
            }
        }
      break;
    default:
      break; /* "!x" writes nothing */
    }
}

void
sx_write_tree (Sx *x, const FeSNode *b)
{
  int n = b->max;
  if (b->branch == FE_SBRANCH_DEFENCE)
    {
      /* Post-key play: the defences at the first level, after the threat
       * the attacker would have if the defender passed. */
      if (!sx_constraints_hold (x, b, sx_attack_slot (b), -1, NULL))
        return;
      FE_MOVE_LIST (threats);
      int threat_k = 0;
      gboolean check = fe_in_check (&x->pos, x->pos.side);
      FeSolutionNode *key = fe_solution_node_new (x->tree, &x->pos, NULL, "", FE_ROLE_KEY);
      key->notes = FE_NOTE_AFTER_KEY;
      key->marks = check ? FE_MARK_CHECK : 0;
      FeUndo nu;
      if (n >= 2 && !check && !x->problem->options.no_threat)
        {
          fe_make_null (&x->pos, &nu);
          threat_k = sx_attack_length (x, b, n - 1, NULL);
          if (threat_k)
            collect_wins (x, b, threat_k, &threats);
          fe_unmake_null (&x->pos, &nu);
          key->notes |= threat_k ? FE_NOTE_THREAT : FE_NOTE_ZUGZWANG;
        }
      fe_solution_add_battle (x->tree, 0, key);
      fe_make_null (&x->pos, &nu);
      for (int i = 0; i < threats.count && !x->aborted; i++)
        print_attack (x, b, 2, &threats.moves[i], threat_k - 1, FE_ROLE_CONTINUATION);
      fe_unmake_null (&x->pos, &nu);
      print_defences (x, b, 1, n, threat_k, &threats);
      return;
    }
  if (!sx_constraints_hold (x, b, 1 - sx_attack_slot (b), -1, NULL))
    return;
  const FeOptions *o = &x->problem->options;
  /* Tries: first moves that at most max_ref defences refute (Try: one,
   * Defence n: n), when the first move is not the branch's last. */
  int max_ref = n >= 2 ? (o->defence > 0 ? o->defence : o->tries ? 1 : 0) : 0;
  FE_MOVE_LIST (list);
  FE_MOVE_LIST (refutations);
  sx_legal_moves (x, &list);
  for (int i = 0; i < list.count && !x->aborted; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      gboolean wins = sx_after_attack (x, b, n - 1, &l);
      gboolean tried = !wins && max_ref && refute (x, b, n - 1, &l, max_ref, &refutations);
      fe_unmake (&x->pos, &list.moves[i], &undo);
      if (wins)
        {
          x->solutions++;
          print_attack (x, b, 0, &list.moves[i], n - 1, FE_ROLE_KEY);
        }
      else if (tried)
        {
          print_attack (x, b, 0, &list.moves[i], n - 1, FE_ROLE_TRY);
          fe_make (&x->pos, &list.moves[i], &undo);
          for (int r = 0; r < refutations.count; r++)
            fe_solution_add_battle (x->tree, 1, refutation_node (x, b, &refutations.moves[r]));
          fe_unmake (&x->pos, &list.moves[i], &undo);
        }
    }
}
