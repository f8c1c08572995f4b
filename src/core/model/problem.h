/* problem.h — FeProblem: everything a composer saves about one problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one model the readers (Popeye, XML, FEN), the GUI and the solver share.
 * The diagram is kept as a position; conditions are typed parameters.
 */
#pragma once

#include <glib.h>

#include "condition-class.h"
#include "position.h"
#include "sstipulation.h"
#include "stipulation.h"

typedef struct {
  gboolean set_play;      /* SetPlay */
  gboolean tries;         /* Try */
  int defence;            /* Defence n: refutations shown for tries (0 = off) */
  gboolean variations;    /* Variation */
  gboolean no_threat;     /* NoThreat */
  gboolean white_to_play; /* WhiteToPlay (help play) */
  gboolean duplex;
  gboolean half_duplex;
  int max_solutions;      /* 0 = unlimited */
  gboolean no_board;
  gboolean no_white_king; /* NoWk */
  gboolean no_black_king; /* NoBk */
  int threat_length;      /* Threat n (0 = off) */
  gboolean post_key_play;
  gboolean stop_on_short;
  int max_time;           /* seconds, 0 = none */
  /* Options that change what a solution is (docs/rules/stipulations.md §13). */
  gboolean quodlibet;           /* Quodlibet: in s and r play the attacker may reach the goal too */
  gboolean goal_is_end;         /* GoalIsEnd: the goal reached by the wrong side ends the play */
  gboolean keep_mating_piece;   /* KeepMatingPiece: the goal's side keeps a piece besides its king */
  gboolean no_short_variations; /* NoShortVariations: battle variations shorter than the play not written */
  gboolean mates_in_1;          /* MatesIn1: self play writes the defender's early goal moves */
  gboolean non_trivial;         /* NonTrivial m n */
  int non_trivial_max;          /* m: the non-trivial defences granted besides one at each node */
  int non_trivial_length;       /* n: a defence met by a win in n moves is trivial */
  /* EnPassant f7f6f5: the last move was a multi-step over these squares
   * (four for an Einstein pawn's triple step, c1c2c3c4). */
  int n_ep_squares;
  FeSquare ep_squares[4];
  /* NoCastling: squares whose castling flag is off. */
  int n_no_castling;
  FeSquare no_castling[8];
  /* CastlingMutuallyExclusive a1h8: pairs of rook squares */
  int n_castling_exclusive;
  FeSquare castling_exclusive[4][2];
} FeOptions;

typedef enum {
  FE_TWIN_MOVE = 0,   /* move a b */
  FE_TWIN_EXCHANGE,   /* exchange a b */
  FE_TWIN_REMOVE,     /* remove a */
  FE_TWIN_ADD,        /* add colour piece square */
  FE_TWIN_SUBSTITUTE, /* substitute walk walk */
  FE_TWIN_ROTATE,     /* rotate 90|180|270 */
  FE_TWIN_MIRROR,     /* mirror a1<-->h1 (files), a1<-->a8 (ranks), a1<-->h8, h1<-->a8 */
  FE_TWIN_SHIFT,      /* shift a b */
  FE_TWIN_POLISH,     /* polishtype: swap colours */
  FE_TWIN_STIPULATION,
  FE_TWIN_CONDITION,  /* replaces all conditions */
} FeTwinCommandKind;
#define FE_TWIN_N_KINDS (FE_TWIN_CONDITION + 1)

/* What a kind of command takes besides its kind (FeTwinCommand fields). */
typedef enum {
  FE_TWIN_TAKES_SQUARE = 1 << 0,      /* a */
  FE_TWIN_TAKES_SECOND = 1 << 1,      /* b, after a */
  FE_TWIN_TAKES_PIECE = 1 << 2,       /* piece, put on a */
  FE_TWIN_TAKES_WALKS = 1 << 3,       /* walk_from, walk_to */
  FE_TWIN_TAKES_ROTATION = 1 << 4,    /* rotation */
  FE_TWIN_TAKES_MIRROR = 1 << 5,      /* mirror */
  FE_TWIN_TAKES_STIPULATION = 1 << 6, /* stipulation */
  FE_TWIN_TAKES_CONDITIONS = 1 << 7,  /* conditions, imitators */
} FeTwinOperands;

/* A kind of twinning command, as every layer names it: the one table the
 * Popeye and XML readers and writers, the twin descriptions and the
 * window's picker read (indexed by FeTwinCommandKind). */
typedef struct {
  const char *popeye;      /* Popeye's word ("PolishType") */
  const char *xml;         /* Féerie XML's element ("polish-type") */
  const char *label;       /* the picker's name, FE_N_ (gettext it) */
  FeTwinOperands operands;
} FeTwinKindDesc;

extern const FeTwinKindDesc fe_twin_kinds[FE_TWIN_N_KINDS];

typedef enum {
  FE_MIRROR_A1_H1 = 0, /* left–right */
  FE_MIRROR_A1_A8,     /* top–bottom */
  FE_MIRROR_A1_H8,     /* diagonal */
  FE_MIRROR_H1_A8,
} FeMirror;
#define FE_N_MIRRORS (FE_MIRROR_H1_A8 + 1)

