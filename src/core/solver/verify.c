/* verify.c — reads printed help and series lines back and replays them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independent of the search: no table, no fast paths.  Each move of a line
 * is found among the plain pseudo-legal moves by its printed text (marks
 * included), played with the full legality test, and the line must end on
 * the goal, within the stipulated length, with the series rules kept.
 */
#include <string.h>

#include "search.h"

typedef struct {
  FeSolver *s;
  char **tok;  /* the line's tokens, move numbers removed */
  int n_tok;
  gboolean series;
  int max_len; /* help: half-moves; series: series moves */
  int parity;  /* help: the length's parity (-1 = any) */
} Line;

/* The tokens of one move as print_line writes it (marks included). */
static int
move_tokens_match (Line *l, int at, const FeMove *m, gboolean last)
{
  GString *t = g_string_new (NULL);
  fe_solver_append_move (l->s, t, m, last, TRUE);
  char **mt = g_strsplit_set (t->str, " ", -1);
  int k = 0, n = 0;
  gboolean ok = TRUE;
  for (char **p = mt; *p && ok; p++)
    {
      if (!**p)
        continue;
      ok = at + n < l->n_tok && strcmp (*p, l->tok[at + n]) == 0;
      n++;
    }
  k = ok ? n : 0;
  g_strfreev (mt);
  g_string_free (t, TRUE);
  return k;
}

static gboolean match_ply (Line *l, int at, int ply, int series_done);

/* Every legal reply reaches the goal (the end of a ser-s). */
static gboolean
all_replies_reach_goal (FeSolver *s)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean any = FALSE;
  for (int i = 0; i < list.count; i++)
    {
      FeUndo u;
      if (!fe_make_legal (&s->pos, &list.moves[i], &u))
        continue;
      any = TRUE;
      gboolean g = fe_solver_goal_reached (s, &list.moves[i]);
      fe_unmake (&s->pos, &list.moves[i], &u);
      if (!g)
        return FALSE;
    }
  return any;
}

/* Tries each legal move whose text is next in the line.  `ply` counts the
 * half-moves played (help) or the series moves played (series). */
static gboolean
match_ply (Line *l, int at, int ply, int series_done)
{
  FeSolver *s = l->s;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int me = s->pos.side;
  gboolean forced = !series_done || s->stip.play != FE_PLAY_SERIES_SELF
                    || all_replies_reach_goal (s);
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      for (int last = 0; last < 2; last++)
        {
          int n = move_tokens_match (l, at, m, last);
          if (!n || (at + n == l->n_tok) != last)
            continue;
          FeUndo u;
          if (!fe_make_legal (&s->pos, m, &u))
            continue;
          gboolean ok = FALSE;
          if (!l->series)
            {
              if (last)
                ok = ply + 1 <= l->max_len && (l->parity < 0 || (ply + 1) % 2 == l->parity)
                     && fe_solver_goal_reached (s, m);
              else
                ok = match_ply (l, at + n, ply + 1, 0);
            }
          else if (series_done)
            /* The other side's final reply: ser-h reaches the goal, ser-s
             * is forced to. */
            ok = last && forced && fe_solver_goal_reached (s, m);
          else if (ply + 1 > l->max_len)
            ok = FALSE;
          else if (s->stip.play == FE_PLAY_SERIES)
            {
              if (last)
                ok = fe_solver_goal_reached (s, m);
              else if (!fe_in_check (&s->pos, FE_OPPONENT (me)))
                {
                  FeUndo nu;
                  fe_make_null (&s->pos, &nu);
                  ok = match_ply (l, at + n, ply + 1, 0);
                  fe_unmake_null (&s->pos, &nu);
                }
            }
          else if (!last)
            {
              /* ser-h / ser-s: another series move, or the final reply. */
              ok = match_ply (l, at + n, ply + 1, 1);
              if (!ok && !fe_in_check (&s->pos, FE_OPPONENT (me)))
                {
                  FeUndo nu;
                  fe_make_null (&s->pos, &nu);
                  ok = match_ply (l, at + n, ply + 1, 0);
                  fe_unmake_null (&s->pos, &nu);
                }
            }
          fe_unmake (&s->pos, m, &u);
          if (ok)
            return TRUE;
        }
    }
  return FALSE;
}

/* Splits a line into move and mark tokens, dropping "12.", "1..." and the
 * "..." of a skipped move ("1... ... 2.": set play of an h#n.5) */
