/* notation.c — move text in Popeye's English notation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "notation.h"
#include "condition.h"
#include "movegen.h"
#include "core/model/walk.h"

static void
append_prefix (GString *out, FePiece p)
{
  if (p.colour == FE_NEUTRAL)
    g_string_append_c (out, 'n');
  fe_attribute_append_prefixes (out, p.attrs);
}

void
fe_notation_append_piece_code (GString *out, FePiece p, gboolean pawn_letter)
{
  gboolean prefixed = p.colour == FE_NEUTRAL || p.attrs;
  append_prefix (out, p);
  if (p.walk != FE_WALK_PAWN || pawn_letter || prefixed)
    g_string_append (out, fe_walk_print_code (p.walk));
}

static void
append_square (GString *out, FeSquare sq)
{
  g_string_append_c (out, 'a' + FE_FILE (sq));
  g_string_append_c (out, '1' + FE_RANK (sq));
}

FePiece
fe_notation_piece_at (const FePosition *after, const FeUndo *undo, FeSquare sq, int end)
{
  for (int i = end; i < undo->n_changes; i++)
    if (undo->changes[i].square == sq)
      return undo->changes[i].before;
  return after->board[sq];
}

/* What an effect without notation of its own changed (magician
 * mutations, magic recolourings): each piece it left on its square with
 * another walk "{c3=Q}" and then with another colour "[c3=w]", in
 * ascending square order (rank, then file).  Pieces it added or removed
 * are left out. */
static void
append_generic_effect (GString *out, const FePosition *after, const FeUndo *undo, int first,
                       int end)
{
  GString *recolour = g_string_new (NULL);
  for (int i = 0; i < 64 && end > first; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      int k = first;
      while (k < end && undo->changes[k].square != sq)
        k++;
      if (k == end)
        continue;
      FePiece b = undo->changes[k].before;
      FePiece a = fe_notation_piece_at (after, undo, sq, end);
      if (!a.walk || !b.walk || a.id != b.id)
        continue;
      if (a.walk != b.walk)
        {
          g_string_append_c (out, '{');
          append_square (out, sq);
          g_string_append_c (out, '=');
          fe_notation_append_piece_code (out, (FePiece) { a.walk, FE_WHITE, a.attrs, 0 }, TRUE);
          g_string_append_c (out, '}');
        }
      if (a.colour != b.colour)
        {
          g_string_append_c (recolour, '[');
          append_square (recolour, sq);
          g_string_append (recolour, a.colour == FE_WHITE ? "=w]" : a.colour == FE_BLACK ? "=b]" : "=n]");
        }
    }
  g_string_append (out, recolour->str);
  g_string_free (recolour, TRUE);
}

void
fe_notation_append_move (GString *out, const FePosition *before, const FeMove *m,
                         const FePosition *after, const FeUndo *undo)
{
  FePiece mover = before->board[m->from];
  FeSquare rook_to = FE_NO_SQUARE;
  FePiece final;
  FeSquare final_sq;
  uint8_t expected_walk = mover.walk;

  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
    {
      bool short_side = m->flags & FE_MOVE_CASTLE_SHORT;
      g_string_append (out, short_side ? "0-0" : "0-0-0");
      rook_to = FE_SQ (short_side ? 5 : 3, FE_RANK (m->from));
      final_sq = rook_to;
      final = after->board[rook_to];
      expected_walk = FE_WALK_ROOK;
    }
  else
    {
      fe_notation_append_piece_code (out, mover, FALSE);
      append_square (out, m->from);
      /* Moved as if from its rebirth square: "Rc1-a1-a2", "Qa8-d1*b3". */
      if (m->xflags & FE_MOVE_X_FROM_REBIRTH)
        {
          g_string_append_c (out, '-');
          append_square (out, fe_move_departure (before, m));
        }
      if (m->capture != FE_NO_SQUARE && m->capture != m->to && !(m->flags & FE_MOVE_EN_PASSANT))
        {
          g_string_append_c (out, '*');
          append_square (out, m->capture);
          g_string_append_c (out, '-');
        }
      else
        g_string_append_c (out, m->capture != FE_NO_SQUARE ? '*' : '-');
      append_square (out, m->to);
      if (m->flags & FE_MOVE_EN_PASSANT)
        g_string_append (out, " ep.");
      final_sq = m->to;
      final = after->board[m->to];
      if (m->flags & FE_MOVE_PROMOTION)
        expected_walk = 0; /* always show the promotion */
    }

  /* The imitators once they have followed the move: as many as before
   * (a new one, promoted or reborn, comes later and is written there). */
  int shown = undo->n_imitators;
  if (shown)
    {
      g_string_append (out, "[I");
      for (int i = 0; i < shown; i++)
        {
          if (i)
            g_string_append_c (out, ',');
          append_square (out, after->imitators[i]);
        }
      g_string_append_c (out, ']');
    }

  /* The mover once promoted or mutated, before any effect on others may
   * have taken it away (a transfer, a kamikaze's removal). */
  final = fe_notation_piece_at (after, undo, final_sq, undo->n_self_changes);
  if (m->flags & FE_MOVE_PROMOTE_IMITATOR)
    g_string_append (out, "=I");
  else if (final.walk && final.walk != expected_walk)
    {
      /* Popeye writes a promotion with the attributes (=mQ) but an
       * Einstein mutation with the walk alone (=B,
       * docs/rules/combinations.md §6 CB1). */
      bool promotion = m->flags & FE_MOVE_PROMOTION;
      uint8_t attrs = promotion ? final.attrs : 0;
      /* A neutral pawn promotes to a neutral piece, written "=nQ". */
      uint8_t colour = promotion && final.colour == FE_NEUTRAL ? FE_NEUTRAL : FE_WHITE;
      g_string_append_c (out, '=');
      fe_notation_append_piece_code (out, (FePiece) { final.walk, colour, attrs, 0 }, TRUE);
    }
  /* Then each effect in effect order: those with a notation of their own
   * (rebirths, transfers, colour changes of the mover) write it, even when
   * they wrote no square (a pawn reborn as an imitator); the others'
   * changes are written generically.  The mover's own change was its
   * "=X" above. */
  const FeRules *r = before->rules;
  int first = undo->n_displacement_changes;
  for (int i = 0; r && i < r->n_ops; i++)
    {
      int end = undo->effect_end[i];
      if (r->ops[i]->notate)
        r->ops[i]->notate (out, before, m, after, undo, first, end);
      else if (!r->ops[i]->mutates_mover)
        append_generic_effect (out, after, undo, first, end);
      first = end;
    }
}

char *
fe_notation_move (const FePosition *before, const FeMove *move, const FePosition *after,
                  const FeUndo *undo)
{
  GString *s = g_string_new (NULL);
  fe_notation_append_move (s, before, move, after, undo);
  return g_string_free (s, FALSE);
}
