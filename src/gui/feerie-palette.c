/* feerie-palette.c — the piece palette.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three colours × three kinds × every walk would be ~400 tiles; instead the
 * colour and the kind are toggles above one grid of walks, which redraws in
 * the chosen colour and kind.  The imitator tile is the standard imitator
 * whatever the colour; under White or Black a second tile offers that
 * colour's monochrome imitator, a rarity chosen on purpose, not by the
 * colour toggle's accident.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-palette-private.h"
#include "feerie-wrap-layout.h"
#include "feerie-board-view.h"
#include "feerie-walk-names.h"
#include "core/model/walk.h"
#include "render/fe-render.h"

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
  g_assert (FEERIE_IS_PALETTE (self));
  if (walk == IMITATOR_TILE)
    return feerie_drag_payload_for_imitator (FE_NEUTRAL);
  if (walk == MONOCHROME_IMITATOR_TILE)
    return feerie_drag_payload_for_imitator (self->colour);
  return feerie_drag_payload_for_piece ((FePiece) { walk, self->colour, self->attrs, 0 });
}

static void
draw_tile (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  FeeriePalette *self = data;
  g_assert (FEERIE_IS_PALETTE (self));
  int walk = tile_walk (GTK_WIDGET (area));
  double sq = MIN (width, height);
  double x = (width - sq) / 2, y = (height - sq) / 2;
  /* A piece the problem refuses now is drawn faded (the tile is off). */
  gboolean refused = !gtk_widget_is_sensitive (GTK_WIDGET (area));
  if (refused)
    cairo_push_group (cr);
  if (walk == IMITATOR_TILE || walk == MONOCHROME_IMITATOR_TILE)
    fe_render_imitator (cr, walk == IMITATOR_TILE ? FE_NEUTRAL : self->colour, x, y, sq);
  else
    fe_render_piece (cr, (FePiece) { walk, self->colour, self->attrs, 0 }, x, y, sq, &self->style);
  if (refused)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.3);
    }
}

static GdkContentProvider *
on_tile_drag_prepare (GtkDragSource *source, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autofree char *payload = tile_payload (self, tile_walk (tile));
  return feerie_drag_payload_provider (payload);
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

/* A GtkFlowBox selects the tile the keyboard focus lands on (Tab into
 * it, Page Down): only a click, Enter or Space choose a tile
 * (self->choosing); any other new selection is undone. */
static void
update_selection (FeeriePalette *self)
{
  if (self->reverting)
    return;
  GList *chosen = gtk_flow_box_get_selected_children (self->grid);
  int index = chosen ? gtk_flow_box_child_get_index (chosen->data) : -1;
  g_list_free (chosen);
  if (index >= 0 && index != self->chosen && !self->choosing)
    {
      self->reverting = TRUE;
      GtkFlowBoxChild *old
        = self->chosen >= 0 ? gtk_flow_box_get_child_at_index (self->grid, self->chosen) : NULL;
      if (old)
        gtk_flow_box_select_child (self->grid, old);
      else
        gtk_flow_box_unselect_all (self->grid);
      self->reverting = FALSE;
      return;
    }
  self->chosen = index;
  g_clear_pointer (&self->selection, g_free);
  if (index >= 0)
    {
      GtkWidget *tile
        = gtk_flow_box_child_get_child (gtk_flow_box_get_child_at_index (self->grid, index));
      self->selection = tile_payload (self, tile_walk (tile));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTION]);
}

static gboolean
end_choosing (gpointer data)
{
  FEERIE_PALETTE (data)->choosing = FALSE;
  return G_SOURCE_REMOVE;
}

static void
redraw_tiles (FeeriePalette *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_queue_draw (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)));
  update_selection (self);
}

/* The monochrome imitator's tile: under White or Black only, with a
 * tooltip that says whose it is. */
