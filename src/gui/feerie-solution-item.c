/* feerie-solution-item.c — one move of the solution tree, as a list item.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver's nodes are plain C; the list view needs GObjects, and a
 * GListStore of children per node so that GtkTreeListModel can fold them.
 */

#include "feerie-solution-item.h"

struct _FeerieSolutionItem
{
  GObject parent_instance;

  FeSolution *solution;
  const FeSolutionNode *node;
  GListStore *children;
};

G_DEFINE_FINAL_TYPE (FeerieSolutionItem, feerie_solution_item, G_TYPE_OBJECT)

static void
feerie_solution_item_dispose (GObject *object)
{
  FeerieSolutionItem *self = FEERIE_SOLUTION_ITEM (object);
  g_clear_object (&self->children);
  g_clear_pointer (&self->solution, fe_solution_unref);
  G_OBJECT_CLASS (feerie_solution_item_parent_class)->dispose (object);
}

static void
feerie_solution_item_class_init (FeerieSolutionItemClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = feerie_solution_item_dispose;
}

static void
feerie_solution_item_init (FeerieSolutionItem *self)
{
  self->children = g_list_store_new (FEERIE_TYPE_SOLUTION_ITEM);
}

FeerieSolutionItem *
feerie_solution_item_new (FeSolution *solution, const FeSolutionNode *node)
{
  FeerieSolutionItem *self = g_object_new (FEERIE_TYPE_SOLUTION_ITEM, NULL);
  self->solution = fe_solution_ref (solution);
  self->node = node;
  return self;
}

const FeSolutionNode *
feerie_solution_item_get_node (FeerieSolutionItem *self)
{
  g_return_val_if_fail (FEERIE_IS_SOLUTION_ITEM (self), NULL);
  return self->node;
}

GListStore *
feerie_solution_item_get_children (FeerieSolutionItem *self)
{
  g_return_val_if_fail (FEERIE_IS_SOLUTION_ITEM (self), NULL);
  return self->children;
}
