/* structured-lines.c — help and series play of a structured stipulation,
 * and the lines it writes: one per solution, with whatever play a fork
 * leads into (docs/rules/structured-stipulations.md §3.1, §3.2, §4.1).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "structured.h"

/* ---- the line ----------------------------------------------------------- */

static void
push (Sx *x, const FeMove *m, gboolean pass)
{
  SxEntry e = { .pass = pass };
  if (m)
    e.move = *m;
  g_array_append_val (x->line, e);
}

static void
pop (Sx *x)
{
  g_array_set_size (x->line, x->line->len - 1);
}

/* Popeye writes no check before the marks that say it or exclude it. */
static gboolean
mark_says_check (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_MATE:
    case FE_GOAL_CHECK:
    case FE_GOAL_STALEMATE:
    case FE_GOAL_DOUBLE_STALEMATE:
    case FE_GOAL_MATE_OR_STALEMATE:
    case FE_GOAL_DOUBLE_MATE:
    case FE_GOAL_COUNTER_MATE:
    case FE_GOAL_AUTO_STALEMATE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The mark Popeye writes after a move reaching `goal` ("" for some). */
static const char *
goal_mark (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_ANY:
    case FE_GOAL_CASTLING:
    case FE_GOAL_KISS:
      return "";
    default:
      return fe_goal_symbol (goal);
    }
}

void
sx_append_marks (GString *text, const FePosition *after, FeGoal goal)
{
  if (fe_in_check (after, after->side) && !(goal != FE_N_GOALS && mark_says_check (goal)))
    g_string_append (text, " +");
  if (goal != FE_N_GOALS && *goal_mark (goal))
    g_string_append_printf (text, " %s", goal_mark (goal));
}

/* The line so far as a solution, its last move marked with `goal`
 * (FE_N_GOALS: no goal, its check only); numbered as Popeye numbers
 * lines (structured-stipulations.md §4.1). */
static void
emit_line (Sx *x, FeGoal goal)
{
  x->solutions++;
  if (fe_solution_line_over (x->tree, x->role, TRUE))
    return;
  guint n = x->line->len;
  FeSolutionNode **nodes = g_new0 (FeSolutionNode *, n);
  FeUndo *undo = g_new (FeUndo, n);
  FePosition p = x->root;
  int last = -1, count = 0;
  for (guint i = 0; i < n; i++)
    if (!g_array_index (x->line, SxEntry, i).pass)
      last = (int) i;
  int numbered = -1, number = 1;
  gboolean after_pass = FALSE;
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      const SxEntry *e = &g_array_index (x->line, SxEntry, i);
      int mover = p.side;
      if (e->pass)
        {
          fe_make_null (&p, &undo[i]);
          after_pass = TRUE;
        }
      else
        {
          FePosition before = p;
          fe_make (&p, &e->move, &undo[i]);
          g_string_truncate (text, 0);
          fe_notation_append_move (text, &before, &e->move, &p, &undo[i]);
          sx_append_marks (text, &p, (int) i == last ? goal : FE_N_GOALS);
          FeSolutionNode *node = fe_solution_node_new (x->tree, &before, &e->move, text->str, x->role);
          if (numbered < 0)
            {
              /* The first move: "1..." when the named side passed. */
              numbered = x->inversions ? FE_OPPONENT (mover) : mover;
              node->number = x->inversions ? g_strdup ("1...") : NULL;
              number = x->inversions ? 2 : 1;
            }
          if (!node->number)
            node->number = mover == numbered ? g_strdup_printf ("%d.", number++) : g_strdup ("");
          node->after_pass = after_pass;
          after_pass = FALSE;
          nodes[count++] = node;
        }
      if (e->reset_after)
        numbered = p.side, number = 1;
    }
  for (guint i = n; i-- > 0;)
    {
      const SxEntry *e = &g_array_index (x->line, SxEntry, i);
      if (e->pass)
        fe_unmake_null (&p, &undo[i]);
      else
        fe_unmake (&p, &e->move, &undo[i]);
    }
  g_string_free (text, TRUE);
  g_free (undo);
  if (count)
    fe_solution_add_line (x->tree, nodes, count, x->role, x->reci_depth ? FE_NOTE_RECI : 0);
  g_free (nodes);
}

