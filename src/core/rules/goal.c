/* goal.c — the goal test both backends share: has the move just made
 * reached a goal?  (docs/rules/stipulations.md §8.)
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "goal.h"

void
fe_goal_context_init (FeGoalContext *c, const FePosition *diagram, const FePosition *target_position)
{
  memset (c->diagram_square, FE_NO_SQUARE, sizeof c->diagram_square);
  memset (c->diagram_id, 0, sizeof c->diagram_id);
  for (int i = 0; i < 64; i++)
    {
      FePiece p = diagram->board[FE_SQ88 (i)];
      if (p.walk)
        {
          c->diagram_square[p.id] = FE_SQ88 (i);
          c->diagram_id[FE_SQ88 (i)] = p.id;
        }
    }
  c->target_position = target_position;
}

/* Did a condition's rebirth (Circe) put a piece back in this move? */
static gboolean
rebirth_in (const FePosition *pos, const FeUndo *undo)
{
  const FeRules *r = pos->rules;
  int prev = undo->n_displacement_changes;
  for (int i = 0; r && i < r->n_ops; i++)
    {
      if (r->ops[i]->effect_order == FE_EFFECT_REBIRTH && undo->effect_end[i] > prev)
        return TRUE;
      prev = undo->effect_end[i];
    }
  return FALSE;
}

/* The square the last piece a rebirth (a Circe form) put back on the board
 * in this move stands on, or FE_NO_SQUARE (NULL `undo`: none). */
static FeSquare
reborn_square (const FePosition *pos, const FeUndo *undo)
{
  const FeRules *r = pos->rules;
  FeSquare found = FE_NO_SQUARE;
  int prev = undo ? undo->n_displacement_changes : 0;
  for (int i = 0; undo && r && i < r->n_ops; i++)
    {
      if (r->ops[i]->effect_order == FE_EFFECT_REBIRTH)
        for (int c = prev; c < undo->effect_end[i]; c++)
          {
            FeSquare sq = undo->changes[c].square;
            if (!undo->changes[c].before.walk && pos->board[sq].walk)
              found = sq;
          }
      prev = undo->effect_end[i];
    }
  return found;
}

/* The piece on `sq` stands on its diagram square. */
static gboolean
at_home (const FePosition *pos, const FeGoalContext *c, FeSquare sq)
{
  return sq != FE_NO_SQUARE && c->diagram_square[pos->board[sq].id] == sq;
}

/* The piece on `sq` and the one on its diagram square, of `side`, have
 * exchanged their diagram squares (<>, <>r). */
static gboolean
exchanged (const FePosition *pos, const FeGoalContext *c, FeSquare sq, int side)
{
  if (sq == FE_NO_SQUARE)
    return FALSE;
  FeSquare home = c->diagram_square[pos->board[sq].id];
  if (home == FE_NO_SQUARE || home == sq)
    return FALSE;
  FePiece other = pos->board[home];
  return fe_piece_playable_by (other, side) && c->diagram_square[other.id] == sq;
}

/* k<sq>: the moving piece, on `at`, touches the kissed piece, and nothing
 * else touches that one. */
static gboolean
kissed (const FePosition *pos, int kiss_id, FeSquare at)
{
  static const int around[8] = { -17, -16, -15, -1, 1, 15, 16, 17 };
  const FePiece *board = pos->board;
  if (at == FE_NO_SQUARE || !kiss_id)
    return FALSE;
  for (int i = 0; i < 8; i++)
    {
      FeSquare k = at + around[i];
      if (!FE_ON_BOARD (k) || !board[k].walk || board[k].id != kiss_id)
        continue;
      gboolean naked = TRUE;
      for (int j = 0; j < 8 && naked; j++)
        {
          FeSquare n = k + around[j];
          naked = !FE_ON_BOARD (n) || n == at || !board[n].walk;
        }
      if (naked)
        return TRUE;
    }
  return FALSE;
}

/* Would the side that just moved have no legal move if it were to move? */
static gboolean
mover_immobile (FePosition *pos)
{
  FeUndo nu;
  fe_make_null (pos, &nu);
  gboolean r = !fe_has_legal_move (pos);
  fe_unmake_null (pos, &nu);
  return r;
}

