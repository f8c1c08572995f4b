/* popeye-private.h — what the parts of the Popeye reader and writer share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only src/io/popeye-*.c and the Olive reader and writer (olive-*.c, whose
 * fields hold pieces of Popeye's language, each read on its own) include
 * this; the public API is popeye.h.  The parts, each calling only those
 * listed after it: write, read (options and their table, the problem
 * loop), twins, pieces, conditions (from the condition registry), lexer
 * (tokens, keyword tables, squares, numbers, stipulation).
 */
#pragma once

#include "popeye.h"
#include "file-error.h"
#include "core/model/condition-class.h"

/* Marks a Féerie extension line: "remark feerie: ...". */
#define DIRECTIVE "feerie:"

/* ---- tokens ------------------------------------------------------------ */

typedef struct {
  const char *s; /* into the text, not terminated */
  int len;
  int line, col;
  gsize off;
} Tok;

typedef struct {
  const char *name;
  int id;
  gboolean ext; /* Féerie's extension: loses ties against Popeye's words */
} Kw;

#define KW_NONE (-1)
#define KW_AMBIGUOUS (-2)

/* One read: the text, its tokens and the problem being read. */
typedef struct {
  const char *text;
  gsize length;
  const char *filename;
  GArray *toks; /* of Tok */
  guint i;      /* next token */
  Tok eof;      /* location of the end of the text */
  GError **error;
  gboolean failed;
  Tok fail_tok; /* where the first error is (its s NULL: the end of the text) */
  /* The text is one field of another format (an Olive option, piece or
   * twin): its words only, no "remark feerie:" lines spliced in. */
  gboolean words_only;
  /* the condition words of this read (py_conditions_table_init) */
  Kw *conditions;
  int n_conditions;
  /* the problem being read */
  FeProblem *pb;
  gboolean have_stip;
  GArray *twin_toks; /* of Tok: where each twin starts */
  /* Where pieces go: the diagram, or after an a=>b stipulation the
   * target (docs/rules/stipulations.md §5.1). */
  FePosition *board;
  Tok placed[128];   /* where the diagram's piece on each square was given */
  Tok placed_target[128]; /* the same for the target position */
  /* first modifier word of each condition (FE_KEYWORD_NEEDS_SWITCH) */
  Tok modifier[FE_MAX_CONDITION_CLASSES];
  gboolean have_modifier[FE_MAX_CONDITION_CLASSES];
} P;

/* ---- lexer (popeye-lexer.c) ---------------------------------------------- */

