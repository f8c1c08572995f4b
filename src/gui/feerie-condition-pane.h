/* feerie-condition-pane.h — the pickers of the fairy conditions, one per
 * registered condition (core/model/condition-class.h), built from its typed parameters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "core/model/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_CONDITION_PANE (feerie_condition_pane_get_type ())
G_DECLARE_FINAL_TYPE (FeerieConditionPane, feerie_condition_pane, FEERIE, CONDITION_PANE, GtkWidget)

/* Each parameter is a stateful action of the pane's group (prefix
 * "condition"): "NAME" for a condition's switch, "NAME-PARAM" for its other
 * parameters; a boolean state for a yes/no parameter, a string (the XML
 * value name) for a choice.  The window adds the same actions to its own
 * map, so D-Bus and tests reach them as win.NAME.
 *
 * Signal "changed" (const FeConditionParams *params): the user changed a
 * parameter and the rules accept the result; the pane shows it once told
 * so by feerie_condition_pane_show. */
GtkWidget *feerie_condition_pane_new (void);
GActionGroup *feerie_condition_pane_get_actions (FeerieConditionPane *self);
/* The parameters and the diagram they apply to (a magic piece puts Magic
 * in force, an imitator Imitator). */
void feerie_condition_pane_show (FeerieConditionPane *self, const FeConditionParams *params,
                                 const FePosition *diagram);
/* Adds `widget` under the picker of condition `name` (tools of the window
 * that concern it); FALSE when no such condition is registered. */
gboolean feerie_condition_pane_add_extra (FeerieConditionPane *self, const char *name,
                                          GtkWidget *widget);
/* The refusal shown under the pickers, "" when none. */
const char *feerie_condition_pane_get_message (FeerieConditionPane *self);

G_END_DECLS
