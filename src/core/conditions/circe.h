/* circe.h — Circe's rebirth squares, for the conditions that send a piece
 * to one (Circe, AntiCirce, Kamikaze: docs/rules/circe.md §2.2, anticirce.md,
 * kamikaze.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/rules/condition.h"

/* The Circe condition's switch: which squares pieces are reborn on
 * (circe.md). */
typedef enum {
  FE_CIRCE_OFF = 0,
  FE_CIRCE_PLAIN,   /* §2: the table of §2.2 */
  FE_CIRCE_MIRROR,  /* §6: the other column of the table */
  FE_CIRCE_DIAGRAM, /* §5: the piece's square in the diagram */
  FE_CIRCE_PARRAIN, /* §4: the capture square moved as the next move moves */
} FeCirceVariant;

/* The square of circe.md §2.2 for a piece of `walk` captured on `sq`, in
 * the column of the pieces at home on `home`'s side (FE_WHITE: e1, d1,
 * h1/a1 …, pawns on rank 2, other walks on rank 8). */
FeSquare fe_circe_home_square (int walk, FeSquare sq, int home);

/* Where the Circe in force puts `piece`, captured on `sq` by a move of
 * `capturing_side`, in the same move (plain, Mirror, Diagram); Parrain's
 * square depends on the next move, so none then.  FE_NO_SQUARE: none. */
FeSquare fe_circe_rebirth_square (const FePosition *pos, FePiece piece, FeSquare sq,
                                  int capturing_side);

/* The piece the move captured, as it stood before the move (its walk
 * FE_WALK_NONE when the move captured nothing): read off the undo log. */
FePiece fe_move_victim (const FeMove *move, const FeUndo *undo);

/* Notation: the piece as rebirths print it, "bB", "nkR", "wP". */
void fe_circe_append_piece (GString *out, FePiece piece);

/* "[wRh1->h1]": a capturer sent from `from` to its rebirth square `to`
 * (AntiCirce, a kamikaze piece under Circe), as `piece` stands there. */
void fe_circe_append_transfer (GString *out, FePiece piece, FeSquare from, FeSquare to);
