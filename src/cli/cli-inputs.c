/* cli-inputs.c — reading the input files of feerie-cli's commands.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>
#include <gio/gio.h>

#include "cli-inputs.h"
#include "io/fen.h"
#include "io/popeye.h"
#ifdef FEERIE_HAVE_XML
#include "io/xml.h"
#endif

GPtrArray *
fe_cli_read_problems (const char *path, GError **error)
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

static gboolean
is_problem_file (const char *name)
{
  return g_str_has_suffix (name, ".inp") || g_str_has_suffix (name, ".xml")
         || g_str_has_suffix (name, ".fen");
}

static gboolean
walk_directory (const char *dir, GPtrArray *out, int depth, GError **error)
{
  /* Deep enough for any problem archive, short of a symlink loop. */
  if (depth > 32)
    return TRUE;
  GDir *d = g_dir_open (dir, 0, error);
  if (!d)
    return FALSE;
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      if (name[0] == '.')
        continue;
      char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (!walk_directory (path, out, depth + 1, error))
            {
              g_free (path);
              g_dir_close (d);
              return FALSE;
            }
          g_free (path);
        }
      else if (is_problem_file (name))
        g_ptr_array_add (out, path);
      else
        g_free (path);
    }
  g_dir_close (d);
  return TRUE;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GPtrArray *
fe_cli_expand_inputs (char **names, int n, GError **error)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < n; i++)
    {
      if (g_file_test (names[i], G_FILE_TEST_IS_DIR))
        {
          GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
          if (!walk_directory (names[i], found, 0, error))
            {
              g_ptr_array_unref (found);
              g_ptr_array_unref (out);
              return NULL;
            }
          g_ptr_array_sort (found, compare_paths);
          for (guint k = 0; k < found->len; k++)
            g_ptr_array_add (out, g_strdup (found->pdata[k]));
          g_ptr_array_unref (found);
        }
      else if (g_file_test (names[i], G_FILE_TEST_EXISTS))
        g_ptr_array_add (out, g_strdup (names[i]));
      else
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: no such file or directory",
                       names[i]);
          g_ptr_array_unref (out);
          return NULL;
        }
    }
  return out;
}
