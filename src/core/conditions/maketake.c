/* maketake.c — Make&Take chess (docs/rules/make-and-take.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A capture is prepared by a move without capturing, from the capturer's
 * square, by the walk of the piece to be captured; the capturer then takes
 * it from there by its own walk.  The first step is a declared part the
 * core plays (FeConditionOps.make_before_capture), check included.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

const FeConditionOps fe_condition_maketake = {
  .name = "maketake",
  .make_before_capture = true,
};

static const FeConditionParamDesc maketake_params[] = {
  { .name = "maketake", .label = FE_N_("Make&Take chess"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword maketake_keywords[] = {
  { "Make&TakeChess", 0, 1, 0 },
};

const FeConditionClass fe_condition_class_maketake = {
  .name = "maketake",
  .label = FE_N_("Make&Take chess"),
  .xml_element = "make-and-take",
  .params = maketake_params,
  .n_params = G_N_ELEMENTS (maketake_params),
  .validate = fe_departures_validate,
  .ops = &fe_condition_maketake,
  .popeye_keywords = maketake_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (maketake_keywords),
  .stage_label = FE_N_("the capturer moves as the piece it takes"),
};
