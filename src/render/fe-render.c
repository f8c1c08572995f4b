/* fe-render.c — Cairo drawing of the board, for the board widget and the
 * exporters alike: its squares, coordinates, marks, frames, imitators and
 * pieces, the style they are drawn in and the geometry that places them.
 * The diagram with its caption is fe-render-diagram.c's; the files and
 * bytes written from it, fe-render-export.c's.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "fe-render.h"
#include "fe-render-private.h"
#include "core/model/walk.h"

/* U+2654.. white figures (outlines), U+265A.. black (solid). */
static const char *
glyph (int figure, gboolean solid)
{
  static const char *outline[] = { "", "\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659" };
  static const char *filled[] = { "", "\u265A", "\u265B", "\u265C", "\u265D", "\u265E", "\u265F" };
  return solid ? filled[figure] : outline[figure];
}

void
fe_render_style_init (FeRenderStyle *style)
{
  fe_render_parse_colour ("#f0dcb4", style->light);
  fe_render_parse_colour ("#b88a5c", style->dark);
  style->coordinates = TRUE;
  style->font_family = FE_RENDER_DEFAULT_FONT;
}

void
fe_render_marks_init (FeRenderMarks *marks)
{
  memset (marks, 0, sizeof *marks);
  marks->last_from = marks->last_to = FE_NO_SQUARE;
  marks->selected = marks->drop_target = marks->hidden = FE_NO_SQUARE;
}

