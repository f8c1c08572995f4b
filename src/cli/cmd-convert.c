/* cmd-convert.c — feerie-cli convert IN OUT: between the problem-file
 * formats (problem-file.h), each chosen by its file's extension.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <gio/gio.h>

#include "io/problem-file.h"
#include "cli-commands.h"
#include "cli-inputs.h"


int
fe_cli_convert_one (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr,
               "usage: feerie-cli convert IN.{xml,inp,fen} OUT.{xml,inp,fen}\n"
               "       feerie-cli convert IN|DIR... --to DIR [--format xml|inp|olive|fen]\n");
      return 2;
    }
  const char *in = argv[0], *out = argv[1];
  const FeFileFormat *from = fe_file_format_for_name (in), *to = fe_file_format_for_name (out);
  if (!from || !to)
    {
      fprintf (stderr, "feerie-cli: %s: unknown file type (use .xml, .inp or .fen)\n",
               from ? out : in);
      return 2;
    }

  GPtrArray *problems = fe_cli_read_problems (in);
  if (!problems)
    return 2; /* bad input: status 2, as for `solve` (README.md, exit status) */

  /* The old OUT survives any failure (full disk, read-only folder, kill). */
  GError *error = NULL;
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (out);
  g_autoptr (GPtrArray) losses = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = fe_problem_file_save (file, to, problems, losses, &error);
  for (guint i = 0; i < losses->len; i++)
    fprintf (stderr, "feerie-cli: warning: %s\n", (const char *) losses->pdata[i]);
  g_ptr_array_unref (problems);
  if (!ok)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 1;
    }
  return 0;
}
