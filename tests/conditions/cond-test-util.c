/* cond-test-util.c — small helpers shared by the condition unit tests.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "cond-test-util.h"
#include "core/rules/notation.h"
#include "core/model/walk.h"

void
fe_test_setup (FePosition *pos, FeRules *rules, const FeConditionParams *params,
               const char *pieces, int side)
{
  fe_position_init (pos);
  char **tok = g_strsplit_set (pieces, " \t\n", -1);
  for (char **t = tok; *t; t++)
    {
      const char *s = *t;
      if (!*s)
        continue;
      size_t n = strlen (s);
      g_assert_cmpint (n, >=, 3);
      FeSquare sq = fe_square_parse (s + n - 2);
      g_assert_cmpint (sq, !=, FE_NO_SQUARE);
      if (s[0] == 'I' && n == 3)
        {
          pos->imitators[pos->n_imitators] = sq;
          pos->imitator_colour[pos->n_imitators++] = FE_NEUTRAL;
          continue;
        }
      FePiece p = { 0 };
      p.colour = s[0] == 'w' ? FE_WHITE : s[0] == 'b' ? FE_BLACK : FE_NEUTRAL;
      g_assert_true (strchr ("wbn", s[0]));
      const char *c = s + 1;
      /* Attribute prefixes (lower case, the registry's: m, mg, k, p…),
       * the longest that fits first, before the upper-case walk. */
      while (g_ascii_islower (*c))
        {
          const FeAttributeDesc *best = NULL;
          for (int i = 0; i < fe_attribute_count (); i++)
            {
              const FeAttributeDesc *a = fe_attribute_nth (i);
              if (g_str_has_prefix (c, a->prefix)
                  && (!best || strlen (a->prefix) > strlen (best->prefix)))
                best = a;
            }
          g_assert_nonnull (best);
          p.attrs |= best->bit;
          c += strlen (best->prefix);
        }
      char *code = g_ascii_strdown (c, (s + n - 2) - c);
      p.walk = fe_walk_from_code (code);
      g_assert_cmpint (p.walk, !=, FE_WALK_NONE);
      g_free (code);
      fe_position_put (pos, sq, p);
    }
  g_strfreev (tok);
  pos->side = side;
  fe_position_default_castling (pos);
  fe_rules_init (rules, params, pos);
  pos->rules = rules;
  fe_position_recompute_hash (pos);
}

uint8_t
fe_test_random_conditions (GRand *r, FeConditionParams *params, int focus)
{
  memset (params, 0, sizeof *params);
  /* Besides the focus, 0.8 other conditions on average, however many the
   * registry holds: pairs are common, sets Popeye refuses rare. */
  int others = MAX (fe_condition_count () - 1, 1);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (id != focus && g_rand_int_range (r, 0, others * 5) >= 4)
        continue;
      for (int k = 0; k < cls->n_params; k++)
        params->v[id][k] = (uint8_t) g_rand_int_range (r, k == 0 ? 1 : 0, cls->params[k].n_values);
    }
  /* One attribute at most (magic with magician is refused anyway): the
   * focus's own, else now and then one of the registry's. */
  const FeConditionClass *f = focus >= 0 ? fe_condition_nth (focus) : NULL;
  if (f && f->attribute)
    return f->attribute->bit;
  if (fe_attribute_count () && g_rand_int_range (r, 0, 4) == 0)
    return fe_attribute_nth (g_rand_int_range (r, 0, fe_attribute_count ()))->bit;
  return 0;
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
legal_texts (FePosition *pos, GArray *moves)
{
  FeMoveList list;
  fe_generate_legal (pos, &list);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < list.count; i++)
    {
      FePosition before = *pos;
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      g_ptr_array_add (texts, fe_notation_move (&before, &list.moves[i], pos, &undo));
      fe_unmake (pos, &list.moves[i], &undo);
      if (moves)
        g_array_append_val (moves, list.moves[i]);
    }
  return texts;
}

char *
fe_test_legal_moves (FePosition *pos)
{
  GPtrArray *texts = legal_texts (pos, NULL);
  g_ptr_array_sort (texts, cmp_str);
  g_ptr_array_add (texts, NULL);
  char *r = g_strjoinv (" ", (char **) texts->pdata);
  g_ptr_array_unref (texts);
  return r;
}

void
fe_test_play (FePosition *pos, const char *text)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (FeMove));
  GPtrArray *texts = legal_texts (pos, moves);
  for (guint i = 0; i < texts->len; i++)
    if (strcmp (texts->pdata[i], text) == 0)
      {
        FeUndo undo;
        fe_make (pos, &g_array_index (moves, FeMove, i), &undo);
        g_ptr_array_unref (texts);
        g_array_unref (moves);
        return;
      }
  g_error ("move %s is not legal here", text);
}

void
fe_test_assert_unmake_restores (FePosition *pos, int min_moves)
{
  FePosition start = *pos;
  FeMoveList list;
  fe_generate_legal (pos, &list);
  g_assert_cmpint (list.count, >=, min_moves);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      fe_unmake (pos, &list.moves[i], &undo);
      g_assert_true (memcmp (pos->board, start.board, sizeof pos->board) == 0);
      g_assert_cmpuint (pos->hash, ==, start.hash);
      g_assert_cmpuint (pos->castling, ==, start.castling);
      g_assert_cmpint (pos->n_imitators, ==, start.n_imitators);
      g_assert_true (memcmp (pos->imitators, start.imitators, sizeof pos->imitators) == 0);
    }
}

void
fe_test_random_kings (GRand *r, FePosition *pos)
{
  FeSquare wk = FE_SQ88 (g_rand_int_range (r, 0, 64)), bk;
  do
    bk = FE_SQ88 (g_rand_int_range (r, 0, 64));
  while (ABS (FE_FILE (bk) - FE_FILE (wk)) <= 1 && ABS (FE_RANK (bk) - FE_RANK (wk)) <= 1);
  fe_position_put (pos, wk, (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (pos, bk, (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
}

int
fe_test_count (int quick, int slow)
{
  if (g_test_slow ())
    return slow;
  const char *divisor = g_getenv ("FEERIE_TEST_DIVISOR");
  int d = divisor ? atoi (divisor) : 1;
  return d > 1 ? MAX (1, quick / d) : quick;
}
