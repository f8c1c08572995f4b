/* popeye.c — Popeye's English input language, read into FeProblem and written back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader tokenises the whole text first (tokens remember their line and
 * column), then walks the tokens with one small parser per command, the way
 * Popeye does: a command reads the words it knows and hands the first word it
 * does not know back to the command level.  Keywords are case-insensitive
 * and may be abbreviated to a unique prefix.  Every error is located
 * "FILE:LINE:COL: message" and nothing is half-loaded.
 *
 * Féerie extensions that Popeye lacks are written as "remark feerie: ..."
 * lines: Popeye only prints them, our reader splices their words back into
 * the token stream, so a written file reads back into the same model.
 * docs/popeye-input.md documents all of this.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "popeye.h"
#include "core/walk.h"

G_DEFINE_QUARK (fe-popeye-error-quark, fe_popeye_error)

#define DIRECTIVE "feerie:"

/* ---- tokens ------------------------------------------------------------ */

typedef struct {
  const char *s; /* into the text, not terminated */
  int len;
  int line, col;
  gsize off;
} Tok;

typedef struct {
  const char *text;
  gsize length;
  const char *filename;
  GArray *toks; /* of Tok */
  guint i;      /* next token */
  Tok eof;      /* location of the end of the text */
  GError **error;
  gboolean failed;
  /* the problem being read */
  FeProblem *pb;
  gboolean have_stip;
  GArray *twin_toks; /* of Tok: where each twin starts */
  Tok einstein_modifier;
  gboolean have_einstein_modifier;
} P;

static void G_GNUC_PRINTF (3, 4)
perr (P *p, const Tok *t, const char *fmt, ...)
{
  if (p->failed)
    return;
  p->failed = TRUE;
  va_list ap;
  va_start (ap, fmt);
  char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (!t)
    t = &p->eof;
  g_set_error (p->error, FE_POPEYE_ERROR, 0, "%s:%d:%d: %s", p->filename, t->line, t->col, msg);
  g_free (msg);
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

static char *
tok_str (const Tok *t)
{
  return g_strndup (t->s, t->len);
}

static gboolean
tok_eq (const Tok *t, const char *word)
{
  return (int) strlen (word) == t->len && g_ascii_strncasecmp (t->s, word, t->len) == 0;
}

/* Checks the text is UTF-8 without control characters, then splits it. */
static gboolean
tokenise (P *p)
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
          perr (p, &t, "binary data (byte 0x%02x): this is not a Popeye input text file", c);
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
      perr (p, &t, "the file is not UTF-8 text (invalid byte 0x%02x); save it as UTF-8",
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
      Tok t = { text + start, (int) (pos - start), line, column_of (text, line_start, start), start };
      g_array_append_val (p->toks, t);
    }
  p->eof.line = line;
  p->eof.col = column_of (text, line_start, n);
  p->eof.off = n;

  /* "remark feerie: words" lines: drop the two marker tokens so the words
   * continue the command before them. */
  for (guint k = 0; k + 1 < p->toks->len;)
    {
      Tok *a = &g_array_index (p->toks, Tok, k), *b = a + 1;
      if (tok_eq (a, "remark") && tok_eq (b, DIRECTIVE) && a->line == b->line
          && (k == 0 || (a - 1)->line != a->line))
        g_array_remove_range (p->toks, k, 2);
      else
        k++;
    }
  return TRUE;
}

static Tok *
peek (P *p)
{
  return p->i < p->toks->len ? &g_array_index (p->toks, Tok, p->i) : NULL;
}

static Tok *
next (P *p)
{
  Tok *t = peek (p);
  if (t)
    p->i++;
  return t;
}

/* The rest of the line after token `t`, trimmed; skips its tokens. */
static char *
rest_of_line (P *p, const Tok *t)
{
  gsize a = t->off + t->len, b = a;
  while (b < p->length && p->text[b] != '\n')
    b++;
  while (a < b && is_sep (p->text[a]) && p->text[a] != ';' && p->text[a] != ',')
    a++;
  while (b > a && (p->text[b - 1] == ' ' || p->text[b - 1] == '\t' || p->text[b - 1] == '\r'))
    b--;
  while (peek (p) && peek (p)->line == t->line && peek (p)->off >= t->off)
    p->i++;
  return g_strndup (p->text + a, b - a);
}

/* ---- keyword tables ------------------------------------------------------- */

typedef struct {
  const char *name;
  int id;
  gboolean ext; /* Féerie's extension: loses ties against Popeye's words */
} Kw;

#define KW_NONE (-1)
#define KW_AMBIGUOUS (-2)

/* Exact match wins; else a unique prefix; else a unique Popeye word among
 * the candidates (so our extensions never make Popeye's abbreviations
 * ambiguous). */
