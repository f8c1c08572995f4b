/* movegen.h — move generation, attacks, make and unmake.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "condition.h"
#include "position.h"

/* Called for each square a piece observes (its capture pattern on the
 * current board, whatever stands there).  Return true to stop. */
typedef bool (*FeObservationFunc) (const FePosition *pos, const FeCapturePath *path, void *data);

/* Move lists: generation fills any FeMoveList and grows it on the heap when
 * a position has more than FE_MAX_MOVES moves.  Declare lists with
 * FE_MOVE_LIST (name), which frees that memory when the list goes out of
 * scope; a list declared plainly works too but keeps its heap part. */
#define FE_MOVE_LIST_MAGIC ((uintptr_t) 0x6d6f76656c697374ull)
static inline void
fe_move_list_init (FeMoveList *l)
{
  l->moves = l->buf;
  l->count = 0;
  l->capacity = FE_MAX_MOVES;
  l->self = l;
  l->check = (uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC;
}
static inline bool
fe_move_list_valid (const FeMoveList *l)
{
  return l->self == l
         && l->check == ((uintptr_t) l->moves ^ (uintptr_t) l->capacity ^ (uintptr_t) l ^ FE_MOVE_LIST_MAGIC);
}
/* Empties the list, keeping its memory. */
static inline void
fe_move_list_reset (FeMoveList *l)
{
  if (!fe_move_list_valid (l))
    fe_move_list_init (l);
  l->count = 0;
}
/* Room for one more move (doubles the capacity). */
void fe_move_list_grow (FeMoveList *l);
static inline void
fe_move_list_push (FeMoveList *l, const FeMove *m)
{
  if (l->count >= l->capacity)
    fe_move_list_grow (l);
  l->moves[l->count++] = *m;
}
void fe_move_list_release (FeMoveList *l);
#define FE_MOVE_LIST(name)                                                    \
  FeMoveList name __attribute__ ((cleanup (fe_move_list_release)));          \
  fe_move_list_init (&name)

/* Pseudo-legal moves of the side to move: walk rules plus the conditions'
 * pre-move filters.  Takes a mutable position because castling tests the
 * crossed square by playing the king's one step; it is restored. */
void fe_generate_pseudo (FePosition *pos, FeMoveList *list);
/* The pseudo-legal moves of the side to move's piece on `from` only (the
 * same moves fe_generate_pseudo lists for it, perhaps in another order). */
void fe_generate_pseudo_from (FePosition *pos, FeSquare from, FeMoveList *list);
/* Legal moves: pseudo-legal ones after which the mover is not in check. */
void fe_generate_legal (FePosition *pos, FeMoveList *list);
/* Is there at least one legal move? (stops at the first) */
bool fe_has_legal_move (FePosition *pos);

/* The capture pattern of the piece on `from`, played by `side` (matters for
 * neutral pawns).  Geometric only: no condition is consulted. */
void fe_for_each_observation (const FePosition *pos, FeSquare from, int side,
                              FeObservationFunc func, void *data);

/* The same on the board itself: squares a condition blocks for `side`
 * (monochrome imitators) are not seen.  Madrasi paralysis ignores
 * imitators (rules §8.2). */
void fe_for_each_plain_observation (const FePosition *pos, FeSquare from, int side,
                                    FeObservationFunc func, void *data);

/* G-observation of `target` by pieces of `colour` with walk `walk`
 * (FE_WALK_NONE = any walk).  Geometric only, on the plain board (Madrasi
 * paralysis ignores imitators, rules §8.2). */
bool fe_square_observed_by (const FePosition *pos, FeSquare target, int colour, int walk);

/* G-observation of `target` by pieces of `walk` playable by `side` (its own
 * and neutral ones, neutral pawns moving as `side`'s).  `accept`, when not
 * NULL, is asked about each observer found and returns true to count it
 * (Madrasi skips magicians).  Geometric otherwise, on the plain board. */
bool fe_square_observed_by_filtered (const FePosition *pos, FeSquare target, int side, int walk,
                                     FeObservationFunc accept, void *data);

/* Attack (rules §1.3): a piece playable by `by_side` could capture on
 * `target`, allowed by every active condition. */
bool fe_square_attacked (const FePosition *pos, FeSquare target, int by_side);
bool fe_in_check (const FePosition *pos, int side);

/* Make returns false when a condition rejects the move (an imitator cannot
 * follow); unmake must be called in every case. */
bool fe_make (FePosition *pos, const FeMove *move, FeUndo *undo);
void fe_unmake (FePosition *pos, const FeMove *move, const FeUndo *undo);
/* A pass (null move), for threats and set play. */
void fe_make_null (FePosition *pos, FeUndo *undo);
void fe_unmake_null (FePosition *pos, const FeUndo *undo);

/* Makes the move if it is legal; on false the position is unchanged. */
bool fe_make_legal (FePosition *pos, const FeMove *move, FeUndo *undo);

/* Legality decided without playing the move, for orthodox positions: only
 * king moves, e.p. and pinned pieces need a look (in check, moves that
 * neither take the checker nor block are refused at once).  Inactive (everything "unknown") as soon as a condition or a fairy
 * piece is on the board. */
typedef struct {
  bool active;
  FeSquare king;
  int checkers;        /* pieces giving check */
  int8_t pin[128];     /* the pin line through a square, 0 if none */
  uint8_t evasion[128]; /* with one checker: squares that take it or block */
} FeLegality;

void fe_legality_prepare (FePosition *pos, FeLegality *lg);
/* 1 legal, 0 illegal, -1 unknown: play it and look at the king. */
int fe_legality_of (const FeLegality *lg, const FeMove *move);
/* fe_make_legal, skipping the check test where the legality is known. */
bool fe_make_legal_with (FePosition *pos, const FeLegality *lg, const FeMove *move, FeUndo *undo);

/* Only orthodox pieces and no condition: the fast paths above apply. */
bool fe_position_is_orthodox (const FePosition *pos);
/* Does the move check the opponent's king?  Decided on the board before the
 * move, for orthodox positions: 1 yes, 0 no, -1 play it to know. */
int fe_orthodox_gives_check (const FePosition *pos, const FeMove *move);

uint64_t fe_perft (FePosition *pos, int depth);

static inline bool
fe_move_equal (const FeMove *a, const FeMove *b)
{
  return a->from == b->from && a->to == b->to && a->capture == b->capture
         && a->flags == b->flags && a->promotion == b->promotion && a->choice == b->choice
         && a->aux == b->aux;
}
