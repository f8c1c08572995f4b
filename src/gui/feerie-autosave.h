/* feerie-autosave.h — one autosave file per window and document, and the
 * list of those whose process is gone.  GLib only: the document
 * (feerie-document.c) writes them without GTK; the recovery dialog
 * (feerie-recovery-dialog.c) offers the orphans.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "core/model/problem.h"

/* A fresh autosave path for one window's document:
 * $XDG_STATE_HOME/feerie/autosave/PID-SERIAL.xml (PID: this process). */
char *feerie_autosave_new_path (void);
/* Writes the document's problems there atomically (Féerie XML through
 * fe_problem_file_save → fe_atomic_save). */
gboolean feerie_autosave_write (const char *path, GPtrArray *problems, GError **error);

typedef struct {
  char *path;          /* the autosave file */
  GPid pid;            /* the process that wrote it (gone) */
  GDateTime *time;     /* when it was last written */
  GPtrArray *problems; /* of FeProblem*, NULL when it cannot be read: then `error` */
  FeProblem *problem;  /* the first of them (borrowed), or NULL */
  char *error;
} FeerieAutosave;

void feerie_autosave_free (FeerieAutosave *autosave);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeerieAutosave, feerie_autosave_free)
/* The autosaves whose process no longer runs, oldest first. */
GPtrArray *feerie_autosave_list_orphans (void);
