/* problem-file.c — one entry point for `solve`, `convert` and `diagram`
 * to read .xml, .fen and Popeye files alike.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "problem-file.h"
#include "fen.h"
#include "popeye.h"
#include "xml.h"

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
          const char *msg = e->message;
          if (g_str_has_prefix (msg, "FEN column "))
            msg += strlen ("FEN column ");
          g_set_error (error, FE_FEN_ERROR, 0, "%s:%d:%s", path, i + 1, msg);
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

static gboolean
has_extension (const char *path, const char *ext)
{
  const char *dot = strrchr (path, '.');
  return dot && !strchr (dot, '/') && g_ascii_strcasecmp (dot, ext) == 0;
}

GPtrArray *
fe_problem_file_read (const char *path, GError **error)
{
  GPtrArray *problems;
  if (has_extension (path, ".xml"))
    {
      GFile *f = g_file_new_for_commandline_arg (path);
      problems = fe_xml_load (f, error);
      g_object_unref (f);
    }
  else if (has_extension (path, ".fen"))
    problems = read_fen_file (path, error);
  else
    problems = fe_popeye_read_file (path, error);
  if (problems && problems->len == 0)
    {
      g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_PARSE, "%s: the file holds no problem",
                   path);
      g_clear_pointer (&problems, g_ptr_array_unref);
    }
  return problems;
}
