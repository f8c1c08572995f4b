/* fe-collection.h — many problems in one PDF, as a booklet or a column:
 * A4 pages, two columns of numbered diagrams with their captions, then
 * the solutions under the same numbers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"
#include "fe-render.h"

typedef struct {
  gboolean caption;   /* captions under the diagrams (default TRUE) */
  int first_number;   /* number of the first problem (default 1) */
  const char *title;  /* a heading on the first page; NULL = none */
} FeCollectionOptions;

void fe_collection_options_init (FeCollectionOptions *opts);

/* Writes `problems` (of FeProblem*) to the PDF at `path`.  `solutions`, if
 * not NULL, holds one text a problem (NULL or "" = none): they are set
 * after the diagrams, in a fixed-width font, under the problems' numbers.
 * style NULL = the default style. */
gboolean fe_collection_write_pdf (GPtrArray *problems, GPtrArray *solutions, const char *path,
                                  const FeRenderStyle *style, const FeCollectionOptions *opts,
                                  GError **error);
