/* fe-render-export.c — a diagram written as a PNG, SVG, PDF or LaTeX file,
 * or into memory for the clipboard, with the errors that writing can meet.
 * Separate from the drawing (fe-render.c, fe-render-diagram.c), which knows
 * nothing of files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "fe-render.h"
#include "fe-latex.h"

G_DEFINE_QUARK (fe-render-error-quark, fe_render_error)

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
