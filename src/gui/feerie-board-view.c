/* feerie-board-view.c — the diagram widget: Cairo drawing through
 * src/render, clicks, and drag and drop of pieces.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget holds a copy of the position to draw and reports what the
 * user does through signals; the window owns the problem and the undo log.
 */

#include "feerie-board-view.h"

#include <math.h>

/* The squares' span the window keeps at least (issue 25.17: 800×600). */
#define MIN_BOARD_SQUARES_PX 320

struct _FeerieBoardView
{
  GtkWidget parent_instance;

  FePosition position;
  FeRenderMarks marks;
  FeRenderStyle style;
  char *font_family;  /* owns style.font_family */
  int natural_size;   /* preferred side in pixels */
  FeSquare drag_from;
  /* A press not yet a click: it becomes one on release, unless a drag
   * began from it (then the drop, not the click, is the gesture). */
  FeSquare press_square;
  guint press_button;
  /* Playback: the piece now on anim_to slides from anim_from. */
  FeSquare anim_from, anim_to;
  gint64 anim_start, anim_duration; /* µs, frame clock time */
  guint anim_tick;
  gboolean error;     /* the problem cannot be reopened: a red frame */
};

G_DEFINE_FINAL_TYPE (FeerieBoardView, feerie_board_view, GTK_TYPE_WIDGET)

enum {
  SQUARE_ACTIVATED, /* (square, button) */
  PAYLOAD_DROPPED,  /* (payload, square, copy) */
  DRAGGED_OFF,      /* (square) the piece was dropped outside the board */
  N_SIGNALS
};
static guint signals[N_SIGNALS];

char *
feerie_drag_payload_for_piece (FePiece piece)
{
  return g_strdup_printf ("piece:%u:%u:%u", piece.colour, piece.walk, piece.attrs);
}

char *
feerie_drag_payload_for_imitator (FeColour colour)
{
  return g_strdup_printf ("imitator:%u", colour);
}

G_DEFINE_BOXED_TYPE (FeerieDragPayload, feerie_drag_payload, (GBoxedCopyFunc) g_strdup, g_free)

GdkContentProvider *
feerie_drag_payload_provider (const char *payload)
{
  return gdk_content_provider_new_typed (FEERIE_TYPE_DRAG_PAYLOAD, payload);
}

static void
geometry (FeerieBoardView *self, FeRenderGeometry *geo)
{
  g_assert (FEERIE_IS_BOARD_VIEW (self));
  fe_render_geometry (gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)), &self->style, geo);
}

static FeSquare
square_at (FeerieBoardView *self, double x, double y)
{
  g_assert (FEERIE_IS_BOARD_VIEW (self));
  FeRenderGeometry geo;
  geometry (self, &geo);
  return fe_render_square_at (&geo, x, y);
}

static void
feerie_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FeerieBoardView *self = FEERIE_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  FeRenderGeometry geo;
  geometry (self, &geo);
  if (!self->anim_tick)
    {
      fe_render_board (cr, &geo, &self->style, &self->position, &self->marks);
      if (self->error)
        {
          /* Over the frame, so it shows in any colour scheme. */
          cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
          cairo_set_line_width (cr, MAX (3, geo.sq / 12));
          cairo_rectangle (cr, geo.x0, geo.y0, 8 * geo.sq, 8 * geo.sq);
          cairo_stroke (cr);
        }
      cairo_destroy (cr);
      return;
    }
  /* The sliding piece is drawn over the board, not on its square. */
  FePosition pos = self->position;
  FePiece piece = pos.board[self->anim_to];
  pos.board[self->anim_to] = FE_PIECE_EMPTY;
  fe_render_board (cr, &geo, &self->style, &pos, &self->marks);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  double t = clock ? (gdk_frame_clock_get_frame_time (clock) - self->anim_start)
                       / (double) self->anim_duration
                   : 1;
  t = CLAMP (t, 0, 1);
  t = t * t * (3 - 2 * t); /* ease in and out */
  double x0 = geo.x0 + FE_FILE (self->anim_from) * geo.sq,
         y0 = geo.y0 + (7 - FE_RANK (self->anim_from)) * geo.sq;
  double x1 = geo.x0 + FE_FILE (self->anim_to) * geo.sq,
         y1 = geo.y0 + (7 - FE_RANK (self->anim_to)) * geo.sq;
  fe_render_piece (cr, piece, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, geo.sq, &self->style);
  cairo_destroy (cr);
}