FeGoal
sx_reached_goal (Sx *x, const FeSNode *expr, const SxLast *last)
{
  switch (expr->kind)
    {
    case FE_SNODE_LEAF:
      return sx_goal_reached (x, expr->goal, expr->target, last) ? expr->goal : FE_N_GOALS;
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      {
        FeGoal g = sx_reached_goal (x, expr->a, last);
        return g != FE_N_GOALS ? g : sx_reached_goal (x, expr->b, last);
      }
    default:
      return FE_N_GOALS;
    }
}

/* How far the nested play's first goal is at the least (Popeye numbers a
 * nested play of more than two half-moves afresh). */
static int
distance (const FeSNode *n)
{
  switch (n->kind)
    {
    case FE_SNODE_BRANCH:
      return n->branch == FE_SBRANCH_SERIES ? 2 * n->max - 1 : n->max;
    case FE_SNODE_NOT:
    case FE_SNODE_INVERT:
      return distance (n->a);
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      return MIN (distance (n->a), distance (n->b));
    default:
      return 0;
    }
}

/* A fork that holds ends the line: its goal's mark, or the nested play's
 * lines (none written when suppressed). */
static void
write_fork_end (Sx *x, const FeSNode *fork, const SxLast *last)
{
  if (sx_is_goal_expr (fork->a))
    emit_line (x, sx_reached_goal (x, fork->a, last));
  else if (fork->suppressed)
    emit_line (x, FE_N_GOALS);
  else
    {
      gboolean reset = x->line->len && distance (fork->a) > 2;
      if (reset)
        g_array_index (x->line, SxEntry, x->line->len - 1).reset_after = TRUE;
      sx_write_lines (x, fork->a, last);
      if (reset)
        g_array_index (x->line, SxEntry, x->line->len - 1).reset_after = FALSE;
    }
}

/* ---- help play ---------------------------------------------------------- */

/* After move k of a line of L (k = 0: the start; `start`: no move made
 * there, as at the start of set play), what the branch's slot says
 * (structured-stipulations.md §3.1); then the next moves. */
static int
help_after (Sx *x, const FeSNode *b, int L, int k, const SxLast *last, gboolean write,
            gboolean start)
{
  int rem = L - k;
  int slot = k > 0 ? (k - 1) % 2 : 1;
  const GPtrArray *parts = b->parts;
  if (!start)
    for (guint i = 0; i < parts->len; i++)
      {
        const FeSNode *f = parts->pdata[i];
        if (f->kind != FE_SNODE_FORK || f->slot != slot || !sx_is_goal_expr (f->a)
            || !sx_holds (x, f->a, last))
          continue;
        /* A goal reached ends the line: a solution at its end only. */
        if (rem > 1)
          return 0;
        if (write)
          write_fork_end (x, f, last);
        return 1;
      }
  if (!sx_constraints_hold (x, b, slot, -1, last))
    return 0;
  for (guint i = 0; i < parts->len; i++)
    {
      const FeSNode *f = parts->pdata[i];
      if (f->kind != FE_SNODE_FORK || f->slot != slot || sx_is_goal_expr (f->a))
        continue;
      if (rem <= 1 && sx_holds (x, f->a, last))
        {
          if (write)
            write_fork_end (x, f, last);
          return 1;
        }
      if (rem > 1 && f->forced && sx_holds (x, f->a, last))
        return 0;
    }
  if (rem <= 0 || x->aborted)
    return 0;
  /* The moves from here depend on the position, what is left and the
   * next move's slot only: a known result saves the search, unless the
   * lines are to be written. */
  int known = sx_table_get (x, b, SX_HELP_MOVES, rem, k % 2);
  if (known == SX_NONE || (known == SX_SOME && !write))
    return known == SX_SOME;
  int found = 0;
  /* "?+?": the second letter's side moves only when in check. */
  if (k % 2 == 1 && b->parry && !fe_in_check (&x->pos, x->pos.side))
    {
      FeUndo nu;
      fe_make_null (&x->pos, &nu);
      push (x, NULL, TRUE);
      found = help_after (x, b, L, k + 1, NULL, write, FALSE);
      pop (x);
      fe_unmake_null (&x->pos, &nu);
    }
  else
    {
      FE_MOVE_LIST (list);
      FeLegality lg;
      fe_legality_prepare (&x->pos, &lg);
      fe_generate_pseudo (&x->pos, &list);
      for (int i = 0; i < list.count && !x->aborted && (write || !found); i++)
        {
          FeUndo undo;
          if (!fe_make_legal_with (&x->pos, &lg, &list.moves[i], &undo))
            continue;
          push (x, &list.moves[i], FALSE);
          SxLast l = { &list.moves[i], &undo };
          found += help_after (x, b, L, k + 1, &l, write, FALSE);
          pop (x);
          fe_unmake (&x->pos, &list.moves[i], &undo);
        }
    }
  sx_table_put (x, b, SX_HELP_MOVES, rem, k % 2, found ? SX_SOME : SX_NONE);
  return found;
}

