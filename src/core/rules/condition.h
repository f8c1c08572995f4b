/* condition.h — the hooks a fairy condition plugs into.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A condition is one file under conditions/ that fills an FeConditionOps.
 * The core calls the hooks of every active condition in the order of
 * rules.md §8.1; a NULL hook means "no opinion". No condition calls another.
 */
#pragma once

#include <glib.h>

#include "core/model/fe-types.h"
#include "core/model/position.h"

typedef struct FeConditionOps FeConditionOps;

/* Where a condition's effect comes in one move (rules-beyond.md §1.1,
 * extending rules.md §8.1): FeRules runs the after_displacement hooks
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

/* Einstein variants: the value of the Einstein condition's switch. */
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

/* Room for the registered conditions and their parameters.  Registration
 * refuses a condition beyond these (fe_condition_register), never truncates. */
#define FE_MAX_CONDITION_CLASSES 32
#define FE_MAX_CONDITION_PARAMS 4
#define FE_MAX_CONDITION_KEYWORDS 64

/* The parameters of all conditions of a problem: a small typed value map,
 * one row per registered condition (indexed by FeConditionClass.id), one
 * cell per parameter it describes.  Cell 0 is the condition's switch (zero:
 * off); what the other cells mean is the condition's own business, told by
 * its FeConditionParamDesc.  Plain data, so FeProblem can copy and compare
 * it, and zero is "no condition". */
typedef struct {
  uint8_t v[FE_MAX_CONDITION_CLASSES][FE_MAX_CONDITION_PARAMS];
} FeConditionParams;

#include "core/model/builtin-conditions.h"

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

/* What the help search's goal-directed pruning (solver/mating-net.c) must
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

struct FeConditionOps {
  const char *name;
  /* Before the move (rules §8.1 step 1): may the piece on `sq` move at all? */
  bool (*piece_may_move) (const FePosition *pos, FeSquare sq);
  /* May this attacker capture there, for check and for magic views?
   * (paralysis, imitability, magician bans) */
  bool (*capture_allowed) (const FePosition *pos, const FeCapturePath *path);
  /* Check only (rules-beyond.md §1.2): does this attack on a king count as
   * check?  The legal-capture kind (AntiCirce, Isardam, KoeKo: would the
   * capture be a legal move, fe_capture_playable) and the others (Circe
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
   * mover (a capturing kamikaze piece, rules-beyond.md §1.1 step 3): the
   * choices of the conditions that mutate the mover are then no choices. */
  bool (*removes_mover) (const FePosition *pos, const FeMove *move);
  /* Promotion: may pawns of `side` promote at all, and to an imitator? */
  bool (*promotion_forbidden) (const FePosition *pos, const FeMove *move);
  bool (*promotion_to_imitator) (const FePosition *pos);
  /* How far `side`'s pawns on their own first rank step (0: they neither
   * move nor capture, rules §1.6; Einstein and magician chess: 3, Circe
   * Parrain: 1).  Per side: one-side Einstein grants it to its own side
   * only (D31).  The largest answer of the active conditions counts. */
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
   * king's one step (the imitators must follow that step, rules §1.7);
   * every other effect is left out of that test. */
  bool follows_castling_step;
  /* Optional extra reason a square is paralysed for e.p. (Madrasi §3.4)…
   * conditions keep such details inside their own file. */
  /* Squares that count as occupied (an obstacle of the moving side's own
   * colour: it blocks, may be a hurdle, cannot be captured) for the pieces
   * of `side`, e.g. monochrome imitators not taking part (rules §4.8).
   * Generation and attacks consult it only when FeRules.any_blocked_hook
   * is set, so positions without such squares keep the fast paths. */
  bool (*square_blocked) (const FePosition *pos, int side, FeSquare sq);
  /* Writes the effect's own notation (rules-beyond.md §1.4: a rebirth
   * "[+bBc8]", a transfer "[wRh1->h1]", a colour change "=b") from the
   * changes [first, end) of the move's undo log; the generic notation then
   * leaves the squares these changes wrote alone.  NULL: the generic
   * notation (walk changes "{c3=Q}", colour changes "[c3=w]"). */
  void (*notate) (GString *out, const FePosition *before, const FeMove *move,
                  const FePosition *after, const FeUndo *undo, int first, int end);
  /* The help search's mating-net analysis: true (traits filled, starting
   * from zero) when the condition keeps to FeMatingNetTraits' rules for
   * these `rules`.  NULL or false switches the analysis off wherever the
   * condition is in force (it cannot prove it loses no solution). */
  bool (*mating_net) (const FeRules *rules, FeMatingNetTraits *traits);
};

/* ---- the registry ---------------------------------------------------- */

typedef enum {
  FE_PARAM_BOOL, /* 0 or 1 */
  FE_PARAM_ENUM, /* 0 … n_values - 1 */
} FeParamType;

