/* circe.h — what the Circe family's files share besides the rebirth
 * squares of core/rules/rebirth.h: Circe's variants, the victim of a move,
 * the rebirth notation (docs/rules/circe.md, anticirce.md, kamikaze.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/rules/condition.h"

/* The Circe condition's switch: which squares pieces are reborn on
 * (circe.md, rebirth-squares.md).  The first five keep their numbers (the
 * XML "variant" values). */
typedef enum {
  FE_CIRCE_OFF = 0,
  FE_CIRCE_PLAIN,   /* §2: the table of §2.2 */
  FE_CIRCE_MIRROR,  /* §6: the other column of the table */
  FE_CIRCE_DIAGRAM, /* §5: the piece's square in the diagram */
  FE_CIRCE_PARRAIN, /* §4: the capture square moved as the next move moves */
  FE_CIRCE_FILE,    /* the rest: rebirth-squares.md */
  FE_CIRCE_RANK,
  FE_CIRCE_SYMMETRY,
  FE_CIRCE_VERTICAL_SYMMETRY,
  FE_CIRCE_HORIZONTAL_SYMMETRY,
  FE_CIRCE_ANTIPODES,
  FE_CIRCE_PWC,
  FE_CIRCE_EQUIPOLLENTS,
  FE_CIRCE_SUPER,   /* any empty square, or none: the capturer's choice */
  FE_CIRCE_CAGE,    /* a square where it is caged, or none if there is none */
  FE_CIRCE_TAKE_MAKE, /* a square its make from the capture square reaches */
  FE_CIRCE_VARIANT_COUNT
} FeCirceVariant;

/* The piece the move captured, as it stood before the move (its walk
 * FE_WALK_NONE when the move captured nothing): read off the undo log. */
FePiece fe_move_victim (const FeMove *move, const FeUndo *undo);

/* Notation: the piece as rebirths print it, "bB", "nkR", "wP". */
void fe_circe_append_piece (GString *out, FePiece piece);

/* "[wRh1->h1]": a capturer sent from `from` to its rebirth square `to`
 * (AntiCirce, a kamikaze piece under Circe), as `piece` stands there. */
void fe_circe_append_transfer (GString *out, FePiece piece, FeSquare from, FeSquare to);
