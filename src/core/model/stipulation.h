/* stipulation.h — what the problem asks for: play kind, goal, length.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* A stipulation is composed of parts (docs/rules/stipulations.md): the
 * body of play — who moves, how — and how it ends, with the goal of the
 * end, the length, and the modifiers Popeye's language puts in front.
 * Every stipulation of Popeye's `stipulation` command reads into this;
 * each backend (core/backend) says which compositions it solves. */

/* The body of play. */
typedef enum {
  FE_PLAY_DIRECT = 0, /* battle: White moves first and forces, whatever Black does */
  FE_PLAY_HELP,       /* help: both sides cooperate, one move each in turn */
  FE_PLAY_SERIES,     /* series: one side plays its moves in a row, the other still */
} FePlay;

/* How the play ends after its body. */
typedef enum {
  FE_END_GOAL = 0,    /* the body's own last move reaches the goal: #n, h#n, ser-#n */
  FE_END_SELF,        /* then the other side is forced to reach it in one: s#n, hs#n, ser-s#n */
  FE_END_REFLEX,      /* self, and whichever side can reach it in one must: r#n, hr#n, ser-r#n */
  FE_END_SEMI_REFLEX, /* self, and only the forced side must when it can: semi-r#n */
  FE_END_HELP,        /* series, then the other side reaches it in one, helped: ser-h#n */
  FE_END_HELP_SELF,   /* series, then one helped move, then a self end: ser-hs#n */
  FE_END_RECI,        /* the ending side can reach its own goal in one, and both sides
                       * the other's in two: reci-h#n, ser-reci-h#n */
} FeEnd;

/* Parry series (Popeye's pser-, phser-; docs/rules/stipulations.md §12):
 * after each series move but the last, the other side moves only when in
 * check, to parry it, and else passes; the series goes on. */
typedef enum {
  FE_PARRY_NONE = 0,
  FE_PARRY_BATTLE, /* pser-, pser-s, pser-r: the parries defend, every one must be met */
  FE_PARRY_HELP,   /* pser-h, phser-: the parries help */
} FeParry;

typedef enum {
  FE_GOAL_MATE = 0,     /* # */
  FE_GOAL_STALEMATE,    /* = */
  FE_GOAL_DOUBLE_STALEMATE, /* == */
  FE_GOAL_ANY,          /* ~ : any move (lists the moves) */
  FE_GOAL_CAPTURE,      /* x */
  FE_GOAL_CHECK,        /* + */
  FE_GOAL_TARGET,       /* zd5: the moving piece ends its move on the target square */
  FE_GOAL_CASTLING,     /* 00: the last move is a castling */
  FE_GOAL_CAPTURE_NO_REBIRTH, /* % : a capture after which no piece is reborn (Circe) */
  FE_GOAL_POSITION,     /* a=>b: the problem's target position (FeProblem.target) is reached */
  FE_GOAL_COUNTER_MATE, /* ##! : the mover is mated too (both sides mated) */
  FE_GOAL_DOUBLE_MATE,  /* ## : both sides mated, neither by its own fault alone */
  FE_GOAL_MATE_OR_STALEMATE, /* #= */
  FE_GOAL_AUTO_STALEMATE, /* != : the mover is stalemated */
  FE_GOAL_AUTO_MATE,    /* !# : the mover is mated */
  FE_GOAL_EN_PASSANT,   /* ep : the last move is an en passant capture */
  FE_GOAL_CIRCUIT,      /* ct : a piece is back on its diagram square */
  FE_GOAL_CIRCUIT_BY_REBIRTH, /* ctr */
  FE_GOAL_EXCHANGE,     /* <> : two pieces have exchanged their diagram squares */
  FE_GOAL_EXCHANGE_BY_REBIRTH, /* <>r */
  FE_GOAL_PROOF_GAME,   /* dia : the diagram reached from the game array */
  FE_GOAL_CHESS81,      /* c81 */
  FE_GOAL_KISS,         /* k */
  FE_N_GOALS
} FeGoal;

typedef struct {
  FePlay play;
  FeEnd end;
  FeGoal goal;
  /* Length in moves as written: #2 → 2, h#2.5 → 2 with half = TRUE. */
  int moves;
  gboolean half;
  /* A goal with a square (fe_goal_has_square): the square (0x88). */
  guint8 target;
  /* Reciprocal end: the goal the ending side's own last move reaches (G1
   * of "reci-h(G1)G2n"); `goal` is the one the other side reaches (G2).
   * Both are `goal` in "reci-h#n".  Unused by the other ends. */
  FeGoal reci_goal;
  /* exact-: solutions of the full length only (no shorter ones count,
   * nor make the problem unsound). */
  gboolean exact;
  FeParry parry;
  /* n->: White's n introductory series moves before the rest. */
  int intro;
} FeStipulation;

