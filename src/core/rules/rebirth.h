/* rebirth.h — where a unit goes: the square policies the Circe family
 * shares (docs/rules/rebirth-squares.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One part, many conditions: Circe reborn captured pieces, AntiCirce and
 * a kamikaze piece under Circe send the capturer, Mars Circe, AntiMars and
 * Phantom chess move a piece as if from its square.  Each declares an
 * FeRebirthRule (which squares) and asks fe_rebirth_square where a piece
 * goes; none reads another condition's switch.
 */
#pragma once

#include <glib.h>

#include "core/model/position.h"

/* How the square is found (the determinator). */
typedef enum {
  FE_REBIRTH_CIRCE = 0,   /* the table of circe.md §2.2 */
  FE_REBIRTH_MIRROR,      /* the table, the other side's column (circe.md §6) */
  FE_REBIRTH_DIAGRAM,     /* the piece's square in the diagram */
  FE_REBIRTH_FILE,        /* the table's rank, on the file of capture */
  FE_REBIRTH_RANK,        /* the table's file, on the rank of capture */
  FE_REBIRTH_SYMMETRY,    /* the capture square turned about the centre */
  FE_REBIRTH_VERTICAL_SYMMETRY,   /* … mirrored left to right */
  FE_REBIRTH_HORIZONTAL_SYMMETRY, /* … mirrored top to bottom */
  FE_REBIRTH_ANTIPODES,   /* four files and four ranks away */
  /* The last three need a capture (not for a standing piece). */
  FE_REBIRTH_PWC,         /* the square the capturer left */
  FE_REBIRTH_EQUIPOLLENTS, /* the capture square moved as the capturer moved */
  FE_REBIRTH_CAPTURE_SQUARE, /* where it stands (Mars: captures as it is) */
  /* Any empty square, the capturing side's choice (Super): a choice of
   * the move (FeRebirthQuery.choice), FE_REBIRTH_CHOICES of them. */
  FE_REBIRTH_ANY,
  /* Any empty square where the piece is caged (fe_rebirth_caged): Cage,
   * a choice as Super's. */
  FE_REBIRTH_CAGE,
  /* A square the piece reaches from the capture square by a move without
   * capturing, its side's (Circe Take&Make): a choice as Super's. */
  FE_REBIRTH_TAKE_MAKE,
  FE_REBIRTH_SQUARES_COUNT
} FeRebirthSquares;

/* What is done to the square found (Popeye's adapters). */
typedef enum {
  FE_REBIRTH_ADAPT_NONE = 0,
  FE_REBIRTH_ADAPT_DIAMETRAL,       /* turned about the centre */
  FE_REBIRTH_ADAPT_VERTICAL_MIRROR, /* mirrored left to right */
  FE_REBIRTH_ADAPT_COUNT
} FeRebirthAdapter;

/* What a rebirth does to a piece standing on its square (Popeye's
 * "on occupied rebirth square" policies, rebirth-squares.md §9). */
typedef enum {
  FE_REBIRTH_OCCUPIED_VANISH = 0, /* no rebirth: the piece is gone */
  FE_REBIRTH_OCCUPIED_ASSASSIN,   /* the piece there is taken off (Assassin) */
  FE_REBIRTH_OCCUPIED_COUNT
} FeRebirthOccupied;

/* A condition's rebirth part. */
typedef struct {
  uint8_t squares; /* FeRebirthSquares */
  uint8_t adapter; /* FeRebirthAdapter */
  uint8_t occupied; /* FeRebirthOccupied */
  /* Couscous: the square is the capturer's own (its walk, its side's
   * column), not the victim's. */
  bool couscous;
} FeRebirthRule;

/* What the piece becomes when it is put back (Popeye's reborn-walk
 * adapters; rebirth-squares.md §4). */
typedef enum {
  FE_REBORN_SAME = 0,
  FE_REBORN_CLONE,            /* the capturer's walk (a king's capture: its own) */
  FE_REBORN_CHAMELEON,        /* S → B → R → Q → S */
  FE_REBORN_EINSTEIN,         /* one step down: Q → R → B → S → P */
  FE_REBORN_REVERSE_EINSTEIN, /* one step up: P → S → B → R → Q */
  FE_REBORN_COUNT
} FeRebornWalk;

/* The walk a piece of `walk` is reborn with, captured by `capturer`. */
int fe_reborn_walk (FeRebornWalk kind, int walk, FePiece capturer);

/* What the rule looks at.  `side` is the side whose column the table is
 * read in: the piece's own for a captured piece (the side that did not
 * capture, for a neutral), the capturer's own for AntiCirce and Mars. */
