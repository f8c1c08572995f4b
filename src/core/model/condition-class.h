/* condition-class.h — what the program knows of a condition besides its
 * hooks: its parameters (the value map FeConditionParams that a problem
 * holds), its words in Popeye and XML, its piece attribute, how it is
 * described; and the registry of condition classes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problem model, the readers and writers and the window see
 * conditions only through this header; the hooks the rules call are in
 * core/rules/condition.h.
 */
#pragma once

#include <glib.h>

#include "fe-types.h"
#include "position.h"

/* The hooks (core/rules/condition.h); a class only points to them. */
typedef struct FeConditionOps FeConditionOps;

/* Einstein variants: the value of the Einstein condition's switch. */
typedef enum {
  FE_EINSTEIN_NONE = 0,
  FE_EINSTEIN_NORMAL,
  FE_EINSTEIN_REVERSE,
  FE_EINSTEIN_ANTI,
} FeEinsteinVariant;

/* Which side plays Einstein chess (WinChloe one-side variants,
 * docs/rules/einstein.md §3.5).
 * Zero means both, so zero-initialised parameters are the plain condition. */
typedef enum {
  FE_EINSTEIN_BOTH_SIDES = 0,
  FE_EINSTEIN_WHITE_ONLY,
  FE_EINSTEIN_BLACK_ONLY,
} FeEinsteinSide;

/* Room for the registered conditions and their parameters.  Registration
 * refuses a condition beyond these (fe_condition_register), never truncates. */
#define FE_MAX_CONDITION_CLASSES 32
#define FE_MAX_CONDITION_PARAMS 8
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

#include "builtin-conditions.h"

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
   * hook the plain form does without) or on the parts other conditions
   * declared, already in `rules` (a kamikaze piece under a rebirth rule);
   * NULL: always `ops`. */
  const FeConditionOps *(*ops_for) (const FeRules *rules, const FeConditionParams *params, int id);
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

/* Registered conditions, in registry order (condition-registry.c).  Ids
 * are the index; built-ins come first with the ids of builtin-conditions.h. */
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

/* Conditions in force at once in one problem, at most: every registered
 * one (FeRules holds their hooks), so no problem is refused for using
 * many. */
#define FE_MAX_CONDITIONS FE_MAX_CONDITION_CLASSES

/* Whether condition `id` is in force for `diagram`: its in_force hook, or
 * its switch is on or a piece has its attribute. */
bool fe_condition_in_force (int id, const FeConditionParams *params, const FePosition *diagram);

/* Refuses parameter sets and diagrams the rules leave undefined (no
 * magician king: docs/rules/magician-pieces.md §2, D21; Magic + Magician:
 * docs/rules/combinations.md §2).  Readers and the solver call it before
 * solving. */
gboolean fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                                 GError **error);