static int
kw_lookup (const Kw *table, int n, const Tok *t, GString *candidates)
{
  int found = -1, nfound = 0, popeye = -1, npopeye = 0;
  for (int k = 0; k < n; k++)
    {
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

enum {
  CMD_BEGIN, CMD_END, CMD_NEXT, CMD_STIP, CMD_SSTIP, CMD_AUTHOR, CMD_ORIGIN, CMD_PIECES,
  CMD_COND, CMD_OPTION, CMD_REMARK, CMD_PROTOCOL, CMD_INPUT, CMD_TITLE, CMD_TWIN, CMD_ZERO,
  CMD_LATEX, CMD_LATEXPIECES, CMD_AWARD, CMD_ARRAY, CMD_FORSYTH,
};

static const Kw commands[] = {
  { "beginproblem", CMD_BEGIN }, { "endproblem", CMD_END }, { "nextproblem", CMD_NEXT },
  { "stipulation", CMD_STIP }, { "sstipulation", CMD_SSTIP }, { "author", CMD_AUTHOR },
  { "origin", CMD_ORIGIN }, { "pieces", CMD_PIECES }, { "condition", CMD_COND },
  { "option", CMD_OPTION }, { "remark", CMD_REMARK }, { "protocol", CMD_PROTOCOL },
  { "input", CMD_INPUT }, { "title", CMD_TITLE }, { "twin", CMD_TWIN },
  { "zeroposition", CMD_ZERO }, { "LaTeX", CMD_LATEX }, { "LaTeXPieces", CMD_LATEXPIECES },
  { "award", CMD_AWARD }, { "array", CMD_ARRAY }, { "forsyth", CMD_FORSYTH },
};

static int
command_of (const Tok *t)
{
  int k = kw_lookup (commands, G_N_ELEMENTS (commands), t, NULL);
  return k >= 0 ? commands[k].id : k;
}

enum {
  OPT_DEFENCE, OPT_SETPLAY, OPT_WHITETOPLAY, OPT_VARIATIONS, OPT_MOVENUMBERS, OPT_STARTMOVE,
  OPT_NOWK, OPT_DUPLEX, OPT_NOBK, OPT_THREAT, OPT_NOTHREAT, OPT_TRY, OPT_MAXSOLUTIONS,
  OPT_MAXFLIGHTS, OPT_SEARCH, OPT_MULTISOLUTIONS, OPT_NOSYMMETRY, OPT_NONTRIVIAL,
  OPT_KEEPMATING, OPT_ENPASSANT, OPT_NOBOARD, OPT_NOSHORTVAR, OPT_HALFDUPLEX, OPT_POSTKEY,
  OPT_INTELLIGENT, OPT_MAXTIME, OPT_NOCASTLING, OPT_QUODLIBET, OPT_STOPSHORT, OPT_BEEP,
  OPT_SUPPRESSGRID, OPT_WRITEGRID, OPT_CASTLINGMUTEX, OPT_GOALISEND, OPT_NULLMOVES,
};

static const Kw options[] = {
  { "Defence", OPT_DEFENCE }, { "SetPlay", OPT_SETPLAY }, { "WhiteToPlay", OPT_WHITETOPLAY },
  { "Variations", OPT_VARIATIONS }, { "MoveNumbers", OPT_MOVENUMBERS },
  { "StartMoveNumber", OPT_STARTMOVE }, { "NoWk", OPT_NOWK }, { "Duplex", OPT_DUPLEX },
  { "NoBk", OPT_NOBK }, { "Threat", OPT_THREAT }, { "NoThreat", OPT_NOTHREAT },
  { "Try", OPT_TRY }, { "MaxSolutions", OPT_MAXSOLUTIONS },
  { "MaxFlightsquares", OPT_MAXFLIGHTS }, { "Search", OPT_SEARCH },
  { "MultiSolutions", OPT_MULTISOLUTIONS }, { "NoSymmetry", OPT_NOSYMMETRY },
  { "NonTrivial", OPT_NONTRIVIAL }, { "KeepMatingPiece", OPT_KEEPMATING },
  { "EnPassant", OPT_ENPASSANT }, { "NoBoard", OPT_NOBOARD },
  { "NoShortVariations", OPT_NOSHORTVAR }, { "HalfDuplex", OPT_HALFDUPLEX },
  { "PostKeyPlay", OPT_POSTKEY }, { "Intelligent", OPT_INTELLIGENT },
  { "MaxTime", OPT_MAXTIME }, { "NoCastling", OPT_NOCASTLING }, { "Quodlibet", OPT_QUODLIBET },
  { "StopOnShortSolutions", OPT_STOPSHORT }, { "Beep", OPT_BEEP },
  { "SuppressGrid", OPT_SUPPRESSGRID }, { "WriteGrid", OPT_WRITEGRID },
  { "CastlingMutuallyExclusive", OPT_CASTLINGMUTEX }, { "GoalIsEnd", OPT_GOALISEND },
  { "NullMoves", OPT_NULLMOVES },
};

/* Popeye's English condition names (v4.104).  The ones we solve have an id;
 * every other one is recorded in problem->unsupported. */
enum {
  C_OTHER = 0, C_MADRASI, C_IMITATOR, C_NOIPROM, C_EINSTEIN, C_REVEINSTEIN, C_ANTIEINSTEIN,
  /* Féerie extensions */
  C_IMIT_NOHURDLES, C_WHITE_IMITATOR, C_BLACK_IMITATOR, C_EIN_WHITE, C_EIN_BLACK,
  C_EIN_PROMOTIONS, C_MAGIC, C_MAGICIAN,
};

static const char *const popeye_conditions[] = {
  "RexInclusive", "Circe", "MirrorCirce", "Madrasi", "Volage", "Hypervolage", "BichromChess",
  "MonochromChess", "GridChess", "KoeKo", "BlackEdgeMover", "WhiteEdgeMover", "Leofamily",
  "ChineseChess", "Patrouille", "PWC", "NoCapture", "ImmunChess", "MirrorImmunChess",
  "ContactGridChess", "Imitator", "CavalierMajeur", "HaanerChess", "ChameleonCirce",
  "CouscousCirce", "EquipollentsCirce", "FileCirce", "BlackMaximummer", "BlackMinimummer",
  "WhiteMaximummer", "WhiteMinimummer", "MagicSquares", "Sentinelles", "Tibet", "DoubleTibet",
  "DiagramCirce", "Hole", "BlackMustCapture", "WhiteMustCapture", "ReflectiveKings",
  "TransmutedKings", "BlackFollowMyLeader", "WhiteFollowMyLeader", "DuellistChess",
  "ParrainCirce", "NoIProm", "SymmetryCirce", "VogtlaenderChess", "EinsteinChess", "Bicolores",
  "NewKoeko", "CirceClone", "AntiCirce", "MirrorFileCirce", "AntipodeanCirce",
  "MirrorCirceClone", "MirrorAntiCirce", "DiagramAntiCirce", "FileAntiCirce",
  "SymmetryAntiCirce", "MirrorFileAntiCirce", "AntipodeanAntiCirce", "EquipollentsAntiCirce",
  "FileImmunChess", "DiagramImmunChess", "MirrorFileImmunChess", "SymmetryImmunChess",
  "AntipodeanImmunChess", "EquipollentsImmunChess", "ReversalEinsteinChess", "SuperCirce",
  "RelegationChess", "NorskSjakk", "TraitorChess", "AndernachChess", "WhiteForcedSquare",
  "WhiteConsequentForcedSquare", "BlackForcedSquare", "BlackConsequentForcedSquare",
  "ChameleonChess", "FunctionaryChess", "GlasgowChess", "AntiAndernachChess", "FrischAufCirce",
  "VerticalMirrorCirce", "Isardam", "ChecklessChess", "DiametralCirce", "PromOnly", "RankCirce",
  "ExclusiveChess", "MarsCirce", "MarsMirrorCirce", "PhantomChess", "WhiteReflectiveKing",
  "BlackReflectiveKing", "WhiteTransmutedKing", "BlackTransmutedKing", "AntiEinsteinChess",
  "MirrorCouscousCirce", "BlackRoyalSquare", "WhiteRoyalSquare", "BrunnerChess", "PlusChess",
  "CirceAssassin", "PatienceChess", "RepublicanChess", "ExtinctionChess", "CentralChess",
  "ActuatedRevolvingBoard", "MessignyChess", "Woozles", "BiWoozles", "Heffalumps",
  "BiHeffalumps", "RexExclusive", "WhitePromSquares", "BlackPromSquares", "NoWhitePromotion",
  "NoBlackPromotion", "EiffelChess", "BlackUltraSchachZwang", "WhiteUltraSchachZwang",
  "ActuatedRevolvingCentre", "ShieldedKings", "LineChameleonChess", "NoWhiteCapture",
  "NoBlackCapture", "AprilChess", "AlphabeticChess", "CirceTurncoats", "CirceDoubleAgents",
  "AMU", "SingleBox", "MAFF", "OWU", "WhiteOscillatingKings", "BlackOscillatingKings",
  "AntiKings", "AntiMarsCirce", "AntiMarsMirrorCirce", "AntiMarsAntipodeanCirce",
  "WhiteSuperTransmutingKing", "BlackSuperTransmutingKing", "AntiSuperCirce", "UltraPatrol",
  "SwappingKings", "RoyalDynasty", "SAT", "StrictSAT", "Take&MakeChess", "BlackSynchronMover",
  "WhiteSynchronMover", "BlackAntiSynchronMover", "WhiteAntiSynchronMover", "Masand", "BGL",
  "BlackChecks", "AnnanChess", "NormalPawn", "Lortap", "VaultingKings", "WhiteVaultingKing",
  "BlackVaultingKing", "ProteanChess", "GenevaChess", "ChameleonPursuit", "AntiKoeko",
  "CastlingChess", "LosingChess", "Disparate", "GhostChess", "HauntedChess",
  "ProvocationChess", "CageCirce", "Dummy", "Football", "ContraParrain", "KobulKings",
  "ExchangeCastling", "WhiteAlphabeticChess", "BlackAlphabeticChess", "CirceTake&Make",
  "SuperGuards", "Wormholes", "MarineChess", "UltramarineChess", "BackHome", "FaceToFace",
  "BackToBack", "CheekToCheek", "ChameleonSequence", "AntiCloneCirce", "LastCapture",
  "TotalInvisible", "SeriesCapture", "Rokagogo", "Maximummer",
};

static const Kw condition_ext[] = {
  { "ImitatorNoHurdles", C_IMIT_NOHURDLES, TRUE }, { "WhiteImitator", C_WHITE_IMITATOR, TRUE },
  { "BlackImitator", C_BLACK_IMITATOR, TRUE }, { "EinsteinWhiteOnly", C_EIN_WHITE, TRUE },
  { "EinsteinBlackOnly", C_EIN_BLACK, TRUE }, { "EinsteinPromotions", C_EIN_PROMOTIONS, TRUE },
  { "MagicPieces", C_MAGIC, TRUE }, { "MagicianPieces", C_MAGICIAN, TRUE },
};

static Kw *conditions_table;
static int n_conditions_table;

static void
conditions_table_init (void)
{
  static gsize done = 0;
  if (!g_once_init_enter (&done))
    return;
  int n = G_N_ELEMENTS (popeye_conditions) + G_N_ELEMENTS (condition_ext);
  Kw *t = g_new0 (Kw, n);
  int k = 0;
  for (guint j = 0; j < G_N_ELEMENTS (popeye_conditions); j++, k++)
    {
      const char *s = popeye_conditions[j];
      t[k].name = s;
      t[k].id = !strcmp (s, "Madrasi")                 ? C_MADRASI
                : !strcmp (s, "Imitator")              ? C_IMITATOR
                : !strcmp (s, "NoIProm")               ? C_NOIPROM
                : !strcmp (s, "EinsteinChess")         ? C_EINSTEIN
                : !strcmp (s, "ReversalEinsteinChess") ? C_REVEINSTEIN
                : !strcmp (s, "AntiEinsteinChess")     ? C_ANTIEINSTEIN
                                                       : C_OTHER;
    }
  for (guint j = 0; j < G_N_ELEMENTS (condition_ext); j++, k++)
    t[k] = condition_ext[j];
  conditions_table = t;
  n_conditions_table = n;
  g_once_init_leave (&done, 1);
}

/* Words that may follow an unsupported condition as its parameters: the
 * variant words of Circe, AntiCirce, Sentinelles, grids, SingleBox, Kobul… */
static const Kw variant_words[] = {
  { "RexInclusive" }, { "RexExclusive" }, { "Mirror" }, { "Assassin" }, { "Diametral" },
  { "VerticalMirror" }, { "Clone" }, { "Chameleon" }, { "Turncoats" }, { "Couscous" },
  { "LastMove" }, { "Equipollents" }, { "Parrain" }, { "ContraParrain" }, { "Cage" },
  { "Rank" }, { "File" }, { "Symmetry" }, { "Diagram" }, { "PWC" }, { "Antipodes" },
  { "Take&Make" }, { "Super" }, { "April" }, { "Frischauf" }, { "Calvet" }, { "Cheylan" },
  { "Strict" }, { "Relaxed" }, { "Volcanic" }, { "Parachute" }, { "Einstein" },
  { "ReversalEinstein" }, { "TypeA" }, { "TypeB" }, { "TypeC" }, { "TypeD" }, { "Type1" },
  { "Type2" }, { "Type3" }, { "PionPropre" }, { "PionAdvers" }, { "PionNeutre" },
  { "MaximumBlack" }, { "MaximumWhite" }, { "MaximumTotal" }, { "ParaSentinelles" },
  { "Berolina" }, { "VerticalShift" }, { "HorizontalShift" }, { "DiagonalShift" },
  { "Orthogonal" }, { "Irregular" }, { "GridLine" }, { "White" }, { "Black" },
  { "Neighbour" }, { "Transmuting" }, { "exact" }, { "ultra" },
};

/* Colours and piece attributes. */
enum {
  A_WHITE, A_BLACK, A_NEUTRAL, A_MAGIC, A_MAGICIAN, A_OTHER,
};

static const Kw piece_words[] = {
  { "White", A_WHITE }, { "Black", A_BLACK }, { "Neutral", A_NEUTRAL },
  { "Royal", A_OTHER }, { "Kamikaze", A_OTHER }, { "Paralysing", A_OTHER },
  { "Chameleon", A_OTHER }, { "Jigger", A_OTHER }, { "Volage", A_OTHER },
  { "Functionary", A_OTHER }, { "HalfNeutral", A_OTHER }, { "HurdleColourChanging", A_OTHER },
  { "Protean", A_OTHER }, { "Magic", A_MAGIC }, { "Uncapturable", A_OTHER },
  { "Patrol", A_OTHER }, { "Frischauf", A_OTHER }, { "Bul", A_OTHER }, { "Dob", A_OTHER },
  { "Anda", A_OTHER }, { "AndaInverse", A_OTHER }, { "AliceA", A_OTHER }, { "AliceB", A_OTHER },
  { "Magician", A_MAGICIAN, TRUE },
};

enum {
  T_MOVE, T_EXCHANGE, T_STIP, T_SSTIP, T_ADD, T_REMOVE, T_CONTINUED, T_ROTATE, T_COND,
  T_POLISH, T_MIRROR, T_SHIFT, T_SUBSTITUTE, T_FORSYTH,
};

static const Kw twin_words[] = {
  { "move", T_MOVE }, { "exchange", T_EXCHANGE }, { "stipulation", T_STIP },
  { "sstipulation", T_SSTIP }, { "add", T_ADD }, { "remove", T_REMOVE },
  { "continued", T_CONTINUED }, { "rotate", T_ROTATE }, { "condition", T_COND },
  { "PolishType", T_POLISH }, { "mirror", T_MIRROR }, { "shift", T_SHIFT },
  { "substitute", T_SUBSTITUTE }, { "forsyth", T_FORSYTH },
};

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

static gboolean
popeye_knows_code (const char *code)
{
  for (guint k = 0; k < G_N_ELEMENTS (popeye_codes); k++)
    if (g_ascii_strcasecmp (popeye_codes[k], code) == 0)
      return TRUE;
  return FALSE;
}

/* ---- small parsers ---------------------------------------------------------- */

static FeSquare
square_at (const char *s)
{
  char c0 = g_ascii_tolower (s[0]), c1 = s[1];
  if (c0 < 'a' || c0 > 'h' || c1 < '1' || c1 > '8')
    return FE_NO_SQUARE;
  return FE_SQ (c0 - 'a', c1 - '1');
}

/* "c3h8" → squares; returns the count, -1 when the token is not a square list. */
static int
square_list (const char *s, int len, FeSquare *out, int max)
{
  if (len < 2 || len % 2)
    return -1;
  int n = 0;
  for (int k = 0; k < len; k += 2)
    {
      FeSquare sq = square_at (s + k);
      if (sq == FE_NO_SQUARE)
        return -1;
      if (n < max)
        out[n] = sq;
      n++;
    }
  return n;
}

static gboolean
is_square_list (const Tok *t)
{
  FeSquare tmp[1];
  return t && square_list (t->s, t->len, tmp, 0) > 0;
}

static gboolean
read_square (P *p, const char *what, FeSquare *out)
{
  Tok *t = next (p);
  FeSquare sq[1];
  if (!t || t->len != 2 || square_list (t->s, 2, sq, 1) != 1)
    {
      if (t)
        {
          char *s = tok_str (t);
          perr (p, t, "bad square \"%s\" after %s (squares are a1 … h8)", s, what);
          g_free (s);
        }
      else
        perr (p, NULL, "the file ends where %s needs a square", what);
      return FALSE;
    }
  *out = sq[0];
  return TRUE;
}

static gboolean
read_number (P *p, const char *what, int min, int max, int *out)
{
  Tok *t = next (p);
  if (!t)
    {
      perr (p, NULL, "the file ends where %s needs a number", what);
      return FALSE;
    }
  char *s = tok_str (t), *end = NULL;
  long v = strtol (s, &end, 10);
  if (!g_ascii_isdigit (s[0]) || *end || v < min || v > max)
    {
      perr (p, t, "%s needs a number from %d to %d, not \"%s\"", what, min, max, s);
      g_free (s);
      return FALSE;
    }
  g_free (s);
  *out = (int) v;
  return TRUE;
}

static gboolean
is_number_like (const Tok *t)
{
  for (int k = 0; k < t->len; k++)
    if (!g_ascii_isdigit (t->s[k]) && !strchr (".,-", t->s[k]))
      return FALSE;
  return t->len > 0;
}

static void
add_unsupported (P *p, char *text)
{
  for (guint k = 0; k < p->pb->unsupported->len; k++)
    if (!strcmp (p->pb->unsupported->pdata[k], text))
      {
        g_free (text);
        return;
      }
  g_ptr_array_add (p->pb->unsupported, text);
}

/* ---- pieces -------------------------------------------------------------- */

typedef struct {
  int colour; /* -1 = none yet */
  uint8_t attrs;
  GPtrArray *other_attrs; /* unsupported attribute names, borrowed */
} PieceGroup;

typedef void (*PieceSink) (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data);

static const char *
colour_name (int c)
{
  return c == FE_WHITE ? "white" : c == FE_BLACK ? "black" : "neutral";
}

/* Parses one piece token ("pa6c2e4", or "ma" followed by "e6").  Returns
 * FALSE without error when the token is not a piece (the caller decides). */
static gboolean
parse_piece_token (P *p, PieceGroup *g, PieceSink sink, gpointer data, gboolean *consumed)
{
  *consumed = FALSE;
  Tok *t = peek (p);
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
      if (!n2 || !is_square_list (n2) || !popeye_knows_code (code))
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
    squares_ok = square_at (sqtok->s + sqoff + k) != FE_NO_SQUARE;
  int walk = fe_walk_from_code (code);
  if (!squares_ok)
    {
      /* A known code followed by something square-like but wrong: a bad square. */
      if ((walk != FE_WALK_NONE || popeye_knows_code (code)) && command_of (t) < 0 && sqlen >= 1
          && sqtok == t)
        {
          const char *s = sqtok->s + sqoff;
          for (int k = 0; k < sqlen; k += 2)
            if (k + 1 >= sqlen || square_at (s + k) == FE_NO_SQUARE)
              {
                Tok at = *t;
                at.col += sqoff + k;
                char *whole = tok_str (t);
                perr (p, &at, "bad square \"%.*s\" in \"%s\" (squares are a1 … h8)",
                      MIN (2, sqlen - k), s + k, whole);
                g_free (whole);
                return FALSE;
              }
        }
      return FALSE;
    }
  if (walk == FE_WALK_NONE)
    {
      char *s = tok_str (t);
      if (popeye_knows_code (code))
        perr (p, t, "Popeye's piece code \"%s\" (in \"%s\") is not supported by Féerie", code, s);
      else
        perr (p, t, "unknown piece code \"%s\" in \"%s\"", code, s);
      g_free (s);
      return FALSE;
    }
  if (g->colour < 0)
    {
      char *s = tok_str (t);
      perr (p, t, "piece \"%s\" needs a colour first (white, black or neutral)", s);
      g_free (s);
      return FALSE;
    }
  for (int k = 0; k < sqlen; k += 2)
    {
      FeSquare sq = square_at (sqtok->s + sqoff + k);
      FePiece piece = { (uint8_t) walk, (uint8_t) g->colour, g->attrs, 0 };
      Tok at = *sqtok;
      if (k)
        at.col += sqoff + k;
      sink (p, &at, sq, piece, data);
      for (guint a = 0; g->other_attrs && a < g->other_attrs->len; a++)
        {
          char name[3];
          fe_square_name (sq, name);
          add_unsupported (p, g_strdup_printf ("%s (%s %s%s)", (char *) g->other_attrs->pdata[a],
                                               colour_name (g->colour), code, name));
        }
      if (p->failed)
        return FALSE;
    }
  p->i += sqtok == t ? 1 : 2;
  *consumed = TRUE;
  return TRUE;
}

/* Reads "colour [attributes] piece…" groups.  `single_group`: twin add. */
static gboolean
parse_piece_groups (P *p, const Tok *cmd, PieceSink sink, gpointer data, gboolean single_group)
{
  PieceGroup g = { -1, 0, g_ptr_array_new () };
  int groups = 0, pieces = 0;
  gboolean ok = TRUE;
  for (;;)
    {
      Tok *t = peek (p);
      if (!t)
        break;
      int k = kw_lookup (piece_words, G_N_ELEMENTS (piece_words), t, NULL);
      if (k >= 0 && piece_words[k].id <= A_NEUTRAL)
        {
          if (single_group && groups)
            break;
          g.colour = piece_words[k].id;
          g.attrs = 0;
          g_ptr_array_set_size (g.other_attrs, 0);
          groups++;
          p->i++;
          /* attributes right after the colour */
          while ((t = peek (p)))
            {
              int a = kw_lookup (piece_words, G_N_ELEMENTS (piece_words), t, NULL);
              if (a < 0 || piece_words[a].id <= A_NEUTRAL)
                break;
              /* "ma e6" is a mao standing on e6, not an abbreviated "magic" */
              Tok *n2 = p->i + 1 < p->toks->len ? &g_array_index (p->toks, Tok, p->i + 1) : NULL;
              if (t->len <= 2 && n2 && is_square_list (n2))
                {
                  char code[3] = { 0 };
                  for (int k2 = 0; k2 < t->len; k2++)
                    code[k2] = g_ascii_tolower (t->s[k2]);
                  if (fe_walk_from_code (code) != FE_WALK_NONE)
                    break;
                }
              if (piece_words[a].id == A_MAGIC)
                g.attrs |= FE_ATTR_MAGIC;
              else if (piece_words[a].id == A_MAGICIAN)
                g.attrs |= FE_ATTR_MAGICIAN;
              else
                g_ptr_array_add (g.other_attrs, (gpointer) piece_words[a].name);
              p->i++;
            }
          continue;
        }
      if (k >= 0 && (int) strlen (piece_words[k].name) == t->len)
        {
          perr (p, t, "the attribute \"%s\" must come right after the colour, e.g. "
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
      if (command_of (t) >= 0 || (single_group && kw_lookup (twin_words, G_N_ELEMENTS (twin_words), t, NULL) >= 0))
        break;
      char *s = tok_str (t);
      if (g.colour < 0)
        perr (p, t, "expected a colour (white, black or neutral) after \"%.*s\", not \"%s\"",
              cmd->len, cmd->s, s);
      else if (command_of (t) == KW_AMBIGUOUS)
        perr (p, t, "ambiguous keyword \"%s\"", s);
      else
        perr (p, t, "unknown piece or keyword \"%s\" (a piece is a walk code and squares, "
                    "e.g. \"kf5\" or \"pa2b3\")", s);
      g_free (s);
      ok = FALSE;
      break;
    }
  g_ptr_array_unref (g.other_attrs);
  if (ok && pieces == 0)
    {
      perr (p, peek (p), "\"%.*s\" is not followed by any piece", cmd->len, cmd->s);
      ok = FALSE;
    }
  return ok;
}

/* A magic or magician piece switches its genre on for the whole problem. */
static void
note_piece_attributes (P *p, FePiece piece)
{
  if (piece.attrs & FE_ATTR_MAGIC)
    p->pb->conditions.FE_P_MAGIC = true;
  if (piece.attrs & FE_ATTR_MAGICIAN)
    p->pb->conditions.FE_P_MAGICIAN = true;
}

static void
diagram_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data)
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
      perr (p, t, "two pieces on %s: the %s %s and the %s %s (a square holds one piece)", name,
            colour_name (there.colour), fe_walk_def (there.walk)->name, colour_name (piece.colour),
            fe_walk_def (piece.walk)->name);
      return;
    }
  if (piece.walk == FE_WALK_KING)
    for (int i = 0; i < 64; i++)
      {
        FeSquare s = FE_SQ88 (i);
        FePiece q = pos->board[s];
        if (s != sq && q.walk == FE_WALK_KING && q.colour == piece.colour)
          {
            char a[3], b[3];
            fe_square_name (s, a);
            fe_square_name (sq, b);
            perr (p, t, "two %s kings (%s and %s): a side has at most one king",
                  colour_name (piece.colour), a, b);
            return;
          }
      }
  fe_position_put (pos, sq, piece);
  note_piece_attributes (p, piece);
}

/* Forsyth: upper case white, lower case black, digits empty squares,
 * ".xy" a two-letter code, '=' before a piece neutral. */
static gboolean
parse_forsyth (P *p, const Tok *cmd, FePosition *pos)
{
  Tok *t = next (p);
  if (!t)
    {
      perr (p, NULL, "the file ends where forsyth needs a position");
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
              perr (p, &at, "forsyth: more than 64 squares");
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
              perr (p, &at, "forsyth: \".\" needs a two-letter piece code");
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
          perr (p, &at, "forsyth: unknown piece code \"%s\"", code);
          return FALSE;
        }
      if (idx >= 64)
        {
          perr (p, &at, "forsyth: more than 64 squares");
          return FALSE;
        }
      FeSquare sq = FE_SQ (idx % 8, 7 - idx / 8);
      FePiece piece = { (uint8_t) walk, (uint8_t) colour, 0, 0 };
      diagram_sink (p, &at, sq, piece, pos);
      if (p->failed)
        return FALSE;
      idx++;
    }
  (void) cmd;
  return TRUE;
}