static gboolean
anim_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FeerieBoardView *self = FEERIE_BOARD_VIEW (widget);
  gtk_widget_queue_draw (widget);
  if (gdk_frame_clock_get_frame_time (clock) - self->anim_start < self->anim_duration)
    return G_SOURCE_CONTINUE;
  self->anim_tick = 0;
  return G_SOURCE_REMOVE;
}

void
feerie_board_view_animate_move (FeerieBoardView *self, FeSquare from, FeSquare to,
                                guint duration_ms)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  if (self->anim_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim_tick);
  self->anim_tick = 0;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (!clock || from == to || !FE_ON_BOARD (from) || !FE_ON_BOARD (to)
      || self->position.board[to].walk == FE_WALK_NONE || duration_ms == 0)
    return;
  self->anim_from = from;
  self->anim_to = to;
  self->anim_start = gdk_frame_clock_get_frame_time (clock);
  self->anim_duration = duration_ms * (gint64) 1000;
  self->anim_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), anim_tick, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
feerie_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  FeerieBoardView *self = FEERIE_BOARD_VIEW (widget);
  /* Squares 320 px across (the board that reads at 800×600, the side
   * panes reflow), with the coordinates' margin around them: the square
   * side grows with the widget's, so one probe gives the ratio. */
  FeRenderGeometry geo;
  fe_render_geometry (1000, 1000, &self->style, &geo);
  int readable = (int) ceil (MIN_BOARD_SQUARES_PX * 1000 / (8 * geo.sq));
  *minimum = MIN (readable, self->natural_size);
  *natural = self->natural_size;
}

static void
on_click_pressed (GtkGestureClick *gesture, int n_press, double x, double y, FeerieBoardView *self)
{
  self->press_square = square_at (self, x, y);
  self->press_button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  if (self->press_square != FE_NO_SQUARE)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* A click is a press and a release with no drag between: a drag that
 * starts on a square must not also pick that square for click-to-move
 * (the next press elsewhere would move it). */
static void
on_click_released (GtkGestureClick *gesture, int n_press, double x, double y, FeerieBoardView *self)
{
  FeSquare sq = self->press_square;
  self->press_square = FE_NO_SQUARE;
  /* Released on another square, the hand dragged and no drag began (from
   * an empty square): no click, or it would act where it was pressed. */
  if (sq != FE_NO_SQUARE && square_at (self, x, y) == sq)
    g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, (guint) sq, self->press_button);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, FeerieBoardView *self)
{
  FeSquare sq = square_at (self, x, y);
  /* A piece or an imitator: either moves, or is copied with Ctrl. */
  if (sq == FE_NO_SQUARE
      || (self->position.board[sq].walk == FE_WALK_NONE && fe_position_imitator_at (&self->position, sq) < 0))
    return NULL;
  self->drag_from = sq;
  self->press_square = FE_NO_SQUARE; /* a drag, not a click */
  g_autofree char *payload = g_strdup_printf ("square:%u", sq);
  return feerie_drag_payload_provider (payload);
}

/* What stands on `sq` (its piece, else its imitator) as a drag icon. */
static GdkPaintable *
square_paintable (const FePosition *pos, FeSquare sq, const FeRenderStyle *style, int size)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, size, size));
  int imitator = fe_position_imitator_at (pos, sq);
  if (pos->board[sq].walk == FE_WALK_NONE && imitator >= 0)
    fe_render_imitator (cr, pos->imitator_colour[imitator], 0, 0, size);
  else
    fe_render_piece (cr, pos->board[sq], 0, 0, size, style);
  cairo_destroy (cr);
  return gtk_snapshot_free_to_paintable (snapshot, &GRAPHENE_SIZE_INIT (size, size));
}

