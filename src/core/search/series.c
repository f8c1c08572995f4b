/* series.c — series play: every solution, one line each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "help-private.h"

/* ---- what ends a series ----------------------------------------------- */

/* A series move m just made (its log `undo`) by `me`, not the last of
 * the series: may the series go on through it?  The other side, which
 * passes, is not in check, and the line has not ended here: ser- reached
 * its goal, ser-s's or ser-r's end holds (docs/rules/stipulations.md §7.1,
 * §8.2); such a line is written at its own, shorter length. */
gboolean
fe_series_goes_on (FeSolver *s, SeriesKind kind, const FeMove *m, const FeUndo *undo, int me)
{
  if (fe_in_check (&s->pos, FE_OPPONENT (me)))
    return FALSE;
  switch (kind)
    {
    case SERIES_DIRECT:
      return !fe_solver_goal_reached (s, m, undo);
    case SERIES_SELF:
      return !fe_end_holds (s, FE_END_SELF);
    case SERIES_REFLEX:
      return !fe_end_holds (s, FE_END_REFLEX);
    case SERIES_HELP:
    case SERIES_RECI:
      break;
    }
  return TRUE;
}

/* ---- the search ------------------------------------------------------- */

/* After the series: does the final phase succeed?  For ser-h the other
 * side mates in one; for ser-s the other side is forced to mate. Prints the
 * completed lines when `print`. */
static gboolean series_final_search (FeSolver *s, SeriesKind kind, int depth, gboolean print);

/* The final phase is met at the end of many series that transpose: cache it. */
static gboolean
series_final (FeSolver *s, SeriesKind kind, int depth, gboolean print)
{
  if (kind == SERIES_REFLEX)
    {
      /* The other side can reach the goal, so must: each way is a line. */
      gboolean holds = fe_end_holds (s, FE_END_REFLEX);
      if (holds && print)
        fe_end_add_lines (s, FE_END_REFLEX, depth, FALSE, depth);
      return holds;
    }
  uint64_t key = exact_key (s->pos.hash, SALT_FINAL ^ (uint64_t) kind, 0);
  int known = fe_tt_probe (s->tt, key, 1);
  if (known == 0 || (known == 1 && !print))
    return known;
  gboolean r = series_final_search (s, kind, depth, print);
  if (!s->aborted)
    fe_tt_store (s->tt, key, 1, r);
  return r;
}

static gboolean
series_final_search (FeSolver *s, SeriesKind kind, int depth, gboolean print)
{
  FE_MOVE_LIST (list);
  if (s->net && kind == SERIES_HELP)
    {
      /* Mate in one: the moves that may (mating-net.h). */
      if (!fe_help_last_moves (s, TRUE, &list))
        return FALSE;
    }
  else
    fe_generate_pseudo (&s->pos, &list);
  FeUndo undo;
  FeStalemateWitnesses witnesses;
  witnesses.n = 0; /* its moves are only read below n */
  if (kind == SERIES_HELP)
    fe_help_stalemate_witnesses (s, &witnesses);
  gboolean found = FALSE, any = FALSE, all = TRUE;
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      if (kind == SERIES_HELP)
        {
          if (!fe_stalemate_excluded (&witnesses, m) && fe_solver_final_move_reaches_goal (s, m))
            {
              found = TRUE;
              if (!print)
                return TRUE;
              s->line_moves[depth] = *m;
              fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth);
            }
          continue;
        }
      if (!fe_make_legal (&s->pos, m, &undo))
        {
          /* ##, ##!, !#: the goal move leaves the mover in check */
          any |= fe_solver_self_check_goal (s, m);
          continue;
        }
      any = TRUE;
      gboolean goal = fe_solver_goal_reached (s, m, &undo);
      fe_unmake (&s->pos, m, &undo);
      if (!goal)
        {
          all = FALSE;
          break;
        }
    }
  if (kind == SERIES_HELP)
    return found;
  if (!any || !all)
    return FALSE;
  if (print)
    for (int i = 0; i < list.count; i++)
      {
        FeMove *m = &list.moves[i];
        if (fe_make_legal (&s->pos, m, &undo))
          fe_unmake (&s->pos, m, &undo);
        else if (!fe_solver_self_check_goal (s, m))
          continue;
        s->line_moves[depth] = *m;
        fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth);
      }
  return TRUE;
}

/* ser-reci-h: the last series move (made, by `me`) is followed by the
 * other side's pass, then the reciprocal end; the series moves were
 * `depth` + 1, the ending move is numbered after them. */
static gboolean
reci_after_series (FeSolver *s, int me, int depth, gboolean print)
{
  if (fe_in_check (&s->pos, FE_OPPONENT (me)))
    return FALSE;
  FeUndo nu;
  fe_make_null (&s->pos, &nu);
  gboolean holds = fe_end_holds (s, FE_END_RECI);
  if (holds && print)
    fe_end_add_lines (s, FE_END_RECI, depth + 1, FALSE, depth + 1);
  fe_unmake_null (&s->pos, &nu);
  return holds;
}

