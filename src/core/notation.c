/* notation.c — move text in Popeye's English notation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "notation.h"
#include "condition.h"
#include "walk.h"

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

/* The piece on `sq` once the mover's own transformation (promotion,
 * Einstein) is done and before effects on other pieces (magician, magic):
 * the first later write to the square logged what stood there then. */
static FePiece
self_stage_piece (const FePosition *after, const FeUndo *undo, FeSquare sq)
{
  for (int i = undo->n_self_changes; i < undo->n_changes; i++)
    if (undo->changes[i].square == sq)
      return undo->changes[i].before;
  return after->board[sq];
}

/* Pieces changed by the move's effects, in ascending square order (rank,
 * then file): their colour changes and walk changes. */
static void
append_effects (GString *out, const FePosition *before, const FePosition *after,
                const FeMove *m, FeSquare rook_to, const FeUndo *undo)
{
  GString *recolour = g_string_new (NULL);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece a = after->board[sq];
      FePiece b = before->board[sq];
      /* Moved pieces are compared with themselves before the move; their
       * walk change is the mover's "=X", written elsewhere. */
      bool moved = sq == m->to || sq == rook_to;
      if (sq == m->to)
        b = before->board[m->from];
      else if (sq == rook_to)
        b = before->board[FE_SQ (rook_to == FE_SQ (5, FE_RANK (rook_to)) ? 7 : 0, FE_RANK (rook_to))];
      if (!a.walk || a.id != b.id)
        continue;
      /* A moved piece's own change is its "=X"; later changes of it by
       * other pieces' effects (magician contact) are shown like any other. */
      FePiece self = moved ? self_stage_piece (after, undo, sq) : b;
      if (a.walk != self.walk)
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

  int n_old = undo->n_imitators;
  if (after->n_imitators)
    {
      int shown = (m->flags & FE_MOVE_PROMOTE_IMITATOR) ? n_old : after->n_imitators;
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
    }

  if (m->flags & FE_MOVE_PROMOTE_IMITATOR)
    g_string_append (out, "=I");
  else if (final.walk && (final = self_stage_piece (after, undo, final_sq)).walk != expected_walk)
    {
      /* Popeye writes a promotion with the attributes and neutrality
       * (=mQ, =nQ) but an Einstein mutation with the walk alone (=B,
       * rules §9.7 CB1). */
      gboolean promotion = (m->flags & FE_MOVE_PROMOTION) != 0;
      uint8_t attrs = promotion ? final.attrs : 0;
      int colour = promotion && final.colour == FE_NEUTRAL ? FE_NEUTRAL : FE_WHITE;
      g_string_append_c (out, '=');
      fe_notation_append_piece_code (out, (FePiece) { final.walk, colour, attrs, 0 }, TRUE);
    }
  append_effects (out, before, after, m, rook_to, undo);
}

char *
fe_notation_move (const FePosition *before, const FeMove *move, const FePosition *after,
                  const FeUndo *undo)
{
  GString *s = g_string_new (NULL);
  fe_notation_append_move (s, before, move, after, undo);
  return g_string_free (s, FALSE);
}
