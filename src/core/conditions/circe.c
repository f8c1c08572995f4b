/* circe.c — Circe: plain, Mirror, Diagram, Parrain, and Rex inclusive
 * (docs/rules/circe.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The captured piece is reborn, with its colour, walk and attributes, on
 * its rebirth square if that is empty; otherwise it is gone.  Parrain
 * owes the rebirth to the next move of the game, on the capture square
 * moved as that move moves (the owed piece is part of the position:
 * FePosition.owed).  Check is plain attack, except with Rex inclusive: a
 * king is in check only where it could not be reborn.
 */
#include <string.h>

#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/rules/notation.h"
#include "circe.h"
#include "core/model/fe-i18n.h"

#define CIRCE_VARIANT(rules) ((rules)->params.v[FE_COND_CIRCE][0])
#define CIRCE_REX_INCLUSIVE(rules) ((rules)->params.v[FE_COND_CIRCE][1])

/* Parrain's promotion choice of a reborn pawn (docs/rules/circe.md §4.1):
 * the digit above Einstein's, where magician pieces keep theirs (Parrain and
 * magician pieces are refused together, circe_validate). */
#define PARRAIN_CHOICE_SHIFT 6
#define PARRAIN_CHOICE_BITS 13
/* Super-Circe's choice of square, in the same digit below the promotion:
 * 0 none (the piece is gone), 1 + 0 … 63 a square (rebirth-squares.md §7). */
#define SUPER_RADIX 65

/* The rebirth rule of the variant in `params` (Parrain has none: its
 * square waits for the next move). */
static bool
circe_rule (const FeConditionParams *params, int id, FeRebirthRule *rule)
{
  static const uint8_t squares[FE_CIRCE_VARIANT_COUNT] = {
    [FE_CIRCE_PLAIN] = FE_REBIRTH_CIRCE,
    [FE_CIRCE_MIRROR] = FE_REBIRTH_MIRROR,
    [FE_CIRCE_DIAGRAM] = FE_REBIRTH_DIAGRAM,
    [FE_CIRCE_FILE] = FE_REBIRTH_FILE,
    [FE_CIRCE_RANK] = FE_REBIRTH_RANK,
    [FE_CIRCE_SYMMETRY] = FE_REBIRTH_SYMMETRY,
    [FE_CIRCE_VERTICAL_SYMMETRY] = FE_REBIRTH_VERTICAL_SYMMETRY,
    [FE_CIRCE_HORIZONTAL_SYMMETRY] = FE_REBIRTH_HORIZONTAL_SYMMETRY,
    [FE_CIRCE_ANTIPODES] = FE_REBIRTH_ANTIPODES,
    [FE_CIRCE_PWC] = FE_REBIRTH_PWC,
    [FE_CIRCE_EQUIPOLLENTS] = FE_REBIRTH_EQUIPOLLENTS,
    [FE_CIRCE_SUPER] = FE_REBIRTH_ANY,
    [FE_CIRCE_CAGE] = FE_REBIRTH_CAGE,
    [FE_CIRCE_TAKE_MAKE] = FE_REBIRTH_TAKE_MAKE,
  };
  int variant = fe_params_get (params, id, 0);
  if (variant == FE_CIRCE_OFF || variant == FE_CIRCE_PARRAIN || variant >= FE_CIRCE_VARIANT_COUNT)
    return false;
  *rule = (FeRebirthRule) { .squares = squares[variant],
                            .adapter = fe_params_get (params, id, 2),
                            .couscous = fe_params_get (params, id, 3),
                            .occupied = fe_params_get (params, id, 6)
                                        ? FE_REBIRTH_OCCUPIED_ASSASSIN : FE_REBIRTH_OCCUPIED_VANISH };
  return true;
}

/* Where the victim of `m` goes: the table read in its own column (the
 * side that did not capture, circe.md §2.4). */
static FeSquare
victim_square (const FePosition *pos, const FeMove *m, FePiece victim, FePiece capturer,
               int square_choice)
{
  FeRebirthRule rule;
  if (!circe_rule (&pos->rules->params, FE_COND_CIRCE, &rule))
    return FE_NO_SQUARE;
  FeRebirthQuery q = { victim, m->capture, FE_OPPONENT (pos->side), m, capturer, square_choice };
  return fe_rebirth_square (&rule, pos->rules, &q);
}

/* The radix of the square choice: Super's 65, 1 for the rules that name
 * one square. */
static int
square_radix (const FeConditionParams *params)
{
  int variant = params->v[FE_COND_CIRCE][0];
  return variant == FE_CIRCE_SUPER || variant == FE_CIRCE_CAGE || variant == FE_CIRCE_TAKE_MAKE
         ? SUPER_RADIX : 1;
}

/* Cage (rebirth-squares.md §7): is there a square, empty and without an
 * imitator, where `victim` (a pawn there promoting as it would) would be
 * caged?  The "nowhere" choice is one only when there is none. */
