/* olive.c — Olive's collections (.olv) and YACPDB's YAML entries.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An .olv file is a stream of YAML documents, one entry each, with the
 * keys of YACPDB's entry schema (docs/file-format.md, "Olive and YACPDB"):
 * authors, source, source-id, date, distinction, algebraic, stipulation,
 * options, twins, keywords, comments, solution, intended-solutions.  The
 * YAML is read and written by libyaml.  Olive's options are Popeye's own
 * words (options and conditions alike), its twins Popeye's twin commands
 * and its pieces Popeye's codes, so the chess part of an entry is read by
 * writing it as Popeye input for the Popeye reader, and written from what
 * the Popeye writer says: one reading of Popeye's language in Féerie.
 */
#include <string.h>
#include <yaml.h>

#include "olive.h"
#include "popeye.h"
#include "popeye-private.h"
#include "core/model/condition-class.h"
#include "core/model/walk.h"

#include "core/model/fe-i18n.h"

static const char *const olive_extensions[] = { ".olv", ".yaml", ".yml", NULL };

/* ---- reading ---------------------------------------------------------- */

typedef struct {
  yaml_document_t *doc;
  const char *name;
} Reader;

static gboolean
fail_at (const Reader *r, yaml_node_t *node, GError **error, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
fail_at (const Reader *r, yaml_node_t *node, GError **error, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  char *msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, FE_FILE_ERROR, FE_FILE_ERROR_SYNTAX, "%s:%lu:%lu: %s", r->name,
               (unsigned long) node->start_mark.line + 1,
               (unsigned long) node->start_mark.column + 1, msg);
  g_free (msg);
  return FALSE;
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

/* The texts of a sequence (or of a single scalar, as YACPDB allows for one
 * author); FALSE with an error otherwise. */
static gboolean
scalars (const Reader *r, yaml_node_t *node, const char *key, GPtrArray *out, GError **error)
{
  if (node->type == YAML_SCALAR_NODE)
    {
      g_ptr_array_add (out, g_strdup ((char *) node->data.scalar.value));
      return TRUE;
    }
  if (node->type != YAML_SEQUENCE_NODE)
    return fail_at (r, node, error, _ ("%s: expected a list"), key);
  for (yaml_node_item_t *i = node->data.sequence.items.start; i < node->data.sequence.items.top;
       i++)
    {
      yaml_node_t *item = yaml_document_get_node (r->doc, *i);
      const char *text = item ? scalar (r, item, key, error) : NULL;
      if (!text)
        return FALSE;
      g_ptr_array_add (out, g_strdup (text));
    }
  return TRUE;
}

/* Does Popeye's reader take `entry` after the word `kind` ("option")? */
static gboolean
popeye_accepts (const char *kind, const char *entry)
{
  char *text = g_strdup_printf ("begin\nstipulation #2\n%s %s\npieces white ka1 black kh8\nend\n",
                                kind, entry);
  GPtrArray *p = fe_popeye_read (text, strlen (text), "", NULL);
  g_free (text);
  if (p)
    g_ptr_array_unref (p);
  return p != NULL;
}

/* "Magic Sf6" → "magic sf6": Olive's piece, in Popeye's pieces clause. */
static gboolean
append_piece (GString *s, const char *piece)
{
  char **words = g_strsplit_set (piece, " \t", -1);
  int n = 0;
  for (char **w = words; *w; w++)
    if (**w)
      {
        g_string_append_printf (s, " %s", *w);
        n++;
      }
  g_strfreev (words);
  gsize len = strlen (piece);
  return n > 0 && len >= 3 && g_ascii_isdigit (piece[len - 1]);
}

/* The Popeye input of an entry's chess: options, pieces, stipulation
 * (after the pieces: after an a=>b stipulation they would be its target),
 * twins. */
static char *
entry_popeye_text (const Reader *r, yaml_node_t *entry, GError **error)
{
  GString *s = g_string_new ("begin\n");
  yaml_node_t *n;
  const char *stip = NULL;
  if ((n = lookup (r, entry, "stipulation")) && !(stip = scalar (r, n, "stipulation", error)))
    goto fail;
  if ((n = lookup (r, entry, "options")))
    {
      GPtrArray *options = g_ptr_array_new_with_free_func (g_free);
      gboolean ok = scalars (r, n, "options", options, error);
      for (guint i = 0; ok && i < options->len; i++)
        {
          const char *o = options->pdata[i];
          g_string_append_printf (s, "%s %s\n",
                                  popeye_accepts ("option", o) ? "option" : "condition", o);
        }
      g_ptr_array_unref (options);
      if (!ok)
        goto fail;
    }
  if ((n = lookup (r, entry, "algebraic")))
    {
      if (n->type != YAML_MAPPING_NODE)
        {
          fail_at (r, n, error, _ ("algebraic: expected white, black and neutral piece lists"));
          goto fail;
        }
      static const char *const colours[] = { "white", "black", "neutral" };
      gboolean any = FALSE;
      for (guint c = 0; c < G_N_ELEMENTS (colours); c++)
        {
          yaml_node_t *list = lookup (r, n, colours[c]);
          if (!list)
            continue;
          GPtrArray *pieces = g_ptr_array_new_with_free_func (g_free);
          gboolean ok = scalars (r, list, colours[c], pieces, error);
          for (guint i = 0; ok && i < pieces->len; i++)
            {
              g_string_append_printf (s, "%s %s", any ? "      " : "pieces", colours[c]);
              any = TRUE;
              if (!append_piece (s, pieces->pdata[i]))
                ok
                  = fail_at (r, list, error, _ ("%s: \"%s\" is no piece (Olive writes Sf6, Magic Gb3)"),
                             colours[c], (char *) pieces->pdata[i]);
              g_string_append_c (s, '\n');
            }
          g_ptr_array_unref (pieces);
          if (!ok)
            goto fail;
        }
    }
  if (stip)
    g_string_append_printf (s, "stipulation %s\n", stip);
  if ((n = lookup (r, entry, "twins")))
    {
      if (n->type != YAML_MAPPING_NODE)
        {
          fail_at (r, n, error, _ ("twins: expected b: …, c: …"));
          goto fail;
        }
      /* In the order of their letters, as Olive sorts them. */
      GPtrArray *keys = g_ptr_array_new ();
      for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
        g_ptr_array_add (keys, p);
      for (guint i = 0; i < keys->len; i++)
        for (guint k = i + 1; k < keys->len; k++)
          {
            yaml_node_t *a
              = yaml_document_get_node (r->doc, ((yaml_node_pair_t *) keys->pdata[i])->key);
            yaml_node_t *b
              = yaml_document_get_node (r->doc, ((yaml_node_pair_t *) keys->pdata[k])->key);
            if (a->type == YAML_SCALAR_NODE && b->type == YAML_SCALAR_NODE
                && strcmp ((char *) a->data.scalar.value, (char *) b->data.scalar.value) > 0)
              {
                gpointer t = keys->pdata[i];
                keys->pdata[i] = keys->pdata[k];
                keys->pdata[k] = t;
              }
          }
      gboolean ok = TRUE;
      for (guint i = 0; ok && i < keys->len; i++)
        {
          yaml_node_t *v
            = yaml_document_get_node (r->doc, ((yaml_node_pair_t *) keys->pdata[i])->value);
          const char *twin = scalar (r, v, "twins", error);
          if (!twin)
            ok = FALSE;
          else
            g_string_append_printf (s, "twin %s\n", twin);
        }
      g_ptr_array_unref (keys);
      if (!ok)
        goto fail;
    }
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
fail:
  g_string_free (s, TRUE);
  return NULL;
}

static void
set_text (char **field, const char *text)
{
  g_free (*field);
  *field = text && *text ? g_strdup (text) : NULL;
}

/* The entry's metadata, into the problem the Popeye text gave. */
static gboolean
read_metadata (const Reader *r, yaml_node_t *entry, FeProblem *p, GError **error)
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
      GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
      if (!scalars (r, n, "authors", names, error))
        {
          g_ptr_array_unref (names);
          return FALSE;
        }
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
      g_ptr_array_unref (names);
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
      GPtrArray *comments = g_ptr_array_new_with_free_func (g_free);
      gboolean ok = scalars (r, n, "comments", comments, error);
      if (ok && comments->len)
        {
          g_ptr_array_add (comments, NULL);
          g_free (p->comments);
          p->comments = g_strjoinv ("\n\n", (char **) comments->pdata);
        }
      g_ptr_array_unref (comments);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_entry (const Reader *r, yaml_node_t *entry, int number, GPtrArray *out, GError **error)
{
  if (entry->type != YAML_MAPPING_NODE)
    return fail_at (r, entry, error, _ ("entry %d: expected keys (algebraic, stipulation, …)"), number);
  char *text = entry_popeye_text (r, entry, error);
  if (!text)
    return FALSE;
  GError *inner = NULL;
  GPtrArray *problems = fe_popeye_read (text, strlen (text), "", &inner);
  g_free (text);
  if (!problems || problems->len != 1)
    {
      /* The Popeye reader's location is in the text written above: the
       * entry's own line says where to look. */
      const char *msg = inner ? inner->message : "no problem";
      while (*msg == ':' || g_ascii_isdigit (*msg))
        msg++;
      fail_at (r, entry, error, _ ("entry %d:%s%s"), number, *msg == ' ' ? "" : " ", msg);
      g_clear_error (&inner);
      if (problems)
        g_ptr_array_unref (problems);
      return FALSE;
    }
  FeProblem *p = g_ptr_array_steal_index (problems, 0);
  g_ptr_array_unref (problems);
  if (!read_metadata (r, entry, p, error))
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
  yaml_parser_t parser;
  yaml_parser_initialize (&parser);
  yaml_parser_set_input_string (&parser, (const unsigned char *) text, length);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  int number = 0;
  for (;;)
    {
      yaml_document_t doc;
      if (!yaml_parser_load (&parser, &doc))
        {
          g_set_error (error, FE_FILE_ERROR, FE_FILE_ERROR_SYNTAX, "%s:%lu:%lu: %s", name,
                       (unsigned long) parser.problem_mark.line + 1,
                       (unsigned long) parser.problem_mark.column + 1,
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
      Reader r = { &doc, name };
      gboolean ok = TRUE;
      if (root->type == YAML_SEQUENCE_NODE)
        for (yaml_node_item_t *i = root->data.sequence.items.start;
             ok && i < root->data.sequence.items.top; i++)
          ok = read_entry (&r, yaml_document_get_node (&doc, *i), ++number, out, error);
      else if (!(root->type == YAML_SCALAR_NODE && !*root->data.scalar.value))
        ok = read_entry (&r, root, ++number, out, error);
      yaml_document_delete (&doc);
      if (!ok)
        {
          g_clear_pointer (&out, g_ptr_array_unref);
          break;
        }
    }
  yaml_parser_delete (&parser);
  return out;
}

/* ---- writing ---------------------------------------------------------- */

typedef struct {
  yaml_emitter_t emitter;
  GString *out;
} Writer;

static int
write_handler (void *data, unsigned char *buffer, size_t size)
{
  g_string_append_len (((Writer *) data)->out, (const char *) buffer, size);
  return 1;
}

static void
emit_scalar (Writer *w, const char *text)
{
  yaml_event_t e;
  /* Texts of several lines as literal blocks, the way people write them. */
  yaml_scalar_style_t style = YAML_ANY_SCALAR_STYLE;
  if (strchr (text, '\n'))
    style = YAML_LITERAL_SCALAR_STYLE;
  /* Dates and numbers stay texts for every YAML reader: '1962'. */
  else if (g_ascii_isdigit (text[0]) || g_ascii_strcasecmp (text, "yes") == 0
           || g_ascii_strcasecmp (text, "no") == 0 || g_ascii_strcasecmp (text, "true") == 0
           || g_ascii_strcasecmp (text, "false") == 0 || g_ascii_strcasecmp (text, "null") == 0
           || strcmp (text, "~") == 0)
    style = YAML_SINGLE_QUOTED_SCALAR_STYLE;
  yaml_scalar_event_initialize (&e, NULL, NULL, (yaml_char_t *) text, (int) strlen (text), 1, 1,
                                style);
  yaml_emitter_emit (&w->emitter, &e);
}

static void
emit_key_text (Writer *w, const char *key, const char *text)
{
  if (!text || !*text)
    return;
  emit_scalar (w, key);
  emit_scalar (w, text);
}

static void
emit_list (Writer *w, const char *key, GPtrArray *items)
{
  if (!items->len)
    return;
  yaml_event_t e;
  emit_scalar (w, key);
  yaml_sequence_start_event_initialize (&e, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE);
  yaml_emitter_emit (&w->emitter, &e);
  for (guint i = 0; i < items->len; i++)
    emit_scalar (w, items->pdata[i]);
  yaml_sequence_end_event_initialize (&e);
  yaml_emitter_emit (&w->emitter, &e);
}

/* Olive's pieces of one colour: "Sf6", "Magic Gb3", a8 to h1; with the
 * attributes Féerie keeps but cannot solve ("Chameleon Bc6"). */
static GPtrArray *
pieces_of (const FeProblem *problem, int colour)
{
  const FePosition *pos = &problem->diagram;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      {
        FePiece p = pos->board[rank * 16 + file];
        if (p.walk == FE_WALK_NONE || p.colour != colour)
          continue;
        GString *s = g_string_new (NULL);
        for (guint k = 0; k < problem->unsupported->len; k++)
          {
            char *attr;
            int c, walk;
            FeSquare at;
            if (py_parse_attr_entry (problem->unsupported->pdata[k], &attr, &c, &at, &walk))
              {
                if (at == rank * 16 + file && c == colour && walk == p.walk)
                  g_string_append_printf (s, "%s ", attr);
                g_free (attr);
              }
          }
        for (int i = 0; i < fe_attribute_count (); i++)
          if (p.attrs & fe_attribute_nth (i)->bit)
            g_string_append_printf (s, "%s ", fe_attribute_nth (i)->popeye_word);
        char sq[3];
        fe_square_name ((FeSquare) (rank * 16 + file), sq);
        g_string_append_printf (s, "%s%s", fe_walk_print_code (p.walk), sq);
        g_ptr_array_add (out, g_string_free (s, FALSE));
      }
  return out;
}

static void
note_loss (GPtrArray *losses, const char *what)
{
  if (!losses)
    return;
  for (guint i = 0; i < losses->len; i++)
    if (strcmp (losses->pdata[i], what) == 0)
      return;
  g_ptr_array_add (losses, g_strdup (what));
}

static gboolean
is_option_name (const char *word)
{
  static const char *const others[] = { "EnPassant", "NoCastling", "CastlingMutuallyExclusive" };
  for (int k = 0; k < py_n_value_options; k++)
    if (g_ascii_strcasecmp (word, py_value_options[k].name) == 0)
      return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (others); k++)
    if (g_ascii_strcasecmp (word, others[k]) == 0)
      return TRUE;
  return FALSE;
}

/* "SetPlay Defence 1" → "SetPlay", "Defence 1": one option an item, as
 * Olive lists them. */
static void
split_options (const char *line, GPtrArray *out)
{
  char **words = g_strsplit (line, " ", -1);
  GString *option = NULL;
  for (char **w = words; *w; w++)
    {
      if (!**w)
        continue;
      if (option && is_option_name (*w))
        {
          g_ptr_array_add (out, g_string_free (option, FALSE));
          option = NULL;
        }
      if (option)
        g_string_append_printf (option, " %s", *w);
      else
        option = g_string_new (*w);
    }
  if (option)
    g_ptr_array_add (out, g_string_free (option, FALSE));
  g_strfreev (words);
}

static void
write_entry (Writer *w, const FeProblem *p, GPtrArray *losses)
{
  yaml_event_t e;
  yaml_document_start_event_initialize (&e, NULL, NULL, NULL, 0);
  yaml_emitter_emit (&w->emitter, &e);
  yaml_mapping_start_event_initialize (&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
  yaml_emitter_emit (&w->emitter, &e);

  /* The chess as the Popeye writer says it: its condition, option, twin
   * lines are Olive's options and twins. */
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  char *popeye = fe_popeye_write (p, warnings);
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *twins = g_ptr_array_new_with_free_func (g_free);
  char *stipulation = NULL;
  char **lines = g_strsplit (popeye, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      if (g_str_has_prefix (*l, "condition "))
        g_ptr_array_add (options, g_strdup (*l + 10));
      else if (g_str_has_prefix (*l, "option "))
        split_options (*l + 7, options);
      else if (g_str_has_prefix (*l, "twin "))
        g_ptr_array_add (twins, g_strdup (*l + 5));
      else if (g_str_has_prefix (*l, "stipulation "))
        stipulation = g_strdup (*l + 12);
      else if (g_str_has_prefix (*l, "zeroposition"))
        note_loss (losses, _("Olive has no zero position: its twins are written as twins"));
    }
  g_strfreev (lines);
  g_free (popeye);
  if (fe_problem_has_target (p))
    note_loss (losses, _("Olive has no target position: an a=>b problem's position B is left "
                         "out"));
  if (warnings->len)
    note_loss (losses, _("Olive's entries hold what Popeye reads: conditions and pieces Popeye "
                         "lacks are left out"));
  g_ptr_array_unref (warnings);

  emit_scalar (w, "algebraic");
  yaml_mapping_start_event_initialize (&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
  yaml_emitter_emit (&w->emitter, &e);
  static const char *const colours[] = { "white", "black", "neutral" };
  for (int c = 0; c < 3; c++)
    {
      GPtrArray *pieces = pieces_of (p, c);
      emit_list (w, colours[c], pieces);
      g_ptr_array_unref (pieces);
    }
  yaml_mapping_end_event_initialize (&e);
  yaml_emitter_emit (&w->emitter, &e);

  GPtrArray *authors = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < p->authors->len; i++)
    {
      const FeAuthor *a = p->authors->pdata[i];
      g_ptr_array_add (authors, a->given && *a->given
                                  ? g_strdup_printf ("%s, %s", a->family ? a->family : "", a->given)
                                  : g_strdup (a->family ? a->family : ""));
    }
  emit_list (w, "authors", authors);
  g_ptr_array_unref (authors);
  if (p->comments && *p->comments)
    {
      char **paragraphs = g_strsplit (p->comments, "\n\n", -1);
      GPtrArray *comments = g_ptr_array_new_with_free_func (g_free);
      for (char **c = paragraphs; *c; c++)
        g_ptr_array_add (comments, g_strdup (*c));
      g_strfreev (paragraphs);
      emit_list (w, "comments", comments);
      g_ptr_array_unref (comments);
    }
  emit_key_text (w, "date", p->source_date);
  emit_key_text (w, "distinction", p->award_distinction);
  emit_key_text (w, "intended-solutions", p->intended_solutions);
  emit_list (w, "keywords", p->keywords);
  emit_list (w, "options", options);
  emit_key_text (w, "solution", p->solution_text);
  emit_key_text (w, "source", p->source_name);
  if (p->source_number && *p->source_number)
    {
      char *id = p->source_issue && *p->source_issue
                   ? g_strdup_printf ("%s/%s", p->source_issue, p->source_number)
                   : g_strdup (p->source_number);
      emit_key_text (w, "source-id", id);
      g_free (id);
    }
  else if (p->source_issue && *p->source_issue)
    note_loss (losses, _("Olive keeps a source's issue only with its problem number"));
  emit_key_text (w, "stipulation", stipulation);
  if (twins->len)
    {
      emit_scalar (w, "twins");
      yaml_mapping_start_event_initialize (&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
      yaml_emitter_emit (&w->emitter, &e);
      for (guint i = 0; i < twins->len; i++)
        {
          char *label = fe_twin_label ((int) i + 1);
          emit_scalar (w, label);
          emit_scalar (w, twins->pdata[i]);
          g_free (label);
        }
      yaml_mapping_end_event_initialize (&e);
      yaml_emitter_emit (&w->emitter, &e);
    }
  yaml_mapping_end_event_initialize (&e);
  yaml_emitter_emit (&w->emitter, &e);
  yaml_document_end_event_initialize (&e, 1);
  yaml_emitter_emit (&w->emitter, &e);

  if (p->title && *p->title)
    note_loss (losses, _("Olive has no title"));
  if (p->remarks->len)
    note_loss (losses, _("Olive has no remarks"));
  if ((p->award_tourney && *p->award_tourney) || (p->award_judges && *p->award_judges))
    note_loss (losses, _("Olive keeps an award's distinction only, not its tourney nor judges"));
  if (p->source_volume && *p->source_volume)
    note_loss (losses, _("Olive has no source volume"));
  g_free (stipulation);
  g_ptr_array_unref (options);
  g_ptr_array_unref (twins);
}

char *
fe_olive_write (GPtrArray *problems, GPtrArray *losses)
{
  Writer w = { .out = g_string_new (NULL) };
  yaml_emitter_initialize (&w.emitter);
  yaml_emitter_set_output (&w.emitter, write_handler, &w);
  yaml_emitter_set_unicode (&w.emitter, 1);
  yaml_emitter_set_width (&w.emitter, -1);
  yaml_event_t e;
  yaml_stream_start_event_initialize (&e, YAML_UTF8_ENCODING);
  yaml_emitter_emit (&w.emitter, &e);
  for (guint i = 0; i < problems->len; i++)
    write_entry (&w, problems->pdata[i], losses);
  yaml_stream_end_event_initialize (&e);
  yaml_emitter_emit (&w.emitter, &e);
  yaml_emitter_flush (&w.emitter);
  yaml_emitter_delete (&w.emitter);
  return g_string_free (w.out, FALSE);
}

/* A YAML document of entry keys: "---" first, or a key of the schema at
 * the start of a line before anything else. */
static gboolean
olive_recognise (const char *text, gsize length)
{
  static const char *const keys[] = { "algebraic:", "stipulation:", "authors:", "source:",
                                      "options:", "twins:", "solution:", "distinction:" };
  gsize i = 0;
  while (i < length)
    {
      gsize end = i;
      while (end < length && text[end] != '\n')
        end++;
      const char *line = text + i;
      gsize n = end - i;
      if (n && line[0] != '#')
        {
          if (n >= 3 && strncmp (line, "---", 3) == 0)
            return TRUE;
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            if (n >= strlen (keys[k]) && strncmp (line, keys[k], strlen (keys[k])) == 0)
              return TRUE;
          return FALSE;
        }
      i = end + 1;
    }
  return FALSE;
}

const FeFileFormat fe_olive_format = {
  .id = "olive",
  .name = FE_N_("Olive collection (YAML)"),
  .extensions = olive_extensions,
  .flags = FE_FORMAT_WHOLE_PROBLEM,
  .recognise = olive_recognise,
  .read = fe_olive_read,
  .write = fe_olive_write,
};
