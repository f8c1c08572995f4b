/* position.h — the board, side to move, rights, imitators and hash.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "fe-types.h"

typedef struct FeRules FeRules;

/* At most this many conditions act after a displacement: every registered
 * one may (FE_MAX_CONDITIONS, make.c asserts it). */
#define FE_MAX_EFFECTS 32

/* One logged square write; unmake replays the log backwards, so every fairy
 * side effect (mutation, recolouring, second castling piece) is undone the
 * same way. */
typedef struct {
  FeSquare square;
  FePiece before;
} FeChange;

typedef struct {
  uint64_t hash;
  uint8_t castling;
  uint8_t ep_victim;
  uint8_t ep_count;
  uint8_t ep_squares[2];
  uint8_t n_imitators;
  uint8_t imitators[FE_MAX_IMITATORS];
  FePiece owed;
  uint8_t owed_square;
  uint8_t mover_square;
  /* Pieces captured by this move and reborn in it (a Circe rebirth; the
   * goal % asks for none, docs/rules/stipulations.md §8.1). */
  uint8_t n_rebirths;
  uint8_t n_changes;
  /* Index into `changes` where the displacement ends and condition effects
   * begin (notation shows the effects, playback steps through them). */
  uint8_t n_displacement_changes;
  /* Index where the mover's own transformation (promotion, and the
   * effects flagged mutates_mover: Einstein) ends and effects on other
   * pieces begin (magician, magic): notation writes the first as `=X`,
   * the rest as `{sq=X}`. */
  uint8_t n_self_changes;
  bool imitators_moved;
  /* The index in FeRules.ops of the effect that moved them (-1: none). */
  int8_t imitators_moved_by;
  /* Where each active condition's effects end in `changes` (by its index
   * in FeRules.ops): playback shows each effect as its own step. */
  uint8_t effect_end[FE_MAX_EFFECTS];
  FeChange changes[FE_MAX_CHANGES];
} FeUndo;

typedef struct FePosition {
  FePiece board[128];
  uint8_t side; /* FeColour of the side to move */
  uint8_t castling;
  /* The pawn that just made a multi-step, and the squares it passed over,
   * where an enemy pawn may capture it en passant on this reply. */
  uint8_t ep_victim;
  uint8_t ep_count;
  uint8_t ep_squares[2];
  uint8_t king[2]; /* FE_NO_SQUARE when the side has no king */
  uint8_t n_imitators;
  uint8_t imitators[FE_MAX_IMITATORS];
  uint8_t imitator_colour[FE_MAX_IMITATORS]; /* FeColour; neutral = standard */
  uint8_t walk_count[3][FE_WALK_MAX];          /* per colour: how many of each walk */
  uint64_t walk_mask[3];                       /* per colour: bit w set when walk w is present */
  /* Per colour: bit FE_SQ64 (sq) set when a piece stands on sq.  Kept by
   * every square write, so generation visits only the pieces and attack
   * tests skip the lines where no enemy stands. */
  uint64_t occupied[3];
  /* CastlingMutuallyExclusive: pairs of castling flags (FE_CASTLE_*) of which
   * using one (castling with that rook) removes the other. */
  uint8_t n_castling_mutex;
  uint8_t castling_mutex[4][2];
  /* A piece captured by the last move and owed a rebirth in the next one
   * (Circe Parrain, docs/rules/circe.md §4), with the square it was captured
   * on; walk FE_WALK_NONE when nothing is owed.  Part of the hash. */
  FePiece owed;
  uint8_t owed_square;
  /* Where the piece that made the last move stands once its effects are
   * done (FE_NO_SQUARE: it left the board); the goal z<sq> asks
   * (docs/rules/stipulations.md §8.1).  Not part of the hash. */
  uint8_t mover_square;
  uint64_t hash;
  /* The active rules; NULL = orthodox chess: no condition, no fairy walk
   * to promote into (fe_rules_for_position), the fast paths. */
  const FeRules *rules;
} FePosition;

void fe_position_init (FePosition *pos);
/* Puts a piece on an empty or occupied square, keeping the hash, the walk
 * counts and the king squares; when piece.id is 0 assigns the smallest id
 * no other piece on the board holds. */
