/* feerie-solution-item.h — one move of the solution tree, as a list item.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "core/solution/solution.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_SOLUTION_ITEM (feerie_solution_item_get_type ())
G_DECLARE_FINAL_TYPE (FeerieSolutionItem, feerie_solution_item, FEERIE, SOLUTION_ITEM, GObject)

/* Keeps `solution` alive as long as the item: the node belongs to it. */
FeerieSolutionItem *feerie_solution_item_new (FeSolution *solution, const FeSolutionNode *node);
const FeSolutionNode *feerie_solution_item_get_node (FeerieSolutionItem *self);
/* The items below this one (a GListStore of FeerieSolutionItem). */
GListStore *feerie_solution_item_get_children (FeerieSolutionItem *self);

G_END_DECLS
