/* test-popeye.c — the Popeye reader and writer: oracle inputs, round trips,
 * malformed inputs with located errors, the Féerie extensions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "io/file-error.h"
#include "io/popeye.h"
#include "core/model/walk.h"
#include "core/backend/backend.h"
#include "core/rules/rebirth.h"

static const char *source_root;

/* ---- comparing two models --------------------------------------------------- */

static void
assert_same_position (const FePosition *a, const FePosition *b)
{
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      g_assert_cmpint (a->board[sq].walk, ==, b->board[sq].walk);
      if (a->board[sq].walk)
        {
          g_assert_cmpint (a->board[sq].colour, ==, b->board[sq].colour);
          g_assert_cmpint (a->board[sq].attrs, ==, b->board[sq].attrs);
        }
    }
  g_assert_cmpint (a->side, ==, b->side);
  g_assert_cmpint (a->castling, ==, b->castling);
  g_assert_cmpint (a->ep_victim, ==, b->ep_victim);
  g_assert_cmpint (a->ep_count, ==, b->ep_count);
  for (int k = 0; k < a->ep_count; k++)
    g_assert_cmpint (a->ep_squares[k], ==, b->ep_squares[k]);
  g_assert_cmpint (a->n_imitators, ==, b->n_imitators);
  for (int k = 0; k < a->n_imitators; k++)
    {
      g_assert_cmpint (a->imitators[k], ==, b->imitators[k]);
      g_assert_cmpint (a->imitator_colour[k], ==, b->imitator_colour[k]);
    }
}

static void
assert_same_conditions (const FeConditionParams *a, const FeConditionParams *b)
{
  g_assert_cmpint (a->FE_P_MADRASI, ==, b->FE_P_MADRASI);
  g_assert_cmpint (a->FE_P_MADRASI_REX_INCLUSIVE, ==, b->FE_P_MADRASI_REX_INCLUSIVE);
  g_assert_cmpint (a->FE_P_IMITATOR, ==, b->FE_P_IMITATOR);
  g_assert_cmpint (a->FE_P_IMITATOR_NO_PROMOTION, ==, b->FE_P_IMITATOR_NO_PROMOTION);
  g_assert_cmpint (a->FE_P_IMITATOR_NO_HURDLES, ==, b->FE_P_IMITATOR_NO_HURDLES);
  g_assert_cmpint (a->FE_P_EINSTEIN, ==, b->FE_P_EINSTEIN);
  g_assert_cmpint (a->FE_P_EINSTEIN_PROMOTIONS, ==, b->FE_P_EINSTEIN_PROMOTIONS);
  g_assert_cmpint (a->FE_P_EINSTEIN_SIDE, ==, b->FE_P_EINSTEIN_SIDE);
  g_assert_cmpint (a->FE_P_MAGIC, ==, b->FE_P_MAGIC);
  g_assert_cmpint (a->FE_P_MAGICIAN, ==, b->FE_P_MAGICIAN);
}

static void
assert_same_stip (const FeStipulation *a, const FeStipulation *b)
{
  g_assert_cmpint (a->play, ==, b->play);
  g_assert_cmpint (a->goal, ==, b->goal);
  g_assert_cmpint (a->moves, ==, b->moves);
  g_assert_cmpint (a->half, ==, b->half);
}

static void
assert_same_strings (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint k = 0; k < a->len; k++)
    g_assert_cmpstr (a->pdata[k], ==, b->pdata[k]);
}

static void
assert_same_problem (const FeProblem *a, const FeProblem *b)
{
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->source_name, ==, b->source_name);
  g_assert_cmpstr (a->award_distinction, ==, b->award_distinction);
  g_assert_cmpuint (a->authors->len, ==, b->authors->len);
  for (guint k = 0; k < a->authors->len; k++)
    {
      const FeAuthor *x = a->authors->pdata[k], *y = b->authors->pdata[k];
      g_assert_cmpstr (x->family, ==, y->family);
      g_assert_cmpstr (x->given, ==, y->given);
    }
  assert_same_strings (a->remarks, b->remarks);
  assert_same_strings (a->unsupported, b->unsupported);
  assert_same_position (&a->diagram, &b->diagram);
  assert_same_stip (&a->stipulation, &b->stipulation);
  assert_same_conditions (&a->conditions, &b->conditions);
  const FeOptions *o = &a->options, *q = &b->options;
  g_assert_cmpint (o->set_play, ==, q->set_play);
  g_assert_cmpint (o->tries, ==, q->tries);
  g_assert_cmpint (o->defence, ==, q->defence);
  g_assert_cmpint (o->variations, ==, q->variations);
  g_assert_cmpint (o->no_threat, ==, q->no_threat);
  g_assert_cmpint (o->white_to_play, ==, q->white_to_play);
  g_assert_cmpint (o->duplex, ==, q->duplex);
  g_assert_cmpint (o->half_duplex, ==, q->half_duplex);
  g_assert_cmpint (o->max_solutions, ==, q->max_solutions);
  g_assert_cmpint (o->no_board, ==, q->no_board);
  g_assert_cmpint (o->no_white_king, ==, q->no_white_king);
  g_assert_cmpint (o->no_black_king, ==, q->no_black_king);
  g_assert_cmpint (o->threat_length, ==, q->threat_length);
  g_assert_cmpint (o->post_key_play, ==, q->post_key_play);
  g_assert_cmpint (o->stop_on_short, ==, q->stop_on_short);
  g_assert_cmpint (o->max_time, ==, q->max_time);
  g_assert_cmpint (o->quodlibet, ==, q->quodlibet);
  g_assert_cmpint (o->goal_is_end, ==, q->goal_is_end);
  g_assert_cmpint (o->keep_mating_piece, ==, q->keep_mating_piece);
  g_assert_cmpint (o->no_short_variations, ==, q->no_short_variations);
  g_assert_cmpint (o->mates_in_1, ==, q->mates_in_1);
  g_assert_cmpint (o->non_trivial, ==, q->non_trivial);
  g_assert_cmpint (o->non_trivial_max, ==, q->non_trivial_max);
  g_assert_cmpint (o->non_trivial_length, ==, q->non_trivial_length);
  g_assert_cmpint (o->n_ep_squares, ==, q->n_ep_squares);
  g_assert_cmpmem (o->ep_squares, o->n_ep_squares, q->ep_squares, q->n_ep_squares);
  g_assert_cmpint (o->n_no_castling, ==, q->n_no_castling);
  g_assert_cmpmem (o->no_castling, o->n_no_castling, q->no_castling, q->n_no_castling);
  g_assert_cmpint (o->n_castling_exclusive, ==, q->n_castling_exclusive);
  g_assert_cmpmem (o->castling_exclusive, 2 * o->n_castling_exclusive, q->castling_exclusive,
                   2 * q->n_castling_exclusive);
  g_assert_cmpint (a->zero_position, ==, b->zero_position);
  g_assert_cmpuint (a->twins->len, ==, b->twins->len);
  for (guint k = 0; k < a->twins->len; k++)
    {
      const FeTwin *x = a->twins->pdata[k], *y = b->twins->pdata[k];
      g_assert_cmpint (x->continued, ==, y->continued);
      g_assert_cmpuint (x->commands->len, ==, y->commands->len);
      for (guint j = 0; j < x->commands->len; j++)
        {
          const FeTwinCommand *c = &g_array_index (x->commands, FeTwinCommand, j);
          const FeTwinCommand *d = &g_array_index (y->commands, FeTwinCommand, j);
          g_assert_cmpint (c->kind, ==, d->kind);
          g_assert_cmpint (c->a, ==, d->a);
          g_assert_cmpint (c->b, ==, d->b);
          g_assert_cmpint (c->piece.walk, ==, d->piece.walk);
          g_assert_cmpint (c->piece.colour, ==, d->piece.colour);
          g_assert_cmpint (c->piece.attrs, ==, d->piece.attrs);
          g_assert_cmpint (c->walk_from, ==, d->walk_from);
          g_assert_cmpint (c->walk_to, ==, d->walk_to);
          g_assert_cmpint (c->rotation, ==, d->rotation);
          g_assert_cmpint (c->mirror, ==, d->mirror);
          if (c->kind == FE_TWIN_STIPULATION)
            assert_same_stip (&c->stipulation, &d->stipulation);
          if (c->kind == FE_TWIN_CONDITION)
            {
              assert_same_conditions (&c->conditions, &d->conditions);
              g_assert_cmpint (c->n_imitators, ==, d->n_imitators);
              g_assert_cmpmem (c->imitators, c->n_imitators, d->imitators, d->n_imitators);
            }
        }
    }
}

