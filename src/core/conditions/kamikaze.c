/* kamikaze.c — Kamikaze pieces (docs/rules/kamikaze.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A kamikaze piece that captures leaves the board with its victim.  Under
 * a condition that reborn captured pieces (a Circe: FeRules.captured_rebirth)
 * it goes instead to its own rebirth square by that rule, as an AntiCirce
 * capturer does, and vanishes if that square is taken.  Kamikaze pieces attack and check as usual; a kamikaze king
 * cannot capture.
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/rules/notation.h"
#include "circe.h"

static bool
circe_in_force (const FePosition *pos)
{
  return pos->rules->any_captured_rebirth;
}

static bool
kamikaze_capture (const FePosition *pos, const FeMove *m)
{
  return m->capture != FE_NO_SQUARE && (pos->board[m->from].attrs & FE_ATTR_KAMIKAZE);
}

/* A kamikaze king may not capture (kamikaze.md §2). */
static bool
kamikaze_move_allowed (const FePosition *pos, const FeMove *m)
{
  return !(kamikaze_capture (pos, m) && pos->board[m->from].walk == FE_WALK_KING);
}

/* Without a Circe a capturing kamikaze pawn leaves the board unpromoted:
 * one move (kamikaze.md §2). */
static bool
kamikaze_promotion_forbidden (const FePosition *pos, const FeMove *m)
{
  return kamikaze_capture (pos, m) && !circe_in_force (pos);
}

static bool
kamikaze_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  if (m->capture == FE_NO_SQUARE || (m->flags & FE_MOVE_PROMOTE_IMITATOR))
    return true;
  FePiece p = pos->board[m->to];
  if (!(p.attrs & FE_ATTR_KAMIKAZE))
    return true;
  fe_position_set (pos, undo, m->to, FE_PIECE_EMPTY);
  if (!circe_in_force (pos))
    return true;
  /* Its own rebirth square, read as if the other side had captured it
   * (Mirror applies); taken, the piece is just gone. */
  FeRebirthQuery q = { p, m->capture, pos->side, m, FE_PIECE_EMPTY };
  FeSquare sq = fe_rebirth_square (&pos->rules->captured_rebirth, pos->rules, &q);
  if (sq != FE_NO_SQUARE && !pos->board[sq].walk && fe_position_imitator_at (pos, sq) < 0)
    fe_position_set (pos, undo, sq, p);
  return true;
}

/* "[-wkRa5]" for a removal, "[wkRd5->h1]" for a transfer; nothing when
 * the piece found its square taken. */
static void
kamikaze_notate (GString *out, const FePosition *before, const FeMove *m,
                 const FePosition *after, const FeUndo *undo, int first, int end)
{
  (void) before;
  if (end <= first)
    return;
  FePiece gone = undo->changes[first].before;
  if (end - first >= 2)
    {
      FeSquare sq = undo->changes[end - 1].square;
      fe_circe_append_transfer (out, fe_notation_piece_at (after, undo, sq, end), m->to, sq);
    }
  else if (!circe_in_force (before))
    {
      g_string_append (out, "[-");
      fe_circe_append_piece (out, gone);
      g_string_append_c (out, 'a' + FE_FILE (m->to));
      g_string_append_c (out, '1' + FE_RANK (m->to));
      g_string_append_c (out, ']');
    }
}

/* Without a Circe the capturer is removed before any mutation of the mover
 * (docs/rules/effect-order.md §1 step 4); under one it is transferred
 * after it (step 7, as an AntiCirce capturer; kamikaze.md §3). */
static bool
kamikaze_removes_mover (const FePosition *pos, const FeMove *m)
{
  return kamikaze_capture (pos, m) && !circe_in_force (pos);
}

#define KAMIKAZE_OPS(order)                           \
  {                                                   \
    .name = "kamikaze",                               \
    .move_allowed = kamikaze_move_allowed,            \
    .promotion_forbidden = kamikaze_promotion_forbidden, \
    .removes_mover = kamikaze_removes_mover,          \
    .after_displacement = kamikaze_after_displacement, \
    .effect_order = (order),                          \
    .notate = kamikaze_notate,                        \
  }
const FeConditionOps fe_condition_kamikaze = KAMIKAZE_OPS (FE_EFFECT_TRANSFER);
static const FeConditionOps kamikaze_removal_ops = KAMIKAZE_OPS (FE_EFFECT_REMOVAL);

static const FeConditionOps *
kamikaze_ops (const FeRules *rules, const FeConditionParams *params, int id)
{
  (void) params;
  (void) id;
  return rules->any_captured_rebirth ? &fe_condition_kamikaze : &kamikaze_removal_ops;
}

static const FeConditionParamDesc kamikaze_params[] = {
  { .name = "kamikaze", .label = FE_N_("Kamikaze pieces"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword kamikaze_keywords[] = {
  { "KamikazePieces", 0, 1, FE_KEYWORD_EXTENSION },
};

/* Popeye's word and order; a dotted red frame. */
static const FeAttributeDesc kamikaze_attribute = {
  .bit = FE_ATTR_KAMIKAZE,
  .name = "kamikaze",
  .label = FE_N_("Kamikaze"),
  .popeye_word = "Kamikaze",
  .popeye_header = "Kamikaze",
  .prefix = "k",
  .prefix_order = 3,
  .fen_prefix = '&',
  .frame = FE_FRAME_DOTTED,
  .frame_rgb = { 200, 30, 45 },
  .palette_tooltip = FE_N_("Kamikaze pieces stand on a dotted red frame"),
};

const FeConditionClass fe_condition_class_kamikaze = {
  .name = "kamikaze",
  .label = FE_N_("Kamikaze pieces"),
  .xml_element = "kamikaze",
  .params = kamikaze_params,
  .n_params = G_N_ELEMENTS (kamikaze_params),
  .ops = &fe_condition_kamikaze,
  .ops_for = kamikaze_ops,
  .popeye_keywords = kamikaze_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (kamikaze_keywords),
  .attribute = &kamikaze_attribute,
  .attribute_only = true,
  .stage_label = FE_N_("the kamikaze piece leaves"),
};
