/* rebirth-moves.c — the square rules that ask what a piece could play
 * there (rebirth-squares.md §7–§8): Cage's test and Circe Take&Make's
 * make.  Above the generator, which the plain square rules
 * (rebirth.c) serve.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rebirth.h"
#include "movegen.h"

bool
fe_rebirth_caged (const FePosition *pos, FeSquare sq)
{
  FePosition at = *pos;
  FePiece p = at.board[sq];
  if (p.colour != FE_NEUTRAL)
    at.side = p.colour;
  FE_MOVE_LIST (list);
  fe_generate_pseudo_from (&at, sq, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      if (list.moves[i].capture != FE_NO_SQUARE || !fe_make_legal (&at, &list.moves[i], &undo))
        continue;
      fe_unmake (&at, &list.moves[i], &undo);
      return false;
    }
  return true;
}

/* The squares a make reaches, by the position (its hash) and the make:
 * each capture's 64 choices ask for the same set one after another. */
typedef struct {
  uint64_t key, squares;
} MakeSquares;

bool
fe_rebirth_make_reaches (const FePosition *pos, FePiece piece, int side, FeSquare from, FeSquare to)
{
  static _Thread_local MakeSquares cache[256];
  FePosition at = *pos;
  fe_position_write (&at, from, piece, true);
  at.side = side;
  uint64_t key = at.hash ^ (UINT64_C (0x9e3779b97f4a7c15) * (uint64_t) (side + 1))
                 ^ ((uint64_t) from << 56);
  MakeSquares *slot = &cache[key & 255];
  if (slot->key != key || !key)
    {
      FE_MOVE_LIST (list);
      fe_generate_walk_from (&at, from, &list);
      slot->key = key;
      slot->squares = 0;
      for (int i = 0; i < list.count; i++)
        if (list.moves[i].capture == FE_NO_SQUARE)
          slot->squares |= UINT64_C (1) << FE_SQ64 (list.moves[i].to);
    }
  return (slot->squares >> FE_SQ64 (to)) & 1;
}