/* Write, read back, compare; returns the written text. */
static char *
round_trip (const FeProblem *p, GPtrArray *warnings)
{
  char *text = fe_popeye_write (p, warnings);
  GError *error = NULL;
  GPtrArray *again = fe_popeye_read (text, strlen (text), "written.inp", &error);
  if (!again)
    g_error ("written text does not read back: %s\n%s", error->message, text);
  g_assert_cmpuint (again->len, ==, 1);
  assert_same_problem (p, again->pdata[0]);
  g_ptr_array_unref (again);
  return text;
}

static GPtrArray *
read_ok (const char *text)
{
  GError *error = NULL;
  GPtrArray *r = fe_popeye_read (text, strlen (text), "t.inp", &error);
  if (!r)
    g_error ("unexpected error: %s", error->message);
  return r;
}

/* ---- the oracle problems ----------------------------------------------------- */

static int
count_pieces (const FePosition *pos, int colour)
{
  int n = 0;
  for (int i = 0; i < 64; i++)
    n += pos->board[FE_SQ88 (i)].walk && pos->board[FE_SQ88 (i)].colour == colour;
  return n;
}

static void
test_oracle_all (void)
{
  static const char *const kinds[] = { "cases", "orthodox", "unsupported", "walks", "beyond" };
  int total = 0;
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      char *dir = g_build_filename (source_root, "tests", "oracle", "data", kinds[k], NULL);
      GDir *d = g_dir_open (dir, 0, NULL);
      g_assert_nonnull (d);
      const char *name;
      while ((name = g_dir_read_name (d)))
        {
          char *path = g_build_filename (dir, name, "problem.inp", NULL);
          if (!g_file_test (path, G_FILE_TEST_EXISTS))
            {
              g_free (path);
              continue;
            }
          GError *error = NULL;
          GPtrArray *r = fe_problem_file_read (path, &error);
          if (!r)
            g_error ("%s", error->message);
          g_assert_cmpuint (r->len, ==, 1);
          const FeProblem *p = r->pdata[0];
          /* unsupported/ holds problems with a condition Féerie did not
           * solve when they were chosen; some it solves now. */
          if (strcmp (kinds[k], "unsupported"))
            g_assert_cmpuint (p->unsupported->len, ==, 0);
          char *text = round_trip (p, NULL);
          g_free (text);
          g_ptr_array_unref (r);
          g_free (path);
          total++;
        }
      g_dir_close (d);
      g_free (dir);
    }
  g_assert_cmpint (total, >=, 66);
}

static FeProblem *
read_oracle (const char *kind, const char *name, GPtrArray **keep)
{
  char *path = g_build_filename (source_root, "tests", "oracle", "data", kind, name, "problem.inp",
                                 NULL);
  GError *error = NULL;
  *keep = fe_problem_file_read (path, &error);
  if (!*keep)
    g_error ("%s", error->message);
  g_free (path);
  return (*keep)->pdata[0];
}

