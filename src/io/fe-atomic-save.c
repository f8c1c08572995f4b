/* fe-atomic-save.c — temporary file in the same folder, fsync, rename.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The temporary file is made with O_TMPFILE where the file system has it: it
 * has no name until its bytes are on the disk, so a process killed while
 * writing leaves nothing behind.  It is then linked as ".NAME.PID-N.feerie-tmp"
 * and renamed over NAME; a process killed between those two calls leaves
 * that name, which the next save into the folder removes (its PID is dead).
 * Without O_TMPFILE the named file is written directly.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fe-atomic-save.h"
#include "core/model/fe-i18n.h"

#define TMP_SUFFIX ".feerie-tmp"
/* Keeps ".NAME.PID-N.feerie-tmp" within NAME_MAX for long names. */
#define MAX_BASE_IN_TMP 120

static FeAtomicWriteFunc write_func;
static gint tmp_counter;

void
fe_atomic_save_set_write_func (FeAtomicWriteFunc func)
{
  write_func = func;
}

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError **error, int err, const char *path, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *why = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
               _ ("cannot save %s: %s: %s (the file on the disk is unchanged)"), path, why,
               g_strerror (err));
  g_free (why);
  return FALSE;
}

/* The first bytes of NAME as they appear in its temporary names. */
static char *
tmp_prefix (const char *base)
{
  gsize n = strlen (base);
  if (n > MAX_BASE_IN_TMP)
    n = MAX_BASE_IN_TMP;
  return g_strdup_printf (".%.*s.", (int) n, base);
}

/* Removes temporary files of earlier saves of `base` whose process is gone. */
static void
remove_stale (const char *dir, const char *base)
{
  DIR *d = opendir (dir);
  if (!d)
    return;
  char *prefix = tmp_prefix (base);
  gsize plen = strlen (prefix);
  struct dirent *e;
  while ((e = readdir (d)))
    {
      const char *name = e->d_name;
      if (strncmp (name, prefix, plen) != 0 || !g_str_has_suffix (name, TMP_SUFFIX))
        continue;
      char *end = NULL;
      long pid = strtol (name + plen, &end, 10);
      if (pid <= 0 || !end || *end != '-' || pid == (long) getpid ())
        continue;
      if (kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
        continue;
      char *path = g_build_filename (dir, name, NULL);
      unlink (path);
      g_free (path);
    }
  g_free (prefix);
  closedir (d);
}

static gboolean
write_all (int fd, const char *data, gsize length)
{
  FeAtomicWriteFunc w = write_func ? write_func : (FeAtomicWriteFunc) write;
  while (length > 0)
    {
      ssize_t n = w (fd, data, length);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      if (n == 0)
        {
          errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Writes the bytes to a new file named `tmp`, flushed to the disk.  With
 * `anonymous` the file has no name until it is complete (O_TMPFILE); FALSE
 * with *anonymous cleared when that cannot be done, so the caller retries
 * with a named file.  Otherwise FALSE with errno in *err and the failed
 * step; nothing is left on the disk. */
static gboolean
write_temporary (const char *dir, const char *tmp, const char *data, gsize length,
                 const struct stat *old, gboolean *anonymous, int *err, const char **step)
{
  int fd = -1;
#ifdef O_TMPFILE
  if (*anonymous)
    fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
#endif
  if (fd < 0)
    {
      *anonymous = FALSE;
      fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd < 0)
        {
          *err = errno, *step = "cannot create a temporary file in its folder";
          return FALSE;
        }
    }
  gboolean named = !*anonymous, ok = FALSE;
  if (!write_all (fd, data, length))
    {
      *err = errno, *step = "cannot write";
      goto out;
    }
  if (old)
    {
      /* The new file takes the old one's owner (when allowed) and mode. */
      G_GNUC_UNUSED int r = fchown (fd, old->st_uid, old->st_gid);
      r = fchmod (fd, old->st_mode & 07777);
    }
  if (fsync (fd) != 0)
    {
      *err = errno, *step = "cannot flush the file to the disk";
      goto out;
    }
  if (!named)
    {
      char proc[64];
      g_snprintf (proc, sizeof proc, "/proc/self/fd/%d", fd);
      if (linkat (AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) != 0
          && linkat (fd, "", AT_FDCWD, tmp, AT_EMPTY_PATH) != 0)
        {
          /* no /proc and no privilege: write a named file instead */
          *anonymous = FALSE;
          close (fd);
          return FALSE;
        }
      named = TRUE;
    }
  ok = TRUE;
out:
  if (close (fd) != 0 && ok)
    {
      *err = errno, *step = "cannot write";
      ok = FALSE;
    }
  if (!ok && named)
    unlink (tmp);
  return ok;
}

gboolean
fe_atomic_save (const char *path, const char *data, gsize length, GError **error)
{
  g_return_val_if_fail (path != NULL && (data != NULL || length == 0), FALSE);
  /* A link stays a link: replace the file it points to. */
  char *resolved = realpath (path, NULL);
  char *target = g_strdup (resolved ? resolved : path);
  free (resolved);
  struct stat st;
  gboolean exists = stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    {
      g_free (target);
      return fail (error, EISDIR, path, _ ("it is a folder"));
    }
  char *dir = g_path_get_dirname (target);
  char *base = g_path_get_basename (target);
  remove_stale (dir, base);

  char *prefix = tmp_prefix (base);
  char *tmp = g_strdup_printf ("%s/%s%ld-%d" TMP_SUFFIX, dir, prefix, (long) getpid (),
                               g_atomic_int_add (&tmp_counter, 1));
  g_free (prefix);
  int err = 0;
  const char *step = NULL;
  gboolean anonymous = TRUE;
  gboolean ok = write_temporary (dir, tmp, data, length, exists ? &st : NULL, &anonymous, &err,
                                 &step);
  if (!ok && !step)
    ok = write_temporary (dir, tmp, data, length, exists ? &st : NULL, &anonymous, &err, &step);
  if (ok && rename (tmp, target) != 0)
    {
      err = errno, step = "cannot replace the file";
      unlink (tmp);
      ok = FALSE;
    }
  if (ok)
    {
      /* The rename itself reaches the disk with the folder. */
      int dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (dfd >= 0)
        {
          (void) fsync (dfd);
          close (dfd);
        }
    }
  else
    fail (error, err, path, "%s", step);
  g_free (tmp);
  g_free (dir);
  g_free (base);
  g_free (target);
  return ok;
}

gboolean
fe_atomic_save_gfile (GFile *file, const char *data, gsize length, GError **error)
{
  char *path = g_file_get_path (file);
  if (!path)
    {
      char *uri = g_file_get_uri (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _ ("cannot save %s: only local files can be written"), uri);
      g_free (uri);
      return FALSE;
    }
  gboolean ok = fe_atomic_save (path, data, length, error);
  g_free (path);
  return ok;
}
