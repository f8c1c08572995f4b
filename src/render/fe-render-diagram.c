/* fe-render-diagram.c — a diagram as printed in a problem column: the board
 * (fe-render.c draws it) with its caption above and below (fe-caption.c
 * words it), laid out once to measure and once to draw.  Separate from the
 * board, which the window draws without a caption, and from the export
 * (fe-render-export.c), which puts the diagram on a surface.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <pango/pangocairo.h>

#include "fe-render.h"
#include "fe-render-private.h"
#include "fe-caption.h"

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
  PangoLayout *layout = fe_render_text_layout (cr, "DejaVu Serif", px, FALSE, "");
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
