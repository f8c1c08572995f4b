/* feerie-board-view.h — the diagram widget, drawn by src/render.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "render/fe-render.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_BOARD_VIEW (feerie_board_view_get_type ())
G_DECLARE_FINAL_TYPE (FeerieBoardView, feerie_board_view, FEERIE, BOARD_VIEW, GtkWidget)

GtkWidget *feerie_board_view_new (void);
void feerie_board_view_set_position (FeerieBoardView *self, const FePosition *pos);
void feerie_board_view_set_marks (FeerieBoardView *self, const FeRenderMarks *marks);
void feerie_board_view_get_marks (FeerieBoardView *self, FeRenderMarks *marks);
void feerie_board_view_set_colours (FeerieBoardView *self, const char *light, const char *dark);
/* The piece glyph font family; NULL or "" is the default (FreeSerif). */
void feerie_board_view_set_font (FeerieBoardView *self, const char *family);
/* Slides the piece now standing on `to` from `from` (playback); ended by
 * the next set_position. */
void feerie_board_view_animate_move (FeerieBoardView *self, FeSquare from, FeSquare to,
                                     guint duration_ms);
/* The preferred side (560 by default; smaller for a preview). */
void feerie_board_view_set_natural_size (FeerieBoardView *self, int size);
/* Marks the diagram as an error (a red frame, the message as tooltip);
 * NULL clears it. */
void feerie_board_view_set_error (FeerieBoardView *self, const char *message);
/* The drawing style in use (colours, font): the exporter draws with it. */
const FeRenderStyle *feerie_board_view_get_style (FeerieBoardView *self);

/* Drag payloads are strings: "piece:C:W:A" (colour, walk, attributes) from
 * the palette, "imitator:C" and "square:SQ" from the board itself. */
char *feerie_drag_payload_for_piece (FePiece piece);
char *feerie_drag_payload_for_imitator (FeColour colour);
/* A payload as the board's drop target takes it: a type of its own, not
 * text, so that no text field takes a piece dragged over it as words. */
typedef char FeerieDragPayload;
#define FEERIE_TYPE_DRAG_PAYLOAD (feerie_drag_payload_get_type ())
GType feerie_drag_payload_get_type (void);
GdkContentProvider *feerie_drag_payload_provider (const char *payload);

G_END_DECLS