static void
test_oracle_fields (void)
{
  GPtrArray *keep;
  FeProblem *p;

  p = read_oracle ("cases", "bsp_imitator_04", &keep);
  g_assert_cmpint (p->stipulation.play, ==, FE_PLAY_HELP);
  g_assert_cmpint (p->stipulation.goal, ==, FE_GOAL_STALEMATE);
  g_assert_cmpint (p->stipulation.moves, ==, 2);
  g_assert_true (p->conditions.FE_P_IMITATOR);
  g_assert_cmpint (p->diagram.n_imitators, ==, 1);
  g_assert_cmpint (p->diagram.imitators[0], ==, FE_SQ (4, 4));
  g_assert_cmpint (p->diagram.imitator_colour[0], ==, FE_NEUTRAL);
  g_assert_cmpint (count_pieces (&p->diagram, FE_WHITE), ==, 2);
  g_assert_cmpint (count_pieces (&p->diagram, FE_BLACK), ==, 1);
  g_assert_cmpuint (p->twins->len, ==, 3);
  {
    FeTwin *t = p->twins->pdata[0];
    FeTwinCommand *c = &g_array_index (t->commands, FeTwinCommand, 0);
    g_assert_cmpint (c->kind, ==, FE_TWIN_MOVE);
    g_assert_cmpint (c->a, ==, FE_SQ (5, 4));
    g_assert_cmpint (c->b, ==, FE_SQ (6, 4));
    t = p->twins->pdata[1];
    c = &g_array_index (t->commands, FeTwinCommand, 0);
    g_assert_cmpint (c->kind, ==, FE_TWIN_CONDITION);
    g_assert_cmpint (c->n_imitators, ==, 1);
    g_assert_cmpint (c->imitators[0], ==, FE_SQ (2, 4));
    g_assert_true (c->conditions.FE_P_IMITATOR);
  }
  g_assert_cmpstr (((FeAuthor *) p->authors->pdata[0])->family, ==, "Maeder");
  g_assert_cmpstr (((FeAuthor *) p->authors->pdata[0])->given, ==, "Thomas");
  g_ptr_array_unref (keep);

  /* abbreviations, magic pieces, remarks, continued twins */
  p = read_oracle ("cases", "ex_magicpieces_02", &keep);
  g_assert_true (p->conditions.FE_P_MAGIC);
  g_assert_cmpint (p->diagram.board[FE_SQ (7, 7)].walk, ==, FE_WALK_BISHOP);
  g_assert_cmpint (p->diagram.board[FE_SQ (7, 7)].attrs, ==, FE_ATTR_MAGIC);
  g_assert_cmpint (p->diagram.board[FE_SQ (3, 6)].attrs, ==, 0);
  g_assert_cmpuint (p->remarks->len, ==, 2);
  g_assert_true (g_str_has_prefix (p->remarks->pdata[0], "<<< 7(B)"));
  g_assert_cmpuint (p->twins->len, ==, 3);
  g_assert_false (((FeTwin *) p->twins->pdata[0])->continued);
  g_assert_true (((FeTwin *) p->twins->pdata[1])->continued);
  g_assert_cmpint (count_pieces (&p->diagram, FE_WHITE), ==, 15);
  g_assert_cmpint (count_pieces (&p->diagram, FE_BLACK), ==, 10);
  g_ptr_array_unref (keep);

  p = read_oracle ("cases", "bsp_imitator_07", &keep);
  g_assert_true (p->conditions.FE_P_IMITATOR_NO_PROMOTION);
  g_assert_true (p->options.variations);
  g_ptr_array_unref (keep);

  p = read_oracle ("cases", "reg_4_61_to_4_63_07", &keep);
  g_assert_true (p->conditions.FE_P_MADRASI);
  g_assert_cmpint (p->diagram.board[FE_SQ (0, 6)].colour, ==, FE_NEUTRAL);
  g_ptr_array_unref (keep);

  p = read_oracle ("cases", "reg_4_77_to_4_79_01", &keep);
  g_assert_cmpint (p->conditions.FE_P_EINSTEIN, ==, FE_EINSTEIN_ANTI);
  g_assert_true (p->options.no_white_king && p->options.no_black_king);
  g_ptr_array_unref (keep);

  p = read_oracle ("cases", "ex_magicpieces_06", &keep);
  g_assert_cmpint (p->diagram.board[FE_SQ (3, 3)].walk, ==, FE_WALK_BOYSCOUT);
  g_ptr_array_unref (keep);

  p = read_oracle ("orthodox", "d4_loyd_ep", &keep);
  g_assert_cmpint (p->diagram.ep_victim, ==, FE_SQ (5, 4));
  g_assert_cmpint (p->diagram.ep_count, ==, 1);
  g_assert_cmpint (p->diagram.ep_squares[0], ==, FE_SQ (5, 5));
  g_ptr_array_unref (keep);

  p = read_oracle ("orthodox", "d2_castling_mutex", &keep);
  g_assert_cmpint (p->options.n_castling_exclusive, ==, 1);
  g_assert_true (p->options.tries);
  g_assert_true (p->diagram.castling & FE_CASTLE_WA);
  g_ptr_array_unref (keep);

  p = read_oracle ("orthodox", "d2_armeni_defence2", &keep);
  g_assert_cmpint (p->options.defence, ==, 2);
  g_ptr_array_unref (keep);

  p = read_oracle ("orthodox", "h3.5_twin_shift", &keep);
  g_assert_true (p->options.white_to_play);
  g_assert_cmpint (((FeTwinCommand *) ((FeTwin *) p->twins->pdata[0])->commands->data)->kind, ==,
                   FE_TWIN_SHIFT);
  g_ptr_array_unref (keep);

  /* unsupported conditions, by their Popeye names (and two it now solves) */
  p = read_oracle ("unsupported", "bsp_einstein_02", &keep);
  g_assert_cmpint (p->conditions.FE_P_EINSTEIN, ==, FE_EINSTEIN_NORMAL);
  g_assert_cmpuint (p->unsupported->len, ==, 0);
  g_assert_true (fe_params_on (&p->conditions, FE_COND_CIRCE));
  g_ptr_array_unref (keep);

  p = read_oracle ("unsupported", "bsp_imitator_10", &keep);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "BlackMaximummer");
  g_assert_cmpstr (p->unsupported->pdata[1], ==, "Chameleon (black bc6)");
  g_assert_true (p->conditions.FE_P_IMITATOR);
  g_assert_cmpint (p->diagram.board[FE_SQ (4, 5)].walk, ==, FE_WALK_MAO);
  g_ptr_array_unref (keep);

  p = read_oracle ("unsupported", "bsp_madrasi_01", &keep);
  g_assert_true (p->conditions.FE_P_MADRASI);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "GridChess");
  g_ptr_array_unref (keep);

  p = read_oracle ("unsupported", "ex_magicpieces_04", &keep);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "Sentinelles");
  g_ptr_array_unref (keep);

  p = read_oracle ("unsupported", "reg_4_63_to_4_65_63", &keep);
  g_assert_cmpuint (p->unsupported->len, ==, 0);
  g_assert_true (fe_params_on (&p->conditions, FE_COND_ANTICIRCE));
  g_assert_true (p->conditions.FE_P_IMITATOR);
  g_ptr_array_unref (keep);
}

/* ---- syntax details -------------------------------------------------------- */

