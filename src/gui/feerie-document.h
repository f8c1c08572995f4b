/* feerie-document.h — one problem being composed: its file, whether it is
 * saved, its undo history and its autosave.  A window shows a document.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "core/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_DOCUMENT (feerie_document_get_type ())
G_DECLARE_FINAL_TYPE (FeerieDocument, feerie_document, FEERIE, DOCUMENT, GObject)

/* An empty problem, no file.  Properties (read-only, notified):
 * "problem" (the FeProblem pointer changes on undo, redo, load, replace),
 * "dirty", "file".  Signal "autosave-failed" (const char *message): the
 * previous autosave is intact. */
FeerieDocument *feerie_document_new (void);

/* The problem; change it only between begin_edit and end_edit. */
FeProblem *feerie_document_get_problem (FeerieDocument *self);
/* The file Save writes, NULL for a new or imported problem. */
GFile *feerie_document_get_file (FeerieDocument *self);
/* A Popeye or FEN file the problem came from (Save does not overwrite it). */
GFile *feerie_document_get_imported_from (FeerieDocument *self);
gboolean feerie_document_get_dirty (FeerieDocument *self);
/* The file's (or the imported file's) name, NULL for a new problem. */
char *feerie_document_dup_display_name (FeerieDocument *self);

/* Another problem (owned), saved as `file` or new: the history and the
 * old problem's autosave go. */
void feerie_document_set_problem (FeerieDocument *self, FeProblem *problem, GFile *file);
/* Reads a problem file of any format (io/problem-file.h) into the
 * document: a Féerie file becomes its file, others are imports.
 * *n_problems: how many the file holds (the first is shown). */
gboolean feerie_document_load (FeerieDocument *self, GFile *file, guint *n_problems,
                               GError **error);

/* Edits: begin pushes the problem as it is on the undo stack (a repeated
 * non-NULL coalesce_tag, typing in one field, makes one step), end marks
 * the document dirty and schedules its autosave. */
void feerie_document_begin_edit (FeerieDocument *self, const char *coalesce_tag);
/* Gives up the edit begun: the problem must be unchanged since. */
void feerie_document_cancel_edit (FeerieDocument *self);
void feerie_document_end_edit (FeerieDocument *self);
/* Within an edit: the whole problem (owned) replaces the current one. */
void feerie_document_replace_problem (FeerieDocument *self, FeProblem *problem);
/* The problem before the last edit, NULL when none. */
const FeProblem *feerie_document_peek_undo (FeerieDocument *self);
gboolean feerie_document_can_undo (FeerieDocument *self);
gboolean feerie_document_can_redo (FeerieDocument *self);
/* Undo (redo = FALSE) or redo one edit; FALSE when there is none. */
gboolean feerie_document_step_history (FeerieDocument *self, gboolean redo);

/* Nothing in it yet: no file, no edit (recovery fills such a document). */
gboolean feerie_document_is_pristine (FeerieDocument *self);
/* Saved as `file` (the problem is unchanged): clean, autosave deleted. */
void feerie_document_saved (FeerieDocument *self, GFile *file);
/* The work is given up: clean, and only its own autosave is deleted. */
void feerie_document_discard (FeerieDocument *self);
/* Another problem (owned) that no file holds (pasted): unsaved work,
 * with no history; its autosave follows as after an edit. */
void feerie_document_set_unsaved_problem (FeerieDocument *self, FeProblem *problem);
/* A recovered problem (owned) shown as unsaved work, autosaved now. */
gboolean feerie_document_recover (FeerieDocument *self, FeProblem *problem, GError **error);
/* Its autosave file, NULL until one was written. */
const char *feerie_document_get_autosave_path (FeerieDocument *self);

G_END_DECLS
