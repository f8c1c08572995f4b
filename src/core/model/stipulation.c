/* stipulation.c — reading and writing stipulations such as "h#2.5".
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read as Popeye reads them: "exact-", introductory moves "n->", a play
 * prefix from a table (longest first), one goal (two for a reciprocal
 * end), then the length.  Every prefix and goal of Popeye's `stipulation`
 * command reads into the parts of FeStipulation, so a new composition is
 * one row; which ones are solved is each backend's business.
 */
#include <stdlib.h>
#include <string.h>

#include "stipulation.h"
#include "position.h"
#include "fe-i18n.h"

G_DEFINE_QUARK (fe-stipulation-error-quark, fe_stipulation_error)

/* Longest lengths read (Popeye's corpus has an s#56); how long a search
 * may run is the solver's time limit's business. */
#define MAX_MOVES_BATTLE 99
#define MAX_MOVES_SERIES 99

/* A play prefix and the parts it reads as.  Popeye tries them in this
 * order, so a prefix of another comes after it ("ser-h" after "ser-hs",
 * "s" after "semi-r"); the writer spells a composition with the first
 * prefix that reads as it. */
typedef struct {
  const char *prefix;
  FePlay play;
  FeEnd end;
  FeParry parry;
} PlayWord;

static const PlayWord play_words[] = {
  { "ser-reci-h", FE_PLAY_SERIES, FE_END_RECI, FE_PARRY_NONE },
  { "ser-hs", FE_PLAY_SERIES, FE_END_HELP_SELF, FE_PARRY_NONE },
  { "ser-h", FE_PLAY_SERIES, FE_END_HELP, FE_PARRY_NONE },
  { "ser-s", FE_PLAY_SERIES, FE_END_SELF, FE_PARRY_NONE },
  { "ser-r", FE_PLAY_SERIES, FE_END_REFLEX, FE_PARRY_NONE },
  { "ser-", FE_PLAY_SERIES, FE_END_GOAL, FE_PARRY_NONE },
  { "phser-r", FE_PLAY_SERIES, FE_END_REFLEX, FE_PARRY_HELP },
  { "phser-s", FE_PLAY_SERIES, FE_END_SELF, FE_PARRY_HELP },
  { "phser-", FE_PLAY_SERIES, FE_END_GOAL, FE_PARRY_HELP },
  { "pser-hs", FE_PLAY_SERIES, FE_END_HELP_SELF, FE_PARRY_HELP },
  { "pser-h", FE_PLAY_SERIES, FE_END_HELP, FE_PARRY_HELP },
  { "pser-r", FE_PLAY_SERIES, FE_END_REFLEX, FE_PARRY_BATTLE },
  { "pser-s", FE_PLAY_SERIES, FE_END_SELF, FE_PARRY_BATTLE },
  { "pser-", FE_PLAY_SERIES, FE_END_GOAL, FE_PARRY_BATTLE },
  { "reci-h", FE_PLAY_HELP, FE_END_RECI, FE_PARRY_NONE },
  { "hs", FE_PLAY_HELP, FE_END_SELF, FE_PARRY_NONE },
  { "hr", FE_PLAY_HELP, FE_END_REFLEX, FE_PARRY_NONE },
  { "h", FE_PLAY_HELP, FE_END_GOAL, FE_PARRY_NONE },
  { "semi-r", FE_PLAY_DIRECT, FE_END_SEMI_REFLEX, FE_PARRY_NONE },
  { "s", FE_PLAY_DIRECT, FE_END_SELF, FE_PARRY_NONE },
  { "r", FE_PLAY_DIRECT, FE_END_REFLEX, FE_PARRY_NONE },
  { "", FE_PLAY_DIRECT, FE_END_GOAL, FE_PARRY_NONE },
};

/* A goal as Popeye spells it, in Popeye's order (a goal that begins
 * another comes after it: "#" after "##", "=" after "=="), its mark after
 * the move that reaches it, and its name in sentences. */
typedef struct {
  const char *word;
  FeGoal goal;
  const char *mark;
  const char *name;
} GoalWord;