static void
test_syntax (void)
{
  /* unsupported conditions with parameters; "Volcanic" after Circe */
  GPtrArray *r = read_ok ("begin\nstip #2\ncond Circe Volcanic BGL 4.5 4 Wormholes e6e8 "
                          "PromOnly S SingleBox Type1 Madrasi RexIncl\n"
                          "pie white ke1 black ke8\nend\n");
  FeProblem *p = r->pdata[0];
  g_assert_cmpuint (p->unsupported->len, ==, 5);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "Circe Volcanic");
  g_assert_cmpstr (p->unsupported->pdata[1], ==, "BGL 4.5 4");
  g_assert_cmpstr (p->unsupported->pdata[2], ==, "Wormholes e6e8");
  g_assert_cmpstr (p->unsupported->pdata[3], ==, "PromOnly S");
  g_assert_cmpstr (p->unsupported->pdata[4], ==, "SingleBox Type1");
  g_assert_cmpint (p->conditions.FE_P_EINSTEIN, ==, FE_EINSTEIN_NONE);
  g_assert_true (p->conditions.FE_P_MADRASI_REX_INCLUSIVE);
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);

  /* April names walks; "b" after it is not "begin"; AntiSuperCirce takes
   * the switch's words after it ("Cheylan"), and the writer gives them
   * back */
  r = read_ok ("begin\nstip x1\ncond anticirce super april b\npie white ke1 black ke8\nend\n");
  p = r->pdata[0];
  g_assert_cmpuint (p->unsupported->len, ==, 1);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "AntiCirce super april b");
  g_ptr_array_unref (r);
  r = read_ok ("begin\nstip h#2\ncond AntiSuperCirce Cheylan\npie white ke1 black ke8\nend\n");
  p = r->pdata[0];
  g_assert_cmpuint (p->unsupported->len, ==, 0);
  g_assert_cmpint (p->conditions.v[FE_COND_ANTICIRCE][1], ==, FE_REBIRTH_ANY);
  g_assert_cmpint (p->conditions.v[FE_COND_ANTICIRCE][0], ==, 2);
  g_autofree char *written = round_trip (p, NULL);
  g_assert_nonnull (strstr (written, "AntiSuperCirce Cheylan"));
  g_ptr_array_unref (r);

  /* "Einstein" after Circe is Circe's reborn walk, never Einstein chess
   * (docs/rules/rebirth-squares.md §4) */
  r = read_ok ("begin\nstip #2\ncond Circe Einstein\npie white ke1 black ke8\nend\n");
  p = r->pdata[0];
  g_assert_cmpuint (p->unsupported->len, ==, 0);
  g_assert_cmpint (p->conditions.FE_P_EINSTEIN, ==, FE_EINSTEIN_NONE);
  g_assert_cmpint (p->conditions.v[FE_COND_CIRCE][4], ==, FE_REBORN_EINSTEIN);
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);

  /* unsupported things in twins */
  r = read_ok ("begin\nstipulation ~1\npieces white ka1 black kh8\ntwin condition GridChess\n"
               "twin add white royal chameleon qb5\nend\n");
  p = r->pdata[0];
  g_assert_cmpuint (p->unsupported->len, ==, 3);
  g_assert_cmpstr (p->unsupported->pdata[2], ==, "Chameleon (white qb5)");
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);

  /* options, forsyth, several problems, twins of every kind */
  r = read_ok ("BeginProblem\nstipulation h#2\nforsyth 4k3/8/8/8/8/8/8/R3K2R\n"
               "option SetPlay NoThreat WhiteToPlay HalfDuplex MaxSolutions 3 NoBoard Threat 2 "
               "PostKeyPlay StopOnShortSolutions MaxTime 60 Intelligent 2 MoveNumbers NoCastling "
               "a1 EnPassant e2e4\n"
               "twin move e1 d1 exchange a1 h1\ntwin continued remove e8 add black pe7 "
               "substitute r q\ntwin rotate 270 mirror a8<-->h1\n"
               "twin polishtype stipulation s=3\ntwin condition EinsteinChess\nnext\n"
               "stipulation ser-h#4\npieces white kf1 black ka1\noption Quodlibet GoalIsEnd "
               "KeepMatingPiece NoShortVariations MatesIn1 NonTrivial 0 2\nzeroposition rotate 90\n"
               "twin rotate 180\nend\nthis is ignored\n");
  g_assert_cmpuint (r->len, ==, 2);
  p = r->pdata[0];
  g_assert_cmpint (p->diagram.board[FE_SQ (7, 0)].walk, ==, FE_WALK_ROOK);
  g_assert_cmpint (p->diagram.board[FE_SQ (4, 7)].colour, ==, FE_BLACK);
  g_assert_false (p->diagram.castling & FE_CASTLE_WA);
  g_assert_true (p->diagram.castling & FE_CASTLE_WH);
  g_assert_cmpint (p->diagram.ep_victim, ==, FE_SQ (4, 3));
  g_assert_cmpint (p->diagram.ep_squares[0], ==, FE_SQ (4, 2));
  g_assert_cmpint (p->options.max_solutions, ==, 3);
  g_assert_cmpint (p->options.threat_length, ==, 2);
  g_assert_cmpint (p->options.max_time, ==, 60);
  g_assert_cmpuint (p->twins->len, ==, 5);
  g_assert_cmpuint (((FeTwin *) p->twins->pdata[1])->commands->len, ==, 3);
  g_free (round_trip (p, NULL));
  p = r->pdata[1];
  g_assert_true (p->zero_position);
  g_assert_true (p->options.quodlibet && p->options.goal_is_end && p->options.keep_mating_piece
                 && p->options.no_short_variations && p->options.mates_in_1 && p->options.non_trivial);
  g_assert_cmpint (p->options.non_trivial_max, ==, 0);
  g_assert_cmpint (p->options.non_trivial_length, ==, 2);
  g_assert_cmpuint (p->unsupported->len, ==, 0);
  g_assert_cmpuint (p->twins->len, ==, 2);
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);

  /* code and squares apart; neutral pieces; an exact match beats a longer word */
  r = read_ok ("begin\nstipulation #2\npieces white ma e6 k h1 neutral ra7\ncondition Imitator "
               "a1 b2 NoIProm\nend");
  p = r->pdata[0];
  g_assert_cmpint (p->diagram.board[FE_SQ (4, 5)].walk, ==, FE_WALK_MAO);
  g_assert_cmpint (p->diagram.board[FE_SQ (7, 0)].walk, ==, FE_WALK_KING);
  g_assert_cmpint (p->diagram.n_imitators, ==, 2);
  g_ptr_array_unref (r);
}

/* ---- one twin line (the twins editor's view) ------------------------------- */

/* Each twin of a file, written alone and read back alone in its problem,
 * is the same value; errors are located in the line as data. */
