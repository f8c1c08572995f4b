/* olive-read.c — Olive entries read into FeProblem, each field by its own grammar.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chess fields of an entry hold pieces of Popeye's language, and each
 * is read alone, on its own words, by the part of the Popeye reader for
 * that piece of the language: an options item by the option table or the
 * condition registry's keyword tables, a piece by the piece reader, the
 * stipulation by the stipulation parser, a twin by the twin reader.  No
 * field is pasted into a text that another reader goes over, so none can
 * bring a command of its own: a line break, a second command or a keyword
 * where a value belongs is an error located at the field's YAML node.
 * The texts (authors, source, solution, comments …) are kept as written.
 */
#include <string.h>
#include <yaml.h>

#include "olive.h"
#include "popeye-private.h"
#include "core/model/walk.h"

#include "core/model/fe-i18n.h"

/* A field read, kept for the errors found after it (a modifier without
 * its condition, a second king, a twin that does not apply). */
typedef struct {
  yaml_node_t *node;
  const char *key;   /* "options", "white", "stipulation", "twins" … */
  const char *label; /* a twin's letter, else NULL */
} Field;

typedef struct {
  const char *text; /* the YAML, for exact columns */
  gsize length;
  const char *name;
  yaml_document_t *doc;
  yaml_node_t *entry;
  int number;    /* of the entry in the stream, 1-based */
  P p;           /* the Popeye reader's state, over one field's words at a time */
  GError *inner; /* its error, placed at the field's node by field_failed */
  GArray *fields; /* of Field: those of the entry read so far */
  guint first_twin; /* index in `fields` of twin b) */
} Reader;

/* The column where a scalar's character `chars` (0-based) stands in the
 * text: exact when the scalar is written as it reads (plain, or quoted
 * without an escape before it), else its node's. */
static int
column_in_text (const Reader *r, const yaml_node_t *node, glong chars)
{
  int column = (int) node->start_mark.column + 1;
  const char *value = (const char *) node->data.scalar.value;
  gsize length = node->data.scalar.length;
  int quote = node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? 0
              : node->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE
                  || node->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
                ? 1
                : -1;
  if (quote < 0)
    return column;
  if (chars <= 0)
    return column + quote;
  if (!g_utf8_validate (value, (gssize) length, NULL)
      || chars > g_utf8_strlen (value, (gssize) length))
    return column;
  gsize bytes = (gsize) (g_utf8_offset_to_pointer (value, chars) - value);
  /* The node's start in the text: its line, then its column in characters. */
  gsize at = 0;
  for (size_t line = 0; line < node->start_mark.line && at < r->length; at++)
    if (r->text[at] == '\n')
      line++;
  for (size_t c = 0; c < node->start_mark.column + quote && at < r->length; c++)
    at = (gsize) (g_utf8_next_char (r->text + at) - r->text);
  if (at + bytes > r->length || memcmp (r->text + at, value, bytes) != 0)
    return column;
  return column + quote + (int) chars;
}