static const GoalWord goal_words[] = {
  { "##!", FE_GOAL_COUNTER_MATE, "##!", FE_N_ ("the counter-mate goal (\"##!\")") },
  { "##", FE_GOAL_DOUBLE_MATE, "##", FE_N_ ("the double-mate goal (\"##\")") },
  { "#=", FE_GOAL_MATE_OR_STALEMATE, "#=", FE_N_ ("the mate-or-stalemate goal (\"#=\")") },
  { "#", FE_GOAL_MATE, "#", FE_N_ ("the mate goal (\"#\")") },
  { "==", FE_GOAL_DOUBLE_STALEMATE, "==", FE_N_ ("the double-stalemate goal (\"==\")") },
  { "!=", FE_GOAL_AUTO_STALEMATE, "!=", FE_N_ ("the auto-stalemate goal (\"!=\")") },
  { "=", FE_GOAL_STALEMATE, "=", FE_N_ ("the stalemate goal (\"=\")") },
  { "z", FE_GOAL_TARGET, "z", FE_N_ ("the target goal (\"z\")") },
  { "+", FE_GOAL_CHECK, "+", FE_N_ ("the check goal (\"+\")") },
  { "x", FE_GOAL_CAPTURE, "x", FE_N_ ("the capture goal (\"x\")") },
  { "%", FE_GOAL_CAPTURE_NO_REBIRTH, "%", FE_N_ ("the capture-without-rebirth goal (\"%\")") },
  { "ep", FE_GOAL_EN_PASSANT, "", FE_N_ ("the en passant goal (\"ep\")") },
  { "ctr", FE_GOAL_CIRCUIT_BY_REBIRTH, "", FE_N_ ("the circuit-by-rebirth goal (\"ctr\")") },
  { "ct", FE_GOAL_CIRCUIT, "", FE_N_ ("the circuit goal (\"ct\")") },
  { "<>r", FE_GOAL_EXCHANGE_BY_REBIRTH, "", FE_N_ ("the exchange-by-rebirth goal (\"<>r\")") },
  { "<>", FE_GOAL_EXCHANGE, "", FE_N_ ("the exchange goal (\"<>\")") },
  { "00", FE_GOAL_CASTLING, "", FE_N_ ("the castling goal (\"00\")") },
  { "~", FE_GOAL_ANY, "", FE_N_ ("the any-move goal (\"~\")") },
  { "dia", FE_GOAL_PROOF_GAME, "dia", FE_N_ ("proof games (\"dia\")") },
  { "a=>b", FE_GOAL_POSITION, "a=>b", FE_N_ ("the position goal (\"a=>b\")") },
  { "c81", FE_GOAL_CHESS81, "c81", FE_N_ ("the Chess81 goal (\"c81\")") },
  { "k", FE_GOAL_KISS, "", FE_N_ ("the kiss goal (\"k\")") },
  { "!#", FE_GOAL_AUTO_MATE, "!#", FE_N_ ("the auto-mate goal (\"!#\")") },
};

static const GoalWord *
goal_word (FeGoal goal)
{
  for (gsize i = 0; i < G_N_ELEMENTS (goal_words); i++)
    if (goal_words[i].goal == goal)
      return &goal_words[i];
  g_return_val_if_reached (&goal_words[3]);
}

const char *
fe_goal_name (FeGoal goal)
{
  return goal_word (goal)->name;
}

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
  *p += strlen (g->word);
  *goal = g->goal;
  if (fe_goal_has_square (g->goal))
    {
      char name[3] = { 0 };
      if ((*p)[0] && (*p)[1])
        name[0] = g_ascii_tolower ((*p)[0]), name[1] = (*p)[1];
      FeSquare t = fe_square_parse (name);
      if (t == FE_NO_SQUARE)
        {
          g_set_error (error, FE_STIPULATION_ERROR, 0,
                       g->goal == FE_GOAL_TARGET
                         ? _ ("the target goal needs a square, as in \"zd5\" (\"%s\")")
                         : _ ("the kiss goal needs a square, as in \"ke5\" (\"%s\")"),
                       text);
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
  if (fe_goal_has_square (s->goal) || fe_goal_has_square (s->reci_goal))
    return refuse (error, text, FE_N_ ("a target goal (\"z\") in reciprocal play"));
  return TRUE;
}

/* The play after "exact-" and "n->": its prefix, goals and length. */
static gboolean
parse_play (const char *p, const char *text, FeStipulation *s, GError **error)
{
  const PlayWord *w = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (play_words) && !w; i++)
    if (starts_with (p, play_words[i].prefix))
      w = &play_words[i];
  p += strlen (w->prefix);
  s->play = w->play;
  s->end = w->end;
  s->parry = w->parry;
  if (w->end == FE_END_RECI ? !parse_reci_goals (&p, text, s, error)
                            : !parse_goal (&p, text, &s->goal, &s->target, error))
    return FALSE;

  /* a=>b and dia are help play without a prefix (docs/rules/stipulations.md
   * §5.2). */
  gboolean whole_game = s->goal == FE_GOAL_POSITION || s->goal == FE_GOAL_PROOF_GAME;
  if (whole_game && !*w->prefix)
    s->play = FE_PLAY_HELP;
  if (s->goal == FE_GOAL_POSITION && *w->prefix && s->parry == FE_PARRY_NONE
      && !(s->play == FE_PLAY_SERIES && (s->end == FE_END_GOAL || s->end == FE_END_HELP)))
    return refuse (error, text, FE_N_ ("position-to-position play with another play than a=>b, "
                                       "ser-a=>b or ser-ha=>b"));
  /* Popeye allows a space before the length ("dia 4"). */
  while (*p == ' ')
    p++;
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
    s->half = TRUE, p += 2;
  else if (strcmp (p, ".0") == 0)
    p += 2; /* Popeye reads "dia3.0" as "dia3" */
  if (*p)
    {
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   _ ("unexpected \"%s\" at the end of stipulation \"%s\""), p, text);
      return FALSE;
    }
  if (s->half && s->play != FE_PLAY_HELP)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   _ ("half moves (\".5\") only exist in help play (\"%s\")"), text);
      return FALSE;
    }
  long max = s->play == FE_PLAY_SERIES ? MAX_MOVES_SERIES : MAX_MOVES_BATTLE;
  /* h#0.5 is one move; the ends of hs#, hr# and reci-h# need more. */
  gboolean half_move_only = s->half && n == 0 && s->play == FE_PLAY_HELP && s->end == FE_END_GOAL;
  if ((n < 1 && !half_move_only) || n > max)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   _ ("stipulation \"%s\": the number of moves must be between 1 and %ld"), text, max);
      return FALSE;
    }
  s->moves = (int) n;
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
  if (starts_with (p, "exact-"))
    s.exact = TRUE, p += strlen ("exact-");
  /* Introductory moves: "2->ser-h#4", White's two series moves first. */
  const char *q = p;
  while (g_ascii_isdigit (*q))
    q++;
  if (q > p && strncmp (q, "->", 2) == 0)
    {
      long intro = strtol (p, NULL, 10);
      if (intro < 1 || intro > MAX_MOVES_SERIES)
        {
          g_set_error (error, FE_STIPULATION_ERROR, 0,
                       _ ("stipulation \"%s\": the introductory moves must be between 1 and %d"),
                       text, MAX_MOVES_SERIES);
          return FALSE;
        }
      s.intro = (int) intro;
      p = q + 2;
    }
  if (!parse_play (p, text, &s, error))
    return FALSE;
  *out = s;
  return TRUE;
}

