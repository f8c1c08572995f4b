/* feerie-collection-check.h — the soundness of every problem of a
 * collection, checked in the background (core/check/check.h, the same
 * judge as `feerie-cli check`), each problem's item marked as its result
 * comes.  GLib only.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "core/check/check.h"
#include "feerie-problem-item.h"

G_BEGIN_DECLS

#define FEERIE_TYPE_COLLECTION_CHECK (feerie_collection_check_get_type ())
G_DECLARE_FINAL_TYPE (FeerieCollectionCheck, feerie_collection_check, FEERIE, COLLECTION_CHECK,
                      GObject)

/* Checks a copy of each problem of `items` (a GListModel of
 * FeerieProblemItem, read now) on `threads` worker threads (0: one per
 * core) at a lower priority than the main loop, each within `max_time`
 * seconds (0: none).  Marks the items (feerie_problem_item_set_check) as
 * results come, from the main loop; an item edited meanwhile keeps no
 * verdict.  Signals: "progress" (a result came), "finished" (gboolean
 * stopped), both in the main loop. */
FeerieCollectionCheck *feerie_collection_check_new (GListModel *items, double max_time,
                                                    int threads);
/* Cancels what is left, waits for the workers (the problems running stop
 * within a few milliseconds) and marks the unchecked items unchecked. */
void feerie_collection_check_stop (FeerieCollectionCheck *self);
gboolean feerie_collection_check_is_running (FeerieCollectionCheck *self);
guint feerie_collection_check_get_total (FeerieCollectionCheck *self);
guint feerie_collection_check_get_done (FeerieCollectionCheck *self);
/* How many results so far had this verdict. */
guint feerie_collection_check_count (FeerieCollectionCheck *self, FeVerdict verdict);

G_END_DECLS
