/* position-rules.c — what every diagram must be (one king a colour, an
 * imitator alone on its square), and the model's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Below the problem's own rules (problem-rules.c), which step through the
 * twins and check each position here.
 */
#include <string.h>

#include "problem.h"
#include "fe-i18n.h"

G_DEFINE_QUARK (fe-problem-error-quark, fe_problem_error)

static const char *
colour_word (int colour)
{
  /* Translators: the colour of two kings ("two white kings"). */
  return colour == FE_WHITE   ? C_ ("kings", "white")
         : colour == FE_BLACK ? C_ ("kings", "black")
                              : C_ ("kings", "neutral");
}

static gboolean
fail (FeProblemFault *fault, FeProblemFault found, GError **error, const char *fmt, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
fail (FeProblemFault *fault, FeProblemFault found, GError **error, const char *fmt, ...)
{
  if (fault)
    *fault = found;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error_literal (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL, msg);
  return FALSE;
}

gboolean
fe_position_validate (const FePosition *pos, FeProblemFault *fault, GError **error)
{
  g_return_val_if_fail (pos != NULL, FALSE);
  FeSquare king[3] = { FE_NO_SQUARE, FE_NO_SQUARE, FE_NO_SQUARE };
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = pos->board[sq];
      if (p.walk != FE_WALK_KING || p.colour > FE_NEUTRAL)
        continue;
      if (king[p.colour] == FE_NO_SQUARE)
        {
          king[p.colour] = sq;
          continue;
        }
      char a[3], b[3];
      fe_square_name (king[p.colour], a);
      fe_square_name (sq, b);
      return fail (fault, (FeProblemFault) { FE_RULE_TWO_KINGS, 0, -1, sq, king[p.colour] }, error,
                   _ ("two %s kings (%s and %s): a side has at most one king"),
                   colour_word (p.colour), a, b);
    }
  for (int i = 0; i < pos->n_imitators; i++)
    {
      FeSquare sq = pos->imitators[i];
      char name[3];
      fe_square_name (sq, name);
      if (!fe_square_empty (pos, sq))
        return fail (fault, (FeProblemFault) { FE_RULE_IMITATOR_ON_PIECE, 0, -1, sq, FE_NO_SQUARE },
                     error, _ ("the imitator on %s shares its square with a piece"), name);
      for (int k = 0; k < i; k++)
        if (pos->imitators[k] == sq)
          return fail (fault, (FeProblemFault) { FE_RULE_TWO_IMITATORS, 0, -1, sq, FE_NO_SQUARE },
                       error, _ ("two imitators on %s"), name);
    }
  return TRUE;
}

