/* piece-list.h — result checks for the Einstein, magician and combination
 * tests: the board as a sorted piece list, and filtered move lists.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "cond-test-util.h"
#include "core/model/walk.h"

static int
piece_list_cmp (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* "wKg1 wBf1 bKe8" → tokens sorted, so the order of writing is free. */
static inline char *
piece_list_normalise (const char *list)
{
  char **tok = g_strsplit_set (list, " ", -1);
  GPtrArray *a = g_ptr_array_new ();
  for (char **t = tok; *t; t++)
    if (**t)
      g_ptr_array_add (a, *t);
  g_ptr_array_sort (a, piece_list_cmp);
  g_ptr_array_add (a, NULL);
  char *r = g_strjoinv (" ", (char **) a->pdata);
  g_ptr_array_unref (a);
  g_strfreev (tok);
  return r;
}

/* The board in the piece-list syntax of fe_test_setup (imitators as "Ic3"). */
static inline char *
piece_list_of (const FePosition *pos)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = pos->board[sq];
      if (!p.walk)
        continue;
      char name[3];
      fe_square_name (sq, name);
      g_string_append_printf (s, "%s%c%s%s%s", s->len ? " " : "",
                              "wbn"[p.colour],
                              (p.attrs & FE_ATTR_MAGICIAN) ? "mg" : (p.attrs & FE_ATTR_MAGIC) ? "m" : "",
                              fe_walk_print_code (p.walk), name);
    }
  for (int i = 0; i < pos->n_imitators; i++)
    {
      char name[3];
      fe_square_name (pos->imitators[i], name);
      g_string_append_printf (s, " I%s", name);
    }
  char *raw = g_string_free (s, FALSE);
  char *r = piece_list_normalise (raw);
  g_free (raw);
  return r;
}

static inline void
assert_pieces (const FePosition *pos, const char *expected)
{
  char *got = piece_list_of (pos);
  char *want = piece_list_normalise (expected);
  g_assert_cmpstr (got, ==, want);
  g_free (got);
  g_free (want);
}

/* The legal moves as a NULL-terminated vector: fe_test_legal_moves joins
 * them with spaces, and " ep." belongs to the move before it. */
static inline char **
legal_move_vector (FePosition *pos)
{
  char *all = fe_test_legal_moves (pos);
  char **tok = g_strsplit (all, " ", -1);
  GPtrArray *a = g_ptr_array_new ();
  for (char **t = tok; *t; t++)
    {
      if (!**t)
        continue;
      if (g_str_has_prefix (*t, "ep.") && a->len)
        {
          char *joined = g_strconcat (a->pdata[a->len - 1], " ", *t, NULL);
          g_free (a->pdata[a->len - 1]);
          a->pdata[a->len - 1] = joined;
        }
      else
        g_ptr_array_add (a, g_strdup (*t));
    }
  g_strfreev (tok);
  g_free (all);
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

/* The legal moves whose text starts with `prefix` ("" = all), sorted. */
static inline char *
moves_starting (FePosition *pos, const char *prefix)
{
  char **tok = legal_move_vector (pos);
  GString *s = g_string_new (NULL);
  for (char **t = tok; *t; t++)
    if (g_str_has_prefix (*t, prefix))
      g_string_append_printf (s, "%s%s", s->len ? " " : "", *t);
  g_strfreev (tok);
  return g_string_free (s, FALSE);
}

static inline void
assert_moves (FePosition *pos, const char *prefix, const char *expected)
{
  char *got = moves_starting (pos, prefix);
  g_assert_cmpstr (got, ==, expected);
  g_free (got);
}

static inline gboolean
has_move (FePosition *pos, const char *text)
{
  char **tok = legal_move_vector (pos);
  gboolean found = FALSE;
  for (char **t = tok; *t; t++)
    found |= strcmp (*t, text) == 0;
  g_strfreev (tok);
  return found;
}

/* Lets the same side move again (problems' "two moves in a row"). */
static inline void
pass_turn (FePosition *pos)
{
  pos->side = FE_OPPONENT (pos->side);
  pos->ep_count = 0;
  pos->ep_victim = FE_NO_SQUARE;
  fe_position_recompute_hash (pos);
}

static inline void
assert_mate (FePosition *pos)
{
  g_assert_true (fe_in_check (pos, pos->side));
  g_assert_false (fe_has_legal_move (pos));
}
