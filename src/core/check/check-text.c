/* check-text.c — reading the intended solution's text as Popeye prints
 * it: lines, their levels and moves, twins (check-private.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "check-private.h"

static void
line_free (gpointer data)
{
  CheckLine *l = data;
  g_free (l->first);
  g_free (l->moves);
  g_free (l->first_short);
  g_free (l->moves_short);
  g_ptr_array_unref (l->children);
  g_free (l);
}

static void
twin_text_free (gpointer data)
{
  CheckTwinText *t = data;
  g_free (t->label);
  g_ptr_array_unref (t->lines);
  g_free (t);
}

/* "12." or "1..." at the start of `s`: its length, the number and the dots. */
static int
move_number (const char *s, int *number, gboolean *dots)
{
  int i = 0, n = 0;
  while (g_ascii_isdigit (s[i]) && i < 6)
    n = n * 10 + (s[i++] - '0');
  if (!i || s[i] != '.')
    return 0;
  *dots = strncmp (s + i, "...", 3) == 0;
  *number = n;
  return i + (*dots ? 3 : 1);
}

/* Words a line writes beside its moves. */
static gboolean
is_comment_word (const char *w)
{
  static const char *const words[] = { "!", "?", "threat:", "threat", "zugzwang.", "zugzwang", "zz" };
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (w, words[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A move as compared: its text without spaces nor a trailing ! or ?. */
void
fe_check_append_move (GString *s, const char *text)
{
  gsize from = s->len;
  for (const char *c = text; *c; c++)
    if (!g_ascii_isspace (*c))
      g_string_append_c (s, *c);
  while (s->len > from && (s->str[s->len - 1] == '!' || s->str[s->len - 1] == '?'))
    g_string_truncate (s, s->len - 1);
}

/* A move names a square ("Sb7-a5", "e8=Q") or castles; what follows it
 * on its own ("+", "#", "ep.") belongs to it. */
static gboolean
names_square (const char *w)
{
  if (g_str_has_prefix (w, "0-0") || g_str_has_prefix (w, "O-O"))
    return TRUE;
  for (const char *c = w; c[0] && c[1]; c++)
    if (c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '8')
      return TRUE;
  return FALSE;
}

static gboolean
is_square (const char *c)
{
  return c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '8';
}

/* "Sf6-h7" or "e4*d3": the move says where it starts. */
static gboolean
has_from_square (const char *move)
{
  if (g_str_has_prefix (move, "0-0"))
    return TRUE;
  for (const char *c = move; c[0] && c[1] && c[2] && c[3] && c[4]; c++)
    if (is_square (c) && (c[2] == '-' || c[2] == '*') && is_square (c + 3))
      return TRUE;
  return FALSE;
}

/* A move (spaces removed) in short algebraic as composers write it:
 * "Sf6-h7#" → "Sh7#", "e4*d3ep." → "ed3", "Bf3*g4+" → "Bg4"; effects in
 * brackets, captures and checks left out, which composers' texts often
 * omit. */
char *
fe_check_short_move (const char *move)
{
  GString *plain = g_string_new (NULL);
  int depth = 0;
  for (const char *c = move; *c; c++)
    {
      if (*c == '[' || *c == '{' || *c == '(')
        depth++;
      else if (*c == ']' || *c == '}' || *c == ')')
        depth = MAX (depth - 1, 0);
      else if (!depth)
        g_string_append_c (plain, *c);
    }
  char *p;
  while ((p = strstr (plain->str, "e.p.")) || (p = strstr (plain->str, "ep.")))
    g_string_erase (plain, p - plain->str, p[1] == '.' ? 4 : 3);
  GString *s = g_string_new (NULL);
  for (const char *c = plain->str; *c; c++)
    {
      if (c[1] && c[2] && c[3] && c[4] && is_square (c) && (c[2] == '-' || c[2] == '*')
          && is_square (c + 3))
        {
          gboolean piece = FALSE;
          for (gsize i = 0; i < s->len; i++)
            piece |= g_ascii_isupper (s->str[i]);
          if (c[2] == '*' && !piece)
            g_string_append_c (s, c[0]); /* a pawn's capture keeps its file */
          c += 2;
          continue;
        }
      if (*c != 'x' && *c != ':' && *c != '*' && *c != '+')
        g_string_append_c (s, *c);
    }
  g_string_free (plain, TRUE);
  return g_string_free (s, FALSE);
}

static void
add_move (CheckLine *l, GString *moves, GString *shorts, const char *move)
{
  char *s = fe_check_short_move (move);
  if (!l->first)
    {
      l->first = g_strdup (move);
      l->first_short = g_strdup (s);
    }
  l->long_form &= has_from_square (move);
  g_string_append (moves, move);
  g_string_append (shorts, s);
  g_free (s);
}

/* Reads one move line; NULL when it is none. */
static CheckLine *
read_line (const char *text)
{
  int number;
  gboolean dots;
  int k = move_number (text, &number, &dots);
  if (!k || number < 1)
    return NULL;
  CheckLine *l = g_new0 (CheckLine, 1);
  l->level = 2 * (number - 1) + (dots ? 1 : 0);
  l->children = g_ptr_array_new_with_free_func (line_free);
  GString *moves = g_string_new (NULL), *move = g_string_new (NULL);
  GString *shorts = g_string_new (NULL);
  l->long_form = TRUE;
  char **words = g_strsplit_set (text, " \t", -1);
  for (char **w = words; *w; w++)
    {
      const char *word = *w;
      if (!*word)
        continue;
      if (strchr (word, '?') && !strchr (word, '!'))
        l->is_try = TRUE;
      if (is_comment_word (word))
        continue;
      int n;
      gboolean d;
      int skip = move_number (word, &n, &d);
      gboolean starts_move = skip > 0 || move->len == 0 || names_square (word);
      if (starts_move && move->len)
        {
          add_move (l, moves, shorts, move->str);
          g_string_truncate (move, 0);
        }
      fe_check_append_move (move, word + skip);
    }
  if (move->len)
    add_move (l, moves, shorts, move->str);
  g_strfreev (words);
  g_string_free (move, TRUE);
  l->moves = g_string_free (moves, FALSE);
  l->moves_short = g_string_free (shorts, FALSE);
  if (!l->first)
    {
      l->first = g_strdup ("");
      l->first_short = g_strdup ("");
    }
  return l;
}

/* Twin labels: a) … z), z1) … */
static gboolean
is_twin_label (const char *s)
{
  if (*s == '+')
    s++;
  if (!g_ascii_islower (*s))
    return FALSE;
  s++;
  while (g_ascii_isdigit (*s))
    s++;
  return *s == ')';
}

/* The text's twins, each with its lines nested by move number as
 * Popeye's layout nests them; NULL when it holds no move line. */
GPtrArray *
fe_check_read_solution_text (const char *text)
{
  if (!text)
    return NULL;
  GPtrArray *twins = g_ptr_array_new_with_free_func (twin_text_free);
  CheckTwinText *twin = NULL;
  GPtrArray *stack = g_ptr_array_new (); /* the last line at each depth */
  gboolean any = FALSE, after_but = FALSE;
  char **rows = g_strsplit (text, "\n", -1);
  for (char **r = rows; *r; r++)
    {
      char *row = g_strstrip (*r);
      if (is_twin_label (row) || !twin)
        {
          twin = g_new0 (CheckTwinText, 1);
          twin->lines = g_ptr_array_new_with_free_func (line_free);
          twin->label = g_strdup (is_twin_label (row) ? row : "");
          g_ptr_array_add (twins, twin);
          g_ptr_array_set_size (stack, 0);
          if (is_twin_label (row))
            continue;
        }
      if (strcmp (row, "but") == 0)
        {
          after_but = TRUE;
          continue;
        }
      CheckLine *l = read_line (row);
      if (!l)
        continue;
      any = TRUE;
      if (after_but)
        l->is_try = TRUE; /* a refutation: not the composer's play */
      after_but = FALSE;
      while (stack->len && ((CheckLine *) g_ptr_array_index (stack, stack->len - 1))->level >= l->level)
        g_ptr_array_set_size (stack, stack->len - 1);
      GPtrArray *into = stack->len ? ((CheckLine *) g_ptr_array_index (stack, stack->len - 1))->children
                                   : twin->lines;
      g_ptr_array_add (into, l);
      g_ptr_array_add (stack, l);
    }
  g_strfreev (rows);
  g_ptr_array_unref (stack);
  if (!any)
    g_clear_pointer (&twins, g_ptr_array_unref);
  /* A label alone before the first move line (no twins) leaves an empty
   * first "twin": drop it. */
  if (twins && twins->len > 1 && !((CheckTwinText *) twins->pdata[0])->lines->len
      && !*((CheckTwinText *) twins->pdata[0])->label)
    g_ptr_array_remove_index (twins, 0);
  return twins;
}

