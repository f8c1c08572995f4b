/* anticirce.c — AntiCirce, Calvet and Cheylan (docs/rules/anticirce.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The victim of a capture is gone for good; the capturer is sent to its
 * own Circe rebirth square (by its walk once promoted or mutated, and the
 * capture square), and the capture is illegal where that square is taken.
 * Calvet lets a piece capture on its own rebirth square and stay; Cheylan
 * forbids it.  A king is in check only by a capture that could be played
 * (the legal-capture kind, anticirce.md §3).
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"
#include "core/rules/notation.h"
#include "circe.h"
#include "core/model/fe-i18n.h"

typedef enum {
  ANTICIRCE_OFF = 0,
  ANTICIRCE_CALVET,
  ANTICIRCE_CHEYLAN,
} AntiCirceType;

/* AntiCirce Super's choice (rebirth-squares.md §7): the square (0 … 63) plus
 * 64 × the walk a pawn sent to its promotion rank becomes, in the digit
 * above Circe's (Circe and AntiCirce combine). */
#define SUPER_CHOICE_SHIFT 19
#define SUPER_CHOICE_BITS 13

static FeRebirthRule
anticirce_rule (const FeConditionParams *params)
{
  return (FeRebirthRule) { .squares = params->v[FE_COND_ANTICIRCE][1],
                           .adapter = params->v[FE_COND_ANTICIRCE][2] };
}

/* Every square for a capture under Super, times the promotions of a pawn
 * that captures without promoting (it may be sent to its last rank). */
static int
anticirce_choice_count (const FePosition *pos, const FeMove *m)
{
  FeRebirthRule rule = anticirce_rule (&pos->rules->params);
  if (m->capture == FE_NO_SQUARE || fe_rebirth_choices (&rule) == 1)
    return 1;
  bool pawn = pos->board[m->from].walk == FE_WALK_PAWN && !m->promotion
              && !(m->flags & FE_MOVE_PROMOTE_IMITATOR);
  return fe_rebirth_choices (&rule) * (pawn ? pos->rules->n_promotion_walks : 1);
}

static bool
anticirce_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  if (m->capture == FE_NO_SQUARE || (m->flags & FE_MOVE_PROMOTE_IMITATOR))
    return true;
  FePiece capturer = pos->board[m->to];
  if (!capturer.walk)
    return true;
  /* Its own column; a neutral capturer is reborn for the side that moved
   * it (anticirce.md §2); the squares by the type's rule (rebirth-squares.md). */
  const FeConditionParams *params = &pos->rules->params;
  FeRebirthRule rule = anticirce_rule (params);
  int choice = FE_CHOICE_DIGIT (m->choice, SUPER_CHOICE_SHIFT, SUPER_CHOICE_BITS);
  FeRebirthQuery q = { capturer, m->capture, pos->side, m, FE_PIECE_EMPTY, choice % 64 };
  FeSquare sq = fe_rebirth_square (&rule, pos->rules, &q);
  if (sq == FE_NO_SQUARE)
    return false;
  /* A pawn sent to its promotion rank promotes there (Super: the walk is
   * the choice's); any other promotion choice is no move. */
  int promotion = choice / 64;
  int pawn_side = capturer.colour == FE_NEUTRAL ? pos->side : capturer.colour;
  bool promotes = fe_rebirth_choices (&rule) > 1 && capturer.walk == FE_WALK_PAWN
                  && FE_RANK (sq) == (pawn_side == FE_WHITE ? 7 : 0);
  if (promotes)
    capturer.walk = pos->rules->promotion_walks[promotion];
  else if (promotion)
    return false;
  if (sq == m->to)
    {
      if (pos->rules->params.v[FE_COND_ANTICIRCE][0] == ANTICIRCE_CHEYLAN)
        return false;
      /* Calvet: it stays, and the transfer is written all the same. */
      fe_position_set (pos, undo, sq, capturer);
    }
  else
    {
      if (pos->board[sq].walk || fe_position_imitator_at (pos, sq) >= 0)
        return false;
      fe_position_set (pos, undo, m->to, FE_PIECE_EMPTY);
      fe_position_set (pos, undo, sq, capturer);
    }
  /* Cage: only where it is caged; without a cage the capture is none. */
  return rule.squares != FE_REBIRTH_CAGE || fe_rebirth_caged (pos, sq);
}

