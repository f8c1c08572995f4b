/* takemake.c — Take&Make chess (docs/rules/take-and-make.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A capture is completed by a move without capturing, from the capture's
 * arrival, by the walk of the piece captured; a capture with no such move
 * is none.  The second step is a declared part the core plays
 * (FeConditionOps.make_after_capture); check is plain attack.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

const FeConditionOps fe_condition_takemake = {
  .name = "takemake",
  .make_after_capture = true,
};

static const FeConditionParamDesc takemake_params[] = {
  { .name = "takemake", .label = FE_N_("Take&Make chess"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword takemake_keywords[] = {
  { "Take&MakeChess", 0, 1, 0 },
};

const FeConditionClass fe_condition_class_takemake = {
  .name = "takemake",
  .label = FE_N_("Take&Make chess"),
  .xml_element = "take-and-make",
  .params = takemake_params,
  .n_params = G_N_ELEMENTS (takemake_params),
  .validate = fe_departures_validate,
  .ops = &fe_condition_takemake,
  .popeye_keywords = takemake_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (takemake_keywords),
};
