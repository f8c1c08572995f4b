/* feerie-document.h — the problems of one file being composed (one, or a
 * collection): its file, whether it is saved, its undo history and its
 * autosave.  A window shows a document, one problem of it at a time.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "core/model/problem.h"
#include "feerie-collection.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_DOCUMENT (feerie_document_get_type ())
G_DECLARE_FINAL_TYPE (FeerieDocument, feerie_document, FEERIE, DOCUMENT, GObject)

/* An empty problem, no file.  Properties (read-only, notified):
 * "problem" (the shown FeProblem: the pointer changes on undo, redo,
 * load, replace, selection), "current" (its place in the collection),
 * "dirty", "file".  Signal "autosave-failed" (const char *message): the
 * previous autosave is intact. */
FeerieDocument *feerie_document_new (void);

/* The problem shown; change it only between begin_edit and end_edit. */
FeProblem *feerie_document_get_problem (FeerieDocument *self);
/* Every problem of the file, in order (never empty); change it only
 * through the document, so that undo covers it. */
FeerieCollection *feerie_document_get_collection (FeerieDocument *self);
guint feerie_document_get_n_problems (FeerieDocument *self);
guint feerie_document_get_current (FeerieDocument *self);
/* Shows another problem of the collection (no edit: not undone). */
void feerie_document_select (FeerieDocument *self, guint index);

/* Collection edits, each one undo step, after which the problem concerned
 * is shown: `problem` (owned) inserted at `index` (≤ n) … */
void feerie_document_insert (FeerieDocument *self, guint index, FeProblem *problem);
/* … the problem at `index` removed (FALSE for the last one: a document
 * always holds a problem); its neighbour is shown … */
gboolean feerie_document_remove (FeerieDocument *self, guint index);
/* … the problem at `from` moved to `to`. */
void feerie_document_move (FeerieDocument *self, guint from, guint to);
/* The file Save writes, NULL for a new or imported problem. */
GFile *feerie_document_get_file (FeerieDocument *self);
/* A Popeye or FEN file the problem came from (Save does not overwrite it). */
GFile *feerie_document_get_imported_from (FeerieDocument *self);
gboolean feerie_document_get_dirty (FeerieDocument *self);
/* The file's (or the imported file's) name, NULL for a new problem. */
char *feerie_document_dup_display_name (FeerieDocument *self);

/* Another problem (owned), saved as `file` or new, alone in the document:
 * the history and the old document's autosave go. */
void feerie_document_set_problem (FeerieDocument *self, FeProblem *problem, GFile *file);
/* Reads a problem file of any format (io/problem-file.h) into the
 * document, every problem of it: a Féerie file becomes its file, others
 * are imports.  *n_problems: how many the file holds (the first is shown). */
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
/* The shown problem before the last edit, NULL when the last step was
 * none of its edits (a collection edit, or none). */
const FeProblem *feerie_document_peek_undo (FeerieDocument *self);
gboolean feerie_document_can_undo (FeerieDocument *self);
gboolean feerie_document_can_redo (FeerieDocument *self);
/* Undo (redo = FALSE) or redo one edit; FALSE when there is none. */
gboolean feerie_document_step_history (FeerieDocument *self, gboolean redo);

/* Nothing in it yet: no file, no edit, one problem (recovery fills such
 * a document). */
gboolean feerie_document_is_pristine (FeerieDocument *self);
/* Saved as `file` (the problem is unchanged): clean, autosave deleted. */
void feerie_document_saved (FeerieDocument *self, GFile *file);
/* The work is given up: clean, and only its own autosave is deleted. */
void feerie_document_discard (FeerieDocument *self);
/* Another problem (owned) that no file holds (pasted): unsaved work,
 * with no history; its autosave follows as after an edit. */
void feerie_document_set_unsaved_problem (FeerieDocument *self, FeProblem *problem);
/* Recovered problems (the array and its problems are taken, never
 * empty) shown as unsaved work, autosaved now. */
gboolean feerie_document_recover (FeerieDocument *self, GPtrArray *problems, GError **error);
/* Its autosave file, NULL until one was written. */
const char *feerie_document_get_autosave_path (FeerieDocument *self);

G_END_DECLS