static void
show_monochrome_tile (FeeriePalette *self)
{
  GtkFlowBoxChild *child = self->monochrome_tile;
  if (!child)
    return;
  gboolean shown = self->colour != FE_NEUTRAL;
  if (!shown && gtk_flow_box_child_is_selected (child))
    feerie_palette_clear_selection (self);
  gtk_widget_set_visible (GTK_WIDGET (child), shown);
  gtk_widget_set_tooltip_text (gtk_flow_box_child_get_child (child),
                               self->colour == FE_WHITE
                                 ? _("White imitator: monochrome, it follows White’s moves only")
                                 : _("Black imitator: monochrome, it follows Black’s moves only"));
}

/* A piece tile's tooltip: its name and code, and why it is off. */
static void
set_tile_tooltip (GtkWidget *tile, const char *refused_because)
{
  int walk = tile_walk (tile);
  g_autofree char *tip = g_strdup_printf ("%s (%s)", feerie_walk_name (walk), fe_walk_print_code (walk));
  if (refused_because)
    {
      /* Translators: a palette tile's tooltip: the piece, then why the
       * problem would refuse it ("a king cannot be a magician piece"). */
      g_autofree char *why = g_strdup_printf (_("%s\nCannot be placed now: %s"), tip, refused_because);
      gtk_widget_set_tooltip_text (tile, why);
    }
  else
    gtk_widget_set_tooltip_text (tile, tip);
}

void
feerie_palette_update_refusals (FeeriePalette *self)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *tile = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      int walk = tile_walk (tile);
      if (walk == IMITATOR_TILE || walk == MONOCHROME_IMITATOR_TILE)
        continue;
      g_autofree char *why
        = self->refusal ? self->refusal ((FePiece) { walk, self->colour, self->attrs, 0 }, self->refusal_data)
                        : NULL;
      if (why && gtk_flow_box_child_is_selected (GTK_FLOW_BOX_CHILD (child)))
        feerie_palette_clear_selection (self);
      set_tile_tooltip (tile, why);
      gtk_widget_set_sensitive (child, !why);
      gtk_widget_queue_draw (tile);
    }
}

void
feerie_palette_set_refusal (FeeriePalette *self, FeeriePaletteRefusal refusal, gpointer data)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  self->refusal = refusal;
  self->refusal_data = data;
  feerie_palette_update_refusals (self);
}

static void
on_mode_toggled (GtkToggleButton *button, FeeriePalette *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  if (button == self->white || button == self->black || button == self->neutral)
    {
      self->colour = button == self->white   ? FE_WHITE
                     : button == self->black ? FE_BLACK
                                             : FE_NEUTRAL;
      show_monochrome_tile (self);
    }
  else
    {
      self->attrs = 0;
      for (guint i = 0; i < self->attribute_buttons->len; i++)
        if (button == self->attribute_buttons->pdata[i])
          self->attrs = fe_attribute_nth (i)->bit;
    }
  feerie_palette_update_refusals (self);
  redraw_tiles (self);
}

/* Clicking the selected tile again clears the selection: the state is
 * taken at press time, before the flow box selects on release. */
static void
on_tile_pressed (GtkGestureClick *click, int n, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click));
  GtkWidget *child = gtk_widget_get_parent (tile);
  self->cursor = gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (child));
  g_object_set_data (G_OBJECT (tile), "was-selected",
                     GINT_TO_POINTER (gtk_flow_box_child_is_selected (GTK_FLOW_BOX_CHILD (child))));
}

static void
on_tile_released (GtkGestureClick *click, int n, double x, double y, FeeriePalette *self)
{
  GtkWidget *tile = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (click));
  if (!g_object_get_data (G_OBJECT (tile), "was-selected"))
    {
      /* The flow box's own click, which comes next, chooses it. */
      self->choosing = TRUE;
      g_idle_add_full (G_PRIORITY_DEFAULT, end_choosing, g_object_ref (self), g_object_unref);
      return;
    }
  /* Claimed, so the flow box's own click does not select it back. */
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  feerie_palette_clear_selection (self);
}

