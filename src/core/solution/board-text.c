/* board-text.c — the diagram block Popeye prints above a solution.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "board-text.h"
#include "core/model/walk.h"

static void
centred (GString *out, const char *text)
{
  int len = g_utf8_strlen (text, -1);
  int pad = (37 - len) / 2;
  for (int i = 0; i < pad; i++)
    g_string_append_c (out, ' ');
  g_string_append_printf (out, "%s\n", text);
}

/* The board of `pos` between its two frame lines. */
static void
write_grid (GString *out, const FePosition *pos)
{
  g_string_append (out, "+---a---b---c---d---e---f---g---h---+\n|                                   |\n");
  for (int rank = 7; rank >= 0; rank--)
    {
      g_string_append_printf (out, "%d ", rank + 1);
      for (int file = 0; file < 8; file++)
        {
          FeSquare sq = FE_SQ (file, rank);
          FePiece pc = pos->board[sq];
          char cell[5] = "   .";
          gboolean imitator = FALSE;
          for (int i = 0; i < pos->n_imitators; i++)
            imitator |= pos->imitators[i] == sq;
          if (pc.walk)
            {
              const char *code = fe_walk_print_code (pc.walk);
              char colour = pc.colour == FE_BLACK ? '-' : pc.colour == FE_NEUTRAL ? '=' : ' ';
              g_snprintf (cell, sizeof cell, "%3s", "");
              if (strlen (code) == 1)
                g_snprintf (cell, sizeof cell, "  %c%s", colour, code);
              else
                g_snprintf (cell, sizeof cell, " %c%s", colour, code);
            }
          else if (imitator)
            strcpy (cell, "   I");
          g_string_append_printf (out, "%s", cell);
          if (file < 7)
            g_string_append (out, "");
        }
      g_string_append_printf (out, "   %d\n|                                   |\n", rank + 1);
    }
  g_string_append (out, "+---a---b---c---d---e---f---g---h---+\n");
}

/* The line under a board: `label` (the stipulation, or nothing) and the
 * piece counts from column 30. */
static void
write_counts (GString *out, const char *label, const FePosition *pos)
{
  int counts[3] = { 0 };
  for (int i = 0; i < 64; i++)
    {
      FePiece pc = pos->board[FE_SQ88 (i)];
      if (pc.walk)
        counts[pc.colour]++;
    }
  GString *line = g_string_new ("  ");
  g_string_append (line, label);
  while (line->len < 30)
    g_string_append_c (line, ' ');
  g_string_append_printf (line, "%d + %d", counts[0], counts[1]);
  if (counts[2])
    g_string_append_printf (line, " + %dn", counts[2]);
  g_string_append_printf (out, "%s\n", line->str);
  g_string_free (line, TRUE);
}

void
fe_write_board (const FeProblem *p, GString *out)
{
  const FePosition *pos = &p->diagram;
  for (guint i = 0; i < p->remarks->len; i++)
    g_string_append_printf (out, "%s\n", (char *) p->remarks->pdata[i]);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < p->authors->len; i++)
    {
      const FeAuthor *a = p->authors->pdata[i];
      char *name = a->given && *a->given ? g_strdup_printf ("%s %s", a->given, a->family)
                                         : g_strdup (a->family ? a->family : "");
      centred (out, name);
      g_free (name);
    }
  if (p->source_name)
    centred (out, p->source_name);
  if (p->award_distinction)
    centred (out, p->award_distinction);
  if (p->title)
    centred (out, p->title);
  g_string_append_c (out, '\n');
  write_grid (out, pos);
  if (fe_problem_has_target (p))
    {
      /* a=>b (docs/rules/stipulations.md §5.4): A with its counts alone, the
       * side that starts, then B with the stipulation. */
      write_counts (out, "", pos);
      int first = fe_stipulation_starting_side (&p->stipulation, p->options.white_to_play);
      g_string_append_printf (out, "\n            => (%s ->)\n\n\n",
                              first == FE_WHITE ? "White" : "Black");
      pos = &p->target;
      write_grid (out, pos);
    }
  char *stip;
  if (p->structured)
    {
      /* As Popeye writes a structured stipulation: "White 3a[#]d". */
      g_autofree char *tree = fe_snode_to_string (p->structured->root);
      stip = g_strdup_printf ("%s %s", p->structured->side == FE_WHITE ? "White" : "Black", tree);
    }
  else
    stip = p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                      : fe_stipulation_to_string (&p->stipulation);
  /* Popeye writes NonTrivial's numbers after the stipulation: "s#21;0,0". */
  if (p->options.non_trivial)
    {
      char *with = g_strdup_printf ("%s;%d,%d", stip, p->options.non_trivial_max, p->options.non_trivial_length);
      g_free (stip);
      stip = with;
    }
  write_counts (out, stip, pos);
  g_free (stip);
  char *cond = fe_conditions_describe (&p->conditions, pos);
  if (*cond)
    {
      char **lines = g_strsplit (cond, "\n", -1);
      for (char **l = lines; *l; l++)
        centred (out, *l);
      g_strfreev (lines);
    }
  g_free (cond);
  if (p->options.duplex)
    centred (out, "Duplex");
  if (p->options.quodlibet)
    centred (out, "Quodlibet");
}
