/* cmd-diagram.c — `feerie-cli diagram IN OUT.{png,svg,pdf,tex}`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is read by its extension: .xml (Féerie XML), .fen (one FEN
 * line), anything else Popeye input.  The first problem is drawn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <gio/gio.h>

#include "io/fen.h"
#include "io/popeye.h"
#ifdef FEERIE_HAVE_XML
#include "io/xml.h"
#endif
#include "render/fe-render.h"

int fe_cli_cmd_diagram (int argc, char **argv);

static GPtrArray *
read_problems (const char *path, GError **error)
{
  if (g_str_has_suffix (path, ".xml"))
    {
#ifdef FEERIE_HAVE_XML
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);
      return fe_xml_load (file, error);
#else
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: this build has no Féerie XML reader", path);
      return NULL;
#endif
    }
  if (g_str_has_suffix (path, ".fen"))
    {
      g_autofree char *text = NULL;
      if (!g_file_get_contents (path, &text, NULL, error))
        return NULL;
      FeProblem *problem = fe_problem_new ();
      GError *local = NULL;
      if (!fe_fen_parse (g_strstrip (text), &problem->diagram, &local))
        {
          g_set_error (error, local->domain, local->code, "%s:1: %s", path, local->message);
          g_error_free (local);
          fe_problem_free (problem);
          return NULL;
        }
      GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
      g_ptr_array_add (problems, problem);
      return problems;
    }
  return fe_popeye_read_file (path, error);
}

int
fe_cli_cmd_diagram (int argc, char **argv)
{
  int size = 480;
  gboolean caption = TRUE;
  const char *in = NULL, *out = NULL;
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
        size = atoi (argv[++i]);
      else if (strcmp (argv[i], "--no-caption") == 0)
        caption = FALSE;
      else if (!in)
        in = argv[i];
      else if (!out)
        out = argv[i];
      else
        in = NULL; /* too many arguments */
    }
  if (!in || !out)
    {
      fprintf (stderr, "usage: feerie-cli diagram [--size PX] [--no-caption] IN OUT.{png,svg,pdf,tex}\n");
      return 2;
    }
  GError *error = NULL;
  GPtrArray *problems = read_problems (in, &error);
  if (!problems || problems->len == 0)
    {
      fprintf (stderr, "feerie-cli: %s\n", error ? error->message : "no problem in the input");
      g_clear_error (&error);
      g_clear_pointer (&problems, g_ptr_array_unref);
      return 2;
    }
  int status = 0;
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  opts.caption = caption;
  if (!fe_render_export_full (problems->pdata[0], out, size, NULL, &opts, &error))
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      status = 2;
    }
  g_ptr_array_unref (problems);
  return status;
}
