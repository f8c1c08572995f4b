/* movegen.h — move generation, attacks, make and unmake.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layers, each calling only those below it: movelist.h and observe.h
 * (movegen-walks.c, movegen-pawns.c: the walks' geometry), attack.h
 * (attack.c), movegen-check.c (the conditions' filters, the departures
 * and check), then make.c, movegen-castling.c and movegen-legality.c
 * (legality and check shortcuts), and movegen.c (generation) over them.
 */
#pragma once

#include "attack.h"
#include "condition.h"
#include "movelist.h"
#include "observe.h"
#include "core/model/position.h"

/* Is `side`'s king in check?  By attack (fe_in_check_by_attack), or where
 * a condition makes captures start elsewhere (Mars Circe, Phantom chess:
 * FeRules.check_by_generation) by the captures the other side could make. */
bool fe_in_check (const FePosition *pos, int side);

/* The square the move's piece moved from as its walk sees it: m->from, or
 * its rebirth square when it moved as if from there
 * (FE_MOVE_X_FROM_REBIRTH); `pos` before the move. */
FeSquare fe_move_departure (const FePosition *pos, const FeMove *m);
/* Make&Take (docs/rules/make-and-take.md): the square a capture's make
 * arrives on, the first that leads to this capture; FE_NO_SQUARE for a
 * move without one.  `pos` before the move. */
FeSquare fe_move_make_square (const FePosition *pos, const FeMove *m);

/* Pseudo-legal moves of the side to move: walk rules plus the conditions'
 * pre-move filters.  Takes a mutable position because castling tests the
 * crossed square by playing the king's one step; it is restored. */
void fe_generate_pseudo (FePosition *pos, FeMoveList *list);
/* The pseudo-legal moves of the side to move's piece on `from` only (the
 * same moves fe_generate_pseudo lists for it, perhaps in another order). */
void fe_generate_pseudo_from (FePosition *pos, FeSquare from, FeMoveList *list);
/* The moves of the piece on `from` by its walk alone, played by pos->side
 * as it stands: no departure, filter or choice of the conditions, no
 * castling — empty when a condition keeps the piece from moving
 * (paralysis).  A rebirth rule's make (Circe Take&Make). */
void fe_generate_walk_from (FePosition *pos, FeSquare from, FeMoveList *list);
/* Legal moves: pseudo-legal ones after which the mover is not in check. */
void fe_generate_legal (FePosition *pos, FeMoveList *list);
/* Is there at least one legal move? (stops at the first) */
bool fe_has_legal_move (FePosition *pos);

/* Make returns false when a condition rejects the move (an imitator cannot
 * follow); unmake must be called in every case. */
bool fe_make (FePosition *pos, const FeMove *move, FeUndo *undo);
void fe_unmake (FePosition *pos, const FeMove *move, const FeUndo *undo);
/* Where the piece that made move `m` stands once `pos` is after it (made
 * with `undo`): its arrival square, or where an effect sent it (an
 * AntiCirce transfer); FE_NO_SQUARE when it left the board (a kamikaze
 * piece, a pawn promoted to an imitator).  Castling: the king. */
FeSquare fe_mover_square (const FePosition *pos, const FeMove *m, const FeUndo *undo);
/* A pass (null move), for threats and set play. */
void fe_make_null (FePosition *pos, FeUndo *undo);
void fe_unmake_null (FePosition *pos, const FeUndo *undo);

/* What a capture left (`after`, played from `before`) that makes it count. */
typedef bool (*FeCaptureOutcome) (const FePosition *after, const FePosition *before,
                                  const FeCapturePath *path);
/* Could the piece on path->from capture on path->to, played by path->side
 * with every effect of the conditions, as a move no condition rejects
 * (the capturer's own king is not looked at), and, when `outcome` is not
 * NULL, with that outcome?  The check of the legal-capture kind
 * (docs/rules/effect-order.md §2: AntiCirce, Isardam, KoeKo; Circe Rex
 * inclusive: the king is not reborn).  Castling is never such a capture, so
 * no check test is made here. */
bool fe_capture_playable (const FePosition *pos, const FeCapturePath *path,
                          FeCaptureOutcome outcome);

/* A condition rejects the move without its being made (refuses_move): a
 * caller that only wants legal moves need not make it. */
static inline bool
fe_move_refused (const FePosition *pos, const FeMove *move)
{
  const FeRules *r = pos->rules;
  if (G_LIKELY (!r || !r->any_refusal_hook))
    return false;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->refuses_move && r->ops[i]->refuses_move (pos, move))
      return true;
  return false;
}

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
  uint64_t pinned;     /* pinned pieces (bit FE_SQ64) */
  int8_t pin[128];     /* the pin line through a pinned piece's square */
  uint64_t evasion;    /* with one checker: squares that take it or block */
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

