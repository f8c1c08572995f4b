/* fe-render.h — Cairo drawing of a diagram, shared by the board widget and
 * the PNG / SVG / PDF exporters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Piece figures are the chess glyphs of FreeSerif (fonts-freefont-ttf)
 * drawn through Pango; fairy walks are rotated orthodox figures (the print
 * conventions: grasshopper = inverted queen, nightrider = inverted knight)
 * plus, where the figure alone is ambiguous, a small badge with the walk's
 * print code.  Magic and magician pieces stand on bordered squares; the
 * imitator is a circle.
 *
 * fe-render.c draws the board, fe-render-diagram.c the diagram with its
 * caption, fe-render-export.c writes it to a file or into memory.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "core/model/problem.h"

typedef struct {
  double light[3];        /* light squares, RGB 0..1 */
  double dark[3];         /* dark squares */
  gboolean coordinates;   /* a..h and 1..8 around the board */
  const char *font_family; /* piece glyph font, "FreeSerif" by default; not
                            * owned: the caller keeps it alive (NULL or ""
                            * means the default) */
} FeRenderStyle;

/* Points style->font_family at a copy of `family` (NULL or empty = the
 * default font) kept in *owned, which the caller frees.  Returns whether
 * the font changed, i.e. whether a redraw is due. */
gboolean fe_render_style_set_font (FeRenderStyle *style, char **owned, const char *family);

#define FE_RENDER_DEFAULT_FONT "FreeSerif"

/* What the highlighted squares of a playback stage went through: each
 * kind has its own colour (not shades of one). */
typedef enum {
  FE_RENDER_HIGHLIGHT_CHANGE,   /* changed in another way: blue */
  FE_RENDER_HIGHLIGHT_SHIFT,    /* the imitators' new squares: teal, with arrows */
  FE_RENDER_HIGHLIGHT_MUTATION, /* pieces that changed walk: violet */
  FE_RENDER_HIGHLIGHT_RECOLOUR, /* pieces that changed colour: amber */
} FeRenderHighlight;

/* Marks laid over a position: all squares may be FE_NO_SQUARE. */
typedef struct {
  FeSquare last_from, last_to; /* the highlighted last move */
  FeSquare selected;           /* keyboard cursor / chosen square */
  FeSquare drop_target;        /* square under a drag */
  FeSquare hidden;             /* piece being dragged away: drawn faded */
  gboolean picking_imitators;  /* tint the board: clicks place imitators */
  guint64 highlight;           /* squares changed by a playback stage (bit = FE_SQ64) */
  FeRenderHighlight highlight_kind;
  /* Arrows from where the imitators stood (ringed) to where they went. */
  int n_arrows;
  FeSquare arrow_from[FE_MAX_IMITATORS], arrow_to[FE_MAX_IMITATORS];
} FeRenderMarks;

/* Where the 8×8 squares land inside an area. */
typedef struct {
  double x0, y0; /* top-left corner of a8 */
  double sq;     /* side of one square */
} FeRenderGeometry;

void fe_render_style_init (FeRenderStyle *style);
void fe_render_marks_init (FeRenderMarks *marks);
/* Parses "#rrggbb" (or any CSS colour GDK-less syntax "#rgb") into rgb. */
gboolean fe_render_parse_colour (const char *text, double rgb[3]);

void fe_render_geometry (double width, double height, const FeRenderStyle *style,
                         FeRenderGeometry *geo);
/* The square under a point, or FE_NO_SQUARE. */
FeSquare fe_render_square_at (const FeRenderGeometry *geo, double x, double y);

/* The whole board: squares, coordinates, marks, frames, imitators, pieces. */
void fe_render_board (cairo_t *cr, const FeRenderGeometry *geo, const FeRenderStyle *style,
                      const FePosition *pos, const FeRenderMarks *marks);
/* One piece centred in a square of side `sq` whose top-left is (x, y),
 * including the magic / magician frame. */
void fe_render_piece (cairo_t *cr, FePiece piece, double x, double y, double sq,
                      const FeRenderStyle *style);
/* The imitator mark; colour FE_NEUTRAL is the standard imitator, white and
 * black are the monochrome ones. */
void fe_render_imitator (cairo_t *cr, FeColour colour, double x, double y, double sq);

/* The short caption of the window: "stipulation   (w+b)" and the
 * conditions on a second line. Caller frees. */
char *fe_render_caption (const FeProblem *problem);

typedef struct {
  gboolean caption;  /* authors, source, award above; stipulation,
                      * count, conditions, twins below (fe-caption.h) */
  const char *label; /* a collection's number above it all; NULL = none */
  double text_size;  /* caption font size in the surface's units; 0 = in
                      * proportion to the board */
} FeDiagramOptions;

void fe_render_diagram_options_init (FeDiagramOptions *opts); /* caption on */

/* Draws a diagram `width` wide with its caption at (x, y) (the caller has
 * painted the background); returns the height used. */
double fe_render_diagram (cairo_t *cr, const FeProblem *problem, double x, double y,
                          double width, const FeRenderStyle *style, const FeDiagramOptions *opts);
/* The height fe_render_diagram would use. */
double fe_render_diagram_height (const FeProblem *problem, double width,
                                 const FeRenderStyle *style, const FeDiagramOptions *opts);

/* Writes a diagram with its caption; the format comes from the extension
 * (.png, .svg, .pdf, or .tex: a fragment for LaTeX's diagram package).
 * `size` is the board side in pixels (PNG) or points. */
gboolean fe_render_export (const FeProblem *problem, const char *path, int size, GError **error);
/* Finishes and destroys `surface`; FALSE with an error "WHERE: reason" when
 * drawing (`status`) or finishing failed. */
gboolean fe_render_surface_close (cairo_surface_t *surface, cairo_status_t status,
                                  const char *where, GError **error);
/* The same in a given style (board colours and piece font of the user's
 * preferences); style NULL is the default style. */
gboolean fe_render_export_with_style (const FeProblem *problem, const char *path, int size,
                                      const FeRenderStyle *style, GError **error);

/* The same with diagram options (caption or not); NULLs are defaults. */
gboolean fe_render_export_full (const FeProblem *problem, const char *path, int size,
                                const FeRenderStyle *style, const FeDiagramOptions *opts,
                                GError **error);

/* The same into memory (clipboard): format "png", "svg", "pdf" or "tex". */
GBytes *fe_render_export_bytes (const FeProblem *problem, const char *format, int size,
                                const FeRenderStyle *style, const FeDiagramOptions *opts,
                                GError **error);

#define FE_RENDER_ERROR (fe_render_error_quark ())
GQuark fe_render_error_quark (void);
