/* bicaptures.c — Bicaptures (docs/rules/bicaptures.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any piece may capture the pieces of its own side, but not its king, as
 * well as the other side's.  A declared part the generator reads
 * (FeConditionOps.captures_own); check is the ordinary attack on a king,
 * which its own side never captures.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

const FeConditionOps fe_condition_bicaptures = {
  .name = "bicaptures",
  .captures_own = true,
};

static const FeConditionParamDesc bicaptures_params[] = {
  { .name = "bicaptures", .label = FE_N_("Bicaptures"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword bicaptures_keywords[] = {
  { "Bicaptures", 0, 1, 0 },
};

const FeConditionClass fe_condition_class_bicaptures = {
  .name = "bicaptures",
  .label = FE_N_("Bicaptures"),
  .xml_element = "bicaptures",
  .params = bicaptures_params,
  .n_params = G_N_ELEMENTS (bicaptures_params),
  /* Alone: every other part reads a capture as one of the other side's
   * pieces (D70). */
  .validate = fe_condition_validate_alone,
  .ops = &fe_condition_bicaptures,
  .popeye_keywords = bicaptures_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (bicaptures_keywords),
};
