/* feerie-palette-private.h — FeeriePalette's instance, for the class
 * and for the tests (tests/gui/harness), which choose tiles as a click does.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-palette.h"
#include "render/fe-render.h"

G_BEGIN_DECLS

/* Tiles are the walks in order, then these two. */
#define IMITATOR_TILE 0             /* walk 0 in a tile: the standard imitator */
#define MONOCHROME_IMITATOR_TILE -1 /* the White or Black tab's own imitator */

/* The tiles' order: the orthodox pieces, the two imitators, then the fairy
 * walks (what a composer reaches for most stays in view however narrow
 * the palette). */
static inline int
feerie_palette_tile_index (int walk)
{
  return walk == IMITATOR_TILE              ? FE_WALK_PAWN
         : walk == MONOCHROME_IMITATOR_TILE ? FE_WALK_PAWN + 1
         : walk <= FE_WALK_PAWN             ? walk - 1
                                            : walk + 1;
}

struct _FeeriePalette
{
  GtkWidget parent_instance;

  GtkToggleButton *white;
  GtkToggleButton *black;
  GtkToggleButton *neutral;
  GtkBox *kinds;
  GtkToggleButton *plain;
  /* One toggle per piece attribute, in registry order (fe_attribute_nth). */
  GPtrArray *attribute_buttons;
  GtkFlowBox *grid;
  GtkFlowBoxChild *monochrome_tile; /* shown under White or Black only */

  FeColour colour;
  uint8_t attrs;
  int cursor;        /* index of the tile the keyboard is on */
  int chosen;        /* index of the chosen tile, -1 for none */
  gboolean choosing; /* a click, Enter or Space is choosing a tile */
  gboolean reverting;
  char *selection;
  FeeriePaletteRefusal refusal; /* which tiles the problem takes now */
  gpointer refusal_data;
  FeRenderStyle style;
  char *font_family; /* owns style.font_family */
};

G_END_DECLS