void fe_position_put (FePosition *pos, FeSquare sq, FePiece piece);
void fe_position_remove (FePosition *pos, FeSquare sq);
/* Rights from the standard squares (docs/rules/common-model.md §6.3);
 * called after setup. */
void fe_position_default_castling (FePosition *pos);
void fe_position_recompute_hash (FePosition *pos);
/* Imitators (docs/rules/common-model.md §2.2): a token on an empty square,
 * never two on one.  Each edit keeps the hash; none touches the pieces, so
 * the castling rights stand.  The index of the imitator on `sq`, or -1. */
int fe_position_imitator_at (const FePosition *pos, FeSquare sq);
/* FALSE (nothing changes) when the square holds a piece or an imitator,
 * or FE_MAX_IMITATORS stand already. */
gboolean fe_position_add_imitator (FePosition *pos, FeSquare sq, FeColour colour);
/* FALSE when no imitator stands there. */
gboolean fe_position_remove_imitator (FePosition *pos, FeSquare sq);
/* Moves the imitator on `from` (keeping its colour and its place in the
 * order); FALSE when there is none or `to` is not empty. */
gboolean fe_position_move_imitator (FePosition *pos, FeSquare from, FeSquare to);
/* The same pieces (walk, colour, attributes; not their ids) on the same
 * squares, and the same imitators in the same order: what reaching an
 * a=>b target asks (docs/rules/stipulations.md §5.3); side to move, rights
 * and e.p. squares are not compared. */
gboolean fe_position_same_placement (const FePosition *a, const FePosition *b);
/* Does a piece with any of the attribute bits `attrs` (FE_ATTR_*) stand on
 * the board?  (Magic and magician pieces put their condition in force.) */
bool fe_position_has_attribute (const FePosition *pos, uint8_t attrs);


/* Piece keys by (walk, colour) and square, mixed with a key by the
 * attribute bits (any of the eight) and square: inline, since every square
 * write of make/unmake updates the hash. */
extern uint64_t fe_zobrist_piece_keys[FE_WALK_MAX * 3][64];
extern uint64_t fe_zobrist_attribute_keys[256][64];
static inline uint64_t
fe_zobrist_piece (FePiece p, FeSquare sq)
{
  uint64_t k = fe_zobrist_piece_keys[p.walk * 3 + p.colour][FE_SQ64 (sq)];
  return p.attrs ? k ^ fe_zobrist_attribute_keys[p.attrs][FE_SQ64 (sq)] : k;
}
extern uint64_t fe_zobrist_side_key;
extern uint64_t fe_zobrist_castling_keys[64];
extern uint64_t fe_zobrist_ep_keys[64];
extern uint64_t fe_zobrist_imitator_keys[3][64];
static inline uint64_t
fe_zobrist_side (void)
{
  return fe_zobrist_side_key;
}
static inline uint64_t
fe_zobrist_castling (uint8_t rights)
{
  return fe_zobrist_castling_keys[rights & 63];
}
/* An owed rebirth: the piece's key on its capture square, turned so that
 * it differs from the same piece standing there. */
static inline uint64_t
fe_zobrist_owed (FePiece p, FeSquare sq)
{
  uint64_t k = fe_zobrist_piece (p, sq);
  return (k << 23) | (k >> 41);
}
static inline uint64_t
fe_zobrist_ep (FeSquare sq)
{
  return fe_zobrist_ep_keys[FE_SQ64 (sq)];
}
/* By the imitator's colour (FeColour): monochrome imitators of either
 * side, neutral ones. */
static inline uint64_t
fe_zobrist_imitator (FeSquare sq, int colour)
{
  return fe_zobrist_imitator_keys[colour][FE_SQ64 (sq)];
}

/* The raw write: counts, masks and king squares follow the board; the hash
 * too unless unmake restores it wholesale from the undo record.  Inline:
 * make, unmake and the conditions write squares on every move. */