static gboolean
fail_at (const Reader *r, yaml_node_t *node, GError **error, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
fail_at (const Reader *r, yaml_node_t *node, GError **error, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  fe_file_error_set (error, FE_FILE_ERROR_SYNTAX, r->name, (int) node->start_mark.line + 1,
                     (int) node->start_mark.column + 1, "%s", msg);
  return FALSE;
}

/* The field whose text holds `s` (a token's); NULL `s`: the field read last. */
static const Field *
field_of (const Reader *r, const char *s)
{
  if (!r->fields->len)
    return NULL;
  if (!s)
    return &g_array_index (r->fields, Field, r->fields->len - 1);
  for (guint i = 0; i < r->fields->len; i++)
    {
      const Field *f = &g_array_index (r->fields, Field, i);
      const char *value = (const char *) f->node->data.scalar.value;
      if (s >= value && s <= value + f->node->data.scalar.length)
        return f;
    }
  return NULL;
}

/* An error of the Popeye reader's parts (r->inner, at r->p.fail_tok),
 * placed at the field its token is in and named by the field's key. */
static gboolean
field_failed (Reader *r, GError **error)
{
  const Tok *t = &r->p.fail_tok;
  const Field *f = field_of (r, t->s);
  const char *what = r->inner ? r->inner->message : "?";
  if (r->inner)
    fe_file_error_get_location (r->inner, NULL, NULL, NULL, &what);
  FeFileErrorCode code = r->inner && r->inner->domain == FE_FILE_ERROR
                           ? (FeFileErrorCode) r->inner->code
                           : FE_FILE_ERROR_SYNTAX;
  yaml_node_t *node = f ? f->node : r->entry;
  int column = f && t->line == 1 ? column_in_text (r, node, t->col - 1)
                                 : (int) node->start_mark.column + 1;
  if (f && f->label)
    fe_file_error_set (error, code, r->name, (int) node->start_mark.line + 1, column,
                       "%s: %s: %s", f->key, f->label, what);
  else if (f)
    fe_file_error_set (error, code, r->name, (int) node->start_mark.line + 1, column, "%s: %s",
                       f->key, what);
  else
    fe_file_error_set (error, code, r->name, (int) node->start_mark.line + 1, column,
                       _ ("entry %d: %s"), r->number, what);
  g_clear_error (&r->inner);
  return FALSE;
}

/* Makes scalar `node` the field the Popeye reader's parts read next: its
 * words as tokens.  A line break or another control character belongs to
 * no field of Popeye's words (it would end a command in Popeye's text). */
static gboolean
begin_field (Reader *r, yaml_node_t *node, const char *key, const char *label, GError **error)
{
  if (node->type != YAML_SCALAR_NODE)
    return fail_at (r, node, error, _ ("%s: expected a text"), key);
  Field f = { node, key, label };
  g_array_append_val (r->fields, f);
  const char *value = (const char *) node->data.scalar.value;
  gsize length = node->data.scalar.length;
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) value[i];
      if ((c < 0x20 && c != '\t') || c == 0x7f)
        {
          glong chars = g_utf8_validate (value, (gssize) i, NULL)
                          ? g_utf8_strlen (value, (gssize) i)
                          : 0;
          fe_file_error_set (error, FE_FILE_ERROR_SYNTAX, r->name,
                             (int) node->start_mark.line + 1, column_in_text (r, node, chars),
                             _ ("%s: a line break or a control character (byte 0x%02x) "
                                "cannot be in %s"),
                             key, c,
                             label                                ? _ ("a twin")
                             : strcmp (key, "options") == 0       ? _ ("an option item")
                             : strcmp (key, "stipulation") == 0   ? _ ("a stipulation")
                                                                  : _ ("a piece"));
          return FALSE;
        }
    }
  P *p = &r->p;
  g_array_set_size (p->toks, 0);
  p->i = 0;
  p->text = value;
  p->length = length;
  memset (&p->eof, 0, sizeof p->eof);
  if (!py_tokenise (p))
    return field_failed (r, error);
  return TRUE;
}

static yaml_node_t *
lookup (const Reader *r, yaml_node_t *map, const char *key)
{
  for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++)
    {
      yaml_node_t *k = yaml_document_get_node (r->doc, p->key);
      if (k && k->type == YAML_SCALAR_NODE && strcmp ((char *) k->data.scalar.value, key) == 0)
        return yaml_document_get_node (r->doc, p->value);
    }
  return NULL;
}

/* A scalar's text, or NULL with an error naming `key`. */
static const char *
scalar (const Reader *r, yaml_node_t *node, const char *key, GError **error)
{
  if (node->type != YAML_SCALAR_NODE)
    {
      fail_at (r, node, error, _ ("%s: expected a text"), key);
      return NULL;
    }
  return (const char *) node->data.scalar.value;
}

/* The items of a list field, as nodes (a single scalar is one item, as
 * YACPDB allows for one author; an empty one none); FALSE with an error
 * otherwise. */
static gboolean
items (const Reader *r, yaml_node_t *node, const char *key, GPtrArray *out, GError **error)
{
  if (node->type == YAML_SCALAR_NODE)
    {
      if (node->data.scalar.length)
        g_ptr_array_add (out, node);
      return TRUE;
    }
  if (node->type != YAML_SEQUENCE_NODE)
    return fail_at (r, node, error, _ ("%s: expected a list"), key);
  for (yaml_node_item_t *i = node->data.sequence.items.start; i < node->data.sequence.items.top;
       i++)
    {
      yaml_node_t *item = yaml_document_get_node (r->doc, *i);
      if (!item || item->type != YAML_SCALAR_NODE)
        return fail_at (r, item ? item : node, error, _ ("%s: expected a text"), key);
      g_ptr_array_add (out, item);
    }
  return TRUE;
}

