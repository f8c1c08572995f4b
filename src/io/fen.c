/* fen.c — Forsyth notation with the fairy extensions composers use.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Board field (docs/file-format.md, "FEN" has the exact grammar):
 *   1–8        that many empty squares (each digit counts on its own)
 *   K Q R B N P orthodox pieces, upper case white, lower case black
 *              (S is accepted for the knight; other single letters are
 *              one-letter Popeye codes: G grasshopper, L locust, M moose…)
 *   (xy)       any Popeye walk code in parentheses, case gives the colour
 *   (!xy)      a neutral piece
 *   (I) (i) (!i) an imitator (white, black, standard) on an empty square
 *   * ^        prefixes: magic, magician (in that order)
 * then the usual side, castling and e.p. fields; the move counters of
 * chess FEN are accepted and ignored.  The writer emits one canonical form,
 * so FEN → position → FEN is byte-identical for canonical input.
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

/* The walk of an orthodox FEN letter outside parentheses. */
static int
letter_walk (char c)
{
  switch (g_ascii_tolower (c))
    {
    case 'n':
    case 's':
      return FE_WALK_KNIGHT;
    default:
      {
        char code[2] = { g_ascii_tolower (c), 0 };
        return fe_walk_from_code (code);
      }
    }
}

/* Reads one piece or imitator token at *c (advanced past it). */
static gboolean
parse_token (const char *text, const char **cp, FePosition *p, FeSquare sq, GError **error)
{
  const char *c = *cp, *start = c;
  FePiece piece = { 0 };
  if (*c == '*')
    piece.attrs |= FE_ATTR_MAGIC, c++;
  if (*c == '^')
    piece.attrs |= FE_ATTR_MAGICIAN, c++;

  int walk;
  gboolean neutral = FALSE, upper;
  if (*c == '(')
    {
      const char *open = c++;
      if (*c == '!')
        neutral = TRUE, c++;
      char code[4] = { 0 };
      int n = 0;
      while (g_ascii_isalnum (*c) && n < 3)
        code[n++] = *c++;
      if (*c != ')')
        return fail (error, text, open, *c ? "bad walk code in parentheses" : "unclosed \"(\"");
      if (n == 0 || !g_ascii_isalpha (code[0]))
        return fail (error, text, open, "a walk code starts with a letter");
      upper = g_ascii_isupper (code[0]);
      if (g_ascii_strcasecmp (code, "i") == 0)
        {
          if (piece.attrs)
            return fail (error, text, start, "an imitator cannot be magic or a magician");
          if (p->n_imitators >= FE_MAX_IMITATORS)
            return fail (error, text, start, "too many imitators");
          p->imitators[p->n_imitators] = sq;
          p->imitator_colour[p->n_imitators] = neutral ? FE_NEUTRAL : upper ? FE_WHITE : FE_BLACK;
          p->n_imitators++;
          *cp = c + 1;
          return TRUE;
        }
      walk = fe_walk_from_code (code);
      c++;
    }
  else if (g_ascii_isalpha (*c))
    {
      upper = g_ascii_isupper (*c);
      walk = letter_walk (*c++);
    }
  else
    return fail (error, text, c, "unexpected character");
  if (walk == FE_WALK_NONE)
    return fail (error, text, start, "unknown piece");
  piece.walk = (uint8_t) walk;
  piece.colour = neutral ? FE_NEUTRAL : upper ? FE_WHITE : FE_BLACK;
  if (walk == FE_WALK_KING && piece.colour != FE_NEUTRAL && p->king[piece.colour] != FE_NO_SQUARE)
    return fail (error, text, start,
                 piece.colour == FE_WHITE ? "a second white king" : "a second black king");
  fe_position_put (p, sq, piece);
  *cp = c;
  return TRUE;
}

