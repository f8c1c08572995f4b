/* verify.c — reads printed help and series lines back and replays them
 * (parry series' too: the other side's parries in check, its passes
 * elsewhere).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independent of the search: no table, no fast paths.  Each move of a line
 * is found among the plain pseudo-legal moves by its printed text (marks
 * included), played with the full legality test, and the line must end on
 * the goal, within the stipulated length, with the series rules kept: no
 * check before the last series move, no goal reached before the line's
 * end (docs/rules/stipulations.md §1).  Lines toward an end (hs#, hr#,
 * reci-h#, ser-s#, ser-r#, ser-reci-h#) must end where the end holds
 * (ends.c's definitions, asked without a table) and keep the reflex duties at
 * every node; a reciprocal line is read both ways (its pair's reply, or the
 * ending side's own goal); " ?!?" lines are reflex play's diagram moves.
 * A structured stipulation's lines are replayed move by move, with the
 * passes its tree allows, and their last marks checked against its goals.
 */
#include <string.h>

#include "check.h"
#include "core/search/ends.h"

typedef struct {
  FeSolver *s;
  char **tok;  /* the line's tokens, move numbers removed */
  int n_tok;
  gboolean series;
  FeEnd end;   /* what ends the line besides a goal move */
  int max_len; /* help: half-moves of a full line; series: series moves */
  int parity;  /* help: the length's parity */
} Line;

/* The tokens of one move as the solution writes it (marks included; the
 * last move's with `goal`'s mark). */
static int
move_tokens_match (Line *l, int at, const FeMove *m, gboolean last, FeGoal goal)
{
  GString *t = g_string_new (NULL);
  FeGoal stip_goal = l->s->goal;
  l->s->goal = goal;
  fe_solver_append_move (l->s, t, m, last, TRUE);
  l->s->goal = stip_goal;
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

/* The moves of s->pos whose text is next in the line: calls `try` with
 * each (made and legal, `last` whether the line ends with it) until one
 * returns TRUE.  The last move is read with `goal`'s mark. */
typedef gboolean (*TryMove) (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last,
                             gpointer data);

static gboolean
each_next_move (Line *l, int at, FeGoal goal, TryMove try, gpointer data)
{
  FeSolver *s = l->s;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    for (int last = 0; last < 2; last++)
      {
        FeMove *m = &list.moves[i];
        int n = move_tokens_match (l, at, m, last, goal);
        if (!n || (at + n == l->n_tok) != last)
          continue;
        FeUndo u;
        if (!fe_make_legal (&s->pos, m, &u))
          {
            /* The goal move of ##, ##! and !# leaves its mover's king in
             * check (docs/rules/stipulations.md §8.4): the goal judges it. */
            if (!last || !fe_goal_allows_self_check (goal))
              continue;
            if (!fe_make (&s->pos, m, &u))
              {
                fe_unmake (&s->pos, m, &u);
                continue;
              }
          }
        gboolean ok = try (l, at + n, m, &u, last, data);
        fe_unmake (&s->pos, m, &u);
        if (ok)
          return TRUE;
      }
  return FALSE;
}

/* ---- help-type lines -------------------------------------------------- */

typedef struct {
  int ply;           /* half-moves played before this one */
  const FeMove *prev; /* the move before (reci-h: the end is two back) */
  FeUndo *prev_undo;
  gboolean reci_line; /* reci-h: read as the line that stops on the ending side's goal */
} HelpStep;

static gboolean help_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data);

static gboolean
match_help (Line *l, int at, int ply, const FeMove *prev, FeUndo *prev_undo)
{
  HelpStep st = { ply, prev, prev_undo, FALSE };
  if (each_next_move (l, at, l->s->goal, help_try, &st))
    return TRUE;
  /* A reciprocal line may stop on the ending side's own goal. */
  st.reci_line = TRUE;
  return l->end == FE_END_RECI && each_next_move (l, at, l->s->stip.reci_goal, help_try, &st);
}

/* The end holds where the line's end began: the node before the moves
 * `m` (made) and, two back, `prev` (made) — takes them back to look. */
