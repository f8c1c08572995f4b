/* xml-write.c — Féerie's problem files written from FeProblem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writer emits one canonical form (fixed element order, two-space
 * indentation, every parameter attribute spelled out), so reading a file the
 * writer produced and writing it again gives the same bytes.
 */
#include <string.h>

#include "xml-private.h"
#include "fe-atomic-save.h"
#include "core/model/walk.h"

/* ---- writer ----------------------------------------------------------------- */

/* Escapes for element content or (attr) attribute values.  Characters XML 1.0
 * cannot carry at all become U+FFFD, so the output always parses; CR, and
 * tabs and newlines in attributes, are written as references because a
 * parser would otherwise normalise them. */
static void
append_escaped (GString *s, const char *text, gboolean attr)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  for (const char *c = valid; *c; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);
      switch (u)
        {
        case '&': g_string_append (s, "&amp;"); continue;
        case '<': g_string_append (s, "&lt;"); continue;
        case '>': g_string_append (s, "&gt;"); continue;
        case '\r': g_string_append (s, "&#13;"); continue;
        case '"':
          g_string_append (s, attr ? "&quot;" : "\"");
          continue;
        case '\t':
        case '\n':
          if (attr)
            g_string_append_printf (s, "&#%u;", u);
          else
            g_string_append_c (s, (char) u);
          continue;
        default:
          break;
        }
      if (u < 0x20 || u == 0xFFFE || u == 0xFFFF)
        g_string_append (s, "\xef\xbf\xbd");
      else
        g_string_append_len (s, c, g_utf8_next_char (c) - c);
    }
}

static void
indent (GString *s, int level)
{
  for (int i = 0; i < level; i++)
    g_string_append (s, "  ");
}

static void
text_element (GString *s, int level, const char *name, const char *text)
{
  if (!text)
    return;
  indent (s, level);
  g_string_append_printf (s, "<%s>", name);
  append_escaped (s, text, FALSE);
  g_string_append_printf (s, "</%s>\n", name);
}

/* "<name>" and "</name>" on lines of their own. */
static void
open_tag (GString *s, int level, const char *name)
{
  indent (s, level);
  g_string_append_printf (s, "<%s>\n", name);
}

static void
close_tag (GString *s, int level, const char *name)
{
  indent (s, level);
  g_string_append_printf (s, "</%s>\n", name);
}

/* <list><item>text</item>…</list>, nothing when there are no texts. */
static void
text_list (GString *s, int level, const char *list, const char *item, const GPtrArray *texts)
{
  if (!texts->len)
    return;
  open_tag (s, level, list);
  for (guint i = 0; i < texts->len; i++)
    text_element (s, level + 1, item, texts->pdata[i]);
  close_tag (s, level, list);
}

static void
attribute (GString *s, const char *name, const char *value)
{
  g_string_append_printf (s, " %s=\"", name);
  append_escaped (s, value, TRUE);
  g_string_append_c (s, '"');
}

static const char *
colour_name (int colour)
{
  return colour == FE_WHITE ? "white" : colour == FE_BLACK ? "black" : "neutral";
}

/* Off-board squares cannot come from the readers; write a valid name anyway
 * so the output always validates. */
static void
square_attribute (GString *s, const char *name, FeSquare sq)
{
  char n[3] = "a1";
  if (FE_ON_BOARD (sq))
    fe_square_name (sq, n);
  attribute (s, name, n);
}

static const char *
walk_code (int walk)
{
  return walk > FE_WALK_NONE && walk < FE_WALK_COUNT ? fe_walk_def (walk)->code : "?";
}

static void
piece_attributes (GString *s, FeSquare sq, FePiece p)
{
  square_attribute (s, "square", sq);
  attribute (s, "walk", walk_code (p.walk));
  attribute (s, "colour", colour_name (p.colour));
  for (int i = 0; i < fe_attribute_count (); i++)
    if (p.attrs & fe_attribute_nth (i)->bit)
      attribute (s, fe_attribute_nth (i)->name, "true");
}

/* Whether condition `id` has an element: it is on (for diagram-free
 * writing, the in-force test without a diagram). */
static gboolean
condition_written (const FeConditionParams *c, int id)
{
  return fe_condition_in_force (id, c, NULL);
}

/* The conditions' elements, in registry order; `imitator`: imitators stand
 * in the diagram, which puts the Imitator on. */
