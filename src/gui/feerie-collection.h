/* feerie-collection.h — the problems of one file, in order: a GListModel of
 * FeerieProblemItem for the window's list.  GLib only.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "feerie-problem-item.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_COLLECTION (feerie_collection_get_type ())
G_DECLARE_FINAL_TYPE (FeerieCollection, feerie_collection, FEERIE, COLLECTION, GObject)

/* Empty.  Every change emits GListModel's items-changed. */
FeerieCollection *feerie_collection_new (void);
guint feerie_collection_get_n_problems (FeerieCollection *self);
/* Borrowed. */
FeerieProblemItem *feerie_collection_get_item (FeerieCollection *self, guint index);
FeProblem *feerie_collection_get_problem (FeerieCollection *self, guint index);
/* Its place, or -1 when the item is not in this collection. */
int feerie_collection_index_of (FeerieCollection *self, FeerieProblemItem *item);

/* Every problem (owned) of `problems` replaces the collection's. */
void feerie_collection_take_all (FeerieCollection *self, GPtrArray *problems);
/* `item` (a reference is taken) at `index` (≤ n). */
void feerie_collection_insert_item (FeerieCollection *self, guint index, FeerieProblemItem *item);
/* Removes the item at `index` and returns it (the caller's reference). */
FeerieProblemItem *feerie_collection_remove (FeerieCollection *self, guint index);
/* The item at `from` goes to `to`, the others closing up. */
void feerie_collection_move (FeerieCollection *self, guint from, guint to);
/* The problems in order, borrowed (a new array of the item's problems):
 * what Save and autosave write. */
GPtrArray *feerie_collection_dup_problems (FeerieCollection *self);

G_END_DECLS
