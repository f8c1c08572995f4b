/* measure-board.c PNG GSCHEMA — the board in a screenshot of the window,
 * found by the square colours the GSettings schema documents (not by the
 * widget's size): one fact a line,
 *   squares W H        the span of the drawn squares, in pixels;
 *   rank-digits H      the smallest height of the digits 1–8 left of it;
 *   file-letters H     the tallest of the letters a–h below it (b, d, f
 *                      and h rise to a digit's height).
 * A label not found prints 0.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "diagram-check.h"

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: measure-board PNG GSCHEMA\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  DcImage image;
  guint8 light[3], dark[3];
  if (!dc_image_load_png (argv[1], &image, &error) || !dc_schema_colours (argv[2], light, dark, &error))
    {
      fprintf (stderr, "measure-board: %s\n", error->message);
      return 1;
    }
  int x, y, w, h;
  if (!dc_find_board (&image, light, dark, &x, &y, &w, &h))
    {
      fprintf (stderr, "measure-board: no board in %s\n", argv[1]);
      return 1;
    }
  printf ("squares %d %d\n", w, h);
  /* The labels sit in the board's margin, 0.42 of a square wide (see
   * fe-render.c); 3 pixels clear the frame drawn over the squares' edge. */
  double sq = w / 8.0, margin = 0.42 * sq;
  int digits = G_MAXINT, letters = 0;
  for (int i = 0; i < 8; i++)
    {
      int iw, ih;
      if (!dc_ink_box (&image, (int) (x - margin), (int) (y + i * sq), x - 3, (int) (y + (i + 1) * sq), &iw, &ih))
        ih = 0;
      digits = MIN (digits, ih);
      if (!dc_ink_box (&image, (int) (x + i * sq), y + h + 3, (int) (x + (i + 1) * sq), (int) (y + h + margin), &iw,
                       &ih))
        ih = 0;
      letters = MAX (letters, ih);
    }
  printf ("rank-digits %d\nfile-letters %d\n", digits, letters);
  dc_image_clear (&image);
  return 0;
}
