/* feerie-palette.h — every walk in white, black and neutral, plain, magic
 * or magician, and the imitator: drag sources and click-to-place choices.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/fe-types.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_PALETTE (feerie_palette_get_type ())
G_DECLARE_FINAL_TYPE (FeeriePalette, feerie_palette, FEERIE, PALETTE, GtkWidget)

/* The chosen tile as a drag payload ("piece:…" or "imitator:…"), or NULL. */
const char *feerie_palette_get_selection (FeeriePalette *self);
void feerie_palette_clear_selection (FeeriePalette *self);
/* Chooses the colour, kind and walk of the selection (keyboard, tests). */
void feerie_palette_select (FeeriePalette *self, FeColour colour, uint8_t attrs, int walk);
/* Chooses the kind of piece the tiles place (FE_ATTR_* bits, 0: plain). */
void feerie_palette_set_attributes (FeeriePalette *self, uint8_t attrs);
/* The piece glyph font of the tiles; NULL or "" is the default. */
void feerie_palette_set_font (FeeriePalette *self, const char *family);
const char *feerie_palette_get_font (FeeriePalette *self);
/* The tile of a walk (0 = the imitator), for tests that point at it. */
GtkWidget *feerie_palette_get_tile (FeeriePalette *self, int walk);

/* The walk of the tile with the keyboard focus (0 = the imitator), -1
 * when the focus is not on a tile. */
int feerie_palette_get_focused_walk (FeeriePalette *self);

G_END_DECLS
