/* feerie-recovery-dialog.h — the problems a Féerie that did not close
 * left unsaved (feerie-autosave.h), offered to recover or discard.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FEERIE_TYPE_RECOVERY_DIALOG (feerie_recovery_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeerieRecoveryDialog, feerie_recovery_dialog, FEERIE, RECOVERY_DIALOG,
                      GtkWindow)

/* A dialog over `parent` (a FeerieWindow) listing `autosaves` (GPtrArray
 * of FeerieAutosave*, referenced), each with its time and a small
 * diagram, to recover (into `parent` while it is empty, else into a new
 * window) or to discard.  Nothing is deleted until the user chose;
 * closing the dialog keeps every file for the next start. */
FeerieRecoveryDialog *feerie_recovery_dialog_new (GtkWindow *parent, GPtrArray *autosaves);

/* Presents such a dialog over `parent` when there are orphans
 * (feerie_autosave_list_orphans); NULL when there are none. */
FeerieRecoveryDialog *feerie_recovery_dialog_offer (GtkWindow *parent);

G_END_DECLS