gboolean
fe_stipulation_has_target (const FeStipulation *stip)
{
  return stip->goal == FE_GOAL_POSITION;
}

const char *
fe_goal_symbol (FeGoal goal)
{
  return goal_word (goal)->mark;
}

const char *
fe_goal_word (FeGoal goal)
{
  return goal_word (goal)->word;
}

int
fe_goal_word_at (const char *text, FeGoal *goal)
{
  for (gsize i = 0; i < G_N_ELEMENTS (goal_words); i++)
    if (starts_with (text, goal_words[i].word))
      {
        *goal = goal_words[i].goal;
        return (int) strlen (goal_words[i].word);
      }
  return 0;
}

/* The goal as a stipulation spells it ("zd5", "00"). */
static void
append_goal (GString *out, FeGoal goal, guint8 target)
{
  g_string_append (out, goal_word (goal)->word);
  if (fe_goal_has_square (goal))
    {
      char name[3];
      fe_square_name (target, name);
      g_string_append (out, name);
    }
}

char *
fe_stipulation_to_string (const FeStipulation *s)
{
  GString *out = g_string_new (s->exact ? "exact-" : NULL);
  if (s->intro)
    g_string_append_printf (out, "%d->", s->intro);
  /* a=>b and dia are help play by themselves: no "h". */
  gboolean whole_game = s->goal == FE_GOAL_POSITION || s->goal == FE_GOAL_PROOF_GAME;
  gboolean bare = s->play == FE_PLAY_HELP && s->end == FE_END_GOAL && whole_game;
  for (gsize i = 0; i < G_N_ELEMENTS (play_words) && !bare; i++)
    if (play_words[i].play == s->play && play_words[i].end == s->end
        && play_words[i].parry == s->parry)
      {
        g_string_append (out, play_words[i].prefix);
        break;
      }
  if (s->end == FE_END_RECI && s->reci_goal != s->goal)
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
  if (st->play != FE_PLAY_HELP)
    return FALSE;
  switch (st->end)
    {
    case FE_END_GOAL:
      return !st->half;
    case FE_END_SELF:
    case FE_END_REFLEX:
    case FE_END_SEMI_REFLEX:
      return st->half;
    case FE_END_RECI:
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
  gboolean whole_game = st->goal == FE_GOAL_POSITION || st->goal == FE_GOAL_PROOF_GAME;
  if (st->play == FE_PLAY_HELP && whole_game)
    /* whatever the length (docs/rules/stipulations.md §5.2) */
    return white_to_play ? FE_WHITE : FE_BLACK;
  if (st->play == FE_PLAY_HELP)
    {
      /* A full line ends on White's move (h, the reply of reci-h) or on
       * Black's (the end of hs, hr): an odd length starts with that side. */
      gboolean black_ends = st->end == FE_END_SELF || st->end == FE_END_REFLEX
                            || st->end == FE_END_SEMI_REFLEX;
      gboolean odd = fe_stipulation_help_length (st, white_to_play) % 2 == 1;
      return odd != black_ends ? FE_WHITE : FE_BLACK;
    }
  if (st->play == FE_PLAY_SERIES && (st->end == FE_END_HELP || st->end == FE_END_RECI))
    return FE_BLACK;
  return FE_WHITE;
}
