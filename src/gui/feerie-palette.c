/* feerie-palette.c — the piece palette.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three colours × three kinds × every walk would be ~400 tiles; instead the
 * colour and the kind are toggles above one grid of walks, which redraws in
 * the chosen colour and kind.  The imitator tile follows the colour toggle
 * (neutral = the standard imitator, white / black = monochrome).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-palette.h"
#include "feerie-board-view.h"
#include "feerie-walk-names.h"
#include "core/walk.h"
#include "render/fe-render.h"

#define IMITATOR_TILE 0 /* walk 0 in a tile means the imitator */

struct _FeeriePalette
{
  GtkWidget parent_instance;

  GtkToggleButton *white;
  GtkToggleButton *black;
  GtkToggleButton *neutral;
  GtkToggleButton *plain;
  GtkToggleButton *magic;
  GtkToggleButton *magician;
  GtkFlowBox *grid;

  FeColour colour;
  uint8_t attrs;
  char *selection;
  FeRenderStyle style;
  char *font_family; /* owns style.font_family */
};

G_DEFINE_FINAL_TYPE (FeeriePalette, feerie_palette, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SELECTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

static int
tile_walk (GtkWidget *tile)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (tile), "walk"));
}

static char *
tile_payload (FeeriePalette *self, int walk)
{
  if (walk == IMITATOR_TILE)
    return feerie_drag_payload_for_imitator (self->colour);
  return feerie_drag_payload_for_piece ((FePiece) { walk, self->colour, self->attrs, 0 });
}

static void
draw_tile (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  FeeriePalette *self = data;
  int walk = tile_walk (GTK_WIDGET (area));
  double sq = MIN (width, height);
  double x = (width - sq) / 2, y = (height - sq) / 2;
  if (walk == IMITATOR_TILE)
    fe_render_imitator (cr, self->colour, x, y, sq);
  else
    fe_render_piece (cr, (FePiece) { walk, self->colour, self->attrs, 0 }, x, y, sq, &self->style);
}

static GdkContentProvider *
on_tile_drag_prepare (GtkDragSource *source, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autofree char *payload = tile_payload (self, tile_walk (tile));
  return gdk_content_provider_new_typed (G_TYPE_STRING, payload);
}

static void
on_tile_drag_begin (GtkDragSource *source, GdkDrag *drag, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GdkPaintable *icon = gtk_widget_paintable_new (tile);
  gtk_drag_source_set_icon (source, icon, gtk_widget_get_width (tile) / 2,
                            gtk_widget_get_height (tile) / 2);
  g_object_unref (icon);
}

static void
update_selection (FeeriePalette *self)
{
  GList *chosen = gtk_flow_box_get_selected_children (self->grid);
  g_clear_pointer (&self->selection, g_free);
  if (chosen)
    {
      GtkWidget *tile = gtk_flow_box_child_get_child (chosen->data);
      self->selection = tile_payload (self, tile_walk (tile));
    }
  g_list_free (chosen);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTION]);
}

static void
redraw_tiles (FeeriePalette *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_queue_draw (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)));
  update_selection (self);
}

static void
on_mode_toggled (GtkToggleButton *button, FeeriePalette *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  if (button == self->white || button == self->black || button == self->neutral)
    self->colour = button == self->white ? FE_WHITE : button == self->black ? FE_BLACK : FE_NEUTRAL;
  else
    self->attrs = button == self->magic ? FE_ATTR_MAGIC : button == self->magician ? FE_ATTR_MAGICIAN : 0;
  redraw_tiles (self);
}

/* Clicking the selected tile again clears the selection: the state is
 * taken at press time, before the flow box selects on release. */
static void
on_tile_pressed (GtkGestureClick *click, int n, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click));
  GtkWidget *child = gtk_widget_get_parent (tile);
  g_object_set_data (G_OBJECT (tile), "was-selected",
                     GINT_TO_POINTER (gtk_flow_box_child_is_selected (GTK_FLOW_BOX_CHILD (child))));
}

static void
on_tile_released (GtkGestureClick *click, int n, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click));
  if (!g_object_get_data (G_OBJECT (tile), "was-selected"))
    return;
  /* Claimed, so the flow box's own click does not select it back. */
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  feerie_palette_clear_selection (self);
}

