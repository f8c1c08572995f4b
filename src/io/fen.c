/* fen.c — Forsyth notation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Board field: upper case white, lower case black, digits for empty squares.
 * Fairy extensions (YACPDB style): a walk code of two letters in parentheses
 * "(gi)" or a neutral piece "(!r)"; "*" before a piece makes it magic.
 */
#include <string.h>

#include "fen.h"
#include "core/walk.h"

G_DEFINE_QUARK (fe-fen-error-quark, fe_fen_error)

static gboolean
fail (GError **error, const char *text, const char *at, const char *what)
{
  g_set_error (error, FE_FEN_ERROR, 0, "FEN column %d: %s", (int) (at - text) + 1, what);
  return FALSE;
}

gboolean
fe_fen_parse (const char *text, FePosition *pos, GError **error)
{
  FePosition p;
  fe_position_init (&p);
  const char *c = text;
  int rank = 7, file = 0;
  while (*c == ' ')
    c++;
  for (; *c && *c != ' '; c++)
    {
      if (*c == '/')
        {
          if (file != 8)
            return fail (error, text, c, "a rank does not have 8 squares");
          rank--, file = 0;
          if (rank < 0)
            return fail (error, text, c, "more than 8 ranks");
          continue;
        }
      if (g_ascii_isdigit (*c))
        {
          int n = 0;
          while (g_ascii_isdigit (*c))
            n = n * 10 + (*c++ - '0');
          c--;
          file += n;
          if (file > 8)
            return fail (error, text, c, "a rank has more than 8 squares");
          continue;
        }
      FePiece piece = { 0 };
      const char *start = c;
      if (*c == '*')
        {
          piece.attrs |= FE_ATTR_MAGIC;
          c++;
        }
      char code[4] = { 0 };
      gboolean neutral = FALSE;
      if (*c == '(')
        {
          c++;
          if (*c == '!')
            neutral = TRUE, c++;
          int n = 0;
          while (*c && *c != ')' && n < 3)
            code[n++] = *c++;
          if (*c != ')')
            return fail (error, text, start, "unclosed \"(\"");
        }
      else if (g_ascii_isalpha (*c))
        code[0] = *c;
      else
        return fail (error, text, c, "unexpected character");
      gboolean upper = g_ascii_isupper (code[0]);
      char lower[4];
      for (int i = 0; i < 4; i++)
        lower[i] = g_ascii_tolower (code[i]);
      /* FEN writes the knight N; Popeye codes call it S and N the nightrider. */
      int walk = strlen (lower) == 1 && lower[0] == 'n' && start[0] != '(' ? FE_WALK_KNIGHT
                                                                          : fe_walk_from_code (lower);
      if (walk == FE_WALK_NONE)
        return fail (error, text, start, "unknown piece");
      if (rank < 0 || file > 7)
        return fail (error, text, start, "piece outside the board");
      piece.walk = walk;
      piece.colour = neutral ? FE_NEUTRAL : upper ? FE_WHITE : FE_BLACK;
      fe_position_put (&p, FE_SQ (file, rank), piece);
      file++;
    }
  if (rank != 0 || file != 8)
    return fail (error, text, c, "the board field does not describe 64 squares");

  while (*c == ' ')
    c++;
  if (*c)
    {
      if (*c == 'w' || *c == 'b')
        p.side = *c == 'w' ? FE_WHITE : FE_BLACK;
      else
        return fail (error, text, c, "side to move must be w or b");
      c++;
    }
  while (*c == ' ')
    c++;
  uint8_t rights = 0;
  if (*c)
    {
      for (; *c && *c != ' '; c++)
        switch (*c)
          {
          case 'K': rights |= FE_CASTLE_WK | FE_CASTLE_WH; break;
          case 'Q': rights |= FE_CASTLE_WK | FE_CASTLE_WA; break;
          case 'k': rights |= FE_CASTLE_BK | FE_CASTLE_BH; break;
          case 'q': rights |= FE_CASTLE_BK | FE_CASTLE_BA; break;
          case '-': break;
          default: return fail (error, text, c, "bad castling field");
          }
    }
  p.castling = rights;
  while (*c == ' ')
    c++;
  if (*c && *c != '-')
    {
      FeSquare sq = fe_square_parse (c);
      if (sq == FE_NO_SQUARE)
        return fail (error, text, c, "bad en passant square");
      int r = FE_RANK (sq);
      if (r != 2 && r != 5)
        return fail (error, text, c, "en passant square must be on rank 3 or 6");
      p.ep_count = 1;
      p.ep_squares[0] = sq;
      p.ep_victim = r == 2 ? sq + 16 : sq - 16;
    }
  fe_position_recompute_hash (&p);
  *pos = p;
  return TRUE;
}

char *
fe_fen_write (const FePosition *pos)
{
  GString *s = g_string_new (NULL);
  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 8; file++)
        {
          FePiece p = pos->board[FE_SQ (file, rank)];
          if (!p.walk)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (s, "%d", empty), empty = 0;
          if (p.attrs & FE_ATTR_MAGIC)
            g_string_append_c (s, '*');
          const char *code = p.walk == FE_WALK_KNIGHT ? "n" : fe_walk_def (p.walk)->code;
          gboolean paren = strlen (code) > 1 || p.colour == FE_NEUTRAL || p.walk == FE_WALK_NIGHTRIDER;
          if (paren)
            g_string_append_c (s, '(');
          if (p.colour == FE_NEUTRAL)
            g_string_append_c (s, '!');
          for (const char *k = code; *k; k++)
            g_string_append_c (s, p.colour == FE_WHITE ? g_ascii_toupper (*k) : *k);
          if (paren)
            g_string_append_c (s, ')');
        }
      if (empty)
        g_string_append_printf (s, "%d", empty);
      if (rank)
        g_string_append_c (s, '/');
    }
  g_string_append (s, pos->side == FE_WHITE ? " w " : " b ");
  GString *c = g_string_new (NULL);
  if ((pos->castling & (FE_CASTLE_WK | FE_CASTLE_WH)) == (FE_CASTLE_WK | FE_CASTLE_WH))
    g_string_append_c (c, 'K');
  if ((pos->castling & (FE_CASTLE_WK | FE_CASTLE_WA)) == (FE_CASTLE_WK | FE_CASTLE_WA))
    g_string_append_c (c, 'Q');
  if ((pos->castling & (FE_CASTLE_BK | FE_CASTLE_BH)) == (FE_CASTLE_BK | FE_CASTLE_BH))
    g_string_append_c (c, 'k');
  if ((pos->castling & (FE_CASTLE_BK | FE_CASTLE_BA)) == (FE_CASTLE_BK | FE_CASTLE_BA))
    g_string_append_c (c, 'q');
  g_string_append (s, c->len ? c->str : "-");
  g_string_free (c, TRUE);
  if (pos->ep_count)
    {
      char n[3];
      fe_square_name (pos->ep_squares[0], n);
      g_string_append_printf (s, " %s", n);
    }
  else
    g_string_append (s, " -");
  return g_string_free (s, FALSE);
}
