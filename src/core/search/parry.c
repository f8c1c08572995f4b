/* parry.c — parry series (pser-, phser-): the series side's moves, the
 * other side answering only when in check (docs/rules/stipulations.md §12).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pser-G, pser-sG, pser-rG are battle play: every parry must be met, and
 * the lines are the variations of the winning tree, each continued at its
 * shortest length.  pser-hG, phser-G, phser-sG, phser-rG are help play:
 * the parries help, every line that works is a solution, and lengths go
 * up from one series move.  Lines hold the passes as FE_MOVE_NULL
 * entries (fe_solver_add_parry_line).
 */
#include "battle-private.h"
#include "help-private.h"

/* Salts keep the parry searches' entries apart in the shared table. */
#define SALT_PARRY_ATTACK 0x3c8bd6a1e75f2094ull
#define SALT_PARRY_DEFEND 0xd1b54a32d192ed03ull
#define SALT_PARRY_HELP 0x8cb92ba72f3d8dd7ull
#define SALT_PARRY_FINAL 0x4f1bbcdcbfa53e0bull

static const FeMove pass = { .from = FE_NO_SQUARE, .to = FE_NO_SQUARE, .capture = FE_NO_SQUARE,
                             .flags = FE_MOVE_NULL };

/* After a series move (made, its log `undo`): has the play ended there?
 * The goal reached (pser-, phser-), or the self or reflex end holding
 * (pser-s, pser-r, phser-s, phser-r): the other side is forced, or able
 * and so obliged, to reach the goal at once (§12.1).  pser-h's end (the
 * other side's helped move) does not end the play before its length. */
static gboolean
series_ended (FeSolver *s, const FeMove *m, const FeUndo *undo)
{
  switch (s->stip.end)
    {
    case FE_END_GOAL:
      return fe_solver_goal_reached (s, m, undo);
    case FE_END_SELF:
    case FE_END_REFLEX:
      return fe_end_holds (s, s->stip.end);
    default:
      return FALSE;
    }
}

/* The lines that end with the other side's move after the series move
 * just made, the line so far s->line_moves[0 .. depth): the self end's
 * moves (each reaches the goal), the reflex end's and pser-h's moves that
 * reach it. */
static void
final_lines (FeSolver *s, int depth, int series)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    if (fe_solver_move_reaches (s, &list.moves[i], s->goal))
      {
        s->line_moves[depth] = list.moves[i];
        fe_solver_add_parry_line (s, s->line_moves, depth + 1, series);
      }
}

/* The series side's moves to try with `left` series moves to go, toward
 * a mate (mating-net.h): its last must mate (pser-, phser-) or let the
 * other side mate (the other ends); before it, the node is given up where
 * no mate is in reach within the moves left to each side — the series
 * side's and one parry fewer (pser-, phser-), or the series side's and
 * as many of the other side's, its parries and its mate (pser-h).  FALSE
 * when no move can lead to a mate. */
static gboolean
parry_moves (FeSolver *s, int left, FeMoveList *list)
{
  if (s->net && left == 1)
    return fe_help_last_moves (s, s->stip.end == FE_END_GOAL, list);
  if (s->net && s->stip.end == FE_END_GOAL
      && !fe_mating_net_possible (s->net, &s->pos, s->pos.side, left, left - 1))
    return FALSE;
  if (s->net && s->stip.end == FE_END_HELP
      && !fe_mating_net_possible (s->net, &s->pos, FE_OPPONENT (s->pos.side), left, left))
    return FALSE;
  fe_generate_pseudo (&s->pos, list);
  return TRUE;
}

/* ---- battle parries: pser-, pser-s, pser-r ---------------------------- */

static gboolean battle_attack (FeSolver *s, int r);

/* The defender to move, after an attacker's move that did not end the
 * play, with r attacker moves to go (r >= 1): does the attacker win?  Not
 * in check it passes; in check every parry must lose (in pser-s one that
 * reaches the goal loses at once); with none it has escaped. */