static void
write_conditions (GString *s, int level, const FeConditionParams *c, gboolean imitator)
{
  FeConditionParams cp = *c;
  if (imitator)
    cp.FE_P_IMITATOR = true;
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!cls->xml_element || !condition_written (&cp, id))
        continue;
      indent (s, level);
      g_string_append_printf (s, "<%s", cls->xml_element);
      for (int k = 0; k < cls->n_params; k++)
        {
          const FeConditionParamDesc *d = &cls->params[k];
          if (!d->xml_attribute)
            continue;
          int v = cp.v[id][k];
          if (v >= d->n_values || (k == 0 && v == 0))
            v = k == 0 ? MAX (d->xml_default, 1) : 0;
          g_string_append_printf (s, " %s=\"%s\"", d->xml_attribute, d->xml_values[v]);
        }
      g_string_append (s, "/>\n");
    }
}

static gboolean
conditions_empty (const FeConditionParams *c)
{
  for (int id = 0; id < fe_condition_count (); id++)
    if (condition_written (c, id))
      return FALSE;
  return TRUE;
}

static void
square_list (GString *s, const char *name, int n, const FeSquare *squares)
{
  GString *v = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    {
      char sq[3] = "a1";
      if (FE_ON_BOARD (squares[i]))
        fe_square_name (squares[i], sq);
      g_string_append_printf (v, "%s%s", i ? " " : "", sq);
    }
  attribute (s, name, v->str);
  g_string_free (v, TRUE);
}

/* <name squares="…"/>, nothing when there are no squares. */
static void
squares_element (GString *s, int level, const char *name, int n, const FeSquare *squares)
{
  if (!n)
    return;
  indent (s, level);
  g_string_append_printf (s, "<%s", name);
  square_list (s, "squares", n, squares);
  g_string_append (s, "/>\n");
}

static void
write_options (GString *s, int level, const FeProblem *p)
{
  const FeOptions *o = &p->options;
  GString *body = g_string_new (NULL);
  for (guint i = 0; i < fe_xml_n_options; i++)
    {
      const char *field = (const char *) o + fe_xml_options[i].offset;
      if (fe_xml_options[i].kind == OPT_FLAG && *(const gboolean *) field)
        {
          indent (body, level + 1);
          g_string_append_printf (body, "<%s/>\n", fe_xml_options[i].name);
        }
      else if (fe_xml_options[i].kind == OPT_COUNT && *(const int *) field > 0)
        {
          indent (body, level + 1);
          g_string_append_printf (body, "<%s>%d</%s>\n", fe_xml_options[i].name,
                                  *(const int *) field, fe_xml_options[i].name);
        }
    }
  if (o->non_trivial)
    {
      indent (body, level + 1);
      g_string_append_printf (body, "<non-trivial defences=\"%d\" length=\"%d\"/>\n", o->non_trivial_max,
                              o->non_trivial_length);
    }
  squares_element (body, level + 1, "en-passant",
                   CLAMP (o->n_ep_squares, 0, (int) G_N_ELEMENTS (o->ep_squares)), o->ep_squares);
  squares_element (body, level + 1, "no-castling",
                   CLAMP (o->n_no_castling, 0, (int) G_N_ELEMENTS (o->no_castling)),
                   o->no_castling);
  for (int i = 0;
       i < CLAMP (o->n_castling_exclusive, 0, (int) G_N_ELEMENTS (o->castling_exclusive)); i++)
    {
      indent (body, level + 1);
      g_string_append (body, "<castling-exclusive");
      square_attribute (body, "first", o->castling_exclusive[i][0]);
      square_attribute (body, "second", o->castling_exclusive[i][1]);
      g_string_append (body, "/>\n");
    }
  if (p->zero_position)
    {
      indent (body, level + 1);
      g_string_append (body, "<zero-position/>\n");
    }
  if (body->len)
    {
      open_tag (s, level, "options");
      g_string_append_len (s, body->str, body->len);
      close_tag (s, level, "options");
    }
  g_string_free (body, TRUE);
}

static void
write_stipulation (GString *s, int level, const FeStipulation *stip)
{
  char *t = fe_stipulation_to_string (stip);
  text_element (s, level, "stipulation", t);
  g_free (t);
}