static char **
line_tokens (const char *text, int *n)
{
  char **raw = g_strsplit_set (text, " \t", -1);
  GPtrArray *a = g_ptr_array_new ();
  for (char **p = raw; *p; p++)
    {
      const char *t = *p;
      const char *q = t;
      while (g_ascii_isdigit (*q))
        q++;
      if (q > t && *q == '.')
        {
          t = q + 1;
          if (strncmp (t, "..", 2) == 0)
            t += 2;
        }
      if (*t && strcmp (t, "...") != 0)
        g_ptr_array_add (a, g_strdup (t));
    }
  g_strfreev (raw);
  *n = a->len;
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

static gboolean
is_twin_header (const char *l)
{
  if (*l == '+')
    l++;
  if (!g_ascii_islower (*l))
    return FALSE;
  while (g_ascii_isalnum (*l))
    l++;
  return *l == ')';
}

static gboolean
is_move_line (const char *l)
{
  while (*l == ' ')
    l++;
  if (!g_ascii_isdigit (*l))
    return FALSE;
  while (g_ascii_isdigit (*l))
    l++;
  return *l == '.'; /* not a board row ("8   .   .") nor a source line */
}

/* One candidate reading of a line: who starts, whether the diagram side
 * passes first (set play). */
static gboolean
verify_line (FeSolver *s, const FePosition *start, const char *text)
{
  const FeProblem *p = s->problem;
  const FeOptions *o = &p->options;
  gboolean series = s->stip.play == FE_PLAY_SERIES || s->stip.play == FE_PLAY_SERIES_HELP
                    || s->stip.play == FE_PLAY_SERIES_SELF;
  int first = fe_solver_starting_side (&s->stip, o);
  Line l = { s, NULL, 0, series, 0, -1 };
  l.tok = line_tokens (text, &l.n_tok);
  gboolean ok = FALSE;
  for (int who = 0; who < 2 && !ok; who++)
    {
      if (who == 0 && o->half_duplex)
        continue;
      if (who == 1 && !o->duplex && !o->half_duplex)
        continue;
      for (int set = 0; set < 2 && !ok; set++)
        {
          if (set && (series || !o->set_play))
            continue;
          s->pos = *start;
          s->pos.side = who ? FE_OPPONENT (first) : first;
          fe_position_recompute_hash (&s->pos);
          if (series)
            l.max_len = s->stip.moves;
          else
            {
              int total = 2 * s->stip.moves + (s->stip.half ? 1 : 0);
              if (o->white_to_play && !s->stip.half)
                total -= 1;
              if (set)
                total -= 1;
              l.max_len = total;
              l.parity = total % 2;
            }
          FeUndo nu;
          if (set)
            fe_make_null (&s->pos, &nu);
          ok = l.n_tok > 0 && match_ply (&l, 0, 0, 0);
        }
    }
  g_strfreev (l.tok);
  return ok;
}

int
fe_solve_verify (const FeProblem *problem, const char *text, GString *report, GError **error)
{
  FeSolver *s = g_new0 (FeSolver, 1);
  s->problem = problem;
  s->tt = fe_tt_new (-1);
  int bad = 0;
  char **lines = g_strsplit (text, "\n", -1);
  int t = problem->zero_position ? 1 : 0;
  int headers = 0;
  FeRules *rules = NULL;
  FePosition start;
  gboolean ready = FALSE, help_or_series = FALSE;
  for (char **lp = lines; *lp && bad >= 0; lp++)
    {
      const char *line = *lp;
      if (is_twin_header (line))
        {
          if (headers++)
            t++;
          ready = FALSE;
          continue;
        }
      if (!is_move_line (line))
        continue;
      if (!ready)
        {
          FeConditionParams cond;
          g_clear_pointer (&rules, g_free);
          if (!fe_problem_apply_twin (problem, t, &start, &s->stip, &cond, error)
              || !fe_conditions_validate (&cond, &start, error))
            {
              bad = -1;
              break;
            }
          fe_solver_apply_castling_mutex (&start, &problem->options);
          rules = g_new0 (FeRules, 1);
          fe_rules_init (rules, &cond, &start);
          /* the plain rules path: no fast path */
          start.rules = fe_rules_for_position (rules, TRUE);
          s->goal = s->stip.goal;
          help_or_series = s->stip.play != FE_PLAY_DIRECT && s->stip.play != FE_PLAY_SELF
                           && s->stip.play != FE_PLAY_REFLEX;
          ready = TRUE;
        }
      if (!help_or_series)
        continue;
      if (!verify_line (s, &start, line))
        {
          bad++;
          g_string_append_printf (report, "bad line (twin %d): %s\n", t, line);
        }
    }
  g_strfreev (lines);
  g_free (rules);
  fe_tt_free (s->tt);
  g_free (s);
  return bad;
}
