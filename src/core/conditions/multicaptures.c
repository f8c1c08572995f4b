/* multicaptures.c — MultiCaptures (docs/rules/multicaptures.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece may be captured only when two moves or more could capture it:
 * a capture stands only where another move of the side captures on the
 * same square.  So a king is in check only when attacked twice.  For
 * both sides, or for one ("MultiCaptures White": White's captures and
 * checks).  A filter of the whole list (FeConditionOps.filter_list).
 */
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

enum { MULTI_BOTH = 0, MULTI_WHITE, MULTI_BLACK };

static bool
applies_to (const FePosition *pos, int side)
{
  int who = pos->rules->params.v[FE_COND_MULTICAPTURES][1];
  return who == MULTI_BOTH || who == (side == FE_WHITE ? MULTI_WHITE : MULTI_BLACK);
}

/* Another capture of the same square, from elsewhere or to elsewhere (a
 * pawn's promotions and a condition's choices are one capture). */
static bool
captured_twice (const FeMoveList *list, const FeMove *m)
{
  for (int i = 0; i < list->count; i++)
    {
      const FeMove *o = &list->moves[i];
      if (o->capture == m->capture && (o->from != m->from || o->to != m->to))
        return true;
    }
  return false;
}

static void
multicaptures_filter_list (const FePosition *pos, FeMoveList *list)
{
  if (!applies_to (pos, pos->side))
    return;
  /* Judged on the list as generated: mark, then compact. */
  bool keep[list->count > 0 ? list->count : 1];
  for (int i = 0; i < list->count; i++)
    keep[i] = list->moves[i].capture == FE_NO_SQUARE || captured_twice (list, &list->moves[i]);
  int n = 0;
  for (int i = 0; i < list->count; i++)
    if (keep[i])
      list->moves[n++] = list->moves[i];
  list->count = n;
}

const FeConditionOps fe_condition_multicaptures = {
  .name = "multicaptures",
  .filter_list = multicaptures_filter_list,
};

static const FeConditionParamDesc multicaptures_params[] = {
  { .name = "multicaptures", .label = FE_N_("MultiCaptures"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  { .name = "side", .label = FE_N_("For"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" },
    .value_labels = (const char *const[]) { FE_N_("both sides"), FE_N_("White"), FE_N_("Black") } },
};

static const FeConditionKeyword multicaptures_keywords[] = {
  { "MultiCaptures", 0, 1, 0 },
  { "White", 1, MULTI_WHITE, FE_KEYWORD_AFTER_SWITCH },
  { "Black", 1, MULTI_BLACK, FE_KEYWORD_AFTER_SWITCH },
};

static void
multicaptures_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                        const FeDescribeStyle *style, GPtrArray *lines)
{
  (void) diagram;
  int who = fe_params_get (params, id, 1);
  static const char *const words[3] = { "MultiCaptures", "MultiCaptures White", "MultiCaptures Black" };
  static const char *const captions[3] = { FE_N_("MultiCaptures"), FE_N_("MultiCaptures (White)"),
                                           FE_N_("MultiCaptures (Black)") };
  who = who < 3 ? who : 0;
  g_ptr_array_add (lines, g_strdup (style->caption ? style->translate (captions[who]) : words[who]));
}

const FeConditionClass fe_condition_class_multicaptures = {
  .name = "multicaptures",
  .label = FE_N_("MultiCaptures"),
  .xml_element = "multicaptures",
  .params = multicaptures_params,
  .n_params = G_N_ELEMENTS (multicaptures_params),
  /* Alone: a capture judged among all the side's would meet every other
   * part's own reading of a capture (D69). */
  .validate = fe_condition_validate_alone,
  .describe = multicaptures_describe,
  .ops = &fe_condition_multicaptures,
  .popeye_keywords = multicaptures_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (multicaptures_keywords),
};