static void
write_twin_command (GString *s, int level, const FeTwinCommand *c)
{
  const char *element = fe_twin_kinds[c->kind].xml;
  indent (s, level);
  switch (c->kind)
    {
    case FE_TWIN_MOVE:
    case FE_TWIN_SHIFT:
    case FE_TWIN_EXCHANGE:
      {
        gboolean ex = c->kind == FE_TWIN_EXCHANGE;
        g_string_append_printf (s, "<%s", element);
        square_attribute (s, ex ? "first" : "from", c->a);
        square_attribute (s, ex ? "second" : "to", c->b);
        g_string_append (s, "/>\n");
      }
      break;
    case FE_TWIN_REMOVE:
      g_string_append_printf (s, "<%s", element);
      square_attribute (s, "square", c->a);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_ADD:
      g_string_append_printf (s, "<%s", element);
      piece_attributes (s, c->a, c->piece);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_SUBSTITUTE:
      g_string_append_printf (s, "<%s", element);
      attribute (s, "from", walk_code (c->walk_from));
      attribute (s, "to", walk_code (c->walk_to));
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_ROTATE:
      g_string_append_printf (s, "<%s degrees=\"%d\"/>\n", element,
                              c->rotation == 180 ? 180 : c->rotation == 270 ? 270 : 90);
      break;
    case FE_TWIN_MIRROR:
      g_string_append_printf (s, "<%s axis=\"%s\"/>\n", element,
                              fe_mirror_axes[c->mirror % FE_N_MIRRORS].xml);
      break;
    case FE_TWIN_POLISH:
      g_string_append_printf (s, "<%s/>\n", element);
      break;
    case FE_TWIN_STIPULATION:
      {
        char *t = fe_stipulation_to_string (&c->stipulation);
        g_string_append_printf (s, "<%s>", element);
        append_escaped (s, t, FALSE);
        g_string_append_printf (s, "</%s>\n", element);
        g_free (t);
      }
      break;
    case FE_TWIN_CONDITION:
      {
        int n = CLAMP (c->n_imitators, 0, FE_MAX_IMITATORS);
        if (conditions_empty (&c->conditions) && n == 0)
          {
            g_string_append_printf (s, "<%s/>\n", element);
            break;
          }
        g_string_append_printf (s, "<%s>\n", element);
        write_conditions (s, level + 1, &c->conditions, n > 0);
        for (int i = 0; i < n; i++)
          {
            indent (s, level + 1);
            g_string_append (s, "<imitator");
            square_attribute (s, "square", c->imitators[i]);
            g_string_append (s, "/>\n");
          }
        close_tag (s, level, element);
      }
      break;
    }
}

/* A position in reading order: rank 8 to 1, file a to h; `role` is
 * written in its tag (" role=\"target\"" or ""). */
static void
write_position (GString *s, int in, const FePosition *pos, const char *role)
{
  int n_imitators = CLAMP (pos->n_imitators, 0, FE_MAX_IMITATORS);
  GString *body = g_string_new (NULL);
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      {
        FeSquare sq = FE_SQ (file, rank);
        FePiece piece = pos->board[sq];
        if (!piece.walk)
          continue;
        indent (body, in + 1);
        g_string_append (body, "<piece");
        piece_attributes (body, sq, piece);
        g_string_append (body, "/>\n");
      }
  for (int i = 0; i < n_imitators; i++)
    {
      indent (body, in + 1);
      g_string_append (body, "<imitator");
      square_attribute (body, "square", pos->imitators[i]);
      if (pos->imitator_colour[i] != FE_NEUTRAL)
        attribute (body, "colour", colour_name (pos->imitator_colour[i]));
      g_string_append (body, "/>\n");
    }
  indent (s, in);
  if (body->len)
    {
      g_string_append_printf (s, "<position%s>\n", role);
      g_string_append_len (s, body->str, body->len);
      close_tag (s, in, "position");
    }
  else
    g_string_append_printf (s, "<position%s/>\n", role);
  g_string_free (body, TRUE);
}

