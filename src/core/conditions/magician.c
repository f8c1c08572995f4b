/* magician.c — the magician condition (to be implemented: see rules.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../condition.h"

const FeConditionOps fe_condition_magician = {
  .name = "magician",
  .effect_order = 3,
};
