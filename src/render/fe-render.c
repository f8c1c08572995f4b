/* fe-render.c — Cairo drawing of a diagram (board widget and exporters).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "fe-render.h"
#include "fe-caption.h"
#include "fe-latex.h"
#include "core/walk.h"

/* Caption words follow the user's language where the program has bound
 * the "feerie" catalogue (the GUI); elsewhere they stay English. */
#define _(text) g_dgettext ("feerie", text)

G_DEFINE_QUARK (fe-render-error-quark, fe_render_error)

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

static PangoLayout *
make_layout (cairo_t *cr, const char *family, double px, gboolean bold, const char *text)
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
  PangoLayout *layout = make_layout (cr, family, sq * 0.86, FALSE, text);
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
  PangoLayout *layout = make_layout (cr, "DejaVu Sans", sq * 0.2, TRUE, code);
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
        PangoLayout *layout = make_layout (cr, "DejaVu Sans", coordinate_size, FALSE, label);
        PangoRectangle ink;
        pango_layout_get_pixel_extents (layout, &ink, NULL);
        cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
        cairo_move_to (cr, geo->x0 + (i + 0.5) * sq - ink.x - ink.width / 2.0,
                       geo->y0 + 8 * sq + sq * 0.09 - ink.y);
        pango_cairo_show_layout (cr, layout);
        g_object_unref (layout);
        label[0] = (char) ('8' - i);
        layout = make_layout (cr, "DejaVu Sans", coordinate_size, FALSE, label);
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

char *
fe_render_caption (const FeProblem *problem)
{
  g_autoptr (FeCaption) c = fe_caption_new (problem);
  g_autofree char *conditions = fe_caption_conditions (c);
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "%s   %s", c->stipulation, c->count);
  if (*conditions)
    g_string_append_printf (out, "\n%s", conditions);
  return g_string_free (out, FALSE);
}

void
fe_render_diagram_options_init (FeDiagramOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->caption = TRUE;
}

static double
layout_height (PangoLayout *layout)
{
  PangoRectangle logical;
  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.height / PANGO_SCALE;
}

/* A wrapped text block as wide as the board; markup when `markup`. */
static PangoLayout *
text_block (cairo_t *cr, double px, double width, const char *text, gboolean markup,
            PangoAlignment align)
{
  PangoLayout *layout = make_layout (cr, "DejaVu Serif", px, FALSE, "");
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, align);
  return layout;
}

static void
append_markup_line (GString *s, const char *tag, const char *text)
{
  if (!text || !*text)
    return;
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  if (s->len)
    g_string_append_c (s, '\n');
  g_string_append_printf (s, "<%s>%s</%s>", tag, escaped, tag);
}

/* Draws `pos` when `draw` at (x, y); returns the y below it (the board's
 * own margin, its coordinates, sits below the squares). */
static double
draw_board (cairo_t *cr, gboolean draw, const FeRenderGeometry *geo, const FeRenderStyle *style,
            const FePosition *pos, double x, double y, double width)
{
  if (draw)
    {
      cairo_save (cr);
      cairo_translate (cr, x, y);
      fe_render_board (cr, geo, style, pos, NULL);
      cairo_restore (cr);
    }
  return y + width;
}

/* A caption line under a board: `left` (the stipulation) and `right`
 * (the piece count); returns the y below it. */
static double
caption_line (cairo_t *cr, gboolean draw, const FeRenderGeometry *geo, double px, double text_w,
              double x, double y, const char *left, const char *right)
{
  PangoLayout *l = text_block (cr, px, text_w, left, FALSE, PANGO_ALIGN_LEFT);
  PangoLayout *r = text_block (cr, px, text_w, right, FALSE, PANGO_ALIGN_RIGHT);
  if (draw)
    {
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_move_to (cr, x + geo->x0, y);
      pango_cairo_show_layout (cr, l);
      cairo_move_to (cr, x + geo->x0, y);
      pango_cairo_show_layout (cr, r);
    }
  y += MAX (layout_height (l), layout_height (r));
  g_object_unref (l);
  g_object_unref (r);
  return y;
}

