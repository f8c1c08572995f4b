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
#define PARRAIN_CHOICE_BITS 8

static inline bool
light (FeSquare sq)
{
  return (FE_FILE (sq) + FE_RANK (sq)) & 1;
}

FeSquare
fe_circe_home_square (int walk, FeSquare sq, int home)
{
  int rank = home == FE_WHITE ? 0 : 7;
  /* Rooks, bishops and knights go to the home square of the capture
   * square's colour; a8 and h1 are light. */
  bool l = light (sq);
  switch (walk)
    {
    case FE_WALK_KING:
      return FE_SQ (4, rank);
    case FE_WALK_QUEEN:
      return FE_SQ (3, rank);
    case FE_WALK_ROOK:
      return FE_SQ (l == (home == FE_WHITE) ? 7 : 0, rank);
    case FE_WALK_BISHOP:
      return FE_SQ (l == (home == FE_WHITE) ? 5 : 2, rank);
    case FE_WALK_KNIGHT:
      return FE_SQ (l == (home == FE_WHITE) ? 1 : 6, rank);
    case FE_WALK_PAWN:
      return FE_SQ (FE_FILE (sq), home == FE_WHITE ? 1 : 6);
    default:
      /* Other walks: the promotion square of the capture file. */
      return FE_SQ (FE_FILE (sq), home == FE_WHITE ? 7 : 0);
    }
}