static gboolean
battle_parries (FeSolver *s, int r)
{
  if (!fe_in_check (&s->pos, s->pos.side))
    {
      FeUndo nu;
      fe_make_null (&s->pos, &nu);
      gboolean win = battle_attack (s, r);
      fe_unmake_null (&s->pos, &nu);
      return win;
    }
  uint64_t key = s->pos.hash ^ SALT_PARRY_DEFEND;
  int known = fe_tt_probe (s->tt, key, r);
  if (known >= 0)
    return known;
  if (fe_solver_tick (s))
    return FALSE;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean lost = TRUE, any = FALSE;
  for (int i = 0; i < list.count && lost; i++)
    {
      FeMove *d = &list.moves[i];
      FeUndo undo;
      if (!fe_make_legal_with (&s->pos, &lg, d, &undo))
        continue;
      any = TRUE;
      if (s->stip.end != FE_END_SELF || !fe_solver_goal_reached (s, d, &undo))
        lost = battle_attack (s, r);
      fe_unmake (&s->pos, d, &undo);
    }
  lost = lost && any;
  if (!s->aborted)
    fe_tt_store (s->tt, key, r, lost);
  return lost;
}

/* The attacker's move just made, r attacker moves to go with it: does it
 * win? */
static gboolean
battle_move_wins (FeSolver *s, const FeMove *m, const FeUndo *undo, int r)
{
  if (series_ended (s, m, undo))
    return TRUE;
  return r > 1 && battle_parries (s, r - 1);
}

/* The attacker to move: does it win within r moves?  ("Within": a win
 * in fewer is one in r too, so the table keeps the shortest known win and
 * the longest known failure, as in battle play.) */
static gboolean
battle_attack (FeSolver *s, int r)
{
  if (s->aborted || r < 1)
    return FALSE;
  uint64_t key = s->pos.hash ^ SALT_PARRY_ATTACK;
  int known = fe_tt_probe (s->tt, key, r);
  if (known >= 0)
    return known;
  if (fe_solver_tick (s))
    return FALSE;
  gboolean win = FALSE;
  FE_MOVE_LIST (list);
  if (s->stip.end == FE_END_REFLEX && fe_goal_in_one (s, s->goal))
    win = FALSE; /* it would have to reach the goal itself */
  else if (r == 1 && s->stip.end == FE_END_GOAL)
    win = fe_battle_goal_in_one (s);
  else if (parry_moves (s, r, &list))
    {
      FeLegality lg;
      fe_legality_prepare (&s->pos, &lg);
      for (int i = 0; i < list.count && !win && !s->aborted; i++)
        {
          FeMove *m = &list.moves[i];
          FeUndo undo;
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          win = battle_move_wins (s, m, &undo, r);
          fe_unmake (&s->pos, m, &undo);
        }
    }
  if (!s->aborted)
    fe_tt_store (s->tt, key, r, win);
  return win;
}

/* The attacker's shortest win within r, or 0. */
static int
battle_shortest (FeSolver *s, int r)
{
  for (int k = 1; k <= r; k++)
    if (battle_attack (s, k))
      return k;
  return 0;
}

static void battle_lines_after (FeSolver *s, const FeMove *m, const FeUndo *undo, int r, int depth,
                                int series);

/* The attacker to move: adds the lines of every move that wins within r
 * (the first moves: every key; after a parry or a pass: r is the shortest
 * win there, so these are the continuations of that length, duals
 * included, as Popeye's battle play writes them). */
static void
battle_lines (FeSolver *s, int r, int depth, int series)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, r, i, list.count);
      FeUndo undo;
      if (!fe_make_legal (&s->pos, m, &undo))
        continue;
      if (battle_move_wins (s, m, &undo, r))
        {
          s->line_moves[depth] = *m;
          battle_lines_after (s, m, &undo, r, depth + 1, series + 1);
        }
      fe_unmake (&s->pos, m, &undo);
    }
}

/* After an attacker's winning move (made, r attacker moves to go with
 * it): its line ends, or goes on with each parry, or with the pass. */
