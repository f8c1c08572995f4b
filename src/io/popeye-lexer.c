/* popeye-lexer.c — Popeye input as located tokens; keyword tables, squares,
 * numbers, stipulations: what every part of the reader uses.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader tokenises the whole text first (tokens remember their line and
 * column), then walks the tokens with one small parser per command, the way
 * Popeye does: a command reads the words it knows and hands the first word it
 * does not know back to the command level.  Keywords are case-insensitive
 * and may be abbreviated to a unique prefix.  Every error is located
 * "FILE:LINE:COL: message" and nothing is half-loaded.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "popeye-private.h"
#include "core/model/fe-i18n.h"

void
py_fail (P *p, FeFileErrorCode code, const Tok *t, const char *message)
{
  if (p->failed)
    return;
  p->failed = TRUE;
  if (!t)
    t = &p->eof;
  p->fail_tok = *t;
  fe_file_error_set (p->error, code, p->filename, t->line, t->col, "%s", message);
}

void G_GNUC_PRINTF (3, 4)
py_perr (P *p, const Tok *t, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  /* Translated here: xgettext finds the formats as py_perr's third
   * argument (po/meson.build). */
  g_autofree char *msg = g_strdup_vprintf (_ (fmt), ap);
  va_end (ap);
  py_fail (p, FE_FILE_ERROR_SYNTAX, t, msg);
}

static gboolean
is_sep (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == ',' || c == '\f'
         || c == '\v';
}

/* Column of byte `off` in characters, 1-based. */
static int
column_of (const char *text, gsize line_start, gsize off)
{
  return (int) g_utf8_strlen (text + line_start, (gssize) (off - line_start)) + 1;
}

char *
py_tok_str (const Tok *t)
{
  return g_strndup (t->s, t->len);
}

gboolean
py_tok_eq (const Tok *t, const char *word)
{
  return (int) strlen (word) == t->len && g_ascii_strncasecmp (t->s, word, t->len) == 0;
}