/* ---- conditions -------------------------------------------------------- */

typedef struct {
  FeConditionParams *c;
  /* imitators: the diagram's (with colours) or a twin command's */
  uint8_t *n_imitators;
  uint8_t *imitators;
  uint8_t *imitator_colour; /* NULL in twins: all neutral */
  int twin_n;               /* storage for twins */
} CondTarget;

static gboolean
add_imitators (P *p, CondTarget *ct, const Tok *t, int colour)
{
  /* Squares are read one by one from the token, however long it is. */
  for (int k = 0; 2 * k + 1 < t->len; k++)
    {
      FeSquare sqk = square_at (t->s + 2 * k);
      Tok at = *t;
      at.col += 2 * k;
      if (*ct->n_imitators >= FE_MAX_IMITATORS)
        {
          perr (p, &at, "too many imitators: at most %d", FE_MAX_IMITATORS);
          return FALSE;
        }
      for (int j = 0; j < *ct->n_imitators; j++)
        if (ct->imitators[j] == sqk)
          {
            char name[3];
            fe_square_name (sqk, name);
            perr (p, &at, "two imitators on %s", name);
            return FALSE;
          }
      if (ct->imitator_colour)
        ct->imitator_colour[*ct->n_imitators] = (uint8_t) colour;
      ct->imitators[(*ct->n_imitators)++] = sqk;
    }
  return TRUE;
}

