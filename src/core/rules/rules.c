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

/* A condition's departures, kind by kind: a kind it leaves at
 * FE_DEPART_HERE keeps what another set (Mars Circe with AntiMars). */
static void
compose_departure (FeRules *r, const FeConditionOps *ops, int id)
{
  FeDeparture d = { 0 };
  ops->departure (&r->params, id, &d);
  d.captures.condition = d.quiet.condition = id;
  if (d.captures.mode != FE_DEPART_HERE)
    {
      r->departure.captures = d.captures;
      r->check_by_generation = true;
    }
  if (d.quiet.mode != FE_DEPART_HERE)
    r->departure.quiet = d.quiet;
  r->any_departure = r->departure.captures.mode != FE_DEPART_HERE
                     || r->departure.quiet.mode != FE_DEPART_HERE;
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
  bool in_force[FE_MAX_CONDITION_CLASSES] = { false };
  for (int id = 0; id < fe_condition_count (); id++)
    {
      in_force[id] = fe_condition_in_force (id, params, diagram);
      if (in_force[id] && !r->params.v[id][0])
        r->params.v[id][0] = 1;
    }
  /* The parts declared by the base hooks first (a rebirth rule, the
   * departures), so that a condition's ops_for may read them. */
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionOps *ops = fe_condition_nth (id)->ops;
      if (!in_force[id] || !ops)
        continue;
      if (ops->captured_rebirth && ops->captured_rebirth (&r->params, id, &r->captured_rebirth))
        r->any_captured_rebirth = true;
      if (ops->departure)
        compose_departure (r, ops, id);
      r->take_and_make |= ops->make_after_capture;
      if (ops->escape_when_attacked && ops->escape_when_attacked (&r->params, id, &r->escape))
        r->any_escape = true;
      if (ops->make_before_capture)
        {
          r->make_and_take = true;
          r->make_and_take_condition = id;
        }
    }
  /* A rebirth that takes off the piece on its square (Assassin) may take
   * off a king: check is then found by playing the captures. */
  r->check_by_playing = r->any_captured_rebirth
                        && r->captured_rebirth.occupied == FE_REBIRTH_OCCUPIED_ASSASSIN;
  /* Captures made from elsewhere than the capturer's square. */
  r->check_by_generation |= r->make_and_take || r->check_by_playing || r->any_escape;
  r->reshapes_moves = r->any_departure || r->take_and_make || r->make_and_take || r->any_escape;
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (in_force[id])
        add_op (r, cls->ops_for ? cls->ops_for (r, &r->params, id) : cls->ops, id);
    }
  for (int i = 0; i < r->n_ops; i++)
    {
      r->any_capture_hook |= r->ops[i]->capture_allowed != NULL;
      r->any_check_hook |= r->ops[i]->check_allowed != NULL;
      r->any_move_hook |= r->ops[i]->move_allowed != NULL;
      r->any_refusal_hook |= r->ops[i]->refuses_move != NULL;
      r->any_list_filter |= r->ops[i]->filter_list != NULL;
      r->captures_own |= r->ops[i]->captures_own;
      /* The blocked-square board costs a copy per generation: switch it on
       * only when the diagram has such a square for either side. */
      if (r->ops[i]->square_blocked)
        for (int sq = 0; sq < 64 && !r->any_blocked_hook; sq++)
          for (int side = FE_WHITE; side <= FE_BLACK; side++)
            r->any_blocked_hook |= r->ops[i]->square_blocked (diagram, side, FE_SQ88 (sq));
    }
  /* A filter of the whole list decides which captures of a king stand. */
  r->check_by_generation |= r->any_list_filter;
}

gboolean
fe_departures_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                        GError **error)
{
  if (!fe_params_on (params, id))
    return TRUE;
  int captures = -1, quiet = -1, shape = -1;
  for (int k = 0; k < fe_condition_count (); k++)
    {
      const FeConditionOps *ops = fe_condition_nth (k)->ops;
      if (!ops || !fe_condition_in_force (k, params, diagram))
        continue;
      const char *why = NULL;
      bool shapes = ops->make_after_capture || ops->make_before_capture;
      if (shapes && shape >= 0 && shape != k)
        why = _ ("%s with %s: both add a step to a capture");
      else if (shapes)
        shape = k;
      if (!why && ops->effect_order == FE_EFFECT_IMITATORS)
        why = _ ("%s with %s is not supported");
      else if (!why && (ops->departure || ops->make_before_capture))
        {
          FeDeparture d = { 0 };
          if (ops->departure)
            ops->departure (params, k, &d);
          /* Make&Take's captures start where its make arrived. */
          if (ops->make_before_capture)
            d.captures.mode = FE_DEPART_REBIRTH;
          int *kinds[2] = { &captures, &quiet };
          uint8_t modes[2] = { d.captures.mode, d.quiet.mode };
          for (int i = 0; i < 2 && !why; i++)
            if (modes[i] != FE_DEPART_HERE)
              {
                if (*kinds[i] >= 0 && *kinds[i] != k)
                  why = _ ("%s with %s: both say where the pieces move from");
                else
                  *kinds[i] = k;
              }
        }
      if (why && k != id)
        {
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED, why,
                       _ (fe_condition_nth (id)->label), _ (fe_condition_nth (k)->label));
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
fe_condition_validate_alone (const FeConditionParams *params, int id, const FePosition *diagram,
                             GError **error)
{
  if (!fe_params_on (params, id))
    return TRUE;
  for (int k = 0; k < fe_condition_count (); k++)
    if (k != id && fe_condition_in_force (k, params, diagram))
      {
        g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                     _ ("%s with %s is not supported"), _ (fe_condition_nth (id)->label),
                     _ (fe_condition_nth (k)->label));
        return FALSE;
      }
  return TRUE;
}