static bool
some_cage (const FePosition *pos, FePiece victim, int pawn_side)
{
  const FeRules *r = pos->rules;
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ (i % 8, i / 8);
      if (pos->board[sq].walk || fe_position_imitator_at (pos, sq) >= 0)
        continue;
      bool promotes = victim.walk == FE_WALK_PAWN && FE_RANK (sq) == (pawn_side == FE_WHITE ? 7 : 0);
      for (int k = 0; k < (promotes ? r->n_promotion_walks : 1); k++)
        {
          FePosition probe = *pos;
          FePiece p = victim;
          if (promotes)
            p.walk = r->promotion_walks[k];
          fe_position_write (&probe, sq, p, true);
          if (fe_rebirth_caged (&probe, sq))
            return true;
        }
    }
  return false;
}

FePiece
fe_move_victim (const FeMove *move, const FeUndo *undo)
{
  if (move->capture == FE_NO_SQUARE)
    return FE_PIECE_EMPTY;
  for (int i = 0; i < undo->n_displacement_changes; i++)
    if (undo->changes[i].square == move->capture)
      return undo->changes[i].before;
  return FE_PIECE_EMPTY;
}

void
fe_circe_append_piece (GString *out, FePiece piece)
{
  g_string_append_c (out, "wbn"[piece.colour]);
  fe_notation_append_piece_code (out, (FePiece) { piece.walk, FE_WHITE, piece.attrs, 0 }, TRUE);
}

static void
append_square (GString *out, FeSquare sq)
{
  g_string_append_c (out, 'a' + FE_FILE (sq));
  g_string_append_c (out, '1' + FE_RANK (sq));
}

void
fe_circe_append_transfer (GString *out, FePiece piece, FeSquare from, FeSquare to)
{
  g_string_append_c (out, '[');
  fe_circe_append_piece (out, piece);
  append_square (out, from);
  g_string_append (out, "->");
  append_square (out, to);
  g_string_append_c (out, ']');
}

/* Reborn pieces may not stand on an imitator (docs/rules/circe.md §2.5):
 * the move that would put one there is illegal.  Assassin
 * (rebirth-squares.md §9): the piece on the square is taken off, unless
 * it is the capturing side's king (the move is illegal). */
static bool
puts_back (FePosition *pos, FeUndo *undo, FePiece piece, FeSquare sq, bool *legal)
{
  *legal = true;
  if (!FE_ON_BOARD (sq))
    return false;
  if (pos->board[sq].walk)
    {
      if (!pos->rules->params.v[FE_COND_CIRCE][6])
        return false;
      FePiece there = pos->board[sq];
      if (there.walk == FE_WALK_KING && there.colour == pos->side)
        {
          *legal = false;
          return false;
        }
    }
  if (fe_position_imitator_at (pos, sq) >= 0)
    {
      *legal = false;
      return false;
    }
  fe_position_set (pos, undo, sq, piece);
  return true;
}

/* ---- Parrain ------------------------------------------------------------ */

/* The sum of the displacement vectors of the pieces that move
 * (circe.md §4.1): castling moves king and rook; e.p. and locusts the
 * capturer only. */
static void
move_vector (const FeMove *m, int *df, int *dr)
{
  *df = FE_FILE (m->to) - FE_FILE (m->from);
  *dr = FE_RANK (m->to) - FE_RANK (m->from);
  if (m->flags & FE_MOVE_CASTLE_SHORT)
    *df -= 2; /* the rook h1 → f1 */
  else if (m->flags & FE_MOVE_CASTLE_LONG)
    *df += 3; /* the rook a1 → d1 */
}

/* Where the owed piece comes back after move `m`; FE_NO_SQUARE off the
 * board. */
static FeSquare
parrain_square (const FePosition *pos, const FeMove *m)
{
  int df, dr;
  move_vector (m, &df, &dr);
  int f = FE_FILE (pos->owed_square) + df, r = FE_RANK (pos->owed_square) + dr;
  if (f < 0 || f > 7 || r < 0 || r > 7)
    return FE_NO_SQUARE;
  return FE_SQ (f, r);
}

/* The side whose promotion rank a reborn pawn is judged by: its own, a
 * neutral one the side making the move (circe.md §4.1). */
static int
pawn_side (FePiece p, int mover)
{
  return p.colour == FE_NEUTRAL ? mover : p.colour;
}

/* Does the owed pawn come back on its promotion rank after `m` (before the
 * move is made: the square must still be empty after the displacement)? */
static bool
promotes_on_rebirth (const FePosition *pos, const FeMove *m, FeSquare *sq)
{
  if (pos->owed.walk != FE_WALK_PAWN)
    return false;
  *sq = parrain_square (pos, m);
  if (*sq == FE_NO_SQUARE)
    return false;
  int side = pawn_side (pos->owed, pos->side);
  return FE_RANK (*sq) == (side == FE_WHITE ? 7 : 0);
}

