/* phantom.c — Phantom chess (docs/rules/mars-circe.md §4).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece other than a king moves and captures as it stands, or as if
 * from its rebirth square (vacant) to a square its own moves do not reach;
 * it checks both ways.  The departure part (FeDeparture) does it all.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

static void
phantom_departure (const FeConditionParams *params, int id, FeDeparture *out)
{
  FeDepartureRule rule = {
    .mode = FE_DEPART_BOTH,
    .kings = false,
    .new_arrivals = true,
    .rule = { .squares = fe_params_get (params, id, 1) },
  };
  out->captures = rule;
  out->quiet = rule;
}

const FeConditionOps fe_condition_phantom = {
  .name = "phantom",
  .departure = phantom_departure,
};

static const FeConditionParamDesc phantom_params[] = {
  { .name = "phantom", .label = FE_N_("Phantom chess"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  FE_REBIRTH_STANDING_SQUARES_PARAM,
};

static const FeConditionKeyword phantom_keywords[] = {
  { "PhantomChess", 0, 1, 0 },
  FE_REBIRTH_SQUARES_KEYWORDS (1),
};

const FeConditionClass fe_condition_class_phantom = {
  .name = "phantom",
  .label = FE_N_("Phantom chess"),
  .xml_element = "phantom",
  .params = phantom_params,
  .n_params = G_N_ELEMENTS (phantom_params),
  .validate = fe_departures_validate,
  .ops = &fe_condition_phantom,
  .popeye_keywords = phantom_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (phantom_keywords),
  .stage_label = FE_N_("the piece goes to its rebirth square"),
};