typedef struct {
  FePiece piece;     /* the piece that goes (its walk, its id) */
  FeSquare square;   /* where it was captured, or stands (Mars) */
  int side;
  /* The move that captured (PWC, Equipollents, Couscous); NULL for Mars's
   * departures. */
  const FeMove *move;
  FePiece capturer;  /* Couscous: the piece that captured */
  int choice;        /* FE_REBIRTH_ANY: the square chosen, 0 (a1) … 63 (h8) */
} FeRebirthQuery;

/* How many squares the rule lets the move choose among: 64 for
 * FE_REBIRTH_ANY (those taken make the choice illegal), else 1. */
static inline int
fe_rebirth_choices (const FeRebirthRule *rule)
{
  return rule->squares == FE_REBIRTH_ANY || rule->squares == FE_REBIRTH_CAGE
         || rule->squares == FE_REBIRTH_TAKE_MAKE ? 64 : 1;
}

/* Cage (rebirth-squares.md §7): the piece on `sq` has no legal move
 * without capturing, its side to move, in `pos` as it stands. */
bool fe_rebirth_caged (const FePosition *pos, FeSquare sq);

/* Circe Take&Make (rebirth-squares.md §8): does `piece`, put on `from`
 * (whatever stands there), reach `to` by a move without capturing, played
 * by `side`, in `pos` as it stands? */
bool fe_rebirth_make_reaches (const FePosition *pos, FePiece piece, int side, FeSquare from,
                              FeSquare to);

/* The square of circe.md §2.2 for a piece of `walk` captured on `sq`, in
 * the column of the pieces at home on `home`'s side (FE_WHITE: e1, d1,
 * h1/a1 …, pawns on rank 2, other walks on rank 8). */
FeSquare fe_rebirth_home_square (int walk, FeSquare sq, int home);

/* Where `rule` sends the piece of `q`; FE_NO_SQUARE when nowhere (off the
 * board, no diagram square).  `rules` gives the diagram squares. */
FeSquare fe_rebirth_square (const FeRebirthRule *rule, const FeRules *rules,
                            const FeRebirthQuery *q);

/* Appends the rule's Popeye variant words, each after a space, in the
 * order Popeye echoes them in its header ("Circe File", "AntiCirce Mirror
 * Diametral"): `parrain` puts "Parrain" at its place among them. */
void fe_rebirth_append_popeye_words (GString *out, const FeRebirthRule *rule, bool parrain);

/* The "squares" parameter of a condition whose rule is one of these, and
 * the Popeye words after its switch that set it (cell `cell`): the Mars
 * family's (mars-circe.md §1). */
#define FE_REBIRTH_SQUARES_PARAM_N(n)                                         \
  { .name = "squares", .label = FE_N_ ("Rebirth squares"), .type = FE_PARAM_ENUM, \
    .n_values = (n), .xml_attribute = "squares",                                 \
    .xml_values = fe_rebirth_squares_xml, .value_labels = fe_rebirth_squares_labels }
#define FE_REBIRTH_SQUARES_PARAM FE_REBIRTH_SQUARES_PARAM_N (FE_REBIRTH_SQUARES_COUNT)
/* A standing piece's square (the Mars family): the rules that need a
 * capture (PWC, Equipollents, the capture square: the last three) are
 * left out. */
#define FE_REBIRTH_STANDING_SQUARES_PARAM FE_REBIRTH_SQUARES_PARAM_N (FE_REBIRTH_PWC)
#define FE_REBIRTH_SQUARES_KEYWORDS(cell)                                      \
  { "Mirror", cell, FE_REBIRTH_MIRROR, FE_KEYWORD_AFTER_SWITCH },                \
  { "File", cell, FE_REBIRTH_FILE, FE_KEYWORD_AFTER_SWITCH },                    \
  { "Symmetry", cell, FE_REBIRTH_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },            \
  { "Antipodes", cell, FE_REBIRTH_ANTIPODES, FE_KEYWORD_AFTER_SWITCH },          \
  { "Diagram", cell, FE_REBIRTH_DIAGRAM, FE_KEYWORD_AFTER_SWITCH }

/* The rule's Popeye words after the condition's own, for its parameter
 * description ("Mirror", "File", …): the values of a "squares" cell. */
extern const char *const fe_rebirth_squares_xml[FE_REBIRTH_SQUARES_COUNT];
extern const char *const fe_rebirth_squares_labels[FE_REBIRTH_SQUARES_COUNT];
