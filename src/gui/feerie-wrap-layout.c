/* feerie-wrap-layout.c — children in a row that wraps onto more rows
 * where the width is short, each row filled edge to edge.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The palette's row of kinds (Plain, then one toggle per piece attribute
 * of the registry) is one linked row where it fits, two where it does not
 * (the French words at 800×600).  A GtkFlowBox will not do: it aligns its
 * children in columns as wide as the widest, so three toggles of unequal
 * widths take three rows.  A child goes on the current row while the
 * row's minimum widths fit; a row's spare width is shared out equally.
 */

#include "feerie-wrap-layout.h"

struct _FeerieWrapLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (FeerieWrapLayout, feerie_wrap_layout, GTK_TYPE_LAYOUT_MANAGER)

static int
min_width (GtkWidget *child)
{
  int min;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

/* The width a child of a row gets: its minimum and its share of the
 * row's spare width (the first `spare % count` get a pixel more). */
static int
share (GtkWidget *child, int spare, int count, int index)
{
  return min_width (child) + spare / count + (index < spare % count);
}

/* Lays the children out in `width` (negative: one row) and gives them
 * their places when `allocate`; *min and *nat get the height needed. */
static void
flow (GtkWidget *widget, int width, gboolean allocate, int *min, int *nat)
{
  *min = *nat = 0;
  GtkWidget *first = gtk_widget_get_first_child (widget);
  while (first)
    {
      /* This row: from `first` up to `next`, while the minimums fit. */
      int used = 0, count = 0;
      GtkWidget *next = first;
      for (; next; next = gtk_widget_get_next_sibling (next))
        {
          if (!gtk_widget_should_layout (next))
            continue;
          int w = min_width (next);
          if (count > 0 && width >= 0 && used + w > width)
            break;
          used += w;
          count++;
        }
      int spare = width >= 0 ? MAX (0, width - used) : 0, row_min = 0, row_nat = 0, i = 0;
      for (GtkWidget *c = first; c != next; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            int cmin, cnat;
            gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, share (c, spare, count, i++), &cmin, &cnat,
                                NULL, NULL);
            row_min = MAX (row_min, cmin);
            row_nat = MAX (row_nat, cnat);
          }
      int x = 0;
      i = 0;
      for (GtkWidget *c = first; allocate && c != next; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            int w = share (c, spare, count, i++);
            gtk_widget_size_allocate (c, &(GtkAllocation) { x, *nat, w, row_nat }, -1);
            x += w;
          }
      *min += row_min;
      *nat += row_nat;
      first = next;
    }
}

static GtkSizeRequestMode
feerie_wrap_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
feerie_wrap_layout_measure (GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation,
                            int for_size, int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      flow (widget, for_size, FALSE, minimum, natural);
      return;
    }
  /* As narrow as the widest child, and asking no more: the row takes the
   * width its neighbours set (the palette's tiles) and wraps within it, so
   * a longer translation or one more attribute never widens the column. */
  *minimum = *natural = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        int cmin, cnat;
        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &cmin, &cnat, NULL, NULL);
        *minimum = MAX (*minimum, cmin);
        *natural = MAX (*natural, cnat);
      }
}

static void
feerie_wrap_layout_allocate (GtkLayoutManager *manager, GtkWidget *widget, int width, int height,
                             int baseline)
{
  int min, nat;
  flow (widget, width, TRUE, &min, &nat);
}

static void
feerie_wrap_layout_class_init (FeerieWrapLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);
  layout_class->get_request_mode = feerie_wrap_layout_get_request_mode;
  layout_class->measure = feerie_wrap_layout_measure;
  layout_class->allocate = feerie_wrap_layout_allocate;
}

static void
feerie_wrap_layout_init (FeerieWrapLayout *self)
{
}

GtkLayoutManager *
feerie_wrap_layout_new (void)
{
  return g_object_new (FEERIE_TYPE_WRAP_LAYOUT, NULL);
}
