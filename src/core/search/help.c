/* help.c — help play: every solution, one line each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "help-private.h"

/* The moves to try at a node: all of them, or at the mated side's last
 * move and the mating side's those that may still lead to mate, where
 * they may go (mating-net.h).  FALSE when the node is proved to hold no
 * mate.  (The analysis from further away, fe_mating_net_possible, cost
 * more than it saved in help play: measured on the oracle's and the
 * speed set's helpmates, orthodox and Einstein.) */
static gboolean
help_moves (FeSolver *s, FeEnd end, int h, FeMoveList *list)
{
  if (s->net && end == FE_END_GOAL && h <= 2)
    return fe_help_last_moves (s, h == 1, list);
  /* Toward an end where the ending side mates (hs#, hr#, reci-h#'s own
   * goal): the move before the end node, its mated side's.  (Asking from
   * further away whether the mates can still come, fe_mating_net_possible,
   * cost more than it saved: reci-h#5 of bsp_intell_109 10.4 s against
   * 8.2 s without, bsp_intell_107 0.46 s against 0.37 s.) */
  FeGoal own = end == FE_END_RECI ? s->stip.reci_goal : s->goal;
  if (s->net && end != FE_END_GOAL && h == 1 && own == FE_GOAL_MATE)
    return fe_help_last_moves (s, FALSE, list);
  fe_generate_pseudo (&s->pos, list);
  return TRUE;
}

/* A move just made (its log `undo`) by the side that has to reach the
 * goal, before its last move: does it reach the goal already?  Then the
 * play ends there (docs/rules/stipulations.md §1: a shorter line, written at
 * its own length) and no line goes on through it.  A mate or a stalemate
 * leaves the other side no move anyway: not asked. */
gboolean
fe_help_goal_ends_line (FeSolver *s, const FeMove *m, const FeUndo *undo)
{
  if (s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_STALEMATE || s->goal == FE_GOAL_DOUBLE_STALEMATE)
    return FALSE;
  return fe_solver_goal_reached (s, m, undo);
}

/* ---- toward an end: hs, hr, reci-h ---------------------------------- */

/* A node of help play toward an end, `h` half-moves before the end node
 * (h > 0): is it closed to longer lines?  The ending side to move (h even)
 * whose end holds here has ended its line already (hs: forced to reach
 * the goal; hr: able to, so obliged to); in hr the other side must not be
 * able to reach the goal itself (docs/rules/stipulations.md §4.1). */
gboolean
fe_help_end_closed (FeSolver *s, FeEnd end, int h)
{
  if (h <= 0 || (end != FE_END_SELF && end != FE_END_REFLEX))
    return FALSE;
  if (h % 2 == 0)
    return fe_end_holds (s, end);
  return end == FE_END_REFLEX && fe_goal_in_one (s, s->goal);
}

/* Help play with h half-moves left (toward an end: before the end node);
 * prints solutions when `print`, numbered after `lead` skipped half-moves
 * (fe_solution_line_number).  Returns whether at least one exists. */
static gboolean
help (FeSolver *s, FeEnd end, int h, int depth, gboolean print, int lead)
{
  if (fe_solver_tick (s))
    return FALSE;
  if (end != FE_END_GOAL && h == 0)
    {
      if (!fe_end_holds (s, end))
        return FALSE;
      if (print)
        fe_end_add_lines (s, end, depth, lead, 0);
      return TRUE;
    }
  /* reci-h: the covers are those of the help part's final position,
   * two half-moves after the end node. */
  if (fe_help_end_closed (s, end, h) || (end == FE_END_GOAL && !fe_help_target_in_reach (s, depth, (h + 1) / 2, h / 2))
      || (end == FE_END_RECI && s->covers && !fe_help_target_in_reach (s, depth, (h + 3) / 2, (h + 2) / 2)))
    return FALSE;
  uint64_t key = exact_key (s->pos.hash, SALT_HELP ^ ((uint64_t) end << 56), h);
  if (fe_tt_probe (s->tt, key, h) == 0)
    return FALSE;
  FE_MOVE_LIST (list);
  if (!help_moves (s, end, h, &list))
    {
      fe_tt_store (s->tt, key, h, FALSE);
      return FALSE;
    }
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  FeStalemateWitnesses witnesses;
  witnesses.n = 0; /* its moves are only read below n */
  if (end == FE_END_GOAL && h == 1)
    fe_help_stalemate_witnesses (s, &witnesses);
  const FeStalemateNet *net = end == FE_END_GOAL && h == 2 ? fe_help_stalemate_net (s, depth) : NULL;
  gboolean found = FALSE;
  FeUndo undo;
  for (int i = fe_solver_next_move (s, depth, -1, list.count); i < list.count && !enough (s);
       i = fe_solver_next_move (s, depth, i, list.count))
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, h, i, list.count);
      s->line_moves[depth] = *m;
      gboolean ok;
      if (end == FE_END_GOAL && h == 1)
        {
          ok = !fe_stalemate_excluded (&witnesses, m) && fe_solver_final_move_reaches_goal (s, m);
          if (ok && print)
            fe_solver_add_line (s, s->line_moves, depth + 1, lead, 0);
        }
      else
        {
          if ((net && fe_stalemate_net_excludes (net, m)) || !fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          /* The goal side moves at odd h. */
          ok = !(end == FE_END_GOAL && (h & 1) && fe_help_goal_ends_line (s, m, &undo))
               && help (s, end, h - 1, depth + 1, print, lead);
          fe_unmake (&s->pos, m, &undo);
        }
      found |= ok;
      if (found && !print)
        break;
    }
  if (!s->aborted && !enough (s) && (found || !fe_solver_node_shared (s, depth)))
    fe_tt_store (s->tt, key, h, found);
  return found;
}

