/* einstein.c — the einstein condition (to be implemented: see rules.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../condition.h"

const FeConditionOps fe_condition_einstein = {
  .name = "einstein",
  .effect_order = 2,
};
