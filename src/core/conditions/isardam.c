/* isardam.c — Isardam, type A and B, and Rex inclusive
 * (docs/rules/isardam.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is illegal if, once every effect is done, some piece is observed
 * by an enemy piece of its own walk (Madrasi's observation, but forbidden
 * instead of freezing).  Kings take part only with Rex inclusive.  Type A
 * (the default) counts a check only when the capture of the king would
 * itself pass that test; type B counts every attack.
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/model/fe-i18n.h"

#define ISARDAM_TYPE_B(rules) ((rules)->params.v[FE_COND_ISARDAM][1])
#define ISARDAM_REX_INCLUSIVE(rules) ((rules)->params.v[FE_COND_ISARDAM][2])

/* En passant observation (isardam.md §2), as Madrasi has it
 * (docs/rules/madrasi.md §5): the pawn that just made a multi-step counts
 * as observed by each enemy pawn that could take it e.p. */
static bool
ep_observed (const FePosition *pos, const FeMove *m)
{
  if (!(m->flags & FE_MOVE_MULTI_STEP))
    return false;
  FePiece pawn = pos->board[m->to];
  if (pawn.walk != FE_WALK_PAWN)
    return false;
  int step = m->to > m->from ? 16 : -16;
  for (int sq = m->from + step; sq != m->to; sq += step)
    for (int k = -1; k <= 1; k += 2)
      {
        /* An enemy pawn moves the other way: it captures onto sq from one
         * rank beyond it. */
        int from = sq + step + k;
        if (from & 0x88)
          continue;
        /* Only the other side than the mover's (pos->side during the
         * move) may take e.p., and only a pawn it may capture. */
        FePiece p = pos->board[from];
        int capturer = FE_OPPONENT (pos->side);
        if (p.walk == FE_WALK_PAWN && fe_piece_playable_by (p, capturer)
            && fe_piece_capturable_by (pawn, capturer))
          return true;
      }
  return false;
}

static bool
observed_by_same_walk (const FePosition *pos, FeSquare sq)
{
  FePiece p = pos->board[sq];
  if (p.colour == FE_NEUTRAL)
    return fe_square_observed_by_filtered (pos, sq, FE_WHITE, p.walk, NULL, NULL)
           || fe_square_observed_by_filtered (pos, sq, FE_BLACK, p.walk, NULL, NULL);
  return fe_square_observed_by_filtered (pos, sq, FE_OPPONENT (p.colour), p.walk, NULL, NULL);
}

static bool
isardam_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  (void) undo;
  bool kings = ISARDAM_REX_INCLUSIVE (pos->rules);
  if (ep_observed (pos, m))
    return false;
  for (int c = FE_WHITE; c <= FE_NEUTRAL; c++)
    {
      uint64_t pieces = pos->occupied[c];
      while (pieces)
        {
          FeSquare sq = FE_SQ88 (__builtin_ctzll (pieces));
          pieces &= pieces - 1;
          FePiece p = pos->board[sq];
          if (p.walk == FE_WALK_KING && !kings)
            continue;
          /* The cheap test first: most walks have no enemy twin. */
          int enemy = c == FE_NEUTRAL ? FE_NEUTRAL : FE_OPPONENT (c);
          if (!pos->walk_count[enemy][p.walk] && !pos->walk_count[FE_NEUTRAL][p.walk]
              && c != FE_NEUTRAL)
            continue;
          if (observed_by_same_walk (pos, sq))
            return false;
        }
    }
  return true;
}

static bool
isardam_check_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return fe_capture_playable (pos, path, NULL);
}

/* Type B checks by plain attack: no check hook, and the fast check test. */
#define ISARDAM_OPS(check)                           \
  {                                                  \
    .name = "isardam",                               \
    .check_allowed = (check),                        \
    .after_displacement = isardam_after_displacement, \
    .effect_order = FE_EFFECT_LEGALITY,              \
  }
const FeConditionOps fe_condition_isardam = ISARDAM_OPS (isardam_check_allowed);
static const FeConditionOps isardam_type_b_ops = ISARDAM_OPS (NULL);

static const char *const bool_values[] = { "false", "true" };

static const FeConditionParamDesc isardam_params[] = {
  { .name = "isardam", .label = FE_N_("Isardam"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  { .name = "type-b", .label = FE_N_("Type B (check is plain attack)"), .type = FE_PARAM_BOOL,
    .n_values = 2, .xml_attribute = "type-b", .xml_values = bool_values },
  { .name = "rex-inclusive", .label = FE_N_("Rex inclusive (kings too)"), .type = FE_PARAM_BOOL,
    .n_values = 2, .xml_attribute = "rex-inclusive", .xml_values = bool_values },
};

static const FeConditionKeyword isardam_keywords[] = {
  { "Isardam", 0, 1, 0 },
  { "TypeB", 1, 1, FE_KEYWORD_AFTER_SWITCH },
  { "RexInclusive", 2, 1, FE_KEYWORD_AFTER_SWITCH },
};

/* Popeye refuses Isardam with Madrasi and with imitators (isardam.md §4,
 * docs/rules/combinations.md §4). */
static gboolean
isardam_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                  GError **error)
{
  if (!fe_params_any (params, id))
    return TRUE;
  const char *why = NULL;
  if (fe_params_any (params, FE_COND_MADRASI))
    why = _ ("Isardam with Madrasi is undefined (Popeye refuses it)");
  else if (fe_params_on (params, FE_COND_IMITATOR) || (diagram && diagram->n_imitators))
    why = _ ("Isardam with imitators is undefined (Popeye refuses it)");
  if (why)
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED, why);
      return FALSE;
    }
  return TRUE;
}

static bool
isardam_in_force (const FeConditionParams *params, int id, const FePosition *diagram)
{
  (void) diagram;
  return fe_params_any (params, id);
}

static const FeConditionOps *
isardam_ops (const FeRules *rules, const FeConditionParams *params, int id)
{
  (void) rules;
  return fe_params_get (params, id, 1) ? &isardam_type_b_ops : &fe_condition_isardam;
}

static void
isardam_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                  const FeDescribeStyle *style, GPtrArray *lines)
{
  if (!style->caption)
    {
      fe_condition_describe_default (id, params, diagram, style, lines);
      return;
    }
  GString *s = g_string_new (style->translate (FE_N_("Isardam")));
  if (fe_params_get (params, id, 1))
    g_string_append (s, " B");
  if (fe_params_get (params, id, 2))
    g_string_append (s, " RI");
  g_ptr_array_add (lines, g_string_free (s, FALSE));
}

const FeConditionClass fe_condition_class_isardam = {
  .name = "isardam",
  .label = FE_N_("Isardam"),
  .xml_element = "isardam",
  .params = isardam_params,
  .n_params = G_N_ELEMENTS (isardam_params),
  .in_force = isardam_in_force,
  .validate = isardam_validate,
  .describe = isardam_describe,
  .ops = &fe_condition_isardam,
  .ops_for = isardam_ops,
  .popeye_keywords = isardam_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (isardam_keywords),
};
