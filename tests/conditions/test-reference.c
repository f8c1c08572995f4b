/* test-reference.c — the engine's generator against the slow reference
 * written from docs/rules/ (reference.c), on random positions of every
 * condition of the registry alone, every pair the conditions allow together
 * (docs/rules/combinations.md §2–§3: Magic with Magician is rejected), no
 * condition, and every allowed set of three or more of the seeds' genres,
 * with the fairy walks of the reference's catalogue.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compared: the set of positions reached by the legal moves (board with
 * ids, imitators, castling rights, e.p. state), each listed once, check of
 * both sides, attack on every piece, and Madrasi paralysis of every piece,
 * at the root and after a few of its moves — once with the rules attached
 * as the solver attaches them (none when orthodox: the fast paths) and once
 * always attached (the plain rules path).
 */
#include <string.h>

#include "cond-test-util.h"
#include "reference.h"
#include "core/conditions/circe.h"
#include "core/model/walk.h"

/* ---- random positions --------------------------------------------------- */


/* One genre per condition of the registry (by its name: main asserts
 * that the registry holds no other). */
enum { G_MADRASI, G_IMITATOR, G_MAGIC, G_EINSTEIN, G_MAGICIAN, N_SEED_GENRES,
       G_CIRCE = N_SEED_GENRES, G_ANTICIRCE, G_ANDERNACH, G_ISARDAM, G_PATROL, G_KOEKO, G_KAMIKAZE,
       G_MARS, G_ANTIMARS, G_PHANTOM, G_TAKEMAKE, G_MAKETAKE, G_DANGER,
       G_MULTI, G_BICAPTURES, N_GENRES };
static const char *genre_names[N_GENRES] = { "madrasi", "imitator", "magic", "einstein", "magician",
                                             "circe", "anticirce", "andernach", "isardam", "patrol",
                                             "koeko", "kamikaze", "marscirce", "antimars",
                                             "phantom", "takemake", "maketake",
                                             "dangercirce", "multicaptures", "bicaptures" };

static const int orthodox_walks[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT,
                                      FE_WALK_PAWN, FE_WALK_PAWN, FE_WALK_PAWN, FE_WALK_ROOK };

/* The walks the random positions held: every one of the catalogue must
 * be judged by the reference. */
static uint64_t walks_drawn;

/* Orthodox half the time, else any fairy walk of the reference's
 * catalogue (the seeds' walks more often). */
static int
random_walk (GRand *r)
{
  static const int seeds[] = { FE_WALK_GRASSHOPPER, FE_WALK_NIGHTRIDER, FE_WALK_LOCUST, FE_WALK_LION,
                               FE_WALK_AMAZON, FE_WALK_CAMEL, FE_WALK_ZEBRA, FE_WALK_GIRAFFE,
                               FE_WALK_ROSE, FE_WALK_MOOSE };
  if (g_rand_boolean (r))
    return orthodox_walks[g_rand_int_range (r, 0, G_N_ELEMENTS (orthodox_walks))];
  if (g_rand_boolean (r))
    return seeds[g_rand_int_range (r, 0, G_N_ELEMENTS (seeds))];
  int w;
  do
    w = g_rand_int_range (r, 1, FE_WALK_COUNT);
  while (!fe_walk_is_fairy (w) || !fe_ref_knows_walk (w));
  return w;
}