static GtkWidget *
make_tile (FeeriePalette *self, int walk)
{
  g_assert (FEERIE_IS_PALETTE (self));
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 44);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 44);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_tile, self, NULL);
  g_object_set_data (G_OBJECT (area), "walk", GINT_TO_POINTER (walk));
  if (walk == IMITATOR_TILE)
    gtk_widget_set_tooltip_text (area, _("Imitator (I): the standard imitator, for both sides"));
  else if (walk == MONOCHROME_IMITATOR_TILE)
    ; /* its tooltip follows the colour (show_monochrome_tile) */
  else
    set_tile_tooltip (area, NULL);
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

/* The tile child that has the keyboard focus, or NULL. */
static GtkFlowBoxChild *
focused_child (FeeriePalette *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *w = root ? gtk_root_get_focus (root) : NULL;
  for (; w && w != GTK_WIDGET (self); w = gtk_widget_get_parent (w))
    if (GTK_IS_FLOW_BOX_CHILD (w) && gtk_widget_get_parent (w) == GTK_WIDGET (self->grid))
      return GTK_FLOW_BOX_CHILD (w);
  return NULL;
}

static GtkFlowBoxChild *
sensitive_child (FeeriePalette *self, int index)
{
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->grid, index);
  return child && gtk_widget_get_sensitive (GTK_WIDGET (child))
             && gtk_widget_get_visible (GTK_WIDGET (child))
           ? child
           : NULL;
}

static void
focus_tile (FeeriePalette *self, int index)
{
  g_assert (FEERIE_IS_PALETTE (self));
  int n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->grid)); c;
       c = gtk_widget_get_next_sibling (c))
    n++;
  index = CLAMP (index, 0, n - 1);
  /* A tile the problem refuses takes no focus: the next one on the way,
   * else the nearest back toward the tile the keyboard is on. */
  int away = index < self->cursor ? -1 : 1;
  GtkFlowBoxChild *child = NULL;
  for (int i = index; i >= 0 && i < n && !child; i += away)
    child = sensitive_child (self, i);
  for (int i = index - away; i != self->cursor && i >= 0 && i < n && !child; i -= away)
    child = sensitive_child (self, i);
  if (!child)
    return;
  self->cursor = gtk_flow_box_child_get_index (child);
  gtk_widget_grab_focus (GTK_WIDGET (child));
}

/* Tiles on one line of the flow box: those at the first tile's height. */
static int
tiles_per_line (FeeriePalette *self)
{
  GtkWidget *first = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
  graphene_point_t p0, p;
  int n = 0;
  if (!first
      || !gtk_widget_compute_point (first, GTK_WIDGET (self->grid), &GRAPHENE_POINT_INIT (0, 0),
                                    &p0))
    return 1;
  for (GtkWidget *c = first; c; c = gtk_widget_get_next_sibling (c), n++)
    if (!gtk_widget_compute_point (c, GTK_WIDGET (self->grid), &GRAPHENE_POINT_INIT (0, 0), &p)
        || p.y != p0.y)
      break;
  return MAX (n, 1);
}

static gboolean
restore_can_focus (gpointer data)
{
  gtk_widget_set_can_focus (data, TRUE);
  return G_SOURCE_REMOVE;
}

/* The grid of tiles is one focus stop, as a GtkGridView is: Tab leaves
 * it, arrows move between tiles without choosing, Enter or Space chooses
 * the tile, Escape clears the choice (the window's Escape, which stops a
 * solve, comes after when nothing is chosen). */
