/* chain.c — the value chains of Einstein chess and magician pieces.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by conditions/einstein.c and conditions/magician.c, so neither
 * genre copies the other's chain (docs/rules/magician-pieces.md §4,
 * einstein.md §2.1).
 */
#include "chain.h"

static bool
in_fairy_set (const FeRules *r, int walk)
{
  for (int i = 0; i < r->n_fairy_walks; i++)
    if (r->fairy_walks[i] == walk)
      return true;
  return false;
}

/* The orthodox successor, FE_WALK_NONE for "into F", or -1 for "no step"
 * (kings, fairy walks outside the chains). */
static int
orthodox_step (int walk, FeChainDirection dir)
{
  if (dir == FE_CHAIN_UP)
    switch (walk)
      {
      case FE_WALK_PAWN: return FE_WALK_KNIGHT;
      case FE_WALK_KNIGHT: return FE_WALK_BISHOP;
      case FE_WALK_BISHOP: return FE_WALK_ROOK;
      case FE_WALK_ROOK: return FE_WALK_QUEEN;
      case FE_WALK_QUEEN: return FE_WALK_NONE;
      default: return -1;
      }
  switch (walk)
    {
    case FE_WALK_QUEEN: return FE_WALK_ROOK;
    case FE_WALK_ROOK: return FE_WALK_BISHOP;
    case FE_WALK_BISHOP: return FE_WALK_KNIGHT;
    case FE_WALK_KNIGHT: return FE_WALK_PAWN;
    case FE_WALK_PAWN: return FE_WALK_NONE;
    default: return -1;
    }
}

int
fe_chain_alternatives (const FeRules *rules, int walk, FeChainDirection dir)
{
  /* A walk of F is at the end of both chains (D27, D28). */
  if (!rules || in_fairy_set (rules, walk))
    return 0;
  int next = orthodox_step (walk, dir);
  if (next < 0)
    return 0;
  if (next == FE_WALK_NONE)
    return rules->n_fairy_walks; /* 0: Q stays Q, P stays P */
  return 1;
}

int
fe_chain_step (const FeRules *rules, int walk, FeChainDirection dir, int choice)
{
  int n = fe_chain_alternatives (rules, walk, dir);
  if (n == 0)
    return walk;
  int next = orthodox_step (walk, dir);
  if (next != FE_WALK_NONE)
    return next;
  if (choice < 0 || choice >= n)
    choice = 0;
  return rules->fairy_walks[choice];
}