/* Checks the text is UTF-8 without control characters, then splits it. */
gboolean
py_tokenise (P *p)
{
  const char *text = p->text;
  gsize n = p->length;
  gsize pos = 0, line_start = 0;
  int line = 1;
  if (n >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    pos = line_start = 3;
  /* Binary data first: a NUL or a control character is never Popeye input. */
  for (gsize k = pos, ls = pos, ln = 1; k < n; k++)
    {
      unsigned char c = (unsigned char) text[k];
      if (c == '\n')
        ln++, ls = k + 1;
      else if (c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v')
        {
          Tok t = { NULL, 0, (int) ln, (int) (k - ls) + 1, k };
          py_perr (p, &t, "binary data (byte 0x%02x): this is not a Popeye input text file", c);
          return FALSE;
        }
    }
  const char *bad = NULL;
  if (!g_utf8_validate (text + pos, (gssize) (n - pos), &bad))
    {
      gsize k = (gsize) (bad - text), ls = pos;
      int ln = 1;
      for (gsize j = pos; j < k; j++)
        if (text[j] == '\n')
          ln++, ls = j + 1;
      Tok t = { NULL, 0, ln, column_of (text, ls, k), k };
      py_perr (p, &t, "the file is not UTF-8 text (invalid byte 0x%02x); save it as UTF-8",
            (unsigned char) *bad);
      return FALSE;
    }
  while (pos < n)
    {
      char c = text[pos];
      if (c == '\n')
        {
          line++;
          line_start = ++pos;
          continue;
        }
      if (is_sep (c))
        {
          pos++;
          continue;
        }
      gsize start = pos;
      while (pos < n && !is_sep (text[pos]))
        pos++;
      Tok t
        = { text + start, (int) (pos - start), line, column_of (text, line_start, start), start };
      g_array_append_val (p->toks, t);
    }
  p->eof.line = line;
  p->eof.col = column_of (text, line_start, n);
  p->eof.off = n;

  /* "remark feerie: words" lines: drop the two marker tokens so the words
   * continue the command before them (in a file, not in another format's
   * field). */
  for (guint k = 0; !p->words_only && k + 1 < p->toks->len;)
    {
      Tok *a = &g_array_index (p->toks, Tok, k), *b = a + 1;
      if (py_tok_eq (a, "remark") && py_tok_eq (b, DIRECTIVE) && a->line == b->line
          && (k == 0 || (a - 1)->line != a->line))
        g_array_remove_range (p->toks, k, 2);
      else
        k++;
    }
  return TRUE;
}

Tok *
py_peek (P *p)
{
  return p->i < p->toks->len ? &g_array_index (p->toks, Tok, p->i) : NULL;
}

Tok *
py_next (P *p)
{
  Tok *t = py_peek (p);
  if (t)
    p->i++;
  return t;
}

/* The rest of the line after token `t`, trimmed; skips its tokens. */
char *
py_rest_of_line (P *p, const Tok *t)
{
  gsize a = t->off + t->len, b = a;
  while (b < p->length && p->text[b] != '\n')
    b++;
  while (a < b && is_sep (p->text[a]) && p->text[a] != ';' && p->text[a] != ',')
    a++;
  while (b > a && (p->text[b - 1] == ' ' || p->text[b - 1] == '\t' || p->text[b - 1] == '\r'))
    b--;
  while (py_peek (p) && py_peek (p)->line == t->line && py_peek (p)->off >= t->off)
    p->i++;
  return g_strndup (p->text + a, b - a);
}

/* ---- keyword tables ------------------------------------------------------- */

/* Exact match wins; else a unique prefix; else a unique Popeye word among
 * the candidates (so our extensions never make Popeye's abbreviations
 * ambiguous). */
int
py_kw_lookup (const Kw *table, int n, const Tok *t, GString *candidates)
{
  int found = -1, nfound = 0, popeye = -1, npopeye = 0;
  for (int k = 0; k < n; k++)
    {
      /* The first letter first: most words differ there. */
      if (t->len && g_ascii_tolower (table[k].name[0]) != g_ascii_tolower (t->s[0]))
        continue;
      if ((int) strlen (table[k].name) < t->len
          || g_ascii_strncasecmp (table[k].name, t->s, t->len) != 0)
        continue;
      if ((int) strlen (table[k].name) == t->len)
        return k;
      found = k, nfound++;
      if (!table[k].ext)
        popeye = k, npopeye++;
      if (candidates)
        g_string_append_printf (candidates, "%s%s", candidates->len ? ", " : "", table[k].name);
    }
  if (nfound == 1)
    return found;
  if (npopeye == 1)
    return popeye;
  return nfound ? KW_AMBIGUOUS : KW_NONE;
}

const Kw py_commands[] = {
  { "beginproblem", CMD_BEGIN }, { "endproblem", CMD_END }, { "nextproblem", CMD_NEXT },
  { "stipulation", CMD_STIP }, { "sstipulation", CMD_SSTIP }, { "author", CMD_AUTHOR },
  { "origin", CMD_ORIGIN }, { "pieces", CMD_PIECES }, { "condition", CMD_COND },
  { "option", CMD_OPTION }, { "remark", CMD_REMARK }, { "protocol", CMD_PROTOCOL },
  { "input", CMD_INPUT }, { "title", CMD_TITLE }, { "twin", CMD_TWIN },
  { "zeroposition", CMD_ZERO }, { "LaTeX", CMD_LATEX }, { "LaTeXPieces", CMD_LATEXPIECES },
  { "award", CMD_AWARD }, { "array", CMD_ARRAY }, { "forsyth", CMD_FORSYTH },
};
const int py_n_commands = G_N_ELEMENTS (py_commands);

int
py_lookup (P *p, const Tok *t, const Kw *table, int n, const char *what)
{
  GString *cand = g_string_new (NULL);
  int k = py_kw_lookup (table, n, t, cand);
  if (k == KW_AMBIGUOUS && py_command_of (t) < 0)
    {
      char *s = py_tok_str (t);
      py_perr (p, t, "ambiguous %s \"%s\" (could be %s)", what, s, cand->str);
      g_free (s);
    }
  g_string_free (cand, TRUE);
  return k;
}

int
py_list_word (P *p, const Kw *table, int n, const char *what, gboolean in_twin)
{
  Tok *t = py_peek (p);
  if (!t)
    return -1;
  int k = py_lookup (p, t, table, n, what);
  if (p->failed)
    return -1;
  if (k < 0)
    {
      py_ends_list (p, t, in_twin, what);
      return -1;
    }
  p->i++;
  return k;
}

int
py_command_of (const Tok *t)
{
  int k = py_kw_lookup (py_commands, py_n_commands, t, NULL);
  return k >= 0 ? py_commands[k].id : k;
}

/* Colours and Popeye's piece attributes; Féerie's own attributes come from
 * the registry (py_piece_words). */
static const Kw popeye_piece_words[] = {
  { "White", A_WHITE }, { "Black", A_BLACK }, { "Neutral", A_NEUTRAL },
  { "Royal", A_OTHER }, { "Kamikaze", A_OTHER }, { "Paralysing", A_OTHER },
  { "Chameleon", A_OTHER }, { "Jigger", A_OTHER }, { "Volage", A_OTHER },
  { "Functionary", A_OTHER }, { "HalfNeutral", A_OTHER }, { "HurdleColourChanging", A_OTHER },
  { "Protean", A_OTHER }, { "Magic", A_OTHER }, { "Uncapturable", A_OTHER },
  { "Patrol", A_OTHER }, { "Frischauf", A_OTHER }, { "Bul", A_OTHER }, { "Dob", A_OTHER },
  { "Anda", A_OTHER }, { "AndaInverse", A_OTHER }, { "AliceA", A_OTHER }, { "AliceB", A_OTHER },
};

int
py_piece_words (Kw out[PY_MAX_PIECE_WORDS])
{
  int n = G_N_ELEMENTS (popeye_piece_words);
  memcpy (out, popeye_piece_words, sizeof popeye_piece_words);
  for (int i = 0; i < fe_attribute_count (); i++)
    if (fe_attribute_nth (i)->popeye_extension)
      out[n++] = (Kw) { fe_attribute_nth (i)->popeye_word, A_OTHER, TRUE };
  return n;
}

gboolean
py_is_piece_word (const Tok *t)
{
  Kw words[PY_MAX_PIECE_WORDS];
  int n = py_piece_words (words);
  return py_kw_lookup (words, n, t, NULL) >= 0;
}

const Kw *
py_twin_words (void)
{
  static Kw words[PY_N_TWIN_WORDS];
  static gsize filled;
  if (g_once_init_enter (&filled))
    {
      for (int kind = 0; kind < FE_TWIN_N_KINDS; kind++)
        words[kind] = (Kw) { fe_twin_kinds[kind].popeye, kind, FALSE };
      words[T_CONTINUED] = (Kw) { "continued", T_CONTINUED, FALSE };
      words[T_SSTIP] = (Kw) { "sstipulation", T_SSTIP, FALSE };
      words[T_FORSYTH] = (Kw) { "forsyth", T_FORSYTH, FALSE };
      g_once_init_leave (&filled, 1);
    }
  return words;
}

gboolean
py_is_twin_word (const Tok *t)
{
  return py_kw_lookup (py_twin_words (), PY_N_TWIN_WORDS, t, NULL) >= 0;
}

gboolean
py_ends_list (P *p, const Tok *t, gboolean in_twin, const char *what)
{
  if (py_command_of (t) >= 0 || (in_twin && py_is_twin_word (t)))
    return TRUE;
  char *s = py_tok_str (t);
  py_perr (p, t, "unknown %s \"%s\"", what, s);
  g_free (s);
  return FALSE;
}

/* Popeye's English walk codes, to tell "not supported yet" from "unknown". */
static const char *const popeye_codes[] = {
  "k", "p", "q", "s", "r", "b", "le", "ma", "pa", "va", "ro", "g", "n", "z", "ca", "gi", "rf",
  "bu", "we", "al", "fe", "da", "li", "ne", "l", "bp", "am", "em", "pr", "gn", "an", "sq", "wa",
  "dr", "ka", "ss", "uu", "ha", "m", "ea", "sw", "ar", "rb", "c", "nh", "du", "cr", "zr", "gr",
  "ch", "zh", "gh", "ds", "bk", "eq", "ct", "bs", "sp", "rl", "bl", "si", "tr", "nd", "o",
  "eh", "mo", "rr", "br", "ao", "oa", "rh", "bh", "ek", "bt", "gt", "sk", "cy", "cg", "rn",
  "rp", "ok", "37", "g2", "g3", "16", "24", "35", "dg", "kh", "or", "15", "25", "gl", "lr",
  "lb", "ln", "wr", "fr", "bi", "et", "na", "rm", "re", "rw", "bm", "be", "bw", "ra", "so",
  "mg", "36", "nl", "ml", "mm", "f", "do", "rt", "bo", "qe", "qf", "qq", "b1", "b2", "b3",
  "cp", "rk", "pp", "ls", "ze", "bn", "s2", "s4", "s1", "s3", "qn", "dk", "db", "no", "th",
  "lh", "ge", "gf", "kl", "ko", "kp", "sh", "gy", "ms", "po", "mp", "mh", "st",
};

gboolean
py_popeye_knows_code (const char *code)
{
  for (guint k = 0; k < G_N_ELEMENTS (popeye_codes); k++)
    if (g_ascii_strcasecmp (popeye_codes[k], code) == 0)
      return TRUE;
  return FALSE;
}

/* ---- small parsers ---------------------------------------------------------- */

FeSquare
py_square_at (const char *s)
{
  char c0 = g_ascii_tolower (s[0]), c1 = s[1];
  if (c0 < 'a' || c0 > 'h' || c1 < '1' || c1 > '8')
    return FE_NO_SQUARE;
  return FE_SQ (c0 - 'a', c1 - '1');
}

/* "c3h8" → squares; returns the count, -1 when the token is not a square list. */
int
py_square_list (const char *s, int len, FeSquare *out, int max)
{
  if (len < 2 || len % 2)
    return -1;
  int n = 0;
  for (int k = 0; k < len; k += 2)
    {
      FeSquare sq = py_square_at (s + k);
      if (sq == FE_NO_SQUARE)
        return -1;
      if (n < max)
        out[n] = sq;
      n++;
    }
  return n;
}

gboolean
py_is_square_list (const Tok *t)
{
  FeSquare tmp[1];
  return t && py_square_list (t->s, t->len, tmp, 0) > 0;
}

gboolean
py_read_square (P *p, const char *what, FeSquare *out)
{
  Tok *t = py_next (p);
  FeSquare sq[1];
  if (!t || t->len != 2 || py_square_list (t->s, 2, sq, 1) != 1)
    {
      if (t)
        {
          char *s = py_tok_str (t);
          py_perr (p, t, "bad square \"%s\" after %s (squares are a1 … h8)", s, what);
          g_free (s);
        }
      else
        py_perr (p, NULL, "the file ends where %s needs a square", what);
      return FALSE;
    }
  *out = sq[0];
  return TRUE;
}

gboolean
py_read_number (P *p, const char *what, int min, int max, int *out)
{
  Tok *t = py_next (p);
  if (!t)
    {
      py_perr (p, NULL, "the file ends where %s needs a number", what);
      return FALSE;
    }
  char *s = py_tok_str (t), *end = NULL;
  long v = strtol (s, &end, 10);
  if (!g_ascii_isdigit (s[0]) || *end || v < min || v > max)
    {
      py_perr (p, t, "%s needs a number from %d to %d, not \"%s\"", what, min, max, s);
      g_free (s);
      return FALSE;
    }
  g_free (s);
  *out = (int) v;
  return TRUE;
}

gboolean
py_is_number_like (const Tok *t)
{
  for (int k = 0; k < t->len; k++)
    if (!g_ascii_isdigit (t->s[k]) && !strchr (".,-", t->s[k]))
      return FALSE;
  return t->len > 0;
}

void
py_add_unsupported (P *p, char *text)
{
  for (guint k = 0; k < p->pb->unsupported->len; k++)
    if (!strcmp (p->pb->unsupported->pdata[k], text))
      {
        g_free (text);
        return;
      }
  g_ptr_array_add (p->pb->unsupported, text);
}

const char *
py_colour_name (int c)
{
  return c == FE_WHITE ? "white" : c == FE_BLACK ? "black" : "neutral";
}

/* ---- stipulation ----------------------------------------------------------- */

/* With `keep`, a stipulation Féerie cannot read (an unknown goal) is kept
 * there as written, so the problem still opens; solving refuses it.  What
 * it reads but does not solve (pser-hs#2) is in `out`, refused by solving. */
gboolean
py_parse_stipulation (P *p, const Tok *cmd, FeStipulation *out, char **keep)
{
  Tok *t = py_next (p);
  if (!t || t->line != cmd->line)
    {
      py_perr (p, t ? cmd : NULL, "\"%.*s\" needs a stipulation such as #2 or h#3 on the same line",
            cmd->len, cmd->s);
      return FALSE;
    }
  char *s = py_tok_str (t);
  /* Popeye allows a space before the length ("a=>b 5", "dia 4"): a length
   * alone on the same line joins the stipulation. */
  Tok *next = py_peek (p);
  if (t->len && !g_ascii_isdigit (t->s[t->len - 1]) && next && next->line == cmd->line
      && next->len && g_ascii_isdigit (next->s[0]))
    {
      py_next (p);
      char *length = py_tok_str (next);
      char *joined = g_strconcat (s, length, NULL);
      g_free (length);
      g_free (s);
      s = joined;
    }
  GError *e = NULL;
  gboolean ok = fe_stipulation_parse (s, out, &e);
  if (keep)
    g_clear_pointer (keep, g_free);
  if (!ok && keep && g_error_matches (e, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED))
    {
      *keep = g_steal_pointer (&s);
      g_clear_error (&e);
      ok = TRUE;
    }
  else if (!ok)
    {
      py_fail (p, FE_FILE_ERROR_SYNTAX, t, e->message);
      g_error_free (e);
    }
  g_free (s);
  return ok;
}

/* The place of byte `off` of the text, from a token before it. */
static Tok
tok_at (const P *p, const Tok *from, gsize off)
{
  Tok t = { p->text + off, off < p->length ? 1 : 0, from->line, from->col, off };
  gsize line_start = from->off;
  int col0 = from->col;
  for (gsize k = from->off; k < off && k < p->length; k++)
    if (p->text[k] == '\n')
      t.line++, line_start = k + 1, col0 = 1;
  t.col = col0 + (int) g_utf8_strlen (p->text + line_start, (gssize) (off - line_start));
  return t;
}

/* Does the tree ask for a goal whose positions the reader would have to
 * read apart (a=>b, proof games)? */
static gboolean
needs_positions (const FeSNode *n)
{
  if (!n)
    return FALSE;
  if (n->kind == FE_SNODE_LEAF)
    return n->goal == FE_GOAL_POSITION || n->goal == FE_GOAL_PROOF_GAME;
  for (guint i = 0; n->parts && i < n->parts->len; i++)
    if (needs_positions (n->parts->pdata[i]))
      return TRUE;
  return needs_positions (n->a) || needs_positions (n->b);
}

gboolean
py_parse_sstipulation (P *p, const Tok *cmd)
{
  Tok *first = py_peek (p);
  if (!first)
    {
      py_perr (p, cmd, "\"%.*s\" needs a side and a tree such as \"white 3a[#]d\"", cmd->len,
               cmd->s);
      return FALSE;
    }
  FeSStip *s = NULL;
  gsize end = 0, at = 0;
  GError *e = NULL;
  if (!fe_sstip_parse_prefix (p->text + first->off, p->length - first->off, &s, &end, &at, &e))
    {
      Tok where = tok_at (p, first, first->off + at);
      py_fail (p, FE_FILE_ERROR_SYNTAX, where.len ? &where : NULL, e->message);
      g_error_free (e);
      return FALSE;
    }
  end += first->off;
  /* Its tokens are read; one that goes on past it is no command. */
  while (py_peek (p) && py_peek (p)->off < end)
    {
      Tok *t = py_next (p);
      if (t->off + (gsize) t->len > end)
        {
          Tok where = tok_at (p, first, end);
          py_perr (p, &where, "unexpected \"%.*s\" after the structured stipulation",
                   (int) (t->off + (gsize) t->len - end), p->text + end);
          fe_sstip_free (s);
          return FALSE;
        }
    }
  if (needs_positions (s->root))
    {
      py_perr (p, first, "a=>b and proof games in a structured stipulation are not supported");
      fe_sstip_free (s);
      return FALSE;
    }
  FeProblem *pb = p->pb;
  fe_sstip_free (pb->structured);
  pb->structured = s;
  g_clear_pointer (&pb->unsupported_stipulation, g_free);
  fe_sstip_approximate (s, &pb->stipulation);
  return TRUE;
}