static gboolean
is_circe_family (const char *name)
{
  return strstr (name, "Circe") || strstr (name, "circe") || !strcmp (name, "ContraParrain");
}

/* A word of a condition the registry describes for Popeye
 * (FeConditionClass.popeye_generic): sets its cell, and a word of another
 * cell switches the condition on too.  Whole words only, any case. */
static gboolean
generic_condition_word (const Tok *t, FeConditionParams *c)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!cls->popeye_generic)
        continue;
      for (int k = 0; k < cls->n_params; k++)
        for (int v = 0; cls->params[k].popeye_words && v < cls->params[k].n_values; v++)
          if (cls->params[k].popeye_words[v] && tok_eq (t, cls->params[k].popeye_words[v]))
            {
              c->v[id][k] = (uint8_t) v;
              if (!c->v[id][0])
                c->v[id][0] = MAX (cls->params[0].xml_default, 1);
              return TRUE;
            }
    }
  return FALSE;
}

/* The Popeye words of the generic conditions: Popeye's in `popeye`, the
 * Féerie-only ones in `ext`. */
static void
describe_generic_conditions (const FeConditionParams *c, GString *popeye, GString *ext)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!cls->popeye_generic || !fe_params_on (c, id))
        continue;
      for (int k = 0; k < cls->n_params; k++)
        {
          const FeConditionParamDesc *d = &cls->params[k];
          int v = c->v[id][k];
          if (d->popeye_words && v < d->n_values && d->popeye_words[v])
            g_string_append_printf (d->popeye_extension ? ext : popeye, " %s", d->popeye_words[v]);
        }
    }
}

/* Some generic condition of `c` needs a Féerie-only word. */
static gboolean
generic_needs_extension (const FeConditionParams *c)
{
  GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
  describe_generic_conditions (c, po, ex);
  gboolean r = ex->len > 0;
  g_string_free (po, TRUE);
  g_string_free (ex, TRUE);
  return r;
}

/* Reads condition words until a word that is not one.  `in_twin`: the
 * words after "twin condition". */
static gboolean
parse_conditions (P *p, const Tok *cmd, CondTarget *ct, gboolean in_twin)
{
  int count = 0;
  for (;;)
    {
      Tok *t = peek (p);
      if (!t)
        break;
      if (generic_condition_word (t, ct->c))
        {
          p->i++;
          count++;
          continue;
        }
      GString *cand = g_string_new (NULL);
      int k = kw_lookup (conditions_table, n_conditions_table, t, cand);
      if (k == KW_AMBIGUOUS && command_of (t) < 0)
        {
          char *s = tok_str (t);
          perr (p, t, "ambiguous condition \"%s\" (could be %s)", s, cand->str);
          g_free (s);
          g_string_free (cand, TRUE);
          return FALSE;
        }
      g_string_free (cand, TRUE);
      if (k < 0)
        {
          if (command_of (t) >= 0
              || (in_twin && kw_lookup (twin_words, G_N_ELEMENTS (twin_words), t, NULL) >= 0))
            break;
          char *s = tok_str (t);
          perr (p, t, "unknown condition \"%s\"", s);
          g_free (s);
          return FALSE;
        }
      p->i++;
      count++;
      const Kw *kw = &conditions_table[k];
      switch (kw->id)
        {
        case C_MADRASI:
          ct->c->FE_P_MADRASI = true;
          if (peek (p) && kw_lookup (variant_words, 1, peek (p), NULL) == 0)
            {
              ct->c->FE_P_MADRASI_REX_INCLUSIVE = true;
              p->i++;
            }
          break;
        case C_IMITATOR:
        case C_WHITE_IMITATOR:
        case C_BLACK_IMITATOR:
          {
            if (in_twin && kw->id != C_IMITATOR)
              {
                perr (p, t, "%s cannot be set in a twin (Féerie keeps only neutral imitators "
                            "in twins)", kw->name);
                return FALSE;
              }
            int colour = kw->id == C_WHITE_IMITATOR   ? FE_WHITE
                         : kw->id == C_BLACK_IMITATOR ? FE_BLACK
                                                      : FE_NEUTRAL;
            int n = 0;
            while (is_square_list (peek (p)))
              {
                if (!add_imitators (p, ct, peek (p), colour))
                  return FALSE;
                p->i++;
                n++;
              }
            if (!n)
              {
                Tok *bad = peek (p);
                perr (p, bad ? bad : NULL, "%s needs its squares, e.g. \"%s c3h8\"", kw->name,
                      kw->name);
                return FALSE;
              }
            ct->c->FE_P_IMITATOR = true;
          }
          break;
        case C_NOIPROM:
          ct->c->FE_P_IMITATOR_NO_PROMOTION = true;
          break;
        case C_IMIT_NOHURDLES:
          ct->c->FE_P_IMITATOR_NO_HURDLES = true;
          break;
        case C_EINSTEIN:
        case C_REVEINSTEIN:
        case C_ANTIEINSTEIN:
          ct->c->FE_P_EINSTEIN = kw->id == C_EINSTEIN      ? FE_EINSTEIN_NORMAL
                            : kw->id == C_REVEINSTEIN ? FE_EINSTEIN_REVERSE
                                                      : FE_EINSTEIN_ANTI;
          break;
        case C_EIN_WHITE:
        case C_EIN_BLACK:
        case C_EIN_PROMOTIONS:
          if (kw->id == C_EIN_PROMOTIONS)
            ct->c->FE_P_EINSTEIN_PROMOTIONS = true;
          else
            ct->c->FE_P_EINSTEIN_SIDE = kw->id == C_EIN_WHITE ? FE_EINSTEIN_WHITE_ONLY
                                                         : FE_EINSTEIN_BLACK_ONLY;
          if (!p->have_einstein_modifier)
            p->einstein_modifier = *t, p->have_einstein_modifier = TRUE;
          break;
        case C_MAGIC:
          ct->c->FE_P_MAGIC = true;
          break;
        case C_MAGICIAN:
          ct->c->FE_P_MAGICIAN = true;
          break;
        default:
          {
            /* Unsupported: record it with its parameters. */
            GString *s = g_string_new (kw->name);
            gboolean circe = is_circe_family (kw->name);
            Tok *a;
            while ((a = peek (p)))
              {
                int v = kw_lookup (variant_words, G_N_ELEMENTS (variant_words), a, NULL);
                int c = kw_lookup (conditions_table, n_conditions_table, a, NULL);
                gboolean exact_cond = c >= 0 && (int) strlen (conditions_table[c].name) == a->len;
                gboolean param = FALSE;
                if (v >= 0 && (circe || !exact_cond))
                  param = TRUE;
                else if (c >= 0 || command_of (a) >= 0
                         || (in_twin && kw_lookup (twin_words, G_N_ELEMENTS (twin_words), a, NULL) >= 0))
                  param = FALSE;
                else if (is_number_like (a) || is_square_list (a) || a->len <= 2
                         || kw_lookup (piece_words, G_N_ELEMENTS (piece_words), a, NULL) >= 0)
                  param = TRUE;
                if (!param)
                  break;
                g_string_append_printf (s, " %.*s", a->len, a->s);
                p->i++;
              }
            add_unsupported (p, g_string_free (s, FALSE));
          }
          break;
        }
    }
  if (!count && !in_twin)
    {
      perr (p, peek (p), "\"%.*s\" is not followed by any condition", cmd->len, cmd->s);
      return FALSE;
    }
  return TRUE;
}

/* ---- options ------------------------------------------------------------ */

