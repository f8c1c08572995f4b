/* structured.h — what the structured solver's files share: a plain
 * interpreter of structured stipulations (docs/rules/structured-stipulations.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * structured-backend.c refuses what it does not solve and walks the twins;
 * structured-play.c decides whether a play has a solution (every move
 * searched, nothing pruned); structured-lines.c writes help and series
 * play, and anything met inside a line, one line per solution;
 * structured-tree.c writes battle play at the top as a tree of variations.
 */
#pragma once

#include "core/backend/backend.h"
#include "core/rules/goal.h"
#include "core/rules/movegen.h"
#include "core/rules/notation.h"

/* The last move made (the goals look at it); NULL: none (the diagram, a
 * pass). */
typedef struct {
  const FeMove *move;
  const FeUndo *undo;
} SxLast;

/* One entry of the line being written. */
typedef struct {
  FeMove move;
  gboolean pass;        /* a null move: the other side's turn skipped */
  gboolean reset_after; /* a nested play numbered from 1 begins after it */
} SxEntry;

/* A remembered result of a node's moves (structured-play.c). */
typedef struct {
  guint64 key;
  guint32 value; /* SX_NONE, SX_SOME; 0: empty */
} SxSlot;

enum { SX_NONE = 1, SX_SOME = 2 };

/* What a remembered result is about: the moves of a help, series or
 * battle branch from a position, with so many half-moves left. */
typedef enum {
  SX_HELP_MOVES = 1,
  SX_SERIES_MOVES,
  SX_ATTACKS,
  SX_DEFENCES,
} SxTableKind;

typedef struct {
  const FeProblem *problem;
  const FeSolverConfig *config;
  FeSolution *tree;
  FePosition pos;
  FePosition root; /* the twin's position, where lines are replayed from */
  FeGoalContext goals; /* the twin's diagram, which goals compare with */
  int first_side;  /* who moves first at the top */
  int inversions;  /* "-" at the top: lines begin with "1..." */
  guint64 nodes;
  gint64 deadline;
  gboolean aborted;
  int solutions;
  /* The line being written and its role (solution, short, set play). */
  GArray *line; /* of SxEntry */
  FeSolutionRole role;
  /* Writing the second half of an "&" (a reciprocal end): its lines are
   * noted FE_NOTE_RECI, laid out as the plain reciprocal's are. */
  int reci_depth;
  /* Results of nodes' moves, by position: NULL without a table
   * (hash_mb < 0, as test-differential compares). */
  SxSlot *table;
  guint64 table_mask;
  int twin;
} Sx;

/* Counts a node; TRUE when the search must stop (cancelled, out of time). */
gboolean sx_tick (Sx *x);

/* The table (structured-stipulations.md §3.9): what the moves of `node`'s
 * kind `kind` from the position, with `n` (half-)moves left and the next
 * move's `slot`, gave: SX_NONE, SX_SOME, or 0 when unknown. */
int sx_table_get (Sx *x, const FeSNode *node, SxTableKind kind, int n, int slot);
void sx_table_put (Sx *x, const FeSNode *node, SxTableKind kind, int n, int slot, int value);

/* ---- structured-play.c: solutions, without writing --------------------- */

/* Is the goal of `leaf` reached (the side to move is its victim)? */
gboolean sx_goal_reached (Sx *x, FeGoal goal, guint8 target, const SxLast *last);
/* Is `expr` a goal expression (leaves under !, & and |)? */
gboolean sx_is_goal_expr (const FeSNode *expr);
/* Does `expr` hold from the position, the side to move first? */
gboolean sx_holds (Sx *x, const FeSNode *expr, const SxLast *last);
/* The slot of a battle branch's attacking (defending) letter. */
int sx_attack_slot (const FeSNode *b);
/* Battle play: after an attacking move, `n` half-moves left, does the
 * attacker win?  After a defence, likewise. */
gboolean sx_after_attack (Sx *x, const FeSNode *b, int n, const SxLast *last);
gboolean sx_after_defence (Sx *x, const FeSNode *b, int n, const SxLast *last);
/* The attacker to move with `n` half-moves left: the shortest win's
 * length (half-moves, odd), 0 when none. */
int sx_attack_length (Sx *x, const FeSNode *b, int n, const SxLast *last);
/* The forks of `b` at `slot`, `left` half-moves of `b` left after the
 * move: a goal fork reached, or a nested play with a solution; its node
 * (else NULL). */
const FeSNode *sx_fork_holding (Sx *x, const FeSNode *b, int slot, int left, const SxLast *last);
/* A battle branch of exact length ("3:3a[#]d", exact-#2): its forks count
 * at its full length only. */
gboolean sx_battle_exact (const FeSNode *b);
/* The constraints of `b` at `slot` all hold (goal constraints or not,
 * by `goals`: -1 all, 0 the others, 1 the goal ones). */
gboolean sx_constraints_hold (Sx *x, const FeSNode *b, int slot, int goals, const SxLast *last);
/* Help or series play: the lengths tried, from the minimum in steps. */
int sx_min_length (const FeSNode *b);
/* The legal moves of the side to move (pseudo-legal ones made and taken
 * back: the callers make them again). */
void sx_legal_moves (Sx *x, FeMoveList *out);

/* ---- structured-lines.c ------------------------------------------------ */

/* After a move's notation, as Popeye marks it: " +" for a check (unless
 * `goal`'s mark says it), then the mark of `goal` (FE_N_GOALS: none). */
void sx_append_marks (GString *text, const FePosition *after, FeGoal goal);
/* The goal a goal expression that holds is reached by: its first leaf
 * that is reached and not under "!" (FE_N_GOALS: none). */
FeGoal sx_reached_goal (Sx *x, const FeSNode *expr, const SxLast *last);

/* Writes the lines of `expr` from the position, each after the line so
 * far; returns the number written. */
int sx_write_lines (Sx *x, const FeSNode *expr, const SxLast *last);
/* Help and series play (with `write`: every line; else the first found
 * stops the search): the solutions of branch `b` from its start. */
int sx_help (Sx *x, const FeSNode *b, const SxLast *last, gboolean write);
int sx_series (Sx *x, const FeSNode *b, const SxLast *last, gboolean write);
/* Set play of a help branch at the top: the first side passes. */
void sx_help_set_play (Sx *x, const FeSNode *b);

/* ---- structured-tree.c ------------------------------------------------- */

/* Battle play at the top, as a tree of variations. */
void sx_write_tree (Sx *x, const FeSNode *b);
