/* madrasi.c — Madrasi and Madrasi Rex inclusive (docs/rules/madrasi.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece is paralysed while a piece of the other side with the same walk
 * G-observes it.  A paralysed piece neither moves nor captures nor checks,
 * but still paralyses.  Paralysis is purely geometric, so it is recomputed
 * on demand: the position holds no Madrasi state.
 */
#include <stddef.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"

/* Magicians have no capture field under Madrasi
 * (docs/rules/combinations.md §2, D33): they neither paralyse nor are
 * paralysed. */
static bool
not_magician (const FePosition *pos, const FeCapturePath *path, void *data)
{
  (void) data;
  return !(pos->board[path->from].attrs & FE_ATTR_MAGICIAN);
}

/* madrasi.md §5: right after a pawn's multi-step the pawn counts as observed
 * by every enemy pawn that could take it en passant on this reply.  `side` is
 * the side the pawn is judged for; the capturers are its enemies.  After a
 * pass (series play, threats) the record is still there when the pawn's own
 * side moves again: the pawn is still paralysed then, as in Popeye (ser-zd53:
 * 1.d2-d4 2.d4-d5 is not possible with a black pawn on e4).  A neutral pawn
 * is judged only for the side not to move. */
static bool
ep_paralysed (const FePosition *pos, FeSquare sq, int side)
{
  if (sq != pos->ep_victim || !pos->ep_count)
    return false;
  if (side == pos->side && pos->board[sq].colour == FE_NEUTRAL)
    return false;
  /* Only the side that did not make the step may take e.p.: a pawn
   * recoloured by its own step (magic) has no enemy pawn that may. */
  int stepper = FE_RANK (pos->ep_victim) > FE_RANK (pos->ep_squares[0]) ? FE_WHITE : FE_BLACK;
  if (pos->board[sq].colour != FE_NEUTRAL && side != stepper)
    return false;
  int capturer = FE_OPPONENT (side);
  int fwd = capturer == FE_WHITE ? 16 : -16;
  for (int e = 0; e < pos->ep_count; e++)
    for (int k = -1; k <= 1; k += 2)
      {
        int from = pos->ep_squares[e] - fwd + k;
        if (from & 0x88)
          continue;
        FePiece p = pos->board[from];
        if (p.walk == FE_WALK_PAWN && fe_piece_playable_by (p, capturer)
            && !(p.attrs & FE_ATTR_MAGICIAN))
          return true;
      }
  return false;
}

/* Is the piece on `sq`, played by `side`, paralysed?  For a neutral piece
 * the side matters: the pieces of the other side (and neutral ones) are its
 * enemies, as in Popeye (docs/rules/common-model.md §2.3, madrasi.md §8). */
static bool
paralysed (const FePosition *pos, FeSquare sq, int side)
{
  FePiece p = pos->board[sq];
  const FeConditionParams *params = &pos->rules->params;
  if (p.walk == FE_WALK_KING && !params->FE_P_MADRASI_REX_INCLUSIVE)
    return false;
  if (p.attrs & FE_ATTR_MAGICIAN)
    return false;
  int enemy = FE_OPPONENT (side);
  /* The cheap test first: most walks have no enemy twin on the board. */
  if (pos->walk_count[enemy][p.walk] || pos->walk_count[FE_NEUTRAL][p.walk])
    {
      FeObservationFunc filter = params->FE_P_MAGICIAN ? not_magician : NULL;
      if (fe_square_observed_by_filtered (pos, sq, enemy, p.walk, filter, NULL))
        return true;
    }
  return p.walk == FE_WALK_PAWN && ep_paralysed (pos, sq, side);
}

static bool
madrasi_piece_may_move (const FePosition *pos, FeSquare sq)
{
  /* Castling is a king move (D8): a paralysed rook does not stop it, and a
   * paralysed king generates nothing, castling included. */
  return !paralysed (pos, sq, pos->side);
}

static bool
madrasi_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return !paralysed (pos, path->from, path->side);
}

/* Paralysis only takes moves and observations away; with Rex inclusive a
 * king next to the other king cannot step at all. */
static bool
madrasi_mating_net (const FeRules *rules, FeMatingNetTraits *traits)
{
  traits->kings_paralyse = rules->params.FE_P_MADRASI_REX_INCLUSIVE != 0;
  return true;
}

const FeConditionOps fe_condition_madrasi = {
  .name = "madrasi",
  .piece_may_move = madrasi_piece_may_move,
  .capture_allowed = madrasi_capture_allowed,
  .mating_net = madrasi_mating_net,
};

static const char *const bool_values[] = { "false", "true" };

static const FeConditionParamDesc madrasi_params[] = {
  { .name = "madrasi", .label = FE_N_("Madrasi"), .type = FE_PARAM_BOOL, .n_values = 2, .xml_default = 1 },
  { .name = "rex-inclusive", .label = FE_N_("Rex inclusive (kings paralyse too)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "rex-inclusive", .xml_values = bool_values },
};

static const FeConditionKeyword madrasi_keywords[] = {
  { "Madrasi", 0, 1, 0 },
  { "RexInclusive", 1, 1, FE_KEYWORD_AFTER_SWITCH },
};

/* Rex inclusive alone still means Madrasi (readers of old files). */
static bool
madrasi_in_force (const FeConditionParams *params, int id, const FePosition *diagram)
{
  (void) diagram;
  return fe_params_any (params, id);
}

/* The caption shortens Rex inclusive as printed columns do. */
static void
madrasi_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                  const FeDescribeStyle *style, GPtrArray *lines)
{
  if (!style->caption)
    {
      fe_condition_describe_default (id, params, diagram, style, lines);
      return;
    }
  g_ptr_array_add (lines, g_strdup (style->translate (params->FE_P_MADRASI_REX_INCLUSIVE
                                                        ? FE_N_("Madrasi RI") : FE_N_("Madrasi"))));
}

const FeConditionClass fe_condition_class_madrasi = {
  .name = "madrasi",
  .label = FE_N_("Madrasi"),
  .xml_element = "madrasi",
  .params = madrasi_params,
  .n_params = G_N_ELEMENTS (madrasi_params),
  .in_force = madrasi_in_force,
  .describe = madrasi_describe,
  .ops = &fe_condition_madrasi,
  .popeye_keywords = madrasi_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (madrasi_keywords),
};