FeSquare
fe_circe_rebirth_square (const FePosition *pos, FePiece piece, FeSquare sq, int capturing_side)
{
  switch (CIRCE_VARIANT (pos->rules))
    {
    case FE_CIRCE_PLAIN:
      /* The table is read by the capturing side (circe.md §2.4: a neutral
       * victim goes to the square of the side that did not capture it). */
      return fe_circe_home_square (piece.walk, sq, FE_OPPONENT (capturing_side));
    case FE_CIRCE_MIRROR:
      return fe_circe_home_square (piece.walk, sq, capturing_side);
    case FE_CIRCE_DIAGRAM:
      return pos->rules->diagram_square[piece.id];
    default:
      return FE_NO_SQUARE;
    }
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
 * the move that would put one there is illegal. */
static bool
puts_back (FePosition *pos, FeUndo *undo, FePiece piece, FeSquare sq, bool *legal)
{
  *legal = true;
  if (!FE_ON_BOARD (sq) || pos->board[sq].walk)
    return false;
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

static int
circe_choice_count (const FePosition *pos, const FeMove *m)
{
  FeSquare sq;
  /* A pawn that cannot come back has nothing to promote to: one move. */
  if (CIRCE_VARIANT (pos->rules) != FE_CIRCE_PARRAIN || !promotes_on_rebirth (pos, m, &sq)
      || !empty_after_displacement (pos, m, sq))
    return 1;
  return pos->rules->n_promotion_walks + (imitator_promotion (pos) ? 1 : 0);
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
        {
          /* The reborn pawn becomes an imitator on its square
           * (docs/rules/imitator.md §7), after the others have moved. */
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
  if (!victim.walk || (victim.walk == FE_WALK_KING && !CIRCE_REX_INCLUSIVE (r)))
    return true;
  bool legal = true;
  FeSquare sq = fe_circe_rebirth_square (pos, victim, m->capture, pos->side);
  if (puts_back (pos, undo, victim, sq, &legal))
    undo->n_rebirths++;
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
  return CIRCE_VARIANT (pos->rules) == FE_CIRCE_PARRAIN ? 1 : 0;
}

/* "[+bBc8]": each rebirth in its own bracket; a reborn pawn's promotion
 * inside it ("[+wPe8=Q]"), a new imitator "[+wPc8=I]". */
static void
circe_notate (GString *out, const FePosition *before, const FeMove *m, const FePosition *after,
              const FeUndo *undo, int first, int end)
{
  (void) m;
  int n_reborn = 0;
  for (int i = first; i < end; i++)
    {
      FeSquare sq = undo->changes[i].square;
      FePiece p = fe_notation_piece_at (after, undo, sq, end);
      if (undo->changes[i].before.walk || !p.walk)
        continue;
      FePiece reborn = p;
      /* Parrain: the owed pawn, promoted on its rebirth. */
      bool promoted = before->owed.walk == FE_WALK_PAWN && before->owed.id == p.id
                      && p.walk != FE_WALK_PAWN;
      if (promoted)
        reborn.walk = FE_WALK_PAWN;
      g_string_append (out, "[+");
      fe_circe_append_piece (out, reborn);
      append_square (out, sq);
      if (promoted)
        {
          g_string_append_c (out, '=');
          uint8_t colour = p.colour == FE_NEUTRAL ? FE_NEUTRAL : FE_WHITE;
          fe_notation_append_piece_code (out, (FePiece) { p.walk, colour, p.attrs, 0 }, TRUE);
        }
      g_string_append_c (out, ']');
      n_reborn++;
    }
  /* Parrain: the owed pawn came back as a new imitator, the last one. */
  if (undo->n_rebirths > n_reborn && after->n_imitators > 0)
    {
      g_string_append (out, "[+");
      fe_circe_append_piece (out, before->owed);
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
    .notate = circe_notate,                        \
  }
const FeConditionOps fe_condition_circe = CIRCE_OPS (NULL);
static const FeConditionOps circe_rex_inclusive_ops = CIRCE_OPS (circe_check_allowed);

/* ---- the class ------------------------------------------------------------- */

static const FeConditionParamDesc circe_params[] = {
  { .name = "variant", .label = FE_N_("Circe"), .type = FE_PARAM_ENUM, .n_values = 5,
    .xml_attribute = "variant",
    .xml_values = (const char *const[]) { "none", "plain", "mirror", "diagram", "parrain" },
    .xml_default = FE_CIRCE_PLAIN,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("plain"), FE_N_("Mirror"),
                                            FE_N_("Diagram"), FE_N_("Parrain") } },
  { .name = "rex-inclusive", .label = FE_N_("Rex inclusive (kings are reborn)"),
    .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "rex-inclusive", .xml_values = (const char *const[]) { "false", "true" } },
};

/* Popeye's words; after "Circe" its variant words, and those of the forms
 * Féerie does not solve, which keep the whole condition unsolved. */
static const FeConditionKeyword circe_keywords[] = {
  { "Circe", 0, FE_CIRCE_PLAIN, 0 },
  { "MirrorCirce", 0, FE_CIRCE_MIRROR, 0 },
  { "DiagramCirce", 0, FE_CIRCE_DIAGRAM, 0 },
  { "ParrainCirce", 0, FE_CIRCE_PARRAIN, 0 },
  { "Mirror", 0, FE_CIRCE_MIRROR, FE_KEYWORD_AFTER_SWITCH },
  { "Diagram", 0, FE_CIRCE_DIAGRAM, FE_KEYWORD_AFTER_SWITCH },
  { "Parrain", 0, FE_CIRCE_PARRAIN, FE_KEYWORD_AFTER_SWITCH },
  { "RexInclusive", 1, 1, FE_KEYWORD_AFTER_SWITCH },
  { "Assassin", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Clone", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Chameleon", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Turncoats", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Couscous", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "LastMove", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Equipollents", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "ContraParrain", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Cage", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Rank", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "File", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Symmetry", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Diametral", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "VerticalMirror", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "PWC", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Antipodes", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Take&Make", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Super", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "April", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Frischauf", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Einstein", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "ReversalEinstein", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Volcanic", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Parachute", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "RexExclusive", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
};

static gboolean
circe_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                GError **error)
{
  int variant = fe_params_get (params, id, 0);
  if (variant != FE_CIRCE_PARRAIN)
    return TRUE;
  const char *why = NULL;
  if (fe_params_get (params, id, 1))
    why = _ ("Circe Parrain Rex inclusive is not supported");
  else if (fe_params_on (params, FE_COND_MAGICIAN)
           || (diagram && fe_position_has_attribute (diagram, FE_ATTR_MAGICIAN)))
    why = _ ("Circe Parrain with magician pieces is not supported");
  else if (fe_params_on (params, FE_COND_KAMIKAZE)
           || (diagram && fe_position_has_attribute (diagram, FE_ATTR_KAMIKAZE)))
    why = _ ("Circe Parrain with kamikaze pieces is not supported");
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
  static const char *const solver[] = { NULL, "Circe", "Circe Mirror", "Circe Diagram",
                                        "Circe Parrain" };
  static const char *const caption[] = { NULL, FE_N_("Circe"), FE_N_("Mirror Circe"),
                                         FE_N_("Diagram Circe"), FE_N_("Parrain Circe") };
  (void) diagram;
  int variant = fe_params_get (params, id, 0);
  if (variant < FE_CIRCE_PLAIN || variant > FE_CIRCE_PARRAIN)
    variant = FE_CIRCE_PLAIN;
  bool rex = fe_params_get (params, id, 1);
  if (style->caption)
    g_ptr_array_add (lines, g_strdup_printf ("%s%s", style->translate (caption[variant]),
                                             rex ? " RI" : ""));
  else
    g_ptr_array_add (lines, g_strdup_printf ("%s%s", solver[variant], rex ? " RexInclusive" : ""));
}

/* The hooks depend on Rex inclusive (a check hook only then). */
static const FeConditionOps *
circe_ops (const FeConditionParams *params, int id)
{
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