/* ## and ##!: both sides in check and without a legal move, the mover's
 * own check first (a legal move never leaves one); then what the mover
 * was before `last`: mated (##!) or able to move (##). */
static gboolean
both_mated (FePosition *pos, FeGoal goal, const FeMove *last, const FeUndo *undo)
{
  int mover = FE_OPPONENT (pos->side);
  if (!last || !undo || !fe_in_check (pos, mover) || !fe_in_check (pos, pos->side)
      || fe_has_legal_move (pos) || !mover_immobile (pos))
    return FALSE;
  FePosition before = *pos;
  fe_unmake (&before, last, undo);
  gboolean could_move = fe_has_legal_move (&before);
  if (goal == FE_GOAL_DOUBLE_MATE)
    return could_move;
  return !could_move && fe_in_check (&before, before.side);
}

gboolean
fe_goal_reached (FePosition *pos, const FeGoalContext *c, FeGoal goal, FeSquare target,
                 const FeMove *last, const FeUndo *undo)
{
  int to_move = pos->side;
  gboolean moved = last && !(last->flags & FE_MOVE_NULL);
  switch (goal)
    {
    case FE_GOAL_MATE:
      return fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_STALEMATE:
      return !fe_in_check (pos, to_move) && !fe_has_legal_move (pos);
    case FE_GOAL_DOUBLE_STALEMATE:
      {
        if (fe_in_check (pos, to_move) || fe_has_legal_move (pos))
          return FALSE;
        FeUndo nu;
        fe_make_null (pos, &nu);
        gboolean r = !fe_in_check (pos, pos->side) && !fe_has_legal_move (pos);
        fe_unmake_null (pos, &nu);
        return r;
      }
    case FE_GOAL_ANY:
      return TRUE;
    case FE_GOAL_CAPTURE:
      return last && last->capture != FE_NO_SQUARE;
    case FE_GOAL_CAPTURE_NO_REBIRTH:
      return last && last->capture != FE_NO_SQUARE && !(undo && rebirth_in (pos, undo));
    case FE_GOAL_CHECK:
      return fe_in_check (pos, to_move);
    case FE_GOAL_TARGET:
      /* The mover itself, where its effects left it (an AntiCirce or
       * kamikaze transfer; a kamikaze piece gone reaches nothing). */
      return moved && pos->mover_square == target;
    case FE_GOAL_CASTLING:
      return last && (last->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG));
    case FE_GOAL_CHESS81:
      /* The mover, where its effects left it, on the other side's first
       * rank (docs/rules/stipulations.md §8.1). */
      return moved && pos->mover_square != FE_NO_SQUARE
             && FE_RANK (pos->mover_square) == (to_move == FE_BLACK ? 7 : 0);
    case FE_GOAL_POSITION:
      return c->target_position && fe_position_same_placement (pos, c->target_position);
    case FE_GOAL_MATE_OR_STALEMATE:
      return !fe_has_legal_move (pos);
    case FE_GOAL_AUTO_STALEMATE:
      return !fe_in_check (pos, to_move) && mover_immobile (pos);
    case FE_GOAL_AUTO_MATE:
      return fe_in_check (pos, FE_OPPONENT (to_move)) && mover_immobile (pos);
    case FE_GOAL_DOUBLE_MATE:
    case FE_GOAL_COUNTER_MATE:
      return both_mated (pos, goal, last, undo);
    case FE_GOAL_EN_PASSANT:
      return last && (last->flags & FE_MOVE_EN_PASSANT);
    case FE_GOAL_CIRCUIT:
      return moved && at_home (pos, c, pos->mover_square);
    case FE_GOAL_CIRCUIT_BY_REBIRTH:
      return at_home (pos, c, reborn_square (pos, undo));
    case FE_GOAL_EXCHANGE:
      return moved && exchanged (pos, c, pos->mover_square, FE_OPPONENT (to_move));
    case FE_GOAL_EXCHANGE_BY_REBIRTH:
      return exchanged (pos, c, reborn_square (pos, undo), to_move);
    case FE_GOAL_KISS:
      return moved && kissed (pos, FE_ON_BOARD (target) ? c->diagram_id[target] : 0, pos->mover_square);
    default:
      /* A backend refuses the goals it does not take before solving. */
      g_return_val_if_reached (FALSE);
    }
}
