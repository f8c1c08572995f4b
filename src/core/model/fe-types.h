/* fe-types.h — the compact value types every layer shares.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Squares are 0x88 indices (rank * 16 + file): any vector of a fairy leaper
 * that leaves the board sets a bit of 0x88, so one test guards every walk.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Marks a label for translation (xgettext --keyword=FE_N_); the GUI
 * translates it when it shows it.  The core itself stays in English. */
#define FE_N_(text) text

typedef uint8_t FeSquare;

#define FE_NO_SQUARE 0xFF
#define FE_SQ(file, rank) ((FeSquare) ((rank) * 16 + (file)))
#define FE_FILE(sq) ((sq) & 7)
#define FE_RANK(sq) ((sq) >> 4)
#define FE_ON_BOARD(sq) (((sq) & 0x88) == 0)
/* Dense 0..63 index, for tables and the Zobrist keys. */
#define FE_SQ64(sq) ((((sq) >> 4) << 3) | ((sq) & 7))
#define FE_SQ88(i) ((FeSquare) ((((i) >> 3) << 4) | ((i) & 7)))

typedef enum {
  FE_WHITE = 0,
  FE_BLACK = 1,
  FE_NEUTRAL = 2,
} FeColour;

#define FE_OPPONENT(side) ((FeColour) ((side) ^ 1))

/* Walk identifiers, one a row of walk-catalogue.h (which also holds each
 * walk's code, name, figure and geometry: adding a walk is adding a row
 * there).  FE_WALK_NONE marks an empty square; the orthodox walks come
 * first, FE_WALK_KING..FE_WALK_PAWN. */
typedef enum {
  FE_WALK_NONE = 0,
#define FE_WALK_ROW(ID, ...) FE_WALK_##ID,
#include "walk-catalogue.h"
#undef FE_WALK_ROW
  FE_WALK_COUNT
} FeWalk;

#define FE_WALK_MAX 64

/* Piece attributes (bit set). The king's royalty is its walk. */
enum {
  FE_ATTR_MAGIC = 1 << 0,
  FE_ATTR_MAGICIAN = 1 << 1,
  FE_ATTR_PATROL = 1 << 2,
  FE_ATTR_KAMIKAZE = 1 << 3,
};

/* One square's content: four bytes, so the board copies and compares cheaply.
 * `id` is the persistent identity magic pieces compare views by
 * (docs/rules/common-model.md §2.1). */
typedef struct {
  uint8_t walk;   /* FeWalk; FE_WALK_NONE = empty */
  uint8_t colour; /* FeColour */
  uint8_t attrs;  /* FE_ATTR_* */
  uint8_t id;     /* 1..64, unique on the board; 0 on empty squares */
} FePiece;

#define FE_PIECE_EMPTY ((FePiece) { 0, 0, 0, 0 })

/* How a displacement travels: the Imitator copies it "of the same nature". */
typedef enum {
  FE_NATURE_LEAP = 0,
  FE_NATURE_RIDE, /* aux = number of steps */
  FE_NATURE_HOP,  /* aux = distance of the hurdle; arrival is just beyond */
  FE_NATURE_LION, /* aux = distance of the hurdle; arrival further on (lions, and the
                   * Chinese pieces' captures) */
  FE_NATURE_CURVE, /* rose: aux = start index * 2 + sense */
  FE_NATURE_OTHER, /* lame leapers, equihoppers… (not imitable) */
} FeNature;

/* Move flags */
enum {
  FE_MOVE_CAPTURE = 1 << 0,
  FE_MOVE_EN_PASSANT = 1 << 1,
  FE_MOVE_CASTLE_SHORT = 1 << 2,
  FE_MOVE_CASTLE_LONG = 1 << 3,
  FE_MOVE_MULTI_STEP = 1 << 4, /* pawn double or triple step: sets e.p. */
  FE_MOVE_PROMOTION = 1 << 5,
  FE_MOVE_PROMOTE_IMITATOR = 1 << 6,
  FE_MOVE_NULL = 1 << 7, /* a pass, used for threats and set play */
};

/* More move flags (FeMove.xflags). */
enum {
  /* The piece moved as if from its rebirth square (Mars Circe, AntiMars,
   * Phantom chess: core/rules/rebirth.h, fe_move_departure). */
  FE_MOVE_X_FROM_REBIRTH = 1 << 0,
};

/* A move: twelve bytes. The capture square differs from the arrival for en
 * passant and for locusts; `xflags` fills the byte before `choice`. `choice` selects among a condition's alternatives
 * (an Einstein mutation into one of several fairy walks, the magician
 * mutations of several pieces: 32 bits, so no combination is cut off). */
typedef struct {
  FeSquare from;
  FeSquare to;
  FeSquare capture; /* FE_NO_SQUARE when nothing is captured */
  uint8_t flags;
  uint8_t promotion; /* FeWalk promoted to */
  uint8_t nature;    /* FeNature */
  uint8_t aux;
  uint8_t xflags; /* FE_MOVE_X_* */
  uint32_t choice;
} FeMove;

/* Moves a list holds without the heap.  Orthodox chess has at most 218;
 * fairy pieces go far beyond (promotion to every walk of the problem,
 * mutation choices), so a list grows on the heap past this: see
 * FE_MOVE_LIST in movegen.h. */
#define FE_MAX_MOVES 512
#define FE_MAX_IMITATORS 10
#define FE_MAX_CHANGES 72

typedef struct FeMoveList {
  FeMove *moves; /* `buf`, or the heap once more than FE_MAX_MOVES */
  int count;
  int capacity;
  /* The list's own address and a check of the three fields: generation
   * trusts `moves` and `capacity` only when both agree (a list declared
   * without FE_MOVE_LIST starts with garbage), else it starts on `buf`. */
  const struct FeMoveList *self;
  uintptr_t check;
  FeMove buf[FE_MAX_MOVES];
} FeMoveList;

/* Castling right flags (docs/rules/common-model.md §6.3): a king flag and one
 * per rook square. */
enum {
  FE_CASTLE_WK = 1 << 0,
  FE_CASTLE_WA = 1 << 1,
  FE_CASTLE_WH = 1 << 2,
  FE_CASTLE_BK = 1 << 3,
  FE_CASTLE_BA = 1 << 4,
  FE_CASTLE_BH = 1 << 5,
};

/* The move stays twelve bytes (the lists and the search copy many). */
_Static_assert (sizeof (FeMove) == 12, "FeMove grew");