static void
test_twin_line (void)
{
  GPtrArray *r = read_ok ("begin\nstipulation h#2\npieces white ke1 qd1 ra1 rh1 black ke8 pe7 "
                          "condition Madrasi\n"
                          "twin move e1 d1 exchange a1 h1\ntwin continued remove e7 add black pe6 "
                          "substitute r q\ntwin rotate 270 mirror h1<-->a8\n"
                          "twin polishtype stipulation s=3\ntwin condition EinsteinChess\n"
                          "twin condition Imitator c3 move d1 d4\nend\n");
  FeProblem *p = r->pdata[0];
  g_assert_cmpuint (p->twins->len, ==, 6);
  for (guint i = 0; i < p->twins->len; i++)
    {
      g_autofree char *line = fe_popeye_write_twin_line (p, p->twins->pdata[i]);
      g_assert_true (g_str_has_prefix (line, "twin "));
      GError *error = NULL;
      FeTwin *again = fe_popeye_read_twin_line (p, line, &error);
      g_assert_no_error (error);
      if (!fe_twin_equal (again, p->twins->pdata[i]))
        g_error ("twin %u does not read back: %s", i, line);
      fe_twin_free (again);
      /* "twin" may be left out */
      again = fe_popeye_read_twin_line (p, line + strlen ("twin "), &error);
      g_assert_no_error (error);
      g_assert_true (fe_twin_equal (again, p->twins->pdata[i]));
      fe_twin_free (again);
    }
  /* Popeye's spelling of the fourth axis, in the line and in the twin's label. */
  g_autofree char *third = fe_popeye_write_twin_line (p, p->twins->pdata[2]);
  g_assert_cmpstr (third, ==, "twin rotate 270 mirror a8<-->h1");
  g_autofree char *label = fe_twin_describe (p, 3);
  g_assert_cmpstr (label, ==, "rotate 270  mirror a8<-->h1");
  g_autofree char *second = fe_popeye_write_twin_line (p, p->twins->pdata[1]);
  g_assert_cmpstr (second, ==, "twin continued remove e7 add black pe6 substitute r q");

  static const struct {
    const char *line;
    int column;
    const char *what;
  } bad[] = {
    { "move e1 z9", 9, "bad square \"z9\"" },
    { "twin frobnicate e1", 6, "\"frobnicate\" is not a twinning command (move, exchange," },
    { "twin", 1, "twin without a twinning command" },
    { "move e1 e2 frobnicate", 12, "\"frobnicate\" is not a twinning command" },
    { "", 1, "an empty twin" },
    { "mirror a1<-->b2", 8, "mirror needs a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1" },
    { "twin remove e8 condition GridChess", 26,
      "this twin brings a condition Féerie cannot solve: GridChess" },
    { "rotate 100", 8, "rotate takes 90, 180 or 270 degrees" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GError *error = NULL;
      g_assert_null (fe_popeye_read_twin_line (p, bad[i].line, &error));
      int line = 0, column = 0;
      const char *what = NULL;
      g_assert_true (fe_file_error_get_location (error, NULL, &line, &column, &what));
      if (column != bad[i].column || !g_str_has_prefix (what, bad[i].what))
        g_error ("\"%s\": column %d \"%s\", expected %d \"%s\"", bad[i].line, column, what,
                 bad[i].column, bad[i].what);
      g_assert_cmpint (line, ==, 1);
      g_clear_error (&error);
    }
  /* The problem's own unsupported conditions are not the twin's. */
  g_ptr_array_add (p->unsupported, g_strdup ("Circe"));
  GError *error = NULL;
  FeTwin *t = fe_popeye_read_twin_line (p, "condition Circe", &error);
  g_assert_no_error (error);
  fe_twin_free (t);
  g_ptr_array_unref (r);
}

/* ---- Féerie's extensions ----------------------------------------------------- */

/* The conditions' keyword tables (FeConditionClass.popeye_keywords) keep
 * the built-ins' Popeye quirks. */
static void
test_condition_keywords (void)
{
  /* RexInclusive, abbreviable, right after Madrasi; alone it is Popeye's
   * own (unsupported) condition. */
  GPtrArray *r = read_ok ("begin\nstip #2\ncond Madr RexInc\npieces white ke1 black ke8\nend\n");
  FeProblem *p = r->pdata[0];
  g_assert_true (p->conditions.FE_P_MADRASI && p->conditions.FE_P_MADRASI_REX_INCLUSIVE);
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);
  r = read_ok ("begin\nstip #2\ncond RexInclusive\npieces white ke1 black ke8\nend\n");
  p = r->pdata[0];
  g_assert_false (p->conditions.FE_P_MADRASI || p->conditions.FE_P_MADRASI_REX_INCLUSIVE);
  g_assert_cmpuint (p->unsupported->len, ==, 1);
  g_assert_cmpstr (p->unsupported->pdata[0], ==, "RexInclusive");
  g_ptr_array_unref (r);
  /* NoIProm modifies the Imitator without switching it on. */
  r = read_ok ("begin\nstip #2\ncond NoIProm\npieces white ke1 black ke8\nend\n");
  p = r->pdata[0];
  g_assert_true (p->conditions.FE_P_IMITATOR_NO_PROMOTION);
  g_assert_false (p->conditions.FE_P_IMITATOR);
  g_free (round_trip (p, NULL));
  g_ptr_array_unref (r);
  /* A one-side Einstein word in a twin that names no variant is written
   * back (it was dropped), in a line only Féerie reads. */
  r = read_ok ("begin\nstip h#2\ncond EinsteinChess\npieces white ke1 black ke8\n"
               "twin condition EinsteinWhiteOnly\nend\n");
  p = r->pdata[0];
  char *text = round_trip (p, NULL);
  g_assert_nonnull (strstr (text, "remark feerie: twin condition EinsteinWhiteOnly\n"));
  g_free (text);
  g_ptr_array_unref (r);
  /* A twin that sets MagicPieces itself: a Féerie line, not a twin line
   * Popeye would refuse. */
  r = read_ok ("begin\nstip h#2\npieces white ke1 black ke8\ntwin condition MagicPieces\nend\n");
  p = r->pdata[0];
  text = round_trip (p, NULL);
  g_assert_nonnull (strstr (text, "remark feerie: twin condition MagicPieces\n"));
  g_free (text);
  g_ptr_array_unref (r);
}

