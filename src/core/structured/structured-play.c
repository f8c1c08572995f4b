/* structured-play.c — whether a structured stipulation's play has a
 * solution: goals, operators, battle play (docs/rules/structured-stipulations.md
 * §3).  Every legal move is searched; nothing is pruned, nothing cached.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "structured.h"

gboolean
sx_tick (Sx *x)
{
  x->nodes++;
  if ((x->nodes & 1023) == 0 && !x->aborted)
    {
      const FeSolverConfig *c = x->config;
      if ((c && c->cancelled && c->cancelled (c->user_data))
          || (x->deadline && g_get_monotonic_time () > x->deadline))
        x->aborted = TRUE;
      if (c && c->progress)
        c->progress (x->nodes, c->user_data);
    }
  return x->aborted;
}

static guint64
mix (guint64 z)
{
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The key: the position's hash (pieces, side to move, rights, e.p.,
 * imitators, owed rebirths) with the node and what is left. */
static guint64
table_key (const Sx *x, const FeSNode *node, SxTableKind kind, int n, int slot)
{
  /* The twin too: its conditions may differ, and nothing carries over. */
  guint64 what = ((guint64) (guintptr) node << 16) ^ ((guint64) n << 4) ^ ((guint64) slot << 3) ^ kind;
  return mix (x->pos.hash ^ mix (what ^ ((guint64) x->twin << 56)));
}

int
sx_table_get (Sx *x, const FeSNode *node, SxTableKind kind, int n, int slot)
{
  if (!x->table)
    return 0;
  guint64 key = table_key (x, node, kind, n, slot);
  const SxSlot *e = &x->table[key & x->table_mask];
  return e->key == key ? (int) e->value : 0;
}

void
sx_table_put (Sx *x, const FeSNode *node, SxTableKind kind, int n, int slot, int value)
{
  /* A search cut short knows nothing. */
  if (!x->table || x->aborted)
    return;
  guint64 key = table_key (x, node, kind, n, slot);
  SxSlot *e = &x->table[key & x->table_mask];
  e->key = key;
  e->value = (guint32) value;
}

void
sx_legal_moves (Sx *x, FeMoveList *out)
{
  FE_MOVE_LIST (all);
  FeLegality lg;
  fe_legality_prepare (&x->pos, &lg);
  fe_generate_pseudo (&x->pos, &all);
  fe_move_list_reset (out);
  for (int i = 0; i < all.count; i++)
    {
      FeUndo undo;
      if (fe_make_legal_with (&x->pos, &lg, &all.moves[i], &undo))
        {
          fe_unmake (&x->pos, &all.moves[i], &undo);
          fe_move_list_push (out, &all.moves[i]);
        }
    }
}

/* The shared goal test (core/rules/goal.c).  Without a last move (the
 * diagram, a pass) the goals of the position are tested; `~` asks for a
 * move. */
gboolean
sx_goal_reached (Sx *x, FeGoal goal, guint8 target, const SxLast *last)
{
  if (!last && goal == FE_GOAL_ANY)
    return FALSE;
  return fe_goal_reached (&x->pos, &x->goals, goal, target, last ? last->move : NULL,
                          last ? last->undo : NULL);
}

gboolean
sx_is_goal_expr (const FeSNode *expr)
{
  switch (expr->kind)
    {
    case FE_SNODE_LEAF:
      return TRUE;
    case FE_SNODE_NOT:
    case FE_SNODE_INVERT:
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      return sx_is_goal_expr (expr->a);
    default:
      return FALSE;
    }
}

int
sx_attack_slot (const FeSNode *b)
{
  return b->branch == FE_SBRANCH_DEFENCE ? 1 : 0;
}

static gboolean attack (Sx *x, const FeSNode *b, int n, const SxLast *last);

