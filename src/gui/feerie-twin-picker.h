/* feerie-twin-picker.h — the Twins page's "New twin" pickers: a twinning
 * operation from the core's table and the values it takes, from which Add
 * builds a twin.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/model/problem.h"

G_BEGIN_DECLS

/* FeTwin as a boxed type, for the signal that carries one. */
#define FEERIE_TYPE_TWIN (feerie_twin_get_type ())
GType feerie_twin_get_type (void) G_GNUC_CONST;

#define FEERIE_TYPE_TWIN_PICKER (feerie_twin_picker_get_type ())
G_DECLARE_FINAL_TYPE (FeerieTwinPicker, feerie_twin_picker, FEERIE, TWIN_PICKER, GtkWidget)

/* The action "twin-picker.add" (the Add button, Enter in a field) builds
 * the twin the pickers describe and emits "twin-picked" (FeTwin*, the
 * picker's: a handler copies what it keeps); what it cannot build is
 * refused with the reason shown under the pickers. */
GtkWidget *feerie_twin_picker_new (void);
/* The problem the twins apply to (not kept): its diagram and conditions,
 * which hold in every twin as far as its pieces carry them (magic). */
void feerie_twin_picker_set_problem (FeerieTwinPicker *self, const FeProblem *problem);
/* The refusal shown under the pickers, "" when none. */
const char *feerie_twin_picker_get_error (FeerieTwinPicker *self);

G_END_DECLS