/* The texts of a list field (see items). */
static gboolean
scalars (const Reader *r, yaml_node_t *node, const char *key, GPtrArray *out, GError **error)
{
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  if (!items (r, node, key, nodes, error))
    return FALSE;
  for (guint i = 0; i < nodes->len; i++)
    g_ptr_array_add (out, g_strdup ((char *) ((yaml_node_t *) nodes->pdata[i])->data.scalar.value));
  return TRUE;
}

/* ---- the chess fields ------------------------------------------------- */

/* "options" named in messages where the Popeye reader names its command. */
static const Tok options_tok = { "options", 7, 1, 1, 0 };

/* One options item: an option with its values ("Defence 1"), or
 * conditions with their variants and squares ("Madrasi RexInclusive",
 * "Imitator b6"), and nothing else. */
static gboolean
read_option_item (Reader *r, yaml_node_t *item, GError **error)
{
  P *p = &r->p;
  if (!begin_field (r, item, "options", NULL, error))
    return FALSE;
  const Tok *first = py_peek (p);
  if (!first)
    return fail_at (r, item, error, _ ("options: an empty item"));
  int c = py_kw_lookup (p->conditions, p->n_conditions, first, NULL);
  gboolean exact_condition = c >= 0 && (int) strlen (p->conditions[c].name) == first->len;
  FeProblem *pb = p->pb;
  if (py_is_option_word (first) && !exact_condition)
    py_parse_options (p, &options_tok);
  else if (c >= 0 || c == KW_AMBIGUOUS)
    {
      FeConditionTarget ct = { &pb->conditions, &pb->diagram.n_imitators, pb->diagram.imitators,
                               pb->diagram.imitator_colour };
      py_parse_conditions (p, &options_tok, &ct, FALSE);
    }
  else
    py_perr (p, first, "\"%.*s\" is neither an option nor a condition", first->len, first->s);
  const Tok *rest = p->failed ? NULL : py_peek (p);
  if (rest)
    py_perr (p, rest, "\"%.*s\" cannot follow in this item: one option, or conditions, an item",
             rest->len, rest->s);
  return p->failed ? field_failed (r, error) : TRUE;
}

static gboolean
read_options (Reader *r, GError **error)
{
  yaml_node_t *n = lookup (r, r->entry, "options");
  if (!n)
    return TRUE;
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  if (!items (r, n, "options", list, error))
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    if (!read_option_item (r, list->pdata[i], error))
      return FALSE;
  return TRUE;
}

static gboolean
read_pieces (Reader *r, GError **error)
{
  yaml_node_t *n = lookup (r, r->entry, "algebraic");
  if (!n)
    return TRUE;
  if (n->type != YAML_MAPPING_NODE)
    return fail_at (r, n, error, _ ("algebraic: expected white, black and neutral piece lists"));
  static const char *const colours[] = { "white", "black", "neutral" };
  for (int c = FE_WHITE; c <= FE_NEUTRAL; c++)
    {
      yaml_node_t *list = lookup (r, n, colours[c]);
      if (!list)
        continue;
      g_autoptr (GPtrArray) pieces = g_ptr_array_new ();
      if (!items (r, list, colours[c], pieces, error))
        return FALSE;
      for (guint i = 0; i < pieces->len; i++)
        {
          if (!begin_field (r, pieces->pdata[i], colours[c], NULL, error))
            return FALSE;
          if (!py_read_piece (&r->p, c, py_diagram_sink, &r->p.pb->diagram))
            return field_failed (r, error);
        }
    }
  return TRUE;
}

/* One word: "#2", "h#3", "ser-s#5"; kept as written when Féerie cannot
 * solve it (as the Popeye reader keeps it). */
static gboolean
read_stipulation (Reader *r, yaml_node_t *n, GError **error)
{
  P *p = &r->p;
  if (!begin_field (r, n, "stipulation", NULL, error))
    return FALSE;
  if (!py_peek (p))
    return fail_at (r, n, error, _ ("stipulation: empty (Olive writes '#2', 'h#3')"));
  /* The Popeye reader keeps a stipulation it cannot solve as written: a
   * keyword is none (a stipulation has a goal or a count, never letters
   * alone). */
  const Tok *first = py_peek (p);
  if (py_command_of (first) != KW_NONE || py_is_twin_word (first) || py_is_option_word (first)
      || py_kw_lookup (p->conditions, p->n_conditions, first, NULL) != KW_NONE)
    {
      py_perr (p, first, "\"%.*s\" is a keyword, not a stipulation (#2, h#3)", first->len,
               first->s);
      return field_failed (r, error);
    }
  static const Tok stipulation_tok = { "stipulation", 11, 1, 1, 0 };
  if (py_parse_stipulation (p, &stipulation_tok, &p->pb->stipulation,
                            &p->pb->unsupported_stipulation))
    {
      const Tok *rest = py_peek (p);
      if (rest)
        py_perr (p, rest, "\"%.*s\" after the stipulation: a stipulation is one word (#2, h#3)",
                 rest->len, rest->s);
    }
  return p->failed ? field_failed (r, error) : TRUE;
}

