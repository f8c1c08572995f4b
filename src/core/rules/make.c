/* make.c — make and unmake, with every side effect logged in the undo record.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "movegen.h"
#include "core/model/walk.h"

G_STATIC_ASSERT (FE_MAX_CONDITIONS <= FE_MAX_EFFECTS);

static inline void
save_state (const FePosition *pos, FeUndo *undo)
{
  undo->hash = pos->hash;
  undo->castling = pos->castling;
  undo->ep_victim = pos->ep_victim;
  undo->ep_count = pos->ep_count;
  undo->ep_squares[0] = pos->ep_squares[0];
  undo->ep_squares[1] = pos->ep_squares[1];
  undo->n_imitators = pos->n_imitators;
  /* The whole array: a copy of fixed size is a move or two, where one of
   * n_imitators bytes was a call. */
  memcpy (undo->imitators, pos->imitators, sizeof undo->imitators);
  undo->owed = pos->owed;
  undo->owed_square = pos->owed_square;
  undo->mover_square = pos->mover_square;
  undo->n_rebirths = 0;
  undo->n_changes = 0;
  undo->imitators_moved = false;
  undo->imitators_moved_by = -1;
}

static inline void
clear_ep (FePosition *pos)
{
  for (int i = 0; i < pos->ep_count; i++)
    pos->hash ^= fe_zobrist_ep (pos->ep_squares[i]);
  pos->ep_count = 0;
  pos->ep_victim = FE_NO_SQUARE;
}

static void
update_castling (FePosition *pos, const FeMove *m, const FeUndo *undo)
{
  /* Only an effect (a rebirth, a transfer) gives a right back. */
  if (!pos->castling && undo->n_changes == undo->n_displacement_changes)
    return;
  uint8_t rights = pos->castling;
  if (pos->n_castling_mutex && (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG)))
    {
      uint8_t used = fe_castling_flag_of_square (FE_SQ (m->flags & FE_MOVE_CASTLE_SHORT ? 7 : 0, FE_RANK (m->from)));
      for (int i = 0; i < pos->n_castling_mutex; i++)
        {
          if (pos->castling_mutex[i][0] == used)
            rights &= ~pos->castling_mutex[i][1];
          if (pos->castling_mutex[i][1] == used)
            rights &= ~pos->castling_mutex[i][0];
        }
    }
  uint64_t moved_there = 0; /* squares the displacement wrote */
  for (int i = 0; i < undo->n_displacement_changes; i++)
    moved_there |= UINT64_C (1) << FE_SQ64 (undo->changes[i].square);
  for (int i = 0; i < undo->n_changes; i++)
    {
      FeSquare sq = undo->changes[i].square;
      uint8_t flag = fe_castling_flag_of_square (sq);
      if (!flag)
        continue;
      FePiece before = undo->changes[i].before;
      FePiece now = pos->board[sq];
      bool effect = i >= undo->n_displacement_changes;
      bool king_square = flag & (FE_CASTLE_WK | FE_CASTLE_BK);
      /* A king changed where it stood keeps what it had; one that came
       * there by its move and an effect put back (an AntiCirce capture on
       * its own square) is put back with its right. */
      if (effect && king_square && before.id == now.id && before.walk != FE_WALK_NONE
          && !(moved_there & (UINT64_C (1) << FE_SQ64 (sq))))
        continue;
      /* A piece that leaves or reaches the square by moving loses the
       * right. */
      rights &= ~flag;
      if (!effect)
        continue;
      /* An effect put a piece there or changed it: the right follows
       * whether it is now the side's rook on its corner or its king on its
       * square, whatever it was before (docs/rules/common-model.md §6.3,
       * effect-order.md §3; Popeye's enable_castling_rights): a queen made
       * rook on h1 castles (einstein.md E7), so do a recoloured rook
       * (magic-pieces.md MG7) and a rook reborn on its corner. */
      int owner = FE_RANK (sq) == 0 ? FE_WHITE : FE_BLACK;
      if (fe_piece_playable_by (now, owner) && now.walk == (king_square ? FE_WALK_KING : FE_WALK_ROOK))
        rights |= flag;
    }
  if (rights != pos->castling)
    {
      pos->hash ^= fe_zobrist_castling (pos->castling) ^ fe_zobrist_castling (rights);
      pos->castling = rights;
    }
}

