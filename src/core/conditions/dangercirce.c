/* dangercirce.c — Danger Circe (docs/rules/danger-circe.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece the other side attacks may, besides its own moves, go to its
 * Circe rebirth square (as if it were captured where it stands): to an
 * empty one, or taking the other side's piece there.  Nothing is reborn.
 * The move is a declared part the core plays (escape_when_attacked),
 * check included: a king on such a square is in check.
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

static bool
danger_escape (const FeConditionParams *params, int id, FeRebirthRule *out)
{
  if (!fe_params_get (params, id, 0))
    return false;
  *out = (FeRebirthRule) { .squares = FE_REBIRTH_CIRCE };
  return true;
}

/* Not with the imitators (fe_departures_validate), nor with another part
 * that reshapes moves (departures, a step added to captures): what an
 * escape would be there no source says (D68). */
static gboolean
dangercirce_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                      GError **error)
{
  if (!fe_departures_validate (params, id, diagram, error))
    return FALSE;
  if (!fe_params_on (params, id))
    return TRUE;
  for (int k = 0; k < fe_condition_count (); k++)
    {
      const FeConditionOps *ops = fe_condition_nth (k)->ops;
      if (k == id || !ops || !fe_condition_in_force (k, params, diagram))
        continue;
      if (ops->departure || ops->make_after_capture || ops->make_before_capture)
        {
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                       _ ("%s with %s is not supported"), _ (fe_condition_nth (id)->label),
                       _ (fe_condition_nth (k)->label));
          return FALSE;
        }
    }
  return TRUE;
}

const FeConditionOps fe_condition_dangercirce = {
  .name = "dangercirce",
  .escape_when_attacked = danger_escape,
};

static const FeConditionParamDesc dangercirce_params[] = {
  { .name = "dangercirce", .label = FE_N_("Danger Circe"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword dangercirce_keywords[] = {
  { "DangerCirce", 0, 1, 0 },
};

const FeConditionClass fe_condition_class_dangercirce = {
  .name = "dangercirce",
  .label = FE_N_("Danger Circe"),
  .xml_element = "danger-circe",
  .params = dangercirce_params,
  .n_params = G_N_ELEMENTS (dangercirce_params),
  .validate = dangercirce_validate,
  .ops = &fe_condition_dangercirce,
  .popeye_keywords = dangercirce_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (dangercirce_keywords),
};