/* Lays out (and when `draw`, draws) one diagram with its caption at (x, y),
 * `width` wide; returns its height.  Above the board: the label (a
 * collection's number), the authors in bold, the source and the award in
 * italics; below: the stipulation left and the piece count right, then the
 * conditions and the twins — the layout of printed problem columns. */
static double
layout_diagram (cairo_t *cr, gboolean draw, const FeProblem *problem, double x, double y,
                double width, const FeRenderStyle *style, const FeDiagramOptions *opts)
{
  FeRenderGeometry geo;
  fe_render_geometry (width, width, style, &geo);
  double sq = geo.sq, text_w = 8 * sq, gap = sq * 0.12;
  double px = opts->text_size > 0 ? opts->text_size : sq * 0.26;
  double top = y;
  g_autoptr (FeCaption) c = opts->caption ? fe_caption_new (problem) : NULL;

  GString *head = g_string_new (NULL);
  if (opts->label && *opts->label)
    append_markup_line (head, "b", opts->label);
  if (c)
    {
      for (guint i = 0; i < c->authors->len; i++)
        append_markup_line (head, "b", c->authors->pdata[i]);
      append_markup_line (head, "i", c->source);
      append_markup_line (head, "i", c->award);
    }
  if (head->len)
    {
      PangoLayout *l = text_block (cr, px, text_w, head->str, TRUE, PANGO_ALIGN_CENTER);
      if (draw)
        {
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_move_to (cr, x + geo.x0, y + gap);
          pango_cairo_show_layout (cr, l);
        }
      y += gap + layout_height (l);
      g_object_unref (l);
    }
  g_string_free (head, TRUE);

  /* a=>b: the start A with its count and an arrow, then the target B,
   * which the stipulation and the rest of the caption go under. */
  gboolean target = fe_problem_has_target (problem);
  if (target)
    {
      y = draw_board (cr, draw, &geo, style, &problem->diagram, x, y, width);
      if (c)
        y = caption_line (cr, draw, &geo, px, text_w, x, y + gap * 0.5, "A", c->count);
      y += gap;
    }
  y = draw_board (cr, draw, &geo, style, target ? &problem->target : &problem->diagram, x, y, width);
  if (!c)
    return y - top;

  y = caption_line (cr, draw, &geo, px, text_w, x, y + gap * 0.5, c->stipulation,
                    target ? c->target_count : c->count);

  GString *foot = g_string_new (NULL);
  g_autofree char *conditions = fe_caption_conditions (c);
  if (*conditions)
    g_string_append (foot, conditions);
  for (guint i = 0; i < c->twins->len; i++)
    g_string_append_printf (foot, "%s%s", foot->len ? "\n" : "", (char *) c->twins->pdata[i]);
  if (foot->len)
    {
      PangoLayout *l = text_block (cr, px, text_w, foot->str, FALSE, PANGO_ALIGN_LEFT);
      if (draw)
        {
          cairo_move_to (cr, x + geo.x0, y);
          pango_cairo_show_layout (cr, l);
        }
      y += layout_height (l);
      g_object_unref (l);
    }
  g_string_free (foot, TRUE);
  return y + gap - top;
}

double
fe_render_diagram (cairo_t *cr, const FeProblem *problem, double x, double y, double width,
                   const FeRenderStyle *style, const FeDiagramOptions *opts)
{
  return layout_diagram (cr, TRUE, problem, x, y, width, style, opts);
}

double
fe_render_diagram_height (const FeProblem *problem, double width, const FeRenderStyle *style,
                          const FeDiagramOptions *opts)
{
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t *cr = cairo_create (scratch);
  double h = layout_diagram (cr, FALSE, problem, 0, 0, width, style, opts);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  return h;
}

gboolean
fe_render_export (const FeProblem *problem, const char *path, int size, GError **error)
{
  return fe_render_export_with_style (problem, path, size, NULL, error);
}