static gboolean
parse_options (P *p, const Tok *cmd)
{
  FeOptions *o = &p->pb->options;
  int count = 0;
  for (;;)
    {
      Tok *t = peek (p);
      if (!t)
        break;
      GString *cand = g_string_new (NULL);
      int k = kw_lookup (options, G_N_ELEMENTS (options), t, cand);
      if (k < 0)
        {
          gboolean is_cmd = command_of (t) >= 0;
          if (!is_cmd)
            {
              char *s = tok_str (t);
              if (k == KW_AMBIGUOUS)
                perr (p, t, "ambiguous option \"%s\" (could be %s)", s, cand->str);
              else
                perr (p, t, "unknown option \"%s\"", s);
              g_free (s);
            }
          g_string_free (cand, TRUE);
          if (!is_cmd)
            return FALSE;
          break;
        }
      g_string_free (cand, TRUE);
      p->i++;
      count++;
      const char *name = options[k].name;
      switch (options[k].id)
        {
        case OPT_DEFENCE:
          if (!read_number (p, name, 1, 99, &o->defence))
            return FALSE;
          break;
        case OPT_SETPLAY: o->set_play = TRUE; break;
        case OPT_WHITETOPLAY: o->white_to_play = TRUE; break;
        case OPT_VARIATIONS: o->variations = TRUE; break;
        case OPT_NOWK: o->no_white_king = TRUE; break;
        case OPT_NOBK: o->no_black_king = TRUE; break;
        case OPT_DUPLEX: o->duplex = TRUE; break;
        case OPT_HALFDUPLEX: o->half_duplex = TRUE; break;
        case OPT_NOTHREAT: o->no_threat = TRUE; break;
        case OPT_TRY: o->tries = TRUE; break;
        case OPT_NOBOARD: o->no_board = TRUE; break;
        case OPT_POSTKEY: o->post_key_play = TRUE; break;
        case OPT_STOPSHORT: o->stop_on_short = TRUE; break;
        case OPT_THREAT:
          if (!read_number (p, name, 1, 99, &o->threat_length))
            return FALSE;
          break;
        case OPT_MAXSOLUTIONS:
          if (!read_number (p, name, 1, 1000000, &o->max_solutions))
            return FALSE;
          break;
        case OPT_MAXTIME:
          if (!read_number (p, name, 1, 100000000, &o->max_time))
            return FALSE;
          break;
        case OPT_MOVENUMBERS:
        case OPT_BEEP:
        case OPT_SUPPRESSGRID:
        case OPT_WRITEGRID:
        case OPT_NOSYMMETRY:
        case OPT_MULTISOLUTIONS:
        case OPT_SEARCH:
          /* output details only */
          if (options[k].id == OPT_BEEP && peek (p) && is_number_like (peek (p)))
            p->i++;
          break;
        case OPT_INTELLIGENT:
          if (peek (p) && is_number_like (peek (p)))
            p->i++;
          break;
        case OPT_STARTMOVE:
          {
            int dummy;
            if (!read_number (p, name, 1, 1000000, &dummy))
              return FALSE;
          }
          break;
        case OPT_ENPASSANT:
          {
            Tok *s = next (p);
            FeSquare sq[8];
            int n = s ? square_list (s->s, s->len, sq, 8) : -1;
            /* Up to four: an Einstein pawn's triple step c1c2c3c4 (rules
             * §1.6), as Popeye's ReadSquares takes them. */
            if (n < 2 || n > (int) G_N_ELEMENTS (o->ep_squares))
              {
                perr (p, s, "EnPassant needs the 2 to 4 squares of the last pawn move, e.g. "
                            "\"EnPassant f7f6f5\", \"EnPassant e2e4\" or \"EnPassant c1c2c3c4\"");
                return FALSE;
              }
            /* A pawn that ends where it began has not moved: the squares
             * between would be walked off the board (found by fuzz-popeye). */
            if (sq[0] == sq[n - 1])
              {
                perr (p, s, "EnPassant: the pawn's first and last squares are the same");
                return FALSE;
              }
            o->n_ep_squares = n;
            memcpy (o->ep_squares, sq, n);
          }
          break;
        case OPT_NOCASTLING:
          {
            Tok *s = next (p);
            FeSquare sq[32];
            int n = s ? square_list (s->s, s->len, sq, 32) : -1;
            if (n < 1 || n + o->n_no_castling > 8)
              {
                perr (p, s, "NoCastling needs squares such as \"a1e1h1\"");
                return FALSE;
              }
            for (int j = 0; j < n; j++)
              o->no_castling[o->n_no_castling++] = sq[j];
          }
          break;
        case OPT_CASTLINGMUTEX:
          {
            Tok *s = next (p);
            FeSquare sq[2];
            int n = s ? square_list (s->s, s->len, sq, 2) : -1;
            if (n != 2 || o->n_castling_exclusive >= 4)
              {
                perr (p, s, "CastlingMutuallyExclusive needs two rook squares, e.g. \"a1h8\"");
                return FALSE;
              }
            o->castling_exclusive[o->n_castling_exclusive][0] = sq[0];
            o->castling_exclusive[o->n_castling_exclusive][1] = sq[1];
            o->n_castling_exclusive++;
          }
          break;
        default:
          {
            /* Options that change the solution and Féerie doesn't have. */
            GString *s = g_string_new ("option ");
            g_string_append (s, name);
            int nparams = options[k].id == OPT_NONTRIVIAL ? 2 : options[k].id == OPT_MAXFLIGHTS ? 1 : 0;
            for (int j = 0; j < nparams && peek (p); j++)
              {
                Tok *a = next (p);
                g_string_append_printf (s, " %.*s", a->len, a->s);
              }
            add_unsupported (p, g_string_free (s, FALSE));
          }
          break;
        }
    }
  if (!count)
    {
      perr (p, peek (p), "\"%.*s\" is not followed by any option", cmd->len, cmd->s);
      return FALSE;
    }
  return TRUE;
}

/* ---- stipulation ----------------------------------------------------------- */

/* With `keep`, a stipulation of Popeye's Féerie cannot solve (a=>b, hs#2)
 * is kept there as written, so the problem still opens; solving refuses it. */
static gboolean
parse_stipulation (P *p, const Tok *cmd, FeStipulation *out, char **keep)
{
  Tok *t = next (p);
  if (!t || t->line != cmd->line)
    {
      perr (p, t ? cmd : NULL, "\"%.*s\" needs a stipulation such as #2 or h#3 on the same line",
            cmd->len, cmd->s);
      return FALSE;
    }
  char *s = tok_str (t);
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
      perr (p, t, "%s", e->message);
      g_error_free (e);
    }
  g_free (s);
  return ok;
}

/* ---- twins ------------------------------------------------------------------ */

static void
twin_add_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data)
{
  (void) t;
  FeTwinCommand c = { 0 };
  c.kind = FE_TWIN_ADD;
  c.a = sq;
  c.piece = piece;
  g_array_append_val (((FeTwin *) data)->commands, c);
  note_piece_attributes (p, piece);
}

static gboolean
read_walk (P *p, const char *what, uint8_t *out)
{
  Tok *t = next (p);
  if (!t)
    {
      perr (p, NULL, "the file ends where %s needs a piece code", what);
      return FALSE;
    }
  char *s = g_ascii_strdown (t->s, t->len);
  int w = t->len <= 2 ? fe_walk_from_code (s) : FE_WALK_NONE;
  if (w == FE_WALK_NONE)
    perr (p, t, "%s: unknown piece code \"%s\"", what, s);
  g_free (s);
  *out = (uint8_t) w;
  return w != FE_WALK_NONE;
}

/* Parses the commands of one twin; `first` is the twin or zeroposition token. */
static gboolean
parse_twin (P *p, const Tok *first, gboolean zero)
{
  FeTwin *twin = fe_twin_new ();
  Tok *t = peek (p);
  if (!zero && t && kw_lookup (twin_words, G_N_ELEMENTS (twin_words), t, NULL) >= 0
      && twin_words[kw_lookup (twin_words, G_N_ELEMENTS (twin_words), t, NULL)].id == T_CONTINUED)
    {
      twin->continued = TRUE;
      p->i++;
    }
  while ((t = peek (p)))
    {
      GString *cand = g_string_new (NULL);
      int k = kw_lookup (twin_words, G_N_ELEMENTS (twin_words), t, cand);
      if (k == KW_AMBIGUOUS && command_of (t) < 0)
        {
          char *s = tok_str (t);
          perr (p, t, "ambiguous twinning command \"%s\" (could be %s)", s, cand->str);
          g_free (s);
        }
      g_string_free (cand, TRUE);
      if (k < 0 || p->failed)
        break;
      p->i++;
      FeTwinCommand c = { 0 };
      switch (twin_words[k].id)
        {
        case T_MOVE:
        case T_EXCHANGE:
        case T_SHIFT:
          c.kind = twin_words[k].id == T_MOVE       ? FE_TWIN_MOVE
                   : twin_words[k].id == T_EXCHANGE ? FE_TWIN_EXCHANGE
                                                    : FE_TWIN_SHIFT;
          if (peek (p) && peek (p)->len == 4 && is_square_list (peek (p)))
            {
              FeSquare sq[2] = { 0, 0 };
              square_list (peek (p)->s, 4, sq, 2);
              c.a = sq[0], c.b = sq[1];
              p->i++;
            }
          else if (!read_square (p, twin_words[k].name, &c.a)
                   || !read_square (p, twin_words[k].name, &c.b))
            break;
          g_array_append_val (twin->commands, c);
          break;
        case T_REMOVE:
          {
            c.kind = FE_TWIN_REMOVE;
            int removed = 0;
            /* A token may name any number of squares: read them one by
             * one (no fixed-size buffer to overrun). */
            while (is_square_list (peek (p)))
              {
                Tok *s = next (p);
                for (int j = 0; j + 1 < s->len; j += 2, removed++)
                  {
                    c.a = square_at (s->s + j);
                    g_array_append_val (twin->commands, c);
                  }
              }
            if (!removed)
              read_square (p, "remove", &c.a);
          }
          break;
        case T_ADD:
          parse_piece_groups (p, t, twin_add_sink, twin, TRUE);
          break;
        case T_SUBSTITUTE:
          c.kind = FE_TWIN_SUBSTITUTE;
          if (read_walk (p, "substitute", &c.walk_from) && read_walk (p, "substitute", &c.walk_to))
            g_array_append_val (twin->commands, c);
          break;
        case T_ROTATE:
          c.kind = FE_TWIN_ROTATE;
          if (read_number (p, "rotate", 90, 270, &c.rotation))
            {
              if (c.rotation % 90)
                perr (p, &g_array_index (p->toks, Tok, p->i - 1),
                      "rotate takes 90, 180 or 270 degrees");
              else
                g_array_append_val (twin->commands, c);
            }
          break;
        case T_MIRROR:
          {
            Tok *m = next (p);
            static const char *const names[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1",
                                                 "h1<-->a8" };
            int which = -1;
            for (int j = 0; m && j < 5; j++)
              if (tok_eq (m, names[j]))
                which = j == 4 ? 3 : j;
            if (which < 0)
              {
                perr (p, m, "mirror needs a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1");
                break;
              }
            c.kind = FE_TWIN_MIRROR;
            c.mirror = (uint8_t) which;
            g_array_append_val (twin->commands, c);
          }
          break;
        case T_POLISH:
          c.kind = FE_TWIN_POLISH;
          g_array_append_val (twin->commands, c);
          break;
        case T_STIP:
          c.kind = FE_TWIN_STIPULATION;
          if (parse_stipulation (p, t, &c.stipulation, NULL))
            g_array_append_val (twin->commands, c);
          break;
        case T_COND:
          {
            c.kind = FE_TWIN_CONDITION;
            uint8_t n = 0;
            CondTarget ct = { &c.conditions, &n, c.imitators, NULL, 0 };
            if (parse_conditions (p, t, &ct, TRUE))
              {
                c.n_imitators = n;
                g_array_append_val (twin->commands, c);
              }
          }
          break;
        case T_CONTINUED:
          perr (p, t, "\"continued\" must come right after \"twin\"");
          break;
        case T_SSTIP:
          perr (p, t, "structured stipulations (sstipulation) are not supported");
          break;
        case T_FORSYTH:
          perr (p, t, "twin forsyth is not supported; use move/add/remove");
          break;
        }
      if (p->failed)
        break;
    }
  if (!p->failed && !twin->commands->len && !zero)
    perr (p, first, "twin without a twinning command (move, exchange, remove, add, substitute, "
                    "rotate, mirror, shift, polishtype, stipulation, condition)");
  if (p->failed)
    {
      fe_twin_free (twin);
      return FALSE;
    }
  if (twin->commands->len || !zero)
    {
      g_ptr_array_add (p->pb->twins, twin);
      g_array_append_val (p->twin_toks, *first);
    }
  else
    fe_twin_free (twin);
  return TRUE;
}

