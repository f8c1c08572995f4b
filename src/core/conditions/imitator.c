/* imitator.c — the imitator condition (to be implemented: see rules.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../condition.h"

const FeConditionOps fe_condition_imitator = {
  .name = "imitator",
  .effect_order = 1,
};
