/* madrasi.c — the madrasi condition (to be implemented: see rules.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../condition.h"

const FeConditionOps fe_condition_madrasi = {
  .name = "madrasi",
  .effect_order = 0,
};
