/* andernach.c — Andernach and AntiAndernach chess (docs/rules/andernach.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Andernach: a piece that captures takes the colour of the side that did
 * not move.  AntiAndernach: a piece that moves without capturing does.
 * Kings and neutral pieces never change; check is plain attack.
 */
#include <string.h>

#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/rules/notation.h"

typedef enum {
  ANDERNACH_OFF = 0,
  ANDERNACH_ON,
  ANDERNACH_ANTI,
} AndernachType;

static bool
andernach_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  bool capture = m->capture != FE_NO_SQUARE;
  bool anti = pos->rules->params.v[FE_COND_ANDERNACH][0] == ANDERNACH_ANTI;
  /* In castling only the king moves, as far as AntiAndernach goes. */
  if (capture == anti || (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_NULL)))
    return true;
  FeSquare sq = fe_mover_square (pos, m, undo);
  if (sq == FE_NO_SQUARE)
    return true;
  FePiece p = pos->board[sq];
  if (p.walk == FE_WALK_KING || p.colour == FE_NEUTRAL)
    return true;
  p.colour = FE_OPPONENT (p.colour);
  fe_position_set (pos, undo, sq, p);
  return true;
}

/* "=b" after the text written last: the move, or inside a transfer's
 * bracket ("[wSc2->b1=b]"). */
static void
andernach_notate (GString *out, const FePosition *before, const FeMove *m,
                  const FePosition *after, const FeUndo *undo, int first, int end)
{
  (void) before;
  (void) m;
  if (end <= first)
    return;
  FePiece p = fe_notation_piece_at (after, undo, undo->changes[first].square, end);
  const char *mark = p.colour == FE_WHITE ? "=w" : "=b";
  const char *open = strrchr (out->str, '[');
  if (out->len && out->str[out->len - 1] == ']' && open && strstr (open, "->"))
    g_string_insert (out, out->len - 1, mark);
  else
    g_string_append (out, mark);
}

const FeConditionOps fe_condition_andernach = {
  .name = "andernach",
  .after_displacement = andernach_after_displacement,
  .effect_order = FE_EFFECT_MOVER_COLOUR,
  .notate = andernach_notate,
};

static const FeConditionParamDesc andernach_params[] = {
  { .name = "variant", .label = FE_N_("Andernach chess"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "variant", .xml_values = (const char *const[]) { "none", "andernach", "anti" },
    .xml_default = ANDERNACH_ON,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("Andernach"),
                                            FE_N_("AntiAndernach") } },
};

static const FeConditionKeyword andernach_keywords[] = {
  { "AndernachChess", 0, ANDERNACH_ON, 0 },
  { "AntiAndernachChess", 0, ANDERNACH_ANTI, 0 },
};

static void
andernach_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                    const FeDescribeStyle *style, GPtrArray *lines)
{
  (void) diagram;
  bool anti = fe_params_get (params, id, 0) == ANDERNACH_ANTI;
  if (style->caption)
    g_ptr_array_add (lines, g_strdup (style->translate (anti ? FE_N_("AntiAndernach chess")
                                                             : FE_N_("Andernach chess"))));
  else
    g_ptr_array_add (lines, g_strdup (anti ? "AntiAndernachChess" : "AndernachChess"));
}

const FeConditionClass fe_condition_class_andernach = {
  .name = "andernach",
  .label = FE_N_("Andernach chess"),
  .xml_element = "andernach",
  .params = andernach_params,
  .n_params = G_N_ELEMENTS (andernach_params),
  .describe = andernach_describe,
  .ops = &fe_condition_andernach,
  .popeye_keywords = andernach_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (andernach_keywords),
  .stage_label = FE_N_("the mover changes colour"),
};
