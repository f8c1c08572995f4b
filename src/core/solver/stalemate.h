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

#include "core/movegen.h"

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