/* ---- problems -------------------------------------------------------------- */

static void
append_line (char **field, const char *text)
{
  if (!*field)
    *field = g_strdup (text);
  else
    {
      char *s = g_strconcat (*field, "\n", text, NULL);
      g_free (*field);
      *field = s;
    }
}

/* After the whole problem: rights, e.p., twins checked. */
static gboolean
finish_problem (P *p, const Tok *end)
{
  FeProblem *pb = p->pb;
  if (!p->have_stip)
    {
      perr (p, end, "the problem has no stipulation (add a line such as \"stipulation #2\")");
      return FALSE;
    }
  for (int i = 0; i < pb->diagram.n_imitators; i++)
    if (!fe_square_empty (&pb->diagram, pb->diagram.imitators[i]))
      {
        char name[3];
        fe_square_name (pb->diagram.imitators[i], name);
        /* rules.md §1.2: an imitator occupies a square by itself. */
        perr (p, end, "the imitator on %s shares its square with a piece", name);
        return FALSE;
      }
  if (p->have_einstein_modifier && pb->conditions.FE_P_EINSTEIN == FE_EINSTEIN_NONE)
    {
      gboolean in_twin = FALSE;
      for (guint k = 0; k < pb->twins->len; k++)
        {
          FeTwin *tw = pb->twins->pdata[k];
          for (guint j = 0; j < tw->commands->len; j++)
            {
              FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
              if (c->kind == FE_TWIN_CONDITION && c->conditions.FE_P_EINSTEIN)
                in_twin = TRUE;
            }
        }
      if (!in_twin)
        {
          perr (p, &p->einstein_modifier, "%.*s needs EinsteinChess, ReversalEinsteinChess or "
                                          "AntiEinsteinChess",
                p->einstein_modifier.len, p->einstein_modifier.s);
          return FALSE;
        }
    }
  FePosition *d = &pb->diagram;
  d->side = FE_WHITE;
  fe_position_default_castling (d);
  FeOptions *o = &pb->options;
  for (int k = 0; k < o->n_no_castling; k++)
    d->castling &= ~fe_castling_flag_of_square (o->no_castling[k]);
  if (o->n_ep_squares >= 2)
    {
      FeSquare a = o->ep_squares[0], b = o->ep_squares[o->n_ep_squares - 1];
      d->ep_victim = b;
      d->ep_count = 0;
      if (FE_FILE (a) == FE_FILE (b))
        {
          int step = FE_RANK (b) > FE_RANK (a) ? 1 : -1;
          for (int r = FE_RANK (a) + step; r != FE_RANK (b) && d->ep_count < 2; r += step)
            d->ep_squares[d->ep_count++] = FE_SQ (FE_FILE (a), r);
        }
    }
  fe_position_recompute_hash (d);
  /* Magic and magician switch their rules on for the whole problem, also in
   * twins that replace the conditions. */
  for (guint k = 0; k < pb->twins->len; k++)
    {
      FeTwin *tw = pb->twins->pdata[k];
      for (guint j = 0; j < tw->commands->len; j++)
        {
          FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
          if (c->kind == FE_TWIN_CONDITION)
            {
              c->conditions.FE_P_MAGIC |= pb->conditions.FE_P_MAGIC;
              c->conditions.FE_P_MAGICIAN |= pb->conditions.FE_P_MAGICIAN;
            }
        }
    }
  /* Each twin's position, checked as it is read; one step per twin, so a
   * long chain of continued twins costs linear time. */
  FePosition pos;
  FeStipulation st;
  FeConditionParams cp;
  for (guint k = 0; k < pb->twins->len; k++)
    {
      GError *e = NULL;
      if (!fe_problem_apply_next_twin (pb, (int) k + 1, &pos, &st, &cp, &e))
        {
          Tok *tt = &g_array_index (p->twin_toks, Tok, k);
          char *label = fe_twin_label ((int) k + 1);
          perr (p, tt, "twin %s): %s", label, e->message);
          g_free (label);
          g_error_free (e);
          return FALSE;
        }
    }
  return TRUE;
}

static FeProblem *
new_problem (P *p)
{
  FeProblem *pb = fe_problem_new ();
  p->pb = pb;
  p->have_stip = FALSE;
  p->have_einstein_modifier = FALSE;
  g_array_set_size (p->twin_toks, 0);
  return pb;
}

/* Returns the command that ended the problem (CMD_END, CMD_NEXT) or -1. */
static int
parse_problem (P *p, const Tok *begin_tok)
{
  FeProblem *pb = p->pb;
  for (;;)
    {
      Tok *t = next (p);
      if (!t)
        {
          perr (p, NULL, "the file ends without \"end\" (the problem begun on line %d is "
                         "incomplete)", begin_tok->line);
          return -1;
        }
      GString *cand = g_string_new (NULL);
      int k = kw_lookup (commands, G_N_ELEMENTS (commands), t, cand);
      if (k < 0)
        {
          char *s = tok_str (t);
          if (k == KW_AMBIGUOUS)
            perr (p, t, "ambiguous keyword \"%s\" (could be %s)", s, cand->str);
          else
            perr (p, t, "unknown keyword \"%s\" (expected stipulation, pieces, condition, option, "
                        "twin, end…)", s);
          g_free (s);
          g_string_free (cand, TRUE);
          return -1;
        }
      g_string_free (cand, TRUE);
      int cmd = commands[k].id;
      switch (cmd)
        {
        case CMD_END:
        case CMD_NEXT:
          if (!finish_problem (p, t))
            return -1;
          return cmd;
        case CMD_BEGIN:
          perr (p, t, "\"begin\" inside a problem: the previous problem lacks \"end\" or \"next\"");
          return -1;
        case CMD_STIP:
          if (!parse_stipulation (p, t, &pb->stipulation, &pb->unsupported_stipulation))
            return -1;
          p->have_stip = TRUE;
          break;
        case CMD_SSTIP:
          perr (p, t, "structured stipulations (sstipulation) are not supported; use "
                      "\"stipulation\"");
          return -1;
        case CMD_AUTHOR:
          {
            char *s = rest_of_line (p, t);
            if (!*s)
              {
                g_free (s);
                break;
              }
            FeAuthor *a = g_new0 (FeAuthor, 1);
            char *sp = strrchr (s, ' ');
            if (sp)
              {
                a->given = g_strndup (s, sp - s);
                g_strchomp (a->given);
                a->family = g_strdup (sp + 1);
              }
            else
              a->family = g_strdup (s);
            g_ptr_array_add (pb->authors, a);
            g_free (s);
          }
          break;
        case CMD_ORIGIN:
        case CMD_TITLE:
        case CMD_AWARD:
        case CMD_REMARK:
          {
            char *s = rest_of_line (p, t);
            if (!*s)
              g_free (s); /* nothing to keep (and nothing the writer would write) */
            else if (cmd == CMD_REMARK)
              g_ptr_array_add (pb->remarks, s);
            else
              {
                append_line (cmd == CMD_ORIGIN  ? &pb->source_name
                             : cmd == CMD_TITLE ? &pb->title
                                                : &pb->award_distinction,
                             s);
                g_free (s);
              }
          }
          break;
        case CMD_PROTOCOL:
        case CMD_LATEX:
          /* a file name: nothing for us */
          g_free (rest_of_line (p, t));
          break;
        case CMD_LATEXPIECES:
          g_free (rest_of_line (p, t));
          break;
        case CMD_INPUT:
          perr (p, t, "\"input\" (reading another file) is not supported");
          return -1;
        case CMD_PIECES:
          if (!parse_piece_groups (p, t, diagram_sink, &pb->diagram, FALSE))
            return -1;
          break;
        case CMD_FORSYTH:
          if (!parse_forsyth (p, t, &pb->diagram))
            return -1;
          break;
        case CMD_ARRAY:
          {
            static const char *const row[] = { "r", "s", "b", "q", "k", "b", "s", "r" };
            for (int f = 0; f < 8; f++)
              {
                FePiece w = { (uint8_t) fe_walk_from_code (row[f]), FE_WHITE, 0, 0 };
                FePiece b = { w.walk, FE_BLACK, 0, 0 };
                FePiece wp = { FE_WALK_PAWN, FE_WHITE, 0, 0 }, bp = { FE_WALK_PAWN, FE_BLACK, 0, 0 };
                fe_position_put (&pb->diagram, FE_SQ (f, 0), w);
                fe_position_put (&pb->diagram, FE_SQ (f, 7), b);
                fe_position_put (&pb->diagram, FE_SQ (f, 1), wp);
                fe_position_put (&pb->diagram, FE_SQ (f, 6), bp);
              }
          }
          break;
        case CMD_COND:
          {
            CondTarget ct = { &pb->conditions, &pb->diagram.n_imitators, pb->diagram.imitators,
                              pb->diagram.imitator_colour, 0 };
            if (!parse_conditions (p, t, &ct, FALSE))
              return -1;
          }
          break;
        case CMD_OPTION:
          if (!parse_options (p, t))
            return -1;
          break;
        case CMD_TWIN:
          if (!parse_twin (p, t, FALSE))
            return -1;
          break;
        case CMD_ZERO:
          if (pb->twins->len)
            {
              perr (p, t, "zeroposition must come before the first twin");
              return -1;
            }
          pb->zero_position = TRUE;
          if (!parse_twin (p, t, TRUE))
            return -1;
          break;
        }
      if (p->failed)
        return -1;
    }
}