static bool
anticirce_check_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return fe_capture_playable (pos, path, NULL);
}

/* "[wRh1->h1]": the capturer's last write is on its rebirth square. */
static void
anticirce_notate (GString *out, const FePosition *before, const FeMove *m,
                  const FePosition *after, const FeUndo *undo, int first, int end)
{
  if (end <= first)
    return;
  FeSquare sq = undo->changes[end - 1].square;
  FePiece now = fe_notation_piece_at (after, undo, sq, end);
  /* A pawn promoted where it was sent: "[wPa7->d8=Q]" (Popeye's). */
  FePiece mover = before->board[m->from];
  bool promoted = mover.walk == FE_WALK_PAWN && !m->promotion && now.walk != FE_WALK_PAWN
                  && !(m->flags & FE_MOVE_PROMOTE_IMITATOR);
  FePiece written = now;
  if (promoted)
    written.walk = FE_WALK_PAWN;
  fe_circe_append_transfer (out, written, m->to, sq);
  if (promoted)
    {
      /* Inside the bracket, before its close. */
      g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '=');
      uint8_t colour = now.colour == FE_NEUTRAL ? FE_NEUTRAL : FE_WHITE;
      fe_notation_append_piece_code (out, (FePiece) { now.walk, colour, now.attrs, 0 }, TRUE);
      g_string_append_c (out, ']');
    }
}

const FeConditionOps fe_condition_anticirce = {
  .name = "anticirce",
  .check_allowed = anticirce_check_allowed,
  .choice_count = anticirce_choice_count,
  .choice_shift = SUPER_CHOICE_SHIFT,
  .after_displacement = anticirce_after_displacement,
  .effect_order = FE_EFFECT_TRANSFER,
  .notate = anticirce_notate,
};

static const FeConditionParamDesc anticirce_params[] = {
  { .name = "type", .label = FE_N_("AntiCirce"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "type", .xml_values = (const char *const[]) { "none", "calvet", "cheylan" },
    .xml_default = ANTICIRCE_CALVET,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("Calvet"), FE_N_("Cheylan") } },
  /* Every square rule but Take&Make's (Popeye's AntiCirce Take&Make is
   * another rule, not solved yet). */
  FE_REBIRTH_SQUARES_PARAM_N (FE_REBIRTH_TAKE_MAKE),
  { .name = "adapter", .label = FE_N_("Rebirth square turned"), .type = FE_PARAM_ENUM,
    .n_values = FE_REBIRTH_ADAPT_COUNT, .xml_attribute = "turned",
    .xml_values = (const char *const[]) { "none", "diametral", "vertical-mirror" },
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("Diametral"),
                                            FE_N_("Vertical mirror") } },
};