/* Reflex play whose diagram breaks the duty (stipulations.md §4.1): a
 * constraint of the start, "{!1a[G]d}", that fails in the diagram — the
 * side to move reaches G at once.  Its moves reaching G are written with
 * " ?!?" and the play has no solution, as the search writes them
 * (fe_reflex_diagram_violation).  FALSE when the diagram keeps the duty. */
static gboolean
diagram_violation (Sx *x, const FeSNode *b)
{
  for (guint i = 0; i < b->parts->len; i++)
    {
      const FeSNode *c = b->parts->pdata[i];
      if (c->kind != FE_SNODE_CONSTRAINT || c->slot != 1 || c->a->kind != FE_SNODE_NOT
          || sx_holds (x, c->a, NULL))
        continue;
      const FeSNode *duty = c->a->a;
      if (duty->kind != FE_SNODE_BRANCH || duty->branch != FE_SBRANCH_ATTACK || duty->max != 1)
        continue;
      const FeSNode *goal = NULL;
      for (guint j = 0; j < duty->parts->len && !goal; j++)
        {
          const FeSNode *f = duty->parts->pdata[j];
          if (f->kind == FE_SNODE_FORK && sx_is_goal_expr (f->a))
            goal = f->a;
        }
      if (!goal)
        continue;
      x->role = FE_ROLE_VIOLATION;
      FE_MOVE_LIST (list);
      sx_legal_moves (x, &list);
      for (int k = 0; k < list.count; k++)
        {
          FeUndo undo;
          fe_make (&x->pos, &list.moves[k], &undo);
          SxLast l = { &list.moves[k], &undo };
          FeGoal reached = sx_reached_goal (x, goal, &l);
          if (reached != FE_N_GOALS)
            {
              push (x, &list.moves[k], FALSE);
              emit_line (x, reached);
              pop (x);
            }
          fe_unmake (&x->pos, &list.moves[k], &undo);
        }
      return TRUE;
    }
  return FALSE;
}

int
sx_help (Sx *x, const FeSNode *b, const SxLast *last, gboolean write)
{
  int found = 0;
  gboolean top = x->line->len == 0 && !last && write;
  if (top && x->role != FE_ROLE_SET_PLAY && diagram_violation (x, b))
    return 0;
  for (int L = sx_min_length (b); L <= b->max && (write || !found) && !x->aborted; L += 2)
    {
      if (top && x->role != FE_ROLE_SET_PLAY)
        x->role = L < b->max ? FE_ROLE_SHORT : FE_ROLE_SOLUTION;
      found += help_after (x, b, L, 0, last, write, FALSE);
    }
  return found;
}

