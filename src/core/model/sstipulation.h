/* sstipulation.h — a structured stipulation: play as a tree of branches,
 * forks, constraints and leaves (Popeye's `sstipulation`).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules/structured-stipulations.md describes the language and what
 * each part means.  The tree is data: read from Popeye's text with located
 * errors, written back canonically, copied, compared and freed here; the
 * backends (core/backend) decide what they solve.  Where the tree says
 * what a plain stipulation says, fe_sstip_plain gives that stipulation.
 */
#pragma once

#include <glib.h>

#include "stipulation.h"

typedef enum {
  FE_SNODE_LEAF = 0,   /* a goal: "#", "zd5" */
  FE_SNODE_BRANCH,     /* moves: "5s", "3a…d", "6da", "4hh" with its forks and constraints */
  FE_SNODE_FORK,       /* "[…]" after a move letter: where play goes on or ends */
  FE_SNODE_CONSTRAINT, /* "{…}" after a move letter: what must hold before the next move */
  FE_SNODE_NOT,        /* "!x" */
  FE_SNODE_AND,        /* "x&y" */
  FE_SNODE_OR,         /* "x|y" */
  FE_SNODE_INVERT,     /* "-x": the other side moves first */
} FeSNodeKind;

/* The kind of a branch, by its letters. */
typedef enum {
  FE_SBRANCH_SERIES = 0, /* s: one side's moves in a row */
  FE_SBRANCH_ATTACK,     /* a…d: battle play, the attacker first */
  FE_SBRANCH_DEFENCE,    /* d…a: battle play, the defender first */
  FE_SBRANCH_HELP,       /* h…h: both sides help, in turn */
} FeSBranchKind;

typedef struct FeSNode FeSNode;
struct FeSNode {
  FeSNodeKind kind;
  /* LEAF: the goal, and its square for "z" and "k". */
  FeGoal goal;
  guint8 target;
  /* BRANCH: its kind; its maximal length and, when written ("3:5"), its
   * minimal one, in half-moves (series: in moves), 0 when not written. */
  FeSBranchKind branch;
  int min, max;
  /* BRANCH: the second letter is written (optional after "a" and "d"). */
  gboolean second;
  /* BRANCH: "?+?" before the second letter: that side moves only when it
   * is in check, else it passes. */
  gboolean parry;
  /* BRANCH: its forks and constraints (FeSNode*), in the written order. */
  GPtrArray *parts;
  /* FORK, CONSTRAINT: after the branch's first letter (0) or its second (1). */
  int slot;
  /* FORK: ">": play stops where the nested play has a solution. */
  gboolean forced;
  /* FORK: "/": the nested play's moves are not written. */
  gboolean suppressed;
  /* FORK, CONSTRAINT, NOT, INVERT: the operand; AND, OR: both. */
  FeSNode *a, *b;
};

typedef struct {
  int side;      /* FE_WHITE or FE_BLACK: the side named first ("white 5s[#]") */
  FeSNode *root;
} FeSStip;

/* Longest branch (half-moves; series moves) and deepest nesting read: a
 * longer or deeper text is refused where it goes past (no search would
 * end, and the reader's recursion stays bounded). */
#define FE_SSTIP_MAX_LENGTH 999
#define FE_SSTIP_MAX_DEPTH 64

/* Parses "white 5s[#]", "black - 3:3h[#]h", "white 3a[>1a[#]d]d{!1a[#]d}"…
 * (side word, then the tree; case-insensitive; spaces between items).
 * The whole text must be the stipulation.  On error returns FALSE with
 * `error` (FE_STIPULATION_ERROR) and, when `error_offset` is set, the byte
 * of `text` where the fault is. */
gboolean fe_sstip_parse (const char *text, FeSStip **out, gsize *error_offset, GError **error);
/* The same for a stipulation followed by other text (Popeye's command
 * language): reads as far as the language allows and sets `*end` to the
 * byte after the stipulation. */
gboolean fe_sstip_parse_prefix (const char *text, gsize length, FeSStip **out, gsize *end,
                                gsize *error_offset, GError **error);
/* The canonical text: "white 3a[#]d" (no spaces in the tree, the
 * parentheses it needs only).  Caller frees. */
char *fe_sstip_to_string (const FeSStip *s);
/* The tree alone: "3a[#]d".  Caller frees. */
char *fe_snode_to_string (const FeSNode *node);

FeSStip *fe_sstip_copy (const FeSStip *s);
void fe_sstip_free (FeSStip *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeSStip, fe_sstip_free)
/* Same side, same tree (NULL equals NULL only). */
gboolean fe_sstip_equal (const FeSStip *a, const FeSStip *b);

FeSNode *fe_snode_new (FeSNodeKind kind);
void fe_snode_free (FeSNode *node);

/* The branch letter of a fork or constraint's slot ('a', 'd', 'h', 's'). */
char fe_sbranch_letter (FeSBranchKind kind, int slot);

/* The plain stipulation the tree says exactly, if any: "white 5s[#]" is
 * ser-#5, "white 3a[#]d" is #2, "black 2hh[#]&1h[#]h" is reci-h#1
 * (docs/rules/structured-stipulations.md §6). */
gboolean fe_sstip_plain (const FeSStip *s, FeStipulation *out);
/* The tree a plain stipulation says (the inverse of fe_sstip_plain, and
 * semi-r, exact help and series play besides), or NULL: "#2" is "white
 * 3a[#]d", "exact-h#3" "black 6:6hh[#]", "semi-r#2" "white 3a[1a[#]d]d".
 * For the structured solver, which takes plain stipulations the search
 * does not solve (docs/rules/structured-stipulations.md §6.1). */
FeSStip *fe_sstip_from_plain (const FeStipulation *st);
/* With the option Quodlibet: the tree of a self, reflex or semi-reflex
 * stipulation in which the attacker may reach the goal itself too
 * ("s#2" is "white 4a[#]d[#]"), or NULL for the other plays. */
FeSStip *fe_sstip_from_plain_quodlibet (const FeStipulation *st);
/* A plain stipulation near the tree, for what reads only plain ones (the
 * window's stipulation field, a file format without trees): the plain
 * equivalent when there is one, else the play of the top branch with the
 * first goal found. */
void fe_sstip_approximate (const FeSStip *s, FeStipulation *out);
