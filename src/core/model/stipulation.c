/* stipulation.c — reading and writing stipulations such as "h#2.5".
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read as Popeye reads them (input/plaintext/stipulation.c, goal.c): a
 * play prefix from a table, longest first, then one goal (two for
 * reciprocal play), then the length.  Every prefix and goal of Popeye's
 * language is in the tables; those Féerie does not solve carry the name
 * they are refused by, so a new play or goal is one row.
 */
#include <stdlib.h>
#include <string.h>

#include "stipulation.h"
#include "position.h"
#include "fe-i18n.h"

G_DEFINE_QUARK (fe-stipulation-error-quark, fe_stipulation_error)

/* Longest lengths we accept: beyond them no search would ever end. */
#define MAX_MOVES_BATTLE 30
#define MAX_MOVES_SERIES 99

/* A play prefix: what it reads as, or (`refused`) the name Féerie refuses
 * it by.  Popeye tries them in this order, so a prefix of another comes
 * after it ("ser-h" after "ser-hs", "s" after "semi-r"). */
typedef struct {
  const char *prefix;
  FePlay play;
  gboolean reciprocal; /* one goal, or "(G1)G2" */
  const char *refused;
  const char *spelling; /* written back (the play's first prefix) */
} PlayWord;

static const PlayWord play_words[] = {
  { "exact-", 0, FALSE, FE_N_ ("exact-length play (\"exact-\")"), NULL },
  { "ser-reci-h", FE_PLAY_SERIES_RECI_HELP, TRUE, NULL, "ser-reci-h" },
  { "ser-hs", 0, FALSE, FE_N_ ("series help-self play (\"ser-hs\")"), NULL },
  { "ser-h", FE_PLAY_SERIES_HELP, FALSE, NULL, "ser-h" },
  { "ser-s", FE_PLAY_SERIES_SELF, FALSE, NULL, "ser-s" },
  { "ser-r", FE_PLAY_SERIES_REFLEX, FALSE, NULL, "ser-r" },
  { "ser-", FE_PLAY_SERIES, FALSE, NULL, "ser-" },
  { "phser-", 0, FALSE, FE_N_ ("parry series play (\"phser-\")"), NULL },
  { "pser-", 0, FALSE, FE_N_ ("parry series play (\"pser-\")"), NULL },
  { "reci-h", FE_PLAY_RECI_HELP, TRUE, NULL, "reci-h" },
  { "hs", FE_PLAY_HELP_SELF, FALSE, NULL, "hs" },
  { "hr", FE_PLAY_HELP_REFLEX, FALSE, NULL, "hr" },
  { "h", FE_PLAY_HELP, FALSE, NULL, "h" },
  { "semi-r", 0, FALSE, FE_N_ ("semi-reflex play (\"semi-r\")"), NULL },
  { "s", FE_PLAY_SELF, FALSE, NULL, "s" },
  { "r", FE_PLAY_REFLEX, FALSE, NULL, "r" },
  { "", FE_PLAY_DIRECT, FALSE, NULL, "" },
};

/* A goal as Popeye spells it, in Popeye's order (a goal that begins
 * another comes after it: "#" after "##", "=" after "=="). */
typedef struct {
  const char *word;
  FeGoal goal;
  const char *refused;
} GoalWord;