/* The moves to try with `left` series moves to go (mating-net.h): ser-#
 * the series side mates within them, the other side standing still (its
 * last move: the pieces that may mate); ser-h# the series side is mated
 * in one move after them (its last: the pieces that may let it be).
 * FALSE when the node is proved to hold no mate. */
static gboolean
series_moves (FeSolver *s, SeriesKind kind, int left, FeMoveList *list)
{
  if (s->net && (kind == SERIES_DIRECT || kind == SERIES_HELP))
    {
      if (left >= 2)
        {
          /* ser-#: the other side stands still, the mating king's square
           * is known: cheap, and it pays (ser-h# looked at from this
           * far did not). */
          if (kind == SERIES_DIRECT && !fe_mating_net_possible (s->net, &s->pos, s->pos.side, left, 0))
            return FALSE;
          fe_generate_pseudo (&s->pos, list);
          return TRUE;
        }
      return fe_help_last_moves (s, kind == SERIES_DIRECT, list);
    }
  fe_generate_pseudo (&s->pos, list);
  return TRUE;
}

/* `left` series moves remain for the side to move. */
static gboolean
series (FeSolver *s, SeriesKind kind, int left, int depth, gboolean print)
{
  if (fe_solver_tick (s))
    return FALSE;
  uint64_t key = exact_key (s->pos.hash, SALT_SERIES ^ (uint64_t) kind, left);
  if (fe_tt_probe (s->tt, key, left) == 0)
    return FALSE;
  int me = s->pos.side;
  FE_MOVE_LIST (list);
  /* ser-r: the series side must not be able to reach the goal itself. */
  if ((kind == SERIES_REFLEX && fe_goal_in_one (s, s->goal))
      || ((kind == SERIES_DIRECT || kind == SERIES_HELP)
          && !fe_help_target_in_reach (s, depth, left, kind == SERIES_HELP ? 1 : 0))
      || !series_moves (s, kind, left, &list))
    {
      fe_tt_store (s->tt, key, left, FALSE);
      return FALSE;
    }
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  FeStalemateWitnesses witnesses;
  witnesses.n = 0; /* its moves are only read below n */
  if (kind == SERIES_DIRECT && left == 1)
    fe_help_stalemate_witnesses (s, &witnesses);
  const FeStalemateNet *net = kind == SERIES_HELP && left == 1 ? fe_help_stalemate_net (s, depth) : NULL;
  gboolean found = FALSE;
  FeUndo undo, null_undo;
  for (int i = fe_solver_next_move (s, depth, -1, list.count); i < list.count && !enough (s);
       i = fe_solver_next_move (s, depth, i, list.count))
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, left, i, list.count);
      if (fe_stalemate_excluded (&witnesses, m) || (net && fe_stalemate_net_excludes (net, m)))
        continue;
      s->line_moves[depth] = *m;
      if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
        {
          /* ser-##, ser-##!, ser-!#: the last series move leaves the
           * series side in check (docs/rules/stipulations.md §8.4). */
          if (left == 1 && kind == SERIES_DIRECT && fe_solver_self_check_goal (s, m))
            {
              found = TRUE;
              if (!print)
                break;
              fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth + 1);
            }
          continue;
        }
      gboolean ok = FALSE;
      if (left == 1)
        {
          if (kind == SERIES_DIRECT)
            {
              ok = fe_solver_goal_reached (s, m, &undo);
              if (ok && print)
                {
                  fe_unmake (&s->pos, m, &undo);
                  fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth + 1);
                  fe_make (&s->pos, m, &undo);
                }
            }
          else if (kind == SERIES_RECI)
            ok = reci_after_series (s, me, depth, print);
          else
            ok = series_final (s, kind, depth + 1, print);
        }
      else if (fe_series_goes_on (s, kind, m, &undo, me))
        {
          /* The other side does not move during the series. */
          fe_make_null (&s->pos, &null_undo);
          ok = series (s, kind, left - 1, depth + 1, print);
          fe_unmake_null (&s->pos, &null_undo);
        }
      fe_unmake (&s->pos, m, &undo);
      found |= ok;
      if (found && !print)
        break;
    }
  if (!s->aborted && !enough (s) && (found || !fe_solver_node_shared (s, depth)))
    fe_tt_store (s->tt, key, left, found);
  return found;
}

static void
series_item (FeSolver *w, int k, gpointer data)
{
  const Split *sp = data;
  FeUndo undo[4];
  if (!fe_split_make (w, sp, k, undo))
    return;
  series (w, sp->kind, sp->h - 2, 2, TRUE);
  fe_split_unmake (w, TRUE, undo);
}

