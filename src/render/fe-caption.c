/* fe-caption.c — the caption of a diagram, as printed columns set it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "fe-caption.h"
#include "core/walk.h"

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

/* Squares of the pieces carrying an attribute, "e2, c3"; NULL if none. */
static char *
attr_squares (const FePosition *pos, uint8_t attr)
{
  GString *s = g_string_new (NULL);
  for (int r = 7; r >= 0; r--)
    for (int f = 0; f < 8; f++)
      {
        FePiece p = pos->board[FE_SQ (f, r)];
        if (p.walk != FE_WALK_NONE && (p.attrs & attr))
          {
            char name[3];
            fe_square_name (FE_SQ (f, r), name);
            g_string_append_printf (s, "%s%s", s->len ? ", " : "", name);
          }
      }
  return string_or_null (s);
}

static void
add_conditions (FeCaption *c, const FeProblem *problem)
{
  const FeConditionParams *cp = &problem->conditions;
  const FePosition *pos = &problem->diagram;
  GPtrArray *parts = c->conditions;
  if (cp->FE_P_MADRASI)
    g_ptr_array_add (parts, g_strdup (cp->FE_P_MADRASI_REX_INCLUSIVE ? _("Madrasi RI") : _("Madrasi")));
  if (cp->FE_P_IMITATOR || pos->n_imitators > 0)
    {
      GString *s = g_string_new (_("Imitator"));
      for (int i = 0; i < pos->n_imitators; i++)
        {
          char name[3];
          fe_square_name (pos->imitators[i], name);
          g_string_append_printf (s, "%s%s", i ? "," : " ", name);
        }
      if (cp->FE_P_IMITATOR_NO_PROMOTION)
        g_string_append (s, _(", no promotion to I"));
      if (cp->FE_P_IMITATOR_NO_HURDLES)
        g_string_append (s, _(", no hurdles"));
      g_ptr_array_add (parts, g_string_free (s, FALSE));
    }
  /* Magic and magician squares are named: a black-and-white print cannot
   * tell the two frames apart by colour. */
  g_autofree char *magic = attr_squares (pos, FE_ATTR_MAGIC);
  g_autofree char *magician = attr_squares (pos, FE_ATTR_MAGICIAN);
  if (magic || cp->FE_P_MAGIC)
    g_ptr_array_add (parts, magic ? g_strdup_printf ("%s %s", _("Magic pieces"), magic)
                                  : g_strdup (_("Magic pieces")));
  if (magician || cp->FE_P_MAGICIAN)
    g_ptr_array_add (parts, magician ? g_strdup_printf ("%s %s", _("Magician pieces"), magician)
                                     : g_strdup (_("Magician pieces")));
  const char *einstein[] = { NULL, _("Einstein chess"), _("Reverse Einstein"), _("Anti-Einstein") };
  if (cp->FE_P_EINSTEIN > 0 && cp->FE_P_EINSTEIN <= FE_EINSTEIN_ANTI)
    g_ptr_array_add (parts, g_strdup (einstein[cp->FE_P_EINSTEIN]));
  /* Conditions added through the registry: their label. */
  for (int id = FE_COND_BUILTIN_COUNT; id < fe_condition_count (); id++)
    if (fe_params_on (cp, id))
      g_ptr_array_add (parts, g_strdup (fe_condition_nth (id)->label));
  for (guint i = 0; i < problem->unsupported->len; i++)
    g_ptr_array_add (parts, one_line (problem->unsupported->pdata[i]));
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

  if (problem->unsupported_stipulation)
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

  for (int i = 0; i < 64; i++)
    {
      FePiece p = problem->diagram.board[FE_SQ88 (i)];
      if (p.walk != FE_WALK_NONE && p.colour <= FE_NEUTRAL)
        c->n[p.colour]++;
    }
  c->count = c->n[2] ? g_strdup_printf ("(%d+%d+%d)", c->n[0], c->n[1], c->n[2])
                     : g_strdup_printf ("(%d+%d)", c->n[0], c->n[1]);

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