/* A mirror axis in every layer's words (indexed by FeMirror). */
typedef struct {
  const char *popeye;       /* Popeye's word, read and written ("a8<-->h1") */
  const char *popeye_alias; /* another spelling the reader takes, or NULL */
  const char *xml;          /* Féerie XML's axis ("h1-a8") */
  const char *label;        /* the picker's ("a8↔h1") */
} FeMirrorAxisDesc;

extern const FeMirrorAxisDesc fe_mirror_axes[FE_N_MIRRORS];

typedef struct {
  FeTwinCommandKind kind;
  FeSquare a, b;     /* squares for move/exchange/remove/add/shift */
  FePiece piece;     /* add */
  uint8_t walk_from, walk_to; /* substitute */
  int rotation;      /* rotate */
  uint8_t mirror;    /* FeMirror */
  FeStipulation stipulation;
  FeConditionParams conditions; /* condition: the complete new set */
  int n_imitators;              /* condition Imitator squares */
  FeSquare imitators[FE_MAX_IMITATORS];
} FeTwinCommand;

typedef struct {
  gboolean continued; /* applies to the previous twin, not the diagram */
  GArray *commands;   /* of FeTwinCommand */
} FeTwin;

typedef struct {
  char *family;
  char *given;
} FeAuthor;

typedef struct {
  /* Metadata, as YACPDB/Olive name it. */
  GPtrArray *authors; /* of FeAuthor* */
  char *source_name;
  char *source_volume;
  char *source_issue;
  char *source_number;
  char *source_date;
  char *award_tourney;
  char *award_distinction;
  char *award_judges;
  char *title;
  char *solution_text; /* the composer's own solution */
  /* YACPDB's intended-solutions: the branching of the intended play at
   * each move, "2.1.1.1" for an h#2 with two solutions (see
   * core/check/check.h); NULL when the file does not say. */
  char *intended_solutions;
  GPtrArray *keywords; /* of char* */
  char *comments;
  GPtrArray *remarks;  /* of char*: Popeye "remark" lines */

  /* The diagram: pieces and imitators (position.imitators). */
  FePosition diagram;
  FeStipulation stipulation;
  /* A structured stipulation (Popeye's sstipulation), owned; NULL for a
   * plain one.  When set it is what the problem asks, and `stipulation`
   * holds its plain equivalent (fe_sstip_plain) or, when it has none, an
   * approximation for what reads plain stipulations only
   * (fe_sstip_approximate). */
  FeSStip *structured;
  FeConditionParams conditions;
  FeOptions options;
  GPtrArray *twins; /* of FeTwin* */
  /* Conditions that were read but Féerie cannot solve (Circe, …): solving
   * refuses the problem naming them; writers keep them. */
  GPtrArray *unsupported; /* of char* */
  /* A stipulation Féerie cannot solve (dia3.5, pser-hs#2 …), kept as
   * written so the problem still opens, shows, saves and exports; solving
   * refuses it.  NULL when `stipulation` says it all. */
  char *unsupported_stipulation;
  /* Zeroposition: the diagram itself is not solved, only the twins. */
  gboolean zero_position;
  /* a=>b (docs/rules/stipulations.md §5): the target position B, its pieces
   * and imitators; the diagram is A.  Read, written, compared and validated
   * only while the stipulation asks for it (fe_stipulation_has_target), kept
   * otherwise so that the window's edits of the stipulation lose nothing.
   * Twins change A only (docs/decisions.md). */
  FePosition target;
} FeProblem;

/* Does the problem hold a target position (a=>b)? */
gboolean fe_problem_has_target (const FeProblem *problem);

/* The first option set in `o` that changes what a solution is (Quodlibet,
 * GoalIsEnd, KeepMatingPiece, NoShortVariations, MatesIn1, NonTrivial:
 * docs/rules/stipulations.md §14), by Popeye's name, or NULL: a backend
 * that does not honour them refuses the problem. */
const char *fe_options_changing_solution (const FeOptions *o);

FeProblem *fe_problem_new (void);
void fe_problem_free (FeProblem *problem);
FeProblem *fe_problem_copy (const FeProblem *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeProblem, fe_problem_free)

typedef struct FeProblemFault FeProblemFault;

FeTwin *fe_twin_new (void);
FeTwin *fe_twin_copy (const FeTwin *twin);
void fe_twin_free (FeTwin *twin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeTwin, fe_twin_free)
void fe_author_free (FeAuthor *author);

/* One command that changes the position (move, add, rotate, mirror, shift,
 * PolishType …) applied to `pos` (the window's board transforms); FALSE
 * with `error` set when it cannot be (a piece would leave the board). */
gboolean fe_position_apply_twin_command (FePosition *pos, const FeTwinCommand *command,
                                         GError **error);

/* Applies twin `index` (0-based) to a copy of the base problem's position,
 * stipulation and conditions, following `continued` chains.  Returns FALSE
 * with an error when a command refers to an empty square. */
gboolean fe_problem_apply_twin (const FeProblem *problem, int index,
                                FePosition *pos, FeStipulation *stip,
                                FeConditionParams *cond, GError **error);