static inline void
fe_position_write (FePosition *pos, FeSquare sq, FePiece piece, bool keep_hash)
{
  FePiece old = pos->board[sq];
  if (old.walk)
    {
      if (keep_hash)
        pos->hash ^= fe_zobrist_piece (old, sq);
      if (--pos->walk_count[old.colour][old.walk] == 0)
        pos->walk_mask[old.colour] &= ~(UINT64_C (1) << old.walk);
      pos->occupied[old.colour] &= ~(UINT64_C (1) << FE_SQ64 (sq));
      if (old.walk == FE_WALK_KING && old.colour < 2 && pos->king[old.colour] == sq)
        pos->king[old.colour] = FE_NO_SQUARE;
    }
  pos->board[sq] = piece;
  if (piece.walk)
    {
      if (keep_hash)
        pos->hash ^= fe_zobrist_piece (piece, sq);
      if (pos->walk_count[piece.colour][piece.walk]++ == 0)
        pos->walk_mask[piece.colour] |= UINT64_C (1) << piece.walk;
      pos->occupied[piece.colour] |= UINT64_C (1) << FE_SQ64 (sq);
      if (piece.walk == FE_WALK_KING && piece.colour < 2)
        pos->king[piece.colour] = sq;
    }
}

/* The logged write used by make and the conditions. */
static inline void
fe_position_set (FePosition *pos, FeUndo *undo, FeSquare sq, FePiece piece)
{
  g_assert (undo->n_changes < FE_MAX_CHANGES);
  undo->changes[undo->n_changes].square = sq;
  undo->changes[undo->n_changes].before = pos->board[sq];
  undo->n_changes++;
  fe_position_write (pos, sq, piece, true);
}

/* Unmake's side of fe_position_set (the hash comes back from the undo
 * record). */
static inline void
fe_position_restore_square (FePosition *pos, FeSquare sq, FePiece piece)
{
  fe_position_write (pos, sq, piece, false);
}

/* Sets or clears (walk FE_WALK_NONE) the owed rebirth, keeping the hash;
 * unmake restores it from the undo record. */
static inline void
fe_position_set_owed (FePosition *pos, FePiece piece, FeSquare sq)
{
  if (pos->owed.walk)
    pos->hash ^= fe_zobrist_owed (pos->owed, pos->owed_square);
  pos->owed = piece;
  pos->owed_square = piece.walk ? sq : 0;
  if (piece.walk)
    pos->hash ^= fe_zobrist_owed (piece, sq);
}
static inline void
fe_position_clear_owed (FePosition *pos)
{
  if (pos->owed.walk)
    fe_position_set_owed (pos, FE_PIECE_EMPTY, 0);
}

/* Does `colour` own or may it play the piece?  Neutral pieces belong to both. */
static inline bool
fe_piece_playable_by (FePiece p, int side)
{
  return p.walk != FE_WALK_NONE && (p.colour == side || p.colour == FE_NEUTRAL);
}

/* May `side` capture the piece (it is the opponent's or neutral)? */
static inline bool
fe_piece_capturable_by (FePiece p, int side)
{
  return p.walk != FE_WALK_NONE && p.colour != side;
}

static inline bool
fe_square_empty (const FePosition *pos, int sq)
{
  return pos->board[sq].walk == FE_WALK_NONE;
}

/* The castling flag tied to a square: the king's (e1, e8) or a rook's
 * (a1, h1, a8, h8); 0 elsewhere (docs/rules/common-model.md §6.3). */
static inline uint8_t
fe_castling_flag_of_square (FeSquare sq)
{
  switch (sq)
    {
    case FE_SQ (4, 0): return FE_CASTLE_WK;
    case FE_SQ (0, 0): return FE_CASTLE_WA;
    case FE_SQ (7, 0): return FE_CASTLE_WH;
    case FE_SQ (4, 7): return FE_CASTLE_BK;
    case FE_SQ (0, 7): return FE_CASTLE_BA;
    case FE_SQ (7, 7): return FE_CASTLE_BH;
    default: return 0;
    }
}

/* The castling flags of `colour`: its king's and its rooks'. */
static inline uint8_t
fe_castling_flags_of (FeColour colour)
{
  return colour == FE_WHITE ? FE_CASTLE_WK | FE_CASTLE_WA | FE_CASTLE_WH
                            : FE_CASTLE_BK | FE_CASTLE_BA | FE_CASTLE_BH;
}

/* Square names: "e4"; returns FE_NO_SQUARE on a bad name. */
FeSquare fe_square_parse (const char *text);
void fe_square_name (FeSquare sq, char out[3]);