static void
help_item (FeSolver *w, int k, gpointer data)
{
  const Split *sp = data;
  FeUndo undo[4];
  if (!fe_split_make (w, sp, k, undo))
    return;
  help (w, sp->end, sp->h - 2, 2, TRUE, sp->lead);
  fe_split_unmake (w, FALSE, undo);
}

/* The help moves of a line of `len` half-moves toward `end`: the line
 * itself (a goal move ends it), or all but the end's own moves. */
static int
help_moves_before_end (FeEnd end, int len)
{
  return end == FE_END_GOAL ? len : end == FE_END_RECI ? len - 2 : len - 1;
}

/* The shortest line of this parity: a goal move or a self or reflex end
 * alone, or a reciprocal end (two half-moves). */
static int
shortest_help_line (FeEnd end, int total)
{
  int len = total % 2 == 1 ? 1 : 2;
  return end == FE_END_RECI && len == 1 ? 3 : len;
}

/* One length of help play (`len` half-moves in its lines), on several
 * threads when asked. */
static void
help_length (FeSolver *s, FeEnd end, int len, int lead, gboolean parallel)
{
  int h = help_moves_before_end (end, len);
  int threads = s->config ? s->config->threads : 1;
  FeCoverSet *covers = NULL;
  if (end == FE_END_GOAL || end == FE_END_RECI)
    {
      /* The side to move plays the odd half-moves; the last mover wins
       * (reci-h: the help part's line, `len` half-moves, is an h#). */
      int moves[2];
      moves[s->pos.side] = (len + 1) / 2;
      moves[!s->pos.side] = len / 2;
      covers = fe_help_covers_for (s, len, moves, len % 2 == 1 ? FE_OPPONENT (s->pos.side) : s->pos.side);
    }
  s->covers = covers;
  fe_help_covers_forget (s, s->max_plies);
  if (parallel && threads > 1 && !s->max_solutions && h >= 3)
    {
      Split sp = { .h = h, .lead = lead, .end = end };
      fe_run_split (s, threads, &sp, help_item);
    }
  else
    help (s, end, h, 0, TRUE, lead);
  s->covers = NULL;
  fe_cover_set_free (covers);
}

void
fe_solve_help (FeSolver *s)
{
  FeEnd end = s->stip.end;
  /* Toward an end: the ending side's mate. */
  gboolean mates = (end == FE_END_RECI ? s->stip.reci_goal : s->goal) == FE_GOAL_MATE;
  FeMatingNet *net = fe_help_mating_net_for (s, mates);
  s->net = net;
  s->complete_covers_stopped[FE_WHITE] = s->complete_covers_stopped[FE_BLACK] = FALSE;
  int total = fe_stipulation_help_length (&s->stip, s->problem->options.white_to_play);
  /* An odd line starts with the second side ("1..."), but a=>b numbers
   * its moves from the side that starts, whichever it is
   * (docs/rules/stipulations.md §5.4). */
  gboolean starts_half = total % 2 == 1 && s->goal != FE_GOAL_POSITION;
  s->root = s->pos;
  /* hr#n: the diagram's side to move must not be able to reach the goal. */
  if (end == FE_END_REFLEX && total % 2 == 0 && fe_reflex_diagram_violation (s, FALSE))
    goto done;
  if (s->problem->options.set_play && total >= 2)
    {
      /* Set play: the side to move passes, the play is half a move shorter. */
      FeUndo nu;
      fe_make_null (&s->pos, &nu);
      if (!fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)))
        {
          s->root = s->pos;
          s->play_phase = FE_ROLE_SET_PLAY;
          int set_total = total - 1;
          s->line_full = set_total;
          int before = s->solutions;
          /* Numbered as the play: when the second side starts it, the set
           * play misses both halves of its first move; a=>b numbers from
           * the side that passes, so its set play starts "1...". */
          int lead = set_total % 2 == 1 || s->goal == FE_GOAL_POSITION ? 1 : starts_half ? 2 : 0;
          for (int len = shortest_help_line (end, set_total); len <= set_total && !s->aborted; len += 2)
            help_length (s, end, len, lead, FALSE);
          s->solutions = before; /* set play is not a solution */
          s->play_phase = 0;
        }
      fe_unmake_null (&s->pos, &nu);
    }
  /* Short solutions first: same parity, fewer moves (Popeye prints them). */
  s->root = s->pos;
  s->line_full = total;
  for (int len = shortest_help_line (end, total); len <= total && !enough (s); len += 2)
    {
      int before = s->solutions;
      help_length (s, end, len, starts_half, TRUE);
      if (s->solutions > before && len < total && s->problem->options.stop_on_short)
        break;
    }
done:
  s->net = NULL;
  fe_mating_net_free (net);
}
