/* rules.c — composing the active conditions of one problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "condition.h"
#include "core/model/problem.h"
#include "core/model/walk.h"
#include "core/model/fe-i18n.h"

static void
add_op (FeRules *r, const FeConditionOps *op, int id)
{
  g_assert (r->n_ops < FE_MAX_CONDITIONS);
  /* Keep the effect order (insertion sort, tiny array; stable, so equal
   * orders keep the registry's). */
  int i = r->n_ops++;
  while (i > 0 && r->ops[i - 1]->effect_order > op->effect_order)
    {
      r->ops[i] = r->ops[i - 1];
      r->ids[i] = r->ids[i - 1];
      i--;
    }
  r->ops[i] = op;
  r->ids[i] = id;
}

void
fe_rules_init (FeRules *r, const FeConditionParams *params, const FePosition *diagram)
{
  memset (r, 0, sizeof *r);
  r->params = *params;
  memset (r->diagram_square, FE_NO_SQUARE, sizeof r->diagram_square);
  for (int i = 0; i < 64; i++)
    {
      FePiece p = diagram->board[FE_SQ88 (i)];
      if (p.walk)
        r->diagram_square[p.id] = FE_SQ88 (i);
    }

  bool present[FE_WALK_MAX] = { false };
  for (int i = 0; i < 64; i++)
    {
      FePiece p = diagram->board[FE_SQ88 (i)];
      if (p.walk)
        present[p.walk] = true;
    }
  for (int w = 1; w < FE_WALK_COUNT; w++)
    if (present[w] && fe_walk_is_fairy (w))
      r->fairy_walks[r->n_fairy_walks++] = w;

  static const uint8_t orthodox[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT };
  for (size_t i = 0; i < G_N_ELEMENTS (orthodox); i++)
    r->promotion_walks[r->n_promotion_walks++] = orthodox[i];
  for (int i = 0; i < r->n_fairy_walks; i++)
    r->promotion_walks[r->n_promotion_walks++] = r->fairy_walks[i];

  /* The registry is walked once here; the hooks land in the flat ops[]
   * array the generator and make() run through, with no lookups per move.
   * A condition put in force by the diagram (magic pieces, imitators) gets
   * its switch on in r->params, so its hooks need not look again. */
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!fe_condition_in_force (id, params, diagram))
        continue;
      if (!r->params.v[id][0])
        r->params.v[id][0] = 1;
      add_op (r, cls->ops_for ? cls->ops_for (&r->params, id) : cls->ops, id);
    }
  for (int i = 0; i < r->n_ops; i++)
    {
      r->any_capture_hook |= r->ops[i]->capture_allowed != NULL;
      r->any_check_hook |= r->ops[i]->check_allowed != NULL;
      r->any_move_hook |= r->ops[i]->move_allowed != NULL;
      r->any_refusal_hook |= r->ops[i]->refuses_move != NULL;
      /* The blocked-square board costs a copy per generation: switch it on
       * only when the diagram has such a square for either side. */
      if (r->ops[i]->square_blocked)
        for (int sq = 0; sq < 64 && !r->any_blocked_hook; sq++)
          for (int side = FE_WHITE; side <= FE_BLACK; side++)
            r->any_blocked_hook |= r->ops[i]->square_blocked (diagram, side, FE_SQ88 (sq));
    }
}
