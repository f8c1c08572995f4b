/* feerie-collection-view.h — the problems of a collection beside the
 * board: a filtered list with small diagrams and check marks.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "feerie-collection.h"
#include "render/fe-render.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_COLLECTION_VIEW (feerie_collection_view_get_type ())
G_DECLARE_FINAL_TYPE (FeerieCollectionView, feerie_collection_view, FEERIE, COLLECTION_VIEW,
                      GtkBox)

/* Signals:
 *   "problem-selected" (guint index): a row was chosen (its place in the
 *     collection);
 *   "item-dropped" (FeerieProblemItem *item, guint index): a row dragged
 *     onto the row of the problem at `index`, from this list or another
 *     window's;
 *   "filter-changed": the filter text was typed. */
void feerie_collection_view_set_collection (FeerieCollectionView *self,
                                            FeerieCollection *collection);
/* The board's colours and piece font (copied) for the small diagrams. */
void feerie_collection_view_set_style (FeerieCollectionView *self, const FeRenderStyle *style);
/* Selects and scrolls to the problem at `index` (no signal); unselected
 * when the filter hides it. */
void feerie_collection_view_show_problem (FeerieCollectionView *self, guint index);

/* The filter: `field` "all", "authors", "source", "stipulation" (the
 * stipulation's beginning) or "genre"; each word of `text` must match. */
void feerie_collection_view_set_filter (FeerieCollectionView *self, const char *field,
                                        const char *text);
const char *feerie_collection_view_get_filter_text (FeerieCollectionView *self);
/* The rows the filter shows, and the collection place of row `row`. */
guint feerie_collection_view_get_n_shown (FeerieCollectionView *self);
int feerie_collection_view_shown_index (FeerieCollectionView *self, guint row);
/* The second line of the summary: how the check stands (NULL: none). */
void feerie_collection_view_set_status (FeerieCollectionView *self, const char *text);

/* A row's mark for a check state and verdict: ✓, "cooked" …, "" none. */
const char *feerie_collection_view_mark (int state, int verdict);

G_END_DECLS
