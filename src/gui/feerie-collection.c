/* feerie-collection.c — the problems of one file, in order, as a GListModel.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plain array of items: 10,000 problems are 10,000 small GObjects, made
 * at load; the list view asks only for the rows it shows.  The document
 * (feerie-document.c) makes every change, as undoable steps.
 */

#include "config.h"

#include "feerie-collection.h"

struct _FeerieCollection
{
  GObject parent_instance;

  GPtrArray *items; /* of FeerieProblemItem*, owned */
};

static void feerie_collection_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FeerieCollection, feerie_collection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      feerie_collection_list_model_init))

static GType
feerie_collection_get_item_type (GListModel *model)
{
  return FEERIE_TYPE_PROBLEM_ITEM;
}

static guint
feerie_collection_get_n_items (GListModel *model)
{
  return FEERIE_COLLECTION (model)->items->len;
}

static gpointer
feerie_collection_list_get_item (GListModel *model, guint index)
{
  FeerieCollection *self = FEERIE_COLLECTION (model);
  return index < self->items->len ? g_object_ref (self->items->pdata[index]) : NULL;
}

static void
feerie_collection_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = feerie_collection_get_item_type;
  iface->get_n_items = feerie_collection_get_n_items;
  iface->get_item = feerie_collection_list_get_item;
}

FeerieCollection *
feerie_collection_new (void)
{
  return g_object_new (FEERIE_TYPE_COLLECTION, NULL);
}

guint
feerie_collection_get_n_problems (FeerieCollection *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION (self), 0);
  return self->items->len;
}

FeerieProblemItem *
feerie_collection_get_item (FeerieCollection *self, guint index)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION (self), NULL);
  g_return_val_if_fail (index < self->items->len, NULL);
  return self->items->pdata[index];
}

FeProblem *
feerie_collection_get_problem (FeerieCollection *self, guint index)
{
  FeerieProblemItem *item = feerie_collection_get_item (self, index);
  return item ? feerie_problem_item_get_problem (item) : NULL;
}

int
feerie_collection_index_of (FeerieCollection *self, FeerieProblemItem *item)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION (self), -1);
  guint index;
  return g_ptr_array_find (self->items, item, &index) ? (int) index : -1;
}

void
feerie_collection_take_all (FeerieCollection *self, GPtrArray *problems)
{
  g_return_if_fail (FEERIE_IS_COLLECTION (self));
  guint removed = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < problems->len; i++)
    g_ptr_array_add (self->items, feerie_problem_item_new (problems->pdata[i]));
  /* The problems are the items' now. */
  g_ptr_array_set_free_func (problems, NULL);
  g_ptr_array_set_size (problems, 0);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->items->len);
}

void
feerie_collection_insert_item (FeerieCollection *self, guint index, FeerieProblemItem *item)
{
  g_return_if_fail (FEERIE_IS_COLLECTION (self));
  g_return_if_fail (FEERIE_IS_PROBLEM_ITEM (item));
  g_return_if_fail (index <= self->items->len);
  g_ptr_array_insert (self->items, (int) index, g_object_ref (item));
  g_list_model_items_changed (G_LIST_MODEL (self), index, 0, 1);
}

FeerieProblemItem *
feerie_collection_remove (FeerieCollection *self, guint index)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION (self), NULL);
  g_return_val_if_fail (index < self->items->len, NULL);
  FeerieProblemItem *item = g_ptr_array_steal_index (self->items, index);
  g_list_model_items_changed (G_LIST_MODEL (self), index, 1, 0);
  return item;
}

void
feerie_collection_move (FeerieCollection *self, guint from, guint to)
{
  g_return_if_fail (FEERIE_IS_COLLECTION (self));
  g_return_if_fail (from < self->items->len && to < self->items->len);
  if (from == to)
    return;
  gpointer item = g_ptr_array_steal_index (self->items, from);
  g_ptr_array_insert (self->items, (int) to, item);
  guint first = MIN (from, to), span = MAX (from, to) - first + 1;
  g_list_model_items_changed (G_LIST_MODEL (self), first, span, span);
}

GPtrArray *
feerie_collection_dup_problems (FeerieCollection *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION (self), NULL);
  GPtrArray *problems = g_ptr_array_sized_new (self->items->len);
  for (guint i = 0; i < self->items->len; i++)
    g_ptr_array_add (problems, feerie_problem_item_get_problem (self->items->pdata[i]));
  return problems;
}

static void
feerie_collection_finalize (GObject *object)
{
  FeerieCollection *self = FEERIE_COLLECTION (object);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  G_OBJECT_CLASS (feerie_collection_parent_class)->finalize (object);
}

static void
feerie_collection_class_init (FeerieCollectionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = feerie_collection_finalize;
}

static void
feerie_collection_init (FeerieCollection *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}
