/* stalemate.h — which last moves cannot stalemate, told without playing
 * them (stalemate.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before a stalemating move the other side has legal moves ("witnesses").
 * A move that touches none of the squares a witness depends on leaves it
 * legal, so it cannot stalemate: it is dismissed without being made.
 * Orthodox positions only (no condition, no fairy or neutral piece),
 * where those squares are known from the geometry.
 */
#pragma once

#include "core/rules/movegen.h"

/* A few of the other side's legal moves: enough, as a rule, that every
 * move that does not stalemate leaves one of them alone.  Fewer kept only
 * means fewer moves dismissed. */
#define FE_STALEMATE_WITNESSES 24

/* A witness as the squares a move must touch to spoil it (bit FE_SQ64):
 * where it arrives, and where it leaves from. */
typedef struct {
  uint64_t arrival;
  uint64_t departure;
} FeWitness;

typedef struct {
  int n; /* 0: nothing known, no move dismissed */
  FeWitness w[FE_STALEMATE_WITNESSES];
} FeStalemateWitnesses;

/* The witnesses of the side not to move in `pos` (orthodox), as if the
 * side to move passed.  n = 0 when `pos` is not orthodox. */
void fe_stalemate_witnesses (FePosition *pos, FeStalemateWitnesses *out);

/* TRUE when the move `m` of the side to move certainly leaves the other
 * side a legal move (one of the witnesses), so that it cannot stalemate. */
gboolean fe_stalemate_excluded (const FeStalemateWitnesses *w, const FeMove *m);

/* One move earlier: the side to move plays, then the other side's one
 * move must stalemate it (the last two half-moves of h=, ser-h=).  The
 * side to move's legal moves now are the witnesses; a move of ours that
 * leaves some of them standing, untouched by any single reply that the
 * other side's pieces could make (their reach on an empty board), cannot
 * be followed by a stalemate and is dismissed without being made.
 * Orthodox positions without the other side's castling only. */
/* Witnesses kept at most: fewer kept only means fewer moves dismissed. */
#define FE_STALEMATE_NET_WITNESSES 64

typedef struct {
  uint8_t from, to;
  bool king;     /* a king move: its kill sets come from its arrival */
  uint64_t path; /* squares a piece of ours arriving on takes it away */
  FeWitness kill;        /* where our king has moved off its lines: no pins */
  FeWitness pinned_kill; /* our king where it stands: with the pins */
} FeNetWitness;

typedef struct {
  int n; /* 0: nothing known, no move dismissed */
  FeSquare king;
  int n_theirs;
  uint8_t their_square[16];
  uint64_t their_reach[16];
  uint64_t untouchable[16]; /* per piece of theirs: the witnesses (bit i) it cannot touch */
  /* Per square (FE_SQ64), the witnesses (bit i) of the piece leaving it,
   * those whose path it is on, and the king's whose arrival it sees on a
   * queen line; the squares witnesses leave from. */
  uint64_t by_from[64], by_path[64], king_sees[64];
  uint64_t from_squares;
  FeNetWitness w[FE_STALEMATE_NET_WITNESSES];
} FeStalemateNet;

/* The net of the side to move in `pos`; n = 0 when nothing can be told
 * (not orthodox, no king, the other side may castle, or more than 16
 * pieces of theirs). */
void fe_stalemate_net_prepare (FePosition *pos, FeStalemateNet *net);

/* TRUE when after our move `m` no single move of the other side can
 * stalemate us. */
gboolean fe_stalemate_net_excludes (const FeStalemateNet *net, const FeMove *m);
