/* feerie-metadata-pane.h — the problem's metadata: title, authors, source,
 * award, keywords, comments and the composer's solution.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "core/model/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_METADATA_PANE (feerie_metadata_pane_get_type ())
G_DECLARE_FINAL_TYPE (FeerieMetadataPane, feerie_metadata_pane, FEERIE, METADATA_PANE, GtkWidget)

/* Signal "edited" (const char *field): the user changed one field; the
 * window opens an undo step and calls feerie_metadata_pane_read. */
GtkWidget *feerie_metadata_pane_new (void);
/* Fills the fields from the problem ("edited" is not emitted). */
void feerie_metadata_pane_show (FeerieMetadataPane *self, const FeProblem *problem);
/* Stores the field named by "edited" into the problem. */
void feerie_metadata_pane_read (FeerieMetadataPane *self, const char *field, FeProblem *problem);

G_END_DECLS
