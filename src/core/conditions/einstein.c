/* einstein.c — Einstein chess and its variants (docs/rules/einstein.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After its displacement the moved piece steps along a value chain (chain.h):
 *   Einstein:   capture up,        non-capture down;
 *   Reverse:    capture down,      non-capture up;
 *   Anti:       capture no change, non-capture down.
 * Kings never change; a castling rook made a non-capturing move.  Promotions
 * are abolished unless "Einstein with promotions" is on (D29: then a
 * promotion replaces the mutation on that move).  One-side Einstein (D31)
 * leaves the other side orthodox.  Pawns on their own first rank step 1–3
 * squares (pions dépaysés); make.c already opens e.p. on every passed square.
 */
#include <glib.h>

#include "core/rules/chain.h"
#include "core/rules/condition.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

/* Bits of FeMove.choice holding the fairy walk an Einstein step leads to. */
#define EINSTEIN_CHOICE_SHIFT 0
#define EINSTEIN_CHOICE_BITS 6
/* Six bits hold any fairy set: no choice is ever cut off. */
G_STATIC_ASSERT (FE_WALK_COUNT <= 1 << EINSTEIN_CHOICE_BITS);

/* Does `side` play Einstein chess? */
static bool
applies_to (const FePosition *pos, int side)
{
  const FeConditionParams *c = &pos->rules->params;
  if (c->FE_P_EINSTEIN == FE_EINSTEIN_NONE)
    return false;
  switch (c->FE_P_EINSTEIN_SIDE)
    {
    case FE_EINSTEIN_WHITE_ONLY: return side == FE_WHITE;
    case FE_EINSTEIN_BLACK_ONLY: return side == FE_BLACK;
    default: return true;
    }
}

/* Does the side making the move play Einstein chess? */
static bool
applies (const FePosition *pos)
{
  return applies_to (pos, pos->side);
}

/* Pions dépaysés move only for the Einstein side: the other side plays
 * orthodox chess (docs/rules/common-model.md §5.2; einstein.md §3.5, D31). */
static int
einstein_pawns_from_first_rank (const FePosition *pos, int side)
{
  return applies_to (pos, side) ? 3 : 0;
}

/* The chain a move uses; false when the moved piece does not change. */
static bool
direction (const FePosition *pos, const FeMove *m, FeChainDirection *dir)
{
  /* D29: a promotion replaces the mutation (only reachable when promotions
   * are allowed); a pawn that became an imitator is gone. */
  if (m->flags & (FE_MOVE_PROMOTION | FE_MOVE_PROMOTE_IMITATOR | FE_MOVE_NULL))
    return false;
  bool capture = m->capture != FE_NO_SQUARE;
  switch (pos->rules->params.FE_P_EINSTEIN)
    {
    case FE_EINSTEIN_NORMAL:
      *dir = capture ? FE_CHAIN_UP : FE_CHAIN_DOWN;
      return true;
    case FE_EINSTEIN_REVERSE:
      *dir = capture ? FE_CHAIN_DOWN : FE_CHAIN_UP;
      return true;
    case FE_EINSTEIN_ANTI:
      *dir = FE_CHAIN_DOWN;
      return !capture;
    default:
      return false;
    }
}

static bool
is_castling (const FeMove *m)
{
  return (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG)) != 0;
}

static bool
einstein_promotion_forbidden (const FePosition *pos, const FeMove *move)
{
  (void) move;
  return applies (pos) && !pos->rules->params.FE_P_EINSTEIN_PROMOTIONS;
}

static int
einstein_choice_count (const FePosition *pos, const FeMove *m)
{
  FeChainDirection dir;
  /* A castling rook goes R→B or R→Q: never a choice. */
  if (!applies (pos) || is_castling (m) || !direction (pos, m, &dir))
    return 1;
  int n = fe_chain_alternatives (pos->rules, pos->board[m->from].walk, dir);
  return MAX (n, 1);
}

static void
mutate (FePosition *pos, FeUndo *undo, FeSquare sq, FeChainDirection dir, int choice)
{
  FePiece p = pos->board[sq];
  /* A mover that left the board (a kamikaze piece) has nothing to mutate. */
  if (!p.walk)
    return;
  int walk = fe_chain_step (pos->rules, p.walk, dir, choice);
  if (walk == p.walk)
    return;
  p.walk = walk;
  fe_position_set (pos, undo, sq, p);
}

static bool
einstein_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  FeChainDirection dir;
  if (!applies (pos) || !direction (pos, m, &dir))
    return true;
  if (is_castling (m))
    {
      /* The king never changes; the rook made a non-capturing move. */
      FeSquare rook_to = FE_SQ ((m->flags & FE_MOVE_CASTLE_SHORT) ? 5 : 3, FE_RANK (m->to));
      mutate (pos, undo, rook_to, dir, 0);
      return true;
    }
  mutate (pos, undo, m->to, dir,
          FE_CHOICE_DIGIT (m->choice, EINSTEIN_CHOICE_SHIFT, EINSTEIN_CHOICE_BITS));
  return true;
}

/* The mover's walk after its move: one step up or down the chain (every
 * fairy choice), or unchanged where the step leaves it (kings, F). */
