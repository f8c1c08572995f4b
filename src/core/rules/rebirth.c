/* rebirth.c — the Circe family's square policies (docs/rules/rebirth-squares.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rebirth.h"
#include "condition.h"

const char *const fe_rebirth_squares_xml[FE_REBIRTH_SQUARES_COUNT] = {
  "plain", "mirror", "diagram", "file", "rank", "symmetry", "vertical-symmetry",
  "horizontal-symmetry", "antipodes", "pwc", "equipollents", "capture-square", "super", "cage",
  "take-and-make",
};

const char *const fe_rebirth_squares_labels[FE_REBIRTH_SQUARES_COUNT] = {
  FE_N_ ("plain"), FE_N_ ("Mirror"), FE_N_ ("Diagram"), FE_N_ ("File"), FE_N_ ("Rank"),
  FE_N_ ("Symmetry"), FE_N_ ("Vertical symmetry"), FE_N_ ("Horizontal symmetry"),
  FE_N_ ("Antipodes"), FE_N_ ("PWC"), FE_N_ ("Equipollents"), FE_N_ ("Capture square"),
  FE_N_ ("Super (any square)"), FE_N_ ("Cage"), FE_N_ ("Take&Make"),
};

static inline bool
light (FeSquare sq)
{
  return (FE_FILE (sq) + FE_RANK (sq)) & 1;
}

FeSquare
fe_rebirth_home_square (int walk, FeSquare sq, int home)
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

int
fe_reborn_walk (FeRebornWalk kind, int walk, FePiece capturer)
{
  switch (kind)
    {
    case FE_REBORN_CLONE:
      return capturer.walk && capturer.walk != FE_WALK_KING ? capturer.walk : walk;
    case FE_REBORN_CHAMELEON:
      return walk == FE_WALK_KNIGHT ? FE_WALK_BISHOP
             : walk == FE_WALK_BISHOP ? FE_WALK_ROOK
             : walk == FE_WALK_ROOK   ? FE_WALK_QUEEN
             : walk == FE_WALK_QUEEN  ? FE_WALK_KNIGHT
                                      : walk;
    case FE_REBORN_EINSTEIN:
      return walk == FE_WALK_QUEEN ? FE_WALK_ROOK
             : walk == FE_WALK_ROOK ? FE_WALK_BISHOP
             : walk == FE_WALK_BISHOP ? FE_WALK_KNIGHT
             : walk == FE_WALK_KNIGHT ? FE_WALK_PAWN
                                      : walk;
    case FE_REBORN_REVERSE_EINSTEIN:
      return walk == FE_WALK_PAWN ? FE_WALK_KNIGHT
             : walk == FE_WALK_KNIGHT ? FE_WALK_BISHOP
             : walk == FE_WALK_BISHOP ? FE_WALK_ROOK
             : walk == FE_WALK_ROOK   ? FE_WALK_QUEEN
                                      : walk;
    default:
      return walk;
    }
}

static FeSquare
offset (FeSquare sq, int df, int dr)
{
  int f = FE_FILE (sq) + df, r = FE_RANK (sq) + dr;
  return f < 0 || f > 7 || r < 0 || r > 7 ? FE_NO_SQUARE : FE_SQ (f, r);
}

FeSquare
fe_rebirth_square (const FeRebirthRule *rule, const FeRules *rules, const FeRebirthQuery *q)
{
  FeSquare c = q->square;
  int walk = q->piece.walk, side = q->side;
  if (rule->couscous && q->capturer.walk)
    {
      /* The capturer's square: its walk, its own column. */
      walk = q->capturer.walk;
      side = FE_OPPONENT (side);
    }
  FeSquare sq;
  switch (rule->squares)
    {
    case FE_REBIRTH_CIRCE:
      sq = fe_rebirth_home_square (walk, c, side);
      break;
    case FE_REBIRTH_MIRROR:
      sq = fe_rebirth_home_square (walk, c, FE_OPPONENT (side));
      break;
    case FE_REBIRTH_DIAGRAM:
      sq = rules ? rules->diagram_square[q->piece.id] : FE_NO_SQUARE;
      break;
    case FE_REBIRTH_FILE:
      sq = FE_SQ (FE_FILE (c), FE_RANK (fe_rebirth_home_square (walk, c, side)));
      break;
    case FE_REBIRTH_RANK:
      {
        /* Popeye's Rank Circe: the column whose home squares have the
         * capture rank's parity, then that home square's file on the
         * capture rank. */
        int column = side;
        if ((FE_RANK (c) & 1) == (side == FE_WHITE))
          column = FE_OPPONENT (column);
        sq = FE_SQ (FE_FILE (fe_rebirth_home_square (walk, c, column)), FE_RANK (c));
        break;
      }
    case FE_REBIRTH_SYMMETRY:
      sq = (FeSquare) (0x77 - c);
      break;
    case FE_REBIRTH_VERTICAL_SYMMETRY:
      sq = FE_SQ (7 - FE_FILE (c), FE_RANK (c));
      break;
    case FE_REBIRTH_HORIZONTAL_SYMMETRY:
      sq = FE_SQ (FE_FILE (c), 7 - FE_RANK (c));
      break;
    case FE_REBIRTH_ANTIPODES:
      sq = FE_SQ ((FE_FILE (c) + 4) & 7, (FE_RANK (c) + 4) & 7);
      break;
    case FE_REBIRTH_PWC:
      sq = q->move ? q->move->from : FE_NO_SQUARE;
      break;
    case FE_REBIRTH_EQUIPOLLENTS:
      sq = q->move ? offset (c, FE_FILE (q->move->to) - FE_FILE (q->move->from),
                             FE_RANK (q->move->to) - FE_RANK (q->move->from))
                   : FE_NO_SQUARE;
      break;
    case FE_REBIRTH_ANY:
    case FE_REBIRTH_CAGE:
    case FE_REBIRTH_TAKE_MAKE:
      /* Chosen: no adapter turns it. */
      return q->choice >= 0 && q->choice < 64 ? FE_SQ (q->choice % 8, q->choice / 8) : FE_NO_SQUARE;
    case FE_REBIRTH_CAPTURE_SQUARE:
    default:
      sq = c;
      break;
    }
  if (sq == FE_NO_SQUARE)
    return sq;
  switch (rule->adapter)
    {
    case FE_REBIRTH_ADAPT_DIAMETRAL:
      return (FeSquare) (0x77 - sq);
    case FE_REBIRTH_ADAPT_VERTICAL_MIRROR:
      return FE_SQ (7 - FE_FILE (sq), FE_RANK (sq));
    default:
      return sq;
    }
}

