/* xml-read.c — Féerie's problem files read into FeProblem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading is three passes over one document: well-formedness (libxml2), the
 * grammar (data/feerie-problem.rng; both in xml-validate.c), then the
 * semantic checks a grammar cannot express, made here while the model is
 * built.  Any error frees everything built so far: a file loads completely
 * or not at all.
 */
#include <string.h>

#include "xml-private.h"
#include "core/model/walk.h"
#include "core/model/fe-i18n.h"


/* ---- tree helpers ---------------------------------------------------------- */

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
    return fail_at (l, error, node, _ ("<%s> has a bad or missing square in \"%s\" (\"%s\")"),
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
    return fail_at (l, error, node, _ ("unknown walk \"%s\" in <%s>"), v ? v : "",
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
    return fail_at (l, error, node, _ ("bad colour \"%s\""), v ? v : "");
  return TRUE;
}

static gboolean
get_piece (Loader *l, GError **error, xmlNodePtr node, FeSquare *sq, FePiece *piece)
{
  *piece = FE_PIECE_EMPTY;
  if (!get_square (l, error, node, "square", sq) || !get_walk (l, error, node, "walk", &piece->walk)
      || !get_colour (l, error, node, &piece->colour))
    return FALSE;
  for (int i = 0; i < fe_attribute_count (); i++)
    if (attr_is (node, fe_attribute_nth (i)->name, "true"))
      piece->attrs |= fe_attribute_nth (i)->bit;
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
    return fail_at (l, error, node, _ ("<%s> needs a number between 1 and %d, not \"%s\""),
                    (const char *) node->name, G_MAXINT, v);
  *out = (int) n;
  return TRUE;
}

/* A number attribute from 0 to 99 (NonTrivial's). */
static gboolean
get_attr_number (Loader *l, GError **error, xmlNodePtr node, const char *name, int *out)
{
  g_autofree char *v = attr (node, name);
  guint64 n = 0;
  if (!v || !g_ascii_string_to_unsigned (v, 10, 0, 99, &n, NULL))
    return fail_at (l, error, node, _ ("<%s> needs a number from 0 to 99 in \"%s\", not \"%s\""),
                    (const char *) node->name, name, v ? v : "");
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
    return fail_at (l, error, node, _ ("unknown condition <%s>"), (const char *) node->name);
  G_STATIC_ASSERT (FE_MAX_CONDITION_CLASSES <= 32);
  if (*seen & (1u << id))
    return fail_at (l, error, node, _ ("condition <%s> given twice"), (const char *) node->name);
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
read_imitator (Loader *l, GError **error, xmlNodePtr node, int *n, FeSquare *squares,
               uint8_t *colours)
{
  FeSquare sq;
  if (!get_square (l, error, node, "square", &sq))
    return FALSE;
  if (*n >= FE_MAX_IMITATORS)
    return fail_at (l, error, node, _ ("more than %d imitators"), FE_MAX_IMITATORS);
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

/* In the order the writer emits them. */
const OptionDesc fe_xml_options[] = {
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
  { "quodlibet", OPT_FLAG, offsetof (FeOptions, quodlibet) },
  { "goal-is-end", OPT_FLAG, offsetof (FeOptions, goal_is_end) },
  { "keep-mating-piece", OPT_FLAG, offsetof (FeOptions, keep_mating_piece) },
  { "no-short-variations", OPT_FLAG, offsetof (FeOptions, no_short_variations) },
  { "mates-in-1", OPT_FLAG, offsetof (FeOptions, mates_in_1) },
};
const guint fe_xml_n_options = G_N_ELEMENTS (fe_xml_options);

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
        return fail_at (l, error, node, _ ("bad square \"%s\" in <%s>"), *w, (const char *) node->name);
      if (*n >= max)
        return fail_at (l, error, node, _ ("<%s> takes at most %d squares"), (const char *) node->name,
                        max);
      out[(*n)++] = sq;
    }
  if (*n == 0)
    return fail_at (l, error, node, _ ("<%s> needs squares"), (const char *) node->name);
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
      for (i = 0; i < fe_xml_n_options; i++)
        if (is (node, fe_xml_options[i].name))
          break;
      /* Bits: the table's options, then non-trivial, en-passant, no-castling,
       * zero-position; castling-exclusive may repeat. */
      G_STATIC_ASSERT (G_N_ELEMENTS (fe_xml_options) < 28);
      guint bit = i < fe_xml_n_options ? i
                  : is (node, "non-trivial")       ? 28
                  : is (node, "en-passant")        ? 29
                  : is (node, "no-castling")       ? 30
                                                   : 31;
      if (!is (node, "castling-exclusive"))
        {
          if (seen & (1u << bit))
            return fail_at (l, error, node, _ ("option <%s> given twice"), (const char *) node->name);
          seen |= 1u << bit;
        }
      if (i < fe_xml_n_options)
        {
          char *field = (char *) o + fe_xml_options[i].offset;
          if (fe_xml_options[i].kind == OPT_FLAG)
            *(gboolean *) field = TRUE;
          else if (!get_count (l, error, node, (int *) field))
            return FALSE;
        }
      else if (is (node, "non-trivial"))
        {
          if (!get_attr_number (l, error, node, "defences", &o->non_trivial_max)
              || !get_attr_number (l, error, node, "length", &o->non_trivial_length))
            return FALSE;
          o->non_trivial = TRUE;
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
            return fail_at (l, error, node, _ ("at most %d <castling-exclusive> pairs"),
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
        return fail_at (l, error, node, _ ("unknown option <%s>"), (const char *) node->name);
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
read_position (Loader *l, GError **error, xmlNodePtr parent, FePosition *pos, xmlNodePtr *placed,
               xmlNodePtr *imitators)
{
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
              return fail_at (l, error, node, _ ("two pieces on %s: the %s %s and the %s %s "
                              "(a square holds one piece)"), name, colour_word (there.colour),
                              fe_walk_def (there.walk)->name, colour_word (piece.colour),
                              fe_walk_def (piece.walk)->name);
            }
          fe_position_put (pos, sq, piece);
          placed[sq] = node;
        }
      else if (is (node, "imitator"))
        {
          if (!read_imitator (l, error, node, &n_imitators, pos->imitators,
                              pos->imitator_colour))
            return FALSE;
          imitators[pos->imitators[n_imitators - 1]] = node;
        }
      else
        return fail_at (l, error, node, _ ("unexpected <%s> in <position>"), (const char *) node->name);
    }
  pos->n_imitators = (uint8_t) n_imitators;
  return TRUE;
}

/* <structured-stipulation side="white">3a[#]d</…>: the tree, and its
 * plain synonym or approximation as the problem's stipulation (the
 * <stipulation> before it says the same for readers of plain ones). */
static gboolean
read_structured (Loader *l, GError **error, xmlNodePtr node, FeProblem *p)
{
  g_autofree char *side = attr (node, "side");
  g_autofree char *tree = text_of (node);
  g_autofree char *text = g_strdup_printf ("%s %s", side ? side : "", tree);
  GError *e = NULL;
  gsize at = 0;
  FeSStip *s = NULL;
  if (!fe_sstip_parse (text, &s, &at, &e))
    {
      gsize prefix = strlen (side ? side : "") + 1;
      if (at >= prefix)
        fail_at (l, error, node, _ ("structured stipulation \"%s\": %s (character %d)"), tree,
                 e->message, (int) g_utf8_strlen (text + prefix, (gssize) (at - prefix)) + 1);
      else
        fail_at (l, error, node, _ ("structured stipulation \"%s\": %s"), tree, e->message);
      g_error_free (e);
      return FALSE;
    }
  fe_sstip_free (p->structured);
  p->structured = s;
  g_clear_pointer (&p->unsupported_stipulation, g_free);
  fe_sstip_approximate (s, &p->stipulation);
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

/* <condition>: the twin's complete set of conditions and imitators. */
static gboolean
read_twin_conditions (Loader *l, GError **error, xmlNodePtr node, FeTwinCommand *c)
{
  guint seen = 0;
  FOR_CHILDREN (child, node)
    {
      g_autofree char *square = attr (child, "square");
      if (is (child, "imitator") && square)
        {
          if (!read_imitator (l, error, child, &c->n_imitators, c->imitators, NULL))
            return FALSE;
          c->conditions.FE_P_IMITATOR = true;
        }
      else if (!read_condition (l, error, child, &c->conditions, &seen))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_twin_command (Loader *l, GError **error, xmlNodePtr node, FeTwinCommand *c)
{
  memset (c, 0, sizeof *c);
  int kind = 0;
  while (kind < FE_TWIN_N_KINDS && !is (node, fe_twin_kinds[kind].xml))
    kind++;
  c->kind = (FeTwinCommandKind) kind;
  switch (kind)
    {
    case FE_TWIN_MOVE:
    case FE_TWIN_SHIFT:
      return get_square (l, error, node, "from", &c->a) && get_square (l, error, node, "to", &c->b);
    case FE_TWIN_EXCHANGE:
      return get_square (l, error, node, "first", &c->a)
             && get_square (l, error, node, "second", &c->b);
    case FE_TWIN_REMOVE:
      return get_square (l, error, node, "square", &c->a);
    case FE_TWIN_ADD:
      return get_piece (l, error, node, &c->a, &c->piece);
    case FE_TWIN_SUBSTITUTE:
      return get_walk (l, error, node, "from", &c->walk_from)
             && get_walk (l, error, node, "to", &c->walk_to);
    case FE_TWIN_ROTATE:
      {
        g_autofree char *d = attr (node, "degrees");
        c->rotation = g_strcmp0 (d, "90") == 0 ? 90 : g_strcmp0 (d, "180") == 0 ? 180
                                                  : g_strcmp0 (d, "270") == 0 ? 270
                                                                              : 0;
        if (!c->rotation)
          return fail_at (l, error, node, _ ("rotation must be 90, 180 or 270 degrees"));
        return TRUE;
      }
    case FE_TWIN_MIRROR:
      {
        g_autofree char *axis = attr (node, "axis");
        for (int i = 0; i < FE_N_MIRRORS; i++)
          if (g_strcmp0 (axis, fe_mirror_axes[i].xml) == 0)
            {
              c->mirror = (uint8_t) i;
              return TRUE;
            }
        return fail_at (l, error, node, _ ("unknown mirror axis \"%s\""), axis ? axis : "");
      }
    case FE_TWIN_POLISH:
      return TRUE;
    case FE_TWIN_STIPULATION:
      return read_stipulation (l, error, node, &c->stipulation, NULL);
    case FE_TWIN_CONDITION:
      return read_twin_conditions (l, error, node, c);
    default:
      return fail_at (l, error, node, _ ("unknown twin command <%s>"), (const char *) node->name);
    }
}

static gboolean
read_twins (Loader *l, GError **error, xmlNodePtr parent, FeProblem *p, GPtrArray *nodes)
{
  FOR_CHILDREN (node, parent)
    {
      if (!is (node, "twin"))
        return fail_at (l, error, node, _ ("unexpected <%s> in <twins>"), (const char *) node->name);
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
  if (is (node, "intended-solutions"))
    return &p->intended_solutions;
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
  xmlNodePtr position = NULL, target = NULL;
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
      else if (is (node, "structured-stipulation"))
        {
          if (!read_structured (l, error, node, p))
            return FALSE;
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
                      return fail_at (l, error, c, _ ("<unsupported> needs a name"));
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
          /* a=>b: the second, role="target", is B (the schema orders them). */
          g_autofree char *role = attr (node, "role");
          if (g_strcmp0 (role, "target") == 0)
            target = node;
          else
            {
              position = node;
              have_position = TRUE;
            }
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
        return fail_at (l, error, node, _ ("unexpected <%s> in <problem>"), (const char *) node->name);
    }
  if (!have_stipulation)
    return fail_at (l, error, root, _ ("<problem> has no <stipulation>"));
  if (!have_position)
    return fail_at (l, error, root, _ ("<problem> has no <position>"));
  /* The elements that put each piece and each imitator on its square. */
  xmlNodePtr placed[128] = { NULL }, imitators[128] = { NULL };
  xmlNodePtr target_placed[128] = { NULL }, target_imitators[128] = { NULL };
  if (!read_position (l, error, position, &p->diagram, placed, imitators))
    return FALSE;
  if (target && !fe_problem_has_target (p))
    return fail_at (l, error, target, _ ("a target position is only for a=>b stipulations"));
  if (target && !read_position (l, error, target, &p->target, target_placed, target_imitators))
    return FALSE;
  if (p->diagram.n_imitators)
    p->conditions.FE_P_IMITATOR = true;
  /* After the options: NoCastling and EnPassant give the diagram its state. */
  fe_problem_settle_diagram (p);

  FeProblemFault fault;
  g_autoptr (GError) e = NULL;
  if (!fe_problem_validate (p, &fault, &e))
    {
      /* Point at the twin, else at the imitator, else at the later of the
       * pieces named (in the target when it breaks the rule). */
      if (fault.in_target)
        {
          position = target;
          memcpy (placed, target_placed, sizeof placed);
          memcpy (imitators, target_imitators, sizeof imitators);
        }
      xmlNodePtr at = fault.twin > 0 ? twin_nodes->pdata[fault.twin - 1] : position;
      if (fault.twin == 0 && fault.rule != FE_RULE_TWO_KINGS && imitators[fault.square])
        at = imitators[fault.square];
      const FeSquare squares[] = { fault.square, fault.other };
      for (guint i = 0; fault.twin == 0 && fault.rule == FE_RULE_TWO_KINGS
                        && i < G_N_ELEMENTS (squares); i++)
        if (squares[i] != FE_NO_SQUARE && placed[squares[i]]
            && (at == position || xmlGetLineNo (placed[squares[i]]) > xmlGetLineNo (at)))
          at = placed[squares[i]];
      fe_file_error_set (error, FE_FILE_ERROR_RULE, l->filename, (int) xmlGetLineNo (at), 1, "%s",
                         e->message);
      return FALSE;
    }
  return TRUE;
}


/* ---- parse ------------------------------------------------------------------ */

GPtrArray *
fe_xml_parse (const char *text, gsize length, const char *filename, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  Loader l = { .filename = filename ? filename : "<input>" };
  xmlDocPtr doc = fe_xml_read_valid_document (&l, text, length, error);
  g_clear_pointer (&l.message, g_free);
  if (!doc)
    return NULL;

  xmlNodePtr root = xmlDocGetRootElement (doc);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
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
            fail_at (&l, error, node, _ ("unexpected <%s> in <collection>"), (const char *) node->name);
            g_clear_pointer (&result, g_ptr_array_unref);
            break;
          }
        if (!read_problem (&l, error, node, p))
          {
            g_clear_pointer (&result, g_ptr_array_unref);
            break;
          }
      }
  xmlFreeDoc (doc);
  return result;
}
