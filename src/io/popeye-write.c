/* popeye-write.c — FeProblem written as Popeye input.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What Popeye lacks (conditions, variants, magician pieces) goes to
 * "remark feerie: ..." lines that only Féerie reads, with a warning.
 */
#include <stdarg.h>
#include <string.h>

#include "popeye-private.h"

static void
write_lines (GString *s, const char *keyword, const char *text)
{
  if (!text || !*text)
    return;
  char **lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++)
    g_string_append_printf (s, "%s %s\n", keyword, *l);
  g_strfreev (lines);
}

static void warn (GPtrArray *warnings, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
warn (GPtrArray *warnings, const char *fmt, ...)
{
  if (!warnings)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_ptr_array_add (warnings, g_strdup_vprintf (fmt, ap));
  va_end (ap);
}

/* The pieces commands of a position.  Popeye's line holds every piece
 * with its Popeye attributes; a piece that also has attributes Popeye
 * lacks (magician) is written there without them, and once more with all
 * of them in a directive.  `skip` (by FE_SQ64) leaves pieces out. */
static void
write_pieces (GString *s, const FePosition *d, const gboolean skip[64], GPtrArray *warnings)
{
  uint8_t ext = py_extension_attributes ();
  gboolean first = TRUE;
  GString *directives = g_string_new (NULL);
  for (int colour = FE_WHITE; colour <= FE_NEUTRAL; colour++)
    {
      gboolean present[256] = { FALSE };
      for (int i = 0; i < 64; i++)
        {
          FePiece q = d->board[FE_SQ88 (i)];
          if (q.walk && q.colour == colour && !skip[i])
            present[q.attrs] = TRUE;
        }
      for (int attrs = 0; attrs < 256; attrs++)
        {
          if (attrs & ext)
            continue;
          GString *line = g_string_new (NULL);
          gboolean any = FALSE;
          for (int full = attrs; full < 256; full++)
            if (present[full] && (full & ~ext) == attrs)
              any |= py_append_piece_group (line, d, colour, (uint8_t) full, skip);
          if (any)
            {
              g_autofree char *words = py_attribute_words ((uint8_t) attrs);
              g_string_append_printf (s, "%s%s%s%s\n", first ? "pieces " : "       ",
                                      py_colour_name (colour), words, line->str);
              first = FALSE;
            }
          g_string_free (line, TRUE);
        }
      for (int attrs = 0; attrs < 256; attrs++)
        {
          if (!present[attrs] || !(attrs & ext))
            continue;
          GString *line = g_string_new (NULL);
          py_append_piece_group (line, d, colour, (uint8_t) attrs, skip);
          g_autofree char *words = py_attribute_words ((uint8_t) attrs);
          g_autofree char *lacking = py_attribute_words ((uint8_t) (attrs & ext));
          g_string_append_printf (directives, "remark " DIRECTIVE " pieces %s%s%s\n",
                                  py_colour_name (colour), words, line->str);
          warn (warnings, "Popeye has no%s pieces: the %s piece(s)%s are written without that "
                          "for Popeye and with it in a \"remark " DIRECTIVE "\" line",
                lacking, py_colour_name (colour), line->str);
          g_string_free (line, TRUE);
        }
    }
  /* After the pieces command, which continues over colours. */
  g_string_append (s, directives->str);
  g_string_free (directives, TRUE);
}

static void
write_stipulation (GString *s, const FeProblem *pb)
{
  if (pb->structured)
    {
      g_autofree char *text = fe_sstip_to_string (pb->structured);
      g_string_append_printf (s, "sstipulation %s\n", text);
      return;
    }
  g_string_append (s, "stipulation ");
  if (pb->unsupported_stipulation)
    g_string_append (s, pb->unsupported_stipulation);
  else
    py_write_stipulation (s, &pb->stipulation);
  g_string_append_c (s, '\n');
}

/* The conditions Popeye knows, then those only Féerie reads (a warning
 * names them). */
static void
write_condition_lines (GString *s, const GString *popeye, const GString *ext, GPtrArray *warnings)
{
  if (popeye->len)
    g_string_append_printf (s, "condition%s\n", popeye->str);
  if (ext->len)
    {
      g_string_append_printf (s, "remark " DIRECTIVE " condition%s\n", ext->str);
      warn (warnings, "Popeye lacks the condition(s)%s: they are kept in a \"remark "
                      DIRECTIVE "\" line that only Féerie reads", ext->str);
    }
}

char *
fe_popeye_write (const FeProblem *pb, GPtrArray *warnings)
{
  g_return_val_if_fail (pb != NULL, NULL);
  GString *s = g_string_new ("begin\n");
  write_lines (s, "title", pb->title);
  for (guint k = 0; k < pb->authors->len; k++)
    {
      const FeAuthor *a = pb->authors->pdata[k];
      g_autofree char *name = NULL;
      if (a->given && *a->given)
        name = g_strdup_printf ("%s %s", a->given, a->family ? a->family : "");
      else if (a->family)
        name = g_strdup (a->family);
      if (!name)
        continue;
      /* One "author" line: a line break in a name (from another format's
       * text) would start a command of its own. */
      for (char *c = name; *c; c++)
        if ((guchar) *c < 0x20 && *c != '\t')
          *c = ' ';
      g_string_append_printf (s, "author %s\n", name);
    }
  write_lines (s, "origin", pb->source_name);
  write_lines (s, "award", pb->award_distinction);
  for (guint k = 0; k < pb->remarks->len; k++)
    write_lines (s, "remark", pb->remarks->pdata[k]);

  /* a=>b: everything after the stipulation is the target
   * (docs/rules/stipulations.md §5.1), so it comes after the diagram's
   * pieces, followed by the target's. */
  gboolean target = fe_problem_has_target (pb);
  if (!target)
    write_stipulation (s, pb);

  /* conditions */
  const FePosition *d = &pb->diagram;
  {
    /* A condition the pieces switch on (magic pieces) goes without saying. */
    GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
    FeConditionParams cp = pb->conditions, implied;
    py_attribute_conditions (pb, &implied);
    py_omit_attribute_conditions (&cp, &implied);
    py_describe_conditions (&cp, d->n_imitators, d->imitators, d->imitator_colour, po, ex);
    write_condition_lines (s, po, ex, warnings);
    g_string_free (po, TRUE);
    g_string_free (ex, TRUE);
  }

  /* options */
  {
    g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
    py_option_items (pb, items);
    if (items->len)
      {
        g_string_append (s, "option");
        for (guint k = 0; k < items->len; k++)
          g_string_append_printf (s, " %s", (const char *) items->pdata[k]);
        g_string_append_c (s, '\n');
      }
  }

  /* pieces; those with unsupported attributes are written with them below
   * (skip is indexed by FE_SQ64 of a square parse_attr_entry checked) */
  gboolean skip[64] = { FALSE };
  for (guint k = 0; k < pb->unsupported->len; k++)
    {
      char *attr;
      int colour, walk;
      FeSquare sq;
      if (py_parse_attr_entry (pb->unsupported->pdata[k], &attr, &colour, &sq, &walk))
        {
          FePiece q = d->board[sq];
          if (q.walk == walk && q.colour == colour)
            skip[FE_SQ64 (sq)] = TRUE;
          g_free (attr);
        }
    }
  write_pieces (s, d, skip, warnings);

  /* unsupported conditions, options and attributes, in their order */
  for (guint k = 0; k < pb->unsupported->len; k++)
    {
      const char *e = pb->unsupported->pdata[k];
      char *attr;
      int colour, walk;
      FeSquare sq;
      if (py_parse_attr_entry (e, &attr, &colour, &sq, &walk))
        {
          FePiece q = d->board[sq];
          char name[3];
          fe_square_name (sq, name);
          if (q.walk == walk && q.colour == colour)
            {
              g_autofree char *words = py_attribute_words (q.attrs & ~py_extension_attributes ());
              g_string_append_printf (s, "pieces %s%s %s %s%s\n", py_colour_name (colour), words,
                                      attr, py_walk_code (walk), name);
            }
          /* else: a piece a twin adds; written with the twin */
          g_free (attr);
        }
      else if (g_str_has_prefix (e, "option "))
        g_string_append_printf (s, "%s\n", e);
      else
        g_string_append_printf (s, "condition %s\n", e);
    }

  if (target)
    {
      write_stipulation (s, pb);
      const gboolean none[64] = { FALSE };
      write_pieces (s, &pb->target, none, warnings);
      /* B's imitators: Popeye reads a condition line after the
       * stipulation as B's imitator squares
       * (docs/rules/stipulations.md §5.1); white and black ones (Féerie's) go
       * in a line only Féerie reads, as A's do. */
      GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
      const FeConditionParams none_on = { 0 };
      py_describe_conditions (&none_on, pb->target.n_imitators, pb->target.imitators,
                              pb->target.imitator_colour, po, ex);
      write_condition_lines (s, po, ex, warnings);
      g_string_free (po, TRUE);
      g_string_free (ex, TRUE);
    }

  /* twins */
  for (guint k = 0; k < pb->twins->len; k++)
    {
      const FeTwin *tw = pb->twins->pdata[k];
      gboolean ext = py_twin_needs_extension (pb, tw);
      const char *head = pb->zero_position && k == 0 ? "zeroposition" : "twin";
      if (ext)
        {
          g_string_append (s, "remark " DIRECTIVE " ");
          char *label = fe_twin_label ((int) k + 1);
          warn (warnings, "twin %s) uses what Popeye lacks (magician pieces or a condition "
                          "variant): it is kept in a \"remark " DIRECTIVE "\" line that only "
                          "Féerie reads", label);
          g_free (label);
        }
      py_write_twin (s, pb, tw, head);
      g_string_append_c (s, '\n');
    }
  if (pb->zero_position && !pb->twins->len)
    g_string_append (s, "zeroposition\n");
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}

char *
fe_popeye_write_problems (GPtrArray *problems, GPtrArray *losses)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *one = fe_popeye_write (problems->pdata[i], warnings);
      for (guint w = 0; losses && w < warnings->len; w++)
        g_ptr_array_add (losses, problems->len > 1
                                   ? g_strdup_printf ("problem %u: %s", i + 1,
                                                      (const char *) warnings->pdata[w])
                                   : g_strdup (warnings->pdata[w]));
      /* One begin … end: the problems after the first follow "next". */
      char *body = one;
      if (i > 0 && g_str_has_prefix (body, "begin\n"))
        body += strlen ("begin\n");
      gsize len = strlen (body);
      if (i + 1 < problems->len && g_str_has_suffix (body, "end\n"))
        {
          g_string_append_len (s, body, len - strlen ("end\n"));
          g_string_append (s, "next\n");
        }
      else
        g_string_append (s, body);
    }
  return g_string_free (s, FALSE);
}

/* The first word is "begin" (abbreviated to three letters at least), or
 * one of Popeye's other languages, which the reader names. */
static gboolean
popeye_recognise (const char *text, gsize length)
{
  const char *c = text, *end = text + length;
  while (c < end && g_ascii_isspace (*c))
    c++;
  gsize n = 0;
  while (c + n < end && g_ascii_isalpha (c[n]))
    n++;
  static const char *const starts[] = { "begin", "anfang", "debut" };
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    if (n >= 3 && n <= strlen (starts[i]) && g_ascii_strncasecmp (c, starts[i], n) == 0)
      return TRUE;
  return FALSE;
}

static const char *const popeye_extensions[] = { ".inp", ".pop", NULL };

const FeFileFormat fe_popeye_format = {
  .id = "popeye",
  .name = FE_N_("Popeye input"),
  .extensions = popeye_extensions,
  .flags = FE_FORMAT_WHOLE_PROBLEM,
  .recognise = popeye_recognise,
  .read = fe_popeye_read,
  .write = fe_popeye_write_problems,
};
