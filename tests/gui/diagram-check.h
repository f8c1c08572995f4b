/* diagram-check.h — reads a rendered diagram back as pixels and checks it
 * against facts that do not come from the renderer: the square colours
 * documented as the defaults in data/org.feerie.Feerie.gschema.xml, a1 being
 * a dark square, and which squares hold which pieces.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

typedef struct {
  int width, height;
  guint8 *rgb; /* width * height * 3, over white where the file had alpha */
} DcImage;

/* Decodes a PNG file (through Cairo's PNG reader). */
gboolean dc_image_load_png (const char *path, DcImage *image, GError **error);
void dc_image_clear (DcImage *image);

/* The default light and dark colours as the GSettings schema documents
 * them ("#rrggbb" defaults of light-colour and dark-colour). */
gboolean dc_schema_colours (const char *gschema_path, guint8 light[3], guint8 dark[3],
                            GError **error);

/* The board in `image`: the bounding box of the pixels in the light or
 * the dark square colour (tolerance 6 a channel); FALSE when none is. */
gboolean dc_find_board (const DcImage *image, const guint8 light[3], const guint8 dark[3], int *x,
                        int *y, int *width, int *height);

/* The bounding box of the ink (pixels darker than mid-grey, text drawn
 * on a light background) in the rectangle [x0, x1) × [y0, y1); FALSE
 * when there is none. */
gboolean dc_ink_box (const DcImage *image, int x0, int y0, int x1, int y1, int *width, int *height);

/* Checks the board in `image`:
 *  - the board is found as the square area painted in the light and dark
 *    colours, and every square shows its own colour (a1 dark);
 *  - `pieces` lists the occupied squares, space-separated: "we1" a white
 *    piece, "bf5" black, "nc4" neutral, a "m" after the colour for a magic
 *    piece ("wmd1"), "Ic3" an imitator; every square listed shows a figure
 *    (white: mostly white ink with a dark outline; black: mostly dark ink;
 *    neutral: a white half and a dark half), magic squares a violet frame,
 *    and every other square nothing but its colour.
 * Returns NULL when everything holds, else one line per failure (free it).
 * *square_px gets the side of a square in pixels. */
char *dc_check_board (const DcImage *image, const guint8 light[3], const guint8 dark[3],
                      const char *pieces, double *square_px);