/* The defender moves first ("d…a" at its start): every defence loses. */
static gboolean
defence_first (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  if (!sx_constraints_hold (x, b, sx_attack_slot (b), -1, last))
    return FALSE;
  FE_MOVE_LIST (list);
  FeLegality lg;
  fe_legality_prepare (&x->pos, &lg);
  fe_generate_pseudo (&x->pos, &list);
  int defences = 0;
  gboolean won = TRUE;
  for (int i = 0; i < list.count && !x->aborted && won; i++)
    {
      FeUndo undo;
      if (!fe_make_legal_with (&x->pos, &lg, &list.moves[i], &undo))
        continue;
      defences++;
      SxLast l = { &list.moves[i], &undo };
      won = sx_after_defence (x, b, n - 1, &l);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
  return won && defences > 0;
}

gboolean
sx_holds (Sx *x, const FeSNode *expr, const SxLast *last)
{
  if (sx_tick (x))
    return FALSE;
  switch (expr->kind)
    {
    case FE_SNODE_LEAF:
      return sx_goal_reached (x, expr->goal, expr->target, last);
    case FE_SNODE_NOT:
      return !sx_holds (x, expr->a, last);
    case FE_SNODE_AND:
      return sx_holds (x, expr->a, last) && sx_holds (x, expr->b, last);
    case FE_SNODE_OR:
      return sx_holds (x, expr->a, last) || sx_holds (x, expr->b, last);
    case FE_SNODE_INVERT:
      {
        /* The side to move passes; not when the other could then take
         * its king. */
        FeUndo nu;
        fe_make_null (&x->pos, &nu);
        gboolean r = !fe_in_check (&x->pos, FE_OPPONENT (x->pos.side)) && sx_holds (x, expr->a, NULL);
        fe_unmake_null (&x->pos, &nu);
        return r;
      }
    case FE_SNODE_BRANCH:
      switch (expr->branch)
        {
        case FE_SBRANCH_HELP:
          return sx_help (x, expr, last, FALSE) > 0;
        case FE_SBRANCH_SERIES:
          return sx_series (x, expr, last, FALSE) > 0;
        case FE_SBRANCH_ATTACK:
          return attack (x, expr, expr->max, last);
        case FE_SBRANCH_DEFENCE:
          return defence_first (x, expr, expr->max, last);
        }
      break;
    default:
      break;
    }
  return FALSE;
}

const FeSNode *
sx_fork_holding (Sx *x, const FeSNode *b, int slot, int left, const SxLast *last)
{
  /* A battle branch of exact length ("3:3a"): its play ends at its full
   * length only, so a fork counts once no half-move is left. */
  if (sx_battle_exact (b) && left > 0)
    return NULL;
  /* Goals first, as they are tested right after the move. */
  for (int goals = 1; goals >= 0; goals--)
    for (guint i = 0; i < b->parts->len; i++)
      {
        const FeSNode *p = b->parts->pdata[i];
        if (p->kind == FE_SNODE_FORK && p->slot == slot && sx_is_goal_expr (p->a) == goals
            && sx_holds (x, p->a, last))
          return p;
      }
  return NULL;
}

gboolean
sx_constraints_hold (Sx *x, const FeSNode *b, int slot, int goals, const SxLast *last)
{
  for (guint i = 0; i < b->parts->len; i++)
    {
      const FeSNode *p = b->parts->pdata[i];
      if (p->kind == FE_SNODE_CONSTRAINT && p->slot == slot
          && (goals < 0 || sx_is_goal_expr (p->a) == goals) && !sx_holds (x, p->a, last))
        return FALSE;
    }
  return TRUE;
}

/* The attacker to move with n half-moves left: a move that wins. */
static gboolean
attack (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  if (!sx_constraints_hold (x, b, 1 - sx_attack_slot (b), -1, last))
    return FALSE;
  int known = sx_table_get (x, b, SX_ATTACKS, n, 0);
  if (known)
    return known == SX_SOME;
  gboolean won = FALSE;
  FE_MOVE_LIST (list);
  FeLegality lg;
  fe_legality_prepare (&x->pos, &lg);
  fe_generate_pseudo (&x->pos, &list);
  for (int i = 0; i < list.count && !x->aborted && !won; i++)
    {
      FeUndo undo;
      if (!fe_make_legal_with (&x->pos, &lg, &list.moves[i], &undo))
        continue;
      SxLast l = { &list.moves[i], &undo };
      won = sx_after_attack (x, b, n - 1, &l);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
  sx_table_put (x, b, SX_ATTACKS, n, 0, won ? SX_SOME : SX_NONE);
  return won;
}

gboolean
sx_after_attack (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  if (sx_fork_holding (x, b, sx_attack_slot (b), n, last))
    return TRUE;
  if (n <= 0 || !sx_constraints_hold (x, b, sx_attack_slot (b), -1, last))
    return FALSE;
  int known = sx_table_get (x, b, SX_DEFENCES, n, 0);
  if (known)
    return known == SX_SOME;
  FE_MOVE_LIST (list);
  FeLegality lg;
  fe_legality_prepare (&x->pos, &lg);
  fe_generate_pseudo (&x->pos, &list);
  int defences = 0;
  gboolean won = TRUE;
  for (int i = 0; i < list.count && !x->aborted && won; i++)
    {
      FeUndo undo;
      if (!fe_make_legal_with (&x->pos, &lg, &list.moves[i], &undo))
        continue;
      defences++;
      SxLast l = { &list.moves[i], &undo };
      won = sx_after_defence (x, b, n - 1, &l);
      fe_unmake (&x->pos, &list.moves[i], &undo);
    }
  /* No defence at all: a stalemate the play did not ask for. */
  won = won && defences > 0;
  sx_table_put (x, b, SX_DEFENCES, n, 0, won ? SX_SOME : SX_NONE);
  return won;
}

gboolean
sx_after_defence (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  if (sx_fork_holding (x, b, 1 - sx_attack_slot (b), n, last))
    return TRUE;
  return n > 0 && attack (x, b, n, last);
}

gboolean
sx_battle_exact (const FeSNode *b)
{
  return (b->branch == FE_SBRANCH_ATTACK || b->branch == FE_SBRANCH_DEFENCE) && b->min
         && b->min >= b->max;
}

int
sx_attack_length (Sx *x, const FeSNode *b, int n, const SxLast *last)
{
  /* Exact play has no shorter win: only the full length is tried (a
   * shorter one would count its fork before the branch's end). */
  for (int k = sx_battle_exact (b) ? MAX (n, 1) : 1; k <= n && !x->aborted; k++)
    if (attack (x, b, k, last))
      return k;
  return 0;
}

int
sx_min_length (const FeSNode *b)
{
  if (b->branch == FE_SBRANCH_SERIES)
    return b->min ? MIN (b->min, b->max) : 1;
  return b->min ? MIN (b->min, b->max) : b->max % 2;
}
