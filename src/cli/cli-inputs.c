/* cli-inputs.c — the input files of the feerie-cli commands that take many.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <glib.h>

#include <stdio.h>

#include "cli-inputs.h"
#include "io/problem-file.h"

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
      else if (fe_file_format_for_name (name))
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

GPtrArray *
fe_cli_read_problems (const char *path)
{
  GError *error = NULL;
  GPtrArray *problems = fe_problem_file_read (path, &error);
  if (!problems)
    {
      fprintf (stderr, "%s\n", error->message);
      g_error_free (error);
    }
  return problems;
}

volatile sig_atomic_t fe_cli_interrupted;

static void
on_sigint (int sig)
{
  (void) sig;
  fe_cli_interrupted = 1;
}

void
fe_cli_catch_sigint (void)
{
  struct sigaction sa = { 0 };
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGINT, &sa, NULL);
}

gboolean
fe_cli_cancelled (gpointer data)
{
  (void) data;
  return fe_cli_interrupted != 0;
}
