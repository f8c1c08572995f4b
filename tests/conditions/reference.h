/* reference.h — a slow, independent move generator written from the rules
 * of docs/rules/ (and the walks' definitions), and its comparison with the
 * engine's.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Used by test-reference (random positions of every genre set) and by the
 * solver differential (tests/solver/test-differential.c, the positions of
 * random problems).  It knows the seeds' genres (Madrasi, Imitator, Magic,
 * Magician, Einstein), the further conditions (Circe in all its forms,
 * AntiCirce, Andernach, Isardam, Patrol, KoeKo, Kamikaze, Mars Circe,
 * AntiMars, Phantom chess, Take&Make), alone and in the
 * combinations docs/rules/combinations.md §2–§3 accepts, and every walk of
 * its own catalogue;
 * for anything else (neutral pieces, combinations the spec leaves unclear:
 * see fe_ref_rules_init) it says no and the caller skips the comparison.
 */
#pragma once

#include <glib.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"

/* The reference's squares: file + 8 * rank (0 = a1). */
#define SQ(f, r) ((f) + 8 * (r))
#define FI(s) ((s) & 7)
#define RK(s) ((s) >> 3)

static inline bool
on (int f, int r)
{
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/* The rules as the reference reads them from the parameters and the
 * diagram. */
typedef struct {
  FeConditionParams c;
  bool imitator; /* the condition is on (parameter or imitators in the diagram) */
  bool mono;     /* a coloured imitator in the diagram: monochrome form (D14) */
  bool magician; /* magician pieces in play */
  bool magic;
  int fairy[FE_WALK_MAX];
  int n_fairy;
  /* the further conditions (circe.md … kamikaze.md): the forms in force
   * (0: off) */
  int circe;          /* FeCirceVariant */
  bool circe_rex;     /* circe.md §3 */
  int anticirce;      /* 1 Calvet, 2 Cheylan */
  int andernach;      /* 1 Andernach, 2 AntiAndernach */
  bool isardam, isardam_b, isardam_rex;
  int patrol;         /* 1 the pieces with the attribute, 2 every piece */
  bool koeko;
  bool kamikaze;
  /* mars-circe.md: 1 + the rebirth squares' rule (FeRebirthSquares, plain
   * or Mirror here), 0 off; Mars's kings capture as they stand when
   * mars_rex_exclusive */
  int mars, antimars, phantom;
  bool mars_rex_exclusive;
  bool takemake; /* take-and-make.md */
  bool maketake; /* make-and-take.md */
  bool assassin; /* rebirth-squares.md §9: Circe Assassin */
  bool danger;   /* danger-circe.md */
  bool bicaptures; /* bicaptures.md */
  int multi;     /* multicaptures.md: 1 both sides, 2 White, 3 Black; 0 off */
  /* Diagram Circe: each piece's square in the diagram (by id; -1 none) */
  int diagram_sq[256];
  /* reference.c's own: a capture of a king played out to see whether it
   * would take the king (the legal-capture check), no self-check test */
  bool probe;
} FeRefRules;

/* What the compared moves exercised, so that a weak generator of
 * positions shows (callers assert that each kind occurred). */
typedef struct {
  int castling, en_passant, multi_step, first_rank, imitator_promotion, effects, moves;
  int promotions, fairy_promotions;
  /* moves the reference reached by two routes or more (rose, moose…) */
  int routes;
  /* moves with a Circe rebirth; moves leaving a Parrain rebirth owed */
  int rebirths, owed;
  /* moves made as if from the rebirth square (mars-circe.md) */
  int departures;
} FeRefSeen;

/* Reads the rules of `diagram` under `c`.  FALSE when the reference cannot
 * judge them: a condition in force it does not know, a walk outside its
 * catalogue, a neutral piece. */
gboolean fe_ref_rules_init (FeRefRules *rr, const FeConditionParams *c, const FePosition *diagram);

/* Compares the engine with the reference on `pos` (its rules attached as
 * the caller wants them: NULL when orthodox, or always): check of both
 * sides, attack on every piece, Madrasi paralysis, and the legal moves as
 * the positions they reach — the engine must list each once, and their
 * notations must differ (D7: one move, one line).  Prints each mismatch
 * with the position to stderr and returns their number; the engine's
 * legal moves are left in `legal` for the caller to descend. */
int fe_ref_compare (FePosition *pos, const FeRefRules *rr, FeMoveList *legal, FeRefSeen *seen);

/* The side is in check, by the reference. */
gboolean fe_ref_in_check (const FePosition *pos, const FeRefRules *rr, int side);

/* The reference's catalogue has this walk. */
gboolean fe_ref_knows_walk (int walk);