static void
random_position (GRand *r, unsigned genres, FePosition *pos, FeRules *rules, FeConditionParams *c)
{
  memset (c, 0, sizeof *c);
  bool on_[N_GENRES] = { false };
  for (int g = 0; g < N_GENRES; g++)
    on_[g] = (genres >> g) & 1;
  if (on_[G_MADRASI])
    {
      c->FE_P_MADRASI = true;
      c->FE_P_MADRASI_REX_INCLUSIVE = g_rand_int_range (r, 0, 3) == 0;
    }
  if (on_[G_IMITATOR])
    {
      c->FE_P_IMITATOR = true;
      c->FE_P_IMITATOR_NO_PROMOTION = g_rand_int_range (r, 0, 3) == 0;
      c->FE_P_IMITATOR_NO_HURDLES = g_rand_int_range (r, 0, 4) == 0;
    }
  if (on_[G_EINSTEIN])
    {
      c->FE_P_EINSTEIN = g_rand_int_range (r, FE_EINSTEIN_NORMAL, FE_EINSTEIN_ANTI + 1);
      c->FE_P_EINSTEIN_SIDE = g_rand_int_range (r, 0, 4) == 0 ? g_rand_int_range (r, 1, 3) : 0;
      c->FE_P_EINSTEIN_PROMOTIONS = g_rand_int_range (r, 0, 4) == 0;
    }
  c->FE_P_MAGIC = on_[G_MAGIC];
  c->FE_P_MAGICIAN = on_[G_MAGICIAN];
  if (on_[G_CIRCE])
    {
      /* the forms the other genres drawn combine with
       * (docs/rules/combinations.md §3; the reference's own limits,
       * fe_ref_rules_init) */
      bool no_parrain = on_[G_KAMIKAZE] || on_[G_IMITATOR] || on_[G_ANTICIRCE];
      int v;
      /* the first four forms mostly, the squares of rebirth-squares.md
       * a third of the time (not with imitators: fe_ref_rules_init) */
      do
        v = g_rand_int_range (r, 0, 3) || on_[G_IMITATOR]
            ? g_rand_int_range (r, FE_CIRCE_PLAIN, FE_CIRCE_PARRAIN + 1)
            : g_rand_int_range (r, FE_CIRCE_FILE, FE_CIRCE_VARIANT_COUNT);
      while ((v == FE_CIRCE_PARRAIN && no_parrain) || (on_[G_ANTICIRCE] && v != FE_CIRCE_PLAIN)
             || (v == FE_CIRCE_CAGE && g_rand_int_range (r, 0, 4)));
      c->v[FE_COND_CIRCE][0] = v;
      c->v[FE_COND_CIRCE][1] = v != FE_CIRCE_PARRAIN && !on_[G_IMITATOR] && !on_[G_ANTICIRCE]
                               && g_rand_int_range (r, 0, 3) == 0;
      if (v != FE_CIRCE_PARRAIN && !on_[G_IMITATOR] && !on_[G_ANTICIRCE] && g_rand_int_range (r, 0, 4) == 0)
        {
          c->v[FE_COND_CIRCE][2] = g_rand_int_range (r, 0, FE_REBIRTH_ADAPT_COUNT);
          c->v[FE_COND_CIRCE][3] = g_rand_boolean (r);
          c->v[FE_COND_CIRCE][4] = g_rand_int_range (r, 0, FE_REBORN_COUNT);
          c->v[FE_COND_CIRCE][5] = g_rand_int_range (r, 0, 3) == 0;
        }
      /* Assassin (rebirth-squares.md §9): not with Parrain, Rex
       * inclusive, kamikaze pieces, imitators, AntiCirce, Isardam,
       * KoeKo or Einstein, nor with the squares of the capturer's choosing (D67) */
      if (v != FE_CIRCE_PARRAIN && v < FE_CIRCE_SUPER && !c->v[FE_COND_CIRCE][1] && !on_[G_KAMIKAZE]
          && !on_[G_IMITATOR]
          && !on_[G_ANTICIRCE] && !on_[G_ISARDAM] && !on_[G_KOEKO] && !on_[G_EINSTEIN]
          && g_rand_int_range (r, 0, 8) == 0)
        c->v[FE_COND_CIRCE][6] = 1;
    }
  if (on_[G_ANTICIRCE])
    {
      c->v[FE_COND_ANTICIRCE][0] = g_rand_int_range (r, 1, 3);
      /* the squares of rebirth-squares.md a third of the time */
      if (g_rand_int_range (r, 0, 3) == 0)
        {
          /* Cage a quarter as often as the others: each capture tries
           * 64 squares, each a legal-move test in the reference; not
           * with the parts from Mars on (departures, steps added to a
           * capture, escapes), whose check by generation multiplies it */
          int sq;
          do
            sq = g_rand_int_range (r, 0, FE_REBIRTH_TAKE_MAKE);
          while (sq == FE_REBIRTH_CAGE && (g_rand_int_range (r, 0, 4) || (genres >> G_MARS) != 0));
          c->v[FE_COND_ANTICIRCE][1] = sq;
          c->v[FE_COND_ANTICIRCE][2] = g_rand_int_range (r, 0, FE_REBIRTH_ADAPT_COUNT);
        }
    }
  if (on_[G_ANDERNACH])
    c->v[FE_COND_ANDERNACH][0] = g_rand_int_range (r, 1, 3);
  if (on_[G_ISARDAM])
    {
      c->v[FE_COND_ISARDAM][0] = 1;
      c->v[FE_COND_ISARDAM][1] = g_rand_int_range (r, 0, 3) == 0;
      c->v[FE_COND_ISARDAM][2] = g_rand_int_range (r, 0, 3) == 0;
    }
  /* Patrol: every piece, or the pieces with the attribute (given below) */
  int patrol_scope = on_[G_PATROL] ? g_rand_int_range (r, 1, 3) : 0;
  c->v[FE_COND_PATROL][0] = patrol_scope;
  c->v[FE_COND_KOEKO][0] = on_[G_KOEKO];
  c->v[FE_COND_KAMIKAZE][0] = on_[G_KAMIKAZE];
  /* mars-circe.md: the table or its Mirror; Mars's kings sometimes
   * exclusive */
  if (on_[G_MARS])
    {
      c->v[FE_COND_MARSCIRCE][0] = 1;
      c->v[FE_COND_MARSCIRCE][1] = g_rand_int_range (r, 0, 4) == 0 ? FE_REBIRTH_MIRROR : 0;
      c->v[FE_COND_MARSCIRCE][2] = g_rand_int_range (r, 0, 4) == 0;
    }
  if (on_[G_ANTIMARS])
    {
      c->v[FE_COND_ANTIMARS][0] = 1;
      c->v[FE_COND_ANTIMARS][1] = g_rand_int_range (r, 0, 4) == 0 ? FE_REBIRTH_MIRROR : 0;
    }
  c->v[FE_COND_TAKEMAKE][0] = on_[G_TAKEMAKE];
  c->v[FE_COND_MAKETAKE][0] = on_[G_MAKETAKE];
  c->v[FE_COND_DANGERCIRCE][0] = on_[G_DANGER];
  c->v[FE_COND_BICAPTURES][0] = on_[G_BICAPTURES];
  if (on_[G_MULTI])
    {
      c->v[FE_COND_MULTICAPTURES][0] = 1;
      c->v[FE_COND_MULTICAPTURES][1] = g_rand_int_range (r, 0, 3) ? 0 : g_rand_int_range (r, 1, 3);
    }
  if (on_[G_PHANTOM])
    {
      c->v[FE_COND_PHANTOM][0] = 1;
      c->v[FE_COND_PHANTOM][1] = g_rand_int_range (r, 0, 4) == 0 ? FE_REBIRTH_MIRROR : 0;
    }
  /* attributes of some pieces (kings never: the reference refuses a
   * kamikaze king) */
  uint8_t attr_pool[4];
  int n_attr = 0;
  if (on_[G_MAGIC])
    attr_pool[n_attr++] = FE_ATTR_MAGIC;
  if (on_[G_MAGICIAN])
    attr_pool[n_attr++] = FE_ATTR_MAGICIAN;
  if (patrol_scope == 1)
    attr_pool[n_attr++] = FE_ATTR_PATROL;
  if (on_[G_KAMIKAZE])
    attr_pool[n_attr++] = FE_ATTR_KAMIKAZE;
  int fairy_limit = g_rand_int_range (r, 0, 3); /* how many fairy walks at most */

  fe_position_init (pos);
  /* Kings: often on their castling squares, with rooks in the corners. */
  int wk, bk;
  do
    {
      wk = g_rand_int_range (r, 0, 3) ? SQ (4, 0) : g_rand_int_range (r, 0, 64);
      bk = g_rand_int_range (r, 0, 3) ? SQ (4, 7) : g_rand_int_range (r, 0, 64);
    }
  while (ABS (FI (wk) - FI (bk)) <= 1 && ABS (RK (wk) - RK (bk)) <= 1
         && !(c->FE_P_MADRASI_REX_INCLUSIVE && wk != bk && g_rand_boolean (r)));
  fe_position_put (pos, FE_SQ88 (wk), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (pos, FE_SQ88 (bk), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  walks_drawn |= UINT64_C (1) << FE_WALK_KING;
  static const int corners[4] = { SQ (0, 0), SQ (7, 0), SQ (0, 7), SQ (7, 7) };
  for (int i = 0; i < 4; i++)
    if (g_rand_int_range (r, 0, 3) == 0 && fe_square_empty (pos, FE_SQ88 (corners[i])))
      {
        FePiece p = { FE_WALK_ROOK, (uint8_t) (i < 2 ? FE_WHITE : FE_BLACK), 0, 0 };
        if (n_attr && g_rand_int_range (r, 0, 3) == 0)
          p.attrs = attr_pool[g_rand_int_range (r, 0, n_attr)];
        fe_position_put (pos, FE_SQ88 (corners[i]), p);
      }
  int fairy_used[4], n_fairy_used = 0;
  int n = g_rand_int_range (r, 3, 13);
  /* Pieces in a small area meet more often. */
  int f0 = g_rand_int_range (r, 0, 4), r0 = g_rand_int_range (r, 0, 4);
  int span = g_rand_int_range (r, 4, 9);
  for (int i = 0; i < n; i++)
    {
      /* (MIN evaluates its arguments twice) */
      int f = f0 + g_rand_int_range (r, 0, span), rk = r0 + g_rand_int_range (r, 0, span);
      f = MIN (f, 7), rk = MIN (rk, 7);
      if (g_rand_int_range (r, 0, 3) == 0)
        f = g_rand_int_range (r, 0, 8), rk = g_rand_int_range (r, 0, 8);
      FeSquare sq = FE_SQ88 (SQ (f, rk));
      if (!fe_square_empty (pos, sq))
        continue;
      FePiece p = { 0 };
      p.walk = random_walk (r);
      if (fe_walk_is_fairy (p.walk))
        {
          bool known = false;
          for (int k = 0; k < n_fairy_used; k++)
            known |= fairy_used[k] == p.walk;
          if (!known && n_fairy_used >= fairy_limit)
            p.walk = orthodox_walks[g_rand_int_range (r, 0, G_N_ELEMENTS (orthodox_walks))];
          else if (!known)
            fairy_used[n_fairy_used++] = p.walk;
        }
      walks_drawn |= UINT64_C (1) << p.walk;
      p.colour = g_rand_int_range (r, 0, 2);
      if (n_attr && g_rand_int_range (r, 0, 3) == 0)
        p.attrs = attr_pool[g_rand_int_range (r, 0, n_attr)];
      /* two attributes now and then (a kamikaze magic piece) */
      if (n_attr > 1 && g_rand_int_range (r, 0, 6) == 0)
        p.attrs |= attr_pool[g_rand_int_range (r, 0, n_attr)];
      fe_position_put (pos, sq, p);
    }
  pos->side = g_rand_int_range (r, 0, 2);
  if (g_rand_boolean (r))
    {
      /* A pawn that may make a multi-step next to an enemy pawn that may
       * then take it e.p. (the descent below plays a multi-step first). */
      int side = pos->side, f = g_rand_int_range (r, 0, 8);
      int rel = (on_[G_EINSTEIN] || on_[G_MAGICIAN]) && g_rand_boolean (r) ? 0 : 1;
      int steps = rel == 0 ? g_rand_int_range (r, 2, 4) : 2;
      int ef = f + (g_rand_boolean (r) ? 1 : -1);
      int erel = rel + steps - g_rand_int_range (r, 0, steps - 1);
      int rk = side == FE_WHITE ? rel : 7 - rel, erk = side == FE_WHITE ? erel : 7 - erel;
      FePiece pawn = { FE_WALK_PAWN, (uint8_t) side, 0, 0 };
      FePiece enemy = { FE_WALK_PAWN, (uint8_t) FE_OPPONENT (side), 0, 0 };
      if (on (ef, erk) && fe_square_empty (pos, FE_SQ88 (SQ (f, rk)))
          && fe_square_empty (pos, FE_SQ88 (SQ (ef, erk))))
        {
          fe_position_put (pos, FE_SQ88 (SQ (f, rk)), pawn);
          fe_position_put (pos, FE_SQ88 (SQ (ef, erk)), enemy);
        }
    }
  if (g_rand_boolean (r))
    {
      /* a pawn about to promote (into the fairy set,
       * docs/rules/fairy-pieces.md §5), by a step or a capture */
      int side = pos->side, f = g_rand_int_range (r, 0, 8);
      FeSquare sq = FE_SQ (f, side == FE_WHITE ? 6 : 1);
      if (fe_square_empty (pos, sq))
        fe_position_put (pos, sq, (FePiece) { FE_WALK_PAWN, (uint8_t) side, 0, 0 });
    }
  if (on_[G_MAGIC] && g_rand_boolean (r))
    {
      /* a magic king now and then (docs/rules/magic-pieces.md §8) */
      FeSquare k = pos->king[g_rand_int_range (r, 0, 2)];
      FePiece p = pos->board[k];
      p.attrs = FE_ATTR_MAGIC;
      fe_position_put (pos, k, p);
    }
  if (on_[G_IMITATOR])
    {
      bool mono = g_rand_int_range (r, 0, 3) == 0;
      for (int i = 0, k = g_rand_int_range (r, 1, 4); i < k; i++)
        {
          FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
          bool taken = !fe_square_empty (pos, sq);
          for (int j = 0; j < pos->n_imitators; j++)
            taken |= pos->imitators[j] == sq;
          if (taken)
            continue;
          pos->imitators[pos->n_imitators] = sq;
          pos->imitator_colour[pos->n_imitators++] =
            mono && g_rand_int_range (r, 0, 3) ? g_rand_int_range (r, 0, 2) : FE_NEUTRAL;
        }
    }
  if (c->v[FE_COND_CIRCE][0] == FE_CIRCE_PARRAIN && g_rand_boolean (r))
    {
      /* a rebirth owed by the last move: a piece of the side to move,
       * captured where a piece of the other side stands */
      FeSquare at[64];
      int n_at = 0;
      for (int i = 0; i < 64; i++)
        {
          FePiece q = pos->board[FE_SQ88 (i)];
          if (q.walk && q.colour != pos->side)
            at[n_at++] = FE_SQ88 (i);
        }
      static const int owed_walks[] = { FE_WALK_PAWN, FE_WALK_PAWN, FE_WALK_QUEEN, FE_WALK_ROOK,
                                        FE_WALK_BISHOP, FE_WALK_KNIGHT, FE_WALK_GRASSHOPPER };
      FePiece o = { (uint8_t) owed_walks[g_rand_int_range (r, 0, G_N_ELEMENTS (owed_walks))],
                    (uint8_t) pos->side, 0, 64 };
      if (n_at)
        {
          pos->owed = o;
          pos->owed_square = at[g_rand_int_range (r, 0, n_at)];
        }
    }
  fe_position_default_castling (pos);
  fe_rules_init (rules, c, pos);
  pos->rules = fe_rules_for_position (rules, FALSE);
  fe_position_recompute_hash (pos);
}

/* Positions of the genres in `genres` (a bit set), each with a few of its
 * children; returns how many were compared. */
static int failures;
static FeRefSeen seen;

/* Compares one position with its rules attached as the solver attaches
 * them, then always attached. */
static void
compare_both (FePosition *pos, FeRules *rules, const FeRefRules *rr, FeMoveList *legal)
{
  const FeRules *as_solver = pos->rules;
  failures += fe_ref_compare (pos, rr, legal, &seen);
  if (!as_solver)
    {
      pos->rules = rules;
      failures += fe_ref_compare (pos, rr, legal, &seen);
      pos->rules = as_solver;
    }
}

static int
run_genres (GRand *r, unsigned genres, int count)
{
  int n = 0, before = failures;
  /* `count` draws, and more (up to four times as many) while fewer
   * positions than that were compared: under some conditions (Make&Take,
   * where any piece may check) most random diagrams are illegal. */
  for (int k = 0; (k < count || (n < count && k < 4 * count)) && failures < before + 5; k++)
    {
      FePosition pos;
      FeRules rules;
      FeConditionParams c;
      random_position (r, genres, &pos, &rules, &c);
      FeRefRules rr;
      if (!fe_conditions_validate (&c, &pos, NULL) || !fe_ref_rules_init (&rr, &c, &pos))
        continue;
      /* The side not to move must not be in check. */
      if (fe_ref_in_check (&pos, &rr, FE_OPPONENT (pos.side)) || fe_in_check (&pos, FE_OPPONENT (pos.side)))
        continue;
      FeMoveList legal;
      compare_both (&pos, &rules, &rr, &legal);
      n++;
      /* a few of its moves, one ply deeper (e.p., rights, moved imitators,
       * recoloured and mutated pieces); a multi-step first, if any */
      int multi = -1;
      for (int i = 0; i < legal.count; i++)
        if (legal.moves[i].flags & FE_MOVE_MULTI_STEP)
          multi = i;
      for (int i = 0; i < 3 && legal.count; i++)
        {
          FeMove m = legal.moves[i == 0 && multi >= 0 ? multi : g_rand_int_range (r, 0, legal.count)];
          FeUndo undo;
          fe_make (&pos, &m, &undo);
          FeMoveList next;
          compare_both (&pos, &rules, &rr, &next);
          fe_unmake (&pos, &m, &undo);
          n++;
        }
    }
  GString *name = g_string_new (NULL);
  for (int g = 0; g < N_GENRES; g++)
    if ((genres >> g) & 1)
      g_string_append_printf (name, "%s%s", name->len ? " × " : "", genre_names[g]);
  g_test_message ("%s: %d positions, %d mismatches", name->len ? name->str : "no condition", n,
                  failures - before);
  g_string_free (name, TRUE);
  return n;
}

/* The pairs docs/rules/combinations.md §3 accepts (isardam.md §4: Isardam
 * with Circe) among the further conditions, and with the seeds' genres
 * (magician pieces with none of them: the spec does not place their mutation
 * among the new effects). */
static bool
pair_allowed (int a, int b)
{
  if (a > b)
    return pair_allowed (b, a);
  /* Magic with magician pieces is rejected
   * (docs/rules/combinations.md §2). */
  if (a == G_MAGIC && b == G_MAGICIAN)
    return false;
  /* MultiCaptures and Bicaptures alone (multicaptures.md §4,
   * bicaptures.md §3) */
  if (b >= G_MULTI)
    return false;
  if (b < N_SEED_GENRES)
    return true;
  if (a == G_MAGICIAN)
    return false;
  /* Danger Circe (danger-circe.md §3): not with the imitators or the
   * parts that reshape moves */
  if (b == G_DANGER)
    return a != G_IMITATOR && (a < G_MARS || a > G_MAKETAKE);
  if (a < N_SEED_GENRES && b >= G_MARS)
    return a != G_IMITATOR;
  if (a < N_SEED_GENRES && b < G_MARS)
    {
      /* Isardam with Madrasi and Imitator, KoeKo with Imitator: refused;
       * the reference leaves imitators out with AntiCirce and kamikaze
       * pieces (fe_ref_rules_init) */
      if (a == G_IMITATOR)
        return b == G_CIRCE || b == G_ANDERNACH || b == G_PATROL;
      return !(a == G_MADRASI && b == G_ISARDAM);
    }
  /* The parts that reshape moves (mars-circe.md §5, take-and-make.md §4,
   * make-and-take.md §4): with every condition but the imitators and
   * magician pieces; Mars with AntiMars, not Phantom with either;
   * Take&Make with each; Make&Take with AntiMars alone. */
  if (b >= G_MARS)
    {
      if (a == G_IMITATOR || a == G_MAGICIAN)
        return false;
      if (b == G_MAKETAKE)
        return a < G_MARS || a == G_ANTIMARS;
      if (a >= G_MARS)
        return b == G_TAKEMAKE || (a == G_MARS && b == G_ANTIMARS);
      return true;
    }
  static const int accepted[][2] = {
    { G_CIRCE, G_ANTICIRCE }, { G_CIRCE, G_ANDERNACH }, { G_ANTICIRCE, G_ANDERNACH },
    { G_CIRCE, G_KOEKO },     { G_CIRCE, G_ISARDAM },   { G_CIRCE, G_KAMIKAZE },
    { G_ISARDAM, G_KAMIKAZE }, { G_ANDERNACH, G_KAMIKAZE }, { G_PATROL, G_KAMIKAZE },
    { G_KOEKO, G_KAMIKAZE },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (accepted); i++)
    if (accepted[i][0] == a && accepted[i][1] == b)
      return true;
  return false;
}

static bool
allowed (unsigned genres)
{
  for (int a = 0; a < N_GENRES; a++)
    for (int b = a + 1; b < N_GENRES; b++)
      if ((genres >> a & 1) && (genres >> b & 1) && !pair_allowed (a, b))
        return false;
  return true;
}

static void
report_seen (int compared)
{
  g_test_message ("%d positions compared, %d moves: %d castling, %d e.p., %d multi-steps, "
                  "%d from the first rank, %d promotions (%d into fairy walks), %d to an "
                  "imitator, %d with mutations or recolourings, %d reached by two routes",
                  compared, seen.moves, seen.castling, seen.en_passant, seen.multi_step,
                  seen.first_rank, seen.promotions, seen.fairy_promotions,
                  seen.imitator_promotion, seen.effects, seen.routes);
  g_test_message ("%d with a Circe rebirth, %d leaving a Parrain rebirth owed, %d from a rebirth square",
                  seen.rebirths, seen.owed, seen.departures);
}

/* Every pair the conditions allow together; each must have been compared
 * on a good share of its positions (neither the engine's validation nor
 * the reference may refuse it). */
static void
test_pairs (void)
{
  int per_pair = fe_test_count (320, 3000), per_new_pair = fe_test_count (90, 900);
  GRand *r = g_rand_new_with_seed (9091);
  int compared = 0, pairs = 0;
  memset (&seen, 0, sizeof seen);
  for (int g1 = 0; g1 < N_GENRES; g1++)
    for (int g2 = g1 + 1; g2 < N_GENRES; g2++)
      if (pair_allowed (g1, g2))
        {
          int count = g2 < N_SEED_GENRES ? per_pair : per_new_pair;
          /* Danger Circe's escapes need an attack test per piece in both
           * generators, check by generation in the engine: a third as many
           * positions (the sanitized run's time). */
          if (g2 == G_DANGER)
            count = MAX (count / 3, 10);
          int n = run_genres (r, 1u << g1 | 1u << g2, count);
          if (n < count / 2)
            g_test_fail_printf ("%s × %s: only %d positions compared of %d drawn", genre_names[g1],
                                genre_names[g2], n, count);
          compared += n;
          pairs++;
        }
  /* 9 of the seeds, 23 with one of the further conditions, 10 of two;
   * the departures and Take&Make: 4 × (3 seeds + 7 further), Mars with
   * AntiMars, Take&Make with each departure; Make&Take: 3 seeds + 7
   * further + AntiMars; Danger Circe: 3 seeds + 7 further */
  g_assert_cmpint (pairs, ==, 42 + 40 + 1 + 3 + 11 + 10);
  g_assert_cmpint (seen.rebirths, >, 0);
  g_assert_cmpint (seen.owed, >, 0);
  g_assert_cmpint (seen.departures, >, 0);
  g_rand_free (r);
  report_seen (compared);
  g_assert_cmpint (failures, ==, 0);
  g_assert_cmpint (seen.castling, >, 0);
  g_assert_cmpint (seen.en_passant, >, 0);
  g_assert_cmpint (seen.first_rank, >, 0);
  g_assert_cmpint (seen.imitator_promotion, >, 0);
  g_assert_cmpint (seen.effects, >, 0);
  g_assert_cmpint (seen.fairy_promotions, >, 0);
  g_assert_cmpint (seen.routes, >, 0);
  /* A new walk of the catalogue needs its row in the reference's own. */
  for (int w = FE_WALK_KING; w < FE_WALK_COUNT; w++)
    {
      g_test_message ("walk %s: %s", fe_walk_print_code (w),
                      walks_drawn >> w & 1 ? "drawn" : "never drawn");
      g_assert_true (fe_ref_knows_walk (w));
      g_assert_true (walks_drawn >> w & 1);
    }
}

/* No condition, each genre alone, and every allowed set of three or more
 * of the seeds' genres and of the further conditions (the mixed sets are the
 * pairs' business: their number would explode). */
static void
test_singles_and_more (void)
{
  int per_set = fe_test_count (60, 600);
  GRand *r = g_rand_new_with_seed (9092);
  int compared = 0;
  memset (&seen, 0, sizeof seen);
  compared += run_genres (r, 0, 4 * per_set);
  unsigned seeds = (1u << N_SEED_GENRES) - 1;
  for (unsigned genres = 1; genres < 1u << N_GENRES; genres++)
    {
      bool single = __builtin_popcount (genres) == 1;
      /* The parts that reshape moves are compared alone and in every
       * pair (test_pairs), not in the larger sets: CI's time. */
      unsigned reshaping = genres >> G_MARS;
      bool more = __builtin_popcount (genres) > 2 && ((genres & seeds) == genres || (genres & seeds) == 0)
                  && reshaping == 0;
      if (!allowed (genres) || !(single || more))
        continue;
      int n = run_genres (r, genres, per_set);
      if (n < per_set / 2)
        g_test_fail_printf ("genres %#x: only %d positions compared of %d drawn", genres, n, per_set);
      compared += n;
    }
  g_rand_free (r);
  report_seen (compared);
  g_assert_cmpint (failures, ==, 0);
  g_assert_cmpint (seen.fairy_promotions, >, 0);
  g_assert_cmpint (seen.routes, >, 0);
}

/* Every condition of the registry is a genre of this test (a new one
 * fails here until the reference knows it). */
static void
test_registry (void)
{
  g_assert_cmpint (fe_condition_count (), ==, N_GENRES);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      bool found = false;
      for (int g = 0; g < N_GENRES; g++)
        found |= strcmp (fe_condition_nth (id)->name, genre_names[g]) == 0;
      if (!found)
        g_test_fail_printf ("condition %s is not drawn (nor known to the reference)", fe_condition_nth (id)->name);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reference/registry", test_registry);
  g_test_add_func ("/reference/pairs", test_pairs);
  g_test_add_func ("/reference/singles-and-more", test_singles_and_more);
  return g_test_run ();
}