/* One parameter of a condition (one cell of its row in FeConditionParams). */
typedef struct {
  const char *name;  /* key for tests and pickers, e.g. "rex-inclusive" */
  const char *label; /* English, for pickers (the GUI translates it) */
  FeParamType type;
  uint8_t n_values;  /* values 0 … n_values - 1 (2 for a bool) */
  /* The XML attribute and the name of each value in it; NULL attribute:
   * the parameter has no attribute (cell 0 of a plain switch). */
  const char *xml_attribute;
  const char *const *xml_values;
  /* Value taken when the element is present but the attribute is absent or
   * unknown (cell 0: the switch turns on with this value, at least 1). */
  uint8_t xml_default;
  /* English name of each value, for pickers (the GUI translates them);
   * NULL: the XML value names. */
  const char *const *value_labels;
} FeConditionParamDesc;

/* How a Popeye word of a condition behaves (FeConditionKeyword.flags). */
enum {
  /* Féerie's word, not Popeye's: written in a "remark feerie:" line. */
  FE_KEYWORD_EXTENSION = 1 << 0,
  /* Read only as the word right after the switch's word (abbreviable),
   * written right after it: Madrasi RexInclusive.  Alone it is another
   * Popeye condition. */
  FE_KEYWORD_AFTER_SWITCH = 1 << 1,
  /* Sets its cell without switching the condition on (NoIProm). */
  FE_KEYWORD_MODIFIER = 1 << 2,
  /* A modifier the problem or one of its twins must switch on, else the
   * reader refuses it (Einstein's one-side words). */
  FE_KEYWORD_NEEDS_SWITCH = 1 << 3,
  /* Words follow that popeye_read_args reads and popeye_write_args writes
   * (imitator squares); the keyword table writes nothing for it. */
  FE_KEYWORD_ARGS = 1 << 4,
  /* A variant word of Popeye's that Féerie does not solve (Circe Clone,
   * Circe Einstein): read after the switch's word, it makes the whole
   * condition one that is kept but not solved, never misread as the next
   * condition.  Its `param` and `value` are ignored. */
  FE_KEYWORD_REFUSED = 1 << 5,
};

/* One Popeye word of a condition: reading it sets cell `param` to `value`
 * (and, unless a modifier, switches the condition on); the writer writes
 * the first word of each cell's value, in table order.  Words may be
 * abbreviated to a unique prefix, as Popeye's are. */
typedef struct {
  const char *word;
  uint8_t param;
  uint8_t value;
  uint8_t flags;
} FeConditionKeyword;

/* What a condition's Popeye words read into: its parameters and, for the
 * imitator, the squares of the diagram or of a twin command. */
typedef struct {
  FeConditionParams *params;
  uint8_t *n_imitators;
  uint8_t *imitators;       /* FE_MAX_IMITATORS squares */
  uint8_t *imitator_colour; /* NULL in a twin command: all neutral */
} FeConditionTarget;

/* The words after a keyword, as the Popeye reader hands them to a
 * condition (src/io keeps the tokens; the core sees only words). */
typedef struct FeWordInput FeWordInput;
struct FeWordInput {
  /* The next word (not NUL-terminated), its length in *len; NULL at the end. */
  const char *(*peek) (FeWordInput *in, int *len);
  void (*skip) (FeWordInput *in);
  /* Fails the read.  `offset` < 0: the message is located at the keyword,
   * else at that character of the next word (the end of the text if none). */
  void (*fail) (FeWordInput *in, int offset, const char *message);
};

typedef struct FeConditionClass FeConditionClass;

/* How a piece attribute's frame is drawn (src/render): the shape differs as
 * well as the hue, so a black-and-white print still tells them apart. */
typedef enum {
  FE_FRAME_SOLID = 0,
  FE_FRAME_DASHED, /* dashed, with an inner line */
  FE_FRAME_DOTTED,
  FE_FRAME_DOUBLE,
} FeFrameShape;

/* A piece attribute (magic, magician, …): everything every layer needs,
 * declared by the condition the attribute belongs to.  Readers, writers,
 * notation, the caption, the renderer and the palette iterate these
 * (fe_attribute_nth) instead of naming attributes. */
typedef struct {
  uint8_t bit;              /* its FE_ATTR_* bit in FePiece.attrs (unique) */
  const char *name;         /* XML attribute, drop payloads, test scripts: "magic" */
  const char *label;        /* English, for the palette and captions (FE_N_) */
  const char *popeye_word;  /* after the colour in Popeye's `pieces`: "Magic" */
  /* Popeye lacks it: such pieces are written in the "remark feerie:" line. */
  bool popeye_extension;
  const char *popeye_header; /* the solver header's line before the squares: "Magic" */
  const char *prefix;       /* before the walk in notation and twin texts: "m" */
  uint8_t prefix_order;     /* prefixes are written in this order (Popeye's) */
  char fen_prefix;          /* before the piece letter in FEN: '*' */
  FeFrameShape frame;
  uint8_t frame_rgb[3];
  /* The palette toggle's tooltip (FE_N_): how its pieces look. */
  const char *palette_tooltip;
} FeAttributeDesc;

