/* test-stalemate-net.c — the stalemate aids dismiss no move that could
 * stalemate (src/core/search/stalemate.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On random orthodox endings built to stalemate often (the defending king
 * near an edge, pawns, few pieces), every claim is checked by playing
 * everything out: a move of the defending side that the net dismisses is
 * followed by no stalemating reply, and a reply that the witnesses dismiss
 * does not stalemate.  The test also counts the stalemates it met, so that
 * it cannot pass by never meeting one.
 */
#include "core/rules/attack.h"
#include "core/rules/movegen.h"
#include "core/search/stalemate.h"

static int claims_net, claims_witness, stalemates_seen;

static gboolean
stalemated (FePosition *pos)
{
  return !fe_in_check (pos, pos->side) && !fe_has_legal_move (pos);
}

static void
random_ending (GRand *r, FePosition *pos)
{
  fe_position_init (pos);
  /* The defending (black) king on an edge or near a corner. */
  int f = g_rand_int_range (r, 0, 8), rk = g_rand_int_range (r, 0, 8);
  if (g_rand_boolean (r))
    f = g_rand_boolean (r) ? 0 : 7;
  else
    rk = g_rand_boolean (r) ? 0 : 7;
  FeSquare bk = FE_SQ (f, rk), wk;
  do
    wk = FE_SQ88 (g_rand_int_range (r, 0, 64));
  while (ABS (FE_FILE (bk) - FE_FILE (wk)) <= 1 && ABS (FE_RANK (bk) - FE_RANK (wk)) <= 1);
  fe_position_put (pos, wk, (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (pos, bk, (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  int n = g_rand_int_range (r, 2, 8);
  for (int i = 0; i < n; i++)
    {
      FeSquare sq;
      if (i % 2 == 0)
        {
          int df = g_rand_int_range (r, -2, 3), dr = g_rand_int_range (r, -2, 3);
          if (FE_FILE (bk) + df < 0 || FE_FILE (bk) + df > 7 || FE_RANK (bk) + dr < 0 || FE_RANK (bk) + dr > 7)
            continue;
          sq = FE_SQ (FE_FILE (bk) + df, FE_RANK (bk) + dr);
        }
      else
        sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = g_rand_int_range (r, 0, 3) ? FE_WALK_PAWN : g_rand_int_range (r, FE_WALK_QUEEN, FE_WALK_PAWN);
      p.colour = g_rand_int_range (r, 0, 2);
      if (p.walk == FE_WALK_PAWN && (FE_RANK (sq) == 0 || FE_RANK (sq) == 7))
        p.walk = FE_WALK_BISHOP;
      fe_position_put (pos, sq, p);
    }
  fe_position_default_castling (pos);
  pos->side = FE_BLACK;
  fe_position_recompute_hash (pos);
}

static void
print_position (const FePosition *pos, const FeMove *m)
{
  GString *text = g_string_new ("dismissed wrongly:");
  for (int i = 0; i < 64; i++)
    {
      FePiece p = pos->board[FE_SQ88 (i)];
      if (p.walk != FE_WALK_NONE)
        g_string_append_printf (text, " %c%d:%c%d", p.colour == FE_WHITE ? 'w' : 'b', p.walk, 'a' + i % 8, 1 + i / 8);
    }
  g_string_append_printf (text, "; move %c%d-%c%d", 'a' + FE_FILE (m->from), 1 + FE_RANK (m->from),
                          'a' + FE_FILE (m->to), 1 + FE_RANK (m->to));
  g_test_message ("%s", text->str);
  g_string_free (text, TRUE);
}

/* After the defending side's move: each reply the witnesses dismiss does
 * not stalemate.  Returns whether some reply stalemates. */
static gboolean
check_replies (FePosition *pos)
{
  FeStalemateWitnesses w;
  fe_stalemate_witnesses (pos, &w);
  FE_MOVE_LIST (replies);
  fe_generate_pseudo (pos, &replies);
  gboolean any = FALSE;
  for (int i = 0; i < replies.count; i++)
    {
      FeUndo undo;
      const FeMove *m = &replies.moves[i];
      if (!fe_make_legal (pos, m, &undo))
        continue;
      gboolean st = stalemated (pos);
      fe_unmake (pos, m, &undo);
      if (fe_stalemate_excluded (&w, m))
        {
          claims_witness++;
          if (st)
            {
              print_position (pos, m);
              for (int k = 0; k < w.n; k++)
                g_test_message ("w %d: arr %016" G_GINT64_MODIFIER "x dep %016" G_GINT64_MODIFIER "x", k,
                                w.w[k].arrival, w.w[k].departure);
            }
          g_assert_false (st);
        }
      any |= st;
    }
  return any;
}

static void
check_position (FePosition *pos)
{
  if (fe_in_check (pos, FE_WHITE))
    return; /* not a position of play */
  FeStalemateNet net;
  fe_stalemate_net_prepare (pos, &net);
  FE_MOVE_LIST (list);
  fe_generate_pseudo (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      const FeMove *m = &list.moves[i];
      if (!fe_make_legal (pos, m, &undo))
        continue;
      gboolean can = check_replies (pos);
      fe_unmake (pos, m, &undo);
      stalemates_seen += can;
      if (fe_stalemate_net_excludes (&net, m))
        {
          claims_net++;
          if (can)
            print_position (pos, m);
          g_assert_false (can);
        }
    }
}

static void
test_random_endings (void)
{
  GRand *r = g_rand_new_with_seed (20261127);
  int n = g_test_slow () ? 200000 : 50000;
  for (int i = 0; i < n; i++)
    {
      FePosition pos;
      random_ending (r, &pos);
      check_position (&pos);
    }
  g_rand_free (r);
  g_test_message ("%d dismissals by the net, %d by the witnesses, %d stalemates met", claims_net,
                  claims_witness, stalemates_seen);
  /* The claims must be many, and stalemates met, for the test to mean much. */
  g_assert_cmpint (claims_net, >, n);
  g_assert_cmpint (claims_witness, >, n);
  g_assert_cmpint (stalemates_seen, >, n / 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stalemate-net/random-endings", test_random_endings);
  return g_test_run ();
}
