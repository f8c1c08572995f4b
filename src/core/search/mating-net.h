/* mating-net.h — goal-directed pruning of help and series mates.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Popeye's "intelligent" mode for helpmates builds the mating positions
 * and searches only the play that reaches them.  Féerie asks the converse
 * at each node near the end: can any mating position still be reached
 * within the moves left?  The mated king's last square must be attacked
 * and each of its flights blocked or guarded; each piece that helps needs
 * moves to get there, and the sides have so many moves left.  The answer
 * "no" is a proof on a relaxed board (walks reach along their lines
 * whatever stands in the way, conditions only take moves away), so the
 * node is pruned without losing a solution; "maybe" searches as before.
 * Conditions take part through FeConditionOps.mating_net (condition.h);
 * one that cannot say how it bends these rules switches the analysis off.
 */
#pragma once

#include "core/rules/movegen.h"

typedef struct FeMatingNet FeMatingNet;

/* The analysis for the diagram's rules and the walks it may meet, or NULL
 * when it cannot be proven sound there; *why (g_free it) then says why in
 * a sentence for the composer.  `goal_is_mate`: only mates are analysed. */
FeMatingNet *fe_mating_net_new (const FePosition *diagram, gboolean goal_is_mate, char **why);
void fe_mating_net_free (FeMatingNet *net);

/* Can `mating` still mate the other side in `pos` with at most x moves of
 * its own (the last giving mate) and at most y of the other side's?
 * FALSE is a proof that it cannot; TRUE means "maybe". */
gboolean fe_mating_net_possible (const FeMatingNet *net, const FePosition *pos, int mating, int x,
                                 int y);

/* The mating side's last move (x = 1, y = 0 above): the squares (bit
 * FE_SQ64) of the pieces whose move may mate, and for each of them in
 * dest[its square] the squares it may go to; 0 when no move can mate.
 * All ones when the analysis has nothing to say. */
uint64_t fe_mating_net_last_movers (const FeMatingNet *net, const FePosition *pos, int mating,
                                    uint64_t dest[64]);

/* Y to move, then X's mating move (x = 1, y = 1): the squares of the Y
 * pieces (its king's included) whose move may let X mate, with dest as
 * above; all ones when any move may (one that changes nothing, or
 * nothing to say); 0 when no move can. */
uint64_t fe_mating_net_last_replies (const FeMatingNet *net, const FePosition *pos, int mating,
                                     uint64_t dest[64]);
