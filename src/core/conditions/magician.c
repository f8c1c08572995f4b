/* magician.c — magician pieces (pièces magiciennes, Bédoni;
 * docs/rules/magician-pieces.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A magician neither captures nor is captured, so it never checks.  When a
 * move establishes a contact (Chebyshev distance 1, at least one of the pair
 * moved: D22) between magicians and an ordinary piece, that piece steps one
 * place along a value chain (chain.h): up if every such magician is of its
 * colour, down if they are all of the other colour or neutral (D24), not at
 * all if they are mixed; exactly one step however many there are (D23).
 * Kings are never magicians (D21, fe_conditions_validate) nor mutated.
 * All mutations of one move are simultaneous, on the position after the
 * displacement and the Einstein mutation (D32).
 */
#include "core/rules/chain.h"
#include "core/rules/condition.h"
#include "core/model/problem.h"
#include "core/rules/movegen.h"
#include "core/model/fe-i18n.h"

/* Bits of FeMove.choice above the Einstein digit: the fairy walks chosen for
 * the pieces whose step leads into F, mixed radix |F|, ascending squares. */
#define MAGICIAN_CHOICE_SHIFT 6
#define MAGICIAN_CHOICE_BITS 26

/* At most the 8 neighbours of each of two moved squares, plus those two. */
#define MAX_MUTATIONS 18

typedef struct {
  FeSquare square;
  uint8_t dir; /* FeChainDirection */
} Mutation;

static inline bool
is_magician (FePiece p)
{
  return p.walk != FE_WALK_NONE && (p.attrs & FE_ATTR_MAGICIAN);
}

static inline bool
is_ordinary (FePiece p)
{
  return p.walk != FE_WALK_NONE && p.walk != FE_WALK_KING && !(p.attrs & FE_ATTR_MAGICIAN);
}

static const int neighbours[8] = { -17, -16, -15, -1, 1, 15, 16, 17 };

/* The squares whose pieces changed square in the move (D22): the mover, or
 * king and rook when castling.  A pawn promoted to an imitator is gone. */
static int
moved_squares (const FeMove *m, FeSquare out[2])
{
  if (m->flags & (FE_MOVE_NULL | FE_MOVE_PROMOTE_IMITATOR))
    return 0;
  out[0] = m->to;
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
    {
      out[1] = FE_SQ ((m->flags & FE_MOVE_CASTLE_SHORT) ? 5 : 3, FE_RANK (m->to));
      return 2;
    }
  return 1;
}

static bool
in_list (const FeSquare *list, int n, FeSquare sq)
{
  for (int i = 0; i < n; i++)
    if (list[i] == sq)
      return true;
  return false;
}

/* The mutation of the ordinary piece on `sq` (magician-pieces.md §4), given
 * which squares moved; false when it does not change. */
static bool
contact_direction (const FePosition *pos, FeSquare sq, const FeSquare *moved, int n_moved,
                   FeChainDirection *dir)
{
  FePiece p = pos->board[sq];
  bool p_moved = in_list (moved, n_moved, sq);
  int colour = -1;
  for (int k = 0; k < 8; k++)
    {
      int t = sq + neighbours[k];
      if ((t & 0x88) || !is_magician (pos->board[t]))
        continue;
      /* Only contacts this move established count (D22, D23). */
      if (!p_moved && !in_list (moved, n_moved, t))
        continue;
      int c = pos->board[t].colour;
      if (colour >= 0 && c != colour)
        return false; /* mixed colours cancel */
      colour = c;
    }
  if (colour < 0)
    return false;
  /* A neutral piece is never of a magician's side, nor a neutral magician of
   * anyone's (D24). */
  bool same = colour == p.colour && colour != FE_NEUTRAL;
  *dir = same ? FE_CHAIN_UP : FE_CHAIN_DOWN;
  return fe_chain_alternatives (pos->rules, p.walk, *dir) > 0;
}

/* Every mutation of the move in ascending square order (rank, then file),
 * on the position after the displacement and the Einstein step. */
static int
plan (const FePosition *pos, const FeMove *m, Mutation *out)
{
  FeSquare moved[2];
  int n_moved = moved_squares (m, moved);
  /* Candidates: moved ordinary pieces and ordinary neighbours of moved
   * magicians; marked on a board-sized map so the order is the board's. */
  bool candidate[128] = { false };
  bool any = false;
  for (int i = 0; i < n_moved; i++)
    {
      FePiece p = pos->board[moved[i]];
      if (is_ordinary (p))
        candidate[moved[i]] = any = true;
      else if (is_magician (p))
        for (int k = 0; k < 8; k++)
          {
            int t = moved[i] + neighbours[k];
            if (!(t & 0x88) && is_ordinary (pos->board[t]))
              candidate[t] = any = true;
          }
    }
  if (!any)
    return 0;
  int n = 0;
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FeChainDirection dir;
      if (candidate[sq] && n < MAX_MUTATIONS
          && contact_direction (pos, sq, moved, n_moved, &dir))
        out[n++] = (Mutation) { sq, dir };
    }
  return n;
}

static bool
magician_move_allowed (const FePosition *pos, const FeMove *m)
{
  if (m->capture == FE_NO_SQUARE)
    return true;
  /* No capture by a magician, and none of one (e.p. and locust included). */
  return !is_magician (pos->board[m->from]) && !is_magician (pos->board[m->capture]);
}

