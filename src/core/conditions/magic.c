/* magic.c — the magic condition (to be implemented: see rules.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../condition.h"

const FeConditionOps fe_condition_magic = {
  .name = "magic",
  .effect_order = 4,
};