static void
test_extensions (void)
{
  GPtrArray *r = read_ok ("begin\nstipulation h#2\n"
                          "condition EinsteinChess EinsteinWhiteOnly EinsteinPromotions\n"
                          "condition WhiteImitator c3 BlackImitator d4 Imitator e5 "
                          "ImitatorNoHurdles\n"
                          "pieces white ke1 white magician rb3 black ke8 black magic magician qd8\n"
                          "twin condition ReversalEinsteinChess EinsteinBlackOnly\n"
                          "twin add white magician bc1\nend\n");
  FeProblem *p = r->pdata[0];
  g_assert_cmpint (p->conditions.FE_P_EINSTEIN_SIDE, ==, FE_EINSTEIN_WHITE_ONLY);
  g_assert_true (p->conditions.FE_P_EINSTEIN_PROMOTIONS);
  g_assert_true (p->conditions.FE_P_IMITATOR_NO_HURDLES);
  g_assert_true (p->conditions.FE_P_MAGICIAN);
  g_assert_cmpint (p->diagram.n_imitators, ==, 3);
  g_assert_cmpint (p->diagram.imitator_colour[0], ==, FE_WHITE);
  g_assert_cmpint (p->diagram.imitator_colour[1], ==, FE_BLACK);
  g_assert_cmpint (p->diagram.imitator_colour[2], ==, FE_NEUTRAL);
  g_assert_cmpint (p->diagram.board[FE_SQ (1, 2)].attrs, ==, FE_ATTR_MAGICIAN);
  g_assert_cmpint (p->diagram.board[FE_SQ (3, 7)].attrs, ==, FE_ATTR_MAGIC | FE_ATTR_MAGICIAN);
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  char *text = round_trip (p, warnings);
  g_assert_cmpuint (warnings->len, >=, 4);
  /* Popeye sees only remarks for what it lacks */
  g_assert_nonnull (strstr (text, "remark feerie: condition"));
  g_assert_nonnull (strstr (text, "remark feerie: pieces white magician rb3"));
  g_assert_nonnull (strstr (text, "remark feerie: twin condition ReversalEinsteinChess"));
  g_assert_null (strstr (text, "\ncondition EinsteinWhiteOnly"));
  g_free (text);
  g_ptr_array_unref (warnings);
  g_ptr_array_unref (r);

  /* "Magic" abbreviated stays Popeye's magic, not our magician */
  r = read_ok ("begin\nstip ~1\npie wh mag ba8 bl kh1\nend\n");
  p = r->pdata[0];
  g_assert_cmpint (p->diagram.board[FE_SQ (0, 7)].attrs, ==, FE_ATTR_MAGIC);
  g_assert_cmpint (p->diagram.board[FE_SQ (7, 0)].colour, ==, FE_BLACK);
  g_ptr_array_unref (r);
}

/* ---- malformed inputs ---------------------------------------------------------- */

typedef struct {
  const char *text;
  int line, col;
  const char *phrase;
} Bad;

static const Bad bad_inputs[] = {
  { "", 1, 1, "empty input" },
  { "stipulation #2\n", 1, 1, "starts with \"begin\"" },
  { "anfangproblem\n", 1, 1, "only English" },
  { "begin\nstipulation #2\npieces white ke1\n", 4, 1, "without \"end\"" },
  { "begin\nstipulation #2\nfoo bar\nend\n", 3, 1, "unknown keyword \"foo\"" },
  { "begin\nstipulation #2\npieces white ke1 xz4\nend\n", 3, 18, "unknown piece" },
  { "begin\nstipulation #2\npieces white ke1 qz4\nend\n", 3, 19, "bad square \"z4\"" },
  { "begin\nstipulation #2\npieces white ke1 ka1\nend\n", 3, 18, "two white kings" },
  { "begin\nstipulation #2\npieces ke1\nend\n", 3, 8, "needs a colour" },
  { "begin\npieces white ke1\nend\n", 3, 1, "no stipulation" },
  { "begin\nstipulation #0\nend\n", 2, 13, "between 1 and" },
  { "begin\nstipulation h#999999\nend\n", 2, 13, "between 1 and" },
  { "begin\nstipulation\npieces white ke1\nend\n", 2, 1, "needs a stipulation" },
  { "begin\nstipulation #2\ncondition Fooz\nend\n", 3, 11, "unknown condition \"Fooz\"" },
  { "begin\nstipulation #2\ncondition Imitator a1b2c3d4e5f6g7h8a2b3c4\nend\n", 3, 40,
    "too many imitators" },
  { "begin\nstipulation #2\ncondition Imitator\nend\n", 4, 1, "needs its squares" },
  { "begin\nstipulation #2\noption Bogus\nend\n", 3, 8, "unknown option \"Bogus\"" },
  { "begin\nstipulation #2\noption Defence x\nend\n", 3, 16, "needs a number" },
  { "begin\nstipulation #2\noption EnPassant e9\nend\n", 3, 18, "EnPassant" },
  { "begin\nstipulation #2\npieces white ke1\ntwin move e2 e3\nend\n", 4, 1,
    "empty square (e2)" },
  { "begin\nstipulation #2\npieces white ke1\ntwin\nend\n", 4, 1, "without a twinning" },
  { "begin\nstipulation #2\npieces white ke1\ntwin rotate 45\nend\n", 4, 13, "rotate needs" },
  { "begin\nstipulation #2\npieces white ke1\ntwin mirror a1-h1\nend\n", 4, 13, "mirror needs" },
  { "begin\nstipulation #2\npieces white ke1\ntwin move e1 i9\nend\n", 4, 14, "bad square" },
  { "begin\nstipulation #2\npieces white ke1\ntwin substitute q xx9\nend\n", 4, 19,
    "unknown piece code" },
  { "begin\nstipulation #2\npieces white ke1 black \xff\xfe\nend\n", 3, 24, "not UTF-8" },
  { "begin\nstip\x01ulation #2\nend\n", 2, 5, "binary data" },
  { "begin\nstipulation #2\npieces white uua1\nend\n", 3, 14, "not supported by F" },
  { "begin\nstipulation h#\nend\n", 2, 13, "needs a number" },
  { "begin\nsstipulation white 4s[#\nend\n", 3, 1, "\"]\" expected" },
  { "begin\nstipulation #2\ncondition EinsteinWhiteOnly\nend\n", 3, 11, "needs EinsteinChess" },
  { "begin\nstipulation #2\nbegin\nend\n", 3, 1, "\"begin\" inside a problem" },
  { "begin\nstipulation #2\npieces white ke1 magic qd1\nend\n", 3, 18, "right after the colour" },
  { "begin\nstipulation #2\ntwin continued\nend\n", 3, 1, "without a twinning" },
  { "begin\nstipulation #2\nforsyth 9/8/8/8/8/8/8/8/k\nend\n", 3, 23, "more than 64" },
  /* found by fuzzing: digit runs must not overflow */
  { "begin\nstipulation #2\nforsyth 99999999999999999999k\nend\n", 3, 9, "more than 64" },
  { "begin\nstipulation #2\npieces white ke2\ncondition Imitator e2\nend\n", 5, 1,
    "shares its square" },
  { "begin\nstipulation #2\npieces white ke1\ntwin shift a8 a1\nend\n", 4, 1, "off the board" },
  { "begin\r\nstipulation #2\r\nopt maxsol\r\nend\r\n", 4, 1, "number" },
};

/* A stipulation of Popeye's language that Féerie does not solve yet (dia3.5,
 * pser-hs#2) reads into the stipulation's parts and is written back as it
 * was; solving refuses it (issues 13, 35). */
