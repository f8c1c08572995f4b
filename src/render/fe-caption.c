/* fe-caption.c — the caption of a diagram, as printed columns set it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "fe-caption.h"
#include "core/model/walk.h"

/* Caption words follow the user's language where the program has bound
 * the "feerie" catalogue (the GUI); elsewhere they stay English. */
#define _(text) g_dgettext ("feerie", text)

static gboolean
has_text (const char *s)
{
  return s && strspn (s, " \t\r\n") < strlen (s);
}

/* Multi-line metadata (two "origin" lines) reads as one line. */
static char *
one_line (const char *s)
{
  char *r = g_strdup (s);
  for (char *c = r; *c; c++)
    if (*c == '\n' || *c == '\r' || *c == '\t')
      *c = ' ';
  return g_strstrip (r);
}

static void
add_part (GString *s, const char *sep, const char *part)
{
  if (!has_text (part))
    return;
  g_autofree char *t = one_line (part);
  if (s->len)
    g_string_append (s, sep);
  g_string_append (s, t);
}

static char *
string_or_null (GString *s)
{
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

static const char *
translate (const char *msgid)
{
  return _(msgid);
}

/* Each condition's own words (registry order), then those Féerie keeps
 * without solving them.  Attribute squares are named: a black-and-white
 * print cannot tell the frames apart by colour. */
static void
add_conditions (FeCaption *c, const FeProblem *problem)
{
  const FeDescribeStyle caption = { true, translate };
  for (int id = 0; id < fe_condition_count (); id++)
    fe_condition_describe (id, &problem->conditions, &problem->diagram, &caption, c->conditions);
  for (guint i = 0; i < problem->unsupported->len; i++)
    g_ptr_array_add (c->conditions, one_line (problem->unsupported->pdata[i]));
}

/* "(4+1)", "(2+2+1)" with neutral pieces; `n` receives the numbers. */
static char *
piece_count (const FePosition *pos, int n[3])
{
  n[0] = n[1] = n[2] = 0;
  for (int i = 0; i < 64; i++)
    {
      FePiece p = pos->board[FE_SQ88 (i)];
      if (p.walk != FE_WALK_NONE && p.colour <= FE_NEUTRAL)
        n[p.colour]++;
    }
  return n[2] ? g_strdup_printf ("(%d+%d+%d)", n[0], n[1], n[2])
              : g_strdup_printf ("(%d+%d)", n[0], n[1]);
}

FeCaption *
fe_caption_new (const FeProblem *problem)
{
  FeCaption *c = g_new0 (FeCaption, 1);
  c->authors = g_ptr_array_new_with_free_func (g_free);
  c->conditions = g_ptr_array_new_with_free_func (g_free);
  c->twins = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < problem->authors->len; i++)
    {
      const FeAuthor *a = problem->authors->pdata[i];
      GString *s = g_string_new (NULL);
      add_part (s, " ", a->given);
      add_part (s, " ", a->family);
      if (s->len)
        g_ptr_array_add (c->authors, g_string_free (s, FALSE));
      else
        g_string_free (s, TRUE);
    }

  /* "5773. feenschach 95, 6/1990": number, name, volume and issue, date. */
  GString *src = g_string_new (NULL);
  if (has_text (problem->source_number))
    {
      g_autofree char *n = one_line (problem->source_number);
      g_string_append_printf (src, "%s%s", n, g_str_has_suffix (n, ".") ? "" : ".");
    }
  add_part (src, " ", problem->source_name);
  add_part (src, " ", problem->source_volume);
  add_part (src, src->len && has_text (problem->source_volume) ? "/" : " ", problem->source_issue);
  add_part (src, ", ", problem->source_date);
  c->source = string_or_null (src);

  GString *award = g_string_new (NULL);
  add_part (award, " ", problem->award_distinction);
  add_part (award, ", ", problem->award_tourney);
  c->award = string_or_null (award);

  if (problem->structured)
    {
      /* As Popeye's header writes it: "White 3a[#]d". */
      g_autofree char *tree = fe_snode_to_string (problem->structured->root);
      c->stipulation = g_strdup_printf ("%s %s", problem->structured->side == FE_WHITE ? "White" : "Black",
                                        tree);
    }
  else if (problem->unsupported_stipulation)
    c->stipulation = one_line (problem->unsupported_stipulation);
  else
    c->stipulation = fe_stipulation_to_string (&problem->stipulation);
  if (problem->options.duplex || problem->options.half_duplex)
    {
      char *s = g_strdup_printf ("%s %s", c->stipulation,
                                 problem->options.duplex ? _("Duplex") : _("Half-duplex"));
      g_free (c->stipulation);
      c->stipulation = s;
    }

  c->count = piece_count (&problem->diagram, c->n);
  if (fe_problem_has_target (problem))
    {
      int n[3];
      c->target_count = piece_count (&problem->target, n);
    }

  add_conditions (c, problem);

  for (guint i = 1; i <= problem->twins->len; i++)
    {
      g_autofree char *d = fe_twin_describe (problem, (int) i);
      /* Popeye's letters, as the solver prints them: b) for the first twin. */
      g_autofree char *label = fe_twin_label ((int) i);
      char *line = g_strdup_printf ("%s) %s", label, d ? d : "");
      g_ptr_array_add (c->twins, line);
    }
  return c;
}

void
fe_caption_free (FeCaption *c)
{
  if (!c)
    return;
  g_ptr_array_unref (c->authors);
  g_free (c->source);
  g_free (c->award);
  g_free (c->stipulation);
  g_free (c->count);
  g_free (c->target_count);
  g_ptr_array_unref (c->conditions);
  g_ptr_array_unref (c->twins);
  g_free (c);
}

char *
fe_caption_heading (const FeCaption *c)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < c->authors->len; i++)
    add_part (s, "\n", c->authors->pdata[i]);
  add_part (s, "\n", c->source);
  add_part (s, "\n", c->award);
  return g_string_free (s, FALSE);
}

char *
fe_caption_conditions (const FeCaption *c)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < c->conditions->len; i++)
    add_part (s, "; ", c->conditions->pdata[i]);
  return g_string_free (s, FALSE);
}