static const GoalWord goal_words[] = {
  { "##!", 0, FE_N_ ("the counter-mate goal (\"##!\")") },
  { "##", 0, FE_N_ ("the double-mate goal (\"##\")") },
  { "#=", 0, FE_N_ ("the mate-or-stalemate goal (\"#=\")") },
  { "#", FE_GOAL_MATE, NULL },
  { "==", FE_GOAL_DOUBLE_STALEMATE, NULL },
  { "!=", 0, FE_N_ ("the auto-stalemate goal (\"!=\")") },
  { "=", FE_GOAL_STALEMATE, NULL },
  { "z", FE_GOAL_TARGET, NULL },
  { "+", FE_GOAL_CHECK, NULL },
  { "x", FE_GOAL_CAPTURE, NULL },
  { "%", FE_GOAL_CAPTURE_NO_REBIRTH, NULL },
  { "ep", 0, FE_N_ ("the en passant goal (\"ep\")") },
  { "ctr", 0, FE_N_ ("the circuit-by-rebirth goal (\"ctr\")") },
  { "ct", 0, FE_N_ ("the circuit goal (\"ct\")") },
  { "<>r", 0, FE_N_ ("the exchange-by-rebirth goal (\"<>r\")") },
  { "<>", 0, FE_N_ ("the exchange goal (\"<>\")") },
  { "00", FE_GOAL_CASTLING, NULL },
  { "~", FE_GOAL_ANY, NULL },
  { "dia", 0, FE_N_ ("proof games (\"dia\")") },
  { "a=>b", FE_GOAL_POSITION, NULL },
  { "c81", 0, FE_N_ ("the Chess81 goal (\"c81\")") },
  { "k", 0, FE_N_ ("the kiss goal (\"k\")") },
  { "!#", 0, FE_N_ ("the auto-mate goal (\"!#\")") },
};

static gboolean
starts_with (const char *p, const char *word)
{
  return g_ascii_strncasecmp (p, word, strlen (word)) == 0;
}

static gboolean
refuse (GError **error, const char *text, const char *what)
{
  g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
               _ ("%s is not supported (stipulation \"%s\")"), _ (what), text);
  return FALSE;
}

/* One goal at *p (advanced past it).  `target` receives z's square. */
static gboolean
parse_goal (const char **p, const char *text, FeGoal *goal, guint8 *target, GError **error)
{
  const GoalWord *g = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (goal_words) && !g; i++)
    if (starts_with (*p, goal_words[i].word))
      g = &goal_words[i];
  /* "h", "ser-3": no goal written yet (a field being typed), not a
   * goal Féerie lacks. */
  if (!g && (**p == '\0' || g_ascii_isdigit (**p)))
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0, _ ("stipulation \"%s\" needs a goal (#, =, +, …)"),
                   text);
      return FALSE;
    }
  if (!g)
    {
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   _ ("unknown or unsupported goal in stipulation \"%s\""), text);
      return FALSE;
    }
  if (g->refused)
    return refuse (error, text, g->refused);
  *p += strlen (g->word);
  *goal = g->goal;
  if (g->goal == FE_GOAL_TARGET)
    {
      char name[3] = { 0 };
      if ((*p)[0] && (*p)[1])
        name[0] = g_ascii_tolower ((*p)[0]), name[1] = (*p)[1];
      FeSquare t = fe_square_parse (name);
      if (t == FE_NO_SQUARE)
        {
          g_set_error (error, FE_STIPULATION_ERROR, 0,
                       _ ("the target goal needs a square, as in \"zd5\" (\"%s\")"), text);
          return FALSE;
        }
      *target = t;
      *p += 2;
    }
  return TRUE;
}

/* Reciprocal play's goals: "#" for both, or "(G1)G2". */
static gboolean
parse_reci_goals (const char **p, const char *text, FeStipulation *s, GError **error)
{
  if (**p != '(')
    {
      if (!parse_goal (p, text, &s->goal, &s->target, error))
        return FALSE;
      s->reci_goal = s->goal;
    }
  else
    {
      (*p)++;
      if (!parse_goal (p, text, &s->reci_goal, &s->target, error))
        return FALSE;
      if (**p != ')')
        {
          g_set_error (error, FE_STIPULATION_ERROR, 0,
                       _ ("stipulation \"%s\": \")\" expected after the first goal"), text);
          return FALSE;
        }
      (*p)++;
      if (!parse_goal (p, text, &s->goal, &s->target, error))
        return FALSE;
    }
  if (s->goal == FE_GOAL_TARGET || s->reci_goal == FE_GOAL_TARGET)
    return refuse (error, text, FE_N_ ("a target goal (\"z\") in reciprocal play"));
  return TRUE;
}