/* Compares twin letters as Olive orders them, a number after the letters
 * as a number: b … z, z1, z2, … z10 (Popeye's labels past z). */
static int
compare_labels (const char *a, const char *b)
{
  const char *x = a, *y = b;
  while (*x && *y)
    {
      if (g_ascii_isdigit (*x) && g_ascii_isdigit (*y))
        {
          while (*x == '0')
            x++;
          while (*y == '0')
            y++;
          gsize nx = strspn (x, "0123456789"), ny = strspn (y, "0123456789");
          if (nx != ny)
            return nx < ny ? -1 : 1;
          int c = strncmp (x, y, nx);
          if (c)
            return c;
          x += nx, y += ny;
          continue;
        }
      if (*x != *y)
        return (guchar) *x < (guchar) *y ? -1 : 1;
      x++, y++;
    }
  if (*x || *y)
    return *x ? 1 : -1;
  return strcmp (a, b);
}

static int
compare_pairs (gconstpointer a, gconstpointer b, gpointer doc)
{
  const yaml_node_pair_t *x = *(yaml_node_pair_t *const *) a, *y = *(yaml_node_pair_t *const *) b;
  yaml_node_t *kx = yaml_document_get_node (doc, x->key), *ky = yaml_document_get_node (doc, y->key);
  return compare_labels ((char *) kx->data.scalar.value, (char *) ky->data.scalar.value);
}

static gboolean
read_twins (Reader *r, GError **error)
{
  P *p = &r->p;
  yaml_node_t *n = lookup (r, r->entry, "twins");
  r->first_twin = r->fields->len;
  if (!n || (n->type == YAML_SCALAR_NODE && !n->data.scalar.length))
    return TRUE;
  if (n->type != YAML_MAPPING_NODE)
    return fail_at (r, n, error, _ ("twins: expected b: …, c: …"));
  g_autoptr (GPtrArray) pairs = g_ptr_array_new ();
  gboolean sorted = TRUE;
  for (yaml_node_pair_t *pair = n->data.mapping.pairs.start; pair < n->data.mapping.pairs.top;
       pair++)
    {
      yaml_node_t *key = yaml_document_get_node (r->doc, pair->key);
      if (!key || key->type != YAML_SCALAR_NODE)
        return fail_at (r, key ? key : n, error, _ ("twins: a twin's key is its letter (b, c, …)"));
      if (pairs->len)
        {
          yaml_node_pair_t *last = pairs->pdata[pairs->len - 1];
          sorted &= compare_pairs (&last, &pair, r->doc) <= 0;
        }
      g_ptr_array_add (pairs, pair);
    }
  /* In the order of their letters, as Olive sorts them (most files
   * already are). */
  if (!sorted)
    g_ptr_array_sort_with_data (pairs, compare_pairs, r->doc);
  for (guint i = 0; i < pairs->len; i++)
    {
      yaml_node_pair_t *pair = pairs->pdata[i];
      yaml_node_t *key = yaml_document_get_node (r->doc, pair->key);
      yaml_node_t *value = yaml_document_get_node (r->doc, pair->value);
      if (!value)
        return fail_at (r, key, error, _ ("%s: expected a text"), "twins");
      if (!begin_field (r, value, "twins", (const char *) key->data.scalar.value, error))
        return FALSE;
      const Tok *first = py_peek (p);
      Tok start = first ? *first : p->eof;
      if (py_parse_twin (p, &start, FALSE))
        {
          const Tok *rest = py_peek (p);
          if (rest)
            py_perr (p, rest, "\"%.*s\" is not a twinning command", rest->len, rest->s);
        }
      if (p->failed)
        return field_failed (r, error);
    }
  return TRUE;
}

/* The rules the problem breaks, at the field that made it break them:
 * the twin, else the later-read of the pieces it names (a second king),
 * else the entry. */
