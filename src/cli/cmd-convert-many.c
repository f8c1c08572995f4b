/* cmd-convert-many.c — `feerie-cli convert`: IN OUT goes to the
 * single-file conversion (cmd-convert.c); `IN|DIR... --to DIR [--format F]`
 * converts many files at once, each to a file of its own.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file named on the command line lands in DIR under its own base name
 * with the new extension; the files found under a directory named keep
 * their path below it (cases/x/problem.inp -> DIR/x/problem.xml), so
 * archives of one problem a directory do not collide.  Each file goes
 * through the single-file conversion, with its messages; a failure does not
 * stop the others and sets the exit status.
 */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "cli-commands.h"
#include "cli-inputs.h"
#include "io/problem-file.h"

static int
usage (void)
{
  fprintf (stderr, "usage: feerie-cli convert IN|DIR... --to DIR [--format xml|inp|olive|fen]\n");
  return 2;
}

/* `name` without its extension, with `ext` (".xml") instead. */
static char *
with_extension (const char *name, const char *ext)
{
  const char *slash = strrchr (name, '/');
  const char *dot = strrchr (name, '.');
  gsize stem = dot && (!slash || dot > slash) ? (gsize) (dot - name) : strlen (name);
  return g_strdup_printf ("%.*s%s", (int) stem, name, ext);
}

int
fe_cli_cmd_convert (int argc, char **argv)
{
  gboolean many = FALSE;
  for (int i = 0; i < argc; i++)
    many |= strcmp (argv[i], "--to") == 0;
  if (!many)
    return fe_cli_convert_one (argc, argv);

  const char *to = NULL, *format = "xml";
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--to") == 0 && i + 1 < argc)
        to = argv[++i];
      else if (strcmp (argv[i], "--format") == 0 && i + 1 < argc)
        format = argv[++i];
      else if (argv[i][0] == '-' && argv[i][1])
        return usage ();
      else
        g_ptr_array_add (names, argv[i]);
    }
  if (!to || names->len == 0)
    return usage ();
  const FeFileFormat *target = fe_file_format_for_id (format);
  if (!target)
    {
      fprintf (stderr, "feerie-cli: --format %s: use xml, inp or fen\n", format);
      return 2;
    }
  const char *ext = target->extensions[0];
  if (g_mkdir_with_parents (to, 0777) != 0)
    {
      fprintf (stderr, "feerie-cli: %s: cannot create the directory\n", to);
      return 2;
    }

  int status = 0, converted = 0;
  g_autoptr (GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint n = 0; n < names->len; n++)
    {
      const char *name = names->pdata[n];
      GError *error = NULL;
      char *one[] = { (char *) name };
      GPtrArray *files = fe_cli_expand_inputs (one, 1, &error);
      if (!files)
        {
          fprintf (stderr, "feerie-cli: %s\n", error->message);
          g_error_free (error);
          status = 2;
          continue;
        }
      gboolean dir = g_file_test (name, G_FILE_TEST_IS_DIR);
      for (guint k = 0; k < files->len; k++)
        {
          const char *in = files->pdata[k];
          /* Below a directory: the path under it; a file: its base name. */
          g_autofree char *base = g_path_get_basename (in);
          const char *rel = base;
          gsize len = strlen (name);
          while (len > 1 && name[len - 1] == '/')
            len--;
          if (dir && strncmp (in, name, len) == 0 && in[len] == '/')
            rel = in + len + 1;
          g_autofree char *relout = with_extension (rel, ext);
          char *out = g_build_filename (to, relout, NULL);
          if (g_hash_table_contains (written, out))
            {
              fprintf (stderr, "feerie-cli: %s: not converted, %s was written from another input\n",
                       in, out);
              g_free (out);
              status = 2;
              continue;
            }
          g_autofree char *parent = g_path_get_dirname (out);
          g_mkdir_with_parents (parent, 0777);
          char *args[] = { (char *) in, out };
          int s = fe_cli_convert_one (2, args);
          if (s != 0)
            status = status ? status : s;
          else
            converted++;
          g_hash_table_add (written, out);
        }
      g_ptr_array_unref (files);
    }
  fprintf (stderr, "feerie-cli: %d file%s converted into %s\n", converted,
           converted == 1 ? "" : "s", to);
  return status;
}
