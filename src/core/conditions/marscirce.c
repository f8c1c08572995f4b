/* marscirce.c — Mars Circe (docs/rules/mars-circe.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece captures only as if from its rebirth square, which must be
 * vacant or the square it stands on; its other moves are its own.  Check
 * is such a capture of the king.  All of it is the departure part
 * (FeDeparture): this file only declares it.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

static void
mars_departure (const FeConditionParams *params, int id, FeDeparture *out)
{
  out->captures = (FeDepartureRule) {
    .mode = FE_DEPART_REBIRTH,
    .kings = !fe_params_get (params, id, 2),
    .rule = { .squares = fe_params_get (params, id, 1) },
  };
}

const FeConditionOps fe_condition_marscirce = {
  .name = "marscirce",
  .departure = mars_departure,
};

static const FeConditionParamDesc mars_params[] = {
  { .name = "marscirce", .label = FE_N_("Mars Circe"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  FE_REBIRTH_STANDING_SQUARES_PARAM,
  { .name = "rex-exclusive", .label = FE_N_("Rex exclusive (kings capture as they stand)"),
    .type = FE_PARAM_BOOL, .n_values = 2, .xml_attribute = "rex-exclusive",
    .xml_values = (const char *const[]) { "false", "true" } },
};

static const FeConditionKeyword mars_keywords[] = {
  { "MarsCirce", 0, 1, 0 },
  { "MarsMirrorCirce", 1, FE_REBIRTH_MIRROR, 0 },
  FE_REBIRTH_SQUARES_KEYWORDS (1),
  { "RexExclusive", 2, 1, FE_KEYWORD_AFTER_SWITCH },
  { "RexInclusive", 2, 0, FE_KEYWORD_AFTER_SWITCH },
};

const FeConditionClass fe_condition_class_marscirce = {
  .name = "marscirce",
  .label = FE_N_("Mars Circe"),
  .xml_element = "marscirce",
  .params = mars_params,
  .n_params = G_N_ELEMENTS (mars_params),
  .validate = fe_departures_validate,
  .ops = &fe_condition_marscirce,
  .popeye_keywords = mars_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (mars_keywords),
  .stage_label = FE_N_("the piece goes to its rebirth square"),
};
