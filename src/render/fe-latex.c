/* fe-latex.c — a diagram as a fragment for LaTeX's `diagram` package.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Notation from the package's manual (texlive-doc chess-problem-diagrams,
 * diagram.pdf §1.2): \pieces{wKe1, sDUc7}, colours w s n, pieces K D T L S
 * B, turns R U L, circles C, equihoppers E and X; \fieldframe frames
 * squares; lists inside a field are separated by "; ".
 */
#include <stdio.h>
#include <string.h>

#include "fe-latex.h"
#include "fe-caption.h"
#include "fe-render.h"
#include "core/model/walk.h"

/* Markers for arrows, put in before escaping and turned into the package's
 * arrow macros after: control characters never survive escaping. */
#define MARK_RA '\x01'
#define MARK_LRA '\x02'
#define MARK_ANY '\x03'

static void
escape_into (GString *out, const char *text)
{
  for (const char *c = text; *c; c++)
    switch (*c)
      {
      case '\\': g_string_append (out, "\\textbackslash{}"); break;
      case '{': case '}': case '$': case '&': case '#': case '_': case '%':
        g_string_append_c (out, '\\');
        g_string_append_c (out, *c);
        break;
      case '^': g_string_append (out, "\\textasciicircum{}"); break;
      case '~': g_string_append (out, "\\textasciitilde{}"); break;
      case '<': g_string_append (out, "\\textless{}"); break;
      case '>': g_string_append (out, "\\textgreater{}"); break;
      case '|': g_string_append (out, "\\textbar{}"); break;
      /* The package splits its fields at "; " and names at ", ": a
       * delimiter inside braces does not split. */
      case ';': g_string_append (out, "{;}"); break;
      case ',': g_string_append (out, "{,}"); break;
      case MARK_RA: g_string_append (out, "{\\ra}"); break;
      case MARK_LRA: g_string_append (out, "{\\lra}"); break;
      case MARK_ANY: g_string_append (out, "{\\any}"); break;
      default:
        if ((unsigned char) *c < 0x20 || *c == 0x7f)
          g_string_append_c (out, ' ');
        else
          g_string_append_c (out, *c);
      }
}

char *
fe_latex_escape (const char *text)
{
  GString *out = g_string_new (NULL);
  /* Callers' control characters are not markers. */
  g_autofree char *clean = g_strdup (text ? text : "");
  for (char *c = clean; *c; c++)
    if ((unsigned char) *c < 0x20)
      *c = ' ';
  escape_into (out, clean);
  return g_string_free (out, FALSE);
}

/* Escapes with Popeye's arrows "<-->" and "-->" as \lra and \ra, and "~" as
 * \any (the package's sign for "any move"). */
static void
escape_notation (GString *out, const char *text)
{
  GString *t = g_string_new (NULL);
  for (const char *c = text; *c; c++)
    {
      if ((unsigned char) *c < 0x20)
        g_string_append_c (t, ' ');
      else if (g_str_has_prefix (c, "<-->"))
        g_string_append_c (t, MARK_LRA), c += 3;
      else if (g_str_has_prefix (c, "-->"))
        g_string_append_c (t, MARK_RA), c += 2;
      else if (*c == '~')
        g_string_append_c (t, MARK_ANY);
      else
        g_string_append_c (t, *c);
    }
  escape_into (out, t->str);
  g_string_free (t, TRUE);
}

/* "\\command{a; b}" for a non-empty list of caption lines. */
static void
append_list (GString *out, const char *command, const GPtrArray *lines)
{
  if (!lines->len)
    return;
  g_string_append_printf (out, "\\%s{", command);
  for (guint i = 0; i < lines->len; i++)
    {
      if (i)
        g_string_append (out, "; ");
      escape_notation (out, lines->pdata[i]);
    }
  g_string_append (out, "}\n");
}

/* ---- piece symbols -------------------------------------------------------- */

/* A symbol of the package: a figure letter and an optional turn letter. */
typedef struct {
  char piece; /* K D T L S B, or E X (equihoppers), C (circle) */
  char turn;  /* 0, 'R', 'U', 'L' */
} Symbol;

static const char figure_letters[] = "KDTLSB"; /* FE_WALK_KING..FE_WALK_PAWN */

static gboolean
symbol_equal (Symbol a, Symbol b)
{
  return a.piece == b.piece && a.turn == b.turn;
}

/* Each fairy walk of the problem gets a symbol no other walk of the problem
 * uses: first the figure and turn the screen draws it with (its look),
 * else another turn of that figure, else any free turned figure.  The
 * package has no badges, so two walks sharing a symbol would be ambiguous;
 * the legend (\piecedefs) names each. */
