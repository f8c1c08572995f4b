/* diagram-check.c — pixel checks of a rendered diagram (see diagram-check.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "diagram-check.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

gboolean
dc_image_load_png (const char *path, DcImage *image, GError **error)
{
  memset (image, 0, sizeof *image);
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: not a PNG file (%s)", path,
                   cairo_status_to_string (cairo_surface_status (s)));
      cairo_surface_destroy (s);
      return FALSE;
    }
  cairo_surface_flush (s);
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  cairo_format_t format = cairo_image_surface_get_format (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  image->width = w;
  image->height = h;
  image->rgb = g_malloc ((gsize) w * h * 3);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 v = *(const guint32 *) (data + (gsize) y * stride + 4 * x);
        int a = format == CAIRO_FORMAT_ARGB32 ? (int) (v >> 24) : 255;
        guint8 *o = image->rgb + ((gsize) y * w + x) * 3;
        /* Premultiplied colour over white. */
        o[0] = (guint8) MIN (255, (int) ((v >> 16) & 0xff) + 255 - a);
        o[1] = (guint8) MIN (255, (int) ((v >> 8) & 0xff) + 255 - a);
        o[2] = (guint8) MIN (255, (int) (v & 0xff) + 255 - a);
      }
  cairo_surface_destroy (s);
  return TRUE;
}

void
dc_image_clear (DcImage *image)
{
  g_clear_pointer (&image->rgb, g_free);
}

static gboolean
schema_default (const char *text, const char *key, guint8 rgb[3])
{
  g_autofree char *needle = g_strdup_printf ("name=\"%s\"", key);
  const char *k = strstr (text, needle);
  const char *d = k ? strstr (k, "<default>'#") : NULL;
  if (!d)
    return FALSE;
  d += strlen ("<default>'#");
  for (int c = 0; c < 3; c++)
    {
      if (!g_ascii_isxdigit (d[2 * c]) || !g_ascii_isxdigit (d[2 * c + 1]))
        return FALSE;
      rgb[c] = (guint8) (g_ascii_xdigit_value (d[2 * c]) * 16 + g_ascii_xdigit_value (d[2 * c + 1]));
    }
  return TRUE;
}

gboolean
dc_schema_colours (const char *gschema_path, guint8 light[3], guint8 dark[3], GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (gschema_path, &text, NULL, error))
    return FALSE;
  if (!schema_default (text, "light-colour", light) || !schema_default (text, "dark-colour", dark))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "%s: no #rrggbb defaults for light-colour and dark-colour", gschema_path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
near (const guint8 *p, const guint8 c[3], int tol)
{
  return abs (p[0] - c[0]) <= tol && abs (p[1] - c[1]) <= tol && abs (p[2] - c[2]) <= tol;
}

/* Print colours: the figures' dark ink and white fill, the magic frame's
 * violet (fe-render.h: "a solid violet frame"). */
static gboolean is_dark_ink (const guint8 *p) { return p[0] < 70 && p[1] < 70 && p[2] < 70; }
static gboolean is_white (const guint8 *p) { return p[0] > 225 && p[1] > 225 && p[2] > 225; }
static gboolean
is_violet (const guint8 *p)
{
  /* Blue well above red, red above green: no board colour, no grey. */
  return p[2] > p[0] + 40 && p[0] > p[1] + 20;
}

typedef struct {
  long area, bg, other_bg, dark, white, violet;
  /* In the middle band of the square (where every figure has its body),
   * left and right halves: a black figure's body is dark ink, a white
   * one's white with thin dark lines. */
  long mid_dark[2], mid_white[2];
} Counts;

