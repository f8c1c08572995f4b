/* movegen-private.h — what the movegen-*.c files share: the generator.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not for use outside src/core/rules/movegen*.c.
 */
#pragma once

#include "movegen.h"

typedef struct {
  FePosition *pos;
  int side;
  FeMoveList *list;
  /* The board the walks see: the position's own, or a copy where the
   * conditions' blocked squares (monochrome imitators,
   * docs/rules/imitator.md §9) are filled with an obstacle of the moving
   * side's colour. */
  const FePiece *board;
  /* Observation mode when set: report occupied capture squares only. */
  FeObservationFunc observe;
  void *observe_data;
  bool stop;
  /* Generating captures of a king to test check: Phantom chess's captures
   * from the rebirth square all count, even to a square a move from the
   * piece's own square reaches (Popeye's observation has no such filter). */
  bool for_check;
  /* When set, only captures of the piece on this square are wanted (a
   * check's king, a capture's probe): Make&Take makes only by its walk. */
  const FeSquare *target;
} Gen;

#define V(df, dr) ((int) ((dr) * 16 + (df)))

static inline void
push (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t flags, uint8_t nature, uint8_t aux)
{
  FeMoveList *l = g->list;
  if (G_UNLIKELY (l->count >= l->capacity))
    fe_move_list_grow (l);
  FeMove *m = &l->moves[l->count++];
  m->from = from;
  m->to = to;
  m->capture = cap;
  m->flags = flags;
  m->promotion = 0;
  m->nature = nature;
  m->aux = aux;
  m->xflags = 0;
  m->choice = 0;
}

static inline void
quiet (Gen *g, FeSquare from, FeSquare to, uint8_t nature, uint8_t aux)
{
  if (!g->observe)
    push (g, from, to, FE_NO_SQUARE, 0, nature, aux);
}

/* May the side generating capture this piece: the other side's or a
 * neutral one, and under a part that lets pieces capture their own side
 * (Bicaptures: FeRules.captures_own) its own pieces but the king. */
static inline bool
fe_gen_may_capture (const Gen *g, FePiece t)
{
  if (fe_piece_capturable_by (t, g->side))
    return true;
  const FeRules *r = g->pos->rules;
  return G_UNLIKELY (r && r->captures_own) && t.walk && t.walk != FE_WALK_KING;
}

/* A capture of the piece on `cap`, landing on `to` (different for locusts). */
static inline void
capture (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t nature, uint8_t aux)
{
  if (g->observe)
    {
      if (!g->stop)
        {
          FeCapturePath p = { from, cap, nature, aux, g->side };
          g->stop = g->observe (g->pos, &p, g->observe_data);
        }
      return;
    }
  if (fe_gen_may_capture (g, g->board[cap]))
    push (g, from, to, cap, FE_MOVE_CAPTURE, nature, aux);
}

/* movegen-walks.c: the board the walks of `side` see, `pos->board` or
 * `copy` filled with the conditions' blocked squares. */
const FePiece *fe_gen_board (const FePosition *pos, int side, FePiece *copy);
/* movegen-walks.c: the moves (or observations) of the piece on `from` by
 * its walk; castling is not a walk's move (fe_gen_castling). */
void fe_gen_piece (Gen *g, FeSquare from);
/* movegen-pawns.c: pawn steps, captures, e.p. and promotions. */
void fe_gen_pawn (Gen *g, FeSquare from, int colour);
/* movegen-castling.c: castling of the king on `from` (generation only). */
void fe_gen_castling (Gen *g, FeSquare from);

/* movegen-check.c: may the piece on `sq` move at all (the conditions'
 * piece_may_move)? */
bool fe_piece_may_move (const FePosition *pos, FeSquare sq);
/* movegen-check.c: the conditions' move filters and choices on a list. */
void fe_apply_condition_filters (FePosition *pos, const FeRules *r, FeMoveList *list);
/* movegen-check.c: the moves of the piece on `sq` as the declared parts
 * reshape them (FeRules.reshapes_moves): the departures (fe_gen_piece's,
 * and those made as if from its rebirth square), then Take&Make's second
 * step after each capture. */
void fe_gen_piece_reshaped (Gen *g, FeSquare sq);
/* movegen-pawns.c: a pawn's move, or its promotions when it arrives on
 * `promo_rank` (the conditions' promotion hooks consulted). */
void fe_gen_push_pawn_move (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t flags,
                            uint8_t nature, uint8_t aux, int promo_rank);