static void
test_unsupported_stipulation (void)
{
  const char *texts[] = { "ser-hs#2", "pser-hs#2", "dia3.5", "exact-hs#3" };
  FeRefusal refusal;
  for (guint k = 0; k < G_N_ELEMENTS (texts); k++)
    {
      g_autofree char *in
        = g_strdup_printf ("begin\nstipulation %s\npieces white ka1 black kh1\nend\n", texts[k]);
      GPtrArray *r = read_ok (in);
      FeProblem *p = r->pdata[0];
      g_assert_null (p->unsupported_stipulation);
      g_autofree char *back = fe_stipulation_to_string (&p->stipulation);
      g_assert_cmpstr (back, ==, texts[k]);
      g_assert_true (fe_solve_refusal (p, &refusal));
      fe_refusal_clear (&refusal);
      g_autofree char *out = fe_popeye_write (p, NULL);
      g_autofree char *line = g_strdup_printf ("stipulation %s\n", texts[k]);
      g_assert_nonnull (strstr (out, line));
      FeProblem *copy = fe_problem_copy (p);
      g_assert_true (fe_problem_equal (copy, p));
      fe_problem_free (copy);
      g_ptr_array_unref (r);
    }
}

/* sstipulation (docs/rules/structured-stipulations.md): read over tokens
 * and lines up to where its grammar ends, its plain synonym kept as the
 * stipulation, written back as a tree, read back equal; errors located. */