static bool
imitator_promotion (const FePosition *pos)
{
  const FeRules *r = pos->rules;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->promotion_to_imitator && r->ops[i]->promotion_to_imitator (pos))
      return true;
  return false;
}

/* Is `sq` empty once `m` is displaced (before the move is made)? */
static bool
empty_after_displacement (const FePosition *pos, const FeMove *m, FeSquare sq)
{
  bool castling = m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG);
  int rank = FE_RANK (m->from);
  bool short_side = m->flags & FE_MOVE_CASTLE_SHORT;
  if (sq == m->to || (castling && sq == FE_SQ (short_side ? 5 : 3, rank)))
    return false;
  if (sq == m->from || sq == m->capture || (castling && sq == FE_SQ (short_side ? 7 : 0, rank)))
    return true;
  return !pos->board[sq].walk;
}

/* Whether a pawn reborn on its promotion rank promotes there: in the
 * variants that send pawns there by the capture's geometry
 * (rebirth-squares.md §3, Popeye's); a Diagram pawn stays a pawn. */
static bool
rebirth_promotes (const FeConditionParams *params)
{
  switch (params->v[FE_COND_CIRCE][0])
    {
    case FE_CIRCE_SYMMETRY:
    case FE_CIRCE_VERTICAL_SYMMETRY:
    case FE_CIRCE_ANTIPODES:
    case FE_CIRCE_PWC:
    case FE_CIRCE_EQUIPOLLENTS:
    case FE_CIRCE_SUPER:
    case FE_CIRCE_CAGE:
    case FE_CIRCE_TAKE_MAKE:
      return true;
    default:
      return params->v[FE_COND_CIRCE][3] != 0; /* Couscous */
    }
}

/* May the victim of `m` be a pawn that promotes on its rebirth?  Where it
 * is reborn depends on effects before the rebirth (a capturer mutated by
 * Einstein, for Couscous), so every pawn capture of these variants offers
 * the promotion choices, and the rebirth rejects those that turn out to
 * mean nothing (circe_after_displacement). */
static bool
may_promote_on_rebirth (const FePosition *pos, const FeMove *m)
{
  const FeConditionParams *p = &pos->rules->params;
  return m->capture != FE_NO_SQUARE && rebirth_promotes (p)
         && (pos->board[m->capture].walk == FE_WALK_PAWN || p->v[FE_COND_CIRCE][4] != FE_REBORN_SAME);
}

static int
circe_choice_count (const FePosition *pos, const FeMove *m)
{
  FeSquare sq;
  if (CIRCE_VARIANT (pos->rules) != FE_CIRCE_PARRAIN)
    {
      int squares = m->capture != FE_NO_SQUARE ? square_radix (&pos->rules->params) : 1;
      return squares * (!may_promote_on_rebirth (pos, m)
                        ? 1 : pos->rules->n_promotion_walks + (imitator_promotion (pos) ? 1 : 0));
    }
  /* A pawn that cannot come back has nothing to promote to: one move. */
  if (!promotes_on_rebirth (pos, m, &sq) || !empty_after_displacement (pos, m, sq))
    return 1;
  return pos->rules->n_promotion_walks + (imitator_promotion (pos) ? 1 : 0);
}

/* The reborn pawn becomes an imitator on its square
 * (docs/rules/imitator.md §7), after the others have moved. */
static bool
reborn_imitator (FePosition *pos, FeUndo *undo, FeSquare sq)
{
  if (fe_position_imitator_at (pos, sq) >= 0 || pos->n_imitators >= FE_MAX_IMITATORS)
    return false;
  int i = pos->n_imitators++;
  pos->imitators[i] = sq;
  pos->imitator_colour[i] = FE_NEUTRAL;
  pos->hash ^= fe_zobrist_imitator (sq, FE_NEUTRAL);
  undo->imitators_moved = true;
  undo->n_rebirths++;
  return true;
}

static bool
parrain_rebirth (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  FePiece piece = pos->owed;
  FeSquare sq = parrain_square (pos, m);
  bool legal = true;
  if (sq == FE_NO_SQUARE || pos->board[sq].walk)
    return true;
  int choice = FE_CHOICE_DIGIT (m->choice, PARRAIN_CHOICE_SHIFT, PARRAIN_CHOICE_BITS);
  FeSquare promotion_sq;
  if (promotes_on_rebirth (pos, m, &promotion_sq))
    {
      const FeRules *r = pos->rules;
      if (choice >= r->n_promotion_walks)
        return reborn_imitator (pos, undo, sq);
      piece.walk = r->promotion_walks[choice];
    }
  if (puts_back (pos, undo, piece, sq, &legal))
    undo->n_rebirths++;
  return legal;
}

/* ---- the effect ---------------------------------------------------------- */

