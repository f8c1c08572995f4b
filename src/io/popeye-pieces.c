/* popeye-pieces.c — Popeye's "pieces" and "forsyth" commands, and the written piece lines.
 * SPDX-License-Identifier: GPL-3.0-or-later

 * A piece is a walk code and squares ("pa6c2e4", or "ma" followed by "e6")
 * after a colour and its attributes; unsupported attributes are recorded in
 * problem->unsupported as "Chameleon (black bc6)" and written back.
 */
#include <string.h>

#include "popeye-private.h"
#include "core/model/walk.h"

/* ---- pieces -------------------------------------------------------------- */

typedef struct {
  int colour; /* -1 = none yet */
  uint8_t attrs;
  GPtrArray *other_attrs; /* unsupported attribute names, borrowed */
} PieceGroup;

/* Parses one piece token ("pa6c2e4", or "ma" followed by "e6").  Returns
 * FALSE without error when the token is not a piece (the caller decides). */
static gboolean
parse_piece_token (P *p, PieceGroup *g, PieceSink sink, gpointer data, gboolean *consumed)
{
  *consumed = FALSE;
  Tok *t = py_peek (p);
  if (!t)
    return FALSE;
  int codelen = t->len % 2 ? 1 : 2;
  const Tok *sqtok = t;
  int sqoff = codelen;
  if (t->len <= 2)
    {
      /* a bare code; squares in the next token */
      Tok *n2 = p->i + 1 < p->toks->len ? &g_array_index (p->toks, Tok, p->i + 1) : NULL;
      codelen = t->len;
      char code[3] = { 0 };
      for (int k = 0; k < t->len; k++)
        code[k] = g_ascii_tolower (t->s[k]);
      if (!n2 || !py_is_square_list (n2) || !py_popeye_knows_code (code))
        return FALSE;
      sqtok = n2;
      sqoff = 0;
    }
  char code[3] = { 0 };
  memcpy (code, t->s, codelen);
  for (int k = 0; k < codelen; k++)
    code[k] = g_ascii_tolower (code[k]);
  /* The squares part must look like squares for this to be a piece at all. */
  int sqlen = sqtok->len - sqoff;
  gboolean squares_ok = sqlen >= 2 && sqlen % 2 == 0;
  for (int k = 0; squares_ok && k < sqlen; k += 2)
    squares_ok = py_square_at (sqtok->s + sqoff + k) != FE_NO_SQUARE;
  int walk = fe_walk_from_code (code);
  if (!squares_ok)
    {
      /* A known code followed by something square-like but wrong: a bad square. */
      if ((walk != FE_WALK_NONE || py_popeye_knows_code (code)) && py_command_of (t) < 0
          && sqlen >= 1 && sqtok == t)
        {
          const char *s = sqtok->s + sqoff;
          for (int k = 0; k < sqlen; k += 2)
            if (k + 1 >= sqlen || py_square_at (s + k) == FE_NO_SQUARE)
              {
                Tok at = *t;
                at.col += sqoff + k;
                char *whole = py_tok_str (t);
                py_perr (p, &at, "bad square \"%.*s\" in \"%s\" (squares are a1 … h8)",
                      MIN (2, sqlen - k), s + k, whole);
                g_free (whole);
                return FALSE;
              }
        }
      return FALSE;
    }
  if (walk == FE_WALK_NONE)
    {
      char *s = py_tok_str (t);
      if (py_popeye_knows_code (code))
        py_perr (p, t, "Popeye's piece code \"%s\" (in \"%s\") is not supported by Féerie", code,
                 s);
      else
        py_perr (p, t, "unknown piece code \"%s\" in \"%s\"", code, s);
      g_free (s);
      return FALSE;
    }
  if (g->colour < 0)
    {
      char *s = py_tok_str (t);
      py_perr (p, t, "piece \"%s\" needs a colour first (white, black or neutral)", s);
      g_free (s);
      return FALSE;
    }
  for (int k = 0; k < sqlen; k += 2)
    {
      FeSquare sq = py_square_at (sqtok->s + sqoff + k);
      FePiece piece = { (uint8_t) walk, (uint8_t) g->colour, g->attrs, 0 };
      Tok at = *sqtok;
      if (k)
        at.col += sqoff + k;
      sink (p, &at, sq, piece, data);
      for (guint a = 0; g->other_attrs && a < g->other_attrs->len; a++)
        {
          char name[3];
          fe_square_name (sq, name);
          py_add_unsupported (p, g_strdup_printf ("%s (%s %s%s)", (char *) g->other_attrs->pdata[a],
                                               py_colour_name (g->colour), code, name));
        }
      if (p->failed)
        return FALSE;
    }
  p->i += sqtok == t ? 1 : 2;
  *consumed = TRUE;
  return TRUE;
}

