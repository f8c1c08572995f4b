/* feerie-thumbnail.h — a problem's small diagram for the collection's list,
 * drawn the first time it is shown (a GdkPaintable).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "feerie-problem-item.h"
#include "render/fe-render.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_THUMBNAIL (feerie_thumbnail_get_type ())
G_DECLARE_FINAL_TYPE (FeerieThumbnail, feerie_thumbnail, FEERIE, THUMBNAIL, GObject)

/* `item`'s diagram, `size` logical pixels square, drawn at `scale` device
 * pixels each in `style` (copied) once a snapshot asks for it; it
 * follows the item only as long as the item lives. */
FeerieThumbnail *feerie_thumbnail_new (FeerieProblemItem *item, const FeRenderStyle *style,
                                       int size, int scale);
/* The problem changed (its item's serial): the picture showing it asks
 * again, and it is drawn again. */
void feerie_thumbnail_invalidate (FeerieThumbnail *self);
/* How many thumbnails were drawn in this process (benchmark, tests). */
guint feerie_thumbnail_count_drawn (void);

G_END_DECLS
