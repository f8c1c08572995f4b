/* feerie-problem-item.c — one problem of a collection, as a list item.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The item is what the list and the undo history keep their hands on:
 * its identity stays while the problem inside is edited, or swapped by
 * undo, so a row, a selection or a check job follows the problem.
 */

#include "config.h"

#include "feerie-problem-item.h"

struct _FeerieProblemItem
{
  GObject parent_instance;

  FeProblem *problem;
  guint serial;
  FeerieCheckState check_state;
  int verdict;
  char *check_details;
  char *search_text;
};

G_DEFINE_FINAL_TYPE (FeerieProblemItem, feerie_problem_item, G_TYPE_OBJECT)

enum { PROP_0, PROP_CHECK_STATE, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

FeerieProblemItem *
feerie_problem_item_new (FeProblem *problem)
{
  g_return_val_if_fail (problem != NULL, NULL);
  FeerieProblemItem *self = g_object_new (FEERIE_TYPE_PROBLEM_ITEM, NULL);
  self->problem = problem;
  return self;
}

FeProblem *
feerie_problem_item_get_problem (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), NULL);
  return self->problem;
}

void
feerie_problem_item_changed (FeerieProblemItem *self)
{
  g_return_if_fail (FEERIE_IS_PROBLEM_ITEM (self));
  self->serial++;
  g_clear_pointer (&self->search_text, g_free);
  /* A verdict was about the problem as it was. */
  feerie_problem_item_set_check (self, FEERIE_CHECK_NONE, -1, NULL);
  g_signal_emit (self, signals[CHANGED], 0);
}

FeProblem *
feerie_problem_item_swap_problem (FeerieProblemItem *self, FeProblem *problem)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), NULL);
  g_return_val_if_fail (problem != NULL, NULL);
  FeProblem *old = self->problem;
  self->problem = problem;
  feerie_problem_item_changed (self);
  return old;
}

guint
feerie_problem_item_get_serial (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), 0);
  return self->serial;
}

FeerieCheckState
feerie_problem_item_get_check_state (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), FEERIE_CHECK_NONE);
  return self->check_state;
}

int
feerie_problem_item_get_verdict (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), -1);
  return self->check_state == FEERIE_CHECK_DONE ? self->verdict : -1;
}

const char *
feerie_problem_item_get_check_details (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), NULL);
  return self->check_details;
}

void
feerie_problem_item_set_check (FeerieProblemItem *self, FeerieCheckState state, int verdict,
                               const char *details)
{
  g_return_if_fail (FEERIE_IS_PROBLEM_ITEM (self));
  if (self->check_state == state && self->verdict == verdict
      && g_strcmp0 (self->check_details, details) == 0)
    return;
  self->check_state = state;
  self->verdict = verdict;
  g_free (self->check_details);
  self->check_details = g_strdup (details);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CHECK_STATE]);
}

const char *
feerie_problem_item_get_search_text (FeerieProblemItem *self)
{
  g_return_val_if_fail (FEERIE_IS_PROBLEM_ITEM (self), NULL);
  return self->search_text;
}

void
feerie_problem_item_set_search_text (FeerieProblemItem *self, char *text)
{
  g_return_if_fail (FEERIE_IS_PROBLEM_ITEM (self));
  g_free (self->search_text);
  self->search_text = text;
}

static void
feerie_problem_item_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  FeerieProblemItem *self = FEERIE_PROBLEM_ITEM (object);
  switch (id)
    {
    case PROP_CHECK_STATE: g_value_set_int (value, self->check_state); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
feerie_problem_item_finalize (GObject *object)
{
  FeerieProblemItem *self = FEERIE_PROBLEM_ITEM (object);
  g_clear_pointer (&self->problem, fe_problem_free);
  g_clear_pointer (&self->check_details, g_free);
  g_clear_pointer (&self->search_text, g_free);
  G_OBJECT_CLASS (feerie_problem_item_parent_class)->finalize (object);
}

static void
feerie_problem_item_class_init (FeerieProblemItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = feerie_problem_item_get_property;
  object_class->finalize = feerie_problem_item_finalize;
  props[PROP_CHECK_STATE] = g_param_spec_int ("check-state", NULL, NULL, FEERIE_CHECK_NONE,
                                              FEERIE_CHECK_DONE, FEERIE_CHECK_NONE,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
feerie_problem_item_init (FeerieProblemItem *self)
{
  self->verdict = -1;
}