void
sx_help_set_play (Sx *x, const FeSNode *b)
{
  /* The branch entered at its second letter, the first side passing:
   * lengths n - 1 down to the minimum less one (the minimum 2 when none). */
  int min = sx_min_length (b);
  if (b->max < 2)
    return;
  if (min == 0)
    min = 2;
  FeUndo nu;
  fe_make_null (&x->pos, &nu);
  if (!fe_in_check (&x->pos, FE_OPPONENT (x->pos.side)))
    {
      push (x, NULL, TRUE);
      x->role = FE_ROLE_SET_PLAY;
      x->inversions++;
      for (int L = min - 1; L <= b->max - 1 && !x->aborted; L += 2)
        help_after (x, b, L + 1, 1, NULL, TRUE, TRUE);
      x->inversions--;
      pop (x);
    }
  fe_unmake_null (&x->pos, &nu);
}

/* ---- series play -------------------------------------------------------- */

/* After series move k of a line of L series moves (k = 0: the start). */
static int
series_after (Sx *x, const FeSNode *b, int L, int k, const SxLast *last, gboolean write)
{
  int rem = L - k;
  const GPtrArray *parts = b->parts;
  FeUndo nu;
  if (k > 0)
    {
      for (guint i = 0; i < parts->len; i++)
        {
          const FeSNode *f = parts->pdata[i];
          if (f->kind != FE_SNODE_FORK || !sx_is_goal_expr (f->a) || !sx_holds (x, f->a, last))
            continue;
          if (rem > 0)
            return 0;
          if (write)
            write_fork_end (x, f, last);
          return 1;
        }
      if (!sx_constraints_hold (x, b, 0, 1, last))
        return 0;
      for (guint i = 0; i < parts->len; i++)
        {
          const FeSNode *f = parts->pdata[i];
          if (f->kind != FE_SNODE_FORK || sx_is_goal_expr (f->a))
            continue;
          if (rem == 0 && sx_holds (x, f->a, last))
            {
              if (write)
                write_fork_end (x, f, last);
              return 1;
            }
          if (rem > 0 && f->forced && sx_holds (x, f->a, last))
            return 0;
        }
      if (rem <= 0 || x->aborted)
        return 0;
      /* The other side passes: not when in check. */
      fe_make_null (&x->pos, &nu);
      if (fe_in_check (&x->pos, FE_OPPONENT (x->pos.side)))
        {
          fe_unmake_null (&x->pos, &nu);
          return 0;
        }
      push (x, NULL, TRUE);
      last = NULL;
    }
  int found = 0;
  int known = sx_constraints_hold (x, b, 0, 0, last) ? sx_table_get (x, b, SX_SERIES_MOVES, rem, 0)
                                                      : SX_NONE;
  if (known == SX_SOME && !write)
    found = 1;
  else if (known != SX_NONE)
    {
      FE_MOVE_LIST (list);
      FeLegality lg;
      fe_legality_prepare (&x->pos, &lg);
      fe_generate_pseudo (&x->pos, &list);
      for (int i = 0; i < list.count && !x->aborted && (write || !found); i++)
        {
          FeUndo undo;
          if (!fe_make_legal_with (&x->pos, &lg, &list.moves[i], &undo))
            continue;
          push (x, &list.moves[i], FALSE);
          SxLast l = { &list.moves[i], &undo };
          found += series_after (x, b, L, k + 1, &l, write);
          pop (x);
          fe_unmake (&x->pos, &list.moves[i], &undo);
        }
      sx_table_put (x, b, SX_SERIES_MOVES, rem, 0, found ? SX_SOME : SX_NONE);
    }
  if (k > 0)
    {
      pop (x);
      fe_unmake_null (&x->pos, &nu);
    }
  return found;
}