static bool
circe_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  const FeRules *r = pos->rules;
  FePiece victim = fe_move_victim (m, undo);
  if (CIRCE_VARIANT (r) == FE_CIRCE_PARRAIN)
    {
      bool legal = true;
      if (pos->owed.walk)
        legal = parrain_rebirth (pos, m, undo);
      /* This move's victim is owed to the next one. */
      bool owed = victim.walk && (victim.walk != FE_WALK_KING || CIRCE_REX_INCLUSIVE (r));
      fe_position_set_owed (pos, owed ? victim : FE_PIECE_EMPTY, m->capture);
      return legal;
    }
  /* No rebirth: a promotion choice is no move. */
  if (!victim.walk || (victim.walk == FE_WALK_KING && !CIRCE_REX_INCLUSIVE (r)))
    return FE_CHOICE_DIGIT (m->choice, PARRAIN_CHOICE_SHIFT, PARRAIN_CHOICE_BITS) == 0;
  bool legal = true;
  /* The capturer as it stands now (mutated, or sent to its own square by
   * a kamikaze transfer), or as it moved if it left the board. */
  FeSquare at = fe_mover_square (pos, m, undo);
  FePiece capturer = at != FE_NO_SQUARE ? pos->board[at] : FE_PIECE_EMPTY;
  /* The capturer as it moved (before a promotion or mutation): Clone's. */
  FePiece moved = FE_PIECE_EMPTY;
  for (int i = 0; !moved.walk && i < undo->n_changes; i++)
    if (undo->changes[i].square == m->from)
      moved = undo->changes[i].before;
  if (!capturer.walk)
    capturer = moved;
  /* What it becomes (Clone, Chameleon, Einstein) decides its square too
   * (rebirth-squares.md §4); Turncoats changes its colour there. */
  victim.walk = fe_reborn_walk (r->params.v[FE_COND_CIRCE][4], victim.walk, moved);
  /* A pawn promotes by its own colour's rank, before it turns. */
  int side = pawn_side (victim, FE_OPPONENT (pos->side));
  if (r->params.v[FE_COND_CIRCE][5] && victim.colour != FE_NEUTRAL)
    victim.colour = FE_OPPONENT (victim.colour);
  int digit = FE_CHOICE_DIGIT (m->choice, PARRAIN_CHOICE_SHIFT, PARRAIN_CHOICE_BITS);
  int radix = square_radix (&r->params), square_choice = digit % radix, choice = digit / radix;
  /* Super: the choice to reborn it nowhere (once: no promotion then);
   * Cage: only where no cage is. */
  bool cage = CIRCE_VARIANT (r) == FE_CIRCE_CAGE;
  bool take_make = CIRCE_VARIANT (r) == FE_CIRCE_TAKE_MAKE;
  /* Take&Make: no square a make reaches, no capture. */
  if (radix > 1 && square_choice == 0)
    return choice == 0 && !take_make && (!cage || !some_cage (pos, victim, side));
  FeSquare sq = victim_square (pos, m, victim, capturer, square_choice - 1);
  /* Super: a square taken is no choice (not a piece gone: that is the
   * choice above). */
  if (radix > 1 && (pos->board[sq].walk || fe_position_imitator_at (pos, sq) >= 0))
    return false;
  /* Take&Make: a square the reborn piece's make from the capture square
   * reaches, played by its side, by its walk (Couscous: the capturer's). */
  if (take_make)
    {
      FePiece maker = victim;
      if (maker.colour != FE_NEUTRAL)
        maker.colour = (uint8_t) side;
      if (r->params.v[FE_COND_CIRCE][3] && capturer.walk)
        maker.walk = capturer.walk;
      if (!fe_rebirth_make_reaches (pos, maker, side, m->capture, sq))
        return false;
    }
  bool promotes = victim.walk == FE_WALK_PAWN && sq != FE_NO_SQUARE && rebirth_promotes (&r->params)
                  && FE_RANK (sq) == (side == FE_WHITE ? 7 : 0)
                  && (!pos->board[sq].walk || r->params.v[FE_COND_CIRCE][6]);
  /* A promotion choice where the pawn does not promote is no move. */
  if (!promotes)
    {
      if (choice > 0)
        return false;
    }
  else if (choice >= r->n_promotion_walks)
    return reborn_imitator (pos, undo, sq);
  else
    victim.walk = r->promotion_walks[choice];
  if (puts_back (pos, undo, victim, sq, &legal))
    {
      undo->n_rebirths++;
      if (cage && !fe_rebirth_caged (pos, sq))
        return false;
    }
  return legal;
}

/* Rex inclusive (circe.md §3): a king is in check only when it could not be
 * reborn.  The capture is played with every effect (a locust lands beyond the
 * king, a kamikaze capturer's transfer may free the square). */
static bool
king_lost (const FePosition *after, const FePosition *before, const FeCapturePath *path)
{
  int colour = before->board[path->to].colour;
  return colour > FE_BLACK || after->king[colour] == FE_NO_SQUARE;
}

static bool
circe_check_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return fe_capture_playable (pos, path, king_lost);
}

/* A pawn reborn on its own first rank steps one square and captures from
 * there (circe.md §4.1). */