static void
count_square (const DcImage *img, double x0, double y0, double sq, const guint8 bg[3],
              const guint8 other[3], Counts *c)
{
  memset (c, 0, sizeof *c);
  /* Stay clear of the square's edges: anti-aliasing and the board frame. */
  int margin = MAX (2, (int) (sq * 0.04));
  int xa = (int) (x0 + 0.5) + margin, xb = (int) (x0 + sq + 0.5) - margin;
  int ya = (int) (y0 + 0.5) + margin, yb = (int) (y0 + sq + 0.5) - margin;
  for (int y = ya; y < yb; y++)
    for (int x = xa; x < xb; x++)
      {
        if (x < 0 || y < 0 || x >= img->width || y >= img->height)
          continue;
        const guint8 *p = img->rgb + ((gsize) y * img->width + x) * 3;
        int half = x >= (xa + xb) / 2;
        c->area++;
        c->bg += near (p, bg, 12);
        c->other_bg += near (p, other, 12);
        c->dark += is_dark_ink (p);
        c->white += is_white (p);
        double fx = (x - x0) / sq, fy = (y - y0) / sq;
        if (fx > 0.2 && fx < 0.8 && fy > 0.3 && fy < 0.7)
          {
            c->mid_dark[half] += is_dark_ink (p);
            c->mid_white[half] += is_white (p);
          }
        c->violet += is_violet (p);
      }
}

gboolean
dc_find_board (const DcImage *img, const guint8 light[3], const guint8 dark[3], int *x0, int *y0,
               int *width, int *height)
{
  int minx = img->width, maxx = -1, miny = img->height, maxy = -1;
  for (int y = 0; y < img->height; y++)
    for (int x = 0; x < img->width; x++)
      {
        const guint8 *p = img->rgb + ((gsize) y * img->width + x) * 3;
        if (near (p, light, 6) || near (p, dark, 6))
          {
            minx = MIN (minx, x);
            maxx = MAX (maxx, x);
            miny = MIN (miny, y);
            maxy = MAX (maxy, y);
          }
      }
  *x0 = minx;
  *y0 = miny;
  *width = maxx - minx + 1;
  *height = maxy - miny + 1;
  return maxx >= 0;
}

gboolean
dc_ink_box (const DcImage *img, int x0, int y0, int x1, int y1, int *width, int *height)
{
  int minx = G_MAXINT, maxx = -1, miny = G_MAXINT, maxy = -1;
  for (int y = MAX (0, y0); y < MIN (y1, img->height); y++)
    for (int x = MAX (0, x0); x < MIN (x1, img->width); x++)
      {
        const guint8 *p = img->rgb + ((gsize) y * img->width + x) * 3;
        if (p[0] + p[1] + p[2] < 3 * 170)
          {
            minx = MIN (minx, x);
            maxx = MAX (maxx, x);
            miny = MIN (miny, y);
            maxy = MAX (maxy, y);
          }
      }
  *width = maxx - minx + 1;
  *height = maxy - miny + 1;
  return maxx >= 0;
}

