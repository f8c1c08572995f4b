/* solution-lines.c — the lines of a printed solution that appear twice
 * (see solution-lines.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "solution-lines.h"

#include <string.h>

/* A kept line's level, as solution_lines.py's level(), doubled so that
 * "but" fits between a try and its refutation; G_MININT: not kept. */
static int
kept_level (const char *s)
{
  if (strcmp (s, "but") == 0)
    return 1;
  const char *p = s;
  if (g_ascii_isdigit (*p))
    {
      int n = 0;
      while (g_ascii_isdigit (*p))
        n = n * 10 + (*p++ - '0');
      if (*p == '.')
        return 2 * (2 * (n - 1) + (g_str_has_prefix (p, "...") ? 1 : 0));
      return G_MININT;
    }
  /* twin headers "a)", "+b)", and past z "z1)", "z2)" … */
  if (*p == '+')
    p++;
  if (!g_ascii_islower (*p++))
    return G_MININT;
  while (g_ascii_isdigit (*p))
    p++;
  return *p == ')' ? -2 : G_MININT;
}

typedef struct {
  int level;
  char *path;          /* the lines from the root to this one */
  GHashTable *children; /* the texts of its children */
} Node;

/* The lines of `text` (memchr with the length: under AddressSanitizer
 * g_strsplit's strstr measures the whole rest of the text at every line,
 * which made a long solution quadratic). */
static GPtrArray *
split_lines (const char *text)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *p = text, *end = text + strlen (text);
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *stop = nl ? nl : end;
      g_ptr_array_add (lines, g_strndup (p, stop - p));
      p = stop + 1;
    }
  return lines;
}

/* The line with runs of blanks folded to one space, trimmed. */
static GString *
folded (const char *line)
{
  GString *s = g_string_new (NULL);
  for (const char *c = line; *c; c++)
    {
      if (*c == ' ' || *c == '\t' || *c == '\r')
        continue;
      if (s->len && (c[-1] == ' ' || c[-1] == '\t' || c[-1] == '\r'))
        g_string_append_c (s, ' ');
      g_string_append_c (s, *c);
    }
  return s;
}

char *
fe_test_repeated_line (const char *text)
{
  GPtrArray *lines = split_lines (text);
  guint start = 0;
  for (guint i = 0; i < lines->len; i++)
    {
      const char *s = lines->pdata[i];
      while (*s == ' ')
        s++;
      if (g_str_has_prefix (s, "+---a---b"))
        start = i + 1;
    }
  if (start)
    while (start < lines->len && *g_strstrip ((char *) lines->pdata[start]))
      start++;
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Node));
  Node root = { G_MININT, g_strdup (""), g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
  g_array_append_val (stack, root);
  char *found = NULL;
  for (guint i = start; i < lines->len && !found; i++)
    {
      GString *s = folded (lines->pdata[i]);
      int level = kept_level (s->str);
      if (level != G_MININT)
        {
          while (stack->len > 1 && g_array_index (stack, Node, stack->len - 1).level >= level)
            {
              Node *top = &g_array_index (stack, Node, stack->len - 1);
              g_free (top->path);
              g_hash_table_unref (top->children);
              g_array_set_size (stack, stack->len - 1);
            }
          Node *parent = &g_array_index (stack, Node, stack->len - 1);
          char *path = *parent->path ? g_strdup_printf ("%s / %s", parent->path, s->str) : g_strdup (s->str);
          if (!g_hash_table_add (parent->children, g_strdup (s->str)))
            found = g_strdup (path);
          Node n = { level, path, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
          g_array_append_val (stack, n);
        }
      g_string_free (s, TRUE);
    }
  for (guint i = 0; i < stack->len; i++)
    {
      g_free (g_array_index (stack, Node, i).path);
      g_hash_table_unref (g_array_index (stack, Node, i).children);
    }
  g_array_free (stack, TRUE);
  g_ptr_array_unref (lines);
  return found;
}