typedef struct {
  Symbol of[FE_WALK_COUNT];
  gboolean present[FE_WALK_COUNT];
} SymbolTable;

static gboolean
symbol_taken (const SymbolTable *t, Symbol s)
{
  for (int w = 1; w < FE_WALK_COUNT; w++)
    if (t->present[w] && t->of[w].piece && symbol_equal (t->of[w], s))
      return TRUE;
  return FALSE;
}

/* The symbols a fairy walk may take, best first; the first is its own
 * (the figure and turn of the screen) when it has one. */
static int
candidates (int w, Symbol *cand)
{
  static const char turns[] = { 'U', 'R', 'L' };
  int n = 0;
  const FeWalkLook *look = &fe_walk_def (w)->look;
  char letter = figure_letters[look->figure - FE_WALK_KING];
  if (look->tex_symbol)
    cand[n++] = (Symbol) { look->tex_symbol, 0 };
  else if (look->turn)
    cand[n++] = (Symbol) { letter, look->turn == 90 ? 'R' : look->turn == 180 ? 'U' : 'L' };
  else
    cand[n++] = (Symbol) { letter, 0 }; /* not its own: only a placeholder */
  for (int k = 0; k < 3; k++)
    cand[n++] = (Symbol) { letter, turns[k] };
  cand[n++] = (Symbol) { 'E', 0 };
  cand[n++] = (Symbol) { 'X', 0 };
  /* Queen, rook, bishop, knight, king, pawn figures, turned. */
  static const int order[] = { 1, 2, 3, 4, 0, 5 };
  for (int f = 0; f < 6; f++)
    for (int k = 0; k < 3; k++)
      cand[n++] = (Symbol) { figure_letters[order[f]], turns[k] };
  return n;
}

static void
assign_symbols (SymbolTable *t, const FePosition *pos)
{
  memset (t, 0, sizeof *t);
  for (int i = 0; i < 64; i++)
    {
      FePiece p = pos->board[FE_SQ88 (i)];
      if (p.walk != FE_WALK_NONE && p.walk < FE_WALK_COUNT)
        t->present[p.walk] = TRUE;
    }
  /* Orthodox pieces keep their upright figures. */
  for (int w = FE_WALK_KING; w <= FE_WALK_PAWN; w++)
    t->of[w] = (Symbol) { figure_letters[w - FE_WALK_KING], 0 };
  /* Two rounds: every walk's own figure first (so an early walk's
   * fallback cannot take a later walk's own figure), then the fallbacks. */
  for (int round = 0; round < 2; round++)
    for (int w = FE_WALK_PAWN + 1; w < FE_WALK_COUNT; w++)
      {
        if (!t->present[w] || t->of[w].piece)
          continue;
        Symbol cand[32];
        int n = candidates (w, cand);
        for (int k = 0; k < (round == 0 ? 1 : n) && !t->of[w].piece; k++)
          {
            /* An upright figure would read as the orthodox piece. */
            gboolean upright = cand[k].turn == 0 && cand[k].piece != 'E' && cand[k].piece != 'X';
            if (!upright && !symbol_taken (t, cand[k]))
              t->of[w] = cand[k];
          }
        /* More than 20 fairy walks on one board: the last ones share a
         * symbol; the legend still names them. */
        if (round == 1 && !t->of[w].piece)
          t->of[w] = cand[1];
      }
}

static const char colour_letters[] = "wsn";

static void
append_symbol (GString *s, Symbol sym)
{
  g_string_append_c (s, sym.piece);
  if (sym.turn)
    g_string_append_c (s, sym.turn);
}

/* \pieces[w+b+n]{wKe1, wDUe2c3, sKh8, sCf4}: one group per colour and
 * symbol, orthodox walks first. */