GPtrArray *
fe_popeye_read (const char *text, gsize length, const char *filename, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  conditions_table_init ();
  fe_walks_init ();
  P p = { 0 };
  p.text = text ? text : "";
  p.length = length;
  p.filename = filename ? filename : "<input>";
  p.error = error;
  p.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  p.twin_toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  if (!tokenise (&p))
    goto fail;
  Tok *t = next (&p);
  if (!t)
    {
      perr (&p, NULL, "empty input: a Popeye problem starts with \"begin\"");
      goto fail;
    }
  if (command_of (t) != CMD_BEGIN)
    {
      char *s = tok_str (t);
      if (g_ascii_strncasecmp (s, "anfang", 6) == 0 || g_ascii_strncasecmp (s, "debut", 5) == 0)
        perr (&p, t, "only English Popeye input is supported (\"%s\" starts a German or French "
                     "file)", s);
      else
        perr (&p, t, "a Popeye problem starts with \"begin\", not \"%s\"", s);
      g_free (s);
      goto fail;
    }
  Tok begin = *t;
  for (;;)
    {
      g_ptr_array_add (result, new_problem (&p));
      int how = parse_problem (&p, &begin);
      if (how < 0)
        goto fail;
      if (how == CMD_END)
        break;
      /* "next": another problem follows */
      if (!peek (&p))
        break;
      begin = *peek (&p);
      if (command_of (&begin) == CMD_BEGIN)
        p.i++;
    }
  g_array_unref (p.toks);
  g_array_unref (p.twin_toks);
  return result;
fail:
  g_array_unref (p.toks);
  g_array_unref (p.twin_toks);
  g_ptr_array_unref (result);
  return NULL;
}

GPtrArray *
fe_popeye_read_file (const char *path, GError **error)
{
  char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  GPtrArray *r = fe_popeye_read (text, len, path, error);
  g_free (text);
  return r;
}

/* ---- writer ---------------------------------------------------------------- */

static void
write_lines (GString *s, const char *keyword, const char *text)
{
  if (!text || !*text)
    return;
  char **lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++)
    g_string_append_printf (s, "%s %s\n", keyword, *l);
  g_strfreev (lines);
}

static void
append_squares (GString *s, const FeSquare *sq, int n)
{
  for (int k = 0; k < n; k++)
    {
      char name[3];
      fe_square_name (sq[k], name);
      g_string_append (s, name);
    }
}

static const char *
walk_code (int walk)
{
  return fe_walk_def (walk)->code;
}

/* Pieces of one colour with exactly `attrs`, grouped by walk: "kf5 pb7c2". */
static gboolean
append_piece_group (GString *s, const FePosition *pos, int colour, uint8_t attrs,
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
            g_string_append_printf (s, " %s", walk_code (w));
          g_string_append (s, name);
          first = FALSE;
          any = TRUE;
        }
    }
  return any;
}

