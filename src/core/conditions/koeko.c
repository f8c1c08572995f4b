/* koeko.c — KoeKo (docs/rules/koeko.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is legal only if every piece that moved ends next to another
 * piece, in the position once every effect is done (reborn pieces count).
 * A king is in check only by a capture that would itself be legal.
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

static bool
in_contact (const FePosition *pos, FeSquare sq)
{
  static const int around[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
  for (int i = 0; i < 8; i++)
    {
      int n = sq + around[i];
      if (!(n & 0x88) && pos->board[n].walk)
        return true;
    }
  return false;
}

static bool
koeko_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  /* Castling: king and rook always touch each other. */
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
    return true;
  FeSquare sq = fe_mover_square (pos, m, undo);
  /* A piece that left the board (kamikaze) is not tested. */
  return sq == FE_NO_SQUARE || in_contact (pos, sq);
}

static bool
koeko_check_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return fe_capture_playable (pos, path, NULL);
}

const FeConditionOps fe_condition_koeko = {
  .name = "koeko",
  .check_allowed = koeko_check_allowed,
  .after_displacement = koeko_after_displacement,
  .effect_order = FE_EFFECT_LEGALITY,
};

static const FeConditionParamDesc koeko_params[] = {
  { .name = "koeko", .label = FE_N_("KoeKo"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword koeko_keywords[] = {
  { "KoeKo", 0, 1, 0 },
};

/* Popeye: "conditions too fairy for imitator" (koeko.md §4,
 * docs/rules/combinations.md §4). */
static gboolean
koeko_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                GError **error)
{
  if (fe_params_on (params, id)
      && (fe_params_on (params, FE_COND_IMITATOR) || (diagram && diagram->n_imitators)))
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("KoeKo with imitators is undefined (Popeye refuses it)"));
      return FALSE;
    }
  return TRUE;
}

const FeConditionClass fe_condition_class_koeko = {
  .name = "koeko",
  .label = FE_N_("KoeKo"),
  .xml_element = "koeko",
  .params = koeko_params,
  .n_params = G_N_ELEMENTS (koeko_params),
  .validate = koeko_validate,
  .ops = &fe_condition_koeko,
  .popeye_keywords = koeko_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (koeko_keywords),
};
