/* feerie-walk-names.c — translated walk names for the palette.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The names are the catalogue's (src/core/model/walk-catalogue.h, marked FE_N_ so
 * xgettext finds them there); the GUI translates them here.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "feerie-walk-names.h"
#include "core/model/walk.h"

const char *
feerie_walk_name (int walk)
{
  g_return_val_if_fail (walk > FE_WALK_NONE && walk < FE_WALK_COUNT, "");
  return _(fe_walk_def (walk)->name);
}
