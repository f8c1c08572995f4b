/* feerie-autosave.c — one autosave file per window and document, and the
 * list of those whose process is gone (GLib only: the document writes
 * them; FeerieRecoveryDialog offers the orphans).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file name carries the owner's process id (PID-SERIAL.xml), so a
 * window never touches another window's autosave, and at start only the
 * files of processes that no longer run are offered: a second Féerie
 * running at the same time keeps its own.  A reused PID hides an orphan
 * until that process ends; it is never deleted by mistake.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "feerie-autosave.h"
#include "io/xml.h"
#include "io/problem-file.h"

static char *
autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "feerie", "autosave", NULL);
}

char *
feerie_autosave_new_path (void)
{
  static guint serial;
  g_autofree char *dir = autosave_dir ();
  g_autofree char *name = g_strdup_printf ("%ld-%u.xml", (long) getpid (), ++serial);
  return g_build_filename (dir, name, NULL);
}

gboolean
feerie_autosave_write (const char *path, GPtrArray *problems, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  g_autoptr (GFile) file = g_file_new_for_path (path);
  return fe_problem_file_save (file, &fe_xml_format, problems, NULL, error);
}

void
feerie_autosave_free (FeerieAutosave *autosave)
{
  if (!autosave)
    return;
  g_free (autosave->path);
  g_clear_pointer (&autosave->time, g_date_time_unref);
  g_clear_pointer (&autosave->problems, g_ptr_array_unref);
  g_free (autosave->error);
  g_free (autosave);
}

static gboolean
process_alive (GPid pid)
{
  return pid == getpid () || kill (pid, 0) == 0 || errno == EPERM;
}

static int
by_time (gconstpointer a, gconstpointer b)
{
  const FeerieAutosave *x = *(FeerieAutosave *const *) a, *y = *(FeerieAutosave *const *) b;
  return g_date_time_compare (x->time, y->time);
}

GPtrArray *
feerie_autosave_list_orphans (void)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) feerie_autosave_free);
  g_autofree char *dir = autosave_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      char *end = NULL;
      long pid = strtol (name, &end, 10);
      if (pid <= 0 || end == name || *end != '-' || !g_str_has_suffix (name, ".xml")
          || process_alive ((GPid) pid))
        continue; /* not an autosave (e.g. a temporary file), or still owned */
      FeerieAutosave *a = g_new0 (FeerieAutosave, 1);
      a->path = g_build_filename (dir, name, NULL);
      a->pid = (GPid) pid;
      GStatBuf st;
      a->time = g_stat (a->path, &st) == 0 ? g_date_time_new_from_unix_local (st.st_mtime)
                                           : g_date_time_new_now_local ();
      g_autoptr (GFile) file = g_file_new_for_path (a->path);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) problems = fe_problem_file_load (file, NULL, &error);
      if (problems && problems->len > 0)
        {
          a->problems = g_steal_pointer (&problems);
          a->problem = a->problems->pdata[0];
        }
      else
        a->error = g_strdup (error ? error->message : _("The file holds no problem."));
      g_ptr_array_add (list, a);
    }
  g_ptr_array_sort (list, by_time);
  return list;
}
