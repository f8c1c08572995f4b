/* anticirce.c — AntiCirce, Calvet and Cheylan (docs/rules/anticirce.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The victim of a capture is gone for good; the capturer is sent to its
 * own Circe rebirth square (by its walk once promoted or mutated, and the
 * capture square), and the capture is illegal where that square is taken.
 * Calvet lets a piece capture on its own rebirth square and stay; Cheylan
 * forbids it.  A king is in check only by a capture that could be played
 * (the legal-capture kind, anticirce.md §3).
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/rules/notation.h"
#include "circe.h"
#include "core/model/fe-i18n.h"

typedef enum {
  ANTICIRCE_OFF = 0,
  ANTICIRCE_CALVET,
  ANTICIRCE_CHEYLAN,
} AntiCirceType;

static bool
anticirce_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  if (m->capture == FE_NO_SQUARE || (m->flags & FE_MOVE_PROMOTE_IMITATOR))
    return true;
  FePiece capturer = pos->board[m->to];
  if (!capturer.walk)
    return true;
  /* Its own column; a neutral capturer is reborn for the side that moved
   * it (anticirce.md §2). */
  FeSquare sq = fe_circe_home_square (capturer.walk, m->capture, pos->side);
  if (sq == m->to)
    {
      if (pos->rules->params.v[FE_COND_ANTICIRCE][0] == ANTICIRCE_CHEYLAN)
        return false;
      /* Calvet: it stays, and the transfer is written all the same. */
      fe_position_set (pos, undo, sq, capturer);
      return true;
    }
  if (pos->board[sq].walk || fe_position_imitator_at (pos, sq) >= 0)
    return false;
  fe_position_set (pos, undo, m->to, FE_PIECE_EMPTY);
  fe_position_set (pos, undo, sq, capturer);
  return true;
}

static bool
anticirce_check_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return fe_capture_playable (pos, path, NULL);
}

/* "[wRh1->h1]": the capturer's last write is on its rebirth square. */
static void
anticirce_notate (GString *out, const FePosition *before, const FeMove *m,
                  const FePosition *after, const FeUndo *undo, int first, int end)
{
  (void) before;
  if (end <= first)
    return;
  FeSquare sq = undo->changes[end - 1].square;
  fe_circe_append_transfer (out, fe_notation_piece_at (after, undo, sq, end), m->to, sq);
}

const FeConditionOps fe_condition_anticirce = {
  .name = "anticirce",
  .check_allowed = anticirce_check_allowed,
  .after_displacement = anticirce_after_displacement,
  .effect_order = FE_EFFECT_TRANSFER,
  .notate = anticirce_notate,
};

static const FeConditionParamDesc anticirce_params[] = {
  { .name = "type", .label = FE_N_("AntiCirce"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "type", .xml_values = (const char *const[]) { "none", "calvet", "cheylan" },
    .xml_default = ANTICIRCE_CALVET,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("Calvet"), FE_N_("Cheylan") } },
};

static const FeConditionKeyword anticirce_keywords[] = {
  { "AntiCirce", 0, ANTICIRCE_CALVET, 0 },
  { "Calvet", 0, ANTICIRCE_CALVET, FE_KEYWORD_AFTER_SWITCH },
  { "Cheylan", 0, ANTICIRCE_CHEYLAN, FE_KEYWORD_AFTER_SWITCH },
  { "Mirror", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Diagram", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "File", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Symmetry", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Antipodes", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Equipollents", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Couscous", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Clone", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
};

/* Popeye refuses kamikaze pieces with AntiCirce (docs/rules/anticirce.md §4,
 * combinations.md §4). */
static gboolean
anticirce_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                    GError **error)
{
  if (!fe_params_on (params, id))
    return TRUE;
  if (fe_params_on (params, FE_COND_KAMIKAZE)
      || (diagram && fe_position_has_attribute (diagram, FE_ATTR_KAMIKAZE)))
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("AntiCirce with kamikaze pieces is undefined (Popeye refuses it)"));
      return FALSE;
    }
  return TRUE;
}

static void
anticirce_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                    const FeDescribeStyle *style, GPtrArray *lines)
{
  (void) diagram;
  bool cheylan = fe_params_get (params, id, 0) == ANTICIRCE_CHEYLAN;
  if (style->caption)
    g_ptr_array_add (lines, g_strdup (style->translate (cheylan ? FE_N_("AntiCirce Cheylan")
                                                                : FE_N_("AntiCirce"))));
  else
    g_ptr_array_add (lines, g_strdup (cheylan ? "AntiCirce Cheylan" : "AntiCirce"));
}

const FeConditionClass fe_condition_class_anticirce = {
  .name = "anticirce",
  .label = FE_N_("AntiCirce"),
  .xml_element = "anticirce",
  .params = anticirce_params,
  .n_params = G_N_ELEMENTS (anticirce_params),
  .validate = anticirce_validate,
  .describe = anticirce_describe,
  .ops = &fe_condition_anticirce,
  .popeye_keywords = anticirce_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (anticirce_keywords),
  .stage_label = FE_N_("the capturer goes to its rebirth square"),
};
