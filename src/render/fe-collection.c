/* fe-collection.c — many problems in one PDF: two columns of numbered
 * diagrams, then the solutions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "fe-collection.h"
#include "fe-caption.h"

/* A4 in points, its margins and the gap between the columns. */
#define PAGE_W 595.276
#define PAGE_H 841.89
#define MARGIN 42.0
#define GUTTER 22.0
#define FOOTER 18.0 /* the page number under the text area */
/* Diagram width: three diagrams with their captions a column, six a page,
 * about the size magazines print. */
#define DIAGRAM_W 172.0

void
fe_collection_options_init (FeCollectionOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->caption = TRUE;
  opts->first_number = 1;
}

/* Where the next block goes: a column of a page. */
typedef struct {
  cairo_t *cr;
  int page;   /* 1-based, for the page number */
  int column; /* 0 or 1 */
  double y;
  double col_w;
} Flow;

static double
column_x (const Flow *f)
{
  return MARGIN + f->column * (f->col_w + GUTTER);
}

static double
bottom (void)
{
  return PAGE_H - MARGIN - FOOTER;
}

static void
page_number (Flow *f)
{
  PangoLayout *l = pango_cairo_create_layout (f->cr);
  PangoFontDescription *d = pango_font_description_from_string ("DejaVu Serif 8");
  pango_layout_set_font_description (l, d);
  pango_font_description_free (d);
  char text[16];
  g_snprintf (text, sizeof text, "%d", f->page);
  pango_layout_set_text (l, text, -1);
  int w, h;
  pango_layout_get_size (l, &w, &h);
  cairo_set_source_rgb (f->cr, 0.3, 0.3, 0.3);
  cairo_move_to (f->cr, (PAGE_W - (double) w / PANGO_SCALE) / 2, PAGE_H - MARGIN);
  pango_cairo_show_layout (f->cr, l);
  g_object_unref (l);
}

static void
new_page (Flow *f)
{
  page_number (f);
  cairo_show_page (f->cr);
  f->page++;
  f->column = 0;
  f->y = MARGIN;
}

/* Makes room for a block `h` high: the next column, else the next page.
 * A block taller than a whole column starts at a column's top anyway. */
static void
reserve (Flow *f, double h)
{
  if (f->y + h <= bottom () || f->y <= MARGIN)
    return;
  if (f->column == 0)
    {
      f->column = 1;
      f->y = MARGIN;
      if (f->y + h <= bottom ())
        return;
    }
  new_page (f);
}

static PangoLayout *
text_layout (Flow *f, const char *font, const char *markup, gboolean is_markup)
{
  PangoLayout *l = pango_cairo_create_layout (f->cr);
  PangoFontDescription *d = pango_font_description_from_string (font);
  pango_layout_set_font_description (l, d);
  pango_font_description_free (d);
  if (is_markup)
    pango_layout_set_markup (l, markup, -1);
  else
    pango_layout_set_text (l, markup, -1);
  pango_layout_set_width (l, (int) (f->col_w * PANGO_SCALE));
  pango_layout_set_wrap (l, PANGO_WRAP_WORD_CHAR);
  return l;
}

/* Sets one block of text in the flow, moving on when it does not fit. */
static void
put_text (Flow *f, const char *font, const char *text, gboolean is_markup, double space_before)
{
  PangoLayout *l = text_layout (f, font, text, is_markup);
  int w, h;
  pango_layout_get_size (l, &w, &h);
  double height = (double) h / PANGO_SCALE;
  if (f->y > MARGIN)
    f->y += space_before;
  reserve (f, height);
  cairo_set_source_rgb (f->cr, 0.05, 0.05, 0.05);
  cairo_move_to (f->cr, column_x (f), f->y);
  pango_cairo_show_layout (f->cr, l);
  f->y += height;
  g_object_unref (l);
}

/* "12. Reto Aschwanden": the number and the first author, to find the
 * diagram a solution belongs to. */
static char *
solution_heading (const FeProblem *p, int number)
{
  g_autoptr (FeCaption) c = fe_caption_new (p);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "<b>%d.</b>", number);
  if (c->authors->len)
    {
      g_autofree char *who = g_markup_escape_text (c->authors->pdata[0], -1);
      g_string_append_printf (s, " %s%s", who, c->authors->len > 1 ? " et al." : "");
    }
  g_autofree char *stip = g_markup_escape_text (c->stipulation, -1);
  g_string_append_printf (s, "  <i>%s</i>", stip);
  return g_string_free (s, FALSE);
}

gboolean
fe_collection_write_pdf (GPtrArray *problems, GPtrArray *solutions, const char *path,
                         const FeRenderStyle *given, const FeCollectionOptions *given_opts,
                         GError **error)
{
  g_return_val_if_fail (problems && path, FALSE);
  FeCollectionOptions opts;
  if (given_opts)
    opts = *given_opts;
  else
    fe_collection_options_init (&opts);
  FeRenderStyle style;
  if (given)
    style = *given;
  else
    fe_render_style_init (&style);

  cairo_surface_t *surface = cairo_pdf_surface_create (path, PAGE_W, PAGE_H);
  Flow f = { cairo_create (surface), 1, 0, MARGIN, (PAGE_W - 2 * MARGIN - GUTTER) / 2 };

  if (opts.title && *opts.title)
    {
      g_autofree char *t = g_markup_escape_text (opts.title, -1);
      g_autofree char *m = g_strdup_printf ("<b>%s</b>", t);
      put_text (&f, "DejaVu Serif 14", m, TRUE, 0);
      f.y += 10;
    }

  for (guint i = 0; i < problems->len; i++)
    {
      const FeProblem *p = problems->pdata[i];
      char label[24];
      g_snprintf (label, sizeof label, "%d", opts.first_number + (int) i);
      FeDiagramOptions d;
      fe_render_diagram_options_init (&d);
      d.caption = opts.caption;
      d.label = label;
      d.text_size = 7.5;
      double w = MIN (DIAGRAM_W, f.col_w);
      double h = fe_render_diagram_height (p, w, &style, &d);
      if (f.y > MARGIN)
        f.y += 10;
      reserve (&f, h);
      fe_render_diagram (f.cr, p, column_x (&f) + (f.col_w - w) / 2, f.y, w, &style, &d);
      f.y += h;
    }

  gboolean any = FALSE;
  for (guint i = 0; solutions && i < solutions->len; i++)
    any |= solutions->pdata[i] && *(char *) solutions->pdata[i];
  if (any)
    {
      new_page (&f);
      put_text (&f, "DejaVu Serif 13", "<b>Solutions</b>", TRUE, 0);
      for (guint i = 0; i < problems->len && i < solutions->len; i++)
        {
          const char *text = solutions->pdata[i];
          if (!text || !*text)
            continue;
          g_autofree char *head
            = solution_heading (problems->pdata[i], opts.first_number + (int) i);
          put_text (&f, "DejaVu Serif 9", head, TRUE, 9);
          /* Line by line, so a long solution flows on to the next column. */
          g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
          int n = g_strv_length (lines), first = 0;
          while (first < n && strspn (lines[first], " \t\r") == strlen (lines[first]))
            first++;
          while (n > 0 && strspn (lines[n - 1], " \t\r") == strlen (lines[n - 1]))
            n--;
          for (int k = first; k < n; k++)
            put_text (&f, "DejaVu Sans Mono 7", lines[k][0] ? lines[k] : " ", FALSE, 0);
        }
    }
  page_number (&f);
  cairo_show_page (f.cr);
  cairo_status_t status = cairo_status (f.cr);
  cairo_destroy (f.cr);
  return fe_render_surface_close (surface, status, path, error);
}