gboolean
fe_fen_parse (const char *text, FePosition *pos, GError **error)
{
  FePosition p;
  fe_position_init (&p);
  if (!text)
    text = "";
  const char *c = text;
  int rank = 7, file = 0;
  while (*c == ' ')
    c++;
  if (!*c)
    return fail (error, text, c, "empty FEN");
  while (*c && *c != ' ')
    {
      if (*c == '/')
        {
          if (file != 8)
            return fail (error, text, c, "a rank does not have 8 squares");
          if (rank == 0)
            return fail (error, text, c, "more than 8 ranks");
          rank--, file = 0, c++;
          continue;
        }
      if (*c >= '1' && *c <= '8')
        {
          file += *c - '0';
          if (file > 8)
            return fail (error, text, c, "a rank has more than 8 squares");
          c++;
          continue;
        }
      if (g_ascii_isdigit (*c))
        return fail (error, text, c, "empty squares are counted 1 to 8");
      if (file > 7)
        return fail (error, text, c, "a rank has more than 8 squares");
      if (!parse_token (text, &c, &p, FE_SQ (file, rank), error))
        return FALSE;
      file++;
    }
  if (rank != 0 || file != 8)
    return fail (error, text, c, "the board field does not describe 64 squares");

  while (*c == ' ')
    c++;
  if (*c)
    {
      if ((*c == 'w' || *c == 'b') && (c[1] == ' ' || !c[1]))
        p.side = *c == 'w' ? FE_WHITE : FE_BLACK;
      else
        return fail (error, text, c, "side to move must be w or b");
      c++;
    }
  while (*c == ' ')
    c++;
  uint8_t rights = 0;
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
  p.castling = rights;
  while (*c == ' ')
    c++;
  if (*c == '-')
    c++;
  else if (*c)
    {
      FeSquare sq = fe_square_parse (c);
      if (sq == FE_NO_SQUARE || (c[2] && c[2] != ' '))
        return fail (error, text, c, "bad en passant square");
      int r = FE_RANK (sq);
      if (r != 2 && r != 5)
        return fail (error, text, c, "en passant square must be on rank 3 or 6");
      p.ep_count = 1;
      p.ep_squares[0] = sq;
      p.ep_victim = r == 2 ? sq + 16 : sq - 16;
      c += 2;
    }
  /* Half-move clock and move number of chess FEN: read past, not kept. */
  for (int counters = 0; counters < 2; counters++)
    {
      while (*c == ' ')
        c++;
      if (!*c)
        break;
      if (!g_ascii_isdigit (*c))
        return fail (error, text, c, "unexpected text after the FEN");
      while (g_ascii_isdigit (*c))
        c++;
    }
  while (*c == ' ')
    c++;
  if (*c)
    return fail (error, text, c, "unexpected text after the FEN");
  fe_position_recompute_hash (&p);
  *pos = p;
  return TRUE;
}

static void
write_piece (GString *s, FePiece p)
{
  if (p.attrs & FE_ATTR_MAGIC)
    g_string_append_c (s, '*');
  if (p.attrs & FE_ATTR_MAGICIAN)
    g_string_append_c (s, '^');
  gboolean orthodox = p.walk >= FE_WALK_KING && p.walk <= FE_WALK_PAWN;
  if (orthodox && p.colour != FE_NEUTRAL)
    {
      char letter = p.walk == FE_WALK_KNIGHT ? 'n' : fe_walk_def (p.walk)->code[0];
      g_string_append_c (s, p.colour == FE_WHITE ? g_ascii_toupper (letter) : letter);
      return;
    }
  /* In parentheses the code is Popeye's: S the knight, N the nightrider. */
  const char *code = p.walk < FE_WALK_COUNT ? fe_walk_def (p.walk)->code : "?";
  g_string_append_c (s, '(');
  if (p.colour == FE_NEUTRAL)
    g_string_append_c (s, '!');
  for (const char *k = code; *k; k++)
    g_string_append_c (s, p.colour == FE_WHITE ? g_ascii_toupper (*k) : *k);
  g_string_append_c (s, ')');
}

static int
imitator_at (const FePosition *pos, FeSquare sq)
{
  for (int i = 0; i < pos->n_imitators && i < FE_MAX_IMITATORS; i++)
    if (pos->imitators[i] == sq)
      return i;
  return -1;
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
          FeSquare sq = FE_SQ (file, rank);
          FePiece p = pos->board[sq];
          int imitator = p.walk ? -1 : imitator_at (pos, sq);
          if (!p.walk && imitator < 0)
            {
              empty++;
              continue;
            }
          if (empty)
            g_string_append_printf (s, "%d", empty), empty = 0;
          if (p.walk)
            write_piece (s, p);
          else
            {
              int colour = pos->imitator_colour[imitator];
              g_string_append (s, colour == FE_WHITE ? "(I)" : colour == FE_BLACK ? "(i)" : "(!i)");
            }
        }
      if (empty)
        g_string_append_printf (s, "%d", empty);
      if (rank)
        g_string_append_c (s, '/');
    }
  g_string_append (s, pos->side == FE_BLACK ? " b " : " w ");
  size_t before = s->len;
  if ((pos->castling & (FE_CASTLE_WK | FE_CASTLE_WH)) == (FE_CASTLE_WK | FE_CASTLE_WH))
    g_string_append_c (s, 'K');
  if ((pos->castling & (FE_CASTLE_WK | FE_CASTLE_WA)) == (FE_CASTLE_WK | FE_CASTLE_WA))
    g_string_append_c (s, 'Q');
  if ((pos->castling & (FE_CASTLE_BK | FE_CASTLE_BH)) == (FE_CASTLE_BK | FE_CASTLE_BH))
    g_string_append_c (s, 'k');
  if ((pos->castling & (FE_CASTLE_BK | FE_CASTLE_BA)) == (FE_CASTLE_BK | FE_CASTLE_BA))
    g_string_append_c (s, 'q');
  if (s->len == before)
    g_string_append_c (s, '-');
  if (pos->ep_count && FE_ON_BOARD (pos->ep_squares[0]))
    {
      char n[3];
      fe_square_name (pos->ep_squares[0], n);
      g_string_append_printf (s, " %s", n);
    }
  else
    g_string_append (s, " -");
  return g_string_free (s, FALSE);
}