int
sx_series (Sx *x, const FeSNode *b, const SxLast *last, gboolean write)
{
  int found = 0;
  gboolean top = x->line->len == 0 && !last && write;
  for (int L = sx_min_length (b); L <= b->max && (write || !found) && !x->aborted; L++)
    {
      if (top)
        x->role = L < b->max ? FE_ROLE_SHORT : FE_ROLE_SOLUTION;
      found += series_after (x, b, L, 0, last, write);
    }
  return found;
}

/* ---- battle play written as lines -------------------------------------- */

static void lines_after_attack (Sx *x, const FeSNode *b, int n, const SxLast *last);

/* After a defence (the attacker wins): its fork, else the shortest wins. */
static void
lines_after_defence (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  const FeSNode *f = sx_fork_holding (x, b, 1 - sx_attack_slot (b), n, last);
  if (f)
    {
      write_fork_end (x, f, last);
      return;
    }
  int k = sx_attack_length (x, b, n, last);
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  for (int i = 0; k && i < list.count && !x->aborted; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      if (sx_after_attack (x, b, k - 1, &l))
        {
          push (x, &list.moves[i], FALSE);
          lines_after_attack (x, b, k - 1, &l);
          pop (x);
        }
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
}

/* After an attacking move that wins: its fork, else every defence. */
static void
lines_after_attack (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  const FeSNode *f = sx_fork_holding (x, b, sx_attack_slot (b), n, last);
  if (f)
    {
      write_fork_end (x, f, last);
      return;
    }
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  for (int i = 0; i < list.count && !x->aborted; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      push (x, &list.moves[i], FALSE);
      lines_after_defence (x, b, n - 1, &l);
      pop (x);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
}

/* A battle branch met in a line: every winning first move (an attack
 * within the branch's length, or each defence of a "d…a" branch). */
static void
battle_lines (Sx *x, const FeSNode *b, const SxLast *last)
{
  int n = b->max;
  gboolean attack_first = b->branch == FE_SBRANCH_ATTACK;
  int slot = attack_first ? 1 - sx_attack_slot (b) : sx_attack_slot (b);
  if (!sx_constraints_hold (x, b, slot, -1, last))
    return;
  FE_MOVE_LIST (list);
  sx_legal_moves (x, &list);
  for (int i = 0; i < list.count && !x->aborted; i++)
    {
      FeUndo undo;
      fe_make (&x->pos, &list.moves[i], &undo);
      SxLast l = { &list.moves[i], &undo };
      push (x, &list.moves[i], FALSE);
      if (!attack_first)
        lines_after_defence (x, b, n - 1, &l);
      else if (sx_after_attack (x, b, n - 1, &l))
        lines_after_attack (x, b, n - 1, &l);
      pop (x);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
}

int
sx_write_lines (Sx *x, const FeSNode *expr, const SxLast *last)
{
  int before = x->solutions;
  switch (expr->kind)
    {
    case FE_SNODE_LEAF:
      emit_line (x, sx_reached_goal (x, expr, last));
      break;
    case FE_SNODE_NOT:
      emit_line (x, FE_N_GOALS);
      break;
    case FE_SNODE_AND:
      sx_write_lines (x, expr->a, last);
      x->reci_depth++;
      sx_write_lines (x, expr->b, last);
      x->reci_depth--;
      break;
    case FE_SNODE_OR:
      sx_write_lines (x, sx_holds (x, expr->a, last) ? expr->a : expr->b, last);
      break;
    case FE_SNODE_INVERT:
      {
        FeUndo nu;
        fe_make_null (&x->pos, &nu);
        push (x, NULL, TRUE);
        sx_write_lines (x, expr->a, NULL);
        pop (x);
        fe_unmake_null (&x->pos, &nu);
      }
      break;
    case FE_SNODE_BRANCH:
      if (expr->branch == FE_SBRANCH_HELP)
        sx_help (x, expr, last, TRUE);
      else if (expr->branch == FE_SBRANCH_SERIES)
        sx_series (x, expr, last, TRUE);
      else
        battle_lines (x, expr, last);
      break;
    default:
      break;
    }
  return x->solutions - before;
}
