/* repeated-lines pane|text FILE... — docs/rules/decisions.md D7 (one move,
 * one line) on what the window shows, through tests/solution-lines.c as
 * every solver test: a pane dump (the harness's `pane`: its rows "row
 * [selected ]TEXT", read in their order, labels such as "threat: " left
 * out) or a solution's text (Copy Solution).  Exits 1 naming the first line
 * found twice under one parent.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "solution-lines.h"

/* A row's move without the label the pane puts before some moves ("set
 * play: 1...Sg3*h1", "threat: 2.Sf7-e5 #"), where a printed solution has
 * the move alone. */
static const char *
row_move (const char *text)
{
  const char *colon = strstr (text, ": ");
  if (!colon || !g_ascii_isdigit (colon[2]))
    return text;
  for (const char *c = text; c < colon; c++)
    if (g_ascii_isdigit (*c))
      return text;
  return colon + 2;
}

/* The rows' moves, one a line. */
static char *
pane_rows (const char *dump)
{
  GString *rows = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (dump, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "row "))
      {
        const char *text = lines[i] + strlen ("row ");
        if (g_str_has_prefix (text, "selected "))
          text += strlen ("selected ");
        g_string_append_printf (rows, "%s\n", row_move (text));
      }
  return g_string_free (rows, FALSE);
}

int
main (int argc, char **argv)
{
  if (argc < 3 || (strcmp (argv[1], "pane") != 0 && strcmp (argv[1], "text") != 0))
    {
      fprintf (stderr, "usage: repeated-lines pane|text FILE...\n");
      return 2;
    }
  int status = 0;
  for (int i = 2; i < argc; i++)
    {
      g_autofree char *contents = NULL;
      g_autoptr (GError) error = NULL;
      if (!g_file_get_contents (argv[i], &contents, NULL, &error))
        {
          fprintf (stderr, "repeated-lines: %s\n", error->message);
          return 2;
        }
      g_autofree char *text = strcmp (argv[1], "pane") == 0 ? pane_rows (contents) : g_strdup (contents);
      g_autofree char *repeated = fe_test_repeated_line (text);
      if (repeated)
        {
          printf ("%s: printed twice: %s\n", argv[i], repeated);
          status = 1;
        }
    }
  return status;
}
