/* movegen-pawns.c — pawn steps, captures, en passant and promotions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "movegen-private.h"

/* No rules: orthodox chess, whose fairy set is empty (fe_rules_for_position
 * keeps the rules whenever the diagram has a fairy walk,
 * docs/rules/fairy-pieces.md §5). */
static const uint8_t orthodox_promotions[] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP,
                                               FE_WALK_KNIGHT };

void
fe_gen_push_pawn_move (Gen *g, FeSquare from, FeSquare to, FeSquare cap, uint8_t flags,
                uint8_t nature, uint8_t aux, int promo_rank)
{
  if (FE_RANK (to) != promo_rank)
    {
      push (g, from, to, cap, flags, nature, aux);
      return;
    }
  const FeRules *r = g->pos->rules;
  FeMove probe = { from, to, cap, flags, 0, nature, aux, 0 };
  if (r)
    for (int i = 0; i < r->n_ops; i++)
      if (r->ops[i]->promotion_forbidden && r->ops[i]->promotion_forbidden (g->pos, &probe))
        {
          push (g, from, to, cap, flags, nature, aux);
          return;
        }
  const uint8_t *walks = r ? r->promotion_walks : orthodox_promotions;
  int n = r ? r->n_promotion_walks : 4;
  for (int i = 0; i < n; i++)
    {
      push (g, from, to, cap, flags | FE_MOVE_PROMOTION, nature, aux);
      if (g->list->count)
        g->list->moves[g->list->count - 1].promotion = walks[i];
    }
  if (r)
    for (int i = 0; i < r->n_ops; i++)
      if (r->ops[i]->promotion_to_imitator && r->ops[i]->promotion_to_imitator (g->pos))
        {
          push (g, from, to, cap, flags | FE_MOVE_PROMOTE_IMITATOR, nature, aux);
          break;
        }
}

void
fe_gen_pawn (Gen *g, FeSquare from, int colour)
{
  const FePosition *pos = g->pos;
  const FePiece *b = g->board;
  int mover = colour == FE_NEUTRAL ? g->side : colour;
  int fwd = mover == FE_WHITE ? 16 : -16;
  int rank = FE_RANK (from);
  int rel = mover == FE_WHITE ? rank : 7 - rank;
  int promo_rank = mover == FE_WHITE ? 7 : 0;
  int max_steps = 1;
  if (rel == 0)
    {
      /* A pawn on its own first rank moves only where a condition says
       * how far (docs/rules/common-model.md §5.2: Einstein and magician
       * chess 1–3 squares; a pawn reborn there by Circe Parrain, one,
       * circe.md §4.1). */
      max_steps = 0;
      if (pos->rules)
        for (int i = 0; i < pos->rules->n_ops; i++)
          if (pos->rules->ops[i]->pawns_from_first_rank)
            max_steps = MAX (max_steps, pos->rules->ops[i]->pawns_from_first_rank (pos, mover));
      if (!max_steps)
        return;
    }
  else if (rel == 1)
    max_steps = 2;
  else if (rel == 7)
    return;

  /* captures */
  for (int side_step = -1; side_step <= 1; side_step += 2)
    {
      int t = from + fwd + side_step;
      if (t & 0x88)
        continue;
      if (b[t].walk != FE_WALK_NONE)
        {
          if (g->observe)
            capture (g, from, t, t, FE_NATURE_LEAP, 1);
          else if (fe_gen_may_capture (g, b[t]))
            fe_gen_push_pawn_move (g, from, t, t, FE_MOVE_CAPTURE, FE_NATURE_LEAP, 1, promo_rank);
        }
      else if (!g->observe && pos->ep_count)
        {
          for (int e = 0; e < pos->ep_count; e++)
            if (pos->ep_squares[e] == t && pos->ep_victim != FE_NO_SQUARE
                && fe_piece_capturable_by (b[pos->ep_victim], g->side))
              push (g, from, t, pos->ep_victim, FE_MOVE_CAPTURE | FE_MOVE_EN_PASSANT,
                    FE_NATURE_LEAP, 1);
        }
    }
  if (g->observe)
    return;
  /* steps */
  int t = from;
  for (int k = 1; k <= max_steps; k++)
    {
      t += fwd;
      if ((t & 0x88) || b[t].walk != FE_WALK_NONE)
        break;
      if (k == 1)
        fe_gen_push_pawn_move (g, from, t, FE_NO_SQUARE, 0, FE_NATURE_LEAP, 1, promo_rank);
      else
        push (g, from, t, FE_NO_SQUARE, FE_MOVE_MULTI_STEP, FE_NATURE_RIDE, k);
    }
}