static gboolean
end_held_before (Line *l, const FeMove *m, FeUndo *undo, const FeMove *prev, FeUndo *prev_undo)
{
  FeSolver *s = l->s;
  if (prev && !prev_undo)
    return FALSE;
  fe_unmake (&s->pos, m, undo);
  if (prev)
    fe_unmake (&s->pos, prev, prev_undo);
  gboolean holds = fe_end_search (s, l->end);
  if (prev)
    fe_make (&s->pos, prev, prev_undo);
  fe_make (&s->pos, m, undo);
  return holds;
}

/* The duties of a node inside a line toward a self or reflex end (the
 * node `m`, just made, was played from): hs's ending side has not ended
 * its line there; in hr neither side could reach the goal there (the
 * ending side would have had to, the other must not be able to;
 * docs/rules/stipulations.md §4.1). */
static gboolean
inner_node_kept (Line *l, const FeMove *m, FeUndo *undo)
{
  FeSolver *s = l->s;
  fe_unmake (&s->pos, m, undo);
  gboolean closed = l->end == FE_END_SELF ? fe_end_search (s, FE_END_SELF) : fe_goal_in_one (s, s->goal);
  fe_make (&s->pos, m, undo);
  return !closed;
}

static gboolean
help_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  HelpStep *st = data;
  FeSolver *s = l->s;
  int len = st->ply + 1;
  gboolean reci_line = st->reci_line;
  if (!last)
    {
      if (l->end == FE_END_GOAL)
        {
          /* The goal side's moves at the parity of the line's last one:
           * reaching the goal earlier would have ended the line. */
          gboolean goal_side = (len % 2) == l->parity;
          gboolean ends_itself = s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_STALEMATE
                                 || s->goal == FE_GOAL_DOUBLE_STALEMATE;
          if (goal_side && !ends_itself && fe_solver_goal_reached (s, m, undo))
            return FALSE;
        }
      else if (l->end == FE_END_SELF)
        {
          /* hs: only the ending side's nodes (its moves have the parity of
           * the line's last) may end the line early. */
          if ((len % 2) == l->parity && !inner_node_kept (l, m, undo))
            return FALSE;
        }
      else if (l->end == FE_END_REFLEX && !inner_node_kept (l, m, undo))
        return FALSE;
      return match_help (l, next, len, m, undo);
    }
  if (len > l->max_len + (reci_line ? -1 : 0))
    return FALSE;
  if ((len % 2 == l->parity) == reci_line)
    return FALSE;
  if (!fe_solver_goal_reached_as (s, reci_line ? s->stip.reci_goal : s->goal, m, undo))
    return FALSE;
  switch (l->end)
    {
    case FE_END_GOAL:
    case FE_END_REFLEX:
      return TRUE; /* hr: the end node's side could reach the goal, so must */
    case FE_END_SELF:
      return end_held_before (l, m, undo, NULL, NULL);
    case FE_END_RECI:
      if (reci_line)
        return end_held_before (l, m, undo, NULL, NULL);
      return len >= 2 && end_held_before (l, m, undo, st->prev, st->prev_undo);
    default:
      return FALSE; /* ends the search refuses */
    }
}

/* ---- series lines ----------------------------------------------------- */

typedef struct {
  int ply; /* series moves played */
} SeriesStep;

static gboolean series_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last,
                            gpointer data);
static gboolean final_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last,
                           gpointer data);

static gboolean
match_series (Line *l, int at, int ply)
{
  FeSolver *s = l->s;
  /* ser-r: before each series move, the series side cannot reach the goal. */
  if (l->end == FE_END_REFLEX && fe_goal_in_one (s, s->goal))
    return FALSE;
  SeriesStep st = { ply };
  /* ser-reci-h's lines may stop on the ending side's own goal: its last
   * move is read with that goal's mark (a reply is read by match_final). */
  return each_next_move (l, at, l->end == FE_END_RECI ? s->stip.reci_goal : s->goal, series_try, &st);
}

/* The other side's reply that ends a series line (ser-h, ser-s, ser-r,
 * ser-reci-h): it reaches `goal`. */
