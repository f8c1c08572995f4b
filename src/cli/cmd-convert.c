/* cmd-convert.c — feerie-cli convert IN OUT: between Féerie XML, Popeye
 * input and FEN, the format chosen by each file's extension.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <gio/gio.h>

#include "io/fen.h"
#include "io/popeye.h"
#include "io/xml.h"

int fe_cli_cmd_convert (int argc, char **argv);
int fe_cli_cmd_convert_many (int argc, char **argv); /* cmd-convert-many.c */

typedef enum { FORMAT_UNKNOWN, FORMAT_XML, FORMAT_POPEYE, FORMAT_FEN } Format;

static Format
format_of (const char *path)
{
  const char *dot = strrchr (path, '.');
  if (!dot || strchr (dot, '/'))
    return FORMAT_UNKNOWN;
  if (g_ascii_strcasecmp (dot, ".xml") == 0)
    return FORMAT_XML;
  if (g_ascii_strcasecmp (dot, ".inp") == 0)
    return FORMAT_POPEYE;
  if (g_ascii_strcasecmp (dot, ".fen") == 0)
    return FORMAT_FEN;
  return FORMAT_UNKNOWN;
}

/* FEN states castling rights; the problem model keeps them as the NoCastling
 * option (rights the diagram would have by default but does not). */
static void
keep_castling (FeProblem *p)
{
  static const struct { uint8_t flag; FeSquare square; } rights[] = {
    { FE_CASTLE_WK, FE_SQ (4, 0) }, { FE_CASTLE_WA, FE_SQ (0, 0) }, { FE_CASTLE_WH, FE_SQ (7, 0) },
    { FE_CASTLE_BK, FE_SQ (4, 7) }, { FE_CASTLE_BA, FE_SQ (0, 7) }, { FE_CASTLE_BH, FE_SQ (7, 7) },
  };
  FePosition fresh = p->diagram;
  fe_position_default_castling (&fresh);
  for (guint i = 0; i < G_N_ELEMENTS (rights); i++)
    if ((fresh.castling & rights[i].flag) && !(p->diagram.castling & rights[i].flag))
      p->options.no_castling[p->options.n_no_castling++] = rights[i].square;
  p->diagram.castling &= fresh.castling;
}

/* A FEN file holds one position per non-empty line; each becomes a problem
 * with the model's default stipulation. */
static GPtrArray *
read_fen_file (const char *path, GError **error)
{
  char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  char **lines = g_strsplit (text, "\n", -1);
  g_free (text);
  for (int i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]);
      if (!*line || *line == '#')
        continue;
      FeProblem *p = fe_problem_new ();
      GError *e = NULL;
      if (!fe_fen_parse (line, &p->diagram, &e))
        {
          g_set_error (error, FE_FEN_ERROR, 0, "%s:%d:%s", path, i + 1,
                       e->message + strlen ("FEN column "));
          g_error_free (e);
          fe_problem_free (p);
          g_clear_pointer (&problems, g_ptr_array_unref);
          break;
        }
      keep_castling (p);
      g_ptr_array_add (problems, p);
    }
  g_strfreev (lines);
  if (problems && problems->len == 0)
    {
      g_set_error (error, FE_FEN_ERROR, 0, "%s:1:1: no position in the file", path);
      g_clear_pointer (&problems, g_ptr_array_unref);
    }
  return problems;
}

/* Popeye input: problems joined by "next" inside one begin … end. */
static char *
popeye_text (GPtrArray *problems)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *one = fe_popeye_write (problems->pdata[i], warnings);
      for (guint w = 0; w < warnings->len; w++)
        fprintf (stderr, "feerie-cli: warning: problem %u: %s\n", i + 1,
                 (const char *) warnings->pdata[w]);
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

int
fe_cli_cmd_convert (int argc, char **argv)
{
  for (int i = 0; i < argc; i++)
    if (strcmp (argv[i], "--to") == 0)
      return fe_cli_cmd_convert_many (argc, argv);
  if (argc != 2)
    {
      fprintf (stderr, "usage: feerie-cli convert IN.{xml,inp,fen} OUT.{xml,inp,fen}\n"
                       "       feerie-cli convert IN|DIR... --to DIR [--format xml|inp|fen]\n");
      return 2;
    }
  const char *in = argv[0], *out = argv[1];
  Format from = format_of (in), to = format_of (out);
  if (!from || !to)
    {
      fprintf (stderr, "feerie-cli: %s: unknown file type (use .xml, .inp or .fen)\n",
               from ? out : in);
      return 2;
    }

  GError *error = NULL;
  GPtrArray *problems = NULL;
  if (from == FORMAT_XML)
    {
      GFile *f = g_file_new_for_commandline_arg (in);
      problems = fe_xml_load (f, &error);
      g_object_unref (f);
    }
  else if (from == FORMAT_POPEYE)
    problems = fe_popeye_read_file (in, &error);
  else
    problems = read_fen_file (in, &error);
  if (!problems)
    {
      fprintf (stderr, "%s\n", error->message);
      g_error_free (error);
      return 1;
    }

  gboolean ok = TRUE;
  if (to == FORMAT_XML)
    {
      GFile *f = g_file_new_for_commandline_arg (out);
      ok = fe_xml_save (f, problems, &error);
      g_object_unref (f);
    }
  else
    {
      char *text;
      if (to == FORMAT_POPEYE)
        text = popeye_text (problems);
      else
        {
          if (problems->len == 0)
            {
              fprintf (stderr, "feerie-cli: %s holds no problem\n", in);
              g_ptr_array_unref (problems);
              return 1;
            }
          if (problems->len > 1)
            fprintf (stderr, "feerie-cli: warning: FEN holds one board; writing problem 1 of %u\n",
                     problems->len);
          char *fen = fe_fen_write (&((FeProblem *) problems->pdata[0])->diagram);
          text = g_strconcat (fen, "\n", NULL);
          g_free (fen);
        }
      ok = g_file_set_contents (out, text, -1, &error);
      g_free (text);
    }
  g_ptr_array_unref (problems);
  if (!ok)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 1;
    }
  return 0;
}