/* Parses "#2", "h#2.5", "ser-s#7", "~1", "ser-zd53", "h001", "hs#2",
 * "reci-h(=)#3", "a=>b6", "ser-ha=>b2"…  "a=>bn" alone is help play
 * (docs/rules/stipulations.md §5).  Errors name the offending part; Popeye's
 * forms Féerie does not solve (proof games, parry series, exotic goals) are
 * refused by name with FE_STIPULATION_ERROR_UNSUPPORTED. */
gboolean fe_stipulation_parse (const char *text, FeStipulation *out, GError **error);
/* Writes the Popeye spelling back ("h#2.5"); caller frees. */
char *fe_stipulation_to_string (const FeStipulation *stip);
/* The mark Popeye writes after a move that reaches the goal ("#", "z");
 * "" for the goals it marks with nothing (00, ~, ep, ct, ctr, <>, <>r, k:
 * docs/rules/stipulations.md §2). */
const char *fe_goal_symbol (FeGoal goal);
/* The goal's word in a stipulation ("##!", "ct", "z" without its square). */
const char *fe_goal_word (FeGoal goal);
/* The goal word `text` begins with, in Popeye's order (the longest of
 * those that begin it, case-insensitive): its length, 0 when none. */
int fe_goal_word_at (const char *text, FeGoal *goal);

/* The play's moves are half-moves of a help line (help play, and the
 * help-like series ends that count no series: never for series play). */
static inline gboolean
fe_stipulation_is_help (const FeStipulation *stip)
{
  return stip->play == FE_PLAY_HELP;
}
static inline gboolean
fe_stipulation_is_series (const FeStipulation *stip)
{
  return stip->play == FE_PLAY_SERIES;
}
/* Help parry series toward a stalemate (phser-=, phser-==): a series move
 * before the last that reaches the goal does not end the line, the other
 * side passes (docs/rules/stipulations.md §12.1). */
static inline gboolean
fe_parry_goal_goes_on (const FeStipulation *stip)
{
  return stip->parry == FE_PARRY_HELP && stip->end == FE_END_GOAL
         && (stip->goal == FE_GOAL_STALEMATE || stip->goal == FE_GOAL_DOUBLE_STALEMATE);
}
/* Battle play (a tree of variations): direct, self, reflex. */
static inline gboolean
fe_stipulation_is_battle (const FeStipulation *stip)
{
  return stip->play == FE_PLAY_DIRECT;
}
/* Reflex duties (r, hr, ser-r): whoever can reach the goal in one must. */
static inline gboolean
fe_stipulation_is_reflex (const FeStipulation *stip)
{
  return stip->end == FE_END_REFLEX;
}

/* The goal takes a square (zd5, ke5): FeStipulation.target. */
static inline gboolean
fe_goal_has_square (FeGoal goal)
{
  return goal == FE_GOAL_TARGET || goal == FE_GOAL_KISS;
}

/* The goal is the mover's own mate, so its move leaves the mover's king
 * in check, which no other move may (##, ##!, !#:
 * docs/rules/stipulations.md §8.4). */
static inline gboolean
fe_goal_allows_self_check (FeGoal goal)
{
  return goal == FE_GOAL_DOUBLE_MATE || goal == FE_GOAL_COUNTER_MATE || goal == FE_GOAL_AUTO_MATE;
}

/* Popeye writes no " +" before the goal's mark: the mark says the check
 * or that there is none (docs/rules/stipulations.md §2). */
static inline gboolean
fe_goal_preempts_check (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_MATE:
    case FE_GOAL_CHECK:
    case FE_GOAL_DOUBLE_MATE:
    case FE_GOAL_COUNTER_MATE:
    case FE_GOAL_MATE_OR_STALEMATE:
    case FE_GOAL_STALEMATE:
    case FE_GOAL_DOUBLE_STALEMATE:
    case FE_GOAL_AUTO_STALEMATE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The goal's English name, for sentences: "the counter-mate goal (\"##!\")"
 * (FE_N_: the caller translates). */
const char *fe_goal_name (FeGoal goal);

/* Who moves first in the diagram for this play (before Duplex swaps it),
 * with or without the option WhiteToPlay. */
int fe_stipulation_starting_side (const FeStipulation *stip, gboolean white_to_play);
/* Help-type play: the half-moves of a full line (the ends' moves
 * included), WhiteToPlay applied. */
int fe_stipulation_help_length (const FeStipulation *stip, gboolean white_to_play);

/* Does the stipulation ask for a target position (a=>b, ser-a=>b,
 * ser-ha=>b)?  The problem then holds one (FeProblem.target). */
gboolean fe_stipulation_has_target (const FeStipulation *stip);

/* UNSUPPORTED: a stipulation of Popeye's language Féerie cannot solve
 * (dia3.5, pser-hs#2, an unknown goal): readers keep it as written.
 * INVALID: a malformed one (no number, #0, h.5 outside help play). */
typedef enum {
  FE_STIPULATION_ERROR_INVALID = 0,
  FE_STIPULATION_ERROR_UNSUPPORTED,
} FeStipulationError;

#define FE_STIPULATION_ERROR (fe_stipulation_error_quark ())
GQuark fe_stipulation_error_quark (void);
