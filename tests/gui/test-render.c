/* test-render.c — the exporter draws a known position like the reference.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compares pixels with a tolerance (anti-aliasing and font hinting may move
 * a few edge pixels).  FEERIE_UPDATE_REFERENCE=1 rewrites the reference.
 */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "core/model/walk.h"
#include "render/fe-render.h"
#include "diagram-check.h"

static FeProblem *
known_problem (void)
{
  FeProblem *p = fe_problem_new ();
  FePosition *pos = &p->diagram;
  struct { const char *sq; FePiece piece; } units[] = {
    { "e1", { FE_WALK_KING, FE_WHITE, 0, 0 } },
    { "e8", { FE_WALK_KING, FE_BLACK, 0, 0 } },
    { "d1", { FE_WALK_QUEEN, FE_WHITE, FE_ATTR_MAGIC, 0 } },
    { "a8", { FE_WALK_ROOK, FE_BLACK, FE_ATTR_MAGIC, 0 } },
    { "c4", { FE_WALK_GRASSHOPPER, FE_NEUTRAL, 0, 0 } },
    { "f5", { FE_WALK_NIGHTRIDER, FE_BLACK, 0, 0 } },
    { "g2", { FE_WALK_CAMEL, FE_WHITE, 0, 0 } },
    { "b6", { FE_WALK_LION, FE_WHITE, 0, 0 } },
    { "h4", { FE_WALK_PAWN, FE_BLACK, 0, 0 } },
    { "d7", { FE_WALK_BISHOP, FE_NEUTRAL, 0, 0 } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    fe_position_put (pos, fe_square_parse (units[i].sq), units[i].piece);
  pos->imitators[0] = fe_square_parse ("c3");
  pos->imitator_colour[0] = FE_NEUTRAL;
  pos->imitators[1] = fe_square_parse ("f6");
  pos->imitator_colour[1] = FE_BLACK;
  pos->n_imitators = 2;
  p->conditions.FE_P_IMITATOR = TRUE;
  fe_stipulation_parse ("h#2", &p->stipulation, NULL);
  return p;
}

static void
test_export_matches_reference (void)
{
  const char *reference = g_getenv ("FEERIE_RENDER_REFERENCE");
  g_assert_nonnull (reference);
  g_autoptr (FeProblem) problem = known_problem ();
  g_autofree char *dir = g_dir_make_tmp ("feerie-render-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "diagram.png", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (fe_render_export (problem, out, 320, &error));
  g_assert_no_error (error);
  if (g_getenv ("FEERIE_UPDATE_REFERENCE"))
    {
      g_autofree char *bytes = NULL;
      gsize len;
      g_assert_true (g_file_get_contents (out, &bytes, &len, NULL));
      g_assert_true (g_file_set_contents (reference, bytes, len, NULL));
    }
  cairo_surface_t *got = cairo_image_surface_create_from_png (out);
  cairo_surface_t *want = cairo_image_surface_create_from_png (reference);
  g_assert_cmpint (cairo_surface_status (got), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (want), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (got), h = cairo_image_surface_get_height (got);
  g_assert_cmpint (w, ==, cairo_image_surface_get_width (want));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (want));
  int stride_a = cairo_image_surface_get_stride (got), stride_b = cairo_image_surface_get_stride (want);
  const guint8 *a = cairo_image_surface_get_data (got), *b = cairo_image_surface_get_data (want);
  long differing = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 3; c++)
        if (abs (a[y * stride_a + 4 * x + c] - b[y * stride_b + 4 * x + c]) > 40)
          {
            differing++;
            break;
          }
  g_test_message ("%ld of %d pixels differ", differing, w * h);
  /* Tolerance: 0.5 % of the pixels (glyph edges). */
  g_assert_cmpfloat ((double) differing / (w * h), <, 0.005);
  cairo_surface_destroy (got);
  cairo_surface_destroy (want);
  g_unlink (out);
  g_rmdir (dir);
}

static void
test_export_formats (void)
{
  g_autoptr (FeProblem) problem = known_problem ();
  g_autofree char *dir = g_dir_make_tmp ("feerie-render-XXXXXX", NULL);
  const char *names[] = { "d.svg", "d.pdf" };
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *out = g_build_filename (dir, names[i], NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (fe_render_export (problem, out, 320, &error));
      GStatBuf st;
      g_assert_cmpint (g_stat (out, &st), ==, 0);
      g_assert_cmpint (st.st_size, >, 1000);
      g_unlink (out);
    }
  g_autofree char *bad = g_build_filename (dir, "d.gif", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_false (fe_render_export (problem, bad, 320, &error));
  g_assert_nonnull (strstr (error->message, "unknown diagram format"));
  g_rmdir (dir);
}

/* Share of pixels that differ between two PNG files of the same size. */
static double
png_difference (const char *path_a, const char *path_b)
{
  cairo_surface_t *sa = cairo_image_surface_create_from_png (path_a);
  cairo_surface_t *sb = cairo_image_surface_create_from_png (path_b);
  g_assert_cmpint (cairo_surface_status (sa), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (sb), ==, CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width (sa), h = cairo_image_surface_get_height (sa);
  g_assert_cmpint (w, ==, cairo_image_surface_get_width (sb));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (sb));
  const guint8 *a = cairo_image_surface_get_data (sa), *b = cairo_image_surface_get_data (sb);
  int stride = cairo_image_surface_get_stride (sa);
  long differing = 0;
  for (int i = 0; i < h * stride; i += 4)
    if (memcmp (a + i, b + i, 3) != 0)
      differing++;
  cairo_surface_destroy (sa);
  cairo_surface_destroy (sb);
  return (double) differing / (w * h);
}

/* The preferences reach the exporter: another piece font draws other
 * figures, another light colour paints the light squares. */
static void
test_export_follows_style (void)
{
  g_autoptr (FeProblem) problem = known_problem ();
  g_autofree char *dir = g_dir_make_tmp ("feerie-render-XXXXXX", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.png", NULL);
  g_autofree char *styled = g_build_filename (dir, "styled.png", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (fe_render_export_with_style (problem, plain, 320, NULL, &error));

  FeRenderStyle style;
  fe_render_style_init (&style);
  style.font_family = "DejaVu Sans";
  g_assert_true (fe_render_export_with_style (problem, styled, 320, &style, &error));
  double share = png_difference (plain, styled);
  g_test_message ("another font changes %.2f %% of the pixels", share * 100);
  g_assert_cmpfloat (share, >, 0.01);

  /* An empty font family is the default font. */
  style.font_family = "";
  g_assert_true (fe_render_export_with_style (problem, styled, 320, &style, &error));
  g_assert_cmpfloat (png_difference (plain, styled), ==, 0.0);

  fe_render_style_init (&style);
  g_assert_true (fe_render_parse_colour ("#3060c0", style.light));
  g_assert_true (fe_render_export_with_style (problem, styled, 320, &style, &error));
  g_assert_no_error (error);
  cairo_surface_t *s = cairo_image_surface_create_from_png (styled);
  FeRenderGeometry geo;
  fe_render_geometry (320, 320, &style, &geo);
  /* h1 is an empty light square. */
  int x = (int) (geo.x0 + 7.5 * geo.sq), y = (int) (geo.y0 + 7.5 * geo.sq);
  const guint8 *px = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + 4 * x;
  /* CAIRO_FORMAT_RGB24 pixels are native 32-bit words 0x00RRGGBB. */
  guint32 value = *(const guint32 *) px & 0xffffff;
  g_assert_cmphex (value, ==, 0x3060c0);
  cairo_surface_destroy (s);
  g_unlink (plain);
  g_unlink (styled);
  g_rmdir (dir);
}

/* Independent of the reference image: the exported PNG read back square
 * by square against the documented default colours (the GSettings
 * schema), a1 dark, and the known problem's pieces: a figure on each
 * occupied square (white, black or half-and-half), the violet frame on the
 * magic ones, the imitator rings, nothing on the other squares. */
static const char *known_pieces = "we1 be8 wmd1 bma8 nc4 bf5 wg2 wb6 bh4 nd7 Ic3 If6";

static void
test_export_squares_and_glyphs (void)
{
  const char *schema = g_getenv ("FEERIE_GSCHEMA");
  g_assert_nonnull (schema);
  guint8 light[3], dark[3];
  g_autoptr (GError) error = NULL;
  g_assert_true (dc_schema_colours (schema, light, dark, &error));
  g_autoptr (FeProblem) problem = known_problem ();
  g_autofree char *dir = g_dir_make_tmp ("feerie-render-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "diagram.png", NULL);
  g_autofree char *empty_out = g_build_filename (dir, "empty.png", NULL);
  g_assert_true (fe_render_export (problem, out, 320, &error));
  DcImage img;
  g_assert_true (dc_image_load_png (out, &img, &error));
  g_assert_cmpint (img.width, ==, 320);
  double sq = 0;
  g_autofree char *why = dc_check_board (&img, light, dark, known_pieces, &sq);
  g_test_message ("square of %.1f pixels", sq);
  if (why)
    g_error ("%s", why);
  /* The checker itself sees a missing or a wrong figure. */
  g_autofree char *missing = dc_check_board (&img, light, dark, "we1 be8 wmd1 bma8 nc4 bf5 wg2 wb6 bh4 nd7 Ic3", NULL);
  g_assert_nonnull (strstr (missing, "f6: empty square drawn on"));
  g_autofree char *wrong = dc_check_board (&img, light, dark, "be1 be8 wd1 bma8 nc4 bf5 wg2 wb6 bh4 nd7 Ic3 If6 wa1", NULL);
  g_assert_nonnull (strstr (wrong, "e1: no black figure"));
  g_assert_nonnull (strstr (wrong, "d1: violet frame on a plain square"));
  g_assert_nonnull (strstr (wrong, "a1: no white figure"));
  dc_image_clear (&img);

  /* An empty board: every square its colour and nothing else. */
  g_autoptr (FeProblem) empty = fe_problem_new ();
  g_assert_true (fe_render_export (empty, empty_out, 320, &error));
  g_assert_true (dc_image_load_png (empty_out, &img, &error));
  g_autofree char *why_empty = dc_check_board (&img, light, dark, "", NULL);
  if (why_empty)
    g_error ("%s", why_empty);
  /* Another colour scheme is not mistaken for the documented one. */
  guint8 swapped_light[3] = { dark[0], dark[1], dark[2] };
  g_autofree char *swapped = dc_check_board (&img, swapped_light, light, "", NULL);
  g_assert_nonnull (swapped);
  dc_image_clear (&img);
  g_unlink (out);
  g_unlink (empty_out);
  g_rmdir (dir);
}

/* ---- the figures of walks (issue 24) -------------------------------- */

#define FIGURE_PX 120

/* One white piece of `walk` drawn by the renderer in a square of its own,
 * on white, turned first by `turn` degrees about the centre by the test. */
static cairo_surface_t *
draw_walk (int walk, int turn)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, FIGURE_PX, FIGURE_PX);
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, FIGURE_PX / 2.0, FIGURE_PX / 2.0);
  cairo_rotate (cr, turn * G_PI / 180);
  cairo_translate (cr, -FIGURE_PX / 2.0, -FIGURE_PX / 2.0);
  FeRenderStyle style;
  fe_render_style_init (&style);
  fe_render_piece (cr, (FePiece) { (uint8_t) walk, FE_WHITE, 0, 0 }, 0, 0, FIGURE_PX, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Share of the pixels in (or out of) the badge's corner that differ. */
static double
figure_difference (cairo_surface_t *a, cairo_surface_t *b, gboolean in_corner)
{
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  long differing = 0, total = 0;
  for (int y = 0; y < FIGURE_PX; y++)
    for (int x = 0; x < FIGURE_PX; x++)
      {
        /* The badge sits in the lower right corner (fe-render.c). */
        gboolean corner = x > FIGURE_PX / 2 && y > FIGURE_PX * 2 / 3;
        if (corner != in_corner)
          continue;
        total++;
        for (int c = 0; c < 3; c++)
          if (abs (pa[y * stride + 4 * x + c] - pb[y * stride + 4 * x + c]) > 40)
            {
              differing++;
              break;
            }
      }
  return (double) differing / total;
}

/* Each new walk is drawn as the print convention chosen for it
 * (docs/decisions.md, Walks): the orthodox figure, turned, and its code
 * written on it where the turned figure alone is another walk's.  The
 * expectation is the orthodox figure turned here, by the test, not read
 * from the catalogue. */
static void
test_walk_figures (void)
{
  static const struct {
    const char *code;
    int figure, turn;
    gboolean badge;
  } cases[] = {
    /* hoppers upside down; the plain inverted knight is the nightrider */
    { "nh", FE_WALK_KNIGHT, 180, TRUE },
    /* capturing like lions, the Chinese pieces take the lions' quarter
     * turn right; the plain turned figures are the lions' */
    { "le", FE_WALK_QUEEN, 90, TRUE },
    { "pa", FE_WALK_ROOK, 90, TRUE },
    { "va", FE_WALK_BISHOP, 90, TRUE },
    /* the conventions they follow */
    { "g", FE_WALK_QUEEN, 180, FALSE },
    { "n", FE_WALK_KNIGHT, 180, FALSE },
    { "li", FE_WALK_QUEEN, 90, FALSE },
    { "rl", FE_WALK_ROOK, 90, FALSE },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int walk = fe_walk_from_code (cases[i].code);
      g_assert_cmpint (walk, !=, FE_WALK_NONE);
      cairo_surface_t *got = draw_walk (walk, 0);
      cairo_surface_t *want = draw_walk (cases[i].figure, cases[i].turn);
      double figure = figure_difference (got, want, FALSE);
      double corner = figure_difference (got, want, TRUE);
      g_test_message ("%s: %.4f of the figure, %.4f of the corner differ", cases[i].code, figure,
                      corner);
      g_assert_cmpfloat (figure, <, 0.002);
      if (cases[i].badge)
        g_assert_cmpfloat (corner, >, 0.05);
      else
        g_assert_cmpfloat (corner, <, 0.002);
      /* The comparison tells a turn and a figure apart. */
      cairo_surface_t *turned = draw_walk (cases[i].figure, cases[i].turn + 90);
      g_assert_cmpfloat (figure_difference (got, turned, FALSE), >, 0.02);
      int other = cases[i].figure == FE_WALK_KNIGHT ? FE_WALK_BISHOP : FE_WALK_KNIGHT;
      cairo_surface_t *other_figure = draw_walk (other, cases[i].turn);
      g_assert_cmpfloat (figure_difference (got, other_figure, FALSE), >, 0.02);
      cairo_surface_destroy (got);
      cairo_surface_destroy (want);
      cairo_surface_destroy (turned);
      cairo_surface_destroy (other_figure);
    }
}

/* No two walks look alike on the board: a figure and turn drawn without a
 * badge belong to one walk only, and codes (the badges) are unique. */
static void
test_walks_told_apart (void)
{
  for (int a = FE_WALK_KING; a < FE_WALK_COUNT; a++)
    for (int b = a + 1; b < FE_WALK_COUNT; b++)
      {
        const FeWalkLook *la = &fe_walk_def (a)->look, *lb = &fe_walk_def (b)->look;
        g_assert_cmpstr (fe_walk_print_code (a), !=, fe_walk_print_code (b));
        if (la->figure == lb->figure && la->turn == lb->turn && !la->badge && !lb->badge)
          g_error ("%s and %s are both drawn as the same figure with no badge",
                   fe_walk_def (a)->name, fe_walk_def (b)->name);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fe_walks_init ();
  g_test_add_func ("/render/export-matches-reference", test_export_matches_reference);
  g_test_add_func ("/render/export-formats", test_export_formats);
  g_test_add_func ("/render/export-squares-and-glyphs", test_export_squares_and_glyphs);
  g_test_add_func ("/render/export-follows-style", test_export_follows_style);
  g_test_add_func ("/render/walk-figures", test_walk_figures);
  g_test_add_func ("/render/walks-told-apart", test_walks_told_apart);
  return g_test_run ();
}
