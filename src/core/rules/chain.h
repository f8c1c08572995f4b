/* chain.h — the value chains of Einstein chess and magician pieces.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both genres move a piece one step along the same two chains
 * (docs/rules/magician-pieces.md §4, einstein.md §2.1):
 *   up:   P → S → B → R → Q → F
 *   down: Q → R → B → S → P → F
 * where F is the problem's fairy set (FeRules.fairy_walks).  A walk of F is
 * terminal in both chains (D27, D28); kings and walks outside the chains
 * never change.  When F holds several walks the step after Q (up) or after
 * P (down) is the mover's choice.
 */
#pragma once

#include "condition.h"

typedef enum {
  FE_CHAIN_UP = 0,
  FE_CHAIN_DOWN,
} FeChainDirection;

/* How many results one step from `walk` has: 0 when the walk stays as it
 * is, 1 for an ordinary step, |F| when the step leads into F. */
int fe_chain_alternatives (const FeRules *rules, int walk, FeChainDirection dir);

/* The walk after one step; `choice` (0 .. alternatives-1) selects the fairy
 * walk when the step leads into F.  Returns `walk` itself when it stays. */
int fe_chain_step (const FeRules *rules, int walk, FeChainDirection dir, int choice);

/* Choice digits of FeMove.choice: each genre that offers alternatives owns a
 * bit field, so Einstein and magician choices combine in one move. */
#define FE_CHOICE_DIGIT(choice, shift, bits) \
  ((int) (((uint32_t) (choice) >> (shift)) & ((UINT32_C (1) << (bits)) - 1)))