gboolean
fe_render_parse_colour (const char *text, double rgb[3])
{
  if (!text || text[0] != '#')
    return FALSE;
  size_t n = strlen (text + 1);
  if (n != 6 && n != 3)
    return FALSE;
  for (size_t i = 1; i <= n; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  for (int c = 0; c < 3; c++)
    {
      int v;
      if (n == 6)
        v = g_ascii_xdigit_value (text[1 + 2 * c]) * 16 + g_ascii_xdigit_value (text[2 + 2 * c]);
      else
        v = g_ascii_xdigit_value (text[1 + c]) * 17;
      rgb[c] = v / 255.0;
    }
  return TRUE;
}

/* Margins in squares: coordinates sit left and below. */
#define MARGIN_COORD 0.42
#define MARGIN_PLAIN 0.06

void
fe_render_geometry (double width, double height, const FeRenderStyle *style, FeRenderGeometry *geo)
{
  double lead = style->coordinates ? MARGIN_COORD : MARGIN_PLAIN;
  double span = 8 + lead + MARGIN_PLAIN;
  geo->sq = MIN (width, height) / span;
  double board = geo->sq * span;
  geo->x0 = (width - board) / 2 + lead * geo->sq;
  geo->y0 = (height - board) / 2 + MARGIN_PLAIN * geo->sq;
}

FeSquare
fe_render_square_at (const FeRenderGeometry *geo, double x, double y)
{
  if (geo->sq <= 0)
    return FE_NO_SQUARE;
  double fx = (x - geo->x0) / geo->sq, fy = (y - geo->y0) / geo->sq;
  if (fx < 0 || fy < 0 || fx >= 8 || fy >= 8)
    return FE_NO_SQUARE;
  return FE_SQ ((int) fx, 7 - (int) fy);
}

static void
square_origin (const FeRenderGeometry *geo, FeSquare sq, double *x, double *y)
{
  *x = geo->x0 + FE_FILE (sq) * geo->sq;
  *y = geo->y0 + (7 - FE_RANK (sq)) * geo->sq;
}

PangoLayout *
fe_render_text_layout (cairo_t *cr, const char *family, double px, gboolean bold, const char *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_new ();
  pango_font_description_set_family (desc, family);
  pango_font_description_set_absolute_size (desc, px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Adds the glyph's outline to the path, its ink box centred on (0, 0).
 * Centring on the ink box (not the logical box) keeps every figure on the
 * same optical centre whatever the font's metrics. */
static void
glyph_path (cairo_t *cr, const FeRenderStyle *style, const char *text, double sq)
{
  const char *family = style->font_family && *style->font_family ? style->font_family
                                                                 : FE_RENDER_DEFAULT_FONT;
  PangoLayout *layout = fe_render_text_layout (cr, family, sq * 0.86, FALSE, text);
  PangoRectangle ink;
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  cairo_move_to (cr, -ink.x - ink.width / 2.0, -ink.y - ink.height / 2.0);
  pango_cairo_layout_path (cr, layout);
  g_object_unref (layout);
}

/* One figure in one colour, centred at the origin.  The solid glyph's
 * outline stroked wide in white gives a halo and fills the inner detail
 * lines, which a plain fill would leave showing the square's colour. */
static void
draw_figure (cairo_t *cr, const FeRenderStyle *style, int figure, gboolean black, double sq)
{
  cairo_new_path (cr);
  glyph_path (cr, style, glyph (figure, TRUE), sq);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, sq * 0.05);
  cairo_set_source_rgb (cr, 1, 1, 1);
  if (black)
    {
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_fill (cr);
    }
  else
    {
      cairo_stroke_preserve (cr);
      cairo_fill (cr);
      cairo_new_path (cr);
      glyph_path (cr, style, glyph (figure, FALSE), sq);
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_fill (cr);
    }
}

static void
draw_badge (cairo_t *cr, const char *code, double x, double y, double sq)
{
  PangoLayout *layout = fe_render_text_layout (cr, "DejaVu Sans", sq * 0.2, TRUE, code);
  PangoRectangle ink, logical;
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  double pad = sq * 0.03;
  double w = ink.width + 2 * pad, h = ink.height + 2 * pad;
  double bx = x + sq - w - sq * 0.04, by = y + sq - h - sq * 0.04;
  cairo_rectangle (cr, bx, by, w, h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, sq * 0.012));
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_stroke (cr);
  cairo_move_to (cr, bx + pad - ink.x, by + pad - ink.y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* One frame a piece attribute: its shape and hue from the attribute's
 * descriptor (solid violet magic, dashed vermilion magician, …).  Shape
 * differs as well as hue, so a black-and-white print still tells them
 * apart; a piece with several attributes gets nested frames. */
static void
draw_frame (cairo_t *cr, uint8_t attrs, double x, double y, double sq)
{
  if (!attrs)
    return;
  double w = sq * 0.075, in = w / 2 + sq * 0.02;
  cairo_save (cr);
  for (int i = 0; i < fe_attribute_count (); i++)
    {
      const FeAttributeDesc *a = fe_attribute_nth (i);
      if (!(attrs & a->bit))
        continue;
      cairo_set_line_width (cr, w);
      cairo_set_source_rgb (cr, a->frame_rgb[0] / 255.0, a->frame_rgb[1] / 255.0,
                            a->frame_rgb[2] / 255.0);
      cairo_rectangle (cr, x + in, y + in, sq - 2 * in, sq - 2 * in);
      switch (a->frame)
        {
        case FE_FRAME_SOLID:
          cairo_stroke (cr);
          break;
        case FE_FRAME_DASHED:
          {
            double dash[] = { sq * 0.13, sq * 0.07 };
            cairo_set_dash (cr, dash, 2, sq * 0.05);
            cairo_stroke (cr);
            cairo_set_dash (cr, NULL, 0, 0);
            cairo_set_line_width (cr, w * 0.5);
            cairo_rectangle (cr, x + in + w, y + in + w, sq - 2 * (in + w), sq - 2 * (in + w));
            cairo_stroke (cr);
            break;
          }
        case FE_FRAME_DOTTED:
          {
            double dash[] = { 0, w * 1.8 };
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
            cairo_set_line_width (cr, w * 1.2);
            cairo_set_dash (cr, dash, 2, 0);
            cairo_stroke (cr);
            cairo_set_dash (cr, NULL, 0, 0);
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
            break;
          }
        case FE_FRAME_DOUBLE:
          cairo_set_line_width (cr, w * 0.45);
          cairo_stroke (cr);
          cairo_rectangle (cr, x + in + w * 0.9, y + in + w * 0.9, sq - 2 * (in + w * 0.9),
                           sq - 2 * (in + w * 0.9));
          cairo_stroke (cr);
          break;
        }
      /* The next attribute's frame inside this one. */
      in += w * 1.6;
    }
  cairo_restore (cr);
}

void
fe_render_piece (cairo_t *cr, FePiece piece, double x, double y, double sq,
                 const FeRenderStyle *style)
{
  g_return_if_fail (piece.walk < FE_WALK_COUNT);
  if (piece.walk == FE_WALK_NONE)
    return;
  /* The walk's figure, turn and badge are its catalogue row's. */
  const FeWalkLook *look = &fe_walk_def (piece.walk)->look;
  draw_frame (cr, piece.attrs, x, y, sq);
  cairo_save (cr);
  cairo_translate (cr, x + sq / 2, y + sq / 2);
  cairo_rotate (cr, look->turn * G_PI / 180);
  if (piece.colour == FE_NEUTRAL)
    {
      /* Half white, half black: the left half of the white figure, the
       * right half of the black one (the print convention). */
      cairo_save (cr);
      cairo_rectangle (cr, -sq, -sq, sq, 2 * sq);
      cairo_clip (cr);
      draw_figure (cr, style, look->figure, FALSE, sq);
      cairo_restore (cr);
      cairo_save (cr);
      cairo_rectangle (cr, 0, -sq, sq, 2 * sq);
      cairo_clip (cr);
      draw_figure (cr, style, look->figure, TRUE, sq);
      cairo_restore (cr);
    }
  else
    draw_figure (cr, style, look->figure, piece.colour == FE_BLACK, sq);
  cairo_restore (cr);
  if (look->badge)
    draw_badge (cr, fe_walk_print_code (piece.walk), x, y, sq);
}

void
fe_render_imitator (cairo_t *cr, FeColour colour, double x, double y, double sq)
{
  double cx = x + sq / 2, cy = y + sq / 2, r = sq * 0.3;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  if (colour == FE_BLACK)
    {
      cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
      cairo_fill_preserve (cr);
    }
  else if (colour == FE_WHITE)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill_preserve (cr);
    }
  /* Standard (neutral) imitator: an open ring, white-rimmed so it reads on
   * dark squares too. */
  cairo_set_line_width (cr, sq * 0.1);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, sq * 0.055);
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  cairo_stroke (cr);
  if (colour == FE_NEUTRAL)
    {
      cairo_arc (cr, cx, cy, sq * 0.045, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

static void
tint_square (cairo_t *cr, const FeRenderGeometry *geo, FeSquare sq, double r, double g, double b,
             double a)
{
  if (sq == FE_NO_SQUARE || !FE_ON_BOARD (sq))
    return;
  double x, y;
  square_origin (geo, sq, &x, &y);
  cairo_rectangle (cr, x, y, geo->sq, geo->sq);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_fill (cr);
}

/* The imitators' shift: a dashed ring where each stood, an arrow to where
 * it went, over the pieces. */
static void
draw_arrows (cairo_t *cr, const FeRenderGeometry *geo, const FeRenderMarks *marks)
{
  double sq = geo->sq;
  for (int i = 0; i < marks->n_arrows && i < FE_MAX_IMITATORS; i++)
    {
      FeSquare from = marks->arrow_from[i], to = marks->arrow_to[i];
      if (!FE_ON_BOARD (from) || !FE_ON_BOARD (to))
        continue;
      double x0, y0, x1, y1;
      square_origin (geo, from, &x0, &y0);
      square_origin (geo, to, &x1, &y1);
      x0 += sq / 2, y0 += sq / 2, x1 += sq / 2, y1 += sq / 2;
      cairo_save (cr);
      cairo_set_source_rgba (cr, 0.05, 0.45, 0.42, 0.9);
      cairo_set_line_width (cr, MAX (1.5, sq * 0.05));
      double dash = sq * 0.09;
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_new_path (cr);
      cairo_arc (cr, x0, y0, sq * 0.36, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      double len = hypot (x1 - x0, y1 - y0);
      if (len > sq * 0.5)
        {
          /* From the ring's edge to short of the target's centre. */
          double ux = (x1 - x0) / len, uy = (y1 - y0) / len;
          double ax = x0 + ux * sq * 0.36, ay = y0 + uy * sq * 0.36;
          double bx = x1 - ux * sq * 0.2, by = y1 - uy * sq * 0.2;
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
          cairo_stroke (cr);
          double head = sq * 0.22;
          cairo_move_to (cr, bx + ux * head * 0.3, by + uy * head * 0.3);
          cairo_line_to (cr, bx - ux * head - uy * head * 0.55, by - uy * head + ux * head * 0.55);
          cairo_line_to (cr, bx - ux * head + uy * head * 0.55, by - uy * head - ux * head * 0.55);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      cairo_restore (cr);
    }
}

void
fe_render_board (cairo_t *cr, const FeRenderGeometry *geo, const FeRenderStyle *style,
                 const FePosition *pos, const FeRenderMarks *marks)
{
  FeRenderMarks none;
  if (!marks)
    {
      fe_render_marks_init (&none);
      marks = &none;
    }
  double sq = geo->sq;
  cairo_save (cr);
  for (int r = 0; r < 8; r++)
    for (int f = 0; f < 8; f++)
      {
        const double *c = ((r + f) % 2 == 0) ? style->dark : style->light;
        cairo_rectangle (cr, geo->x0 + f * sq, geo->y0 + (7 - r) * sq, sq, sq);
        cairo_set_source_rgb (cr, c[0], c[1], c[2]);
        cairo_fill (cr);
      }
  if (marks->picking_imitators)
    {
      cairo_rectangle (cr, geo->x0, geo->y0, 8 * sq, 8 * sq);
      cairo_set_source_rgba (cr, 0.2, 0.45, 0.85, 0.12);
      cairo_fill (cr);
    }
  tint_square (cr, geo, marks->last_from, 1.0, 0.86, 0.1, 0.45);
  tint_square (cr, geo, marks->last_to, 1.0, 0.86, 0.1, 0.6);
  tint_square (cr, geo, marks->drop_target, 0.3, 0.7, 0.3, 0.5);
  static const double kind_rgb[][3] = {
    [FE_RENDER_HIGHLIGHT_CHANGE] = { 0.2, 0.55, 0.95 },
    [FE_RENDER_HIGHLIGHT_SHIFT] = { 0.1, 0.7, 0.65 },
    [FE_RENDER_HIGHLIGHT_MUTATION] = { 0.62, 0.3, 0.9 },
    [FE_RENDER_HIGHLIGHT_RECOLOUR] = { 1.0, 0.6, 0.1 },
  };
  const double *rgb
    = kind_rgb[marks->highlight_kind <= FE_RENDER_HIGHLIGHT_RECOLOUR ? marks->highlight_kind : 0];
  for (int i = 0; i < 64; i++)
    if (marks->highlight & (G_GUINT64_CONSTANT (1) << i))
      tint_square (cr, geo, FE_SQ88 (i), rgb[0], rgb[1], rgb[2], 0.55);

  /* Frame around the board, as in print. */
  cairo_set_source_rgb (cr, 0.12, 0.12, 0.12);
  cairo_set_line_width (cr, MAX (1.0, sq * 0.03));
  cairo_rectangle (cr, geo->x0, geo->y0, 8 * sq, 8 * sq);
  cairo_stroke (cr);

  /* A quarter of a square, but 10 px at least while the margin holds it:
   * readable on a small board (an 800×600 window's). */
  double coordinate_size = MAX (sq * 0.24, MIN (10.0, sq * 0.38));
  if (style->coordinates)
    for (int i = 0; i < 8; i++)
      {
        char label[2] = { (char) ('a' + i), 0 };
        PangoLayout *layout
          = fe_render_text_layout (cr, "DejaVu Sans", coordinate_size, FALSE, label);
        PangoRectangle ink;
        pango_layout_get_pixel_extents (layout, &ink, NULL);
        cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
        cairo_move_to (cr, geo->x0 + (i + 0.5) * sq - ink.x - ink.width / 2.0,
                       geo->y0 + 8 * sq + sq * 0.09 - ink.y);
        pango_cairo_show_layout (cr, layout);
        g_object_unref (layout);
        label[0] = (char) ('8' - i);
        layout = fe_render_text_layout (cr, "DejaVu Sans", coordinate_size, FALSE, label);
        pango_layout_get_pixel_extents (layout, &ink, NULL);
        cairo_move_to (cr, geo->x0 - sq * 0.12 - ink.x - ink.width,
                       geo->y0 + (i + 0.5) * sq - ink.y - ink.height / 2.0);
        pango_cairo_show_layout (cr, layout);
        g_object_unref (layout);
      }

  for (int i = 0; i < pos->n_imitators; i++)
    {
      double x, y;
      square_origin (geo, pos->imitators[i], &x, &y);
      fe_render_imitator (cr, pos->imitator_colour[i], x, y, sq);
    }
  for (int i = 0; i < 64; i++)
    {
      FeSquare s = FE_SQ88 (i);
      FePiece p = pos->board[s];
      if (p.walk == FE_WALK_NONE)
        continue;
      double x, y;
      square_origin (geo, s, &x, &y);
      if (s == marks->hidden)
        {
          cairo_push_group (cr);
          fe_render_piece (cr, p, x, y, sq, style);
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.3);
        }
      else
        fe_render_piece (cr, p, x, y, sq, style);
    }
  draw_arrows (cr, geo, marks);
  if (marks->selected != FE_NO_SQUARE && FE_ON_BOARD (marks->selected))
    {
      double x, y;
      square_origin (geo, marks->selected, &x, &y);
      cairo_set_line_width (cr, sq * 0.06);
      cairo_set_source_rgba (cr, 0.1, 0.4, 0.9, 0.9);
      cairo_rectangle (cr, x + sq * 0.03, y + sq * 0.03, sq * 0.94, sq * 0.94);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

gboolean
fe_render_style_set_font (FeRenderStyle *style, char **owned, const char *family)
{
  if (!family || !*family)
    family = FE_RENDER_DEFAULT_FONT;
  if (g_strcmp0 (family, *owned) == 0)
    return FALSE;
  g_free (*owned);
  *owned = g_strdup (family);
  style->font_family = *owned;
  return TRUE;
}
