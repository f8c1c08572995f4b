/* problem.h — FeProblem: everything a composer saves about one problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one model the readers (Popeye, XML, FEN), the GUI and the solver share.
 * The diagram is kept as a position; conditions are typed parameters.
 */
#pragma once

#include <glib.h>

#include "condition.h"
#include "position.h"
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

typedef enum {
  FE_MIRROR_A1_H1 = 0, /* left–right */
  FE_MIRROR_A1_A8,     /* top–bottom */
  FE_MIRROR_A1_H8,     /* diagonal */
  FE_MIRROR_H1_A8,
} FeMirror;

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
  GPtrArray *keywords; /* of char* */
  char *comments;
  GPtrArray *remarks;  /* of char*: Popeye "remark" lines */

  /* The diagram: pieces and imitators (position.imitators). */
  FePosition diagram;
  FeStipulation stipulation;
  FeConditionParams conditions;
  FeOptions options;
  GPtrArray *twins; /* of FeTwin* */
  /* Conditions that were read but Féerie cannot solve (Circe, …): solving
   * refuses the problem naming them; writers keep them. */
  GPtrArray *unsupported; /* of char* */
  /* A stipulation Féerie cannot solve (a=>b, dia3.5, pser-h#2 …), kept as
   * written so the problem still opens, shows, saves and exports; solving
   * refuses it.  NULL when `stipulation` says it all. */
  char *unsupported_stipulation;
  /* Zeroposition: the diagram itself is not solved, only the twins. */
  gboolean zero_position;
} FeProblem;

FeProblem *fe_problem_new (void);
void fe_problem_free (FeProblem *problem);
FeProblem *fe_problem_copy (const FeProblem *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeProblem, fe_problem_free)

FeTwin *fe_twin_new (void);
void fe_twin_free (FeTwin *twin);
void fe_author_free (FeAuthor *author);

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

/* Applies every twin in order (linear time): 0 when all apply, else the
 * 1-based index of the first that does not, with `error` set.  Readers
 * check a file with it and say where that twin is. */
int fe_problem_check_twins (const FeProblem *problem, GError **error);

/* Popeye's twin label text after "b) ", e.g. "wKf5-->g5  =1". Caller frees.
 * Replays a continued chain; in a loop over all twins use the _after form
 * with the position of twin index-1. */
char *fe_twin_describe (const FeProblem *problem, int index);
char *fe_twin_describe_after (const FeProblem *problem, int index, const FePosition *previous);

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