bool
fe_make (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  save_state (pos, undo);
  int mover = pos->side;
  FePiece piece = pos->board[m->from];

  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
    {
      int rank = FE_RANK (m->from);
      bool short_side = m->flags & FE_MOVE_CASTLE_SHORT;
      FeSquare corner = FE_SQ (short_side ? 7 : 0, rank);
      FeSquare rook_to = FE_SQ (short_side ? 5 : 3, rank);
      FePiece rook = pos->board[corner];
      fe_position_set (pos, undo, m->from, FE_PIECE_EMPTY);
      fe_position_set (pos, undo, m->to, piece);
      fe_position_set (pos, undo, corner, FE_PIECE_EMPTY);
      fe_position_set (pos, undo, rook_to, rook);
    }
  else
    {
      if (m->capture != FE_NO_SQUARE && m->capture != m->to)
        fe_position_set (pos, undo, m->capture, FE_PIECE_EMPTY);
      fe_position_set (pos, undo, m->from, FE_PIECE_EMPTY);
      if (m->flags & FE_MOVE_PROMOTION)
        piece.walk = m->promotion;
      if (m->flags & FE_MOVE_PROMOTE_IMITATOR)
        {
          /* The pawn leaves the board; the imitator condition places the new
           * imitator after shifting the others
           * (docs/rules/imitator.md §7). */
          if (m->capture == m->to)
            fe_position_set (pos, undo, m->to, FE_PIECE_EMPTY);
        }
      else
        fe_position_set (pos, undo, m->to, piece);
    }
  undo->n_displacement_changes = undo->n_changes;

  clear_ep (pos);

  bool ok = true;
  const FeRules *r = pos->rules;
  undo->n_self_changes = undo->n_changes;
  int done = 0;
  for (; r && done < r->n_ops && ok; done++)
    {
      int i = done;
      if (r->ops[i]->after_displacement)
        {
          bool moved = undo->imitators_moved;
          ok = r->ops[i]->after_displacement (pos, m, undo);
          if (undo->imitators_moved && !moved)
            undo->imitators_moved_by = (int8_t) i;
        }
      undo->effect_end[i] = undo->n_changes;
      if (r->ops[i]->mutates_mover)
        undo->n_self_changes = undo->n_changes;
    }
  /* A rejected move's record is whole all the same (notation and stages
   * read every effect's end). */
  if (G_UNLIKELY (!ok))
    for (int i = done; i < r->n_ops; i++)
      undo->effect_end[i] = undo->n_changes;

  update_castling (pos, m, undo);
  /* Effects may have sent the mover elsewhere or off the board. */
  pos->mover_square = undo->n_changes == undo->n_displacement_changes
                      && !(m->flags & FE_MOVE_PROMOTE_IMITATOR)
                      ? m->to : fe_mover_square (pos, m, undo);

  if ((m->flags & FE_MOVE_MULTI_STEP) && !(m->flags & FE_MOVE_NULL))
    {
      int step = m->to > m->from ? 16 : -16;
      int n = 0;
      for (int sq = m->from + step; sq != m->to && n < 2; sq += step)
        {
          pos->ep_squares[n++] = sq;
          pos->hash ^= fe_zobrist_ep (sq);
        }
      pos->ep_count = n;
      pos->ep_victim = m->to;
    }

  pos->side = FE_OPPONENT (mover);
  pos->hash ^= fe_zobrist_side ();
  return ok;
}

void
fe_unmake (FePosition *pos, const FeMove *m, const FeUndo *undo)
{
  for (int i = undo->n_changes - 1; i >= 0; i--)
    fe_position_restore_square (pos, undo->changes[i].square, undo->changes[i].before);
  pos->side = FE_OPPONENT (pos->side);
  pos->castling = undo->castling;
  pos->ep_victim = undo->ep_victim;
  pos->ep_count = undo->ep_count;
  pos->ep_squares[0] = undo->ep_squares[0];
  pos->ep_squares[1] = undo->ep_squares[1];
  pos->n_imitators = undo->n_imitators;
  memcpy (pos->imitators, undo->imitators, sizeof pos->imitators);
  pos->owed = undo->owed;
  pos->owed_square = undo->owed_square;
  pos->mover_square = undo->mover_square;
  pos->hash = undo->hash;
}

void
fe_make_null (FePosition *pos, FeUndo *undo)
{
  save_state (pos, undo);
  undo->n_displacement_changes = 0;
  undo->n_self_changes = 0;
  /* A pass keeps the record of a pawn's multi-step, as Popeye's dummy move
   * does: in series play the pawn stays e.p.-paralysed (Madrasi) for its own
   * side's next move.  Nobody can take it e.p. meanwhile (the side to move
   * owns it), except a neutral pawn, whose record is dropped. */
  if (pos->ep_count && (pos->board[pos->ep_victim].colour == FE_NEUTRAL
                        || pos->board[pos->ep_victim].walk == FE_WALK_NONE))
    clear_ep (pos);
  /* A rebirth owed at a pass is dropped, as Popeye drops it when it looks
   * for a threat (docs/rules/circe.md §4.1). */
  fe_position_clear_owed (pos);
  pos->side = FE_OPPONENT (pos->side);
  pos->hash ^= fe_zobrist_side ();
}

void
fe_unmake_null (FePosition *pos, const FeUndo *undo)
{
  FeMove none = { 0 };
  fe_unmake (pos, &none, undo);
}

FeSquare
fe_mover_square (const FePosition *pos, const FeMove *m, const FeUndo *undo)
{
  uint8_t id = 0;
  bool found = false;
  for (int i = 0; i < undo->n_displacement_changes && !found; i++)
    if (undo->changes[i].square == m->from)
      {
        id = undo->changes[i].before.id;
        found = true;
      }
  if (!found)
    return FE_NO_SQUARE;
  FeSquare arrival = m->to;
  if (pos->board[arrival].walk && pos->board[arrival].id == id)
    return arrival;
  for (int i = undo->n_displacement_changes; i < undo->n_changes; i++)
    {
      FeSquare sq = undo->changes[i].square;
      if (pos->board[sq].walk && pos->board[sq].id == id)
        return sq;
    }
  return FE_NO_SQUARE;
}