static gboolean
on_key_pressed (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                FeeriePalette *self)
{
  if (keyval == GDK_KEY_Escape)
    {
      if (!self->selection)
        return FALSE;
      feerie_palette_clear_selection (self);
      return TRUE;
    }
  GtkFlowBoxChild *child = focused_child (self);
  if (!child || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  int index = gtk_flow_box_child_get_index (child);
  self->cursor = index;
  switch (keyval)
    {
    case GDK_KEY_Tab:
    case GDK_KEY_KP_Tab:
    case GDK_KEY_ISO_Left_Tab:
      /* Out of the grid: the window moves the focus on while the grid
       * cannot take it (gtk_widget_child_focus skips it), then it can. */
      gtk_widget_set_can_focus (GTK_WIDGET (self->grid), FALSE);
      g_idle_add_full (G_PRIORITY_HIGH, restore_can_focus, g_object_ref (self->grid),
                       g_object_unref);
      return FALSE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      focus_tile (self, index - 1);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      focus_tile (self, index + 1);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      focus_tile (self, index - tiles_per_line (self));
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      focus_tile (self, index + tiles_per_line (self));
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      focus_tile (self, 0);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      focus_tile (self, G_MAXINT);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      self->choosing = TRUE;
      gtk_flow_box_select_child (self->grid, child);
      update_selection (self);
      self->choosing = FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* Focus coming into the grid from outside lands on the last tile it was
 * on (or the chosen one), not on the first or last tile. */
static void
on_grid_focus_enter (GtkEventControllerFocus *focus, FeeriePalette *self)
{
  GtkFlowBoxChild *child = focused_child (self);
  if (child && self->cursor >= 0 && gtk_flow_box_child_get_index (child) != self->cursor)
    focus_tile (self, self->cursor);
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
  g_clear_pointer (&self->attribute_buttons, g_ptr_array_unref);
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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, white);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, black);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, neutral);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, kinds);
  gtk_widget_class_bind_template_child (widget_class, FeeriePalette, plain);
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
  self->chosen = -1;
  /* A toggle per piece attribute, after Plain, from the registry. */
  self->attribute_buttons = g_ptr_array_new ();
  for (int i = 0; i < fe_attribute_count (); i++)
    {
      const FeAttributeDesc *a = fe_attribute_nth (i);
      GtkWidget *button = gtk_toggle_button_new_with_label (_(a->label));
      gtk_widget_set_hexpand (button, TRUE);
      gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->plain);
      gtk_widget_set_tooltip_text (button, _(a->palette_tooltip));
      gtk_widget_set_name (button, a->name);
      g_signal_connect (button, "toggled", G_CALLBACK (on_mode_toggled), self);
      gtk_box_append (self->kinds, button);
      g_ptr_array_add (self->attribute_buttons, button);
    }
  /* The rows of toggles: one row each where it fits, more where the
   * palette is narrow. */
  gtk_widget_set_layout_manager (gtk_widget_get_parent (GTK_WIDGET (self->white)), feerie_wrap_layout_new ());
  gtk_widget_set_layout_manager (GTK_WIDGET (self->kinds), feerie_wrap_layout_new ());
  /* In feerie_palette_tile_index's order. */
  for (int i = 0; i <= FE_WALK_COUNT; i++)
    for (int walk = MONOCHROME_IMITATOR_TILE; walk < FE_WALK_COUNT; walk++)
      if (feerie_palette_tile_index (walk) == i)
        gtk_flow_box_append (self->grid, make_tile (self, walk));
  self->monochrome_tile
    = gtk_flow_box_get_child_at_index (self->grid, feerie_palette_tile_index (MONOCHROME_IMITATOR_TILE));
  show_monochrome_tile (self);
  GtkEventController *key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (on_grid_focus_enter), self);
  gtk_widget_add_controller (GTK_WIDGET (self->grid), focus);
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
feerie_palette_set_attributes (FeeriePalette *self, uint8_t attrs)
{
  g_return_if_fail (FEERIE_IS_PALETTE (self));
  GtkToggleButton *kind = self->plain;
  for (guint i = 0; i < self->attribute_buttons->len; i++)
    if (attrs & fe_attribute_nth (i)->bit)
      kind = self->attribute_buttons->pdata[i];
  gtk_toggle_button_set_active (kind, TRUE);
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