static gboolean
match_final (Line *l, int at, FeGoal goal)
{
  return each_next_move (l, at, goal, final_try, &goal);
}

static gboolean
final_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  const FeGoal *goal = data;
  return last && fe_solver_goal_reached_as (l->s, *goal, m, undo);
}

/* Goes on after the series move `m` (made) with the other side's pass:
 * the series' own rules (no check, no goal or end reached before its
 * last move), then `then`. */
static gboolean
series_goes_on (Line *l, int next, const FeMove *m, FeUndo *undo, int ply)
{
  FeSolver *s = l->s;
  int me = FE_OPPONENT (s->pos.side);
  if (fe_in_check (&s->pos, FE_OPPONENT (me)))
    return FALSE;
  if (s->stip.end == FE_END_GOAL && fe_solver_goal_reached (s, m, undo))
    return FALSE;
  if ((l->end == FE_END_SELF || l->end == FE_END_REFLEX) && fe_end_search (s, l->end))
    return FALSE;
  FeUndo nu;
  fe_make_null (&s->pos, &nu);
  gboolean ok = match_series (l, next, ply);
  fe_unmake_null (&s->pos, &nu);
  return ok;
}

static gboolean
series_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  SeriesStep *st = data;
  FeSolver *s = l->s;
  int ply = st->ply + 1;
  if (ply > l->max_len)
    return FALSE;
  if (l->end == FE_END_RECI)
    {
      /* The ending move of ser-reci-h: after 1 to n - 1 series moves
       * (none when n = 1), where the reciprocal end holds. */
      if ((st->ply >= 1 || l->max_len == 1) && end_held_before (l, m, undo, NULL, NULL))
        {
          if (last)
            return fe_solver_goal_reached_as (s, s->stip.reci_goal, m, undo);
          if (match_final (l, next, s->goal))
            return TRUE;
        }
      return !last && ply < l->max_len && series_goes_on (l, next, m, undo, ply);
    }
  if (s->stip.end == FE_END_GOAL)
    return last ? fe_solver_goal_reached (s, m, undo) : series_goes_on (l, next, m, undo, ply);
  if (last)
    return FALSE;
  /* ser-h, ser-s, ser-r: the other side's reply, or another series move. */
  gboolean end = l->end == FE_END_GOAL || fe_end_search (s, l->end);
  return (end && match_final (l, next, s->goal)) || series_goes_on (l, next, m, undo, ply);
}

/* ---- parry series lines (docs/rules/stipulations.md §12) ------------- */

typedef struct {
  int ply; /* series moves played */
} ParryStep;

static gboolean parry_series_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last,
                                  gpointer data);

static gboolean
match_parry_series (Line *l, int at, int ply)
{
  FeSolver *s = l->s;
  /* pser-r, phser-r: before each series move, the series side cannot
   * reach the goal. */
  if (l->end == FE_END_REFLEX && fe_goal_in_one (s, s->goal))
    return FALSE;
  ParryStep st = { ply };
  return each_next_move (l, at, s->goal, parry_series_try, &st);
}

/* The other side's parry (in check) after a series move: pser-s's may
 * end the line on the goal; any other goes on with the series. */
static gboolean
parry_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  const ParryStep *st = data;
  FeSolver *s = l->s;
  if (s->stip.parry == FE_PARRY_BATTLE && l->end == FE_END_SELF && fe_solver_goal_reached (s, m, undo))
    return last;
  return !last && match_parry_series (l, next, st->ply);
}

/* After a series move that did not end the line: the other side parries
 * when in check, else passes. */
static gboolean
parry_after (Line *l, int next, int ply)
{
  FeSolver *s = l->s;
  if (ply >= l->max_len)
    return FALSE;
  if (fe_in_check (&s->pos, s->pos.side))
    {
      ParryStep st = { ply };
      return each_next_move (l, next, s->goal, parry_try, &st);
    }
  FeUndo nu;
  fe_make_null (&s->pos, &nu);
  gboolean ok = match_parry_series (l, next, ply);
  fe_unmake_null (&s->pos, &nu);
  return ok;
}