static void
on_drag_begin (GtkDragSource *source, GdkDrag *drag, FeerieBoardView *self)
{
  FeRenderGeometry geo;
  geometry (self, &geo);
  g_autoptr (GdkPaintable) icon = square_paintable (&self->position, self->drag_from, &self->style, (int) geo.sq);
  gtk_drag_source_set_icon (source, icon, (int) geo.sq / 2, (int) geo.sq / 2);
  self->marks.hidden = self->drag_from;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkDragSource *source, GdkDrag *drag, gboolean delete_data, FeerieBoardView *self)
{
  self->marks.hidden = FE_NO_SQUARE;
  self->marks.drop_target = FE_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Ctrl held copies, a plain drag moves.  The keyboard is asked at the
 * moment of the drop: the events of a drag belong to the drag, and the
 * action GDK suggests is copy when no modifier is held (X11), so neither
 * tells what the hand does now. */
static gboolean
ctrl_held (GtkWidget *widget)
{
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (widget));
  GdkDevice *keyboard = seat ? gdk_seat_get_keyboard (seat) : NULL;
  return keyboard && (gdk_device_get_modifier_state (keyboard) & GDK_CONTROL_MASK);
}

static gboolean
drop_copies (GtkDropTarget *target)
{
  return ctrl_held (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target)));
}

/* The pointer in the board's coordinates; FALSE when it is not over the
 * window. */
static gboolean
pointer_position (FeerieBoardView *self, double *x, double *y)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (widget));
  GdkDevice *pointer = seat ? gdk_seat_get_pointer (seat) : NULL;
  double sx, sy, nx, ny;
  if (!native || !pointer || !gdk_surface_get_device_position (gtk_native_get_surface (native), pointer, &sx, &sy, NULL))
    return FALSE;
  gtk_native_get_surface_transform (native, &nx, &ny);
  return gtk_widget_translate_coordinates (GTK_WIDGET (native), widget, sx - nx, sy - ny, x, y);
}

/* A piece dragged off the board and dropped nowhere is removed.  A quick
 * flick released over the board can end with no target too (the drop
 * had no time to find it): there it is the move it meant, or nothing. */
static gboolean
on_drag_cancel (GtkDragSource *source, GdkDrag *drag, GdkDragCancelReason reason,
                FeerieBoardView *self)
{
  if (reason != GDK_DRAG_CANCEL_NO_TARGET || self->drag_from == FE_NO_SQUARE)
    return FALSE;
  FeSquare sq = self->drag_from;
  self->drag_from = FE_NO_SQUARE;
  double x, y;
  if (pointer_position (self, &x, &y) && gtk_widget_contains (GTK_WIDGET (self), x, y))
    {
      FeSquare to = square_at (self, x, y);
      if (to == FE_NO_SQUARE || to == sq)
        return FALSE; /* back where it was */
      g_autofree char *payload = g_strdup_printf ("square:%u", sq);
      g_signal_emit (self, signals[PAYLOAD_DROPPED], 0, payload, (guint) to, ctrl_held (GTK_WIDGET (self)));
      return TRUE;
    }
  g_signal_emit (self, signals[DRAGGED_OFF], 0, (guint) sq);
  return TRUE;
}

