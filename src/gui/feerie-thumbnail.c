/* feerie-thumbnail.c — a problem's small diagram, drawn when first shown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list view binds many more rows than the screen shows (it keeps
 * rows above and below for scrolling); a row's picture is snapshotted
 * only when it is on screen, so drawing there, not at bind, draws only
 * what is seen.  The texture is kept for the next time, until the
 * item's serial says the problem changed.
 */

#include "config.h"

#include "feerie-thumbnail.h"

struct _FeerieThumbnail
{
  GObject parent_instance;

  FeerieProblemItem *item; /* weak: the item keeps its thumbnail */
  FeRenderStyle style;
  char *font;
  int size, scale;
  GdkTexture *texture;     /* NULL until shown */
  guint serial;            /* the item's when drawn: older, drawn again */
};

static void feerie_thumbnail_paintable_init (GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FeerieThumbnail, feerie_thumbnail, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GDK_TYPE_PAINTABLE,
                                                      feerie_thumbnail_paintable_init))

static guint n_drawn;

static GdkTexture *
draw (FeerieThumbnail *self)
{
  g_assert (FEERIE_IS_THUMBNAIL (self));
  int px = self->size * self->scale;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  cairo_t *cr = cairo_create (surface);
  FeRenderGeometry geo;
  fe_render_geometry (px, px, &self->style, &geo);
  FeRenderMarks marks;
  fe_render_marks_init (&marks);
  fe_render_board (cr, &geo, &self->style, &feerie_problem_item_get_problem (self->item)->diagram,
                   &marks);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr (GBytes) bytes
    = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * (gsize) px);
  cairo_surface_destroy (surface);
  g_atomic_int_inc (&n_drawn);
  /* Cairo's ARGB32 is GDK's default memory format. */
  return gdk_memory_texture_new (px, px, GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
feerie_thumbnail_snapshot (GdkPaintable *paintable, GdkSnapshot *snapshot, double width,
                           double height)
{
  FeerieThumbnail *self = FEERIE_THUMBNAIL (paintable);
  if (self->item && (!self->texture || self->serial != feerie_problem_item_get_serial (self->item)))
    {
      g_clear_object (&self->texture);
      self->texture = draw (self);
      self->serial = feerie_problem_item_get_serial (self->item);
    }
  if (self->texture)
    gdk_paintable_snapshot (GDK_PAINTABLE (self->texture), snapshot, width, height);
}

static int
feerie_thumbnail_get_intrinsic_size (GdkPaintable *paintable)
{
  return FEERIE_THUMBNAIL (paintable)->size;
}

static void
feerie_thumbnail_paintable_init (GdkPaintableInterface *iface)
{
  iface->snapshot = feerie_thumbnail_snapshot;
  iface->get_intrinsic_width = feerie_thumbnail_get_intrinsic_size;
  iface->get_intrinsic_height = feerie_thumbnail_get_intrinsic_size;
}

FeerieThumbnail *
feerie_thumbnail_new (FeerieProblemItem *item, const FeRenderStyle *style, int size, int scale)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (item), NULL);
  g_return_val_if_fail (style != NULL, NULL);
  FeerieThumbnail *self = g_object_new (FEERIE_TYPE_THUMBNAIL, NULL);
  self->item = item;
  g_object_add_weak_pointer (G_OBJECT (item), (gpointer *) &self->item);
  self->style = *style;
  self->style.coordinates = FALSE;
  fe_render_style_set_font (&self->style, &self->font, style->font_family);
  self->size = size;
  self->scale = MAX (scale, 1);
  return self;
}

void
feerie_thumbnail_invalidate (FeerieThumbnail *self)
{
  g_return_if_fail (FEERIE_IS_THUMBNAIL (self));
  gdk_paintable_invalidate_contents (GDK_PAINTABLE (self));
}

guint
feerie_thumbnail_count_drawn (void)
{
  return (guint) g_atomic_int_get (&n_drawn);
}

static void
feerie_thumbnail_finalize (GObject *object)
{
  FeerieThumbnail *self = FEERIE_THUMBNAIL (object);
  if (self->item)
    g_object_remove_weak_pointer (G_OBJECT (self->item), (gpointer *) &self->item);
  g_clear_object (&self->texture);
  g_free (self->font);
  G_OBJECT_CLASS (feerie_thumbnail_parent_class)->finalize (object);
}

static void
feerie_thumbnail_class_init (FeerieThumbnailClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = feerie_thumbnail_finalize;
}

static void
feerie_thumbnail_init (FeerieThumbnail *self)
{
}