static void
append_pieces (GString *out, const FePosition *pos, const SymbolTable *t, const int n[3])
{
  /* The package reads an empty list as a piece of no colour ("invalid
   * color"): an empty board (Popeye's option tests) names none. */
  if (n[0] + n[1] + n[2] == 0 && pos->n_imitators == 0)
    return;
  if (n[2])
    g_string_append_printf (out, "\\pieces[%d+%d+%d]{", n[0], n[1], n[2]);
  else
    g_string_append_printf (out, "\\pieces[%d+%d]{", n[0], n[1]);
  gboolean first = TRUE;
  for (int colour = FE_WHITE; colour <= FE_NEUTRAL; colour++)
    for (int w = 1; w < FE_WALK_COUNT; w++)
      {
        GString *squares = g_string_new (NULL);
        for (int r = 7; r >= 0; r--)
          for (int f = 0; f < 8; f++)
            {
              FePiece p = pos->board[FE_SQ (f, r)];
              if (p.walk == w && p.colour == colour)
                {
                  char name[3];
                  fe_square_name (FE_SQ (f, r), name);
                  g_string_append (squares, name);
                }
            }
        if (squares->len)
          {
            g_string_append_printf (out, "%s%c", first ? "" : ", ", colour_letters[colour]);
            append_symbol (out, t->of[w]);
            g_string_append (out, squares->str);
            first = FALSE;
          }
        g_string_free (squares, TRUE);
      }
  /* Imitators: the standard one is the package's imitator, a black disc;
   * monochrome ones are the white and the half-black circle. */
  for (int i = 0; i < pos->n_imitators; i++)
    {
      char name[3];
      fe_square_name (pos->imitators[i], name);
      int c = pos->imitator_colour[i];
      g_string_append_printf (out, "%s%cC%s", first ? "" : ", ",
                              c == FE_WHITE ? 'w' : c == FE_BLACK ? 'n' : 's', name);
      first = FALSE;
    }
  g_string_append (out, "}\n");
}

/* The legend under the board: one line a fairy walk, "DU = Grasshopper",
 * and one a monochrome imitator. */
static void
append_piecedefs (GString *out, const FePosition *pos, const SymbolTable *t)
{
  GString *defs = g_string_new (NULL);
  for (int w = FE_WALK_PAWN + 1; w < FE_WALK_COUNT; w++)
    {
      if (!t->present[w])
        continue;
      gboolean colours[3] = { FALSE };
      for (int i = 0; i < 64; i++)
        {
          FePiece p = pos->board[FE_SQ88 (i)];
          if (p.walk == w && p.colour <= FE_NEUTRAL)
            colours[p.colour] = TRUE;
        }
      g_string_append_printf (defs, "%s{", defs->len ? "; " : "");
      for (int c = 0; c < 3; c++)
        if (colours[c])
          g_string_append_c (defs, colour_letters[c]);
      g_string_append (defs, "}{");
      append_symbol (defs, t->of[w]);
      g_autofree char *lower = fe_latex_escape (fe_walk_def (w)->name);
      g_autofree char *name = g_strdup_printf ("%c%s", g_ascii_toupper (lower[0]), lower + 1);
      g_string_append_printf (defs, "}{%s}", name);
    }
  gboolean mono[2] = { FALSE, FALSE };
  for (int i = 0; i < pos->n_imitators; i++)
    if (pos->imitator_colour[i] <= FE_BLACK)
      mono[pos->imitator_colour[i]] = TRUE;
  if (mono[FE_WHITE])
    g_string_append_printf (defs, "%s{w}{C}{white imitator}", defs->len ? "; " : "");
  if (mono[FE_BLACK])
    g_string_append_printf (defs, "%s{n}{C}{black imitator}", defs->len ? "; " : "");
  if (defs->len)
    g_string_append_printf (out, "\\piecedefs{%s}\n", defs->str);
  g_string_free (defs, TRUE);
}

static void
append_frames (GString *out, const FePosition *pos)
{
  GString *sq = g_string_new (NULL);
  for (int r = 7; r >= 0; r--)
    for (int f = 0; f < 8; f++)
      {
        FePiece p = pos->board[FE_SQ (f, r)];
        if (p.walk != FE_WALK_NONE && p.attrs)
          {
            char name[3];
            fe_square_name (FE_SQ (f, r), name);
            g_string_append_printf (sq, "%s%s", sq->len ? ", " : "", name);
          }
      }
  if (sq->len)
    g_string_append_printf (out, "\\fieldframe{%s}\n", sq->str);
  g_string_free (sq, TRUE);
}

/* ---- metadata -------------------------------------------------------------- */

static void
field (GString *out, const char *macro, const char *value)
{
  if (!value || strspn (value, " \t\r\n") == strlen (value))
    return;
  g_autofree char *trimmed = g_strstrip (g_strdup (value));
  g_autofree char *v = fe_latex_escape (trimmed);
  g_string_append_printf (out, "\\%s{%s}\n", macro, v);
}

/* "1990", "2002-12", "2002-12-24" become \year, \month, \day; any other
 * date is printed after the source as written. */