/* Set play of ser-h, ser-s and ser-r (docs/rules/stipulations.md §7.1),
 * and of the parry series with those ends (§12.4): the series side passes
 * at once, and the other side's final move is written as "1...": ser-h
 * reaches the goal, ser-s is forced to, ser-r can. */
void
fe_series_set_play (FeSolver *s, SeriesKind kind)
{
  if (kind == SERIES_DIRECT || kind == SERIES_RECI)
    return;
  FeUndo nu;
  fe_make_null (&s->pos, &nu);
  if (!fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)))
    {
      s->root = s->pos;
      s->play_phase = FE_ROLE_SET_PLAY;
      s->line_full = 1;
      int before = s->solutions;
      if (kind == SERIES_HELP)
        {
          FE_MOVE_LIST (list);
          fe_generate_pseudo (&s->pos, &list);
          for (int i = 0; i < list.count; i++)
            if (fe_solver_final_move_reaches_goal (s, &list.moves[i]))
              {
                s->line_moves[0] = list.moves[i];
                fe_solver_add_line (s, s->line_moves, 1, TRUE, 0);
              }
        }
      else
        {
          FeEnd end = kind == SERIES_SELF ? FE_END_SELF : FE_END_REFLEX;
          if (fe_end_holds (s, end))
            fe_end_add_lines (s, end, 0, TRUE, 0);
        }
      s->solutions = before; /* set play is not a solution */
      s->play_phase = 0;
    }
  fe_unmake_null (&s->pos, &nu);
}

/* One length of series play: `n` series moves. */
static void
series_length (FeSolver *s, SeriesKind kind, int n)
{
  int threads = s->config ? s->config->threads : 1;
  FeCoverSet *covers = NULL;
  if (kind == SERIES_DIRECT || kind == SERIES_HELP)
    {
      /* ser-h: the other side's one move wins; ser-: the series side's. */
      int moves[2];
      moves[s->pos.side] = n;
      moves[!s->pos.side] = kind == SERIES_HELP ? 1 : 0;
      FeColour loser = kind == SERIES_HELP ? s->pos.side : FE_OPPONENT (s->pos.side);
      covers = fe_help_covers_for (s, n + moves[!s->pos.side], moves, loser);
    }
  s->covers = covers;
  fe_help_covers_forget (s, s->max_plies);
  if (threads > 1 && !s->max_solutions && n >= 3)
    {
      Split sp = { .h = n, .kind = kind, .series = TRUE };
      fe_run_split (s, threads, &sp, series_item);
    }
  else
    series (s, kind, n, 0, TRUE);
  s->covers = NULL;
  fe_cover_set_free (covers);
}

void
fe_solve_series (FeSolver *s)
{
  SeriesKind kind;
  switch (s->stip.end)
    {
    case FE_END_HELP: kind = SERIES_HELP; break;
    case FE_END_SELF: kind = SERIES_SELF; break;
    case FE_END_REFLEX: kind = SERIES_REFLEX; break;
    case FE_END_RECI: kind = SERIES_RECI; break;
    default: kind = SERIES_DIRECT; break;
    }
  FeMatingNet *net = kind == SERIES_DIRECT || kind == SERIES_HELP ? fe_help_mating_net_for (s, s->goal == FE_GOAL_MATE) : NULL;
  s->net = net;
  s->complete_covers_stopped[FE_WHITE] = s->complete_covers_stopped[FE_BLACK] = FALSE;
  s->root = s->pos;
  /* Set play comes first, even before ser-r's " ?!?" (as Popeye writes). */
  if (s->problem->options.set_play)
    fe_series_set_play (s, kind);
  s->root = s->pos;
  /* ser-r: the diagram's series side must not be able to reach the goal. */
  if (kind == SERIES_REFLEX && fe_reflex_diagram_violation (s, FALSE))
    goto done;
  s->line_full = s->stip.moves;
  if (kind == SERIES_RECI)
    {
      /* The reciprocal end after 1 to n - 1 series moves; after none only
       * when n = 1 (docs/rules/stipulations.md §6.1: ser-reci-h1 is
       * reci-h1). */
      if (s->stip.moves == 1)
        {
          if (fe_end_holds (s, FE_END_RECI))
            fe_end_add_lines (s, FE_END_RECI, 0, FALSE, 0);
          goto done;
        }
      for (int n = 1; n < s->stip.moves && !enough (s); n++)
        {
          int before = s->solutions;
          series_length (s, kind, n);
          if (s->solutions > before && n + 1 < s->stip.moves && s->problem->options.stop_on_short)
            break;
        }
      goto done;
    }
  for (int n = 1; n <= s->stip.moves && !enough (s); n++)
    {
      int before = s->solutions;
      series_length (s, kind, n);
      if (s->solutions > before && n < s->stip.moves && s->problem->options.stop_on_short)
        break;
    }
done:
  s->net = NULL;
  fe_mating_net_free (net);
}
