/* feerie-recovery-dialog-private.h — FeerieRecoveryDialog's instance, for
 * the tests' harness that reads its rows and clicks their buttons.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-recovery-dialog.h"

G_BEGIN_DECLS

struct _FeerieRecoveryDialog
{
  GtkWindow parent_instance;

  /* template child */
  GtkListBox *rows;

  GtkWindow *target;    /* weak: the window to recover into while it is empty */
  GPtrArray *autosaves; /* of FeerieAutosave*, in the rows' order */
};

/* Each row's buttons carry "recover" (TRUE on Recover). */

G_END_DECLS
