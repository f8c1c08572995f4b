/* feerie-wrap-layout.h — children in a row that wraps onto more rows
 * where the width is short, each row filled edge to edge.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FEERIE_TYPE_WRAP_LAYOUT (feerie_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (FeerieWrapLayout, feerie_wrap_layout, FEERIE, WRAP_LAYOUT, GtkLayoutManager)

GtkLayoutManager *feerie_wrap_layout_new (void);

G_END_DECLS
