/* olive-write.c — FeProblem written as Olive entries, each field from the model.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each chess field is written from the problem by the writer of its own
 * piece of Popeye's language: the stipulation by fe_stipulation_to_string,
 * the pieces by their walk codes and attribute words, the options by the
 * option table and the condition registry's words, each twin by the
 * one-twin writer.  libyaml quotes and escapes every text, so a text
 * (an author, a comment) stays a text.
 */
#include <string.h>
#include <yaml.h>

#include "olive.h"
#include "popeye-private.h"
#include "core/model/condition-class.h"
#include "core/model/walk.h"

#include "core/model/fe-i18n.h"

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

/* Olive's options of a problem: its conditions as one item (the words of
 * Popeye's condition line, Féerie's own words after them), then one item
 * an option, then the conditions and options Féerie keeps unsolved, as
 * read.  `extension`: set when Féerie's own words were needed. */
static GPtrArray *
options_of (const FeProblem *pb, gboolean *extension)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const FePosition *d = &pb->diagram;
  /* A condition the pieces switch on (magic pieces) goes without saying. */
  GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
  FeConditionParams cp = pb->conditions, implied;
  py_attribute_conditions (pb, &implied);
  py_omit_attribute_conditions (&cp, &implied);
  py_describe_conditions (&cp, d->n_imitators, d->imitators, d->imitator_colour, po, ex);
  *extension |= ex->len > 0;
  g_string_append (po, ex->str);
  /* Each word is written after a space. */
  if (po->len)
    g_ptr_array_add (out, g_strdup (po->str + 1));
  g_string_free (po, TRUE);
  g_string_free (ex, TRUE);
  py_option_items (pb, out);
  for (guint k = 0; k < pb->unsupported->len; k++)
    {
      const char *e = pb->unsupported->pdata[k];
      char *attr;
      int colour, walk;
      FeSquare sq;
      if (py_parse_attr_entry (e, &attr, &colour, &sq, &walk))
        g_free (attr); /* a piece's: written with the piece */
      else if (g_str_has_prefix (e, "option "))
        g_ptr_array_add (out, g_strdup (e + strlen ("option ")));
      else
        g_ptr_array_add (out, g_strdup (e));
    }
  return out;
}

/* Each twin's commands, as the one-twin writer writes them after "twin". */
static GPtrArray *
twins_of (const FeProblem *pb, gboolean *extension)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < pb->twins->len; k++)
    {
      const FeTwin *tw = pb->twins->pdata[k];
      *extension |= py_twin_needs_extension (pb, tw);
      g_string_truncate (s, 0);
      /* No head: " continued move e1 e2"; each word after a space. */
      py_write_twin (s, pb, tw, "");
      g_ptr_array_add (out, g_strdup (s->len ? s->str + 1 : ""));
    }
  g_string_free (s, TRUE);
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

static void
write_entry (Writer *w, const FeProblem *p, GPtrArray *losses)
{
  yaml_event_t e;
  yaml_document_start_event_initialize (&e, NULL, NULL, NULL, 0);
  yaml_emitter_emit (&w->emitter, &e);
  yaml_mapping_start_event_initialize (&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
  yaml_emitter_emit (&w->emitter, &e);

  gboolean extension = (fe_position_has_attribute (&p->diagram, py_extension_attributes ()));
  GPtrArray *options = options_of (p, &extension);
  GPtrArray *twins = twins_of (p, &extension);
  if (p->zero_position)
    note_loss (losses, _ ("Olive has no zero position: its twins are written as twins"));
  if (p->structured)
    note_loss (losses, _ ("Olive has no structured stipulation (sstipulation): its plain "
                          "synonym, or the nearest plain stipulation, is written instead"));
  if (fe_problem_has_target (p))
    note_loss (losses, _ ("Olive has no target position: an a=>b problem's position B is left "
                          "out"));
  if (extension)
    note_loss (losses, _ ("Olive's entries are read by Popeye: Féerie's own words for what "
                          "Popeye lacks (magician pieces, condition variants) are written as "
                          "Féerie reads them, and Popeye will refuse them"));

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
    note_loss (losses, _ ("Olive keeps a source's issue only with its problem number"));
  if (p->unsupported_stipulation)
    emit_key_text (w, "stipulation", p->unsupported_stipulation);
  else
    {
      g_autofree char *stipulation = fe_stipulation_to_string (&p->stipulation);
      emit_key_text (w, "stipulation", stipulation);
    }
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
    note_loss (losses, _ ("Olive has no title"));
  if (p->remarks->len)
    note_loss (losses, _ ("Olive has no remarks"));
  if ((p->award_tourney && *p->award_tourney) || (p->award_judges && *p->award_judges))
    note_loss (losses, _ ("Olive keeps an award's distinction only, not its tourney nor judges"));
  if (p->source_volume && *p->source_volume)
    note_loss (losses, _ ("Olive has no source volume"));
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