/* The attribute words after a colour, into `g`. */
static void
read_attributes (P *p, PieceGroup *g, const Kw *piece_words, int n_piece_words)
{
  Tok *t;
  while ((t = py_peek (p)))
    {
      int a = py_kw_lookup (piece_words, n_piece_words, t, NULL);
      if (a < 0 || piece_words[a].id <= A_NEUTRAL)
        break;
      /* "ma e6" is a mao standing on e6, not an abbreviated "magic" */
      Tok *n2 = p->i + 1 < p->toks->len ? &g_array_index (p->toks, Tok, p->i + 1) : NULL;
      if (t->len <= 2 && n2 && py_is_square_list (n2))
        {
          char code[3] = { 0 };
          for (int k = 0; k < t->len; k++)
            code[k] = g_ascii_tolower (t->s[k]);
          if (fe_walk_from_code (code) != FE_WALK_NONE)
            break;
        }
      /* Attributes the registry knows are read, others kept. */
      const FeAttributeDesc *known = fe_attribute_lookup (piece_words[a].name);
      if (known)
        g->attrs |= known->bit;
      else
        g_ptr_array_add (g->other_attrs, (gpointer) piece_words[a].name);
      p->i++;
    }
}

/* Reads "colour [attributes] piece…" groups.  `single_group`: twin add. */
gboolean
py_parse_piece_groups (P *p, const Tok *cmd, PieceSink sink, gpointer data, gboolean single_group)
{
  PieceGroup g = { -1, 0, g_ptr_array_new () };
  int groups = 0, pieces = 0;
  Kw piece_words[PY_MAX_PIECE_WORDS];
  int n_piece_words = py_piece_words (piece_words);
  gboolean ok = TRUE;
  for (;;)
    {
      Tok *t = py_peek (p);
      if (!t)
        break;
      int k = py_kw_lookup (piece_words, n_piece_words, t, NULL);
      if (k >= 0 && piece_words[k].id <= A_NEUTRAL)
        {
          if (single_group && groups)
            break;
          g.colour = piece_words[k].id;
          g.attrs = 0;
          g_ptr_array_set_size (g.other_attrs, 0);
          groups++;
          p->i++;
          read_attributes (p, &g, piece_words, n_piece_words);
          continue;
        }
      if (k >= 0 && (int) strlen (piece_words[k].name) == t->len)
        {
          py_perr (p, t, "the attribute \"%s\" must come right after the colour, e.g. "
                      "\"white %s rb3\"", piece_words[k].name, piece_words[k].name);
          ok = FALSE;
          break;
        }
      gboolean consumed;
      parse_piece_token (p, &g, sink, data, &consumed);
      if (p->failed)
        {
          ok = FALSE;
          break;
        }
      if (consumed)
        {
          pieces++;
          continue;
        }
      /* Not a piece: the end of the list if it is a keyword of the level
       * above; otherwise say what is wrong. */
      if (py_command_of (t) >= 0 || (single_group && py_is_twin_word (t)))
        break;
      char *s = py_tok_str (t);
      if (g.colour < 0)
        py_perr (p, t, "expected a colour (white, black or neutral) after \"%.*s\", not \"%s\"",
              cmd->len, cmd->s, s);
      else if (py_command_of (t) == KW_AMBIGUOUS)
        py_perr (p, t, "ambiguous keyword \"%s\"", s);
      else
        py_perr (p, t, "unknown piece or keyword \"%s\" (a piece is a walk code and squares, "
                    "e.g. \"kf5\" or \"pa2b3\")", s);
      g_free (s);
      ok = FALSE;
      break;
    }
  g_ptr_array_unref (g.other_attrs);
  if (ok && pieces == 0)
    {
      py_perr (p, py_peek (p), "\"%.*s\" is not followed by any piece", cmd->len, cmd->s);
      ok = FALSE;
    }
  return ok;
}

