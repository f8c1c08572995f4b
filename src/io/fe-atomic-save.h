/* fe-atomic-save.h — replacing a file so that it is never lost half-written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every writer of problem files (feerie-cli convert, the window's Save and
 * autosave) goes through here: the bytes go to a temporary file in the
 * target's folder, are flushed to the disk (fsync), and the temporary file is
 * renamed over the target.  On any failure the old file is left as it was,
 * the temporary file is removed and the error says why.  Never writes in
 * place (GIO's g_file_replace_contents does when the folder is read-only).
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>
#include <sys/types.h>

/* Replaces (or creates) `path` with `length` bytes of `data`.  A symbolic
 * link is followed: the file it points to is replaced, the link kept.  An
 * existing file keeps its permissions. */
gboolean fe_atomic_save (const char *path, const char *data, gsize length, GError **error);
/* The same for a GFile; only local files (with a path) can be written. */
gboolean fe_atomic_save_gfile (GFile *file, const char *data, gsize length, GError **error);

/* Test seam: the write(2) the helper uses (NULL restores it), so tests can
 * make the disk "full" without one. */
typedef ssize_t (*FeAtomicWriteFunc) (int fd, const void *buf, size_t count);
void fe_atomic_save_set_write_func (FeAtomicWriteFunc func);