/* Steps from twin index-1 to twin `index` in place: `pos`, `stip`, `cond`
 * hold what this function left for index-1 (anything for index 0 or 1)
 * and receive twin `index`.  Only this twin's commands are applied, so
 * walking all twins in order is linear in the file, continued or not.
 * Refuses a twin that gives a side two kings or puts a piece on an
 * imitator's square. */
gboolean fe_problem_apply_next_twin (const FeProblem *problem, int index, FePosition *pos,
                                     FeStipulation *stip, FeConditionParams *cond,
                                     GError **error);

/* fe_problem_apply_next_twin, saying in `fault` (may be NULL) which
 * command or which rule of the position failed. */
gboolean fe_problem_step_twin (const FeProblem *problem, int index, FePosition *pos,
                               FeStipulation *stip, FeConditionParams *cond,
                               FeProblemFault *fault, GError **error);

/* Popeye's twin label text after "b) ", e.g. "wKf5-->g5  =1". Caller frees.
 * Replays a continued chain; in a loop over all twins use the _after form
 * with the position of twin index-1. */
char *fe_twin_describe (const FeProblem *problem, int index);
char *fe_twin_describe_after (const FeProblem *problem, int index, const FePosition *previous);

/* The conditions in force as the solver's header prints them (Popeye's
 * words), one line each, in registry order.  Caller frees. */
char *fe_conditions_describe (const FeConditionParams *c, const FePosition *pos);

/* The letter Popeye gives twin `index` (0 = the diagram): "a" … "z", then
 * "z1", "z2", … Caller frees. */
char *fe_twin_label (int index);

#define FE_PROBLEM_ERROR (fe_problem_error_quark ())
GQuark fe_problem_error_quark (void);

typedef enum {
  FE_PROBLEM_ERROR_PARSE,
  FE_PROBLEM_ERROR_UNSUPPORTED,
  FE_PROBLEM_ERROR_ILLEGAL,
} FeProblemError;

/* ---- the problem's own rules (problem-rules.c) ------------------------- */

/* The rule a problem breaks, found by fe_problem_validate. */
typedef enum {
  FE_RULE_NONE = 0,
  FE_RULE_TWO_KINGS,         /* a colour has kings on `square` and `other` */
  FE_RULE_IMITATOR_ON_PIECE, /* an imitator shares `square` with a piece */
  FE_RULE_TWO_IMITATORS,     /* two imitators on `square` */
  FE_RULE_TWIN_COMMAND,      /* command `command` of twin `twin` does not apply */
} FeRule;

/* Where the problem breaks it: data, so that a reader can point at the
 * line that placed the piece and the window at the square. */
struct FeProblemFault {
  FeRule rule;
  int twin;        /* 0: the diagram; else the twin (1-based) whose position breaks it */
  int command;     /* FE_RULE_TWIN_COMMAND: the twin's command (0-based); else -1 */
  FeSquare square; /* FE_NO_SQUARE when the rule names none */
  FeSquare other;
  gboolean in_target; /* the rule is broken by the target position (a=>b) */
};

/* The position rules (docs/rules/common-model.md §2): a colour has at most
 * one king, an imitator stands alone on its square.  FALSE with `fault` (may
 * be NULL) and `error` (FE_PROBLEM_ERROR_ILLEGAL, no location in its text). */
gboolean fe_position_validate (const FePosition *pos, FeProblemFault *fault, GError **error);
/* Every rule of the problem: the diagram, the target position (a=>b),
 * then each twin applied to the
 * position it continues from.  The one place readers, the window and the
 * CLI learn whether a problem can be saved and read back. */
gboolean fe_problem_validate (const FeProblem *problem, FeProblemFault *fault, GError **error);

/* Derives what the diagram's options say of its state: White to move,
 * castling rights from the pieces less NoCastling, the e.p. squares of
 * EnPassant, the hash.  Readers call it after reading, the window after
 * each edit of the pieces or the options. */
void fe_problem_settle_diagram (FeProblem *problem);

/* Puts the position of `source` (diagram, imitators, and what its
 * NoCastling and EnPassant options say of it) into `problem`, whose
 * stipulation, conditions and metadata stay: a pasted FEN. */
void fe_problem_take_position (FeProblem *problem, const FeProblem *source);

/* Equality of values, not of their text. */
gboolean fe_stipulation_equal (const FeStipulation *a, const FeStipulation *b);
gboolean fe_twin_command_equal (const FeTwinCommand *a, const FeTwinCommand *b);
gboolean fe_twin_equal (const FeTwin *a, const FeTwin *b);
/* The same pieces (walk, colour, attributes: not their ids), imitators,
 * rights and e.p. squares. */
gboolean fe_position_same_diagram (const FePosition *a, const FePosition *b);
/* Would a solve of `a` answer what a solve of `b` does?  Metadata aside,
 * everything the solver reads. */
gboolean fe_problem_same_solving_input (const FeProblem *a, const FeProblem *b);
/* Everything equal, metadata included. */
gboolean fe_problem_equal (const FeProblem *a, const FeProblem *b);