/* Whom a description is for (FeConditionClass.describe). */
typedef struct {
  /* true: the caption of a diagram, in the composer's words, each word
   * passed through `translate`; false: the solver's header, Popeye's
   * words, untranslated. */
  bool caption;
  const char *(*translate) (const char *msgid);
} FeDescribeStyle;

/* Everything the program knows of one condition (one file under
 * conditions/).  Readers, writers, the schema test, pickers and the rules
 * iterate the registered classes instead of naming conditions. */
struct FeConditionClass {
  const char *name;           /* stable id: "madrasi" */
  const char *label;          /* English, e.g. "Madrasi" */
  const char *xml_element;    /* "<madrasi/>" in <conditions> */
  /* Parameters; [0] is the switch (type, values, XML attribute if any). */
  const FeConditionParamDesc *params;
  int n_params;
  /* Whether the condition is in force for this diagram; NULL: when its
   * switch is on or a piece has its attribute (magic pieces put magic
   * in force); imitators put Imitator in force (fe_condition_in_force). */
  bool (*in_force) (const FeConditionParams *params, int id, const FePosition *diagram);
  /* Refuses parameters or diagrams the rules leave undefined; may be NULL.
   * Ranges of the described parameters are checked by the registry. */
  gboolean (*validate) (const FeConditionParams *params, int id, const FePosition *diagram,
                        GError **error);
  /* The hooks, composed into FeRules once per problem. */
  const FeConditionOps *ops;
  /* Hooks that depend on the parameters (Circe Rex inclusive adds a check
   * hook the plain form does without); NULL: always `ops`. */
  const FeConditionOps *(*ops_for) (const FeConditionParams *params, int id);
  /* Popeye: the condition's words (src/io/popeye-conditions.c reads and
   * writes them; it names no condition). */
  const FeConditionKeyword *popeye_keywords;
  int n_popeye_keywords;
  /* Reads the words after an FE_KEYWORD_ARGS keyword (index `keyword`);
   * returns false after in->fail. */
  bool (*popeye_read_args) (FeConditionTarget *target, int keyword, FeWordInput *in);
  /* Writes those words: Popeye's to `popeye`, Féerie's to `ext`, each
   * preceded by a space.  `imitator_colour` NULL: all neutral. */
  void (*popeye_write_args) (const FeConditionParams *params, int n_imitators,
                             const uint8_t *imitators, const uint8_t *imitator_colour,
                             GString *popeye, GString *ext);
  /* The piece attribute this condition gives (magic, magician): pieces
   * carrying it switch the condition on for the whole problem, twins
   * included, and the Popeye writer leaves the switch word out (the pieces
   * say it).  NULL: none. */
  const FeAttributeDesc *attribute;
  /* The condition is its pieces (magic, magician): in force exactly when
   * a piece carries the attribute, so the window's picker shows and sets
   * that, not a switch of its own.  False when the switch means something
   * by itself (Patrol: every piece is a patrol piece). */
  bool attribute_only;
  /* What its stage is called in playback (English, FE_N_: the GUI
   * translates it): "the imitators shift".  NULL: the label. */
  const char *stage_label;
  /* Appends its lines (g_strdup'd) for the caption or the solver header;
   * NULL: fe_condition_describe_default (its words, its attribute's
   * squares). */
  void (*describe) (const FeConditionParams *params, int id, const FePosition *diagram,
                    const FeDescribeStyle *style, GPtrArray *lines);
};

/* Registered conditions, in registry order (conditions/registry.c).  Ids
 * are the index; built-ins come first with the ids of conditions/builtin.h. */
int fe_condition_count (void);
const FeConditionClass *fe_condition_nth (int id);
/* By name or XML element; NULL when none. */
const FeConditionClass *fe_condition_lookup (const char *name);
/* Adds a condition at run time (tests, plug-ins).  Returns its id, or -1
 * with `error` set when the registry is full, the name is taken or it
 * describes more parameters than a row holds. */
int fe_condition_register (const FeConditionClass *cls, GError **error);

/* The keyword-table words of condition `id`'s cells in `c` (not what
 * popeye_write_args writes), each after a space: Popeye's to `popeye`,
 * Féerie's to `ext` (may be the same string).  Cell values without a word
 * write nothing. */
void fe_condition_popeye_words (int id, const FeConditionParams *c, GString *popeye, GString *ext);

