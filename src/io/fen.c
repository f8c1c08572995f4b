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
 *   * ^ …      attribute marks before a piece (FeAttributeDesc.fen_prefix:
 *              * magic, ^ magician, …), in the registry's order
 * then the usual side, castling and e.p. fields; the move counters of
 * chess FEN are accepted and ignored.  The writer emits one canonical form,
 * so FEN → position → FEN is byte-identical for canonical input.
 */
#include <string.h>

#include "fen.h"
#include "file-error.h"
#include "core/model/problem.h"

#include "core/model/fe-i18n.h"
#include "core/model/condition-class.h"
#include "core/model/walk.h"

/* Where the text being parsed comes from, for the error's location. */
typedef struct {
  const char *text;
  const char *file; /* "FEN" for a string, else the file's name */
  int line;         /* 0 for a string */
  GError **error;
} Source;

static gboolean
fail_as (const Source *src, FeFileErrorCode code, const char *at, const char *what)
{
  fe_file_error_set (src->error, code, src->file, src->line,
                     (int) g_utf8_strlen (src->text, at - src->text) + 1, "%s", what);
  return FALSE;
}

static gboolean
fail (const Source *src, const char *at, const char *what)
{
  return fail_as (src, FE_FILE_ERROR_SYNTAX, at, what);
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
parse_token (const Source *src, const char **cp, FePosition *p, FeSquare sq)
{
  const char *c = *cp, *start = c;
  FePiece piece = { 0 };
  /* Attribute marks ('*' magic, '^' magician, … from the registry). */
  for (int i = 0; i < fe_attribute_count (); i++)
    if (*c && *c == fe_attribute_nth (i)->fen_prefix && !(piece.attrs & fe_attribute_nth (i)->bit))
      {
        piece.attrs |= fe_attribute_nth (i)->bit;
        c++;
        i = -1; /* in any order */
      }

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
        return fail (src, open, *c ? _ ("bad walk code in parentheses") : _ ("unclosed \"(\""));
      if (n == 0 || !g_ascii_isalpha (code[0]))
        return fail (src, open, _ ("a walk code starts with a letter"));
      upper = g_ascii_isupper (code[0]);
      if (g_ascii_strcasecmp (code, "i") == 0)
        {
          if (piece.attrs)
            return fail (src, start, _ ("an imitator cannot be magic or a magician"));
          if (p->n_imitators >= FE_MAX_IMITATORS)
            return fail (src, start, _ ("too many imitators"));
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
    return fail (src, c, _ ("unexpected character"));
  if (walk == FE_WALK_NONE)
    return fail (src, start, _ ("unknown piece"));
  piece.walk = (uint8_t) walk;
  piece.colour = neutral ? FE_NEUTRAL : upper ? FE_WHITE : FE_BLACK;
  fe_position_put (p, sq, piece);
  *cp = c;
  return TRUE;
}

static gboolean
parse (const Source *src, FePosition *pos)
{
  FePosition p;
  fe_position_init (&p);
  const char *text = src->text, *c = text;
  /* Where each square's token starts: a broken rule points there. */
  const char *placed[128] = { NULL };
  int rank = 7, file = 0;
  while (*c == ' ')
    c++;
  if (!*c)
    return fail (src, c, _ ("empty FEN"));
  while (*c && *c != ' ')
    {
      if (*c == '/')
        {
          if (file != 8)
            return fail (src, c, _ ("a rank does not have 8 squares"));
          if (rank == 0)
            return fail (src, c, _ ("more than 8 ranks"));
          rank--, file = 0, c++;
          continue;
        }
      if (*c >= '1' && *c <= '8')
        {
          file += *c - '0';
          if (file > 8)
            return fail (src, c, _ ("a rank has more than 8 squares"));
          c++;
          continue;
        }
      if (g_ascii_isdigit (*c))
        return fail (src, c, _ ("empty squares are counted 1 to 8"));
      if (file > 7)
        return fail (src, c, _ ("a rank has more than 8 squares"));
      placed[FE_SQ (file, rank)] = c;
      if (!parse_token (src, &c, &p, FE_SQ (file, rank)))
        return FALSE;
      file++;
    }
  if (rank != 0 || file != 8)
    return fail (src, c, _ ("the board field does not describe 64 squares"));

  while (*c == ' ')
    c++;
  if (*c)
    {
      if ((*c == 'w' || *c == 'b') && (c[1] == ' ' || !c[1]))
        p.side = *c == 'w' ? FE_WHITE : FE_BLACK;
      else
        return fail (src, c, _ ("side to move must be w or b"));
      c++;
    }
  while (*c == ' ')
    c++;
  uint8_t rights = 0;
  const char *castling_field = c;
  for (; *c && *c != ' '; c++)
    switch (*c)
      {
      case 'K': rights |= FE_CASTLE_WK | FE_CASTLE_WH; break;
      case 'Q': rights |= FE_CASTLE_WK | FE_CASTLE_WA; break;
      case 'k': rights |= FE_CASTLE_BK | FE_CASTLE_BH; break;
      case 'q': rights |= FE_CASTLE_BK | FE_CASTLE_BA; break;
      case '-': break;
      default: return fail (src, c, _ ("bad castling field"));
      }
  /* No castling field (a board alone): the rights the pieces give, as in
   * a problem; "-" says none. */
  if (c == castling_field)
    {
      fe_position_default_castling (&p);
      rights = p.castling;
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
        return fail (src, c, _ ("bad en passant square"));
      int r = FE_RANK (sq);
      if (r != 2 && r != 5)
        return fail (src, c, _ ("en passant square must be on rank 3 or 6"));
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
        return fail (src, c, _ ("unexpected text after the FEN"));
      while (g_ascii_isdigit (*c))
        c++;
    }
  while (*c == ' ')
    c++;
  if (*c)
    return fail (src, c, _ ("unexpected text after the FEN"));
  fe_position_recompute_hash (&p);
  FeProblemFault fault;
  g_autoptr (GError) broken = NULL;
  if (!fe_position_validate (&p, &fault, &broken))
    {
      /* At the later-written of the squares named (a8 comes first). */
      const char *at = text;
      if (fault.square != FE_NO_SQUARE && placed[fault.square])
        at = placed[fault.square];
      if (fault.other != FE_NO_SQUARE && placed[fault.other] && placed[fault.other] > at)
        at = placed[fault.other];
      return fail_as (src, FE_FILE_ERROR_RULE, at, broken->message);
    }
  *pos = p;
  return TRUE;
}

gboolean
fe_fen_parse (const char *text, FePosition *pos, GError **error)
{
  Source src = { text ? text : "", "FEN", 0, error };
  return parse (&src, pos);
}

static void
write_piece (GString *s, FePiece p)
{
  for (int i = 0; i < fe_attribute_count (); i++)
    if (p.attrs & fe_attribute_nth (i)->bit)
      g_string_append_c (s, fe_attribute_nth (i)->fen_prefix);
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

/* ---- FEN files ------------------------------------------------------------- */

/* A problem of the model's default stipulation on `pos`: FEN's rights and
 * e.p. square become the NoCastling and EnPassant options, which the model
 * keeps (fe_problem_settle_diagram derives the diagram's state from them);
 * the side to move is the stipulation's business. */
FeProblem *
fe_fen_problem (const FePosition *pos)
{
  FeProblem *p = fe_problem_new ();
  p->diagram = *pos;
  FePosition fresh = *pos;
  fe_position_default_castling (&fresh);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      uint8_t flag = fe_castling_flag_of_square (sq);
      if (flag && (fresh.castling & flag) && !(pos->castling & flag))
        p->options.no_castling[p->options.n_no_castling++] = sq;
    }
  if (pos->ep_count && pos->ep_victim != FE_NO_SQUARE)
    {
      /* The pawn came from two squares behind its victim's square. */
      int back = FE_RANK (pos->ep_victim) > FE_RANK (pos->ep_squares[0]) ? -16 : 16;
      p->options.ep_squares[0] = (FeSquare) (pos->ep_victim + 2 * back);
      p->options.ep_squares[1] = pos->ep_victim;
      p->options.n_ep_squares = 2;
    }
  if (pos->n_imitators)
    p->conditions.FE_P_IMITATOR = true;
  fe_problem_settle_diagram (p);
  return p;
}

GPtrArray *
fe_fen_read (const char *text, gsize length, const char *filename, GError **error)
{
  g_autofree char *copy = g_strndup (text ? text : "", length);
  g_auto (GStrv) lines = g_strsplit (copy, "\n", -1);
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  for (int i = 0; lines[i]; i++)
    {
      /* Blank lines and "#" comments between the positions. */
      char *line = g_strchomp (lines[i]);
      const char *start = line;
      while (*start == ' ' || *start == '\t')
        start++;
      if (!*start || *start == '#')
        continue;
      FePosition pos;
      Source src = { line, filename ? filename : "<input>", i + 1, error };
      if (!parse (&src, &pos))
        {
          g_ptr_array_unref (problems);
          return NULL;
        }
      g_ptr_array_add (problems, fe_fen_problem (&pos));
    }
  return problems;
}

char *
fe_fen_write_problems (GPtrArray *problems, GPtrArray *losses)
{
  if (losses)
    g_ptr_array_add (losses, g_strdup (_("FEN keeps the position only: the stipulation, "
                                         "conditions, twins and metadata are not in the file.")));
  for (guint i = 0; losses && i < problems->len; i++)
    if (((const FeProblem *) problems->pdata[i])->structured)
      {
        g_ptr_array_add (losses, g_strdup (_ ("FEN has no structured stipulation "
                                              "(sstipulation): it is not in the file.")));
        break;
      }
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *fen = fe_fen_write (&((const FeProblem *) problems->pdata[i])->diagram);
      g_string_append_printf (s, "%s\n", fen);
    }
  return g_string_free (s, FALSE);
}

/* The first line that is not blank nor a comment: a board field of eight
 * ranks. */
static gboolean
fen_recognise (const char *text, gsize length)
{
  const char *end = text + length, *c = text;
  while (c < end)
    {
      while (c < end && g_ascii_isspace (*c))
        c++;
      if (c < end && *c == '#')
        {
          while (c < end && *c != '\n')
            c++;
          continue;
        }
      break;
    }
  int slashes = 0;
  for (; c < end && !g_ascii_isspace (*c); c++)
    {
      if (*c == '/')
        slashes++;
      else if (!g_ascii_isalnum (*c) && !strchr ("()!*^", *c))
        return FALSE;
    }
  return slashes == 7;
}

static const char *const fen_extensions[] = { ".fen", NULL };

const FeFileFormat fe_fen_format = {
  .id = "fen",
  .name = FE_N_("FEN"),
  .extensions = fen_extensions,
  .flags = 0,
  .recognise = fen_recognise,
  .read = fe_fen_read,
  .write = fe_fen_write_problems,
};
