/* xml.c — Féerie's own problem files: libxml2 parser, RELAX NG validation
 * against the schema compiled into the library, a deterministic writer.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading is three passes over one document: well-formedness (libxml2), the
 * grammar (data/feerie-problem.rng), then the semantic checks a grammar cannot
 * express, made while the model is built.  Any error frees everything built
 * so far: a file loads completely or not at all.
 *
 * The writer emits one canonical form (fixed element order, two-space
 * indentation, every parameter attribute spelled out), so reading a file the
 * writer produced and writing it again gives the same bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "xml.h"
#include "fe-atomic-save.h"
#include "core/walk.h"

G_DEFINE_QUARK (fe-xml-error-quark, fe_xml_error)

/* The highest format version this code reads and the one it writes. */
#define FE_XML_VERSION 1

/* Generated from data/feerie-problem.rng at build time (feerie-problem-rng.c). */
extern const char fe_xml_schema_text[];

/* ---- the compiled schema ------------------------------------------------ */

static void
schema_error (void *data, xmlErrorPtr e)
{
  /* The schema is ours and compiled in: a message here is a build bug. */
  g_critical ("feerie-problem.rng:%d: %s", e->line, e->message ? e->message : "?");
}

char *
fe_xml_condition_schema (void)
{
  GString *s = g_string_new ("  <define name=\"condition-element\">\n    <choice>\n");
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!cls->xml_element)
        continue;
      gboolean any = FALSE;
      for (int k = 0; k < cls->n_params; k++)
        any |= cls->params[k].xml_attribute != NULL;
      if (!any)
        {
          g_string_append_printf (s, "      <element name=\"%s\"><empty/></element>\n",
                                  cls->xml_element);
          continue;
        }
      g_string_append_printf (s, "      <element name=\"%s\">\n", cls->xml_element);
      for (int k = 0; k < cls->n_params; k++)
        {
          const FeConditionParamDesc *d = &cls->params[k];
          if (!d->xml_attribute)
            continue;
          if (d->type == FE_PARAM_BOOL && !g_strcmp0 (d->xml_values[0], "false")
              && !g_strcmp0 (d->xml_values[1], "true"))
            {
              g_string_append_printf (s, "        <optional><attribute name=\"%s\"><ref "
                                         "name=\"boolean\"/></attribute></optional>\n",
                                      d->xml_attribute);
              continue;
            }
          g_string_append_printf (s, "        <optional>\n          <attribute name=\"%s\">\n"
                                     "            <choice>", d->xml_attribute);
          /* The switch's value 0 (off) is no element at all. */
          for (int v = k == 0 ? 1 : 0; v < d->n_values; v++)
            g_string_append_printf (s, "<value>%s</value>", d->xml_values[v]);
          g_string_append (s, "</choice>\n          </attribute>\n        </optional>\n");
        }
      g_string_append (s, "      </element>\n");
    }
  g_string_append (s, "    </choice>\n  </define>\n");
  return g_string_free (s, FALSE);
}

/* The schema text with its condition-element define made from the
 * registry, so conditions registered at run time validate. */
static char *
schema_text (void)
{
  const char *start = strstr (fe_xml_schema_text, "  <define name=\"condition-element\">");
  const char *end = start ? strstr (start, "</define>\n") : NULL;
  if (!end)
    return g_strdup (fe_xml_schema_text);
  end += strlen ("</define>\n");
  g_autofree char *fragment = fe_xml_condition_schema ();
  return g_strdup_printf ("%.*s%s%s", (int) (start - fe_xml_schema_text), fe_xml_schema_text,
                          fragment, end);
}

/* Compiled once per registry size: registering a condition recompiles it. */
static xmlRelaxNGPtr
get_schema (void)
{
  static GMutex lock;
  static xmlRelaxNGPtr schema = NULL;
  static int schema_count = -1;
  g_mutex_lock (&lock);
  if (schema_count != fe_condition_count ())
    {
      xmlInitParser ();
      g_autofree char *text = schema_text ();
      xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt (text, (int) strlen (text));
      xmlRelaxNGSetParserStructuredErrors (pc, schema_error, NULL);
      /* The previous schema is leaked, not freed: a validation running in
       * another thread may still hold it.  Registration is rare. */
      schema = xmlRelaxNGParse (pc);
      xmlRelaxNGFreeParserCtxt (pc);
      schema_count = fe_condition_count ();
    }
  xmlRelaxNGPtr r = schema;
  g_mutex_unlock (&lock);
  return r;
}

/* ---- errors -------------------------------------------------------------- */

typedef struct {
  const char *filename;
  /* The first libxml2 error, kept with its location. */
  gboolean have_error;
  xmlNodePtr node; /* the element a validity error names, if any */
  long line;
  int column;
  char *message;
} Loader;

static void
collect_error (Loader *l, xmlErrorPtr e)
{
  if (l->have_error || e->level < XML_ERR_ERROR)
    return;
  l->have_error = TRUE;
  l->line = e->line;
  l->node = e->node && ((xmlNodePtr) e->node)->type == XML_ELEMENT_NODE ? e->node : NULL;
  l->column = e->int2 > 0 ? e->int2 : 1;
  if (l->line <= 0 && e->node && ((xmlNodePtr) e->node)->type == XML_ELEMENT_NODE)
    l->line = xmlGetLineNo (e->node);
  /* libxml2 sometimes adds a second line (a byte dump): keep the first. */
  const char *m = e->message ? e->message : "error";
  l->message = g_strchomp (g_strndup (m, strcspn (m, "\n")));
}

static void
parser_error (void *data, xmlErrorPtr e)
{
  xmlParserCtxtPtr ctxt = data;
  collect_error (ctxt->_private, e);
}

static void
validity_error (void *data, xmlErrorPtr e)
{
  collect_error (data, e);
}

/* Encoding conversion errors bypass the context and go to libxml2's generic
 * handler (stderr); they are repeated as parser errors, so drop them here. */
static void
silent_error (void *data, const char *fmt, ...)
{
}

