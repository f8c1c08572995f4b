/* stipulation.h — what the problem asks for: play kind, goal, length.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

typedef enum {
  FE_PLAY_DIRECT = 0, /* #n: White forces the goal */
  FE_PLAY_HELP,       /* h#n: both sides cooperate, Black starts */
  FE_PLAY_SELF,       /* s#n: White forces Black to reach the goal */
  FE_PLAY_REFLEX,     /* r#n: self play where either side must take a goal in one */
  FE_PLAY_SERIES,     /* ser-#n: White plays n moves in a row, then the goal */
  FE_PLAY_SERIES_HELP, /* ser-h#n: Black plays n moves, White then reaches the goal in 1 */
  FE_PLAY_SERIES_SELF, /* ser-s#n: White plays n moves, then Black is forced to the goal */
  FE_PLAY_HELP_SELF,   /* hs#n: help play (White first), then Black is forced to the goal */
  FE_PLAY_HELP_REFLEX, /* hr#n: help play, then Black reaches the goal; reflex duties at every move */
  FE_PLAY_SERIES_REFLEX, /* ser-r#n: White's series, then Black reaches the goal; reflex duties */
  FE_PLAY_RECI_HELP,   /* reci-h#n: help play (Black first) to a position where Black can reach
                        * its goal in one and Black and White can reach White's in two */
  FE_PLAY_SERIES_RECI_HELP, /* ser-reci-h#n: Black's series, then the reciprocal end */
} FePlay;

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
} FeGoal;

typedef struct {
  FePlay play;
  FeGoal goal;
  /* Length in moves as written: #2 → 2, h#2.5 → 2 with half = TRUE. */
  int moves;
  gboolean half;
  /* FE_GOAL_TARGET only: the target square (0x88, as FeSquare). */
  guint8 target;
  /* Reciprocal help play: the goal Black's own last move reaches (G1 of
   * "reci-h(G1)G2n"); `goal` is the one White's reply reaches (G2).  Both
   * are `goal` in "reci-h#n".  Unused by the other plays. */
  FeGoal reci_goal;
} FeStipulation;

/* Parses "#2", "h#2.5", "ser-s#7", "~1", "ser-zd53", "h001", "hs#2",
 * "reci-h(=)#3", "a=>b6", "ser-ha=>b2"…  "a=>bn" alone is help play
 * (docs/rules/stipulations.md §5).  Errors name the offending part; Popeye's
 * forms Féerie does not solve (proof games, parry series, exotic goals) are
 * refused by name with FE_STIPULATION_ERROR_UNSUPPORTED. */
gboolean fe_stipulation_parse (const char *text, FeStipulation *out, GError **error);
/* Writes the Popeye spelling back ("h#2.5"); caller frees. */
char *fe_stipulation_to_string (const FeStipulation *stip);
/* The goal as written in a stipulation ("#", "~", "z"); "" for castling,
 * which Popeye marks with nothing after the move. */
const char *fe_goal_symbol (FeGoal goal);

/* Help-type play: a help line of half-moves (h, hs, hr, reci-h), where
 * ".5" and WhiteToPlay make sense.  Series play counts series moves. */
gboolean fe_play_is_help_like (FePlay play);
gboolean fe_play_is_series (FePlay play);
/* Battle play (a tree of variations): direct, self, reflex. */
gboolean fe_play_is_battle (FePlay play);
/* Reflex duties (r, hr, ser-r): whoever can reach the goal in one must. */
gboolean fe_play_is_reflex (FePlay play);

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
 * (dia3.5, pser-h#2, an unknown goal): readers keep it as written.
 * INVALID: a malformed one (no number, #0, h.5 outside help play). */
typedef enum {
  FE_STIPULATION_ERROR_INVALID = 0,
  FE_STIPULATION_ERROR_UNSUPPORTED,
} FeStipulationError;

#define FE_STIPULATION_ERROR (fe_stipulation_error_quark ())
GQuark fe_stipulation_error_quark (void);
