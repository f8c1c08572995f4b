/* stipulation.c — reading and writing stipulations such as "h#2.5".
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "stipulation.h"
#include "position.h"

G_DEFINE_QUARK (fe-stipulation-error-quark, fe_stipulation_error)

/* Longest lengths we accept: beyond them no search would ever end. */
#define MAX_MOVES_BATTLE 30
#define MAX_MOVES_SERIES 99

gboolean
fe_stipulation_parse (const char *text, FeStipulation *out, GError **error)
{
  const char *p = text;
  FeStipulation s = { 0 };
  gboolean series = FALSE;

  if (!p || !*p)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0, "empty stipulation");
      return FALSE;
    }
  if (g_ascii_strncasecmp (p, "ser-", 4) == 0)
    {
      series = TRUE;
      p += 4;
    }
  s.play = FE_PLAY_DIRECT;
  if (g_ascii_strncasecmp (p, "hs", 2) == 0 || g_ascii_strncasecmp (p, "hr", 2) == 0)
    {
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   "help-self and help-reflex play are not supported yet (\"%s\")", text);
      return FALSE;
    }
  if (*p == 'h' || *p == 'H')
    s.play = FE_PLAY_HELP, p++;
  else if (*p == 's' || *p == 'S')
    s.play = FE_PLAY_SELF, p++;
  else if (*p == 'r' || *p == 'R')
    s.play = FE_PLAY_REFLEX, p++;

  if (strncmp (p, "==", 2) == 0)
    s.goal = FE_GOAL_DOUBLE_STALEMATE, p += 2;
  else if (*p == '#')
    s.goal = FE_GOAL_MATE, p++;
  else if (*p == '=')
    s.goal = FE_GOAL_STALEMATE, p++;
  else if (*p == '~')
    s.goal = FE_GOAL_ANY, p++;
  else if (*p == 'x')
    s.goal = FE_GOAL_CAPTURE, p++;
  else if (*p == '+')
    s.goal = FE_GOAL_CHECK, p++;
  else if (*p == 'z' || *p == 'Z')
    {
      char name[3] = { 0 };
      if (p[1] && p[2])
        name[0] = g_ascii_tolower (p[1]), name[1] = p[2];
      FeSquare t = fe_square_parse (name);
      if (t == FE_NO_SQUARE)
        {
          g_set_error (error, FE_STIPULATION_ERROR, 0,
                       "the target goal needs a square, as in \"zd5\" (\"%s\")", text);
          return FALSE;
        }
      s.goal = FE_GOAL_TARGET, s.target = t, p += 3;
    }
  else if (strncmp (p, "00", 2) == 0)
    s.goal = FE_GOAL_CASTLING, p += 2;
  else
    {
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                   "unknown or unsupported goal in stipulation \"%s\"", text);
      return FALSE;
    }

  if (!g_ascii_isdigit (*p))
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   "stipulation \"%s\" needs a number of moves", text);
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
                   "unexpected \"%s\" at the end of stipulation \"%s\"", p, text);
      return FALSE;
    }
  if (series)
    {
      if (s.play == FE_PLAY_DIRECT)
        s.play = FE_PLAY_SERIES;
      else if (s.play == FE_PLAY_HELP)
        s.play = FE_PLAY_SERIES_HELP;
      else if (s.play == FE_PLAY_SELF)
        s.play = FE_PLAY_SERIES_SELF;
      else
        {
          g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_UNSUPPORTED,
                       "series reflex play is not supported (\"%s\")", text);
          return FALSE;
        }
    }
  if (s.half && s.play != FE_PLAY_HELP)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   "half moves (\".5\") only exist in help play (\"%s\")", text);
      return FALSE;
    }
  long max = series ? MAX_MOVES_SERIES : MAX_MOVES_BATTLE;
  if ((n < 1 && !(s.half && n == 0)) || n > max)
    {
      g_set_error (error, FE_STIPULATION_ERROR, 0,
                   "stipulation \"%s\": the number of moves must be between 1 and %ld", text, max);
      return FALSE;
    }
  s.moves = (int) n;
  *out = s;
  return TRUE;
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
    }
  return "?";
}

char *
fe_stipulation_to_string (const FeStipulation *s)
{
  const char *prefix = "";
  switch (s->play)
    {
    case FE_PLAY_DIRECT: prefix = ""; break;
    case FE_PLAY_HELP: prefix = "h"; break;
    case FE_PLAY_SELF: prefix = "s"; break;
    case FE_PLAY_REFLEX: prefix = "r"; break;
    case FE_PLAY_SERIES: prefix = "ser-"; break;
    case FE_PLAY_SERIES_HELP: prefix = "ser-h"; break;
    case FE_PLAY_SERIES_SELF: prefix = "ser-s"; break;
    }
  char goal[4] = "00";
  if (s->goal == FE_GOAL_TARGET)
    {
      goal[0] = 'z';
      fe_square_name (s->target, goal + 1);
    }
  else if (s->goal != FE_GOAL_CASTLING)
    g_strlcpy (goal, fe_goal_symbol (s->goal), sizeof goal);
  return g_strdup_printf ("%s%s%d%s", prefix, goal, s->moves, s->half ? ".5" : "");
}
