/* battle-private.h — what battle.c (the search), battle-order.c (move
 * ordering) and battle-tree.c (the solution tree) share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "search.h"

/* Search aids that can be switched off for the differential tests
 * (FEERIE_BATTLE_OFF=name,name... or "all"): they change what is searched,
 * never what is proved, so the output must not change. */
enum {
  AID_MOBILITY = 1 << 0, /* defences leaving the attacker fewest moves first */
  AID_KILLER = 1 << 1,   /* the killer tried before listing all moves */
  AID_KING_FIRST = 1 << 2, /* mate tests look at the king's moves first */
  AID_CHECKERS = 1 << 3,   /* orthodox mate in one: only pieces that may check */
  AID_NET = 1 << 4,        /* mate goals: the last two moves filtered by mating-net.h */
};
extern int fe_battle_aids; /* -1 until fe_battle_read_aids */

void fe_battle_read_aids (void);

static inline gboolean
fe_battle_aid (int which)
{
  return (fe_battle_aids & which) != 0;
}

static inline gboolean
fe_battle_goal_by_attacker (const FeSolver *s)
{
  return s->stip.end == FE_END_GOAL;
}

static inline gboolean
fe_battle_reflex (const FeSolver *s)
{
  return s->stip.end == FE_END_REFLEX;
}

/* The table's key of an attacker node: the position's hash ^ this. */
#define FE_BATTLE_SALT_ATTACK 0x3c6ef372fe94f82bull

/* ---- move ordering (battle-order.c) ----------------------------------- */

/* Move ordering: the killer first, then by history, best first.  Picked
 * lazily (a selection step per move tried): a defence is usually refuted
 * by its first or second move, and sorting whole lists cost more than the
 * search it saved.  Only the search order changes, never what is proved. */
typedef struct {
  FeMoveList *list;
  guint32 *sc; /* NULL: the list is in its final order */
  guint32 stack[256];
} FeBattlePicker;

void fe_battle_history_reward (FeSolver *s, const FeMove *m, int h);
void fe_battle_picker_init (FeSolver *s, FeBattlePicker *p, FeMoveList *list, const FeMove *killer,
                            gboolean checks_first);
FeMove *fe_battle_picker_next (FeBattlePicker *p, int i);
void fe_battle_picker_sort (FeBattlePicker *p);
void fe_battle_picker_stop (FeBattlePicker *p);
/* TRUE when the table knew list[from] to refute (it was put first). */
gboolean fe_battle_order_by_mobility (FeSolver *s, FeMoveList *list, int from, const FeLegality *lg, int h);
/* Is the killer a pseudo-legal move here?  Only its piece's moves are
 * listed (into `list`, which the second form fills: empty when there is
 * no killer yet). */
gboolean fe_battle_killer_playable (FeSolver *s, const FeMove *killer);
gboolean fe_battle_killer_piece_moves (FeSolver *s, const FeMove *killer, FeMoveList *list);
/* A helper thread near the root, once the first move did not settle the
 * node (so that every move may have to be searched): the rest of the list
 * in its own order (fe_solver_helper_order), so that it proves other subtrees
 * than the solving thread, which finds them in the shared table. */
void fe_battle_diverge (const FeSolver *s, FeBattlePicker *p, FeMoveList *list);

/* ---- the search (battle.c) -------------------------------------------- */

gboolean fe_battle_goal_in_one (FeSolver *s);
gboolean fe_battle_attack (FeSolver *s, int h);
int fe_battle_attack_length (FeSolver *s, int h);
gboolean fe_battle_move_wins (FeSolver *s, const FeMove *m, int h);

/* ---- the solution tree (battle-tree.c) -------------------------------- */

void fe_battle_print_attack (FeSolver *s, int level, const FeMove *m, int h, FeSolutionRole role,
                             const FeMove *refs, int n_ref);
int fe_battle_refutations (FeSolver *s, int h, GArray *out, int max);
void fe_battle_print_set_play (FeSolver *s, int h);