static bool
magician_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return !is_magician (pos->board[path->from]) && !is_magician (pos->board[path->to]);
}

/* Number of pieces of a plan whose step is a choice among F. */
static int
count_choices (const FePosition *pos, const Mutation *plan_, int n)
{
  int total = 1;
  for (int i = 0; i < n; i++)
    {
      int alt = fe_chain_alternatives (pos->rules, pos->board[plan_[i].square].walk, plan_[i].dir);
      if (alt > 1)
        total *= alt;
      /* More than 2^26 alternatives of one move (|F| = 10 and eight
       * pieces reaching the chain end together) would not fit any move
       * list in memory either; never cut them silently. */
      if (total > 1 << MAGICIAN_CHOICE_BITS)
        g_error ("magician pieces: more than %d alternatives of one move", 1 << MAGICIAN_CHOICE_BITS);
    }
  return total;
}

static int
magician_choice_count (const FePosition *pos, const FeMove *m)
{
  const FeRules *r = pos->rules;
  if (r->n_fairy_walks < 2)
    return 1;
  /* The contacts are those after the displacement and the Einstein step:
   * play the move on a copy with only the effects that come before ours. */
  FeRules early = *r;
  early.n_ops = 0;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->effect_order < fe_condition_magician.effect_order)
      {
        early.ids[early.n_ops] = r->ids[i];
        early.ops[early.n_ops++] = r->ops[i];
      }
  FePosition copy = *pos;
  copy.rules = &early;
  FeUndo undo;
  if (!fe_make (&copy, m, &undo))
    return 1;
  Mutation list[MAX_MUTATIONS];
  int n = plan (&copy, m, list);
  return count_choices (&copy, list, n);
}

static bool
magician_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  Mutation list[MAX_MUTATIONS];
  int n = plan (pos, m, list);
  int digit = FE_CHOICE_DIGIT (m->choice, MAGICIAN_CHOICE_SHIFT, MAGICIAN_CHOICE_BITS);
  for (int i = 0; i < n; i++)
    {
      FePiece p = pos->board[list[i].square];
      int alt = fe_chain_alternatives (pos->rules, p.walk, list[i].dir);
      int choice = 0;
      if (alt > 1)
        {
          choice = digit % alt;
          digit /= alt;
        }
      int walk = fe_chain_step (pos->rules, p.walk, list[i].dir, choice);
      if (walk == p.walk)
        continue;
      p.walk = walk;
      fe_position_set (pos, undo, list[i].square, p);
    }
  return true;
}

/* Pions dépaysés move with magicians on the board
 * (docs/rules/common-model.md §5.2, D4). */
static int
magician_pawns_from_first_rank (const FePosition *pos, int side)
{
  (void) pos;
  (void) side;
  return 3;
}

const FeConditionOps fe_condition_magician = {
  .name = "magician",
  .capture_allowed = magician_capture_allowed,
  .move_allowed = magician_move_allowed,
  .choice_count = magician_choice_count,
  .choice_shift = MAGICIAN_CHOICE_SHIFT,
  .pawns_from_first_rank = magician_pawns_from_first_rank,
  .after_displacement = magician_after_displacement,
  .effect_order = FE_EFFECT_CONTACT,
};

static const FeConditionParamDesc magician_params[] = {
  { .name = "magician", .label = FE_N_("Magician pieces"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword magician_keywords[] = {
  { "MagicianPieces", 0, 1, FE_KEYWORD_EXTENSION },
};

/* D21: a magician king could never be in check; magic and magician pieces
 * together are undefined (docs/rules/combinations.md §2). */
static gboolean
magician_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                   GError **error)
{
  for (int i = 0; diagram && i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = diagram->board[sq];
      if (p.walk == FE_WALK_KING && (p.attrs & FE_ATTR_MAGICIAN))
        {
          char name[3];
          fe_square_name (sq, name);
          g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                       _ ("%s: a king cannot be a magician piece"), name);
          return FALSE;
        }
    }
  const FeConditionClass *magic = fe_condition_lookup ("magic");
  if (magic && fe_condition_in_force (id, params, diagram)
      && fe_condition_in_force (FE_COND_MAGIC, params, diagram))
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("magic pieces and magician pieces cannot be combined"));
      return FALSE;
    }
  return TRUE;
}

/* Féerie's (Popeye has none): a dashed vermilion frame with an inner
 * line, after Popeye's prefixes. */
static const FeAttributeDesc magician_attribute = {
  .bit = FE_ATTR_MAGICIAN,
  .name = "magician",
  .label = FE_N_("Magician"),
  .popeye_word = "Magician",
  .popeye_extension = true,
  .popeye_header = "Magician",
  .prefix = "mg",
  .prefix_order = 40,
  .fen_prefix = '^',
  .frame = FE_FRAME_DASHED,
  .frame_rgb = { 217, 71, 20 },
  .palette_tooltip = FE_N_("Magician pieces stand on a dashed vermilion frame"),
};

const FeConditionClass fe_condition_class_magician = {
  .name = "magician",
  .label = FE_N_("Magician pieces"),
  .xml_element = "magician",
  .params = magician_params,
  .n_params = G_N_ELEMENTS (magician_params),
  .validate = magician_validate,
  .ops = &fe_condition_magician,
  .popeye_keywords = magician_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (magician_keywords),
  .attribute = &magician_attribute,
  .attribute_only = true,
  .stage_label = FE_N_("magician mutations"),
};