static gboolean
validate (Reader *r, GError **error)
{
  FeProblem *pb = r->p.pb;
  FeProblemFault fault;
  g_autoptr (GError) e = NULL;
  if (fe_problem_validate (pb, &fault, &e))
    return TRUE;
  const Field *f = NULL;
  if (fault.twin > 0 && r->first_twin + fault.twin - 1 < r->fields->len)
    f = &g_array_index (r->fields, Field, r->first_twin + fault.twin - 1);
  else if (fault.rule == FE_RULE_TWO_KINGS && !fault.in_target)
    {
      const Tok *at = NULL;
      const FeSquare squares[] = { fault.square, fault.other };
      for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
        {
          const Tok *t = squares[i] != FE_NO_SQUARE ? &r->p.placed[squares[i]] : NULL;
          if (t && t->s && (!at || field_of (r, t->s) > field_of (r, at->s)))
            at = t;
        }
      f = at ? field_of (r, at->s) : NULL;
    }
  yaml_node_t *node = f ? f->node : r->entry;
  fe_file_error_set (error, FE_FILE_ERROR_RULE, r->name, (int) node->start_mark.line + 1,
                     (int) node->start_mark.column + 1, "%s", e->message);
  return FALSE;
}

/* The entry's chess into a new problem: options (conditions before the
 * pieces, as Popeye reads them), pieces, stipulation, twins; then what
 * only the whole problem says. */
static FeProblem *
read_chess (Reader *r, GError **error)
{
  P *p = &r->p;
  FeProblem *pb = fe_problem_new ();
  p->pb = pb;
  p->board = &pb->diagram;
  p->failed = FALSE;
  memset (p->have_modifier, 0, sizeof p->have_modifier);
  memset (p->placed, 0, sizeof p->placed);
  memset (p->placed_target, 0, sizeof p->placed_target);
  g_array_set_size (p->twin_toks, 0);
  g_array_set_size (r->fields, 0);
  yaml_node_t *stipulation = lookup (r, r->entry, "stipulation");
  gboolean ok = read_options (r, error) && read_pieces (r, error)
                && (!stipulation || read_stipulation (r, stipulation, error))
                && read_twins (r, error);
  if (ok && !stipulation)
    ok = fail_at (r, r->entry, error, _ ("entry %d: no stipulation (Olive writes stipulation: "
                                         "'#2')"),
                  r->number);
  if (ok && !py_finish_conditions (p, NULL))
    ok = field_failed (r, error);
  if (ok)
    {
      fe_problem_settle_diagram (pb);
      ok = validate (r, error);
    }
  if (!ok)
    g_clear_pointer (&pb, fe_problem_free);
  return pb;
}

/* ---- the texts -------------------------------------------------------- */

static void
set_text (char **field, const char *text)
{
  g_free (*field);
  *field = text && *text ? g_strdup (text) : NULL;
}

