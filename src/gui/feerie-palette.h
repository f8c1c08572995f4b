/* feerie-palette.h — every walk in white, black and neutral, plain, magic
 * or magician, and the imitator: drag sources and click-to-place choices.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/model/fe-types.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_PALETTE (feerie_palette_get_type ())
G_DECLARE_FINAL_TYPE (FeeriePalette, feerie_palette, FEERIE, PALETTE, GtkWidget)

/* The chosen tile as a drag payload ("piece:…" or "imitator:…"), or NULL. */
const char *feerie_palette_get_selection (FeeriePalette *self);
void feerie_palette_clear_selection (FeeriePalette *self);
/* Chooses the kind of piece the tiles place (FE_ATTR_* bits, 0: plain). */
void feerie_palette_set_attributes (FeeriePalette *self, uint8_t attrs);
/* Why a drop of `piece` would be refused now (a new string for a
 * tooltip), NULL when it would be placed. */
typedef char *(*FeeriePaletteRefusal) (FePiece piece, gpointer data);
/* The tiles of pieces `refusal` refuses are shown insensitive, saying
 * why; the palette asks again on each change of colour or kind, and on
 * feerie_palette_update_refusals (the problem changed). */
void feerie_palette_set_refusal (FeeriePalette *self, FeeriePaletteRefusal refusal, gpointer data);
void feerie_palette_update_refusals (FeeriePalette *self);
/* The piece glyph font of the tiles; NULL or "" is the default. */
void feerie_palette_set_font (FeeriePalette *self, const char *family);

G_END_DECLS
