/* cmd-convert.c — feerie-cli convert IN OUT: between Féerie XML, Popeye
 * input and FEN, the format chosen by each file's extension.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <gio/gio.h>

#include "io/fe-atomic-save.h"
#include "io/fen.h"
#include "io/popeye.h"
#include "io/problem-file.h"
#include "io/xml.h"
#include "cli-inputs.h"

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
  GPtrArray *problems = fe_cli_read_problems (in);
  if (!problems)
    return 2; /* bad input: status 2, as for `solve` (README.md, exit status) */

  char *text;
  if (to == FORMAT_XML)
    text = fe_xml_to_string (problems);
  else if (to == FORMAT_POPEYE)
    text = popeye_text (problems);
  else
    {
      if (problems->len > 1)
        fprintf (stderr, "feerie-cli: warning: FEN holds one board; writing problem 1 of %u\n",
                 problems->len);
      char *fen = fe_fen_write (&((FeProblem *) problems->pdata[0])->diagram);
      text = g_strconcat (fen, "\n", NULL);
      g_free (fen);
    }
  /* The old OUT survives any failure (full disk, read-only folder, kill). */
  gboolean ok = fe_atomic_save (out, text, strlen (text), &error);
  g_free (text);
  g_ptr_array_unref (problems);
  if (!ok)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 1;
    }
  return 0;
}