static GdkDragAction
on_drop_motion (GtkDropTarget *target, double x, double y, FeerieBoardView *self)
{
  FeSquare sq = square_at (self, x, y);
  if (sq != self->marks.drop_target)
    {
      self->marks.drop_target = sq;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (sq == FE_NO_SQUARE)
    return 0;
  return drop_copies (target) ? GDK_ACTION_COPY : GDK_ACTION_MOVE;
}

static void
on_drop_leave (GtkDropTarget *target, FeerieBoardView *self)
{
  self->marks.drop_target = FE_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, FeerieBoardView *self)
{
  FeSquare sq = square_at (self, x, y);
  self->marks.drop_target = FE_NO_SQUARE;
  if (sq == FE_NO_SQUARE || !G_VALUE_HOLDS (value, FEERIE_TYPE_DRAG_PAYLOAD) || !g_value_get_boxed (value))
    return FALSE;
  gboolean copy = drop_copies (target);
  self->drag_from = FE_NO_SQUARE; /* handled here, not by drag-cancel */
  g_signal_emit (self, signals[PAYLOAD_DROPPED], 0, (const char *) g_value_get_boxed (value), (guint) sq, copy);
  return TRUE;
}

static void
feerie_board_view_finalize (GObject *object)
{
  FeerieBoardView *self = FEERIE_BOARD_VIEW (object);
  g_free (self->font_family);
  G_OBJECT_CLASS (feerie_board_view_parent_class)->finalize (object);
}

static void
feerie_board_view_class_init (FeerieBoardViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = feerie_board_view_finalize;
  widget_class->snapshot = feerie_board_view_snapshot;
  widget_class->measure = feerie_board_view_measure;

  signals[SQUARE_ACTIVATED] = g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[PAYLOAD_DROPPED]
    = g_signal_new ("payload-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_BOOLEAN);
  signals[DRAGGED_OFF] = g_signal_new ("dragged-off", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "feerie-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
feerie_board_view_init (FeerieBoardView *self)
{
  fe_position_init (&self->position);
  fe_render_marks_init (&self->marks);
  fe_render_style_init (&self->style);
  self->font_family = g_strdup (self->style.font_family);
  self->style.font_family = self->font_family;
  self->drag_from = FE_NO_SQUARE;
  self->press_square = FE_NO_SQUARE;
  self->natural_size = 560;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  GtkGesture *click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  GtkDragSource *source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (source, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (source, "drag-cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (source));

  GtkDropTarget *target = gtk_drop_target_new (FEERIE_TYPE_DRAG_PAYLOAD, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  g_signal_connect (target, "motion", G_CALLBACK (on_drop_motion), self);
  g_signal_connect (target, "leave", G_CALLBACK (on_drop_leave), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

GtkWidget *
feerie_board_view_new (void)
{
  return g_object_new (FEERIE_TYPE_BOARD_VIEW, NULL);
}

void
feerie_board_view_set_position (FeerieBoardView *self, const FePosition *pos)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  if (self->anim_tick)
    {
      /* A new position ends any slide in progress. */
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim_tick);
      self->anim_tick = 0;
    }
  self->position = *pos;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
feerie_board_view_set_marks (FeerieBoardView *self, const FeRenderMarks *marks)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  FeSquare hidden = self->marks.hidden, drop = self->marks.drop_target;
  self->marks = *marks;
  self->marks.hidden = hidden; /* drag state is the widget's own */
  self->marks.drop_target = drop;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
feerie_board_view_get_marks (FeerieBoardView *self, FeRenderMarks *marks)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  *marks = self->marks;
}

void
feerie_board_view_set_colours (FeerieBoardView *self, const char *light, const char *dark)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  fe_render_parse_colour (light, self->style.light);
  fe_render_parse_colour (dark, self->style.dark);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
feerie_board_view_set_font (FeerieBoardView *self, const char *family)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  if (!fe_render_style_set_font (&self->style, &self->font_family, family))
    return;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const FeRenderStyle *
feerie_board_view_get_style (FeerieBoardView *self)
{
  g_return_val_if_fail (FEERIE_IS_BOARD_VIEW (self), NULL);
  return &self->style;
}

void
feerie_board_view_set_natural_size (FeerieBoardView *self, int size)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  self->natural_size = CLAMP (size, 64, 4096);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
feerie_board_view_set_error (FeerieBoardView *self, const char *message)
{
  g_return_if_fail (FEERIE_IS_BOARD_VIEW (self));
  gboolean error = message != NULL;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), message);
  if (error == self->error)
    return;
  self->error = error;
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "error");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