static int
circe_pawns_from_first_rank (const FePosition *pos, int side)
{
  (void) side;
  /* Cage too (Popeye's: a pawn caged on its first rank is freed by a
   * step; rebirth-squares.md §7). */
  int variant = CIRCE_VARIANT (pos->rules);
  return variant == FE_CIRCE_PARRAIN || variant == FE_CIRCE_CAGE ? 1 : 0;
}

/* "[+bBc8]": each rebirth in its own bracket; a reborn pawn's promotion
 * inside it ("[+wPe8=Q]"), a new imitator "[+wPc8=I]". */
static void
circe_notate (GString *out, const FePosition *before, const FeMove *m, const FePosition *after,
              const FeUndo *undo, int first, int end)
{
  int n_reborn = 0;
  for (int i = first; i < end; i++)
    {
      FeSquare sq = undo->changes[i].square;
      FePiece p = fe_notation_piece_at (after, undo, sq, end);
      /* A rebirth fills an empty square, or under Assassin takes one
       * (the piece taken off is not written, Popeye's). */
      if ((undo->changes[i].before.walk && !before->rules->params.v[FE_COND_CIRCE][6]) || !p.walk)
        continue;
      FePiece reborn = p;
      /* A pawn promoted on its rebirth: Parrain's owed one, or this
       * move's victim reborn as a pawn (after Clone, Einstein …). */
      FePiece victim = fe_move_victim (m, undo);
      const FeConditionParams *params = &before->rules->params;
      int as = fe_reborn_walk (params->v[FE_COND_CIRCE][4], victim.walk, before->board[m->from]);
      bool promoted = p.walk != FE_WALK_PAWN
                      && ((before->owed.walk == FE_WALK_PAWN && before->owed.id == p.id)
                          || (as == FE_WALK_PAWN && victim.id == p.id));
      if (promoted)
        reborn.walk = FE_WALK_PAWN;
      /* Turncoats: written in the victim's colour, then "=w" (Popeye's). */
      bool turned = victim.id == p.id && victim.colour != p.colour;
      if (turned)
        reborn.colour = victim.colour;
      g_string_append (out, "[+");
      fe_circe_append_piece (out, reborn);
      append_square (out, sq);
      if (promoted)
        {
          g_string_append_c (out, '=');
          uint8_t colour = p.colour == FE_NEUTRAL ? FE_NEUTRAL : FE_WHITE;
          fe_notation_append_piece_code (out, (FePiece) { p.walk, colour, p.attrs, 0 }, TRUE);
        }
      if (turned)
        g_string_append (out, p.colour == FE_WHITE ? "=w" : "=b");
      g_string_append_c (out, ']');
      n_reborn++;
    }
  /* Parrain: the owed pawn came back as a new imitator, the last one. */
  if (undo->n_rebirths > n_reborn && after->n_imitators > 0)
    {
      g_string_append (out, "[+");
      fe_circe_append_piece (out, before->owed.walk ? before->owed : fe_move_victim (m, undo));
      append_square (out, after->imitators[after->n_imitators - 1]);
      g_string_append (out, "=I]");
    }
}

/* Rex inclusive adds the check hook: the plain form keeps plain attack,
 * and its fast check test. */
#define CIRCE_OPS(check)                           \
  {                                                \
    .name = "circe",                               \
    .check_allowed = (check),                      \
    .choice_count = circe_choice_count,            \
    .choice_shift = PARRAIN_CHOICE_SHIFT,          \
    .pawns_from_first_rank = circe_pawns_from_first_rank, \
    .after_displacement = circe_after_displacement, \
    .effect_order = FE_EFFECT_REBIRTH,             \
    .captured_rebirth = circe_rule,                \
    .notate = circe_notate,                        \
  }
const FeConditionOps fe_condition_circe = CIRCE_OPS (NULL);
static const FeConditionOps circe_rex_inclusive_ops = CIRCE_OPS (circe_check_allowed);

/* ---- the class ------------------------------------------------------------- */

