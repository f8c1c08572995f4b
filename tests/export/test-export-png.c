/* test-export-png.c — what an exported PNG shows, pixel by pixel: the
 * square colours, a figure on its square, the magic and magician frames,
 * the caption (and none with the option off), the heading with the author;
 * and the LaTeX escaping.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "render/fe-caption.h"
#include "render/fe-latex.h"
#include "render/fe-render.h"

#define SIZE 320

static FeProblem *
problem (void)
{
  FeProblem *p = fe_problem_new ();
  fe_position_put (&p->diagram, fe_square_parse ("e1"), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (&p->diagram, fe_square_parse ("e8"), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  fe_position_put (&p->diagram, fe_square_parse ("d1"),
                   (FePiece) { FE_WALK_QUEEN, FE_WHITE, FE_ATTR_MAGIC, 0 });
  fe_position_put (&p->diagram, fe_square_parse ("a8"),
                   (FePiece) { FE_WALK_ROOK, FE_BLACK, FE_ATTR_MAGICIAN, 0 });
  fe_position_put (&p->diagram, fe_square_parse ("c4"), (FePiece) { FE_WALK_GRASSHOPPER, FE_NEUTRAL, 0, 0 });
  fe_stipulation_parse ("h#2", &p->stipulation, NULL);
  return p;
}

typedef struct {
  cairo_surface_t *img;
  FeRenderGeometry geo;
  double top; /* where the board's area starts (below a heading) */
} Png;