static uint64_t
einstein_walks_after_move (const FeRules *rules, int side, int walk)
{
  FePosition probe = { .rules = rules, .side = (uint8_t) side };
  if (!applies (&probe))
    return 0;
  uint64_t walks = 0;
  for (int dir = FE_CHAIN_UP; dir <= FE_CHAIN_DOWN; dir++)
    {
      int n = fe_chain_alternatives (rules, walk, dir);
      if (n == 0)
        walks |= UINT64_C (1) << walk;
      for (int c = 0; c < n; c++)
        walks |= UINT64_C (1) << fe_chain_step (rules, walk, dir, c);
    }
  /* Anti-Einstein leaves a capturing piece as it is. */
  if (rules->params.FE_P_EINSTEIN == FE_EINSTEIN_ANTI)
    walks |= UINT64_C (1) << walk;
  return walks;
}

static bool
einstein_mating_net (const FeRules *rules, FeMatingNetTraits *traits)
{
  (void) rules;
  traits->walks_after_move = einstein_walks_after_move;
  return true;
}

const FeConditionOps fe_condition_einstein = {
  .name = "einstein",
  .mating_net = einstein_mating_net,
  .promotion_forbidden = einstein_promotion_forbidden,
  .choice_count = einstein_choice_count,
  .choice_shift = EINSTEIN_CHOICE_SHIFT,
  .pawns_from_first_rank = einstein_pawns_from_first_rank,
  .after_displacement = einstein_after_displacement,
  .effect_order = FE_EFFECT_MUTATION,
  .mutates_mover = true,
};

static const FeConditionParamDesc einstein_params[] = {
  /* The switch is the variant (FeEinsteinVariant, 0: off). */
  { .name = "variant", .label = FE_N_("Einstein chess"), .type = FE_PARAM_ENUM, .n_values = 4,
    .xml_attribute = "variant",
    .xml_values = (const char *const[]) { "none", "normal", "reverse", "anti" },
    .xml_default = FE_EINSTEIN_NORMAL,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("normal"), FE_N_("reverse"),
                                            FE_N_("anti") } },
  { .name = "side", .label = FE_N_("Applies to"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" },
    .value_labels = (const char *const[]) { FE_N_("both"), FE_N_("White"), FE_N_("Black") } },
  { .name = "promotions", .label = FE_N_("Einstein with promotions"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "promotions", .xml_values = (const char *const[]) { "false", "true" } },
};

/* The one-side and promotion words are Féerie's (WinChloe's variants) and
 * modify an Einstein chess the problem must also name. */
static const FeConditionKeyword einstein_keywords[] = {
  { "EinsteinChess", 0, FE_EINSTEIN_NORMAL, 0 },
  { "ReversalEinsteinChess", 0, FE_EINSTEIN_REVERSE, 0 },
  { "AntiEinsteinChess", 0, FE_EINSTEIN_ANTI, 0 },
  { "EinsteinWhiteOnly", 1, FE_EINSTEIN_WHITE_ONLY, FE_KEYWORD_EXTENSION | FE_KEYWORD_NEEDS_SWITCH },
  { "EinsteinBlackOnly", 1, FE_EINSTEIN_BLACK_ONLY, FE_KEYWORD_EXTENSION | FE_KEYWORD_NEEDS_SWITCH },
  { "EinsteinPromotions", 2, 1, FE_KEYWORD_EXTENSION | FE_KEYWORD_NEEDS_SWITCH },
};

static gboolean
einstein_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                   GError **error)
{
  (void) diagram;
  if (fe_params_get (params, id, 0) > FE_EINSTEIN_ANTI
      || fe_params_get (params, id, 1) > FE_EINSTEIN_BLACK_ONLY)
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                           _ ("unknown Einstein chess variant"));
      return FALSE;
    }
  return TRUE;
}

/* The caption says every setting: "Reverse Einstein, White only, with
 * promotions"; the solver prints the words as read. */
static void
einstein_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                   const FeDescribeStyle *style, GPtrArray *lines)
{
  if (!style->caption)
    {
      fe_condition_describe_default (id, params, diagram, style, lines);
      return;
    }
  static const char *const variants[] = { NULL, FE_N_("Einstein chess"), FE_N_("Reverse Einstein"),
                                          FE_N_("Anti-Einstein") };
  static const char *const sides[] = { NULL, FE_N_("White only"), FE_N_("Black only") };
  int variant = params->FE_P_EINSTEIN, side = params->FE_P_EINSTEIN_SIDE;
  if (variant < 1 || variant > FE_EINSTEIN_ANTI)
    variant = FE_EINSTEIN_NORMAL; /* a modifier alone still means Einstein */
  GString *s = g_string_new (style->translate (variants[variant]));
  if (side >= FE_EINSTEIN_WHITE_ONLY && side <= FE_EINSTEIN_BLACK_ONLY)
    g_string_append_printf (s, ", %s", style->translate (sides[side]));
  if (params->FE_P_EINSTEIN_PROMOTIONS)
    g_string_append_printf (s, ", %s", style->translate (FE_N_("with promotions")));
  g_ptr_array_add (lines, g_string_free (s, FALSE));
}

const FeConditionClass fe_condition_class_einstein = {
  .name = "einstein",
  .label = FE_N_("Einstein chess"),
  .xml_element = "einstein",
  .params = einstein_params,
  .n_params = G_N_ELEMENTS (einstein_params),
  .validate = einstein_validate,
  .describe = einstein_describe,
  .stage_label = FE_N_("Einstein mutation"),
  .ops = &fe_condition_einstein,
  .popeye_keywords = einstein_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (einstein_keywords),
};
