/* condition.h — the hooks a fairy condition plugs into.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A condition is one file under conditions/ that fills an FeConditionOps.
 * The core calls the hooks of every active condition in the order of
 * rules.md §8.1; a NULL hook means "no opinion". No condition calls another.
 */
#pragma once

#include <glib.h>

#include "fe-types.h"
#include "position.h"

typedef struct FeConditionOps FeConditionOps;

/* Parameters of all conditions, filled by the readers (Popeye, XML) and the
 * GUI pickers.  Plain data, so FeProblem can copy and compare it. */
typedef enum {
  FE_EINSTEIN_NONE = 0,
  FE_EINSTEIN_NORMAL,
  FE_EINSTEIN_REVERSE,
  FE_EINSTEIN_ANTI,
} FeEinsteinVariant;

/* Which side plays Einstein chess (WinChloe one-side variants, rules §7.2).
 * Zero means both, so zero-initialised parameters are the plain condition. */
typedef enum {
  FE_EINSTEIN_BOTH_SIDES = 0,
  FE_EINSTEIN_WHITE_ONLY,
  FE_EINSTEIN_BLACK_ONLY,
} FeEinsteinSide;

typedef struct {
  bool madrasi;
  bool madrasi_rex_inclusive;
  bool imitator; /* the imitator squares live in the position */
  bool imitator_no_promotion;   /* Popeye NoIProm */
  bool imitator_no_hurdles;     /* WinChloe: hops need no hurdle */
  uint8_t einstein;             /* FeEinsteinVariant */
  bool einstein_promotions;     /* WinChloe "Einstein with promotions" */
  uint8_t einstein_side;        /* FeEinsteinSide */
  /* Magic and magician are piece attributes; these switch their rules on
   * even before such a piece is placed (GUI) and are set by the readers. */
  bool magic;
  bool magician;
} FeConditionParams;

/* What a hook sees of an attack: the attacker, the target and how it gets
 * there (for the Imitator, which must copy the capture). */
typedef struct {
  FeSquare from;
  FeSquare to;
  uint8_t nature;
  uint8_t aux;
  /* The side playing the observer: its colour, or for a neutral piece the
   * side it attacks for (Madrasi asks who may paralyse it). */
  uint8_t side;
} FeCapturePath;

struct FeConditionOps {
  const char *name;
  /* Before the move (rules §8.1 step 1): may the piece on `sq` move at all? */
  bool (*piece_may_move) (const FePosition *pos, FeSquare sq);
  /* May this attacker capture there, for check and for magic views?
   * (paralysis, imitability, magician bans) */
  bool (*capture_allowed) (const FePosition *pos, const FeCapturePath *path);
  /* Filter of generated moves before they are made (magician bans). */
  bool (*move_allowed) (const FePosition *pos, const FeMove *move);
  /* How many alternatives of a move (several fairy walks to mutate into).
   * The alternative is stored in FeMove.choice as the digit
   * (choice >> choice_shift), so two conditions' choices combine. */
  int (*choice_count) (const FePosition *pos, const FeMove *move);
  uint8_t choice_shift;
  /* Promotion: may pawns of `side` promote at all, and to an imitator? */
  bool (*promotion_forbidden) (const FePosition *pos, const FeMove *move);
  bool (*promotion_to_imitator) (const FePosition *pos);
  /* Do `side`'s pawns on their own first rank move (1–3 squares) and
   * capture (rules §1.6)?  Per side: one-side Einstein grants it to its
   * own side only (D31). */
  bool (*pawns_from_first_rank) (const FePosition *pos, int side);
  /* Effects after the displacement, in the order of rules §8.1; they write
   * through fe_position_set so unmake restores them.  Returning false
   * rejects the move (an imitator cannot follow). */
  bool (*after_displacement) (FePosition *pos, const FeMove *move, FeUndo *undo);
  /* Order slot of after_displacement: 1 imitator, 2 Einstein, 3 magician,
   * 4 magic. */
  int effect_order;
  /* Optional extra reason a square is paralysed for e.p. (Madrasi §3.4)…
   * conditions keep such details inside their own file. */
  /* Squares that count as occupied (an obstacle of the moving side's own
   * colour: it blocks, may be a hurdle, cannot be captured) for the pieces
   * of `side`, e.g. monochrome imitators not taking part (rules §4.8).
   * Generation and attacks consult it only when FeRules.any_blocked_hook
   * is set, so positions without such squares keep the fast paths. */
  bool (*square_blocked) (const FePosition *pos, int side, FeSquare sq);
};

#define FE_MAX_CONDITIONS 8

/* The active rule set of one problem: composed from the parameters. */
struct FeRules {
  FeConditionParams params;
  const FeConditionOps *ops[FE_MAX_CONDITIONS];
  int n_ops;
  /* The fairy set F (rules §2.4): fairy walks standing in the diagram. */
  uint8_t fairy_walks[FE_WALK_MAX];
  int n_fairy_walks;
  /* Walks a pawn may promote to, in generation order. */
  uint8_t promotion_walks[FE_WALK_MAX];
  int n_promotion_walks;
  bool any_capture_hook;
  bool any_move_hook;
  /* Some square_blocked hook blocks a square of the diagram (rules.c). */
  bool any_blocked_hook;
};

/* Builds the rules for a diagram; `diagram` provides the fairy set. */
void fe_rules_init (FeRules *rules, const FeConditionParams *params, const FePosition *diagram);

/* Refuses parameter sets and diagrams the rules leave undefined (rules.md
 * §6.1 D21: no magician king; §8.3: Magic + Magician).  Readers and the
 * solver call it before solving. */
gboolean fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                                 GError **error);

/* The registered conditions (conditions/registry.c lists them). */
extern const FeConditionOps fe_condition_madrasi;
extern const FeConditionOps fe_condition_imitator;
extern const FeConditionOps fe_condition_magic;
extern const FeConditionOps fe_condition_magician;
extern const FeConditionOps fe_condition_einstein;