/* The description of condition `id` when it is in force (or its switch is
 * on): its describe hook, else fe_condition_describe_default. */
void fe_condition_describe (int id, const FeConditionParams *params, const FePosition *diagram,
                            const FeDescribeStyle *style, GPtrArray *lines);
/* The generic description: for the solver, the Popeye words of its cells
 * (one line), and its attribute's header word with the squares of the
 * pieces carrying it (rank 8 first, as Popeye lists them); for the
 * caption, the label with the parameters that differ from off, and the
 * attribute's squares. */
void fe_condition_describe_default (int id, const FeConditionParams *params,
                                    const FePosition *diagram, const FeDescribeStyle *style,
                                    GPtrArray *lines);
/* "e2, c3" (caption) or "e2 c3" (solver): the squares of the pieces with
 * attribute bits `attrs`, rank 8 first; NULL when none. */
char *fe_attribute_squares (const FePosition *pos, uint8_t attrs, const char *separator);

/* The registered piece attributes, in registry order (the conditions that
 * declare one). */
int fe_attribute_count (void);
const FeAttributeDesc *fe_attribute_nth (int i);
/* The condition that declares attribute `i`. */
int fe_attribute_condition (int i);
/* By name ("magic") or Popeye word, case-insensitive; NULL when none. */
const FeAttributeDesc *fe_attribute_lookup (const char *name);
/* " magic magician": the names of the attributes in `attrs`, registry
 * order, each after a space. */
void fe_attribute_append_names (GString *out, uint8_t attrs);
/* The prefixes of the attributes in `attrs`, in Popeye's order ("km"). */
void fe_attribute_append_prefixes (GString *out, uint8_t attrs);

/* Value map access by id. */
static inline uint8_t
fe_params_get (const FeConditionParams *p, int id, int param)
{
  return p->v[id][param];
}
static inline bool
fe_params_on (const FeConditionParams *p, int id)
{
  return p->v[id][0] != 0;
}
/* No condition switched on or set. */
bool fe_params_empty (const FeConditionParams *p);
/* The row of condition `id` has a non-zero cell. */
bool fe_params_any (const FeConditionParams *p, int id);

#define FE_MAX_CONDITIONS 8

/* The active rule set of one problem: composed from the parameters. */
struct FeRules {
  FeConditionParams params;
  const FeConditionOps *ops[FE_MAX_CONDITIONS];
  /* The registry id of each hook set (its class: stage labels, names). */
  int ids[FE_MAX_CONDITIONS];
  int n_ops;
  /* The fairy set F (rules §2.4): fairy walks standing in the diagram. */
  uint8_t fairy_walks[FE_WALK_MAX];
  int n_fairy_walks;
  /* Walks a pawn may promote to, in generation order. */
  uint8_t promotion_walks[FE_WALK_MAX];
  int n_promotion_walks;
  bool any_capture_hook;
  bool any_check_hook;
  bool any_move_hook;
  bool any_refusal_hook;
  /* The square each piece (by FePiece.id) stands on in the diagram of the
   * twin (Diagram Circe's rebirth squares); FE_NO_SQUARE for none. */
  uint8_t diagram_square[256];
  /* Some square_blocked hook blocks a square of the diagram (rules.c). */
  bool any_blocked_hook;
};

/* Builds the rules for a diagram; `diagram` provides the fairy set. */
void fe_rules_init (FeRules *rules, const FeConditionParams *params, const FePosition *diagram);

/* The rules a position of the problem carries: `rules`, or NULL when they
 * are orthodox chess's — no condition in force and no fairy walk in the
 * diagram for a pawn to promote into (rules §2.4) — which lets the
 * generator and the solver take their orthodox fast paths.  Every fast
 * path keyed on NULL rules must be what the rules path does there
 * (tests/solver/test-differential.c).  `plain`: `rules` always. */
static inline const FeRules *
fe_rules_for_position (const FeRules *rules, bool plain)
{
  return plain || rules->n_ops || rules->n_fairy_walks ? rules : NULL;
}

/* Whether condition `id` is in force for `diagram`: its in_force hook, or
 * its switch is on or a piece has its attribute. */
bool fe_condition_in_force (int id, const FeConditionParams *params, const FePosition *diagram);

/* Refuses parameter sets and diagrams the rules leave undefined (rules.md
 * §6.1 D21: no magician king; §8.3: Magic + Magician).  Readers and the
 * solver call it before solving. */
gboolean fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                                 GError **error);

/* The hooks of the built-ins (tests call some directly). */
extern const FeConditionOps fe_condition_madrasi;
extern const FeConditionOps fe_condition_imitator;
extern const FeConditionOps fe_condition_magic;
extern const FeConditionOps fe_condition_magician;
extern const FeConditionOps fe_condition_einstein;
