/* movegen-castling.c — castling (docs/rules/common-model.md §6).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above attack.c and make.c: the king may not castle out of or through
 * check, which is tested by playing its one step.
 */
#include <glib.h>

#include "movegen-private.h"

void
fe_gen_castling (Gen *g, FeSquare from)
{
  FePosition *pos = g->pos;
  int side = g->side;
  int rank = side == FE_WHITE ? 0 : 7;
  int shift = side == FE_WHITE ? 0 : 3;
  if (from != FE_SQ (4, rank) || !(pos->castling & (FE_CASTLE_WK << shift)))
    return;
  for (int wing = 0; wing < 2; wing++)
    {
      bool short_side = wing == 0;
      if (!(pos->castling & ((short_side ? FE_CASTLE_WH : FE_CASTLE_WA) << shift)))
        continue;
      FeSquare corner = FE_SQ (short_side ? 7 : 0, rank);
      FePiece rook = pos->board[corner];
      if (rook.walk != FE_WALK_ROOK || !fe_piece_playable_by (rook, side))
        continue;
      bool empty = true;
      for (int f = short_side ? 5 : 1; f <= (short_side ? 6 : 3); f++)
        empty &= g->board[FE_SQ (f, rank)].walk == FE_WALK_NONE;
      if (!empty || fe_in_check (pos, side))
        continue;
      /* The crossed square: play the king's one step (common-model.md §6.2
       * (5)) with its imitation only.  It is a plain check test: the step is
       * no move, so it recolours nothing (magic) and mutates nothing; the
       * check itself is judged with every condition. */
      FeMove step = { from, FE_SQ (short_side ? 5 : 3, rank), FE_NO_SQUARE, 0, 0,
                      FE_NATURE_LEAP, 1, 0 };
      FePosition probe = *pos;
      FeRules steps_only;
      if (pos->rules)
        {
          steps_only = *pos->rules;
          steps_only.n_ops = 0;
          for (int i = 0; i < pos->rules->n_ops; i++)
            if (pos->rules->ops[i]->follows_castling_step)
              {
                steps_only.ids[steps_only.n_ops] = pos->rules->ids[i];
                steps_only.ops[steps_only.n_ops++] = pos->rules->ops[i];
              }
          probe.rules = &steps_only;
        }
      FeUndo undo;
      bool ok = fe_make (&probe, &step, &undo);
      probe.rules = pos->rules;
      ok = ok && !fe_in_check (&probe, side);
      if (!ok)
        continue;
      push (g, from, FE_SQ (short_side ? 6 : 2, rank), FE_NO_SQUARE,
            short_side ? FE_MOVE_CASTLE_SHORT : FE_MOVE_CASTLE_LONG, FE_NATURE_LEAP, 2);
    }
}

