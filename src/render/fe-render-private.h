/* fe-render-private.h — what the board (fe-render.c) and the diagram with
 * its caption (fe-render-diagram.c) share: one way to set text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

/* A layout of `text` in `family`, `px` high (absolute size), bold or not;
 * the caller unrefs it. */
PangoLayout *fe_render_text_layout (cairo_t *cr, const char *family, double px, gboolean bold,
                                    const char *text);