static gboolean
fail_at_line (Loader *l, GError **error, long line, int column, const char *fmt, ...) G_GNUC_PRINTF (5, 6);

static gboolean
fail_at_line (Loader *l, GError **error, long line, int column, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, FE_XML_ERROR, 0, "%s:%ld:%d: %s", l->filename, line > 0 ? line : 1,
               column > 0 ? column : 1, msg);
  g_free (msg);
  return FALSE;
}

/* Elements carry no column in libxml2's tree, so semantic errors point at
 * column 1 of the element's line. */
#define fail_at(l, error, node, ...) fail_at_line ((l), (error), xmlGetLineNo (node), 1, __VA_ARGS__)

/* ---- tree helpers ---------------------------------------------------------- */

static gboolean
is (xmlNodePtr node, const char *name)
{
  return node && node->type == XML_ELEMENT_NODE && node->ns
         && xmlStrEqual (node->ns->href, BAD_CAST FE_XML_NAMESPACE)
         && xmlStrEqual (node->name, BAD_CAST name);
}

static xmlNodePtr
first_element (xmlNodePtr parent)
{
  for (xmlNodePtr n = parent ? parent->children : NULL; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      return n;
  return NULL;
}

static xmlNodePtr
next_element (xmlNodePtr node)
{
  for (xmlNodePtr n = node->next; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      return n;
  return NULL;
}

#define FOR_CHILDREN(child, parent) \
  for (xmlNodePtr child = first_element (parent); child; child = next_element (child))

/* Attribute value (g_free it) or NULL. */
static char *
attr (xmlNodePtr node, const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, BAD_CAST name);
  if (!v)
    return NULL;
  char *r = g_strdup ((const char *) v);
  xmlFree (v);
  return r;
}

static char *
text_of (xmlNodePtr node)
{
  xmlChar *v = xmlNodeGetContent (node);
  char *r = g_strdup (v ? (const char *) v : "");
  xmlFree (v);
  return r;
}

static gboolean
attr_is (xmlNodePtr node, const char *name, const char *value)
{
  g_autofree char *v = attr (node, name);
  return v && strcmp (v, value) == 0;
}

static gboolean
get_square (Loader *l, GError **error, xmlNodePtr node, const char *name, FeSquare *out)
{
  g_autofree char *v = attr (node, name);
  FeSquare sq = v && strlen (v) == 2 ? fe_square_parse (v) : FE_NO_SQUARE;
  if (sq == FE_NO_SQUARE)
    return fail_at (l, error, node, "<%s> has a bad or missing square in \"%s\" (\"%s\")",
                    (const char *) node->name, name, v ? v : "");
  *out = sq;
  return TRUE;
}

static gboolean
get_walk (Loader *l, GError **error, xmlNodePtr node, const char *name, uint8_t *out)
{
  g_autofree char *v = attr (node, name);
  int walk = v && *v && strlen (v) <= 3 ? fe_walk_from_code (v) : FE_WALK_NONE;
  if (walk == FE_WALK_NONE)
    return fail_at (l, error, node, "unknown walk \"%s\" in <%s>", v ? v : "",
                    (const char *) node->name);
  *out = (uint8_t) walk;
  return TRUE;
}

static gboolean
get_colour (Loader *l, GError **error, xmlNodePtr node, uint8_t *out)
{
  g_autofree char *v = attr (node, "colour");
  if (g_strcmp0 (v, "white") == 0)
    *out = FE_WHITE;
  else if (g_strcmp0 (v, "black") == 0)
    *out = FE_BLACK;
  else if (g_strcmp0 (v, "neutral") == 0)
    *out = FE_NEUTRAL;
  else
    return fail_at (l, error, node, "bad colour \"%s\"", v ? v : "");
  return TRUE;
}

static gboolean
get_piece (Loader *l, GError **error, xmlNodePtr node, FeSquare *sq, FePiece *piece)
{
  *piece = FE_PIECE_EMPTY;
  if (!get_square (l, error, node, "square", sq) || !get_walk (l, error, node, "walk", &piece->walk)
      || !get_colour (l, error, node, &piece->colour))
    return FALSE;
  if (attr_is (node, "magic", "true"))
    piece->attrs |= FE_ATTR_MAGIC;
  if (attr_is (node, "magician", "true"))
    piece->attrs |= FE_ATTR_MAGICIAN;
  return TRUE;
}

static gboolean
get_count (Loader *l, GError **error, xmlNodePtr node, int *out)
{
  g_autofree char *v = text_of (node);
  guint64 n = 0;
  g_strstrip (v);
  const char *digits = v[0] == '+' ? v + 1 : v;
  if (!g_ascii_string_to_unsigned (digits, 10, 1, G_MAXINT, &n, NULL))
    return fail_at (l, error, node, "<%s> needs a number between 1 and %d, not \"%s\"",
                    (const char *) node->name, G_MAXINT, v);
  *out = (int) n;
  return TRUE;
}

/* ---- conditions -------------------------------------------------------- */

/* Reads one condition element into `c`; `seen` guards against repeats.
 * The element and its attributes are those the registered condition
 * describes (FeConditionParamDesc). */
static gboolean
read_condition (Loader *l, GError **error, xmlNodePtr node, FeConditionParams *c, guint *seen)
{
  int id = -1;
  for (int i = 0; i < fe_condition_count () && id < 0; i++)
    if (fe_condition_nth (i)->xml_element && is (node, fe_condition_nth (i)->xml_element))
      id = i;
  if (id < 0)
    return fail_at (l, error, node, "unknown condition <%s>", (const char *) node->name);
  G_STATIC_ASSERT (FE_MAX_CONDITION_CLASSES <= 32);
  if (*seen & (1u << id))
    return fail_at (l, error, node, "condition <%s> given twice", (const char *) node->name);
  *seen |= 1u << id;

  const FeConditionClass *cls = fe_condition_nth (id);
  for (int k = 0; k < cls->n_params; k++)
    {
      const FeConditionParamDesc *d = &cls->params[k];
      int value = -1;
      if (d->xml_attribute)
        {
          g_autofree char *v = attr (node, d->xml_attribute);
          for (int i = 0; v && i < d->n_values; i++)
            if (d->xml_values[i] && !strcmp (v, d->xml_values[i]))
              value = i;
        }
      /* The element itself switches the condition on. */
      if (value < 0 || (k == 0 && value == 0))
        value = k == 0 ? MAX (d->xml_default, 1) : d->xml_default;
      c->v[id][k] = (uint8_t) value;
    }
  return TRUE;
}

/* Imitator squares: of the diagram (with colours) or of a twin. */
static gboolean
read_imitator (Loader *l, GError **error, xmlNodePtr node, FePosition *pos, int *n,
               FeSquare *squares, uint8_t *colours)
{
  FeSquare sq;
  if (!get_square (l, error, node, "square", &sq))
    return FALSE;
  if (*n >= FE_MAX_IMITATORS)
    return fail_at (l, error, node, "more than %d imitators", FE_MAX_IMITATORS);
  for (int i = 0; i < *n; i++)
    if (squares[i] == sq)
      return fail_at (l, error, node, "two imitators on %c%c", 'a' + FE_FILE (sq),
                      '1' + FE_RANK (sq));
  if (pos && !fe_square_empty (pos, sq))
    return fail_at (l, error, node, "imitator on the occupied square %c%c", 'a' + FE_FILE (sq),
                    '1' + FE_RANK (sq));
  uint8_t colour = FE_NEUTRAL;
  g_autofree char *c = attr (node, "colour");
  if (c && !get_colour (l, error, node, &colour))
    return FALSE;
  squares[*n] = sq;
  if (colours)
    colours[*n] = colour;
  (*n)++;
  return TRUE;
}

/* ---- options -------------------------------------------------------------- */

typedef enum { OPT_FLAG, OPT_COUNT } OptionKind;

typedef struct {
  const char *name;
  OptionKind kind;
  size_t offset; /* into FeOptions */
} OptionDesc;

/* In the order the writer emits them. */
static const OptionDesc option_table[] = {
  { "set-play", OPT_FLAG, offsetof (FeOptions, set_play) },
  { "try", OPT_FLAG, offsetof (FeOptions, tries) },
  { "defence", OPT_COUNT, offsetof (FeOptions, defence) },
  { "variations", OPT_FLAG, offsetof (FeOptions, variations) },
  { "no-threat", OPT_FLAG, offsetof (FeOptions, no_threat) },
  { "white-to-play", OPT_FLAG, offsetof (FeOptions, white_to_play) },
  { "duplex", OPT_FLAG, offsetof (FeOptions, duplex) },
  { "half-duplex", OPT_FLAG, offsetof (FeOptions, half_duplex) },
  { "max-solutions", OPT_COUNT, offsetof (FeOptions, max_solutions) },
  { "no-board", OPT_FLAG, offsetof (FeOptions, no_board) },
  { "no-white-king", OPT_FLAG, offsetof (FeOptions, no_white_king) },
  { "no-black-king", OPT_FLAG, offsetof (FeOptions, no_black_king) },
  { "threat", OPT_COUNT, offsetof (FeOptions, threat_length) },
  { "post-key-play", OPT_FLAG, offsetof (FeOptions, post_key_play) },
  { "stop-on-short", OPT_FLAG, offsetof (FeOptions, stop_on_short) },
  { "max-time", OPT_COUNT, offsetof (FeOptions, max_time) },
};

/* Parses a list attribute "a1 e1 h1" into at most `max` squares. */
static gboolean
get_square_list (Loader *l, GError **error, xmlNodePtr node, int max, int *n, FeSquare *out)
{
  g_autofree char *v = attr (node, "squares");
  g_auto (GStrv) words = g_strsplit_set (v ? v : "", " \t\r\n", -1);
  *n = 0;
  for (char **w = words; *w; w++)
    {
      if (!**w)
        continue;
      FeSquare sq = strlen (*w) == 2 ? fe_square_parse (*w) : FE_NO_SQUARE;
      if (sq == FE_NO_SQUARE)
        return fail_at (l, error, node, "bad square \"%s\" in <%s>", *w, (const char *) node->name);
      if (*n >= max)
        return fail_at (l, error, node, "<%s> takes at most %d squares", (const char *) node->name,
                        max);
      out[(*n)++] = sq;
    }
  if (*n == 0)
    return fail_at (l, error, node, "<%s> needs squares", (const char *) node->name);
  return TRUE;
}

static gboolean
read_options (Loader *l, GError **error, xmlNodePtr parent, FeProblem *p)
{
  guint32 seen = 0;
  FeOptions *o = &p->options;
  FOR_CHILDREN (node, parent)
    {
      guint i;
      for (i = 0; i < G_N_ELEMENTS (option_table); i++)
        if (is (node, option_table[i].name))
          break;
      /* Bits: the table's options, then en-passant, no-castling, zero-position;
       * castling-exclusive may repeat. */
      guint bit = i < G_N_ELEMENTS (option_table) ? i
                  : is (node, "en-passant")        ? 29
                  : is (node, "no-castling")       ? 30
                                                   : 31;
      if (!is (node, "castling-exclusive"))
        {
          if (seen & (1u << bit))
            return fail_at (l, error, node, "option <%s> given twice", (const char *) node->name);
          seen |= 1u << bit;
        }
      if (i < G_N_ELEMENTS (option_table))
        {
          char *field = (char *) o + option_table[i].offset;
          if (option_table[i].kind == OPT_FLAG)
            *(gboolean *) field = TRUE;
          else if (!get_count (l, error, node, (int *) field))
            return FALSE;
        }
      else if (is (node, "en-passant"))
        {
          if (!get_square_list (l, error, node, G_N_ELEMENTS (o->ep_squares), &o->n_ep_squares,
                                o->ep_squares))
            return FALSE;
        }
      else if (is (node, "no-castling"))
        {
          if (!get_square_list (l, error, node, G_N_ELEMENTS (o->no_castling), &o->n_no_castling,
                                o->no_castling))
            return FALSE;
        }
      else if (is (node, "castling-exclusive"))
        {
          if (o->n_castling_exclusive >= (int) G_N_ELEMENTS (o->castling_exclusive))
            return fail_at (l, error, node, "at most %d <castling-exclusive> pairs",
                            (int) G_N_ELEMENTS (o->castling_exclusive));
          FeSquare *pair = o->castling_exclusive[o->n_castling_exclusive];
          if (!get_square (l, error, node, "first", &pair[0])
              || !get_square (l, error, node, "second", &pair[1]))
            return FALSE;
          o->n_castling_exclusive++;
        }
      else if (is (node, "zero-position"))
        p->zero_position = TRUE;
      else
        return fail_at (l, error, node, "unknown option <%s>", (const char *) node->name);
    }
  return TRUE;
}

/* ---- position ------------------------------------------------------------- */

static const char *
colour_word (int colour)
{
  return colour == FE_WHITE ? "white" : colour == FE_BLACK ? "black" : "neutral";
}

static gboolean
read_position (Loader *l, GError **error, xmlNodePtr parent, FeProblem *p)
{
  FePosition *pos = &p->diagram;
  int n_imitators = 0;
  FOR_CHILDREN (node, parent)
    {
      if (is (node, "piece"))
        {
          FeSquare sq;
          FePiece piece;
          if (!get_piece (l, error, node, &sq, &piece))
            return FALSE;
          char name[3];
          fe_square_name (sq, name);
          if (!fe_square_empty (pos, sq))
            {
              FePiece there = pos->board[sq];
              return fail_at (l, error, node, "two pieces on %s: the %s %s and the %s %s "
                              "(a square holds one piece)", name, colour_word (there.colour),
                              fe_walk_def (there.walk)->name, colour_word (piece.colour),
                              fe_walk_def (piece.walk)->name);
            }
          if (piece.walk == FE_WALK_KING && piece.colour != FE_NEUTRAL
              && pos->king[piece.colour] != FE_NO_SQUARE)
            return fail_at (l, error, node, "a second %s king on %s",
                            piece.colour == FE_WHITE ? "white" : "black", name);
          fe_position_put (pos, sq, piece);
        }
      else if (is (node, "imitator"))
        {
          if (!read_imitator (l, error, node, pos, &n_imitators, pos->imitators,
                              pos->imitator_colour))
            return FALSE;
        }
      else
        return fail_at (l, error, node, "unexpected <%s> in <position>", (const char *) node->name);
    }
  pos->n_imitators = (uint8_t) n_imitators;
  fe_position_default_castling (pos);
  for (int i = 0; i < p->options.n_no_castling; i++)
    pos->castling &= ~fe_castling_flag_of_square (p->options.no_castling[i]);
  fe_position_recompute_hash (pos);
  return TRUE;
}

/* ---- twins -------------------------------------------------------------- */

/* With `keep`, a stipulation Féerie cannot solve is kept as written. */
static gboolean
read_stipulation (Loader *l, GError **error, xmlNodePtr node, FeStipulation *out, char **keep)
{
  g_autofree char *text = text_of (node);
  GError *e = NULL;
  gboolean ok = fe_stipulation_parse (g_strstrip (text), out, &e);
  if (keep)
    g_clear_pointer (keep, g_free);
  if (!ok && keep && g_error_matches (e, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED))
    {
      *keep = g_steal_pointer (&text);
      g_error_free (e);
      return TRUE;
    }
  if (!ok)
    {
      fail_at (l, error, node, "%s", e->message);
      g_error_free (e);
      return FALSE;
    }
  return TRUE;
}

static const char *mirror_names[] = { "a1-h1", "a1-a8", "a1-h8", "h1-a8" };

static gboolean
read_twin_command (Loader *l, GError **error, xmlNodePtr node, FeTwinCommand *c)
{
  memset (c, 0, sizeof *c);
  if (is (node, "move"))
    {
      c->kind = FE_TWIN_MOVE;
      return get_square (l, error, node, "from", &c->a) && get_square (l, error, node, "to", &c->b);
    }
  if (is (node, "exchange"))
    {
      c->kind = FE_TWIN_EXCHANGE;
      return get_square (l, error, node, "first", &c->a)
             && get_square (l, error, node, "second", &c->b);
    }
  if (is (node, "remove"))
    {
      c->kind = FE_TWIN_REMOVE;
      return get_square (l, error, node, "square", &c->a);
    }
  if (is (node, "add"))
    {
      c->kind = FE_TWIN_ADD;
      return get_piece (l, error, node, &c->a, &c->piece);
    }
  if (is (node, "substitute"))
    {
      c->kind = FE_TWIN_SUBSTITUTE;
      return get_walk (l, error, node, "from", &c->walk_from)
             && get_walk (l, error, node, "to", &c->walk_to);
    }
  if (is (node, "rotate"))
    {
      g_autofree char *d = attr (node, "degrees");
      c->kind = FE_TWIN_ROTATE;
      c->rotation = g_strcmp0 (d, "90") == 0 ? 90 : g_strcmp0 (d, "180") == 0 ? 180
                                                : g_strcmp0 (d, "270") == 0 ? 270
                                                                            : 0;
      if (!c->rotation)
        return fail_at (l, error, node, "rotation must be 90, 180 or 270 degrees");
      return TRUE;
    }
  if (is (node, "mirror"))
    {
      g_autofree char *axis = attr (node, "axis");
      c->kind = FE_TWIN_MIRROR;
      for (guint i = 0; i < G_N_ELEMENTS (mirror_names); i++)
        if (g_strcmp0 (axis, mirror_names[i]) == 0)
          {
            c->mirror = (uint8_t) i;
            return TRUE;
          }
      return fail_at (l, error, node, "unknown mirror axis \"%s\"", axis ? axis : "");
    }
  if (is (node, "shift"))
    {
      c->kind = FE_TWIN_SHIFT;
      return get_square (l, error, node, "from", &c->a) && get_square (l, error, node, "to", &c->b);
    }
  if (is (node, "polish-type"))
    {
      c->kind = FE_TWIN_POLISH;
      return TRUE;
    }
  if (is (node, "stipulation"))
    {
      c->kind = FE_TWIN_STIPULATION;
      return read_stipulation (l, error, node, &c->stipulation, NULL);
    }
  if (is (node, "condition"))
    {
      guint seen = 0;
      c->kind = FE_TWIN_CONDITION;
      FOR_CHILDREN (child, node)
        {
          g_autofree char *square = attr (child, "square");
          if (is (child, "imitator") && square)
            {
              if (!read_imitator (l, error, child, NULL, &c->n_imitators, c->imitators, NULL))
                return FALSE;
              c->conditions.FE_P_IMITATOR = true;
            }
          else if (!read_condition (l, error, child, &c->conditions, &seen))
            return FALSE;
        }
      return TRUE;
    }
  return fail_at (l, error, node, "unknown twin command <%s>", (const char *) node->name);
}

static gboolean
read_twins (Loader *l, GError **error, xmlNodePtr parent, FeProblem *p, GPtrArray *nodes)
{
  FOR_CHILDREN (node, parent)
    {
      if (!is (node, "twin"))
        return fail_at (l, error, node, "unexpected <%s> in <twins>", (const char *) node->name);
      FeTwin *twin = fe_twin_new ();
      g_ptr_array_add (p->twins, twin);
      g_ptr_array_add (nodes, node);
      twin->continued = attr_is (node, "continued", "true");
      FOR_CHILDREN (child, node)
        {
          FeTwinCommand c;
          if (!read_twin_command (l, error, child, &c))
            return FALSE;
          g_array_append_val (twin->commands, c);
        }
    }
  return TRUE;
}

/* ---- one problem ---------------------------------------------------------- */

static char **
text_field (FeProblem *p, xmlNodePtr node)
{
  if (is (node, "title"))
    return &p->title;
  if (is (node, "solution"))
    return &p->solution_text;
  if (is (node, "comments"))
    return &p->comments;
  return NULL;
}

static void
read_strings (xmlNodePtr parent, const char *name, GPtrArray *out)
{
  FOR_CHILDREN (node, parent)
    if (is (node, name))
      g_ptr_array_add (out, text_of (node));
}

static gboolean
read_problem (Loader *l, GError **error, xmlNodePtr root, FeProblem *p)
{
  gboolean have_stipulation = FALSE, have_position = FALSE;
  guint seen = 0;
  xmlNodePtr position = NULL;
  g_autoptr (GPtrArray) twin_nodes = g_ptr_array_new ();
  char **field;

  FOR_CHILDREN (node, root)
    {
      if ((field = text_field (p, node)))
        {
          g_free (*field);
          *field = text_of (node);
        }
      else if (is (node, "authors"))
        {
          FOR_CHILDREN (a, node)
            {
              FeAuthor *author = g_new0 (FeAuthor, 1);
              g_ptr_array_add (p->authors, author);
              FOR_CHILDREN (part, a)
                {
                  char **slot = is (part, "family") ? &author->family
                                : is (part, "given") ? &author->given
                                                     : NULL;
                  if (slot)
                    {
                      g_free (*slot);
                      *slot = text_of (part);
                    }
                }
            }
        }
      else if (is (node, "source") || is (node, "award"))
        {
          FOR_CHILDREN (part, node)
            {
              char **slot = is (part, "name")          ? &p->source_name
                            : is (part, "volume")      ? &p->source_volume
                            : is (part, "issue")       ? &p->source_issue
                            : is (part, "number")      ? &p->source_number
                            : is (part, "date")        ? &p->source_date
                            : is (part, "tourney")     ? &p->award_tourney
                            : is (part, "distinction") ? &p->award_distinction
                            : is (part, "judges")      ? &p->award_judges
                                                       : NULL;
              if (slot)
                {
                  g_free (*slot);
                  *slot = text_of (part);
                }
            }
        }
      else if (is (node, "stipulation"))
        {
          if (!read_stipulation (l, error, node, &p->stipulation, &p->unsupported_stipulation))
            return FALSE;
          have_stipulation = TRUE;
        }
      else if (is (node, "conditions"))
        {
          FOR_CHILDREN (c, node)
            {
              if (is (c, "unsupported"))
                {
                  char *name = attr (c, "name");
                  if (!name || !*name)
                    {
                      g_free (name);
                      return fail_at (l, error, c, "<unsupported> needs a name");
                    }
                  g_ptr_array_add (p->unsupported, name);
                }
              else if (!read_condition (l, error, c, &p->conditions, &seen))
                return FALSE;
            }
        }
      else if (is (node, "options"))
        {
          if (!read_options (l, error, node, p))
            return FALSE;
        }
      else if (is (node, "position"))
        {
          position = node;
          have_position = TRUE;
        }
      else if (is (node, "twins"))
        {
          if (!read_twins (l, error, node, p, twin_nodes))
            return FALSE;
        }
      else if (is (node, "keywords"))
        read_strings (node, "keyword", p->keywords);
      else if (is (node, "remarks"))
        read_strings (node, "remark", p->remarks);
      else
        return fail_at (l, error, node, "unexpected <%s> in <problem>", (const char *) node->name);
    }
  if (!have_stipulation)
    return fail_at (l, error, root, "<problem> has no <stipulation>");
  if (!have_position)
    return fail_at (l, error, root, "<problem> has no <position>");
  /* After the options: NoCastling squares clear the diagram's rights. */
  if (!read_position (l, error, position, p))
    return FALSE;
  if (p->diagram.n_imitators)
    p->conditions.FE_P_IMITATOR = true;

  /* Every twin must apply to the position it continues from. */
  FePosition pos;
  FeStipulation stip;
  FeConditionParams cond;
  for (guint i = 0; i < p->twins->len; i++)
    {
      GError *e = NULL;
      if (!fe_problem_apply_next_twin (p, (int) i + 1, &pos, &stip, &cond, &e))
        {
          g_autofree char *label = fe_twin_label ((int) i + 1);
          fail_at (l, error, twin_nodes->pdata[i], "twin %s: %s", label, e->message);
          g_error_free (e);
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- clearer schema messages --------------------------------------------- */

/* libxml2's RELAX NG messages name the element but not the attribute or the
 * missing child ("Element piece failed to validate attributes").  These
 * tables let the loader say which value is wrong. */
typedef struct {
  const char *attribute;
  const char *pattern; /* GRegex, anchored */
  const char *expected;
} AttributeRule;

static const AttributeRule attribute_rules[] = {
  { "square", "[a-h][1-8]", "a square a1…h8" },
  { "from", "[a-h][1-8]|[A-Za-z0-9]{1,3}", "a square or a walk code" },
  { "to", "[a-h][1-8]|[A-Za-z0-9]{1,3}", "a square or a walk code" },
  { "first", "[a-h][1-8]", "a square a1…h8" },
  { "second", "[a-h][1-8]", "a square a1…h8" },
  { "squares", "\\s*[a-h][1-8](\\s+[a-h][1-8])*\\s*", "squares separated by spaces" },
  { "walk", "[A-Za-z0-9]{1,3}", "a Popeye walk code" },
  { "colour", "white|black|neutral", "white, black or neutral" },
  { "magic", "true|false", "true or false" },
  { "magician", "true|false", "true or false" },
  { "continued", "true|false", "true or false" },
  { "rex-inclusive", "true|false", "true or false" },
  { "promotions", "true|false", "true or false" },
  { "promotion", "allowed|forbidden", "allowed or forbidden" },
  { "hurdles", "required|optional", "required or optional" },
  { "variant", "normal|reverse|anti", "normal, reverse or anti" },
  { "side", "both|white|black", "both, white or black" },
  { "degrees", "90|180|270", "90, 180 or 270" },
  { "axis", "a1-h1|a1-a8|a1-h8|h1-a8", "a1-h1, a1-a8, a1-h8 or h1-a8" },
  { "name", ".+", "a name" },
  { "version", "[1-9][0-9]*", "a positive number" },
};

static char *
refine_message (const Loader *l)
{
  xmlNodePtr node = l->node;
  if (!node)
    return g_strdup (l->message);
  const char *name = (const char *) node->name;
  /* A <problem> without its required children reports its next element. */
  xmlNodePtr problem = is (node, "problem") ? node : is (node->parent, "problem") ? node->parent : NULL;
  if (problem)
    {
      gboolean stip = FALSE, pos = FALSE;
      FOR_CHILDREN (c, problem)
        stip |= is (c, "stipulation"), pos |= is (c, "position");
      if (!stip || !pos)
        return g_strdup_printf ("<problem> has no <%s>", stip ? "position" : "stipulation");
    }
  if (strstr (l->message, "attribute"))
    for (xmlAttrPtr a = node->properties; a; a = a->next)
      {
        g_autofree char *v = attr (node, (const char *) a->name);
        guint i;
        for (i = 0; i < G_N_ELEMENTS (attribute_rules); i++)
          if (xmlStrEqual (a->name, BAD_CAST attribute_rules[i].attribute))
            break;
        if (i == G_N_ELEMENTS (attribute_rules) || a->ns)
          return g_strdup_printf ("<%s> has an unknown attribute \"%s\"", name,
                                  (const char *) a->name);
        g_autofree char *anchored = g_strdup_printf ("^(%s)$", attribute_rules[i].pattern);
        if (!g_regex_match_simple (anchored, v ? v : "", 0, 0))
          return g_strdup_printf ("<%s %s=\"%s\">: expected %s", name, (const char *) a->name,
                                  v ? v : "", attribute_rules[i].expected);
      }
  if (g_str_has_prefix (l->message, "Did not expect element "))
    return g_strdup_printf ("element <%s> is not allowed here in <%s>", name,
                            node->parent && node->parent->name ? (const char *) node->parent->name
                                                               : "?");
  return g_strdup_printf ("<%s>: %s", name, l->message);
}

/* ---- parse ------------------------------------------------------------------ */

GPtrArray *
fe_xml_parse (const char *text, gsize length, const char *filename, GError **error)
{
  Loader l = { .filename = filename ? filename : "<input>" };
  GPtrArray *result = NULL;
  xmlDocPtr doc = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  xmlRelaxNGPtr schema = get_schema ();
  if (length > G_MAXINT)
    {
      fail_at_line (&l, error, 1, 1, "file too large");
      return NULL;
    }
  if (!schema)
    {
      fail_at_line (&l, error, 1, 1, "internal error: the problem schema does not compile");
      return NULL;
    }

  xmlParserCtxtPtr ctxt = xmlNewParserCtxt ();
  if (!ctxt)
    {
      fail_at_line (&l, error, 1, 1, "out of memory");
      return NULL;
    }
  xmlGenericErrorFunc saved_handler = xmlGenericError;
  void *saved_context = xmlGenericErrorContext;
  xmlSetGenericErrorFunc (NULL, silent_error);
  ctxt->_private = &l;
  ctxt->sax->serror = parser_error;
  /* No network, no entity substitution (no XXE), big line numbers kept. */
  doc = xmlCtxtReadMemory (ctxt, length ? text : "", (int) length, l.filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING
                             | XML_PARSE_NOCDATA);
  if (!doc || l.have_error || !ctxt->wellFormed)
    {
      if (l.have_error)
        fail_at_line (&l, error, l.line, l.column, "%s", l.message);
      else
        fail_at_line (&l, error, 1, 1, "not a well-formed XML document");
      goto out;
    }

  xmlNodePtr root = xmlDocGetRootElement (doc);
  if (doc->intSubset || doc->extSubset)
    {
      /* Entities are a denial-of-service risk and nothing we need. */
      fail_at_line (&l, error, root ? xmlGetLineNo (root) : 1, 1,
                    "document type declarations are not allowed in problem files");
      goto out;
    }
  if (!root || !(is (root, "problem") || is (root, "collection")))
    {
      fail_at_line (&l, error, root ? xmlGetLineNo (root) : 1, 1,
                    "the root element must be <problem> or <collection> in namespace \"%s\"",
                    FE_XML_NAMESPACE);
      goto out;
    }
  /* Checked before the schema, so a newer file gets a message that says so. */
  {
    g_autofree char *v = attr (root, "version");
    guint64 version = 0;
    if (!v || !g_ascii_string_to_unsigned (v, 10, 1, G_MAXUINT32, &version, NULL))
      {
        fail_at (&l, error, root, "<%s> needs a format version attribute, version=\"%d\"",
                 (const char *) root->name, FE_XML_VERSION);
        goto out;
      }
    if (version > FE_XML_VERSION)
      {
        fail_at (&l, error, root,
                 "this file has format version %s; this Féerie reads versions up to %d", v,
                 FE_XML_VERSION);
        goto out;
      }
  }

  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, validity_error, &l);
  int valid = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  if (valid != 0)
    {
      if (l.have_error)
        {
          g_autofree char *msg = refine_message (&l);
          fail_at_line (&l, error, l.line, l.column, "%s", msg);
        }
      else
        fail_at (&l, error, root, "the document does not follow the problem schema");
      goto out;
    }

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  if (is (root, "problem"))
    {
      FeProblem *p = fe_problem_new ();
      g_ptr_array_add (result, p);
      if (!read_problem (&l, error, root, p))
        g_clear_pointer (&result, g_ptr_array_unref);
    }
  else
    FOR_CHILDREN (node, root)
      {
        FeProblem *p = fe_problem_new ();
        g_ptr_array_add (result, p);
        if (!is (node, "problem"))
          {
            fail_at (&l, error, node, "unexpected <%s> in <collection>", (const char *) node->name);
            g_clear_pointer (&result, g_ptr_array_unref);
            break;
          }
        if (!read_problem (&l, error, node, p))
          {
            g_clear_pointer (&result, g_ptr_array_unref);
            break;
          }
      }

out:
  xmlSetGenericErrorFunc (saved_context, saved_handler);
  g_free (l.message);
  if (doc)
    xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
  return result;
}

GPtrArray *
fe_xml_load (GFile *file, GError **error)
{
  char *text = NULL;
  gsize length = 0;
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error))
    return NULL;
  char *name = g_file_get_parse_name (file);
  GPtrArray *r = fe_xml_parse (text, length, name, error);
  g_free (name);
  g_free (text);
  return r;
}

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
  if (p.attrs & FE_ATTR_MAGIC)
    attribute (s, "magic", "true");
  if (p.attrs & FE_ATTR_MAGICIAN)
    attribute (s, "magician", "true");
}