static void
test_structured (void)
{
  const char *in = "begin\nsstipulation white - 6da[#]\noption Variations\n"
                   "pieces white ke2 ra1 black ke8\nnext\n"
                   "sstipulation black\n 2hh[#] &\n 1h[#]h pieces white ka1 black kh1\nend\n";
  GPtrArray *r = read_ok (in);
  FeProblem *p = r->pdata[0];
  g_assert_nonnull (p->structured);
  g_autofree char *tree = fe_sstip_to_string (p->structured);
  g_assert_cmpstr (tree, ==, "white -6da[#]");
  g_assert_true (p->options.variations);
  FeProblem *q = r->pdata[1];
  g_autofree char *reci = fe_sstip_to_string (q->structured);
  g_assert_cmpstr (reci, ==, "black 2hh[#]&1h[#]h");
  g_autofree char *plain = fe_stipulation_to_string (&q->stipulation);
  g_assert_cmpstr (plain, ==, "reci-h#1");
  for (guint k = 0; k < r->len; k++)
    {
      g_autofree char *out = fe_popeye_write (r->pdata[k], NULL);
      g_assert_nonnull (strstr (out, "sstipulation "));
      GPtrArray *back = read_ok (out);
      g_assert_true (fe_problem_equal (r->pdata[k], back->pdata[0]));
      FeProblem *copy = fe_problem_copy (r->pdata[k]);
      g_assert_true (fe_problem_equal (copy, r->pdata[k]));
      fe_problem_free (copy);
      g_ptr_array_unref (back);
    }
  /* The tree counts in equality; a plain stipulation drops it. */
  FeProblem *other = fe_problem_copy (q);
  g_clear_pointer (&other->structured, fe_sstip_free);
  g_assert_false (fe_problem_equal (q, other));
  fe_problem_free (other);
  g_ptr_array_unref (r);
  r = read_ok ("begin\nsstipulation white 3a[#]d\nstipulation h#2\npieces white ka1 black kh1\nend\n");
  g_assert_null (((FeProblem *) r->pdata[0])->structured);
  g_ptr_array_unref (r);
  /* Errors at the character that is wrong, on its line. */
  const struct {
    const char *text;
    int line, col;
  } bad[] = {
    { "begin\nsstipulation green 3a[#]d\npieces white ka1\nend\n", 2, 14 },
    { "begin\nsstipulation white\n 3a[#\n d\npieces white ka1\nend\n", 4, 2 },
    { "begin\nsstipulation white 3a[#]dx\npieces white ka1\nend\n", 2, 26 },
    { "begin\nsstipulation white 3a[a=>b]d\npieces white ka1\nend\n", 2, 14 },
    { "begin\nsstipulation\n", 2, 1 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      GError *error = NULL;
      GPtrArray *none = fe_popeye_read (bad[k].text, strlen (bad[k].text), "s.inp", &error);
      g_assert_null (none);
      g_autofree char *where = g_strdup_printf ("s.inp:%d:%d:", bad[k].line, bad[k].col);
      if (!g_str_has_prefix (error->message, where))
        g_error ("\"%s\": %s, not at %s", bad[k].text, error->message, where);
      g_error_free (error);
    }
}

/* a=>b (docs/rules/stipulations.md §5.1): what follows the stipulation is the
 * target; written back after the stipulation and read back equal. */
/* Popeye allows a space before the length: "a=>b 5", "dia 4" (issue 42). */
static void
test_stipulation_spaced_length (void)
{
  GPtrArray *r = read_ok ("begin\npieces white kb3 black kc7\nstipulation a=>b 5\n"
                          "pieces white kb4 black kc7\nend\n");
  FeProblem *p = r->pdata[0];
  g_assert_cmpint (p->stipulation.goal, ==, FE_GOAL_POSITION);
  g_assert_cmpint (p->stipulation.moves, ==, 5);
  g_assert_true (fe_problem_has_target (p));
  g_ptr_array_unref (r);
  r = read_ok ("begin\npieces white kb3 black kc7\nstipulation h# 2\nend\n");
  p = r->pdata[0];
  g_assert_cmpint (p->stipulation.moves, ==, 2);
  g_ptr_array_unref (r);
}

static void
test_position_to_position (void)
{
  const char *in = "begin\npieces white kb3 rb6 re8 pc3\npieces black kc7 rg3 ba6\n"
                   "stipulation a=>b6\noption WhiteToPlay\npieces white kd5 rd6 re5 pc3\n"
                   "pieces black kb5 rg4 bc4\nend\n";
  GPtrArray *r = read_ok (in);
  FeProblem *p = r->pdata[0];
  g_assert_true (fe_problem_has_target (p));
  g_assert_cmpint (p->diagram.board[FE_SQ (1, 2)].walk, ==, FE_WALK_KING);
  g_assert_cmpint (p->target.board[FE_SQ (3, 4)].walk, ==, FE_WALK_KING);
  g_assert_cmpint (p->target.board[FE_SQ (1, 2)].walk, ==, FE_WALK_NONE);
  g_assert_cmpint (p->diagram.board[FE_SQ (3, 4)].walk, ==, FE_WALK_NONE);
  g_autofree char *out = fe_popeye_write (p, NULL);
  const char *stip = strstr (out, "stipulation a=>b6\n");
  g_assert_nonnull (stip);
  g_assert_true (strstr (out, "pieces white kb3") < stip);
  g_assert_true (strstr (out, "pieces white kd5") > stip);
  GPtrArray *back = read_ok (out);
  g_assert_true (fe_problem_equal (p, back->pdata[0]));
  /* The target counts in equality. */
  FeProblem *other = fe_problem_copy (p);
  fe_position_remove (&other->target, FE_SQ (2, 2));
  g_assert_false (fe_problem_equal (p, other));
  fe_problem_free (other);
  g_ptr_array_unref (back);
  g_ptr_array_unref (r);
  /* A condition line after the stipulation gives B's imitators. */
  const char *imitators = "begin\npieces white ke1 black ke8\ncondition Imitator c3\n"
                          "stipulation a=>b1\npieces white ke2 black ke7\ncondition Imitator c4\nend\n";
  r = read_ok (imitators);
  p = r->pdata[0];
  g_assert_cmpint (p->diagram.n_imitators, ==, 1);
  g_assert_cmpint (p->target.n_imitators, ==, 1);
  g_assert_cmpint (p->target.imitators[0], ==, fe_square_parse ("c4"));
  g_autofree char *again = fe_popeye_write (p, NULL);
  g_assert_nonnull (strstr (again, "pieces white ke2\n       black ke7\ncondition Imitator c4\n"));
  back = read_ok (again);
  g_assert_true (fe_problem_equal (p, back->pdata[0]));
  g_ptr_array_unref (back);
  /* B's white and black imitators (Féerie's) come back from a line only
   * Féerie reads, with a warning. */
  p->target.imitator_colour[0] = FE_WHITE;
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *coloured = fe_popeye_write (p, warnings);
  const char *b_pieces = strstr (coloured, "black ke7\n");
  g_assert_nonnull (b_pieces);
  g_assert_nonnull (strstr (b_pieces, "remark feerie: condition WhiteImitator c4\n"));
  g_assert_cmpuint (warnings->len, ==, 1);
  back = read_ok (coloured);
  FeProblem *q = back->pdata[0];
  g_assert_cmpint (q->target.imitator_colour[0], ==, FE_WHITE);
  g_assert_cmpint (q->diagram.imitator_colour[0], ==, FE_NEUTRAL);
  g_assert_true (fe_problem_equal (p, q));
  g_ptr_array_unref (back);
  g_ptr_array_unref (r);
  /* The target's own rules: one king a side, located on its line. */
  GError *error = NULL;
  const char *bad = "begin\npieces white ka1 black kh8\nstipulation a=>b1\n"
                    "pieces white ka2 black kh7\npieces white kb2\nend\n";
  g_assert_null (fe_popeye_read (bad, strlen (bad), "t.inp", &error));
  g_assert_nonnull (strstr (error->message, "target position"));
  int line = 0;
  g_assert_true (fe_file_error_get_location (error, NULL, &line, NULL, NULL));
  g_assert_cmpint (line, ==, 5);
  g_clear_error (&error);
}

static void
test_malformed (void)
{
  int failures = 0;
  for (guint k = 0; k < G_N_ELEMENTS (bad_inputs); k++)
    {
      const Bad *b = &bad_inputs[k];
      GError *error = NULL;
      GPtrArray *r = fe_popeye_read (b->text, strlen (b->text), "bad.inp", &error);
      if (r)
        {
          g_printerr ("case %u read without error:\n%s\n", k, b->text);
          g_ptr_array_unref (r);
          failures++;
          continue;
        }
      g_assert_true (error->domain == FE_FILE_ERROR);
      /* The location is data of the error, and the message says it too. */
      int line = 0, col = 0;
      g_assert_true (fe_file_error_get_location (error, NULL, &line, &col, NULL));
      if (line != b->line || col != b->col)
        {
          g_printerr ("case %u: located at %d:%d, expected %d:%d\n", k, line, col, b->line, b->col);
          failures++;
        }
      char *prefix = g_strdup_printf ("bad.inp:%d:%d: ", b->line, b->col);
      if (!g_str_has_prefix (error->message, prefix) || !strstr (error->message, b->phrase))
        {
          g_printerr ("case %u: expected \"%s...%s\", got \"%s\"\n", k, prefix, b->phrase,
                      error->message);
          failures++;
        }
      g_free (prefix);
      g_error_free (error);
    }
  g_assert_cmpint (failures, ==, 0);
  g_assert_cmpuint (G_N_ELEMENTS (bad_inputs), >=, 25);
}

/* Random damage to a valid file never crashes nor leaks a half-read problem. */
static void
test_fuzz (void)
{
  const char *base = "begin\nauthor A B\nstipulation h#2\ncondition Imitator c3 NoIProm\n"
                     "pieces white ke1 ra1 magic gd4 black ke8 pa7\noption SetPlay\n"
                     "twin move e1 e2\ntwin continued add white sd5\nend\n";
  GRand *rand = g_rand_new_with_seed (42);
  gsize n = strlen (base);
  for (int round = 0; round < 3000; round++)
    {
      char *t = g_strdup (base);
      int edits = g_rand_int_range (rand, 1, 4);
      for (int e = 0; e < edits; e++)
        t[g_rand_int_range (rand, 0, (gint32) n)] = (char) g_rand_int_range (rand, 1, 127);
      GError *error = NULL;
      GPtrArray *r = fe_popeye_read (t, n, "fuzz.inp", &error);
      if (r)
        {
          for (guint k = 0; k < r->len; k++)
            g_free (fe_popeye_write (r->pdata[k], NULL));
          g_ptr_array_unref (r);
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "fuzz.inp:"));
          g_error_free (error);
        }
      g_free (t);
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  source_root = g_getenv ("FEERIE_SOURCE_ROOT");
  if (!source_root)
    source_root = FEERIE_SOURCE_ROOT;
  g_test_add_func ("/popeye/oracle-all", test_oracle_all);
  g_test_add_func ("/popeye/oracle-fields", test_oracle_fields);
  g_test_add_func ("/popeye/syntax", test_syntax);
  g_test_add_func ("/popeye/twin-line", test_twin_line);
  g_test_add_func ("/popeye/extensions", test_extensions);
  g_test_add_func ("/popeye/condition-keywords", test_condition_keywords);
  g_test_add_func ("/popeye/malformed", test_malformed);
  g_test_add_func ("/popeye/unsupported-stipulation", test_unsupported_stipulation);
  g_test_add_func ("/popeye/stipulation-spaced-length", test_stipulation_spaced_length);
  g_test_add_func ("/popeye/position-to-position", test_position_to_position);
  g_test_add_func ("/popeye/structured", test_structured);
  g_test_add_func ("/popeye/fuzz", test_fuzz);
  return g_test_run ();
}
