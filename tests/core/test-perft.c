/* test-perft.c — move generation checked against the published perft counts.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "core/rules/movegen.h"
#include "io/fen.h"

typedef struct {
  const char *fen;
  int depth;
  guint64 nodes;
} PerftCase;

static const PerftCase cases[] = {
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 5, 4865609 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 4, 4085603 },
  { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5, 674624 },
  { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -", 4, 422333 },
  { "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -", 4, 422333 },
  { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -", 4, 2103487 },
  { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -", 3, 89890 },
};

static void
test_perft (gconstpointer data)
{
  const PerftCase *c = data;
  FePosition pos;
  GError *error = NULL;
  g_assert_true (fe_fen_parse (c->fen, &pos, &error));
  g_assert_no_error (error);
  uint64_t hash = pos.hash;
  g_assert_cmpuint (fe_perft (&pos, c->depth), ==, c->nodes);
  /* make/unmake left the position exactly as it was */
  g_assert_cmpuint (pos.hash, ==, hash);
  /* the shallow counts agree with the ones played move by move */
  g_assert_cmpuint (fe_perft (&pos, 1), ==, (guint64) ({
    FeMoveList l;
    fe_generate_legal (&pos, &l);
    l.count;
  }));
}

/* The incremental hash equals the one computed from scratch after moves. */
static void
test_incremental_hash (void)
{
  FePosition pos;
  g_assert_true (fe_fen_parse (cases[1].fen, &pos, NULL));
  FeMoveList list;
  fe_generate_legal (&pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (&pos, &list.moves[i], &undo);
      FePosition copy = pos;
      fe_position_recompute_hash (&copy);
      g_assert_cmpuint (copy.hash, ==, pos.hash);
      fe_unmake (&pos, &list.moves[i], &undo);
    }
}

/* The check and legality shortcuts agree with playing the moves, on every
 * position two plies from each perft position. */
static void
check_shortcuts (FePosition *pos, int depth)
{
  FeMoveList list;
  fe_generate_pseudo (pos, &list);
  FeLegality lg;
  fe_legality_prepare (pos, &lg);
  for (int i = 0; i < list.count; i++)
    {
      const FeMove *m = &list.moves[i];
      int gives = fe_orthodox_gives_check (pos, m);
      int legal = fe_legality_of (&lg, m);
      int side = pos->side;
      FeUndo undo;
      fe_make (pos, m, &undo);
      gboolean really_legal = !fe_in_check (pos, side);
      if (legal >= 0)
        g_assert_cmpint (legal, ==, really_legal);
      if (gives >= 0 && really_legal)
        g_assert_cmpint (gives, ==, fe_in_check (pos, pos->side));
      if (depth > 1 && really_legal)
        check_shortcuts (pos, depth - 1);
      fe_unmake (pos, m, &undo);
    }
}

static void
test_shortcuts (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FePosition pos;
      g_assert_true (fe_fen_parse (cases[i].fen, &pos, NULL));
      check_shortcuts (&pos, 3);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *name = g_strdup_printf ("/perft/%" G_GSIZE_FORMAT, i);
      g_test_add_data_func (name, &cases[i], test_perft);
      g_free (name);
    }
  g_test_add_func ("/perft/incremental-hash", test_incremental_hash);
  g_test_add_func ("/perft/check-and-legality-shortcuts", test_shortcuts);
  return g_test_run ();
}