/* Whether condition `id` has an element: it is on (for diagram-free
 * writing, the in-force test without a diagram). */
static gboolean
condition_written (const FeConditionParams *c, int id)
{
  const FeConditionClass *cls = fe_condition_nth (id);
  return cls->in_force ? cls->in_force (c, id, NULL) : fe_params_on (c, id);
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

static void
write_options (GString *s, int level, const FeProblem *p)
{
  const FeOptions *o = &p->options;
  GString *body = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (option_table); i++)
    {
      const char *field = (const char *) o + option_table[i].offset;
      if (option_table[i].kind == OPT_FLAG && *(const gboolean *) field)
        {
          indent (body, level + 1);
          g_string_append_printf (body, "<%s/>\n", option_table[i].name);
        }
      else if (option_table[i].kind == OPT_COUNT && *(const int *) field > 0)
        {
          indent (body, level + 1);
          g_string_append_printf (body, "<%s>%d</%s>\n", option_table[i].name, *(const int *) field,
                                  option_table[i].name);
        }
    }
  int n_ep = CLAMP (o->n_ep_squares, 0, (int) G_N_ELEMENTS (o->ep_squares));
  if (n_ep)
    {
      indent (body, level + 1);
      g_string_append (body, "<en-passant");
      square_list (body, "squares", n_ep, o->ep_squares);
      g_string_append (body, "/>\n");
    }
  int n_nc = CLAMP (o->n_no_castling, 0, (int) G_N_ELEMENTS (o->no_castling));
  if (n_nc)
    {
      indent (body, level + 1);
      g_string_append (body, "<no-castling");
      square_list (body, "squares", n_nc, o->no_castling);
      g_string_append (body, "/>\n");
    }
  for (int i = 0; i < CLAMP (o->n_castling_exclusive, 0, (int) G_N_ELEMENTS (o->castling_exclusive)); i++)
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
      indent (s, level);
      g_string_append (s, "<options>\n");
      g_string_append_len (s, body->str, body->len);
      indent (s, level);
      g_string_append (s, "</options>\n");
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
  indent (s, level);
  switch (c->kind)
    {
    case FE_TWIN_MOVE:
    case FE_TWIN_SHIFT:
      g_string_append (s, c->kind == FE_TWIN_MOVE ? "<move" : "<shift");
      square_attribute (s, "from", c->a);
      square_attribute (s, "to", c->b);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_EXCHANGE:
      g_string_append (s, "<exchange");
      square_attribute (s, "first", c->a);
      square_attribute (s, "second", c->b);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_REMOVE:
      g_string_append (s, "<remove");
      square_attribute (s, "square", c->a);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_ADD:
      g_string_append (s, "<add");
      piece_attributes (s, c->a, c->piece);
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_SUBSTITUTE:
      g_string_append (s, "<substitute");
      attribute (s, "from", walk_code (c->walk_from));
      attribute (s, "to", walk_code (c->walk_to));
      g_string_append (s, "/>\n");
      break;
    case FE_TWIN_ROTATE:
      g_string_append_printf (s, "<rotate degrees=\"%d\"/>\n",
                              c->rotation == 180 ? 180 : c->rotation == 270 ? 270 : 90);
      break;
    case FE_TWIN_MIRROR:
      g_string_append_printf (s, "<mirror axis=\"%s\"/>\n", mirror_names[c->mirror & 3]);
      break;
    case FE_TWIN_POLISH:
      g_string_append (s, "<polish-type/>\n");
      break;
    case FE_TWIN_STIPULATION:
      {
        char *t = fe_stipulation_to_string (&c->stipulation);
        g_string_append (s, "<stipulation>");
        append_escaped (s, t, FALSE);
        g_string_append (s, "</stipulation>\n");
        g_free (t);
      }
      break;
    case FE_TWIN_CONDITION:
      {
        int n = CLAMP (c->n_imitators, 0, FE_MAX_IMITATORS);
        if (conditions_empty (&c->conditions) && n == 0)
          {
            g_string_append (s, "<condition/>\n");
            break;
          }
        g_string_append (s, "<condition>\n");
        write_conditions (s, level + 1, &c->conditions, n > 0);
        for (int i = 0; i < n; i++)
          {
            indent (s, level + 1);
            g_string_append (s, "<imitator");
            square_attribute (s, "square", c->imitators[i]);
            g_string_append (s, "/>\n");
          }
        indent (s, level);
        g_string_append (s, "</condition>\n");
      }
      break;
    }
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
      indent (s, in);
      g_string_append (s, "<authors>\n");
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
          indent (s, in + 1);
          g_string_append (s, "</author>\n");
        }
      indent (s, in);
      g_string_append (s, "</authors>\n");
    }
  if (p->source_name || p->source_volume || p->source_issue || p->source_number || p->source_date)
    {
      indent (s, in);
      g_string_append (s, "<source>\n");
      text_element (s, in + 1, "name", p->source_name);
      text_element (s, in + 1, "volume", p->source_volume);
      text_element (s, in + 1, "issue", p->source_issue);
      text_element (s, in + 1, "number", p->source_number);
      text_element (s, in + 1, "date", p->source_date);
      indent (s, in);
      g_string_append (s, "</source>\n");
    }
  if (p->award_tourney || p->award_distinction || p->award_judges)
    {
      indent (s, in);
      g_string_append (s, "<award>\n");
      text_element (s, in + 1, "tourney", p->award_tourney);
      text_element (s, in + 1, "distinction", p->award_distinction);
      text_element (s, in + 1, "judges", p->award_judges);
      indent (s, in);
      g_string_append (s, "</award>\n");
    }
  text_element (s, in, "title", p->title);
  if (p->unsupported_stipulation)
    text_element (s, in, "stipulation", p->unsupported_stipulation);
  else
    write_stipulation (s, in, &p->stipulation);

  int n_imitators = CLAMP (p->diagram.n_imitators, 0, FE_MAX_IMITATORS);
  if (!conditions_empty (&p->conditions) || n_imitators || p->unsupported->len)
    {
      indent (s, in);
      g_string_append (s, "<conditions>\n");
      write_conditions (s, in + 1, &p->conditions, n_imitators > 0);
      for (guint i = 0; i < p->unsupported->len; i++)
        {
          indent (s, in + 1);
          g_string_append (s, "<unsupported");
          attribute (s, "name", p->unsupported->pdata[i]);
          g_string_append (s, "/>\n");
        }
      indent (s, in);
      g_string_append (s, "</conditions>\n");
    }
  write_options (s, in, p);

  /* The diagram in reading order: rank 8 to 1, file a to h. */
  GString *body = g_string_new (NULL);
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      {
        FeSquare sq = FE_SQ (file, rank);
        FePiece piece = p->diagram.board[sq];
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
      square_attribute (body, "square", p->diagram.imitators[i]);
      if (p->diagram.imitator_colour[i] != FE_NEUTRAL)
        attribute (body, "colour", colour_name (p->diagram.imitator_colour[i]));
      g_string_append (body, "/>\n");
    }
  indent (s, in);
  if (body->len)
    {
      g_string_append (s, "<position>\n");
      g_string_append_len (s, body->str, body->len);
      indent (s, in);
      g_string_append (s, "</position>\n");
    }
  else
    g_string_append (s, "<position/>\n");
  g_string_free (body, TRUE);

  if (p->twins->len)
    {
      indent (s, in);
      g_string_append (s, "<twins>\n");
      for (guint i = 0; i < p->twins->len; i++)
        {
          const FeTwin *t = p->twins->pdata[i];
          indent (s, in + 1);
          g_string_append_printf (s, "<twin%s>\n", t->continued ? " continued=\"true\"" : "");
          for (guint k = 0; k < t->commands->len; k++)
            write_twin_command (s, in + 2, &g_array_index (t->commands, FeTwinCommand, k));
          indent (s, in + 1);
          g_string_append (s, "</twin>\n");
        }
      indent (s, in);
      g_string_append (s, "</twins>\n");
    }
  text_element (s, in, "solution", p->solution_text);
  if (p->keywords->len)
    {
      indent (s, in);
      g_string_append (s, "<keywords>\n");
      for (guint i = 0; i < p->keywords->len; i++)
        text_element (s, in + 1, "keyword", p->keywords->pdata[i]);
      indent (s, in);
      g_string_append (s, "</keywords>\n");
    }
  text_element (s, in, "comments", p->comments);
  if (p->remarks->len)
    {
      indent (s, in);
      g_string_append (s, "<remarks>\n");
      for (guint i = 0; i < p->remarks->len; i++)
        text_element (s, in + 1, "remark", p->remarks->pdata[i]);
      indent (s, in);
      g_string_append (s, "</remarks>\n");
    }
  indent (s, level);
  g_string_append (s, "</problem>\n");
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

gboolean
fe_xml_save (GFile *file, GPtrArray *problems, GError **error)
{
  char *text = fe_xml_to_string (problems);
  /* Never g_file_replace_contents: it writes in place when the folder is
   * read-only and leaves a truncated file when the disk is full. */
  gboolean ok = fe_atomic_save_gfile (file, text, strlen (text), error);
  g_free (text);
  return ok;
}
