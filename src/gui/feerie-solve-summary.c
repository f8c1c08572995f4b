/* feerie-solve-summary.c — what a solve found, in one paragraph a twin:
 * keys or solutions, cooks, short solutions, tries with their
 * refutations, set play, duals.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-solve-summary.h"

static void
append_node_name (GString *s, const FeSolutionNode *n)
{
  g_string_append_printf (s, "%s%s", n->number, n->text);
}

char *
feerie_solve_summary_markup (FeSolution *solution, gboolean complete)
{
  GString *s = g_string_new (NULL);
  guint n_twins = fe_solution_n_twins (solution);
  for (guint t = 0; t < n_twins; t++)
    {
      FeSolutionNode *twin = fe_solution_twin (solution, t);
      FeSoundness sd;
      fe_solution_soundness (twin, &sd);
      if (s->len)
        g_string_append_c (s, '\n');
      if (n_twins > 1)
        {
          g_autofree char *label = g_markup_escape_text (twin->twin_label, -1);
          g_string_append_printf (s, "<b>%s</b> ", label);
        }
      GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
      gboolean battle = sd.keys || sd.tries;
      if (n_twins == 1)
        {
          /* The lines found past those kept count too. */
          sd.solutions += g_atomic_int_get (&solution->n_solutions_over);
          sd.short_solutions += g_atomic_int_get (&solution->n_short_over);
        }
      int found = battle ? sd.keys : sd.solutions;
      if (sd.violations)
        g_ptr_array_add (parts, g_strdup (_("<b>No solution: the side to move can reach the goal "
                                            "at once, which reflex play forbids</b>")));
      else if (found == 0)
        g_ptr_array_add (
          parts, g_strdup (complete ? _("<b>No solution</b>") : _("No solution found yet")));
      else if (found == 1)
        g_ptr_array_add (
          parts, g_strdup (battle ? _("<b>Unique key</b>") : _("<b>Unique solution</b>")));
      else if (battle)
        g_ptr_array_add (
          parts, g_strdup_printf (
                   ngettext ("<b>Cooked: %d key</b>", "<b>Cooked: %d keys</b>", found), found));
      else
        g_ptr_array_add (
          parts,
          g_strdup_printf (ngettext ("<b>%d solution</b>", "<b>%d solutions</b>", found), found));
      if (sd.short_solutions)
        g_ptr_array_add (
          parts,
          g_strdup_printf (ngettext ("%d short solution", "%d short solutions", sd.short_solutions),
                           sd.short_solutions));
      if (sd.tries)
        g_ptr_array_add (parts,
                         g_strdup_printf (ngettext ("%d try", "%d tries", sd.tries), sd.tries));
      if (sd.set_play)
        g_ptr_array_add (parts, g_strdup_printf (ngettext ("%d line of set play",
                                                           "%d lines of set play", sd.set_play),
                                                 sd.set_play));
      if (sd.duals->len == 0 && found)
        g_ptr_array_add (parts, g_strdup (_("no duals")));
      else if (sd.duals->len)
        {
          GString *d = g_string_new (NULL);
          for (guint i = 0; i < sd.duals->len && i < 4; i++)
            {
              if (i)
                g_string_append (d, ", ");
              append_node_name (d, sd.duals->pdata[i]);
            }
          if (sd.duals->len > 4)
            g_string_append (d, ", …");
          g_autofree char *esc = g_markup_escape_text (d->str, -1);
          g_string_free (d, TRUE);
          g_ptr_array_add (
            parts,
            g_strdup_printf (ngettext ("dual after %s", "duals after %s", sd.duals->len), esc));
        }
      for (guint i = 0; i < parts->len; i++)
        g_string_append_printf (s, "%s%s", i ? " · " : "", (char *) parts->pdata[i]);
      g_ptr_array_unref (parts);
      /* Tries with their refutations, by name: what composers check first. */
      for (guint i = 0; i < twin->children->len; i++)
        {
          const FeSolutionNode *c = twin->children->pdata[i];
          if (c->role != FE_ROLE_TRY)
            continue;
          GString *line = g_string_new (NULL);
          append_node_name (line, c);
          g_string_append (line, " ? ");
          for (guint j = 0; j < c->children->len; j++)
            {
              const FeSolutionNode *r = c->children->pdata[j];
              if (r->role != FE_ROLE_REFUTATION)
                continue;
              g_string_append_printf (line, "%s ", _("but"));
              append_node_name (line, r);
              g_string_append (line, " ! ");
            }
          g_autofree char *esc = g_markup_escape_text (line->str, -1);
          g_string_append_printf (s, "\n  %s", esc);
          g_string_free (line, TRUE);
        }
      fe_soundness_clear (&sd);
    }
  int over = fe_solution_lines_over (solution);
  if (over)
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s,
                              ngettext ("<i>%d line is counted, not shown: the first %d are.</i>",
                                        "<i>%d lines are counted, not shown: the first %d are.</i>",
                                        over),
                              over, g_atomic_int_get (&solution->n_lines));
    }
  if (!complete)
    g_string_prepend (s, _("<i>Stopped: the solution is partial.</i>\n"));
  return g_string_free (s, FALSE);
}