static gboolean
parry_series_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  const ParryStep *st = data;
  FeSolver *s = l->s;
  int ply = st->ply + 1;
  if (ply > l->max_len)
    return FALSE;
  switch (l->end)
    {
    case FE_END_GOAL:
      /* the goal ends the line, and only it (phser-='s stalemates may be
       * passed through) */
      if (fe_solver_goal_reached (s, m, undo) && (last || !fe_parry_goal_goes_on (&s->stip)))
        return last;
      return !last && parry_after (l, next, ply);
    case FE_END_SELF:
    case FE_END_REFLEX:
      /* where the end holds the line ends with it (the other side forced,
       * or able and so obliged, to reach the goal) */
      if (last)
        return FALSE;
      if (fe_end_search (s, l->end))
        return match_final (l, next, s->goal);
      return parry_after (l, next, ply);
    case FE_END_HELP:
      /* pser-h: the other side's move to the goal may end it after any
       * series move */
      return !last && (match_final (l, next, s->goal) || parry_after (l, next, ply));
    default:
      return FALSE; /* pser-hs is refused */
    }
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

/* Series set play (ser-h, ser-s, ser-r): after the series side's pass,
 * the other side's one move reaches the goal (ser-s: where it is forced
 * to). */
static gboolean
set_final_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  return last && fe_solver_goal_reached (l->s, m, undo)
         && (l->end != FE_END_SELF || end_held_before (l, m, undo, NULL, NULL));
}

/* Reflex play's " ?!?" (docs/rules/stipulations.md §4.1): one move of the
 * side to move in the diagram that reaches the goal. */
static gboolean
violation_try (Line *l, int next, const FeMove *m, FeUndo *undo, gboolean last, gpointer data)
{
  return last && fe_solver_goal_reached (l->s, m, undo);
}

/* ---- structured stipulations ------------------------------------------ */

/* A goal of the tree's leaves, with its square. */
typedef struct {
  FeGoal goal;
  guint8 target;
} LeafGoal;

static void
collect_goals (const FeSNode *n, GArray *out)
{
  if (!n)
    return;
  if (n->kind == FE_SNODE_LEAF)
    {
      LeafGoal g = { n->goal, n->target };
      g_array_append_val (out, g);
    }
  for (guint i = 0; n->parts && i < n->parts->len; i++)
    collect_goals (n->parts->pdata[i], out);
  collect_goals (n->a, out);
  collect_goals (n->b, out);
}

/* A structured stipulation's line (docs/rules/structured-stipulations.md
 * §4.1): each printed move legal where it stands, the side to move
 * passing where the tree lets it (series, "?+?", "-": a move not found
 * is looked for after a pass, never two in a row); the last move's marks
 * are its check and, if any, the mark of one of the tree's goals that it
 * reaches. */
static gboolean
structured_next (Line *l, int at, gboolean after_pass, const GArray *goals)
{
  FeSolver *s = l->s;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    for (int g = -1; g < (int) goals->len; g++)
      {
        FeMove *m = &list.moves[i];
        const LeafGoal *lg = g >= 0 ? &g_array_index (goals, LeafGoal, g) : NULL;
        guint8 target = s->stip.target;
        if (lg)
          s->stip.target = lg->target;
        int n = move_tokens_match (l, at, m, lg != NULL, lg ? lg->goal : s->goal);
        gboolean last = n && at + n == l->n_tok;
        FeUndo u;
        gboolean ok = n && (last || !lg) && fe_make_legal (&s->pos, m, &u);
        if (ok)
          {
            ok = last || structured_next (l, at + n, FALSE, goals);
            fe_unmake (&s->pos, m, &u);
          }
        s->stip.target = target;
        if (ok)
          return TRUE;
      }
  if (after_pass)
    return FALSE;
  FeUndo nu;
  fe_make_null (&s->pos, &nu);
  gboolean ok = !fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)) && structured_next (l, at, TRUE, goals);
  fe_unmake_null (&s->pos, &nu);
  return ok;
}

