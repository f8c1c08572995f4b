/* cond-test-util.h — small helpers shared by the condition unit tests.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"

/* Builds a position from a piece list such as
 * "wKh1 wGd1 bKa8 nRa7 wmRa1 wmgBc4 Ic3" (colour w/b/n, optional attribute
 * prefixes as notation writes them — m magic, mg magician, … —, Popeye walk
 * code, square; "I" + square is a
 * neutral imitator).  Rules are composed from `params` into `rules`, which
 * must outlive the position.  Side to move: `side`. */
void fe_test_setup (FePosition *pos, FeRules *rules, const FeConditionParams *params,
                    const char *pieces, int side);

/* Random conditions from the registry, naming none: each condition on now
 * and then (condition `focus` always, when >= 0) with random values of its
 * parameters.  Returns an attribute bit for the caller to give some pieces
 * (the focus's own attribute, or now and then another; 0: none).  The
 * combination may be one the rules refuse: validate it. */
uint8_t fe_test_random_conditions (GRand *r, FeConditionParams *params, int focus);

/* The legal moves in Popeye notation (with effects, no check marks), sorted,
 * joined by single spaces. Caller frees. */
char *fe_test_legal_moves (FePosition *pos);

/* Makes and unmakes every legal move (at least `min_moves` of them): the
 * board, hash, castling rights and imitators must come back exactly. */
void fe_test_assert_unmake_restores (FePosition *pos, int min_moves);

/* Plays the legal move whose notation is `text` (fails the test if absent). */
void fe_test_play (FePosition *pos, const char *text);

/* Puts the two kings on random squares, not next to each other (the first
 * pieces of a random position). */
void fe_test_random_kings (GRand *r, FePosition *pos);

/* How many random problems a test draws: `slow` under `-m slow`, else
 * `quick` divided by FEERIE_TEST_DIVISOR when it is set (the sanitized CI
 * run sets 2: the same code paths under ASan, half the draws). */
int fe_test_count (int quick, int slow);
