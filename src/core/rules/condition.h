/* condition.h — the hooks a fairy condition plugs into, and the rule set
 * of one problem composed from them (FeRules).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A condition is one file under core/conditions/ that fills an
 * FeConditionOps and declares its FeConditionClass (core/model/
 * condition-class.h).  The core calls the hooks of every active condition
 * in effect order; a NULL hook means "no opinion".  No condition calls
 * another's hooks (the Circe family shares circe.h's rebirth squares).
 */
#pragma once

#include "core/model/condition-class.h"
#include "rebirth.h"

/* Where a condition's effect comes in one move
 * (docs/rules/effect-order.md §1): FeRules runs the after_displacement hooks
 * sorted by it.  Only the order matters; nothing reads the numbers. */
typedef enum {
  FE_EFFECT_NONE = 0,     /* no effect after the displacement */
  FE_EFFECT_IMITATORS = 10, /* the imitators follow the move */
  FE_EFFECT_REMOVAL = 20,   /* a capturer taken off at once (kamikaze, no rebirth) */
  FE_EFFECT_MUTATION = 30,  /* the mover changes walk (Einstein) */
  FE_EFFECT_CONTACT = 35,   /* pieces in contact change walk (magician) */
  FE_EFFECT_TRANSFER = 40,  /* the capturer goes to its rebirth square */
  FE_EFFECT_MOVER_COLOUR = 50, /* the mover changes colour (Andernach) */
  FE_EFFECT_REBIRTH = 60,   /* the captured piece is reborn (Circe) */
  FE_EFFECT_VIEWS = 70,     /* colour changes by new views (magic) */
  FE_EFFECT_LEGALITY = 90,  /* no change: a test of the final position (Isardam, KoeKo) */
} FeEffectOrder;

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

/* What the help search's goal-directed pruning (core/search/mating-net.c) must
 * know of a condition to stay sound.  The analysis reasons on a relaxed
 * board: every walk reaches and observes along its lines whatever stands
 * in the way, conditions only take moves and observations away, and no
 * piece but the mover changes.  A condition that keeps to this fills the
 * traits below through FeConditionOps.mating_net. */
typedef struct {
  /* The walks a piece of `side` with `walk` may have after one move of its
   * own, as a bit set over FeWalk (capture or not, every choice); 0 when it
   * keeps its walk.  Over-approximating is sound, missing one is not. */
  uint64_t (*walks_after_move) (const FeRules *rules, int side, int walk);
  /* A king's step may be impossible for the condition's own reasons, not
   * only because its own piece stands there or it would be in check
   * (imitators that cannot follow): the analysis then ignores flights. */
  bool king_steps_may_fail;
  /* A king observed by the other king cannot move at all (Madrasi Rex
   * inclusive): the mating king next to it covers every flight. */
  bool kings_paralyse;
  /* A king may give check: the kings' attacks on each other are not alike
   * (imitators copy a capture in one direction, not the other), so one
   * may stand next to the other and attack it. */
  bool kings_may_check;
} FeMatingNetTraits;

/* Where a piece's moves of one kind start (Mars Circe, AntiMars, Phantom
 * chess: docs/rules/mars-circe.md): a declared part, so generation, check
 * and notation serve every condition of the kind without a hook of its
 * own. */
typedef enum {
  FE_DEPART_HERE = 0, /* from its own square (every condition's default) */
  FE_DEPART_REBIRTH,  /* only as if from its rebirth square, vacant or its own */
  FE_DEPART_BOTH,     /* from either */
} FeDepartureMode;

typedef struct {
  uint8_t mode;     /* FeDepartureMode */
  bool kings;       /* kings depart so too (else from their own square) */
  /* From the rebirth square only to squares its own square's moves do not
   * reach, and never back to its own (Phantom chess). */
  bool new_arrivals;
  FeRebirthRule rule; /* the rebirth square: of the piece where it stands */
  /* The registry id of the condition that declared it (playback names the
   * stage by it); filled by fe_rules_init. */
  int condition;
} FeDepartureRule;

/* A condition's departures: for captures and for the other moves. */
typedef struct {
  FeDepartureRule captures;
  FeDepartureRule quiet;
} FeDeparture;