void
fe_rebirth_append_popeye_words (GString *out, const FeRebirthRule *rule, bool parrain)
{
  static const struct {
    uint8_t squares;
    const char *word;
  } before_couscous[] = {
    { FE_REBIRTH_PWC, "PWC" },
    { FE_REBIRTH_SYMMETRY, "Symmetry" },
    { FE_REBIRTH_VERTICAL_SYMMETRY, "VerticalSymmetry" },
    { FE_REBIRTH_HORIZONTAL_SYMMETRY, "HorizontalSymmetry" },
    { FE_REBIRTH_DIAGRAM, "Diagram" },
    { FE_REBIRTH_RANK, "Rank" },
    { FE_REBIRTH_FILE, "File" },
  };
  if (rule->squares == FE_REBIRTH_ANY)
    g_string_append (out, " Super");
  if (rule->squares == FE_REBIRTH_CAGE)
    g_string_append (out, " Cage");
  if (rule->squares == FE_REBIRTH_TAKE_MAKE)
    g_string_append (out, " Take&Make");
  for (size_t i = 0; i < G_N_ELEMENTS (before_couscous); i++)
    if (rule->squares == before_couscous[i].squares)
      g_string_append_printf (out, " %s", before_couscous[i].word);
  if (rule->couscous)
    g_string_append (out, " Couscous");
  if (rule->squares == FE_REBIRTH_ANTIPODES)
    g_string_append (out, " Antipodes");
  if (rule->squares == FE_REBIRTH_CAPTURE_SQUARE)
    g_string_append (out, " CaptureSquare");
  if (rule->squares == FE_REBIRTH_EQUIPOLLENTS)
    g_string_append (out, " Equipollents");
  if (parrain)
    g_string_append (out, " Parrain");
  if (rule->squares == FE_REBIRTH_MIRROR)
    g_string_append (out, " Mirror");
  if (rule->occupied == FE_REBIRTH_OCCUPIED_ASSASSIN)
    g_string_append (out, " Assassin");
  if (rule->adapter == FE_REBIRTH_ADAPT_DIAMETRAL)
    g_string_append (out, " Diametral");
  if (rule->adapter == FE_REBIRTH_ADAPT_VERTICAL_MIRROR)
    g_string_append (out, " VerticalMirror");
}
