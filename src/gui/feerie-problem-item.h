/* feerie-problem-item.h — one problem of a collection, as a list item: the
 * problem itself and what the window's check said of it.  GLib only.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "core/model/problem.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_PROBLEM_ITEM (feerie_problem_item_get_type ())
G_DECLARE_FINAL_TYPE (FeerieProblemItem, feerie_problem_item, FEERIE, PROBLEM_ITEM, GObject)

/* Where the window's check of the collection stands for this problem. */
typedef enum {
  FEERIE_CHECK_NONE = 0, /* not checked, or edited since */
  FEERIE_CHECK_WAITING,  /* queued */
  FEERIE_CHECK_RUNNING,
  FEERIE_CHECK_DONE,     /* the verdict and details hold */
} FeerieCheckState;

/* Takes `problem`.  Signal "changed": the problem was edited or replaced
 * (its row redraws, its check mark goes).  Property "check-state"
 * (notified) with the verdict. */
FeerieProblemItem *feerie_problem_item_new (FeProblem *problem);
FeProblem *feerie_problem_item_get_problem (FeerieProblemItem *self);
/* Puts `problem` (owned) in and returns the one it held (the caller's). */
FeProblem *feerie_problem_item_swap_problem (FeerieProblemItem *self, FeProblem *problem);
/* The problem was edited in place. */
void feerie_problem_item_changed (FeerieProblemItem *self);
/* Bumped by every change: a check result of an older version is stale. */
guint feerie_problem_item_get_serial (FeerieProblemItem *self);

FeerieCheckState feerie_problem_item_get_check_state (FeerieProblemItem *self);
/* The verdict (FeVerdict) once done, else -1. */
int feerie_problem_item_get_verdict (FeerieProblemItem *self);
/* The check's findings for people (English, as the CLI writes them). */
const char *feerie_problem_item_get_check_details (FeerieProblemItem *self);
void feerie_problem_item_set_check (FeerieProblemItem *self, FeerieCheckState state, int verdict,
                                    const char *details);

/* A lower-case text to filter by, kept until the next change (the list
 * view builds it; NULL until then). */
const char *feerie_problem_item_get_search_text (FeerieProblemItem *self);
void feerie_problem_item_set_search_text (FeerieProblemItem *self, char *text);

G_END_DECLS
