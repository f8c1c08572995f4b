/* test-cli-diagram.c — `feerie-cli diagram` writes a diagram of
 * tests/gui/known.fen whose content is right: a PNG of the asked size, an
 * SVG that parses as XML and a PDF, each rasterised (the SVG by
 * rsvg-convert, the PDF by pdftoppm: renderers that are not Féerie's) and
 * read back square by square (diagram-check.c).
 * Usage: test-cli-diagram FEERIE-CLI KNOWN.FEN GSCHEMA png|svg|pdf
 * Exit 77 (skip) when the rasteriser the format needs is missing.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

#include "diagram-check.h"

/* known.fen: r3*(gi)k2/pp2(!q)1N1/8/3(g)*B3/2(n)1P3/8/PP3(ca)PP/R3K2R,
 * read by hand from docs/file-format.md (upper case white, "*" magic,
 * "!" neutral). */
static const char *known_pieces =
  "ba8 bme8 bf8 ba7 bb7 ne7 wg7 bd5 wme5 bc4 we4 wa2 wb2 bf2 wg2 wh2 wa1 we1 wh1";

#define SIZE 400

static gboolean
run (const char *const *argv, char **err_out)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error))
    {
      *err_out = g_strdup (error->message);
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, &error))
    {
      *err_out = g_strdup_printf ("%s: %s\n%s%s", argv[0], error->message, out, err);
      return FALSE;
    }
  return TRUE;
}

static int
fail (const char *fmt, ...) G_GNUC_PRINTF (1, 2);
static int
fail (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf ("\n");
  return 1;
}

static int
check_png (const char *png, const guint8 light[3], const guint8 dark[3], int want_width)
{
  DcImage img;
  g_autoptr (GError) error = NULL;
  if (!dc_image_load_png (png, &img, &error))
    return fail ("%s", error->message);
  printf ("%s: %d × %d pixels\n", png, img.width, img.height);
  int status = 0;
  if (want_width && img.width != want_width)
    status = fail ("width %d, expected %d", img.width, want_width);
  if (img.height <= img.width)
    status = fail ("height %d: no caption below the %d-pixel board", img.height, img.width);
  double sq = 0;
  g_autofree char *why = dc_check_board (&img, light, dark, known_pieces, &sq);
  printf ("square: %.1f pixels\n", sq);
  if (why)
    status = fail ("%s", why);
  /* The board spans most of the width (the --size is the board's side). */
  if (sq * 8 < 0.8 * img.width)
    status = fail ("board of %.0f pixels in a %d-pixel image", sq * 8, img.width);
  dc_image_clear (&img);
  return status;
}

static int
check_svg (const char *svg)
{
  xmlDocPtr doc = xmlReadFile (svg, NULL, XML_PARSE_NONET);
  if (!doc)
    return fail ("%s does not parse as XML", svg);
  int status = 0;
  xmlNodePtr root = xmlDocGetRootElement (doc);
  if (!root || strcmp ((const char *) root->name, "svg") != 0 || !root->ns
      || strcmp ((const char *) root->ns->href, "http://www.w3.org/2000/svg") != 0)
    status = fail ("root element is not <svg> in the SVG namespace");
  else
    {
      xmlChar *w = xmlGetProp (root, (const xmlChar *) "width");
      double width = w ? g_ascii_strtod ((const char *) w, NULL) : 0;
      printf ("svg width=\"%s\"\n", w ? (const char *) w : "(none)");
      if (width != SIZE)
        status = fail ("SVG width %s, expected %d", w ? (const char *) w : "(none)", SIZE);
      xmlFree (w);
    }
  xmlFreeDoc (doc);
  return status;
}

int
main (int argc, char **argv)
{
  if (argc != 5)
    {
      fprintf (stderr, "usage: test-cli-diagram FEERIE-CLI KNOWN.FEN GSCHEMA png|svg|pdf\n");
      return 2;
    }
  const char *cli = argv[1], *fen = argv[2], *schema = argv[3], *format = argv[4];
  const char *tool = g_str_equal (format, "svg") ? "rsvg-convert"
                     : g_str_equal (format, "pdf") ? "pdftoppm" : NULL;
  if (tool && !g_find_program_in_path (tool))
    {
      printf ("%s not found: skipped (tests/install-deps.sh installs it)\n", tool);
      return 77;
    }
  guint8 light[3], dark[3];
  g_autoptr (GError) error = NULL;
  if (!dc_schema_colours (schema, light, dark, &error))
    return fail ("%s", error->message);
  g_autofree char *dir = g_dir_make_tmp ("feerie-diagram-XXXXXX", NULL);
  g_autofree char *out = g_strdup_printf ("%s/known.%s", dir, format);
  g_autofree char *png = g_strdup_printf ("%s/raster.png", dir);
  g_autofree char *size = g_strdup_printf ("%d", SIZE);
  char *err = NULL;
  const char *make[] = { cli, "diagram", "--size", size, fen, out, NULL };
  int status = 0;
  if (!run (make, &err))
    status = fail ("%s", err);
  else if (g_str_equal (format, "png"))
    status = check_png (out, light, dark, SIZE);
  else if (g_str_equal (format, "svg"))
    {
      status = check_svg (out);
      /* 1 pt = 1 px at rsvg-convert's 72 dpi setting. */
      const char *raster[] = { "rsvg-convert", "--dpi-x", "72", "--dpi-y", "72", "-o", png, out, NULL };
      if (!run (raster, &err))
        status = fail ("%s", err);
      else
        status |= check_png (png, light, dark, SIZE);
    }
  else if (g_str_equal (format, "pdf"))
    {
      g_autofree char *head = NULL;
      gsize len = 0;
      if (!g_file_get_contents (out, &head, &len, NULL) || len < 5 || memcmp (head, "%PDF-", 5) != 0)
        status = fail ("%s does not start with %%PDF-", out);
      g_autofree char *prefix = g_strdup_printf ("%s/raster", dir);
      /* 72 dpi: one pixel per point, the size given in points. */
      const char *raster[] = { "pdftoppm", "-png", "-r", "72", "-singlefile", out, prefix, NULL };
      if (!run (raster, &err))
        status = fail ("%s", err);
      else
        status |= check_png (png, light, dark, SIZE);
    }
  else
    status = fail ("unknown format %s", format);
  g_free (err);
  g_unlink (out);
  g_unlink (png);
  g_rmdir (dir);
  printf ("%s\n", status ? "FAIL" : "PASS");
  return status;
}