static gboolean
read_metadata (const Reader *r, FeProblem *p, GError **error)
{
  static const struct {
    const char *key;
    gsize offset;
  } texts[] = {
    { "source", G_STRUCT_OFFSET (FeProblem, source_name) },
    { "date", G_STRUCT_OFFSET (FeProblem, source_date) },
    { "distinction", G_STRUCT_OFFSET (FeProblem, award_distinction) },
    { "solution", G_STRUCT_OFFSET (FeProblem, solution_text) },
    { "intended-solutions", G_STRUCT_OFFSET (FeProblem, intended_solutions) },
  };
  yaml_node_t *entry = r->entry;
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      yaml_node_t *n = lookup (r, entry, texts[i].key);
      if (!n)
        continue;
      /* YACPDB's source may be a mapping: its name, date, issue. */
      if (n->type == YAML_MAPPING_NODE && strcmp (texts[i].key, "source") == 0)
        {
          yaml_node_t *m;
          if ((m = lookup (r, n, "name")) && m->type == YAML_SCALAR_NODE)
            set_text (&p->source_name, (char *) m->data.scalar.value);
          if ((m = lookup (r, n, "issue")) && m->type == YAML_SCALAR_NODE)
            set_text (&p->source_issue, (char *) m->data.scalar.value);
          continue;
        }
      const char *text = scalar (r, n, texts[i].key, error);
      if (!text)
        return FALSE;
      set_text (G_STRUCT_MEMBER_P (p, texts[i].offset), text);
    }
  yaml_node_t *n;
  if ((n = lookup (r, entry, "source-id")))
    {
      const char *id = scalar (r, n, "source-id", error);
      if (!id)
        return FALSE;
      /* "issue/number", or the number alone. */
      const char *slash = strchr (id, '/');
      if (slash)
        {
          char *issue = g_strndup (id, slash - id);
          set_text (&p->source_issue, issue);
          g_free (issue);
          set_text (&p->source_number, slash + 1);
        }
      else
        set_text (&p->source_number, id);
    }
  if ((n = lookup (r, entry, "authors")))
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      if (!scalars (r, n, "authors", names, error))
        return FALSE;
      g_ptr_array_set_size (p->authors, 0);
      for (guint i = 0; i < names->len; i++)
        {
          /* "Family, Given" */
          const char *name = names->pdata[i];
          const char *comma = strstr (name, ", ");
          FeAuthor *a = g_new0 (FeAuthor, 1);
          a->family = comma ? g_strndup (name, comma - name) : g_strdup (name);
          a->given = comma ? g_strdup (comma + 2) : NULL;
          g_ptr_array_add (p->authors, a);
        }
    }
  if ((n = lookup (r, entry, "keywords")))
    {
      g_ptr_array_set_size (p->keywords, 0);
      if (!scalars (r, n, "keywords", p->keywords, error))
        return FALSE;
    }
  if ((n = lookup (r, entry, "comments")))
    {
      /* Féerie keeps one text: the comments are its paragraphs. */
      g_autoptr (GPtrArray) comments = g_ptr_array_new_with_free_func (g_free);
      if (!scalars (r, n, "comments", comments, error))
        return FALSE;
      if (comments->len)
        {
          g_ptr_array_add (comments, NULL);
          g_free (p->comments);
          p->comments = g_strjoinv ("\n\n", (char **) comments->pdata);
        }
    }
  return TRUE;
}

static gboolean
read_entry (Reader *r, yaml_node_t *entry, GPtrArray *out, GError **error)
{
  r->entry = entry;
  r->number++;
  if (entry->type != YAML_MAPPING_NODE)
    return fail_at (r, entry, error, _ ("entry %d: expected keys (algebraic, stipulation, …)"),
                    r->number);
  FeProblem *p = read_chess (r, error);
  if (!p)
    return FALSE;
  if (!read_metadata (r, p, error))
    {
      fe_problem_free (p);
      return FALSE;
    }
  g_ptr_array_add (out, p);
  return TRUE;
}

GPtrArray *
fe_olive_read (const char *text, gsize length, const char *name, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  fe_walks_init ();
  yaml_parser_t parser;
  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) (text ? text : ""), length);
  Reader r = { .text = text ? text : "", .length = length, .name = name ? name : "<input>" };
  r.fields = g_array_new (FALSE, FALSE, sizeof (Field));
  r.p.filename = r.name;
  r.p.error = &r.inner;
  r.p.words_only = TRUE;
  r.p.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  r.p.twin_toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  py_conditions_table_init (&r.p);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  for (;;)
    {
      yaml_document_t doc;
      if (!yaml_parser_load (&parser, &doc))
        {
          fe_file_error_set (error, FE_FILE_ERROR_SYNTAX, r.name,
                             (int) parser.problem_mark.line + 1,
                             (int) parser.problem_mark.column + 1, "%s",
                             parser.problem ? parser.problem : "not YAML");
          g_clear_pointer (&out, g_ptr_array_unref);
          break;
        }
      yaml_node_t *root = yaml_document_get_root_node (&doc);
      if (!root)
        {
          yaml_document_delete (&doc);
          break; /* the end of the stream */
        }
      r.doc = &doc;
      gboolean ok = TRUE;
      if (root->type == YAML_SEQUENCE_NODE)
        for (yaml_node_item_t *i = root->data.sequence.items.start;
             ok && i < root->data.sequence.items.top; i++)
          ok = read_entry (&r, yaml_document_get_node (&doc, *i), out, error);
      else if (!(root->type == YAML_SCALAR_NODE && !*root->data.scalar.value))
        ok = read_entry (&r, root, out, error);
      yaml_document_delete (&doc);
      if (!ok)
        {
          g_clear_pointer (&out, g_ptr_array_unref);
          break;
        }
    }
  yaml_parser_delete (&parser);
  g_array_unref (r.fields);
  g_array_unref (r.p.toks);
  g_array_unref (r.p.twin_toks);
  g_free (r.p.conditions);
  g_clear_error (&r.inner);
  return out;
}
