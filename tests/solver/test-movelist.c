/* test-movelist.c — a position with more than FE_MAX_MOVES (512)
 * pseudo-legal moves: every move is listed, none is cut.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Why more than 512 moves exist: with a condition on, a pawn promotes to
 * every walk of the problem (4 orthodox + up to 38 fairy walks), so fourteen
 * pawn moves to the last rank are 14 x 42 = 588 moves before any piece has
 * moved; the fairy pieces add their own.  (Mutation choices of magicians
 * multiply further.)  Lists therefore grow on the heap.
 */
#include <string.h>

#include "core/rules/movegen.h"
#include "core/model/walk.h"

static void
test_more_than_512 (void)
{
  FePosition pos;
  fe_position_init (&pos);
  fe_position_put (&pos, FE_SQ (0, 0), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (&pos, FE_SQ (7, 5), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  /* One white piece of every fairy walk on ranks 1-6 (after the king, up
   * to g6: the black king stands on h6). */
  int sq = 1;
  for (int w = FE_WALK_PAWN + 1; w < FE_WALK_COUNT; w++, sq++)
    fe_position_put (&pos, FE_SQ (sq % 8, sq / 8), (FePiece) { w, FE_WHITE, 0, 0 });
  g_assert_cmpint (sq, <=, 47);
  /* Pawns on the 7th rank; black pieces on b8-h8: a7 pushes, and thirteen
   * captures. */
  for (int f = 0; f < 8; f++)
    fe_position_put (&pos, FE_SQ (f, 6), (FePiece) { FE_WALK_PAWN, FE_WHITE, 0, 0 });
  for (int f = 1; f < 8; f++)
    fe_position_put (&pos, FE_SQ (f, 7), (FePiece) { FE_WALK_KNIGHT, FE_BLACK, 0, 0 });
  pos.side = FE_WHITE;
  FeConditionParams params;
  memset (&params, 0, sizeof params);
  params.FE_P_MADRASI = TRUE;
  FeRules rules;
  fe_rules_init (&rules, &params, &pos);
  pos.rules = &rules;
  fe_position_recompute_hash (&pos);

  FE_MOVE_LIST (list);
  fe_generate_pseudo (&pos, &list);
  int n_promo = rules.n_promotion_walks;
  g_assert_cmpint (n_promo, ==, 4 + FE_WALK_COUNT - FE_WALK_PAWN - 1);
  int pawn_moves = 0;
  /* Every pawn move to the last rank, with every promotion exactly once. */
  for (int i = 0; i < list.count; i++)
    {
      const FeMove *m = &list.moves[i];
      if (FE_RANK (m->from) != 6 || pos.board[m->from].walk != FE_WALK_PAWN)
        continue;
      pawn_moves++;
      for (int j = 0; j < i; j++)
        g_assert_false (fe_move_equal (m, &list.moves[j]));
    }
  g_test_message ("%d moves, %d of them pawn promotions (%d walks)", list.count, pawn_moves, n_promo);
  g_assert_cmpint (pawn_moves, ==, 14 * n_promo);
  g_assert_cmpint (list.count, >, FE_MAX_MOVES);
  for (int f = 0; f < 8; f++)
    for (int df = -1; df <= 1; df++)
      {
        int tf = f + df;
        if (tf < 0 || tf > 7 || (df == 0) != (tf == 0))
          continue;
        for (int k = 0; k < n_promo; k++)
          {
            int found = 0;
            for (int i = 0; i < list.count; i++)
              found += list.moves[i].from == FE_SQ (f, 6) && list.moves[i].to == FE_SQ (tf, 7)
                       && list.moves[i].promotion == rules.promotion_walks[k];
            g_assert_cmpint (found, ==, 1);
          }
      }
  /* The same list generated again (its heap part reused) and a plain,
   * uninitialised list agree. */
  int first = list.count;
  fe_generate_pseudo (&pos, &list);
  g_assert_cmpint (list.count, ==, first);
  FE_MOVE_LIST (legal);
  fe_generate_legal (&pos, &legal);
  g_assert_cmpint (legal.count, >, FE_MAX_MOVES);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/movelist/more-than-512", test_more_than_512);
  return g_test_run ();
}