static void
battle_lines_after (FeSolver *s, const FeMove *m, const FeUndo *undo, int r, int depth, int series)
{
  if (s->stip.end == FE_END_GOAL && fe_solver_goal_reached (s, m, undo))
    {
      fe_solver_add_parry_line (s, s->line_moves, depth, series);
      return;
    }
  if (s->stip.end != FE_END_GOAL && fe_end_holds (s, s->stip.end))
    {
      final_lines (s, depth, series);
      return;
    }
  if (!fe_in_check (&s->pos, s->pos.side))
    {
      FeUndo nu;
      s->line_moves[depth] = pass;
      fe_make_null (&s->pos, &nu);
      int k = battle_shortest (s, r - 1);
      if (k)
        battle_lines (s, k, depth + 1, series);
      fe_unmake_null (&s->pos, &nu);
      return;
    }
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *d = &list.moves[i];
      FeUndo du;
      if (!fe_make_legal (&s->pos, d, &du))
        continue;
      s->line_moves[depth] = *d;
      if (s->stip.end == FE_END_SELF && fe_solver_goal_reached (s, d, &du))
        {
          /* pser-s: the parry reaches the goal, the line ends with it. */
          fe_unmake (&s->pos, d, &du);
          fe_solver_add_parry_line (s, s->line_moves, depth + 1, series);
          continue;
        }
      int k = battle_shortest (s, r - 1);
      if (k)
        battle_lines (s, k, depth + 1, series);
      fe_unmake (&s->pos, d, &du);
    }
}

/* ---- help parries: pser-h, phser-, phser-s, phser-r ------------------- */

/* pser-h's end, after the series (the other side to move): one of its
 * moves reaches the goal; the lines when `print`.  Met again at the end
 * of the many series that transpose: kept in the table. */
static gboolean
other_reaches_goal (FeSolver *s, int depth, int series, gboolean print)
{
  uint64_t key = exact_key (s->pos.hash, SALT_PARRY_FINAL, 0);
  int known = fe_tt_probe (s->tt, key, 1);
  if (known == 0 || (known == 1 && !print))
    return known;
  FE_MOVE_LIST (list);
  gboolean found = FALSE;
  if (!s->net || fe_help_last_moves (s, TRUE, &list))
    {
      if (!s->net)
        fe_generate_pseudo (&s->pos, &list);
      FeStalemateWitnesses witnesses;
      fe_help_stalemate_witnesses (s, &witnesses);
      for (int i = 0; i < list.count && !(found && !print); i++)
        {
          FeMove *m = &list.moves[i];
          if (fe_stalemate_excluded (&witnesses, m) || !fe_solver_final_move_reaches_goal (s, m))
            continue;
          found = TRUE;
          if (print)
            {
              s->line_moves[depth] = *m;
              fe_solver_add_parry_line (s, s->line_moves, depth + 1, series);
            }
        }
    }
  if (!s->aborted)
    fe_tt_store (s->tt, key, 1, found);
  return found;
}

static gboolean help_series (FeSolver *s, int left, int depth, int series, gboolean print);

/* After the last series move (made): does the line end as it must?  The
 * goal reached (phser-), the self or reflex end (phser-s, phser-r), or
 * the other side's move reaching the goal (pser-h).  Adds the lines when
 * `print`. */
static gboolean
help_final (FeSolver *s, const FeMove *m, const FeUndo *undo, int depth, int series, gboolean print)
{
  gboolean ok;
  switch (s->stip.end)
    {
    case FE_END_GOAL:
      ok = fe_solver_goal_reached (s, m, undo);
      if (ok && print)
        fe_solver_add_parry_line (s, s->line_moves, depth, series);
      return ok;
    case FE_END_HELP:
      return other_reaches_goal (s, depth, series, print);
    default:
      ok = fe_end_holds (s, s->stip.end);
      break;
    }
  if (ok && print)
    final_lines (s, depth, series);
  return ok;
}

/* After a series move before the last (made): the play goes on unless it
 * ended there; the other side parries when in check (each parry a way
 * on), else passes. */
static gboolean
help_goes_on (FeSolver *s, const FeMove *m, const FeUndo *undo, int left, int depth, int series,
              gboolean print)
{
  /* Its line ends here, found at its own length; but a stalemate does
   * not end phser-= or phser-== before the last move: the other side
   * passes (§12.1). */
  if (!fe_parry_goal_goes_on (&s->stip) && series_ended (s, m, undo))
    return FALSE;
  if (!fe_in_check (&s->pos, s->pos.side))
    {
      FeUndo nu;
      s->line_moves[depth] = pass;
      fe_make_null (&s->pos, &nu);
      gboolean ok = help_series (s, left - 1, depth + 1, series, print);
      fe_unmake_null (&s->pos, &nu);
      return ok;
    }
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean found = FALSE;
  for (int i = 0; i < list.count && !enough (s) && !(found && !print); i++)
    {
      FeMove *p = &list.moves[i];
      FeUndo pu;
      if (!fe_make_legal_with (&s->pos, &lg, p, &pu))
        continue;
      s->line_moves[depth] = *p;
      found |= help_series (s, left - 1, depth + 1, series, print);
      fe_unmake (&s->pos, p, &pu);
    }
  return found;
}