static Png
export_png (const FeProblem *p, gboolean caption, double top)
{
  g_autofree char *dir = g_dir_make_tmp ("feerie-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "d.png", NULL);
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  opts.caption = caption;
  g_autoptr (GError) error = NULL;
  g_assert_true (fe_render_export_full (p, path, SIZE, NULL, &opts, &error));
  g_assert_no_error (error);
  Png png = { cairo_image_surface_create_from_png (path), { 0 }, top };
  g_assert_cmpint (cairo_surface_status (png.img), ==, CAIRO_STATUS_SUCCESS);
  FeRenderStyle style;
  fe_render_style_init (&style);
  fe_render_geometry (SIZE, SIZE, &style, &png.geo);
  g_unlink (path);
  g_rmdir (dir);
  return png;
}

static void
pixel (const Png *png, double x, double y, int rgb[3])
{
  cairo_surface_flush (png->img);
  const guint8 *data = cairo_image_surface_get_data (png->img);
  int stride = cairo_image_surface_get_stride (png->img);
  guint32 v = *(const guint32 *) (data + (int) (y + png->top) * stride + 4 * (int) x);
  rgb[0] = (v >> 16) & 0xff, rgb[1] = (v >> 8) & 0xff, rgb[2] = v & 0xff;
}

/* Top-left corner of a square in the image. */
static void
corner (const Png *png, const char *name, double *x, double *y)
{
  FeSquare s = fe_square_parse (name);
  *x = png->geo.x0 + FE_FILE (s) * png->geo.sq;
  *y = png->geo.y0 + (7 - FE_RANK (s)) * png->geo.sq;
}

static gboolean
near (const int rgb[3], int r, int g, int b, int tolerance)
{
  return abs (rgb[0] - r) <= tolerance && abs (rgb[1] - g) <= tolerance && abs (rgb[2] - b) <= tolerance;
}

/* Share of dark (ink) pixels inside a square, away from its frame. */
static double
ink (const Png *png, const char *name)
{
  double x, y, sq = png->geo.sq;
  corner (png, name, &x, &y);
  int dark = 0, all = 0;
  for (double yy = y + sq * 0.15; yy < y + sq * 0.85; yy++)
    for (double xx = x + sq * 0.15; xx < x + sq * 0.85; xx++)
      {
        int c[3];
        pixel (png, xx, yy, c);
        dark += c[0] + c[1] + c[2] < 150;
        all++;
      }
  return (double) dark / all;
}

/* Pixels of a colour along a square's top edge band, where the frames run. */
static int
frame_pixels (const Png *png, const char *name, int r, int g, int b)
{
  double x, y, sq = png->geo.sq;
  corner (png, name, &x, &y);
  int n = 0;
  for (double xx = x + sq * 0.1; xx < x + sq * 0.9; xx++)
    {
      int c[3];
      pixel (png, xx, y + sq * 0.057, c);
      n += near (c, r, g, b, 45);
    }
  return n;
}

static void
test_squares_and_pieces (void)
{
  g_autoptr (FeProblem) p = problem ();
  Png png = export_png (p, TRUE, 0);
  double x, y, sq = png.geo.sq;
  int c[3];
  /* a1 is dark (#b88a5c), b1 light (#f0dcb4): their centres, both empty. */
  corner (&png, "a1", &x, &y);
  pixel (&png, x + sq / 2, y + sq / 2, c);
  g_assert_true (near (c, 0xb8, 0x8a, 0x5c, 3));
  corner (&png, "b1", &x, &y);
  pixel (&png, x + sq / 2, y + sq / 2, c);
  g_assert_true (near (c, 0xf0, 0xdc, 0xb4, 3));
  /* A figure on e1, e8, c4 (ink); none on the empty squares. */
  g_assert_cmpfloat (ink (&png, "e1"), >, 0.05);
  g_assert_cmpfloat (ink (&png, "e8"), >, 0.15); /* black: more ink */
  g_assert_cmpfloat (ink (&png, "c4"), >, 0.05);
  g_assert_cmpfloat (ink (&png, "b1"), ==, 0);
  g_assert_cmpfloat (ink (&png, "h5"), ==, 0);
  /* The magic queen's violet frame and the magician rook's vermilion one;
   * the plain king has neither. */
  g_assert_cmpint (frame_pixels (&png, "d1", 92, 41, 158), >, sq * 0.5);
  g_assert_cmpint (frame_pixels (&png, "a8", 217, 71, 20), >, sq * 0.3);
  g_assert_cmpint (frame_pixels (&png, "e1", 92, 41, 158), ==, 0);
  g_assert_cmpint (frame_pixels (&png, "e1", 217, 71, 20), ==, 0);
  cairo_surface_destroy (png.img);
}

static int
ink_rows (const Png *png, int from, int to)
{
  int rows = 0;
  for (int y = from; y < to; y++)
    for (int x = 0; x < SIZE; x++)
      {
        int c[3];
        pixel (png, x, y - png->top, c);
        if (c[0] + c[1] + c[2] < 200)
          {
            rows++;
            break;
          }
      }
  return rows;
}

static void
test_caption (void)
{
  g_autoptr (FeProblem) p = problem ();
  Png with = export_png (p, TRUE, 0), without = export_png (p, FALSE, 0);
  int h_with = cairo_image_surface_get_height (with.img);
  g_assert_cmpint (cairo_image_surface_get_height (without.img), ==, SIZE);
  g_assert_cmpint (h_with, >, SIZE);
  /* Text rows under the board: stipulation and count, the conditions. */
  g_assert_cmpint (ink_rows (&with, SIZE, h_with), >, 8);
  cairo_surface_destroy (with.img);
  cairo_surface_destroy (without.img);

  /* With an author and a source: lines above the board, which moves down
   * by as much (its squares keep their colours). */
  FeAuthor *a = g_new0 (FeAuthor, 1);
  a->family = g_strdup ("Brand");
  a->given = g_strdup ("Thomas");
  g_ptr_array_add (p->authors, a);
  p->source_name = g_strdup ("Problemkiste");
  p->source_date = g_strdup ("1992");
  Png head = export_png (p, TRUE, 0);
  int h_head = cairo_image_surface_get_height (head.img);
  g_assert_cmpint (h_head, >, h_with + 10);
  g_assert_cmpint (ink_rows (&head, 0, h_head - h_with), >, 8);
  cairo_surface_destroy (head.img);

  g_autoptr (FeCaption) c = fe_caption_new (p);
  g_autofree char *heading = fe_caption_heading (c);
  g_assert_cmpstr (heading, ==, "Thomas Brand\nProblemkiste, 1992");
  g_assert_cmpstr (c->stipulation, ==, "h#2");
  g_assert_cmpstr (c->count, ==, "(2+2+1)");
  g_autofree char *conditions = fe_caption_conditions (c);
  g_assert_cmpstr (conditions, ==, "Magic pieces d1; Magician pieces a8");
}

static void
test_latex_escape (void)
{
  g_autofree char *e = fe_latex_escape ("A&B_c #1 50% {x} $ ~ ^ \\ <> | a; b, c");
  g_assert_cmpstr (e, ==, "A\\&B\\_c \\#1 50\\% \\{x\\} \\$ \\textasciitilde{} \\textasciicircum{} "
                          "\\textbackslash{} \\textless{}\\textgreater{} \\textbar{} a{;} b{,} c");
  g_autoptr (FeProblem) p = problem ();
  p->source_name = g_strdup ("Die Schwalbe & Co_");
  p->source_date = g_strdup ("2002-12");
  g_autofree char *tex = fe_latex_diagram (p, TRUE);
  g_assert_nonnull (strstr (tex, "\\source{Die Schwalbe \\& Co\\_}\n\\month{12}\n\\year{2002}\n"));
  g_assert_nonnull (strstr (tex, "\\fieldframe{a8, d1}"));
  g_assert_nonnull (strstr (tex, "\\pieces[2+2+1]{wKe1, wDd1, sKe8, sTa8, nDUc4}"));
  g_assert_nonnull (strstr (tex, "\\stip{h\\#2}"));
  /* A structured stipulation: as Popeye's header writes it. */
  g_assert_true (fe_sstip_parse ("white 3a[>1a[#]d]d{!1a[#]d}", &p->structured, NULL, NULL));
  g_autoptr (FeCaption) c = fe_caption_new (p);
  g_assert_cmpstr (c->stipulation, ==, "White 3a[>1a[#]d]d{!1a[#]d}");
  g_autofree char *tree = fe_latex_diagram (p, TRUE);
  g_assert_nonnull (strstr (tree, "\\stip{White 3a[\\textgreater{}1a[\\#]d]d\\{!1a[\\#]d\\}}"));
}

/* a=>b: the start A above, the target B below (one board's height
 * further down without a caption), and two LaTeX diagrams. */
static void
test_position_to_position (void)
{
  g_autoptr (FeProblem) p = fe_problem_new ();
  fe_position_put (&p->diagram, fe_square_parse ("e1"), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (&p->diagram, fe_square_parse ("e8"), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  fe_position_put (&p->target, fe_square_parse ("e2"), (FePiece) { FE_WALK_KING, FE_WHITE, 0, 0 });
  fe_position_put (&p->target, fe_square_parse ("e8"), (FePiece) { FE_WALK_KING, FE_BLACK, 0, 0 });
  g_assert_true (fe_stipulation_parse ("a=>b1", &p->stipulation, NULL));
  Png a = export_png (p, FALSE, 0);
  g_assert_cmpint (cairo_image_surface_get_height (a.img), >=, 2 * SIZE);
  g_assert_cmpfloat (ink (&a, "e1"), >, 0.05);
  g_assert_cmpfloat (ink (&a, "e2"), ==, 0);
  cairo_surface_destroy (a.img);
  Png b = export_png (p, FALSE, SIZE);
  g_assert_cmpfloat (ink (&b, "e2"), >, 0.05);
  g_assert_cmpfloat (ink (&b, "e1"), ==, 0);
  g_assert_cmpfloat (ink (&b, "e8"), >, 0.15);
  cairo_surface_destroy (b.img);
  g_autofree char *tex = fe_latex_diagram (p, TRUE);
  const char *second = strstr (tex, "\\end{diagram}\n\\begin{diagram}");
  g_assert_nonnull (second);
  const char *a_pieces = strstr (tex, "\\pieces[1+1]{wKe1, sKe8}");
  const char *b_pieces = strstr (tex, "\\pieces[1+1]{wKe2, sKe8}");
  g_assert_true (a_pieces && a_pieces < second);
  g_assert_true (b_pieces && b_pieces > second);
  g_assert_true (strstr (tex, "\\stip{") > second);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/png/squares-and-pieces", test_squares_and_pieces);
  g_test_add_func ("/export/png/caption", test_caption);
  g_test_add_func ("/export/latex/escape", test_latex_escape);
  g_test_add_func ("/export/position-to-position", test_position_to_position);
  return g_test_run ();
}