static void
write_problem (GString *s, int level, const FeProblem *p, gboolean root)
{
  indent (s, level);
  if (root)
    g_string_append_printf (s, "<problem xmlns=\"%s\" version=\"%d\">\n", FE_XML_NAMESPACE,
                            FE_XML_VERSION);
  else
    g_string_append (s, "<problem>\n");
  int in = level + 1;

  if (p->authors->len)
    {
      open_tag (s, in, "authors");
      for (guint i = 0; i < p->authors->len; i++)
        {
          const FeAuthor *a = p->authors->pdata[i];
          indent (s, in + 1);
          if (!a->family && !a->given)
            {
              g_string_append (s, "<author/>\n");
              continue;
            }
          g_string_append (s, "<author>\n");
          text_element (s, in + 2, "family", a->family);
          text_element (s, in + 2, "given", a->given);
          close_tag (s, in + 1, "author");
        }
      close_tag (s, in, "authors");
    }
  if (p->source_name || p->source_volume || p->source_issue || p->source_number || p->source_date)
    {
      open_tag (s, in, "source");
      text_element (s, in + 1, "name", p->source_name);
      text_element (s, in + 1, "volume", p->source_volume);
      text_element (s, in + 1, "issue", p->source_issue);
      text_element (s, in + 1, "number", p->source_number);
      text_element (s, in + 1, "date", p->source_date);
      close_tag (s, in, "source");
    }
  if (p->award_tourney || p->award_distinction || p->award_judges)
    {
      open_tag (s, in, "award");
      text_element (s, in + 1, "tourney", p->award_tourney);
      text_element (s, in + 1, "distinction", p->award_distinction);
      text_element (s, in + 1, "judges", p->award_judges);
      close_tag (s, in, "award");
    }
  text_element (s, in, "title", p->title);
  if (p->unsupported_stipulation)
    text_element (s, in, "stipulation", p->unsupported_stipulation);
  else
    write_stipulation (s, in, &p->stipulation);
  if (p->structured)
    {
      g_autofree char *tree = fe_snode_to_string (p->structured->root);
      indent (s, in);
      g_string_append_printf (s, "<structured-stipulation side=\"%s\">",
                              p->structured->side == FE_WHITE ? "white" : "black");
      append_escaped (s, tree, FALSE);
      g_string_append (s, "</structured-stipulation>\n");
    }

  int n_imitators = CLAMP (p->diagram.n_imitators, 0, FE_MAX_IMITATORS);
  if (!conditions_empty (&p->conditions) || n_imitators || p->unsupported->len)
    {
      open_tag (s, in, "conditions");
      write_conditions (s, in + 1, &p->conditions, n_imitators > 0);
      for (guint i = 0; i < p->unsupported->len; i++)
        {
          indent (s, in + 1);
          g_string_append (s, "<unsupported");
          attribute (s, "name", p->unsupported->pdata[i]);
          g_string_append (s, "/>\n");
        }
      close_tag (s, in, "conditions");
    }
  write_options (s, in, p);

  write_position (s, in, &p->diagram, "");
  /* a=>b: the target position B (docs/rules/stipulations.md §5). */
  if (fe_problem_has_target (p))
    write_position (s, in, &p->target, " role=\"target\"");

  if (p->twins->len)
    {
      open_tag (s, in, "twins");
      for (guint i = 0; i < p->twins->len; i++)
        {
          const FeTwin *t = p->twins->pdata[i];
          indent (s, in + 1);
          g_string_append_printf (s, "<twin%s>\n", t->continued ? " continued=\"true\"" : "");
          for (guint k = 0; k < t->commands->len; k++)
            write_twin_command (s, in + 2, &g_array_index (t->commands, FeTwinCommand, k));
          close_tag (s, in + 1, "twin");
        }
      close_tag (s, in, "twins");
    }
  text_element (s, in, "solution", p->solution_text);
  text_element (s, in, "intended-solutions", p->intended_solutions);
  text_list (s, in, "keywords", "keyword", p->keywords);
  text_element (s, in, "comments", p->comments);
  text_list (s, in, "remarks", "remark", p->remarks);
  close_tag (s, level, "problem");
}

char *
fe_xml_to_string (GPtrArray *problems)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  guint n = problems ? problems->len : 0;
  if (n == 1)
    write_problem (s, 0, problems->pdata[0], TRUE);
  else
    {
      g_string_append_printf (s, "<collection xmlns=\"%s\" version=\"%d\"", FE_XML_NAMESPACE,
                              FE_XML_VERSION);
      if (n == 0)
        g_string_append (s, "/>\n");
      else
        {
          g_string_append (s, ">\n");
          for (guint i = 0; i < n; i++)
            write_problem (s, 1, problems->pdata[i], FALSE);
          g_string_append (s, "</collection>\n");
        }
    }
  return g_string_free (s, FALSE);
}

static gboolean
xml_recognise (const char *text, gsize length)
{
  const char *c = text, *end = text + length;
  if (length >= 3 && memcmp (c, "\xef\xbb\xbf", 3) == 0)
    c += 3; /* a byte-order mark */
  while (c < end && g_ascii_isspace (*c))
    c++;
  return c < end && *c == '<';
}

/* Féerie XML keeps everything. */
static char *
xml_write (GPtrArray *problems, GPtrArray *losses)
{
  return fe_xml_to_string (problems);
}

static const char *const xml_extensions[] = { ".xml", NULL };

const FeFileFormat fe_xml_format = {
  .id = "xml",
  .name = FE_N_("Féerie XML"),
  .extensions = xml_extensions,
  .flags = FE_FORMAT_WHOLE_PROBLEM | FE_FORMAT_NATIVE,
  .recognise = xml_recognise,
  .read = fe_xml_parse,
  .write = xml_write,
};