/* The series side to move with `left` series moves to go, the line so
 * far s->line_moves[0 .. depth) with `series` series moves. */
static gboolean
help_series (FeSolver *s, int left, int depth, int series, gboolean print)
{
  if (fe_solver_tick (s))
    return FALSE;
  uint64_t key = exact_key (s->pos.hash, SALT_PARRY_HELP ^ (uint64_t) s->stip.end, left);
  if (fe_tt_probe (s->tt, key, left) == 0)
    return FALSE;
  gboolean found = FALSE;
  FE_MOVE_LIST (list);
  /* phser-r: the series side must not be able to reach the goal itself. */
  if ((s->stip.end != FE_END_REFLEX || !fe_goal_in_one (s, s->goal)) && parry_moves (s, left, &list))
    {
      FeLegality lg;
      fe_legality_prepare (&s->pos, &lg);
      /* The last series move: toward a stalemate, those that cannot
       * stalemate (phser-=) or after which no move can (pser-h=) are
       * dismissed unplayed (stalemate.h). */
      FeStalemateWitnesses witnesses;
      witnesses.n = 0;
      const FeStalemateNet *net = NULL;
      if (left == 1 && s->stip.end == FE_END_GOAL)
        fe_help_stalemate_witnesses (s, &witnesses);
      else if (left == 1 && s->stip.end == FE_END_HELP)
        net = fe_help_stalemate_net (s, depth);
      for (int i = 0; i < list.count && !enough (s) && !(found && !print); i++)
        {
          FeMove *m = &list.moves[i];
          if (depth == 0)
            fe_solver_note_root (s, left, i, list.count);
          FeUndo undo;
          if (fe_stalemate_excluded (&witnesses, m) || (net && fe_stalemate_net_excludes (net, m))
              || !fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          s->line_moves[depth] = *m;
          if (left == 1)
            found |= help_final (s, m, &undo, depth + 1, series + 1, print);
          else
            found |= help_goes_on (s, m, &undo, left, depth + 1, series + 1, print);
          fe_unmake (&s->pos, m, &undo);
        }
    }
  if (!s->aborted && !enough (s))
    fe_tt_store (s->tt, key, left, found);
  return found;
}

/* ---- the play --------------------------------------------------------- */

void
fe_solve_parry (FeSolver *s)
{
  fe_battle_read_aids ();
  gboolean battle = s->stip.parry == FE_PARRY_BATTLE;
  /* Mates: the goal-directed pruning, asked off as battle play's aid
   * (pser-) or as the help search's (pser-h, phser-). */
  FeMatingNet *net = NULL;
  if (battle && fe_battle_aid (AID_NET))
    {
      char *why = NULL;
      net = fe_mating_net_new (&s->pos, s->goal == FE_GOAL_MATE, &why);
      g_free (why);
    }
  else if (!battle)
    net = fe_help_mating_net_for (s, s->goal == FE_GOAL_MATE);
  s->net = net;
  s->root = s->pos;
  /* Set play first, even before pser-r's " ?!?" (as Popeye writes). */
  if (s->problem->options.set_play && s->stip.end != FE_END_GOAL)
    fe_series_set_play (s, s->stip.end == FE_END_HELP   ? SERIES_HELP
                           : s->stip.end == FE_END_SELF ? SERIES_SELF
                                                        : SERIES_REFLEX);
  s->root = s->pos;
  /* pser-r, phser-r: the diagram's series side must not be able to reach
   * the goal. */
  if (s->stip.end == FE_END_REFLEX && fe_reflex_diagram_violation (s, FALSE))
    goto done;
  s->line_full = s->stip.moves;
  if (battle)
    battle_lines (s, s->stip.moves, 0, 0);
  else
    for (int n = 1; n <= s->stip.moves && !enough (s); n++)
      {
        int before = s->solutions;
        help_series (s, n, 0, 0, TRUE);
        if (s->solutions > before && n < s->stip.moves && s->problem->options.stop_on_short)
          break;
      }
done:
  s->net = NULL;
  fe_mating_net_free (net);
}