static gboolean
verify_structured_line (FeSolver *s, const FePosition *start, const char *text)
{
  const FeSStip *st = s->problem->structured;
  Line l = { s, NULL, 0, FALSE, FE_END_GOAL, 0, 0 };
  l.tok = line_tokens (text, &l.n_tok);
  GArray *goals = g_array_new (FALSE, FALSE, sizeof (LeafGoal));
  collect_goals (st->root, goals);
  gboolean inverted = st->root->kind == FE_SNODE_INVERT;
  s->pos = *start;
  s->pos.side = inverted ? FE_OPPONENT (st->side) : st->side;
  fe_position_recompute_hash (&s->pos);
  /* Set play: the first side passes. */
  gboolean ok = l.n_tok > 0 && structured_next (&l, 0, s->problem->options.set_play ? FALSE : TRUE, goals);
  g_array_unref (goals);
  g_strfreev (l.tok);
  return ok;
}

/* One candidate reading of a line: who starts, whether the diagram side
 * passes first (set play). */
static gboolean
verify_line (FeSolver *s, const FePosition *start, const char *text)
{
  const FeProblem *p = s->problem;
  const FeOptions *o = &p->options;
  gboolean series = fe_stipulation_is_series (&s->stip);
  int first = fe_stipulation_starting_side (&s->stip, o->white_to_play);
  /* ser-h's end is its last series move's goal, as for ser-#. */
  FeEnd end = s->stip.end == FE_END_HELP ? FE_END_GOAL : s->stip.end;
  Line l = { s, NULL, 0, series, end, 0, 0 };
  l.tok = line_tokens (text, &l.n_tok);
  gboolean violation = l.n_tok > 1 && strcmp (l.tok[l.n_tok - 1], "?!?") == 0;
  if (violation)
    {
      g_free (l.tok[--l.n_tok]);
      l.tok[l.n_tok] = NULL;
    }
  gboolean ok = FALSE;
  for (int who = 0; who < 2 && !ok; who++)
    {
      if (who == 0 && o->half_duplex)
        continue;
      if (who == 1 && !o->duplex && !o->half_duplex)
        continue;
      for (int set = 0; set < 2 && !ok; set++)
        {
          if (set && (violation || !o->set_play))
            continue;
          s->pos = *start;
          s->pos.side = who ? FE_OPPONENT (first) : first;
          fe_position_recompute_hash (&s->pos);
          FeUndo nu;
          if (set)
            fe_make_null (&s->pos, &nu);
          if (l.n_tok == 0)
            ok = FALSE;
          else if (violation)
            ok = fe_stipulation_is_reflex (&s->stip) && each_next_move (&l, 0, s->goal, violation_try, NULL);
          else if (series && set)
            ok = l.end != FE_END_RECI && s->stip.end != FE_END_GOAL
                 && each_next_move (&l, 0, s->goal, set_final_try, NULL);
          else if (series && s->stip.parry != FE_PARRY_NONE)
            {
              l.end = s->stip.end;
              l.max_len = s->stip.moves;
              ok = match_parry_series (&l, 0, 0);
            }
          else if (series)
            {
              l.max_len = s->stip.moves;
              ok = match_series (&l, 0, 0);
            }
          else
            {
              l.max_len = fe_stipulation_help_length (&s->stip, o->white_to_play) - (set ? 1 : 0);
              l.parity = l.max_len % 2;
              ok = match_help (&l, 0, 0, NULL, NULL);
            }
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
          fe_solver_set_diagram (s, &start);
          help_or_series = !fe_stipulation_is_battle (&s->stip);
          if (problem->structured)
            {
              const FeSNode *top = problem->structured->root;
              if (top->kind == FE_SNODE_INVERT)
                top = top->a;
              help_or_series = top->kind != FE_SNODE_BRANCH || top->branch == FE_SBRANCH_HELP
                               || top->branch == FE_SBRANCH_SERIES;
            }
          ready = TRUE;
        }
      if (!help_or_series)
        continue;
      if (problem->structured ? !verify_structured_line (s, &start, line) : !verify_line (s, &start, line))
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
