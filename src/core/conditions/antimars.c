/* antimars.c — AntiMars Circe (docs/rules/mars-circe.md §3).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece moves without capturing only as if from its rebirth square,
 * which must be vacant or the square it stands on; it captures as it
 * stands, and checks so.  The departure part (FeDeparture) does it all.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

static void
antimars_departure (const FeConditionParams *params, int id, FeDeparture *out)
{
  out->quiet = (FeDepartureRule) {
    .mode = FE_DEPART_REBIRTH,
    .kings = true,
    .rule = { .squares = fe_params_get (params, id, 1) },
  };
}

const FeConditionOps fe_condition_antimars = {
  .name = "antimars",
  .departure = antimars_departure,
};

static const FeConditionParamDesc antimars_params[] = {
  { .name = "antimars", .label = FE_N_("AntiMars Circe"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  FE_REBIRTH_STANDING_SQUARES_PARAM,
};

static const FeConditionKeyword antimars_keywords[] = {
  { "AntiMarsCirce", 0, 1, 0 },
  { "AntiMarsMirrorCirce", 1, FE_REBIRTH_MIRROR, 0 },
  { "AntiMarsAntipodeanCirce", 1, FE_REBIRTH_ANTIPODES, 0 },
  FE_REBIRTH_SQUARES_KEYWORDS (1),
};

const FeConditionClass fe_condition_class_antimars = {
  .name = "antimars",
  .label = FE_N_("AntiMars Circe"),
  .xml_element = "antimars",
  .params = antimars_params,
  .n_params = G_N_ELEMENTS (antimars_params),
  .validate = fe_departures_validate,
  .ops = &fe_condition_antimars,
  .popeye_keywords = antimars_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (antimars_keywords),
  .stage_label = FE_N_("the piece goes to its rebirth square"),
};