static void
warn (GPtrArray *warnings, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
warn (GPtrArray *warnings, const char *fmt, ...)
{
  if (!warnings)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_ptr_array_add (warnings, g_strdup_vprintf (fmt, ap));
  va_end (ap);
}

/* The Popeye words of a condition set, and the Féerie-only ones apart. */
static void
describe_conditions (const FeConditionParams *c, int n_imit, const uint8_t *imit,
                     const uint8_t *imit_colour, gboolean write_magic, GString *popeye,
                     GString *ext)
{
  if (c->FE_P_MADRASI || c->FE_P_MADRASI_REX_INCLUSIVE)
    g_string_append (popeye, c->FE_P_MADRASI_REX_INCLUSIVE ? " Madrasi RexInclusive" : " Madrasi");
  gboolean coloured = FALSE;
  for (int k = 0; imit_colour && k < n_imit; k++)
    coloured |= imit_colour[k] != FE_NEUTRAL;
  if (n_imit || c->FE_P_IMITATOR)
    {
      /* With coloured imitators all go to the extension, to keep their order. */
      GString *dst = coloured ? ext : popeye;
      int last = -1;
      for (int k = 0; k < n_imit; k++)
        {
          int col = imit_colour ? imit_colour[k] : FE_NEUTRAL;
          if (col != last)
            g_string_append (dst, col == FE_WHITE   ? " WhiteImitator "
                                  : col == FE_BLACK ? " BlackImitator "
                                                    : " Imitator ");
          char name[3];
          fe_square_name (imit[k], name);
          g_string_append (dst, name);
          last = col;
        }
    }
  if (c->FE_P_IMITATOR_NO_PROMOTION)
    g_string_append (popeye, " NoIProm");
  if (c->FE_P_IMITATOR_NO_HURDLES)
    g_string_append (ext, " ImitatorNoHurdles");
  if (c->FE_P_EINSTEIN)
    g_string_append (popeye, c->FE_P_EINSTEIN == FE_EINSTEIN_NORMAL    ? " EinsteinChess"
                             : c->FE_P_EINSTEIN == FE_EINSTEIN_REVERSE ? " ReversalEinsteinChess"
                                                                  : " AntiEinsteinChess");
  if (c->FE_P_EINSTEIN && c->FE_P_EINSTEIN_SIDE == FE_EINSTEIN_WHITE_ONLY)
    g_string_append (ext, " EinsteinWhiteOnly");
  if (c->FE_P_EINSTEIN && c->FE_P_EINSTEIN_SIDE == FE_EINSTEIN_BLACK_ONLY)
    g_string_append (ext, " EinsteinBlackOnly");
  if (c->FE_P_EINSTEIN_PROMOTIONS)
    g_string_append (ext, " EinsteinPromotions");
  if (write_magic && c->FE_P_MAGIC)
    g_string_append (ext, " MagicPieces");
  if (write_magic && c->FE_P_MAGICIAN)
    g_string_append (ext, " MagicianPieces");
  describe_generic_conditions (c, popeye, ext);
}

/* An unsupported piece attribute entry "Chameleon (black bc6)". */
static gboolean
parse_attr_entry (const char *e, char **attr, int *colour, FeSquare *sq, int *walk)
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
          *sq = square_at (parts[1] + len - 2);
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

static void
write_stipulation (GString *s, const FeStipulation *st)
{
  char *t = fe_stipulation_to_string (st);
  g_string_append (s, t);
  g_free (t);
}

static gboolean
twin_needs_extension (const FeTwin *tw)
{
  for (guint j = 0; j < tw->commands->len; j++)
    {
      const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
      if (c->kind == FE_TWIN_ADD && (c->piece.attrs & FE_ATTR_MAGICIAN))
        return TRUE;
      if (c->kind == FE_TWIN_CONDITION && generic_needs_extension (&c->conditions))
        return TRUE;
      if (c->kind == FE_TWIN_CONDITION
          && (c->conditions.FE_P_IMITATOR_NO_HURDLES || c->conditions.FE_P_EINSTEIN_PROMOTIONS
              || (c->conditions.FE_P_EINSTEIN && c->conditions.FE_P_EINSTEIN_SIDE)))
        return TRUE;
    }
  return FALSE;
}

static void
write_twin_commands (GString *s, const FeProblem *pb, const FeTwin *tw)
{
  for (guint j = 0; j < tw->commands->len; j++)
    {
      const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
      char a[3], b[3];
      fe_square_name (c->a, a);
      fe_square_name (c->b, b);
      switch (c->kind)
        {
        case FE_TWIN_MOVE: g_string_append_printf (s, " move %s %s", a, b); break;
        case FE_TWIN_EXCHANGE: g_string_append_printf (s, " exchange %s %s", a, b); break;
        case FE_TWIN_SHIFT: g_string_append_printf (s, " shift %s %s", a, b); break;
        case FE_TWIN_REMOVE: g_string_append_printf (s, " remove %s", a); break;
        case FE_TWIN_ADD:
          g_string_append_printf (s, " add %s%s%s", colour_name (c->piece.colour),
                                  c->piece.attrs & FE_ATTR_MAGIC ? " magic" : "",
                                  c->piece.attrs & FE_ATTR_MAGICIAN ? " magician" : "");
          /* unsupported attributes of a piece the twin adds */
          for (guint k = 0; k < pb->unsupported->len; k++)
            {
              char *attr;
              int colour, walk;
              FeSquare sq;
              if (parse_attr_entry (pb->unsupported->pdata[k], &attr, &colour, &sq, &walk))
                {
                  FePiece q = pb->diagram.board[sq];
                  if (sq == c->a && colour == c->piece.colour && walk == c->piece.walk
                      && !(q.walk == walk && q.colour == colour))
                    g_string_append_printf (s, " %s", attr);
                  g_free (attr);
                }
            }
          g_string_append_printf (s, " %s%s", walk_code (c->piece.walk), a);
          break;
        case FE_TWIN_SUBSTITUTE:
          g_string_append_printf (s, " substitute %s %s", walk_code (c->walk_from),
                                  walk_code (c->walk_to));
          break;
        case FE_TWIN_ROTATE: g_string_append_printf (s, " rotate %d", c->rotation); break;
        case FE_TWIN_MIRROR:
          {
            static const char *const names[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1" };
            g_string_append_printf (s, " mirror %s", names[c->mirror & 3]);
          }
          break;
        case FE_TWIN_POLISH: g_string_append (s, " PolishType"); break;
        case FE_TWIN_STIPULATION:
          g_string_append (s, " stipulation ");
          write_stipulation (s, &c->stipulation);
          break;
        case FE_TWIN_CONDITION:
          {
            GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
            FeConditionParams cp = c->conditions;
            /* magic flags come from the pieces, unless set on their own */
            gboolean own_magic = (cp.FE_P_MAGIC && !pb->conditions.FE_P_MAGIC)
                                 || (cp.FE_P_MAGICIAN && !pb->conditions.FE_P_MAGICIAN);
            describe_conditions (&cp, c->n_imitators, c->imitators, NULL, own_magic, po, ex);
            g_string_append_printf (s, " condition%s%s", po->str, ex->str);
            g_string_free (po, TRUE);
            g_string_free (ex, TRUE);
          }
          break;
        }
    }
}

char *
fe_popeye_write (const FeProblem *pb, GPtrArray *warnings)
{
  g_return_val_if_fail (pb != NULL, NULL);
  GString *s = g_string_new ("begin\n");
  write_lines (s, "title", pb->title);
  for (guint k = 0; k < pb->authors->len; k++)
    {
      const FeAuthor *a = pb->authors->pdata[k];
      if (a->given && *a->given)
        g_string_append_printf (s, "author %s %s\n", a->given, a->family ? a->family : "");
      else if (a->family)
        g_string_append_printf (s, "author %s\n", a->family);
    }
  write_lines (s, "origin", pb->source_name);
  write_lines (s, "award", pb->award_distinction);
  for (guint k = 0; k < pb->remarks->len; k++)
    write_lines (s, "remark", pb->remarks->pdata[k]);

  g_string_append (s, "stipulation ");
  if (pb->unsupported_stipulation)
    g_string_append (s, pb->unsupported_stipulation);
  else
    write_stipulation (s, &pb->stipulation);
  g_string_append_c (s, '\n');

  /* conditions */
  const FePosition *d = &pb->diagram;
  gboolean has_magic = FALSE, has_magician = FALSE;
  for (int i = 0; i < 64; i++)
    {
      has_magic |= (d->board[FE_SQ88 (i)].attrs & FE_ATTR_MAGIC) != 0;
      has_magician |= (d->board[FE_SQ88 (i)].attrs & FE_ATTR_MAGICIAN) != 0;
    }
  for (guint k = 0; k < pb->twins->len; k++)
    {
      const FeTwin *tw = pb->twins->pdata[k];
      for (guint j = 0; j < tw->commands->len; j++)
        {
          const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
          if (c->kind == FE_TWIN_ADD)
            {
              has_magic |= (c->piece.attrs & FE_ATTR_MAGIC) != 0;
              has_magician |= (c->piece.attrs & FE_ATTR_MAGICIAN) != 0;
            }
        }
    }
  {
    GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
    FeConditionParams cp = pb->conditions;
    cp.FE_P_MAGIC = cp.FE_P_MAGIC && !has_magic;
    cp.FE_P_MAGICIAN = cp.FE_P_MAGICIAN && !has_magician;
    describe_conditions (&cp, d->n_imitators, d->imitators, d->imitator_colour, TRUE, po, ex);
    if (po->len)
      g_string_append_printf (s, "condition%s\n", po->str);
    if (ex->len)
      {
        g_string_append_printf (s, "remark " DIRECTIVE " condition%s\n", ex->str);
        warn (warnings, "Popeye lacks the condition(s)%s: they are kept in a \"remark "
                        DIRECTIVE "\" line that only Féerie reads", ex->str);
      }
    g_string_free (po, TRUE);
    g_string_free (ex, TRUE);
  }

  /* options */
  {
    const FeOptions *o = &pb->options;
    GString *op = g_string_new (NULL);
    if (o->variations) g_string_append (op, " Variations");
    if (o->tries) g_string_append (op, " Try");
    if (o->defence) g_string_append_printf (op, " Defence %d", o->defence);
    if (o->set_play) g_string_append (op, " SetPlay");
    if (o->no_threat) g_string_append (op, " NoThreat");
    if (o->threat_length) g_string_append_printf (op, " Threat %d", o->threat_length);
    if (o->white_to_play) g_string_append (op, " WhiteToPlay");
    if (o->duplex) g_string_append (op, " Duplex");
    if (o->half_duplex) g_string_append (op, " HalfDuplex");
    if (o->post_key_play) g_string_append (op, " PostKeyPlay");
    if (o->max_solutions) g_string_append_printf (op, " MaxSolutions %d", o->max_solutions);
    if (o->no_board) g_string_append (op, " NoBoard");
    if (o->no_white_king) g_string_append (op, " NoWk");
    if (o->no_black_king) g_string_append (op, " NoBk");
    if (o->stop_on_short) g_string_append (op, " StopOnShortSolutions");
    if (o->max_time) g_string_append_printf (op, " MaxTime %d", o->max_time);
    if (o->n_ep_squares >= 2)
      {
        g_string_append (op, " EnPassant ");
        append_squares (op, o->ep_squares, o->n_ep_squares);
      }
    /* NoCastling: the squares given, plus any right the diagram lacks. */
    {
      FeSquare nc[8];
      int n = 0;
      for (int k = 0; k < o->n_no_castling && n < 8; k++)
        nc[n++] = o->no_castling[k];
      FePosition fresh = *d;
      fe_position_default_castling (&fresh);
      uint8_t missing = fresh.castling & ~d->castling;
      static const struct { uint8_t flag; int file, rank; } rights[] = {
        { FE_CASTLE_WK, 4, 0 }, { FE_CASTLE_WA, 0, 0 }, { FE_CASTLE_WH, 7, 0 },
        { FE_CASTLE_BK, 4, 7 }, { FE_CASTLE_BA, 0, 7 }, { FE_CASTLE_BH, 7, 7 },
      };
      for (guint k = 0; k < G_N_ELEMENTS (rights); k++)
        if (missing & rights[k].flag)
          {
            FeSquare sq = FE_SQ (rights[k].file, rights[k].rank);
            gboolean have = FALSE;
            for (int j = 0; j < n; j++)
              have |= nc[j] == sq;
            if (!have && n < 8)
              nc[n++] = sq;
          }
      if (n)
        {
          g_string_append (op, " NoCastling ");
          append_squares (op, nc, n);
        }
    }
    for (int k = 0; k < o->n_castling_exclusive; k++)
      {
        g_string_append (op, " CastlingMutuallyExclusive ");
        append_squares (op, o->castling_exclusive[k], 2);
      }
    if (op->len)
      g_string_append_printf (s, "option%s\n", op->str);
    g_string_free (op, TRUE);
  }

  /* pieces; those with unsupported attributes are written with them below
   * (skip is indexed by FE_SQ64 of a square parse_attr_entry checked) */
  gboolean skip[64] = { FALSE };
  for (guint k = 0; k < pb->unsupported->len; k++)
    {
      char *attr;
      int colour, walk;
      FeSquare sq;
      if (parse_attr_entry (pb->unsupported->pdata[k], &attr, &colour, &sq, &walk))
        {
          FePiece q = d->board[sq];
          if (q.walk == walk && q.colour == colour)
            skip[FE_SQ64 (sq)] = TRUE;
          g_free (attr);
        }
    }
  {
    gboolean first = TRUE;
    for (int colour = FE_WHITE; colour <= FE_NEUTRAL; colour++)
      for (int attrs = 0; attrs < 4; attrs++)
        {
          /* Magician pieces are written plain (magic kept) for Popeye, and
           * once more with the attribute in a directive. */
          if (attrs & FE_ATTR_MAGICIAN)
            continue;
          GString *line = g_string_new (NULL);
          gboolean any = append_piece_group (line, d, colour, (uint8_t) attrs, skip);
          any |= append_piece_group (line, d, colour, (uint8_t) (attrs | FE_ATTR_MAGICIAN), skip);
          if (any)
            {
              g_string_append_printf (s, "%s%s%s%s\n", first ? "pieces " : "       ",
                                      colour_name (colour), attrs & FE_ATTR_MAGIC ? " magic" : "",
                                      line->str);
              first = FALSE;
            }
          g_string_free (line, TRUE);
        }
    for (int colour = FE_WHITE; colour <= FE_NEUTRAL; colour++)
      for (int attrs = FE_ATTR_MAGICIAN; attrs <= (FE_ATTR_MAGICIAN | FE_ATTR_MAGIC); attrs++)
        {
          GString *line = g_string_new (NULL);
          if (append_piece_group (line, d, colour, (uint8_t) attrs, skip))
            {
              g_string_append_printf (s, "remark " DIRECTIVE " pieces %s%s magician%s\n",
                                      colour_name (colour), attrs & FE_ATTR_MAGIC ? " magic" : "",
                                      line->str);
              warn (warnings, "Popeye has no magician pieces: the %s magician piece(s)%s are "
                              "plain pieces for Popeye and magicians in a \"remark " DIRECTIVE
                              "\" line",
                    colour_name (colour), line->str);
            }
          g_string_free (line, TRUE);
        }
  }

  /* unsupported conditions, options and attributes, in their order */
  for (guint k = 0; k < pb->unsupported->len; k++)
    {
      const char *e = pb->unsupported->pdata[k];
      char *attr;
      int colour, walk;
      FeSquare sq;
      if (parse_attr_entry (e, &attr, &colour, &sq, &walk))
        {
          FePiece q = d->board[sq];
          char name[3];
          fe_square_name (sq, name);
          if (q.walk == walk && q.colour == colour)
            g_string_append_printf (s, "pieces %s%s %s %s%s\n", colour_name (colour),
                                    q.attrs & FE_ATTR_MAGIC ? " magic" : "", attr,
                                    walk_code (walk), name);
          /* else: a piece a twin adds; written with the twin */
          g_free (attr);
        }
      else if (g_str_has_prefix (e, "option "))
        g_string_append_printf (s, "%s\n", e);
      else
        g_string_append_printf (s, "condition %s\n", e);
    }

  /* twins */
  for (guint k = 0; k < pb->twins->len; k++)
    {
      const FeTwin *tw = pb->twins->pdata[k];
      gboolean ext = twin_needs_extension (tw);
      const char *head = pb->zero_position && k == 0 ? "zeroposition" : "twin";
      if (ext)
        {
          g_string_append (s, "remark " DIRECTIVE " ");
          char *label = fe_twin_label ((int) k + 1);
          warn (warnings, "twin %s) uses what Popeye lacks (magician pieces or a condition "
                          "variant): it is kept in a \"remark " DIRECTIVE "\" line that only "
                          "Féerie reads", label);
          g_free (label);
        }
      g_string_append_printf (s, "%s%s", head, tw->continued ? " continued" : "");
      write_twin_commands (s, pb, tw);
      g_string_append_c (s, '\n');
    }
  if (pb->zero_position && !pb->twins->len)
    g_string_append (s, "zeroposition\n");
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}
