/* movegen.c — pseudo-legal and legal move lists, perft.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The driver: runs the walks' generator (movegen-walks.c, with the
 * departures of movegen-check.c) over the side's pieces, adds castling,
 * then applies the conditions' move filters and choices (movegen-check.c).
 * Legality shortcuts are in movegen-legality.c.
 */
#include <string.h>
#include <glib.h>

#include "movegen-private.h"
#include "core/model/walk.h"

void
fe_generate_pseudo (FePosition *pos, FeMoveList *list)
{
  FePiece copy[128];
  Gen g = { pos, pos->side, list, fe_gen_board (pos, pos->side, copy), NULL, NULL, false };
  fe_move_list_reset (list);
  const FeRules *r = pos->rules;
  /* The side's pieces in square order (a1, b1, … h8), as the lists have
   * always been. */
  uint64_t mine = pos->occupied[g.side] | pos->occupied[FE_NEUTRAL];
  while (mine)
    {
      FeSquare sq = FE_SQ88 (__builtin_ctzll (mine));
      mine &= mine - 1;
      FePiece p = pos->board[sq];
      if (r && !fe_piece_may_move (pos, sq))
        continue;
      if (r && r->reshapes_moves)
        fe_gen_piece_reshaped (&g, sq);
      else
        fe_gen_piece (&g, sq);
      if (p.colour == g.side && p.walk == FE_WALK_KING)
        fe_gen_castling (&g, sq);
    }
  if (r)
    fe_apply_condition_filters (pos, r, list);
}

void
fe_generate_legal (FePosition *pos, FeMoveList *list)
{
  fe_generate_pseudo (pos, list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  int n = 0;
  FeUndo undo;
  for (int i = 0; i < list->count; i++)
    {
      int known = fe_legality_of (&lg, &list->moves[i]);
      if (known == -1 && fe_make_legal (pos, &list->moves[i], &undo))
        {
          fe_unmake (pos, &list->moves[i], &undo);
          known = 1;
        }
      if (known == 1)
        list->moves[n++] = list->moves[i];
    }
  list->count = n;
}

bool
fe_has_legal_move (FePosition *pos)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  FeUndo undo;
  for (int i = 0; i < list.count; i++)
    {
      int known = fe_legality_of (&lg, &list.moves[i]);
      if (known == 1)
        return true;
      if (known == 0)
        continue;
      if (fe_make_legal (pos, &list.moves[i], &undo))
        {
          fe_unmake (pos, &list.moves[i], &undo);
          return true;
        }
    }
  return false;
}

static uint64_t
count_legal (FePosition *pos, const FeMoveList *list)
{
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  uint64_t n = 0;
  FeUndo undo;
  for (int i = 0; i < list->count; i++)
    {
      int known = fe_legality_of (&lg, &list->moves[i]);
      if (known >= 0)
        n += known;
      else if (fe_make_legal (pos, &list->moves[i], &undo))
        {
          n++;
          fe_unmake (pos, &list->moves[i], &undo);
        }
    }
  return n;
}

uint64_t
fe_perft (FePosition *pos, int depth)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  if (depth <= 1)
    return count_legal (pos, &list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  uint64_t n = 0;
  FeUndo undo;
  for (int i = 0; i < list.count; i++)
    {
      if (!fe_make_legal_with (pos, &lg, &list.moves[i], &undo))
        continue;
      n += depth <= 1 ? 1 : fe_perft (pos, depth - 1);
      fe_unmake (pos, &list.moves[i], &undo);
    }
  return n;
}

/* The pseudo-legal moves of the piece on `from` alone, as
 * fe_generate_pseudo lists them (with the same conditions' filters and
 * choices): the search tries a killer move without listing every move. */
void
fe_generate_pseudo_from (FePosition *pos, FeSquare from, FeMoveList *list)
{
  fe_move_list_reset (list);
  if (!FE_ON_BOARD (from) || !fe_piece_playable_by (pos->board[from], pos->side))
    return;
  const FeRules *r = pos->rules;
  if (r && !fe_piece_may_move (pos, from))
    return;
  /* A filter of the whole list (MultiCaptures) judges each move among all
   * the side's: list them all, keep this piece's. */
  if (r && r->any_list_filter)
    {
      fe_generate_pseudo (pos, list);
      int n = 0;
      for (int i = 0; i < list->count; i++)
        if (list->moves[i].from == from)
          list->moves[n++] = list->moves[i];
      list->count = n;
      return;
    }
  FePiece copy[128];
  Gen g = { pos, pos->side, list, fe_gen_board (pos, pos->side, copy), NULL, NULL, false };
  FePiece p = pos->board[from];
  if (r && r->reshapes_moves)
    fe_gen_piece_reshaped (&g, from);
  else
    fe_gen_piece (&g, from);
  if (p.colour == g.side && p.walk == FE_WALK_KING)
    fe_gen_castling (&g, from);
  if (r)
    fe_apply_condition_filters (pos, r, list);
}

void
fe_generate_walk_from (FePosition *pos, FeSquare from, FeMoveList *list)
{
  fe_move_list_reset (list);
  if (!FE_ON_BOARD (from) || !fe_piece_playable_by (pos->board[from], pos->side)
      || (pos->rules && !fe_piece_may_move (pos, from)))
    return;
  FePiece copy[128];
  Gen g = { pos, pos->side, list, fe_gen_board (pos, pos->side, copy), NULL, NULL, false };
  fe_gen_piece (&g, from);
}

bool
fe_capture_playable (const FePosition *pos, const FeCapturePath *path,
                     FeCaptureOutcome outcome)
{
  FePosition copy = *pos;
  copy.side = path->side;
  FE_MOVE_LIST (list);
  const FeRules *r = copy.rules;
  /* A test of the final position counts in the probe only for a condition
   * whose check is of this kind (Isardam type A, KoeKo); Isardam type B
   * checks by plain attack, "whatever the capture would create". */
  FeRules probe_rules;
  for (int i = 0; r && i < r->n_ops; i++)
    if (r->ops[i]->effect_order == FE_EFFECT_LEGALITY && !r->ops[i]->check_allowed)
      {
        probe_rules = *r;
        probe_rules.n_ops = 0;
        for (int k = 0; k < r->n_ops; k++)
          if (r->ops[k]->effect_order != FE_EFFECT_LEGALITY || r->ops[k]->check_allowed)
            {
              probe_rules.ids[probe_rules.n_ops] = r->ids[k];
              probe_rules.ops[probe_rules.n_ops++] = r->ops[k];
            }
        copy.rules = r = &probe_rules;
        break;
      }
  if (!fe_piece_playable_by (copy.board[path->from], copy.side)
      || (r && !fe_piece_may_move (&copy, path->from)))
    return false;
  FePiece board[128];
  FeSquare target = path->to;
  Gen g = { &copy, copy.side, &list, fe_gen_board (&copy, copy.side, board), NULL, NULL, false, true,
            &target };
  if (r && r->reshapes_moves)
    fe_gen_piece_reshaped (&g, path->from);
  else
    fe_gen_piece (&g, path->from);
  if (r)
    fe_apply_condition_filters (&copy, r, &list);
  bool playable = false;
  for (int i = 0; i < list.count && !playable; i++)
    {
      const FeMove *m = &list.moves[i];
      if (m->capture != path->to)
        continue;
      FeUndo undo;
      playable = fe_make (&copy, m, &undo) && (!outcome || outcome (&copy, pos, path));
      fe_unmake (&copy, m, &undo);
    }
  return playable;
}

