/* notation.h — moves as composers read them (Popeye's English notation).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "movegen.h"

/* Appends the move played from `before` to `after` (its undo record holds
 * the effects): "Sb7-a5", "b7-b8[Ib6]=R", "mPe2-e1=mQ[b1=w]", "0-0=B".
 * Check and goal marks are the solver's. */
void fe_notation_append_move (GString *out, const FePosition *before, const FeMove *move,
                              const FePosition *after, const FeUndo *undo);
char *fe_notation_move (const FePosition *before, const FeMove *move, const FePosition *after,
                        const FeUndo *undo);
/* Walk prefix and code as Popeye prints a piece: "S", "mQ", "nR", "mgB". */
void fe_notation_append_piece_code (GString *out, FePiece piece, gboolean pawn_letter);
/* What stands on `sq` once the changes of the undo log before `end` are
 * done: the next change of the square logged it, else it is what stands
 * there after the move.  An effect's notation shows its own result, not
 * what a later effect made of it. */
FePiece fe_notation_piece_at (const FePosition *after, const FeUndo *undo, FeSquare sq, int end);