gboolean
fe_render_export_with_style (const FeProblem *problem, const char *path, int size,
                             const FeRenderStyle *given, GError **error)
{
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  return fe_render_export_full (problem, path, size, given, &opts, error);
}

static gboolean
write_text_file (const char *path, const char *text, GError **error)
{
  GError *local = NULL;
  if (!g_file_set_contents (path, text, -1, &local))
    {
      g_set_error (error, FE_RENDER_ERROR, 0, "%s", local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Draws into a file (`path`) or into memory (`sink`), by format. */
static gboolean
render_to (const FeProblem *problem, const char *ext, int size, const FeRenderStyle *given,
           const FeDiagramOptions *opts, const char *path, GByteArray *sink, GError **error)
{
  const char *where = path ? path : ext;
  if (size < 64 || size > 8192)
    {
      g_set_error (error, FE_RENDER_ERROR, 0, "diagram size %d is out of range (64..8192)", size);
      return FALSE;
    }
  FeRenderStyle style;
  if (given)
    style = *given;
  else
    fe_render_style_init (&style);
  double width = size, height = ceil (fe_render_diagram_height (problem, width, &style, opts));
  cairo_surface_t *surface;
  if (g_str_equal (ext, "png"))
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
  else if (g_str_equal (ext, "svg"))
    surface = path ? cairo_svg_surface_create (path, width, height)
                   : cairo_svg_surface_create_for_stream (append_bytes, sink, width, height);
  else if (g_str_equal (ext, "pdf"))
    surface = path ? cairo_pdf_surface_create (path, width, height)
                   : cairo_pdf_surface_create_for_stream (append_bytes, sink, width, height);
  else
    {
      g_set_error (error, FE_RENDER_ERROR, 0,
                   "%s: unknown diagram format \"%s\" (use .png, .svg, .pdf or .tex)", where, ext);
      return FALSE;
    }
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  fe_render_diagram (cr, problem, 0, 0, width, &style, opts);
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && g_str_equal (ext, "png"))
    status = path ? cairo_surface_write_to_png (surface, path)
                  : cairo_surface_write_to_png_stream (surface, append_bytes, sink);
  return fe_render_surface_close (surface, status, where, error);
}

gboolean
fe_render_surface_close (cairo_surface_t *surface, cairo_status_t status, const char *where,
                         GError **error)
{
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, FE_RENDER_ERROR, 0, "%s: %s", where, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/* The options given, or the defaults (caption on). */
static void
options_or_default (FeDiagramOptions *opts, const FeDiagramOptions *given)
{
  if (given)
    *opts = *given;
  else
    fe_render_diagram_options_init (opts);
}

gboolean
fe_render_export_full (const FeProblem *problem, const char *path, int size,
                       const FeRenderStyle *given, const FeDiagramOptions *given_opts,
                       GError **error)
{
  g_return_val_if_fail (problem && path, FALSE);
  FeDiagramOptions opts;
  options_or_default (&opts, given_opts);
  const char *dot = strrchr (path, '.');
  g_autofree char *ext = g_ascii_strdown (dot ? dot + 1 : "", -1);
  if (g_str_equal (ext, "tex"))
    {
      g_autofree char *tex = fe_latex_diagram (problem, opts.caption);
      return write_text_file (path, tex, error);
    }
  return render_to (problem, ext, size, given, &opts, path, NULL, error);
}

GBytes *
fe_render_export_bytes (const FeProblem *problem, const char *format, int size,
                        const FeRenderStyle *style, const FeDiagramOptions *given_opts,
                        GError **error)
{
  g_return_val_if_fail (problem && format, NULL);
  FeDiagramOptions opts;
  options_or_default (&opts, given_opts);
  if (g_str_equal (format, "tex"))
    {
      char *tex = fe_latex_diagram (problem, opts.caption);
      return g_bytes_new_take (tex, strlen (tex));
    }
  GByteArray *sink = g_byte_array_new ();
  if (!render_to (problem, format, size, style, &opts, NULL, sink, error))
    {
      g_byte_array_unref (sink);
      return NULL;
    }
  return g_byte_array_free_to_bytes (sink);
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