static const FeConditionParamDesc circe_params[] = {
  { .name = "variant", .label = FE_N_("Circe"), .type = FE_PARAM_ENUM,
    .n_values = FE_CIRCE_VARIANT_COUNT, .xml_attribute = "variant",
    .xml_values = (const char *const[]) { "none", "plain", "mirror", "diagram", "parrain", "file",
                                          "rank", "symmetry", "vertical-symmetry",
                                          "horizontal-symmetry", "antipodes", "pwc",
                                          "equipollents", "super", "cage", "take-and-make" },
    .xml_default = FE_CIRCE_PLAIN,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("plain"), FE_N_("Mirror"),
                                            FE_N_("Diagram"), FE_N_("Parrain"), FE_N_("File"),
                                            FE_N_("Rank"), FE_N_("Symmetry"),
                                            FE_N_("Vertical symmetry"),
                                            FE_N_("Horizontal symmetry"), FE_N_("Antipodes"),
                                            FE_N_("PWC"), FE_N_("Equipollents"),
                                            FE_N_("Super (any square)"), FE_N_("Cage"),
                                            FE_N_("Take&Make") } },
  { .name = "rex-inclusive", .label = FE_N_("Rex inclusive (kings are reborn)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "rex-inclusive", .xml_values = (const char *const[]) { "false", "true" } },
  { .name = "adapter", .label = FE_N_("Rebirth square turned"), .type = FE_PARAM_ENUM,
    .n_values = FE_REBIRTH_ADAPT_COUNT, .xml_attribute = "turned",
    .xml_values = (const char *const[]) { "none", "diametral", "vertical-mirror" },
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("Diametral"),
                                            FE_N_("Vertical mirror") } },
  { .name = "couscous", .label = FE_N_("Couscous (the capturer's square)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "couscous", .xml_values = (const char *const[]) { "false", "true" } },
  { .name = "reborn", .label = FE_N_("Reborn as"), .type = FE_PARAM_ENUM,
    .n_values = FE_REBORN_COUNT, .xml_attribute = "reborn",
    .xml_values = (const char *const[]) { "same", "clone", "chameleon", "einstein",
                                          "reverse-einstein" },
    .value_labels = (const char *const[]) { FE_N_("itself"), FE_N_("Clone"), FE_N_("Chameleon"),
                                            FE_N_("Einstein"), FE_N_("Reverse Einstein") } },
  { .name = "turncoats", .label = FE_N_("Turncoats (reborn in the other colour)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "turncoats", .xml_values = (const char *const[]) { "false", "true" } },
  { .name = "assassin", .label = FE_N_("Assassin (the piece on the rebirth square is taken off)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "assassin", .xml_values = (const char *const[]) { "false", "true" } },
};

/* Popeye's words; after "Circe" its variant words, and those of the forms
 * Féerie does not solve, which keep the whole condition unsolved. */
static const FeConditionKeyword circe_keywords[] = {
  { "Circe", 0, FE_CIRCE_PLAIN, 0 },
  { "MirrorCirce", 0, FE_CIRCE_MIRROR, 0 },
  { "DiagramCirce", 0, FE_CIRCE_DIAGRAM, 0 },
  { "ParrainCirce", 0, FE_CIRCE_PARRAIN, 0 },
  { "FileCirce", 0, FE_CIRCE_FILE, 0 },
  { "RankCirce", 0, FE_CIRCE_RANK, 0 },
  { "SymmetryCirce", 0, FE_CIRCE_SYMMETRY, 0 },
  { "VerticalSymmetryCirce", 0, FE_CIRCE_VERTICAL_SYMMETRY, 0 },
  { "HorizontalSymmetryCirce", 0, FE_CIRCE_HORIZONTAL_SYMMETRY, 0 },
  { "AntipodeanCirce", 0, FE_CIRCE_ANTIPODES, 0 },
  { "PWC", 0, FE_CIRCE_PWC, 0 },
  { "EquipollentsCirce", 0, FE_CIRCE_EQUIPOLLENTS, 0 },
  { "SuperCirce", 0, FE_CIRCE_SUPER, 0 },
  { "CageCirce", 0, FE_CIRCE_CAGE, 0 },
  { "CirceTake&Make", 0, FE_CIRCE_TAKE_MAKE, 0 },
  { "DiametralCirce", 2, FE_REBIRTH_ADAPT_DIAMETRAL, 0 },
  { "VerticalMirrorCirce", 2, FE_REBIRTH_ADAPT_VERTICAL_MIRROR, 0 },
  { "CouscousCirce", 3, 1, 0 },
  { "Mirror", 0, FE_CIRCE_MIRROR, FE_KEYWORD_AFTER_SWITCH },
  { "Diagram", 0, FE_CIRCE_DIAGRAM, FE_KEYWORD_AFTER_SWITCH },
  { "Parrain", 0, FE_CIRCE_PARRAIN, FE_KEYWORD_AFTER_SWITCH },
  { "File", 0, FE_CIRCE_FILE, FE_KEYWORD_AFTER_SWITCH },
  { "Rank", 0, FE_CIRCE_RANK, FE_KEYWORD_AFTER_SWITCH },
  { "Symmetry", 0, FE_CIRCE_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "VerticalSymmetry", 0, FE_CIRCE_VERTICAL_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "HorizontalSymmetry", 0, FE_CIRCE_HORIZONTAL_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "Antipodes", 0, FE_CIRCE_ANTIPODES, FE_KEYWORD_AFTER_SWITCH },
  { "PWC", 0, FE_CIRCE_PWC, FE_KEYWORD_AFTER_SWITCH },
  { "Equipollents", 0, FE_CIRCE_EQUIPOLLENTS, FE_KEYWORD_AFTER_SWITCH },
  { "Diametral", 2, FE_REBIRTH_ADAPT_DIAMETRAL, FE_KEYWORD_AFTER_SWITCH },
  { "VerticalMirror", 2, FE_REBIRTH_ADAPT_VERTICAL_MIRROR, FE_KEYWORD_AFTER_SWITCH },
  { "Couscous", 3, 1, FE_KEYWORD_AFTER_SWITCH },
  { "RexInclusive", 1, 1, FE_KEYWORD_AFTER_SWITCH },
  { "Assassin", 6, 1, FE_KEYWORD_AFTER_SWITCH },
  { "CirceAssassin", 6, 1, 0 },
  { "CirceClone", 4, FE_REBORN_CLONE, 0 },
  { "ChameleonCirce", 4, FE_REBORN_CHAMELEON, 0 },
  { "CirceTurncoats", 5, 1, 0 },
  { "Clone", 4, FE_REBORN_CLONE, FE_KEYWORD_AFTER_SWITCH },
  { "Chameleon", 4, FE_REBORN_CHAMELEON, FE_KEYWORD_AFTER_SWITCH },
  { "Einstein", 4, FE_REBORN_EINSTEIN, FE_KEYWORD_AFTER_SWITCH },
  { "ReversalEinstein", 4, FE_REBORN_REVERSE_EINSTEIN, FE_KEYWORD_AFTER_SWITCH },
  { "Turncoats", 5, 1, FE_KEYWORD_AFTER_SWITCH },
  { "LastMove", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "ContraParrain", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Cage", 0, FE_CIRCE_CAGE, FE_KEYWORD_AFTER_SWITCH },
  { "Take&Make", 0, FE_CIRCE_TAKE_MAKE, FE_KEYWORD_AFTER_SWITCH },
  { "Super", 0, FE_CIRCE_SUPER, FE_KEYWORD_AFTER_SWITCH },
  { "April", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Frischauf", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Volcanic", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Parachute", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "RexExclusive", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Strict", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "WaitCapture", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "CaptureSquare", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Berolina", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
};

static gboolean
circe_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                GError **error)
{
  int variant = fe_params_get (params, id, 0);
  /* Assassin's check is played capture by capture on the rebirth rule:
   * not with Parrain's owed piece, a king reborn, the variants whose
   * squares are empty ones, nor with the conditions below (D67). */
  if (variant && fe_params_get (params, id, 6))
    {
      const char *why = variant == FE_CIRCE_PARRAIN ? _ ("Circe Parrain Assassin is not supported")
                        : square_radix (params) > 1
                        ? _ ("Circe Assassin with a square of the capturer's choosing is not supported")
                        : fe_params_get (params, id, 1) ? _ ("Circe Assassin Rex inclusive is not supported")
                        : NULL;
      for (int k = 0; !why && k < fe_condition_count (); k++)
        {
          /* A kamikaze capturer reborn by the same rule, imitators,
           * AntiCirce, Einstein, a test of the final position. */
          const FeConditionOps *ops = fe_condition_nth (k)->ops;
          bool refused = k == FE_COND_KAMIKAZE || k == FE_COND_IMITATOR || k == FE_COND_ANTICIRCE
                         || k == FE_COND_EINSTEIN || (ops && ops->effect_order == FE_EFFECT_LEGALITY);
          if (refused && fe_condition_in_force (k, params, diagram))
            {
              g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("%s with %s is not supported"), _ ("Circe Assassin"),
                           _ (fe_condition_nth (k)->label));
              return FALSE;
            }
        }
      if (why)
        {
          g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED, why);
          return FALSE;
        }
    }
  /* A king reborn in the other colour would leave a side with two kings
   * and the other with none (D64). */
  if (variant && fe_params_get (params, id, 1) && fe_params_get (params, id, 5))
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("Circe Turncoats Rex inclusive is not supported"));
      return FALSE;
    }
  /* Parrain's owed piece, Super's chosen square: neither with Rex
   * inclusive, a kamikaze capturer's own rebirth or magician pieces (their
   * choices share the move's digits; D66). */
  static const char *const refusals[3][3] = {
    { FE_N_ ("Circe Parrain Rex inclusive is not supported"),
      FE_N_ ("Circe Parrain with magician pieces is not supported"),
      FE_N_ ("Circe Parrain with kamikaze pieces is not supported") },
    { FE_N_ ("Super-Circe Rex inclusive is not supported"),
      FE_N_ ("Super-Circe with magician pieces is not supported"),
      FE_N_ ("Super-Circe with kamikaze pieces is not supported") },
    { FE_N_ ("Circe Take&Make Rex inclusive is not supported"),
      FE_N_ ("Circe Take&Make with magician pieces is not supported"),
      FE_N_ ("Circe Take&Make with kamikaze pieces is not supported") },
  };
  int row = variant == FE_CIRCE_PARRAIN ? 0
            : variant == FE_CIRCE_SUPER || variant == FE_CIRCE_CAGE ? 1
            : variant == FE_CIRCE_TAKE_MAKE ? 2 : -1;
  if (row < 0)
    return TRUE;
  const char *why = NULL;
  if (fe_params_get (params, id, 1))
    why = _ (refusals[row][0]);
  else if (fe_params_on (params, FE_COND_MAGICIAN)
           || (diagram && fe_position_has_attribute (diagram, FE_ATTR_MAGICIAN)))
    why = _ (refusals[row][1]);
  else if (fe_params_on (params, FE_COND_KAMIKAZE)
           || (diagram && fe_position_has_attribute (diagram, FE_ATTR_KAMIKAZE)))
    why = _ (refusals[row][2]);
  if (why)
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED, why);
      return FALSE;
    }
  return TRUE;
}

/* The caption names the form: "Circe", "Mirror Circe RI", "Parrain Circe". */
static void
circe_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                const FeDescribeStyle *style, GPtrArray *lines)
{
  static const char *const caption[FE_CIRCE_VARIANT_COUNT] = {
    NULL, FE_N_("Circe"), FE_N_("Mirror Circe"), FE_N_("Diagram Circe"), FE_N_("Parrain Circe"),
    FE_N_("File Circe"), FE_N_("Rank Circe"), FE_N_("Symmetry Circe"),
    FE_N_("Vertical symmetry Circe"), FE_N_("Horizontal symmetry Circe"),
    FE_N_("Antipodes Circe"), FE_N_("PWC"), FE_N_("Equipollents Circe"), FE_N_("Super-Circe"),
    FE_N_("Cage Circe"), FE_N_("Circe Take&Make"),
  };
  static const char *const adapter[FE_REBIRTH_ADAPT_COUNT] = { NULL, FE_N_("diametral"),
                                                              FE_N_("vertical mirror") };
  (void) diagram;
  int variant = fe_params_get (params, id, 0);
  if (variant < FE_CIRCE_PLAIN || variant >= FE_CIRCE_VARIANT_COUNT)
    variant = FE_CIRCE_PLAIN;
  int turned = MIN (fe_params_get (params, id, 2), FE_REBIRTH_ADAPT_COUNT - 1);
  bool rex = fe_params_get (params, id, 1), couscous = fe_params_get (params, id, 3);
  if (style->caption)
    {
      GString *line = g_string_new (style->translate (caption[variant]));
      if (turned)
        g_string_append_printf (line, " %s", style->translate (adapter[turned]));
      if (couscous)
        g_string_append_printf (line, " %s", style->translate (FE_N_("Couscous")));
      static const char *const reborn_labels[FE_REBORN_COUNT] = {
        NULL, FE_N_("Clone"), FE_N_("Chameleon"), FE_N_("Einstein"), FE_N_("Reverse Einstein")
      };
      int reborn = MIN (fe_params_get (params, id, 4), FE_REBORN_COUNT - 1);
      if (reborn)
        g_string_append_printf (line, " %s", style->translate (reborn_labels[reborn]));
      if (fe_params_get (params, id, 5))
        g_string_append_printf (line, " %s", style->translate (FE_N_("Turncoats")));
      if (fe_params_get (params, id, 6))
        g_string_append_printf (line, " %s", style->translate (FE_N_("Assassin")));
      if (rex)
        g_string_append (line, " RI");
      g_ptr_array_add (lines, g_string_free (line, FALSE));
      return;
    }
  /* The solver's header: Popeye's echo, "Circe" and the variant words. */
  GString *words = g_string_new ("Circe");
  FeRebirthRule rule = { 0 };
  circe_rule (params, id, &rule);
  fe_rebirth_append_popeye_words (words, &rule, variant == FE_CIRCE_PARRAIN);
  static const char *const reborn_words[FE_REBORN_COUNT] = { NULL, "Clone", "Chameleon", "Einstein",
                                                             "ReversalEinstein" };
  int reborn = MIN (fe_params_get (params, id, 4), FE_REBORN_COUNT - 1);
  if (reborn)
    g_string_append_printf (words, " %s", reborn_words[reborn]);
  if (fe_params_get (params, id, 5))
    g_string_append (words, " Turncoats");
  if (rex)
    g_string_append (words, " RexInclusive");
  g_ptr_array_add (lines, g_string_free (words, FALSE));
}

/* The hooks depend on Rex inclusive (a check hook only then). */
static const FeConditionOps *
circe_ops (const FeRules *rules, const FeConditionParams *params, int id)
{
  (void) rules;
  return fe_params_get (params, id, 1) ? &circe_rex_inclusive_ops : &fe_condition_circe;
}

const FeConditionClass fe_condition_class_circe = {
  .name = "circe",
  .label = FE_N_("Circe"),
  .xml_element = "circe",
  .params = circe_params,
  .n_params = G_N_ELEMENTS (circe_params),
  .validate = circe_validate,
  .describe = circe_describe,
  .ops = &fe_condition_circe,
  .ops_for = circe_ops,
  .popeye_keywords = circe_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (circe_keywords),
  .stage_label = FE_N_("the captured piece is reborn"),
};