gboolean
fe_stipulation_parse (const char *text, FeStipulation *out, GError **error)
{
  const char *p = text;
  FeStipulation s = { 0 };

  if (!p || !*p)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0, _ ("empty stipulation"));
      return FALSE;
    }
  /* Series with introductory moves: "3->ser-#2". */
  const char *q = p;
  while (g_ascii_isdigit (*q))
    q++;
  if (q > p && strncmp (q, "->", 2) == 0)
    return refuse (error, text, FE_N_ ("play with introductory moves (\"n->\")"));

  const PlayWord *w = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (play_words) && !w; i++)
    if (starts_with (p, play_words[i].prefix))
      w = &play_words[i];
  if (w->refused)
    return refuse (error, text, w->refused);
  p += strlen (w->prefix);
  s.play = w->play;
  if (w->reciprocal ? !parse_reci_goals (&p, text, &s, error)
                    : !parse_goal (&p, text, &s.goal, &s.target, error))
    return FALSE;

  /* a=>b is help play without a prefix, series play with ser- and
   * ser-h (docs/rules/stipulations.md §5.2); Popeye knows no other form. */
  if (s.goal == FE_GOAL_POSITION || (w->reciprocal && s.reci_goal == FE_GOAL_POSITION))
    {
      if (s.play == FE_PLAY_DIRECT && !w->reciprocal)
        s.play = FE_PLAY_HELP;
      else if (s.play != FE_PLAY_SERIES && s.play != FE_PLAY_SERIES_HELP)
        return refuse (error, text, FE_N_ ("position-to-position play with another play than a=>b, "
                                    "ser-a=>b or ser-ha=>b"));
    }
  if (!g_ascii_isdigit (*p))
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   _ ("stipulation \"%s\" needs a number of moves"), text);
      return FALSE;
    }
  char *end = NULL;
  long n = strtol (p, &end, 10);
  p = end;
  if (strcmp (p, ".5") == 0)
    s.half = TRUE, p += 2;
  if (*p)
    {
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   _ ("unexpected \"%s\" at the end of stipulation \"%s\""), p, text);
      return FALSE;
    }
  if (s.half && !fe_play_is_help_like (s.play))
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   _ ("half moves (\".5\") only exist in help play (\"%s\")"), text);
      return FALSE;
    }
  gboolean series = fe_play_is_series (s.play);
  long max = series ? MAX_MOVES_SERIES : MAX_MOVES_BATTLE;
  /* h#0.5 is one move; the ends of hs#, hr# and reci-h# need more. */
  gboolean half_move_only = s.half && n == 0 && s.play == FE_PLAY_HELP && s.goal != FE_GOAL_POSITION;
  if ((n < 1 && !half_move_only) || n > max)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   _ ("stipulation \"%s\": the number of moves must be between 1 and %ld"), text, max);
      return FALSE;
    }
  s.moves = (int) n;
  *out = s;
  return TRUE;
}

gboolean
fe_stipulation_has_target (const FeStipulation *stip)
{
  return stip->goal == FE_GOAL_POSITION;
}

gboolean
fe_play_is_help_like (FePlay play)
{
  return play == FE_PLAY_HELP || play == FE_PLAY_HELP_SELF || play == FE_PLAY_HELP_REFLEX
         || play == FE_PLAY_RECI_HELP;
}

gboolean
fe_play_is_series (FePlay play)
{
  return play == FE_PLAY_SERIES || play == FE_PLAY_SERIES_HELP || play == FE_PLAY_SERIES_SELF
         || play == FE_PLAY_SERIES_REFLEX || play == FE_PLAY_SERIES_RECI_HELP;
}

gboolean
fe_play_is_battle (FePlay play)
{
  return play == FE_PLAY_DIRECT || play == FE_PLAY_SELF || play == FE_PLAY_REFLEX;
}

gboolean
fe_play_is_reflex (FePlay play)
{
  return play == FE_PLAY_REFLEX || play == FE_PLAY_HELP_REFLEX || play == FE_PLAY_SERIES_REFLEX;
}