/* py_read_piece's sink: the one piece to the caller's, a second refused. */
typedef struct {
  PieceSink sink;
  gpointer data;
  int placed;
} OnePiece;

static void
one_piece_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data)
{
  OnePiece *one = data;
  if (one->placed++)
    {
      py_perr (p, t, "one piece, one square: give each piece as an item of its own");
      return;
    }
  one->sink (p, t, sq, piece, one->data);
}

gboolean
py_read_piece (P *p, int colour, PieceSink sink, gpointer data)
{
  PieceGroup g = { colour, 0, g_ptr_array_new () };
  Kw piece_words[PY_MAX_PIECE_WORDS];
  int n_piece_words = py_piece_words (piece_words);
  read_attributes (p, &g, piece_words, n_piece_words);
  Tok *t = py_peek (p);
  OnePiece one = { sink, data, 0 };
  gboolean consumed = FALSE;
  if (t)
    parse_piece_token (p, &g, one_piece_sink, &one, &consumed);
  g_ptr_array_unref (g.other_attrs);
  if (p->failed)
    return FALSE;
  if (!consumed)
    {
      char *s = t ? py_tok_str (t) : NULL;
      if (s)
        py_perr (p, t, "\"%s\" is no piece (a walk code and a square: Sf6, Magic Gb3)", s);
      else
        py_perr (p, NULL, "a piece needs a walk code and a square (Sf6, Magic Gb3)");
      g_free (s);
      return FALSE;
    }
  if ((t = py_peek (p)))
    {
      char *s = py_tok_str (t);
      py_perr (p, t, "\"%s\" after the piece: one piece an item", s);
      g_free (s);
      return FALSE;
    }
  return TRUE;
}

void
py_diagram_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data)
{
  FePosition *pos = data;
  FePiece there = pos->board[sq];
  /* The same piece again may add attributes (the "remark feerie: pieces …
   * magician" line restates pieces the plain line gave Popeye).  Another
   * piece would replace it: Popeye keeps the last with a warning, but a lost
   * piece is a typo. */
  if (there.walk != FE_WALK_NONE && (there.walk != piece.walk || there.colour != piece.colour))
    {
      char name[3];
      fe_square_name (sq, name);
      py_perr (p, t, "two pieces on %s: the %s %s and the %s %s (a square holds one piece)", name,
               py_colour_name (there.colour), fe_walk_def (there.walk)->name,
               py_colour_name (piece.colour), fe_walk_def (piece.walk)->name);
      return;
    }
  (pos == &p->pb->target ? p->placed_target : p->placed)[sq] = *t;
  fe_position_put (pos, sq, piece);
  py_note_piece_attributes (p, piece);
}

/* Forsyth: upper case white, lower case black, digits empty squares,
 * ".xy" a two-letter code, '=' before a piece neutral. */
gboolean
py_parse_forsyth (P *p, const Tok *cmd, FePosition *pos)
{
  Tok *t = py_next (p);
  if (!t)
    {
      py_perr (p, NULL, "the file ends where forsyth needs a position");
      return FALSE;
    }
  for (int i = 0; i < 64; i++)
    fe_position_remove (pos, FE_SQ88 (i));
  int idx = 0; /* 0 = a8, 63 = h1 */
  for (int k = 0; k < t->len;)
    {
      Tok at = *t;
      at.col += k;
      char c = t->s[k];
      if (c == '/')
        {
          k++;
          continue;
        }
      if (g_ascii_isdigit (c))
        {
          int n = 0;
          /* Saturate: a long run of digits must not overflow. */
          while (k < t->len && g_ascii_isdigit (t->s[k]))
            {
              n = MIN (n * 10 + (t->s[k] - '0'), 65);
              k++;
            }
          idx = MIN (idx + n, 65);
          if (idx > 64)
            {
              py_perr (p, &at, "forsyth: more than 64 squares");
              return FALSE;
            }
          continue;
        }
      int colour = -1;
      if (c == '=')
        colour = FE_NEUTRAL, k++;
      char code[3] = { 0 };
      if (k < t->len && t->s[k] == '.')
        {
          if (k + 2 >= t->len)
            {
              py_perr (p, &at, "forsyth: \".\" needs a two-letter piece code");
              return FALSE;
            }
          code[0] = t->s[k + 1], code[1] = t->s[k + 2];
          k += 3;
        }
      else if (k < t->len)
        code[0] = t->s[k++];
      if (colour < 0)
        colour = g_ascii_isupper (code[0]) ? FE_WHITE : FE_BLACK;
      code[0] = g_ascii_tolower (code[0]);
      code[1] = g_ascii_tolower (code[1]);
      int walk = fe_walk_from_code (code);
      if (walk == FE_WALK_NONE)
        {
          py_perr (p, &at, "forsyth: unknown piece code \"%s\"", code);
          return FALSE;
        }
      if (idx >= 64)
        {
          py_perr (p, &at, "forsyth: more than 64 squares");
          return FALSE;
        }
      FeSquare sq = FE_SQ (idx % 8, 7 - idx / 8);
      FePiece piece = { (uint8_t) walk, (uint8_t) colour, 0, 0 };
      py_diagram_sink (p, &at, sq, piece, pos);
      if (p->failed)
        return FALSE;
      idx++;
    }
  (void) cmd;
  return TRUE;
}