static GtkWidget *
make_tile (FeeriePalette *self, int walk)
{
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 44);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 44);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_tile, self, NULL);
  g_object_set_data (G_OBJECT (area), "walk", GINT_TO_POINTER (walk));
  if (walk == IMITATOR_TILE)
    gtk_widget_set_tooltip_text (area, _("Imitator (I)"));
  else
    {
      g_autofree char *tip = g_strdup_printf ("%s (%s)", feerie_walk_name (walk),
                                              fe_walk_print_code (walk));
      gtk_widget_set_tooltip_text (area, tip);
    }
  GtkDragSource *source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_tile_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_tile_drag_begin), self);
  gtk_widget_add_controller (area, GTK_EVENT_CONTROLLER (source));
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (on_tile_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (on_tile_released), self);
  gtk_widget_add_controller (area, GTK_EVENT_CONTROLLER (click));
  return area;
}

/* Escape inside the palette clears its choice (the window's Escape, which
 * stops a solve, comes after when nothing is chosen). */
static gboolean
on_key_pressed (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                FeeriePalette *self)
{
  if (keyval != GDK_KEY_Escape || !self->selection)
    return FALSE;
  feerie_palette_clear_selection (self);
  return TRUE;
}

static void
feerie_palette_dispose (GObject *object)
{
  FeeriePalette *self = FEERIE_PALETTE (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_PALETTE);
  /* The template's outer box is not bound, so dispose_template leaves it:
   * a GtkWidget subclass unparents its own children (issue 12). */
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_pointer (&self->selection, g_free);
  G_OBJECT_CLASS (feerie_palette_parent_class)->dispose (object);
}

static void
feerie_palette_finalize (GObject *object)
{
  g_free (FEERIE_PALETTE (object)->font_family);
  G_OBJECT_CLASS (feerie_palette_parent_class)->finalize (object);
}

static void
feerie_palette_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeeriePalette *self = FEERIE_PALETTE (object);
  switch (prop_id)
    {
    case PROP_SELECTION:
      g_value_set_string (value, self->selection);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
feerie_palette_class_init (FeeriePaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = feerie_palette_dispose;
  object_class->finalize = feerie_palette_finalize;
  object_class->get_property = feerie_palette_get_property;

  properties[PROP_SELECTION] = g_param_spec_string ("selection", NULL, NULL, NULL,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/feerie/Feerie/ui/feerie-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, white);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, black);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, neutral);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, plain);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, magic);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, magician);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, grid);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_toggled);
  gtk_widget_class_bind_template_callback (widget_class, update_selection);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
feerie_palette_init (FeeriePalette *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  fe_render_style_init (&self->style);
  self->font_family = g_strdup (self->style.font_family);
  self->style.font_family = self->font_family;
  self->colour = FE_WHITE;
  for (int walk = FE_WALK_KING; walk < FE_WALK_COUNT; walk++)
    gtk_flow_box_append (self->grid, make_tile (self, walk));
  gtk_flow_box_append (self->grid, make_tile (self, IMITATOR_TILE));
  GtkEventController *key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
}

const char *
feerie_palette_get_selection (FeeriePalette *self)
{
  g_return_val_if_fail (FEERIE_IS_PALETTE (self), NULL);
  return self->selection;
}

void
feerie_palette_clear_selection (FeeriePalette *self)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  gtk_flow_box_unselect_all (self->grid);
  update_selection (self);
}

void
feerie_palette_select (FeeriePalette *self, FeColour colour, uint8_t attrs, int walk)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  gtk_toggle_button_set_active (colour == FE_WHITE ? self->white
                                : colour == FE_BLACK ? self->black : self->neutral, TRUE);
  gtk_toggle_button_set_active ((attrs & FE_ATTR_MAGIC) ? self->magic
                                : (attrs & FE_ATTR_MAGICIAN) ? self->magician : self->plain, TRUE);
  /* Tiles are in walk order, the imitator last. */
  int index = walk == IMITATOR_TILE ? FE_WALK_COUNT - 1 : walk - 1;
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->grid, index);
  if (child)
    gtk_flow_box_select_child (self->grid, child);
  update_selection (self);
}

void
feerie_palette_set_font (FeeriePalette *self, const char *family)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  if (!fe_render_style_set_font (&self->style, &self->font_family, family))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_queue_draw (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)));
}

const char *
feerie_palette_get_font (FeeriePalette *self)
{
  g_return_val_if_fail (FEERIE_IS_PALETTE (self), NULL);
  return self->font_family;
}

GtkWidget *
feerie_palette_get_tile (FeeriePalette *self, int walk)
{
  g_return_val_if_fail (FEERIE_IS_PALETTE (self), NULL);
  int index = walk == IMITATOR_TILE ? FE_WALK_COUNT - 1 : walk - 1;
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->grid, index);
  return child ? gtk_flow_box_child_get_child (child) : NULL;
}