/* The first error wins; later ones are dropped.  NULL `t`: the end. */
void py_perr (P *p, const Tok *t, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
void py_fail (P *p, FeFileErrorCode code, const Tok *t, const char *message);
gboolean py_tokenise (P *p);
Tok *py_peek (P *p);
Tok *py_next (P *p);
char *py_tok_str (const Tok *t);
gboolean py_tok_eq (const Tok *t, const char *word);
char *py_rest_of_line (P *p, const Tok *t);
int py_kw_lookup (const Kw *table, int n, const Tok *t, GString *candidates);

enum {
  CMD_BEGIN, CMD_END, CMD_NEXT, CMD_STIP, CMD_SSTIP, CMD_AUTHOR, CMD_ORIGIN, CMD_PIECES,
  CMD_COND, CMD_OPTION, CMD_REMARK, CMD_PROTOCOL, CMD_INPUT, CMD_TITLE, CMD_TWIN, CMD_ZERO,
  CMD_LATEX, CMD_LATEXPIECES, CMD_AWARD, CMD_ARRAY, CMD_FORSYTH,
};
extern const Kw py_commands[];
extern const int py_n_commands;
/* Index of `t` in `table`, or KW_NONE / KW_AMBIGUOUS.  An ambiguous word
 * that is not a command fails the read: "ambiguous WHAT "x" (could be …)". */
int py_lookup (P *p, const Tok *t, const Kw *table, int n, const char *what);
/* The next word of a command's list (conditions, options): its index in
 * `table`, consumed; -1 at the end of the list (a command, or in a twin a
 * twinning word; nothing consumed) or after an error (p->failed). */
int py_list_word (P *p, const Kw *table, int n, const char *what, gboolean in_twin);
/* CMD_*, or KW_NONE / KW_AMBIGUOUS. */
int py_command_of (const Tok *t);

/* Colours and piece attributes (py_piece_words ids). */
enum {
  A_WHITE, A_BLACK, A_NEUTRAL,
  A_OTHER, /* an attribute: the registry's (fe_attribute_lookup) or kept as read */
};
/* Popeye's colours and attributes, then the registry's attributes Popeye
 * lacks (Féerie's extension words): fills `out`, returns the count. */
#define PY_MAX_PIECE_WORDS (24 + FE_MAX_CONDITION_CLASSES)
int py_piece_words (Kw out[PY_MAX_PIECE_WORDS]);
/* The attribute bits Popeye lacks (written in directives: magician). */
uint8_t py_extension_attributes (void);
/* " magic magician": the words of the attributes in `attrs`, registry
 * order, each after a space ("" for none). */
char *py_attribute_words (uint8_t attrs);
gboolean py_is_piece_word (const Tok *t);

/* Twinning words: each kind's (fe_twin_kinds; its id is the
 * FeTwinCommandKind), then the words that are no command of their own. */
enum { T_CONTINUED = FE_TWIN_N_KINDS, T_SSTIP, T_FORSYTH };
#define PY_N_TWIN_WORDS (T_FORSYTH + 1)
/* The PY_N_TWIN_WORDS twinning words, each at the index of its id. */
const Kw *py_twin_words (void);
gboolean py_is_twin_word (const Tok *t);
/* A word not in a command's list: TRUE when it ends the list (a command,
 * or in a twin a twinning word), else fails with "unknown WHAT "x"". */
gboolean py_ends_list (P *p, const Tok *t, gboolean in_twin, const char *what);

/* A stipulation on the command's line.  With `keep`, one Féerie cannot
 * solve (dia3.5, pser-hs#2) is kept there as written, so the problem still opens. */
gboolean py_parse_stipulation (P *p, const Tok *cmd, FeStipulation *out, char **keep);
/* "sstipulation SIDE TREE": the tree into the problem (FeProblem.structured,
 * its plain synonym or approximation into `stipulation`); the tree may
 * span tokens and lines, and ends where its grammar does. */
gboolean py_parse_sstipulation (P *p, const Tok *cmd);

gboolean py_popeye_knows_code (const char *code);
FeSquare py_square_at (const char *s);
int py_square_list (const char *s, int len, FeSquare *out, int max);
gboolean py_is_square_list (const Tok *t);
gboolean py_read_square (P *p, const char *what, FeSquare *out);
gboolean py_read_number (P *p, const char *what, int min, int max, int *out);
gboolean py_is_number_like (const Tok *t);
/* Records `text` (taken) in problem->unsupported, once. */
void py_add_unsupported (P *p, char *text);
const char *py_colour_name (int c);

/* ---- options (popeye-read.c) ---------------------------------------------- */

/* An option that sets one FeOptions field: a flag (max 0, a gboolean) or a
 * count from 1 to max (an int); in the writer's order. */
typedef struct {
  const char *name;
  int id;
  size_t offset;
  int max;
} PyValueOption;

extern const PyValueOption py_value_options[];
extern const int py_n_value_options;

/* Reads option words until a word that is not one ("option" is `cmd`). */
gboolean py_parse_options (P *p, const Tok *cmd);
/* Is `t` an option's word (its abbreviation too)? */
gboolean py_is_option_word (const Tok *t);
/* The options of `pb` as written after "option", one option with its
 * values an item ("Defence 1", "NoCastling a1h8"), into `out` (of char*):
 * the flags and counts, EnPassant, NoCastling (with the rights the
 * diagram lacks), CastlingMutuallyExclusive. */
void py_option_items (const FeProblem *pb, GPtrArray *out);

/* ---- pieces (popeye-pieces.c) ------------------------------------------- */

typedef void (*PieceSink) (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data);

/* Reads "colour [attributes] piece…" groups.  `single_group`: twin add. */
gboolean py_parse_piece_groups (P *p, const Tok *cmd, PieceSink sink, gpointer data,
                                gboolean single_group);
/* One piece of `colour` (a list that gives the colour once, as Olive's
 * "white: [Magic Qd1, G f3]"): its attributes, a walk code and ONE
 * square, and nothing after them in the tokens. */
gboolean py_read_piece (P *p, int colour, PieceSink sink, gpointer data);
/* Puts a piece in the diagram (data: FePosition *). */
void py_diagram_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data);
gboolean py_parse_forsyth (P *p, const Tok *cmd, FePosition *pos);
const char *py_walk_code (int walk);
gboolean py_append_piece_group (GString *s, const FePosition *pos, int colour, uint8_t attrs,
                                const gboolean *skip);
gboolean py_parse_attr_entry (const char *e, char **attr, int *colour, FeSquare *sq, int *walk);

/* ---- conditions (popeye-conditions.c) ------------------------------------ */

void py_conditions_table_init (P *p);
/* Reads condition words until a word that is not one.  `in_twin`: the
 * words after "twin condition". */
gboolean py_parse_conditions (P *p, const Tok *cmd, FeConditionTarget *target,
                              gboolean in_twin);
/* After the whole problem: modifiers without their condition refused;
 * conditions of piece attributes carried into the twins. */
gboolean py_finish_conditions (P *p, const Tok *end);
/* A piece's attributes switch their conditions on (magic pieces). */
void py_note_piece_attributes (P *p, FePiece piece);
/* The Popeye words of a condition set: Popeye's to `popeye`, Féerie's to
 * `ext`.  `imit_colour` NULL: all neutral (twins). */
void py_describe_conditions (const FeConditionParams *c, int n_imit, const uint8_t *imit,
                             const uint8_t *imit_colour, GString *popeye, GString *ext);
/* The conditions the pieces of `pb` (diagram and twins) switch on. */
void py_attribute_conditions (const FeProblem *pb, FeConditionParams *out);
/* Clears in `c` the switches of piece-attribute conditions `implied` has. */
void py_omit_attribute_conditions (FeConditionParams *c, const FeConditionParams *implied);

/* ---- twins (popeye-twins.c) ---------------------------------------------- */

/* Parses the commands of one twin; `first` is the twin or zeroposition token. */
gboolean py_parse_twin (P *p, const Tok *first, gboolean zero);
gboolean py_twin_needs_extension (const FeProblem *pb, const FeTwin *tw);
/* Appends `head` ("twin", "zeroposition"), "continued" and the commands. */
void py_write_twin (GString *s, const FeProblem *pb, const FeTwin *tw, const char *head);
void py_write_stipulation (GString *s, const FeStipulation *st);