static const FeConditionKeyword anticirce_keywords[] = {
  { "AntiCirce", 0, ANTICIRCE_CALVET, 0 },
  { "Calvet", 0, ANTICIRCE_CALVET, FE_KEYWORD_AFTER_SWITCH },
  { "Cheylan", 0, ANTICIRCE_CHEYLAN, FE_KEYWORD_AFTER_SWITCH },
  { "MirrorAntiCirce", 1, FE_REBIRTH_MIRROR, 0 },
  { "DiagramAntiCirce", 1, FE_REBIRTH_DIAGRAM, 0 },
  { "FileAntiCirce", 1, FE_REBIRTH_FILE, 0 },
  { "SymmetryAntiCirce", 1, FE_REBIRTH_SYMMETRY, 0 },
  { "VerticalSymmetryAntiCirce", 1, FE_REBIRTH_VERTICAL_SYMMETRY, 0 },
  { "HorizontalSymmetryAntiCirce", 1, FE_REBIRTH_HORIZONTAL_SYMMETRY, 0 },
  { "AntipodeanAntiCirce", 1, FE_REBIRTH_ANTIPODES, 0 },
  { "EquipollentsAntiCirce", 1, FE_REBIRTH_EQUIPOLLENTS, 0 },
  { "Mirror", 1, FE_REBIRTH_MIRROR, FE_KEYWORD_AFTER_SWITCH },
  { "Diagram", 1, FE_REBIRTH_DIAGRAM, FE_KEYWORD_AFTER_SWITCH },
  { "File", 1, FE_REBIRTH_FILE, FE_KEYWORD_AFTER_SWITCH },
  { "Rank", 1, FE_REBIRTH_RANK, FE_KEYWORD_AFTER_SWITCH },
  { "Symmetry", 1, FE_REBIRTH_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "VerticalSymmetry", 1, FE_REBIRTH_VERTICAL_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "HorizontalSymmetry", 1, FE_REBIRTH_HORIZONTAL_SYMMETRY, FE_KEYWORD_AFTER_SWITCH },
  { "Antipodes", 1, FE_REBIRTH_ANTIPODES, FE_KEYWORD_AFTER_SWITCH },
  { "Equipollents", 1, FE_REBIRTH_EQUIPOLLENTS, FE_KEYWORD_AFTER_SWITCH },
  { "Diametral", 2, FE_REBIRTH_ADAPT_DIAMETRAL, FE_KEYWORD_AFTER_SWITCH },
  { "VerticalMirror", 2, FE_REBIRTH_ADAPT_VERTICAL_MIRROR, FE_KEYWORD_AFTER_SWITCH },
  { "Couscous", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Clone", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Assassin", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "April", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Berolina", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Cage", 1, FE_REBIRTH_CAGE, FE_KEYWORD_AFTER_SWITCH },
  { "Einstein", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "ReversalEinstein", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Frischauf", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Parachute", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Volcanic", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
  { "Super", 1, FE_REBIRTH_ANY, FE_KEYWORD_AFTER_SWITCH },
  { "AntiSuperCirce", 1, FE_REBIRTH_ANY, 0 },
  { "Take&Make", 0, 0, FE_KEYWORD_AFTER_SWITCH | FE_KEYWORD_REFUSED },
};

/* Popeye refuses kamikaze pieces with AntiCirce (docs/rules/anticirce.md §4,
 * combinations.md §4). */
static gboolean
anticirce_validate (const FeConditionParams *params, int id, const FePosition *diagram,
                    GError **error)
{
  if (!fe_params_on (params, id))
    return TRUE;
  if (fe_params_on (params, FE_COND_KAMIKAZE)
      || (diagram && fe_position_has_attribute (diagram, FE_ATTR_KAMIKAZE)))
    {
      g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                           _ ("AntiCirce with kamikaze pieces is undefined (Popeye refuses it)"));
      return FALSE;
    }
  return TRUE;
}

static void
anticirce_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                    const FeDescribeStyle *style, GPtrArray *lines)
{
  (void) diagram;
  bool cheylan = fe_params_get (params, id, 0) == ANTICIRCE_CHEYLAN;
  int squares = fe_params_get (params, id, 1), turned = fe_params_get (params, id, 2);
  if (style->caption)
    {
      GString *line = g_string_new (style->translate (cheylan ? FE_N_("AntiCirce Cheylan")
                                                              : FE_N_("AntiCirce")));
      if (squares && squares < FE_REBIRTH_SQUARES_COUNT)
        g_string_append_printf (line, " %s", style->translate (fe_rebirth_squares_labels[squares]));
      if (turned == FE_REBIRTH_ADAPT_DIAMETRAL)
        g_string_append_printf (line, " %s", style->translate (FE_N_("diametral")));
      else if (turned == FE_REBIRTH_ADAPT_VERTICAL_MIRROR)
        g_string_append_printf (line, " %s", style->translate (FE_N_("vertical mirror")));
      g_ptr_array_add (lines, g_string_free (line, FALSE));
      return;
    }
  GString *words = g_string_new ("AntiCirce");
  FeRebirthRule rule = { .squares = squares, .adapter = turned };
  fe_rebirth_append_popeye_words (words, &rule, false);
  if (cheylan)
    g_string_append (words, " Cheylan");
  g_ptr_array_add (lines, g_string_free (words, FALSE));
}

const FeConditionClass fe_condition_class_anticirce = {
  .name = "anticirce",
  .label = FE_N_("AntiCirce"),
  .xml_element = "anticirce",
  .params = anticirce_params,
  .n_params = G_N_ELEMENTS (anticirce_params),
  .validate = anticirce_validate,
  .describe = anticirce_describe,
  .ops = &fe_condition_anticirce,
  .popeye_keywords = anticirce_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (anticirce_keywords),
  .stage_label = FE_N_("the capturer goes to its rebirth square"),
};