static gboolean
date_fields (GString *out, const char *date)
{
  int y = 0, m = 0, d = 0;
  char tail = 0;
  int k = sscanf (date, "%4d-%2d-%2d%c", &y, &m, &d, &tail);
  if (strlen (date) < 4 || !g_ascii_isdigit (date[0]) || k < 1 || k > 3)
    return FALSE;
  /* sscanf accepts "1990abc" as 1990: require the whole text be used. */
  g_autofree char *back = k == 1 ? g_strdup_printf ("%04d", y)
                        : k == 2 ? g_strdup_printf ("%04d-%02d", y, m)
                                 : g_strdup_printf ("%04d-%02d-%02d", y, m, d);
  if (strcmp (back, date) != 0 || (k >= 2 && (m < 1 || m > 12)) || (k == 3 && (d < 1 || d > 31)))
    return FALSE;
  if (k == 3)
    g_string_append_printf (out, "\\day{%d}\n", d);
  if (k >= 2)
    g_string_append_printf (out, "\\month{%d}\n", m);
  g_string_append_printf (out, "\\year{%d}\n", y);
  return TRUE;
}

static void
append_metadata (GString *out, const FeProblem *p)
{
  if (p->authors->len)
    {
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < p->authors->len; i++)
        {
          const FeAuthor *a = p->authors->pdata[i];
          g_autofree char *family = fe_latex_escape (a->family ? a->family : "");
          g_autofree char *given = fe_latex_escape (a->given ? a->given : "");
          g_strstrip (family);
          g_strstrip (given);
          if (!*family && !*given)
            continue;
          /* The package reads "family, given" and needs the comma: a lone
           * name ("TLi") is the family name with an empty given one. */
          g_string_append_printf (names, "%s%s", names->len ? "; " : "", *family ? family : given);
          g_string_append_printf (names, ", %s", *family && *given ? given : "{}");
        }
      if (names->len)
        g_string_append_printf (out, "\\author{%s}\n", names->str);
      g_string_free (names, TRUE);
    }
  field (out, "sourcenr", p->source_number);
  GString *source = g_string_new (p->source_name ? p->source_name : "");
  const char *extra[] = { p->source_volume, p->source_issue };
  for (int i = 0; i < 2; i++)
    if (extra[i] && *extra[i])
      g_string_append_printf (source, "%s%s", source->len ? " " : "", extra[i]);
  const char *date = p->source_date ? p->source_date : "";
  g_autofree char *date_clean = g_strstrip (g_strdup (date));
  GString *dates = g_string_new (NULL);
  if (*date_clean && !date_fields (dates, date_clean))
    g_string_append_printf (source, "%s%s", source->len ? ", " : "", date_clean);
  field (out, "source", source->str);
  g_string_append (out, dates->str);
  g_string_free (source, TRUE);
  g_string_free (dates, TRUE);
  field (out, "award", p->award_distinction);
  field (out, "tournament", p->award_tourney);
}

/* One diagram environment of `pos`; `caption` adds the metadata (`head`)
 * and the stipulation, conditions and twins (`foot`). */
static void
append_diagram (GString *out, const FeProblem *problem, const FePosition *pos, const FeCaption *c,
                gboolean head, gboolean foot)
{
  g_string_append (out, "\\begin{diagram}\n");
  SymbolTable symbols;
  assign_symbols (&symbols, pos);
  /* Féerie does not claim a computer test: no "C+" / "C-" mark. */
  g_string_append (out, "\\nocomputer\n");
  if (head)
    append_metadata (out, problem);
  else if (!foot)
    g_string_append (out, "\\setboolean{piececounter}{false}\n");
  int n[3] = { 0, 0, 0 };
  for (int i = 0; i < 64; i++)
    {
      FePiece p = pos->board[FE_SQ88 (i)];
      if (p.walk != FE_WALK_NONE && p.colour <= FE_NEUTRAL)
        n[p.colour]++;
    }
  append_pieces (out, pos, &symbols, n);
  append_frames (out, pos);
  if (foot)
    {
      g_string_append (out, "\\stip{");
      escape_notation (out, c->stipulation);
      g_string_append (out, "}\n");
      append_list (out, "cond", c->conditions);
      append_list (out, "twins", c->twins);
    }
  append_piecedefs (out, pos, &symbols);
  g_string_append (out, "\\end{diagram}\n");
}

char *
fe_latex_diagram (const FeProblem *problem, gboolean caption)
{
  GString *out = g_string_new ("% Féerie diagram for LaTeX's diagram package "
                               "(\\usepackage{diagram}, texlive-games)\n");
  g_autoptr (FeCaption) c = fe_caption_new (problem);
  /* a=>b: the start A with the metadata, then the target B with the
   * stipulation (the package draws one board a diagram). */
  if (fe_problem_has_target (problem))
    {
      append_diagram (out, problem, &problem->diagram, c, caption, FALSE);
      append_diagram (out, problem, &problem->target, c, FALSE, caption);
    }
  else
    append_diagram (out, problem, &problem->diagram, c, caption, caption);
  return g_string_free (out, FALSE);
}
