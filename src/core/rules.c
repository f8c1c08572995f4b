/* rules.c — composing the active conditions of one problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "condition.h"
#include "problem.h"
#include "walk.h"

static void
add_op (FeRules *r, const FeConditionOps *op)
{
  g_assert (r->n_ops < FE_MAX_CONDITIONS);
  /* Keep the effect order of rules §8.1 (insertion sort, tiny array). */
  int i = r->n_ops++;
  while (i > 0 && r->ops[i - 1]->effect_order > op->effect_order)
    {
      r->ops[i] = r->ops[i - 1];
      i--;
    }
  r->ops[i] = op;
}

void
fe_rules_init (FeRules *r, const FeConditionParams *params, const FePosition *diagram)
{
  memset (r, 0, sizeof *r);
  r->params = *params;

  bool magic = params->magic, magician = params->magician;
  bool present[FE_WALK_MAX] = { false };
  for (int i = 0; i < 64; i++)
    {
      FePiece p = diagram->board[FE_SQ88 (i)];
      if (!p.walk)
        continue;
      present[p.walk] = true;
      magic |= (p.attrs & FE_ATTR_MAGIC) != 0;
      magician |= (p.attrs & FE_ATTR_MAGICIAN) != 0;
    }
  for (int w = 1; w < FE_WALK_COUNT; w++)
    if (present[w] && fe_walk_is_fairy (w))
      r->fairy_walks[r->n_fairy_walks++] = w;

  static const uint8_t orthodox[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT };
  for (size_t i = 0; i < G_N_ELEMENTS (orthodox); i++)
    r->promotion_walks[r->n_promotion_walks++] = orthodox[i];
  for (int i = 0; i < r->n_fairy_walks; i++)
    r->promotion_walks[r->n_promotion_walks++] = r->fairy_walks[i];

  r->params.magic = magic;
  r->params.magician = magician;
  if (params->madrasi || params->madrasi_rex_inclusive)
    add_op (r, &fe_condition_madrasi);
  if (params->imitator || diagram->n_imitators)
    add_op (r, &fe_condition_imitator);
  if (params->einstein != FE_EINSTEIN_NONE)
    add_op (r, &fe_condition_einstein);
  if (magician)
    add_op (r, &fe_condition_magician);
  if (magic)
    add_op (r, &fe_condition_magic);

  for (int i = 0; i < r->n_ops; i++)
    {
      r->any_capture_hook |= r->ops[i]->capture_allowed != NULL;
      r->any_move_hook |= r->ops[i]->move_allowed != NULL;
      /* The blocked-square board costs a copy per generation: switch it on
       * only when the diagram has such a square for either side. */
      if (r->ops[i]->square_blocked)
        for (int sq = 0; sq < 64 && !r->any_blocked_hook; sq++)
          for (int side = FE_WHITE; side <= FE_BLACK; side++)
            r->any_blocked_hook |= r->ops[i]->square_blocked (diagram, side, FE_SQ88 (sq));
    }
}

gboolean
fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram, GError **error)
{
  bool magic = params->magic, magician = params->magician;
  for (int i = 0; diagram && i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = diagram->board[sq];
      if (!p.walk)
        continue;
      magic |= (p.attrs & FE_ATTR_MAGIC) != 0;
      magician |= (p.attrs & FE_ATTR_MAGICIAN) != 0;
      if (p.walk == FE_WALK_KING && (p.attrs & FE_ATTR_MAGICIAN))
        {
          char name[3];
          fe_square_name (sq, name);
          /* D21: a magician king could never be in check. */
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                       "%s: a king cannot be a magician piece", name);
          return FALSE;
        }
    }
  if (magic && magician)
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           "magic pieces and magician pieces cannot be combined");
      return FALSE;
    }
  if (params->einstein > FE_EINSTEIN_ANTI || params->einstein_side > FE_EINSTEIN_BLACK_ONLY)
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                           "unknown Einstein chess variant");
      return FALSE;
    }
  return TRUE;
}