struct FeConditionOps {
  const char *name;
  /* Before the move (docs/rules/effect-order.md §1 step 1): may the piece on
   * `sq` move at all? */
  bool (*piece_may_move) (const FePosition *pos, FeSquare sq);
  /* May this attacker capture there, for check and for magic views?
   * (paralysis, imitability, magician bans) */
  bool (*capture_allowed) (const FePosition *pos, const FeCapturePath *path);
  /* Check only (docs/rules/effect-order.md §2): does this attack on a king
   * count as check?  The legal-capture kind (AntiCirce, Isardam, KoeKo: would
   * the capture be a legal move, fe_capture_playable) and the others (Circe
   * Rex inclusive: the king could not be reborn; Patrol: the attacker is
   * supported).  `pos` is the position tested, the king on path->to. */
  bool (*check_allowed) (const FePosition *pos, const FeCapturePath *path);
  /* Filter of generated moves before they are made (magician bans). */
  bool (*move_allowed) (const FePosition *pos, const FeMove *move);
  /* How many alternatives of a move (several fairy walks to mutate into).
   * The alternative is stored in FeMove.choice as the digit
   * (choice >> choice_shift), so two conditions' choices combine. */
  int (*choice_count) (const FePosition *pos, const FeMove *move);
  uint8_t choice_shift;
  /* The move takes its own piece off the board before any mutation of the
   * mover (a capturing kamikaze piece, docs/rules/effect-order.md §1 step 4):
   * the choices of the conditions that mutate the mover are then no
   * choices. */
  bool (*removes_mover) (const FePosition *pos, const FeMove *move);
  /* Promotion: may pawns of `side` promote at all, and to an imitator? */
  bool (*promotion_forbidden) (const FePosition *pos, const FeMove *move);
  bool (*promotion_to_imitator) (const FePosition *pos);
  /* How far `side`'s pawns on their own first rank step (0: they neither
   * move nor capture, docs/rules/common-model.md §5.2; Einstein and magician
   * chess: 3, Circe Parrain: 1).  Per side: one-side Einstein grants it to
   * its own side only (D31).  The largest answer of the active conditions
   * counts. */
  int (*pawns_from_first_rank) (const FePosition *pos, int side);
  /* Before a move is made: true when after_displacement would reject it
   * for a reason seen on the board as it stands (an imitator sent off the
   * board), so that the move is not made at all (fe_move_refused); false
   * says nothing.  Never true for a move after_displacement accepts. */
  bool (*refuses_move) (const FePosition *pos, const FeMove *move);
  /* Effects after the displacement, in effect order; they write through
   * fe_position_set so unmake restores them, and each is a stage of the
   * move (playback, notation).  Returning false rejects the move (an
   * imitator cannot follow). */
  bool (*after_displacement) (FePosition *pos, const FeMove *move, FeUndo *undo);
  FeEffectOrder effect_order;
  /* The effect changes the moving piece's walk in place: notation writes
   * it as the mover's "=X" (Einstein), not as an effect on another piece. */
  bool mutates_mover;
  /* The effect takes part when castling's crossed square is tested by the
   * king's one step (the imitators must follow that step,
   * docs/rules/common-model.md §6.2); every other effect is left out of that
   * test. */
  bool follows_castling_step;
  /* Optional extra reason a square is paralysed for e.p.
   * (docs/rules/madrasi.md §5)… conditions keep such details inside their
   * own file. */
  /* Squares that count as occupied (an obstacle of the moving side's own
   * colour: it blocks, may be a hurdle, cannot be captured) for the pieces
   * of `side`, e.g. monochrome imitators not taking part
   * (docs/rules/imitator.md §9).  Generation and attacks consult it only when
   * FeRules.any_blocked_hook is set, so positions without such squares keep
   * the fast paths. */
  bool (*square_blocked) (const FePosition *pos, int side, FeSquare sq);
  /* Writes the effect's own notation (docs/rules/effect-order.md §4: a
   * rebirth "[+bBc8]", a transfer "[wRh1->h1]", a colour change "=b") from
   * the changes [first, end) of the move's undo log; the generic notation
   * then leaves the squares these changes wrote alone.  NULL: the generic
   * notation (walk changes "{c3=Q}", colour changes "[c3=w]"). */
  void (*notate) (GString *out, const FePosition *before, const FeMove *move,
                  const FePosition *after, const FeUndo *undo, int first, int end);
  /* The help search's mating-net analysis: true (traits filled, starting
   * from zero) when the condition keeps to FeMatingNetTraits' rules for
   * these `rules`.  NULL or false switches the analysis off wherever the
   * condition is in force (it cannot prove it loses no solution). */
  bool (*mating_net) (const FeRules *rules, FeMatingNetTraits *traits);
  /* Where the pieces' moves start (FeDeparture); NULL: from their own
   * squares.  Two conditions may not both set the same kind's
   * (fe_conditions_validate). */
  void (*departure) (const FeConditionParams *params, int id, FeDeparture *out);
  /* The rule by which this condition reborn captured pieces (Circe's),
   * filled into `out`; false or NULL: it reborn none.  A kamikaze capturer
   * goes by it (FeRules.captured_rebirth). */
  bool (*captured_rebirth) (const FeConditionParams *params, int id, FeRebirthRule *out);
  /* A capture is followed by a move without capturing by the victim's
   * walk from where the capturer landed (Take&Make: the core's
   * take_and_make in movegen-check.c). */
  bool make_after_capture;
  /* A capture is preceded by a move without capturing by the victim's
   * walk, played as the victim's side would, from the capturer's square;
   * the capture is made from where that move arrived (Make&Take: the
   * core's make_and_take in movegen-check.c). */
  bool make_before_capture;
  /* A piece the other side attacks may also go where this rule sends it,
   * as if reborn there (Danger Circe: its Circe square): to an empty
   * square, or taking the other side's piece there (the core's escapes in
   * movegen-check.c, check included).  NULL or false: no such move. */
  bool (*escape_when_attacked) (const FeConditionParams *params, int id, FeRebirthRule *out);
  /* What may be played judged on the side's whole list of pseudo-legal
   * moves (MultiCaptures: a capture only where another capture of the same
   * square is), after move_allowed and before the choices.  The core then
   * lists one piece's moves from the whole side's
   * (fe_generate_pseudo_from) and finds check on the whole list: the king
   * is in check when a capture of it survives the filter. */
  void (*filter_list) (const FePosition *pos, FeMoveList *list);
  /* A piece may capture the pieces of its own side too, but not its king
   * (Bicaptures): the generator's captures (fe_gen_may_capture). */
  bool captures_own;
};