/* ---- written pieces ------------------------------------------------------- */

const char *
py_walk_code (int walk)
{
  return fe_walk_def (walk)->code;
}

/* Pieces of one colour with exactly `attrs`, grouped by walk: "kf5 pb7c2". */
gboolean
py_append_piece_group (GString *s, const FePosition *pos, int colour, uint8_t attrs,
                    const gboolean *skip)
{
  gboolean any = FALSE;
  for (int w = 1; w < FE_WALK_COUNT; w++)
    {
      gboolean first = TRUE;
      for (int i = 0; i < 64; i++)
        {
          FeSquare sq = FE_SQ88 (i);
          FePiece q = pos->board[sq];
          if (q.walk != w || q.colour != colour || q.attrs != attrs || skip[i])
            continue;
          char name[3];
          fe_square_name (sq, name);
          if (first)
            g_string_append_printf (s, " %s", py_walk_code (w));
          g_string_append (s, name);
          first = FALSE;
          any = TRUE;
        }
    }
  return any;
}

uint8_t
py_extension_attributes (void)
{
  uint8_t bits = 0;
  for (int i = 0; i < fe_attribute_count (); i++)
    if (fe_attribute_nth (i)->popeye_extension)
      bits |= fe_attribute_nth (i)->bit;
  return bits;
}

char *
py_attribute_words (uint8_t attrs)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < fe_attribute_count (); i++)
    if (attrs & fe_attribute_nth (i)->bit)
      {
        g_autofree char *word = g_ascii_strdown (fe_attribute_nth (i)->popeye_word, -1);
        g_string_append_printf (s, " %s", word);
      }
  return g_string_free (s, FALSE);
}

/* An unsupported piece attribute entry "Chameleon (black bc6)". */
gboolean
py_parse_attr_entry (const char *e, char **attr, int *colour, FeSquare *sq, int *walk)
{
  const char *open = strstr (e, " (");
  gsize n = strlen (e);
  if (!open || n < 4 || e[n - 1] != ')')
    return FALSE;
  char *inner = g_strndup (open + 2, e + n - 1 - (open + 2));
  char **parts = g_strsplit (inner, " ", 2);
  gboolean ok = FALSE;
  if (parts[0] && parts[1])
    {
      int c = !strcmp (parts[0], "white") ? FE_WHITE : !strcmp (parts[0], "black") ? FE_BLACK
              : !strcmp (parts[0], "neutral") ? FE_NEUTRAL : -1;
      int len = (int) strlen (parts[1]);
      if (c >= 0 && len >= 3 && len <= 4)
        {
          char code[3] = { 0 };
          memcpy (code, parts[1], len - 2);
          *sq = py_square_at (parts[1] + len - 2);
          *walk = fe_walk_from_code (code);
          *colour = c;
          *attr = g_strndup (e, open - e);
          ok = *sq != FE_NO_SQUARE && *walk != FE_WALK_NONE;
          if (!ok)
            g_free (*attr);
        }
    }
  g_strfreev (parts);
  g_free (inner);
  return ok;
}