const char *
fe_goal_symbol (FeGoal goal)
{
  switch (goal)
    {
    case FE_GOAL_MATE: return "#";
    case FE_GOAL_STALEMATE: return "=";
    case FE_GOAL_DOUBLE_STALEMATE: return "==";
    case FE_GOAL_ANY: return "~";
    case FE_GOAL_CAPTURE: return "x";
    case FE_GOAL_CHECK: return "+";
    case FE_GOAL_TARGET: return "z";
    case FE_GOAL_CASTLING: return "";
    case FE_GOAL_CAPTURE_NO_REBIRTH: return "%";
    case FE_GOAL_POSITION: return "a=>b";
    }
  return "?";
}

/* The goal as a stipulation spells it ("zd5", "00"). */
static void
append_goal (GString *out, FeGoal goal, guint8 target)
{
  if (goal == FE_GOAL_TARGET)
    {
      char name[3];
      fe_square_name (target, name);
      g_string_append_printf (out, "z%s", name);
    }
  else if (goal == FE_GOAL_CASTLING)
    g_string_append (out, "00");
  else
    g_string_append (out, fe_goal_symbol (goal));
}

char *
fe_stipulation_to_string (const FeStipulation *s)
{
  GString *out = g_string_new (NULL);
  /* a=>b is help play by itself: no "h". */
  gboolean bare = s->play == FE_PLAY_HELP && s->goal == FE_GOAL_POSITION;
  for (gsize i = 0; i < G_N_ELEMENTS (play_words) && !bare; i++)
    if (!play_words[i].refused && play_words[i].play == s->play)
      {
        g_string_append (out, play_words[i].spelling);
        break;
      }
  if ((s->play == FE_PLAY_RECI_HELP || s->play == FE_PLAY_SERIES_RECI_HELP) && s->reci_goal != s->goal)
    {
      g_string_append_c (out, '(');
      append_goal (out, s->reci_goal, s->target);
      g_string_append_c (out, ')');
    }
  append_goal (out, s->goal, s->target);
  g_string_append_printf (out, "%d%s", s->moves, s->half ? ".5" : "");
  return g_string_free (out, FALSE);
}

/* WhiteToPlay (docs/rules/stipulations.md §3) takes half a move off help-type
 * play that Black would start, so that White starts; where White starts
 * already, or nothing would be left before the end (reci-h#1), it does
 * nothing (Popeye: "not applicable - ignored"). */
static gboolean
white_to_play_shortens (const FeStipulation *st, gboolean white_to_play)
{
  /* a=>b keeps its length: WhiteToPlay only lets White start
   * (docs/rules/stipulations.md §5.2). */
  if (!white_to_play || st->goal == FE_GOAL_POSITION)
    return FALSE;
  switch (st->play)
    {
    case FE_PLAY_HELP:
      return !st->half;
    case FE_PLAY_HELP_SELF:
    case FE_PLAY_HELP_REFLEX:
      return st->half;
    case FE_PLAY_RECI_HELP:
      return !st->half && st->moves >= 2;
    default:
      return FALSE;
    }
}

int
fe_stipulation_help_length (const FeStipulation *st, gboolean white_to_play)
{
  return 2 * st->moves + (st->half ? 1 : 0) - (white_to_play_shortens (st, white_to_play) ? 1 : 0);
}

/* Who moves first in the diagram for this play (before Duplex swaps it). */
int
fe_stipulation_starting_side (const FeStipulation *st, gboolean white_to_play)
{
  if (st->play == FE_PLAY_HELP && st->goal == FE_GOAL_POSITION)
    /* whatever the length (docs/rules/stipulations.md §5.2) */
    return white_to_play ? FE_WHITE : FE_BLACK;
  if (fe_play_is_help_like (st->play))
    {
      /* A full line ends on White's move (h, the reply of reci-h) or on
       * Black's (the end of hs, hr): an odd length starts with that side. */
      gboolean black_ends = st->play == FE_PLAY_HELP_SELF || st->play == FE_PLAY_HELP_REFLEX;
      gboolean odd = fe_stipulation_help_length (st, white_to_play) % 2 == 1;
      return odd != black_ends ? FE_WHITE : FE_BLACK;
    }
  if (st->play == FE_PLAY_SERIES_HELP || st->play == FE_PLAY_SERIES_RECI_HELP)
    return FE_BLACK;
  return FE_WHITE;
}