/* The active rule set of one problem: composed from the parameters. */
struct FeRules {
  FeConditionParams params;
  const FeConditionOps *ops[FE_MAX_CONDITIONS];
  /* The registry id of each hook set (its class: stage labels, names). */
  int ids[FE_MAX_CONDITIONS];
  int n_ops;
  /* The fairy set F (docs/rules/fairy-pieces.md §5): fairy walks standing in
   * the diagram. */
  uint8_t fairy_walks[FE_WALK_MAX];
  int n_fairy_walks;
  /* Walks a pawn may promote to, in generation order. */
  uint8_t promotion_walks[FE_WALK_MAX];
  int n_promotion_walks;
  bool any_capture_hook;
  bool any_check_hook;
  bool any_move_hook;
  bool any_refusal_hook;
  bool any_list_filter;
  bool captures_own;
  /* The square each piece (by FePiece.id) stands on in the diagram of the
   * twin (Diagram Circe's rebirth squares); FE_NO_SQUARE for none. */
  uint8_t diagram_square[256];
  /* Some square_blocked hook blocks a square of the diagram (rules.c). */
  bool any_blocked_hook;
  /* The departures of the conditions in force, composed kind by kind;
   * `any_departure` when one is not FE_DEPART_HERE.  Captures made from
   * elsewhere make check a matter of generating captures (fe_in_check). */
  FeDeparture departure;
  bool any_departure;
  bool check_by_generation;
  /* A capture may take off other pieces than its victim (a rebirth
   * rule's FE_REBIRTH_OCCUPIED_ASSASSIN): check is then a capture that,
   * played, leaves the side without its king (with check_by_generation). */
  bool check_by_playing;
  /* The rebirth rule of captured pieces when a condition reborn them
   * (Circe's): the one a kamikaze capturer goes by.  Declared by the
   * class (FeConditionClass.captured_rebirth). */
  FeRebirthRule captured_rebirth;
  bool any_captured_rebirth;
  /* Take&Make's second step (FeConditionOps.make_after_capture). */
  bool take_and_make;
  /* Make&Take's first step (FeConditionOps.make_before_capture), and the
   * registry id of the condition that declares it (its playback stage). */
  bool make_and_take;
  int make_and_take_condition;
  /* Where an attacked piece may escape to (escape_when_attacked). */
  FeRebirthRule escape;
  bool any_escape;
  /* A declared part reshapes the generated moves (departures,
   * Take&Make, escapes): generation goes through fe_gen_piece_reshaped. */
  bool reshapes_moves;
};

/* The parts that reshape moves (FeDeparture, make_after_capture,
 * make_before_capture) of the
 * conditions in force: refuses two departures of the same kind, and such
 * a part with a condition whose pieces copy the move (imitators).  For
 * the validate hook of a condition `id` that declares one. */
gboolean fe_departures_validate (const FeConditionParams *params, int id,
                                 const FePosition *diagram, GError **error);

/* A validate hook for a condition refused with any other in force (the
 * diagram's attributes and imitators included): MultiCaptures,
 * Bicaptures. */
gboolean fe_condition_validate_alone (const FeConditionParams *params, int id,
                                      const FePosition *diagram, GError **error);

/* Builds the rules for a diagram; `diagram` provides the fairy set. */
void fe_rules_init (FeRules *rules, const FeConditionParams *params, const FePosition *diagram);

/* The rules a position of the problem carries: `rules`, or NULL when they
 * are orthodox chess's — no condition in force and no fairy walk in the
 * diagram for a pawn to promote into (docs/rules/fairy-pieces.md §5) — which
 * lets the generator and the solver take their orthodox fast paths.  Every
 * fast path keyed on NULL rules must be what the rules path does there
 * (tests/solver/test-differential.c).  `plain`: `rules` always. */
static inline const FeRules *
fe_rules_for_position (const FeRules *rules, bool plain)
{
  return plain || rules->n_ops || rules->n_fairy_walks ? rules : NULL;
}

/* The hooks of the built-ins (tests call some directly). */
extern const FeConditionOps fe_condition_madrasi;
extern const FeConditionOps fe_condition_imitator;
extern const FeConditionOps fe_condition_magic;
extern const FeConditionOps fe_condition_magician;
extern const FeConditionOps fe_condition_einstein;