char *
dc_check_board (const DcImage *img, const guint8 light[3], const guint8 dark[3],
                const char *pieces, double *square_px)
{
  GString *err = g_string_new (NULL);
  int minx, miny, bw_px, bh_px;
  if (!dc_find_board (img, light, dark, &minx, &miny, &bw_px, &bh_px))
    {
      g_string_free (err, TRUE);
      return g_strdup ("no pixel has the light or the dark square colour");
    }
  double bw = bw_px, bh = bh_px;
  double sq = bw / 8;
  if (square_px)
    *square_px = sq;
  if (fabs (bw - bh) > 2 + bw * 0.01 || sq < 8)
    g_string_append_printf (err, "the board found is %.0f × %.0f pixels, not a square\n", bw, bh);

  /* What each square should hold. */
  char kind[64] = { 0 }; /* 0 empty, 'w' 'b' 'n' piece, 'I' imitator */
  gboolean magic[64] = { 0 };
  g_auto (GStrv) tokens = g_strsplit (pieces, " ", -1);
  for (int i = 0; tokens[i]; i++)
    {
      const char *t = tokens[i];
      if (!*t)
        continue;
      char k = t[0];
      gboolean m = t[1] == 'm';
      const char *s = t + 1 + m;
      if (!strchr ("wbnI", k) || strlen (s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        {
          g_string_append_printf (err, "bad expectation \"%s\"\n", t);
          continue;
        }
      int idx = (s[1] - '1') * 8 + (s[0] - 'a');
      kind[idx] = k;
      magic[idx] = m;
    }

  for (int rank = 0; rank < 8; rank++)
    for (int file = 0; file < 8; file++)
      {
        int idx = rank * 8 + file;
        char name[3] = { (char) ('a' + file), (char) ('1' + rank), 0 };
        /* a1 is dark: squares whose file + rank is even. */
        gboolean is_dark = (file + rank) % 2 == 0;
        const guint8 *bg = is_dark ? dark : light, *other = is_dark ? light : dark;
        Counts c;
        count_square (img, minx + file * sq, miny + (7 - rank) * sq, sq, bg, other, &c);
        double a = c.area;
        double sw = c.mid_white[0] + c.mid_white[1], sd = c.mid_dark[0] + c.mid_dark[1];
        if (g_getenv ("DC_DEBUG") && kind[idx])
          g_printerr ("%s %c: white %.1f %% dark %.1f %% middle white %ld|%ld dark %ld|%ld\n", name,
                      kind[idx], 100 * c.white / a, 100 * c.dark / a, c.mid_white[0],
                      c.mid_white[1], c.mid_dark[0], c.mid_dark[1]);
        if (c.bg < 0.15 * a)
          g_string_append_printf (err, "%s: only %.0f %% in its %s colour\n", name,
                                  100 * c.bg / a, is_dark ? "dark" : "light");
        if (c.other_bg > 0.005 * a)
          g_string_append_printf (err, "%s: %.1f %% in the %s colour\n", name,
                                  100 * c.other_bg / a, is_dark ? "light" : "dark");
        if (magic[idx] && c.violet < 0.08 * a)
          g_string_append_printf (err, "%s: magic piece without its violet frame (%.1f %%)\n",
                                  name, 100 * c.violet / a);
        if (!magic[idx] && c.violet > 0.003 * a)
          g_string_append_printf (err, "%s: violet frame on a plain square (%.1f %%)\n", name,
                                  100 * c.violet / a);
        switch (kind[idx])
          {
          case 0:
            if (c.bg < 0.98 * a)
              g_string_append_printf (err, "%s: empty square drawn on (%.1f %% in its colour)\n",
                                      name, 100 * c.bg / a);
            break;
          case 'w':
          case 'b':
            {
              /* Share of dark ink in the body: a black figure is filled
               * dark, a white one white with dark lines (the thinnest
               * margin is the white queen at small sizes, about 0.6). */
              double ink = sw + sd, share = ink > 0 ? sd / ink : 0;
              if (ink < 0.04 * a || (kind[idx] == 'w' ? share > 0.66 : share < 0.70))
                g_string_append_printf (err, "%s: no %s figure (ink %.1f %% of the middle, %.0f %% of it dark)\n",
                                        name, kind[idx] == 'w' ? "white" : "black", 100 * ink / a, 100 * share);
            }
            break;
          case 'n':
            {
              /* Half white, half black (the whole figure may be turned). */
              double l = c.mid_dark[0] + c.mid_white[0], r = c.mid_dark[1] + c.mid_white[1];
              double ls = l > 0 ? c.mid_dark[0] / l : 0, rs = r > 0 ? c.mid_dark[1] / r : 0;
              gboolean halves = (ls <= 0.66 && rs >= 0.70) || (rs <= 0.66 && ls >= 0.70);
              if (l + r < 0.04 * a || !halves)
                g_string_append_printf (err, "%s: no half-white half-black neutral figure "
                                        "(dark share %.0f %% left, %.0f %% right)\n", name, 100 * ls, 100 * rs);
            }
            break;
          case 'I':
            if (c.dark < 0.02 * a)
              g_string_append_printf (err, "%s: no imitator ring (dark %.1f %%)\n", name, 100 * c.dark / a);
            break;
          }
      }
  if (err->len == 0)
    {
      g_string_free (err, TRUE);
      return NULL;
    }
  return g_string_free (err, FALSE);
}
