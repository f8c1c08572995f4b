/* help.c — help play and series play: every solution, one line each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ends.h"
#include "stalemate.h"
#include "target-distance.h"

/* Salts keep help and series entries apart in the shared table. */
#define SALT_HELP 0x6a09e667f3bcc908ull
#define SALT_SERIES 0xbb67ae8584caa73bull
#define SALT_FINAL 0x510e527fade682d1ull

/* Help and series results are not monotonic in the length: a help mate in
 * h half-moves says nothing about h - 2 or h + 2 (no waiting moves), so
 * every entry is keyed by the exact number of moves left and stands for
 * that number only.  The multiplier spreads small counts over the key. */
static inline uint64_t
exact_key (uint64_t hash, uint64_t salt, int left)
{
  return hash ^ salt ^ ((uint64_t) (left + 1) * 0x9e3779b97f4a7c15ull);
}

static gboolean
enough (FeSolver *s)
{
  return s->aborted || (s->max_solutions && s->solutions >= s->max_solutions);
}

/* The goal-directed pruning for this play (mating-net.h), or NULL: asked
 * off, no mate to look for, or not provably sound here (the composer is
 * told why, once per solve). */
static FeMatingNet *
mating_net_for (FeSolver *s, gboolean mates)
{
  if (s->config && s->config->plain_help)
    return NULL;
  char *why = NULL;
  FeMatingNet *net = fe_mating_net_new (&s->pos, mates, &why);
  if (why && !s->net_notice_given && s->config && s->config->notice)
    s->config->notice (why, s->config->user_data);
  s->net_notice_given |= why != NULL;
  g_free (why);
  return net;
}

/* The pseudo-legal moves of the side to move's pieces on `movers` (bit
 * FE_SQ64 of their squares), in the order fe_generate_pseudo lists them
 * all: piece by piece in square order, unless a condition's choices are
 * appended after the whole list (then the whole list, filtered). */
static void
generate_movers (FePosition *pos, uint64_t movers, const uint64_t dest[64], FeMoveList *list)
{
  gboolean choices = FALSE;
  for (int i = 0; pos->rules && i < pos->rules->n_ops; i++)
    choices |= pos->rules->ops[i]->choice_count != NULL;
  if (movers == ~UINT64_C (0))
    {
      fe_generate_pseudo (pos, list);
      return;
    }
  if (choices)
    {
      fe_generate_pseudo (pos, list);
      int n = 0;
      for (int i = 0; i < list->count; i++)
        {
          const FeMove *m = &list->moves[i];
          int from = FE_SQ64 (m->from);
          if ((movers >> from & 1) && (dest[from] >> FE_SQ64 (m->to) & 1))
            list->moves[n++] = *m;
        }
      list->count = n;
      return;
    }
  fe_move_list_reset (list);
  FE_MOVE_LIST (one);
  for (; movers; movers &= movers - 1)
    {
      int from = __builtin_ctzll (movers);
      fe_generate_pseudo_from (pos, FE_SQ88 (from), &one);
      for (int i = 0; i < one.count; i++)
        if (dest[from] >> FE_SQ64 (one.moves[i].to) & 1)
          fe_move_list_push (list, &one.moves[i]);
    }
}

/* The mating side's last move (`mating`), or the mated side's before it:
 * the moves that may still lead to mate (mating-net.h).  FALSE when none
 * can. */
static gboolean
last_moves (FeSolver *s, gboolean mating, FeMoveList *list)
{
  uint64_t dest[64];
  int me = s->pos.side;
  uint64_t movers = mating ? fe_mating_net_last_movers (s->net, &s->pos, me, dest)
                           : fe_mating_net_last_replies (s->net, &s->pos, FE_OPPONENT (me), dest);
  if (!movers)
    return FALSE;
  generate_movers (&s->pos, movers, dest, list);
  return TRUE;
}

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
    return last_moves (s, h == 1, list);
  /* Toward an end where the ending side mates (hs#, hr#, reci-h#'s own
   * goal): the move before the end node, its mated side's.  (Asking from
   * further away whether the mates can still come, fe_mating_net_possible,
   * cost more than it saved: reci-h#5 of bsp_intell_109 10.4 s against
   * 8.2 s without, bsp_intell_107 0.46 s against 0.37 s.) */
  FeGoal own = end == FE_END_RECI ? s->stip.reci_goal : s->goal;
  if (s->net && end != FE_END_GOAL && h == 1 && own == FE_GOAL_MATE)
    return last_moves (s, FALSE, list);
  fe_generate_pseudo (&s->pos, list);
  return TRUE;
}

/* A move just made (its log `undo`) by the side that has to reach the
 * goal, before its last move: does it reach the goal already?  Then the
 * play ends there (rules-beyond.md §13.1: a shorter line, written at its
 * own length) and no line goes on through it.  A mate or a stalemate
 * leaves the other side no move anyway: not asked. */
static gboolean
goal_ends_line (FeSolver *s, const FeMove *m, const FeUndo *undo)
{
  if (s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_STALEMATE || s->goal == FE_GOAL_DOUBLE_STALEMATE)
    return FALSE;
  return fe_solver_goal_reached (s, m, undo);
}

/* a=>b: can the target still be reached with `mine` moves of the side to
 * move and `theirs` of the other?  TRUE when not known (not orthodox, or
 * the plain search asked for, which the differential tests compare). */
static gboolean
target_in_reach (FeSolver *s, int mine, int theirs)
{
  if (s->goal != FE_GOAL_POSITION || !s->orthodox || (s->config && s->config->plain_help))
    return TRUE;
  int moves[2];
  moves[s->pos.side] = mine;
  moves[!s->pos.side] = theirs;
  return fe_target_reachable (&s->pos, &s->problem->target, moves);
}

/* ---- toward an end: hs, hr, reci-h ---------------------------------- */

/* A node of help play toward an end, `h` half-moves before the end node
 * (h > 0): is it closed to longer lines?  The ending side to move (h even)
 * whose end holds here has ended its line already (hs: forced to reach
 * the goal; hr: able to, so obliged to); in hr the other side must not be
 * able to reach the goal itself (rules-beyond.md §14.1). */
static gboolean
end_closed (FeSolver *s, FeEnd end, int h)
{
  if (h <= 0 || (end != FE_END_SELF && end != FE_END_REFLEX))
    return FALSE;
  if (h % 2 == 0)
    return fe_end_holds (s, end);
  return end == FE_END_REFLEX && fe_goal_in_one (s, s->goal);
}

/* The last move must stalemate (=, ==): the other side's witnesses, that
 * dismiss the moves that cannot without playing them (stalemate.h); none
 * for other goals or outside orthodox chess. */
static void
stalemate_witnesses (FeSolver *s, FeStalemateWitnesses *w)
{
  w->n = 0;
  if (s->orthodox && (s->goal == FE_GOAL_STALEMATE || s->goal == FE_GOAL_DOUBLE_STALEMATE))
    fe_stalemate_witnesses (&s->pos, w);
}

/* The side to move plays, then the other side's last move must
 * stalemate it (=, not ==): the net that dismisses our moves after which
 * no reply can (stalemate.h); none outside orthodox chess or when the
 * plain search is asked for. */
static void
stalemate_net (FeSolver *s, FeStalemateNet *net)
{
  net->n = 0;
  if (s->orthodox && s->goal == FE_GOAL_STALEMATE && !(s->config && s->config->plain_help))
    fe_stalemate_net_prepare (&s->pos, net);
}

/* Help play with h half-moves left (toward an end: before the end node);
 * prints solutions when `print`, numbered after `lead` skipped half-moves
 * (fe_solution_hook_line_move).  Returns whether at least one exists. */
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
  if (end_closed (s, end, h) || (end == FE_END_GOAL && !target_in_reach (s, (h + 1) / 2, h / 2)))
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
    stalemate_witnesses (s, &witnesses);
  FeStalemateNet net;
  net.n = 0; /* its witnesses are only read below n */
  if (end == FE_END_GOAL && h == 2)
    stalemate_net (s, &net);
  gboolean found = FALSE;
  FeUndo undo;
  for (int i = 0; i < list.count && !enough (s); i++)
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
          if (fe_stalemate_net_excludes (&net, m) || !fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          /* The goal side moves at odd h. */
          ok = !(end == FE_END_GOAL && (h & 1) && goal_ends_line (s, m, &undo))
               && help (s, end, h - 1, depth + 1, print, lead);
          fe_unmake (&s->pos, m, &undo);
        }
      found |= ok;
      if (found && !print)
        break;
    }
  if (!s->aborted && !enough (s))
    fe_tt_store (s->tt, key, h, found);
  return found;
}

/* ---- series play: the kinds and what ends a series -------------------- */

typedef enum { SERIES_DIRECT, SERIES_HELP, SERIES_SELF, SERIES_REFLEX, SERIES_RECI } SeriesKind;

/* A series move m just made (its log `undo`) by `me`, not the last of
 * the series: may the series go on through it?  The other side, which
 * passes, is not in check, and the line has not ended here: ser- reached
 * its goal, ser-s's or ser-r's end holds (rules-beyond.md §17.1, §18.2);
 * such a line is written at its own, shorter length. */
static gboolean
series_goes_on (FeSolver *s, SeriesKind kind, const FeMove *m, const FeUndo *undo, int me)
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

/* Work items of a parallel search: the first two plies (help: a move and
 * the reply; series: two series moves), in the order the one-thread search
 * meets them.  Those the search would not go on through are dropped when
 * the list is made. */
typedef struct {
  int n;
  GArray *items; /* pairs of move indices */
  int h;         /* help: half-moves left (toward an end: before the end node); series: moves left */
  int lead;      /* help: fe_solution_hook_line_move's */
  gboolean series;
  int kind;      /* series: SeriesKind */
  FeEnd end;     /* help: FE_END_GOAL, or the end it plays toward */
} Split;

/* Ply `ply` of an item was made (`m`, its log `undo`, by `me`): does the
 * search go on through it, as help() and series() would?
 * Series play: before the other side's pass. */
static gboolean
split_ply_ok (FeSolver *s, const Split *sp, int ply, const FeMove *m, const FeUndo *undo, int me)
{
  if (sp->series)
    return series_goes_on (s, sp->kind, m, undo, me);
  int h = sp->h - ply; /* half-moves left when it was played */
  if (sp->end == FE_END_GOAL)
    return !((h & 1) && goal_ends_line (s, m, undo));
  return !end_closed (s, sp->end, h - 1);
}

/* Series play after the other side's pass: may the series side move on?
 * ser-r: not when it can reach the goal itself. */
static gboolean
split_node_ok (FeSolver *s, const Split *sp)
{
  return !(sp->series && sp->kind == SERIES_REFLEX && fe_goal_in_one (s, s->goal));
}

/* Plays the two plies of item k (moves regenerated: generation is
 * deterministic); series play passes for the other side after each.
 * Returns FALSE when the item is not playable, with nothing made. */
static gboolean
split_make (FeSolver *w, const Split *sp, int k, FeUndo undo[4])
{
  const int *pair = &g_array_index (sp->items, int, 2 * k);
  int me = w->pos.side;
  for (int ply = 0; ply < 2; ply++)
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&w->pos, &list);
      FeMove m = list.moves[pair[ply]];
      gboolean ok = fe_make_legal (&w->pos, &m, &undo[2 * ply]);
      if (ok && !split_ply_ok (w, sp, ply, &m, &undo[2 * ply], me))
        {
          fe_unmake (&w->pos, &m, &undo[2 * ply]);
          ok = FALSE;
        }
      if (ok && sp->series)
        fe_make_null (&w->pos, &undo[2 * ply + 1]);
      if (!ok)
        {
          if (ply == 1)
            {
              if (sp->series)
                fe_unmake_null (&w->pos, &undo[1]);
              fe_unmake (&w->pos, &w->line_moves[0], &undo[0]);
            }
          return FALSE;
        }
      w->line_moves[ply] = m;
    }
  return TRUE;
}

static void
split_unmake (FeSolver *w, gboolean series, FeUndo undo[4])
{
  for (int ply = 1; ply >= 0; ply--)
    {
      if (series)
        fe_unmake_null (&w->pos, &undo[2 * ply + 1]);
      fe_unmake (&w->pos, &w->line_moves[ply], &undo[2 * ply]);
    }
}

/* Lists the items from s->pos. */
static void
split_list (FeSolver *s, Split *sp)
{
  sp->items = g_array_new (FALSE, FALSE, sizeof (int));
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int me = s->pos.side;
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo, null_undo;
      if (!fe_make_legal (&s->pos, &list.moves[i], &undo))
        continue;
      if (split_ply_ok (s, sp, 0, &list.moves[i], &undo, me))
        {
          if (sp->series)
            fe_make_null (&s->pos, &null_undo);
          if (split_node_ok (s, sp))
            {
              FE_MOVE_LIST (replies);
              fe_generate_pseudo (&s->pos, &replies);
              for (int j = 0; j < replies.count; j++)
                {
                  int pair[2] = { i, j };
                  g_array_append_vals (sp->items, pair, 2);
                }
            }
          if (sp->series)
            fe_unmake_null (&s->pos, &null_undo);
        }
      fe_unmake (&s->pos, &list.moves[i], &undo);
    }
  sp->n = sp->items->len / 2;
}

static void
help_item (FeSolver *w, int k, gpointer data)
{
  const Split *sp = data;
  FeUndo undo[4];
  if (!split_make (w, sp, k, undo))
    return;
  help (w, sp->end, sp->h - 2, 2, TRUE, sp->lead);
  split_unmake (w, FALSE, undo);
}

/* The work items of one length (help or series), run on `threads`. */
static void
run_split (FeSolver *s, int threads, Split *sp, FeSolverItemFunc item)
{
  split_list (s, sp);
  fe_solver_note_root (s, sp->h, 0, sp->n);
  fe_solver_run_items (s, threads, sp->n, item, sp);
  g_array_unref (sp->items);
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
  if (parallel && threads > 1 && !s->max_solutions && h >= 3)
    {
      Split sp = { .h = h, .lead = lead, .end = end };
      run_split (s, threads, &sp, help_item);
    }
  else
    help (s, end, h, 0, TRUE, lead);
}

void
fe_solve_help (FeSolver *s)
{
  FeEnd end = fe_end_of_play (s->stip.play);
  /* Toward an end: the ending side's mate. */
  gboolean mates = (end == FE_END_RECI ? s->stip.reci_goal : s->goal) == FE_GOAL_MATE;
  FeMatingNet *net = mating_net_for (s, mates);
  s->net = net;
  int total = fe_solver_help_total (&s->stip, &s->problem->options);
  /* An odd line starts with the second side ("1..."), but a=>b numbers
   * its moves from the side that starts, whichever it is (§15.4). */
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

/* ---- series play ---------------------------------------------------- */

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
      if (!last_moves (s, TRUE, &list))
        return FALSE;
    }
  else
    fe_generate_pseudo (&s->pos, &list);
  FeUndo undo;
  FeStalemateWitnesses witnesses;
  witnesses.n = 0; /* its moves are only read below n */
  if (kind == SERIES_HELP)
    stalemate_witnesses (s, &witnesses);
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
        continue;
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
        if (!fe_make_legal (&s->pos, m, &undo))
          continue;
        fe_unmake (&s->pos, m, &undo);
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
      return last_moves (s, kind == SERIES_DIRECT, list);
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
          && !target_in_reach (s, left, kind == SERIES_HELP ? 1 : 0))
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
    stalemate_witnesses (s, &witnesses);
  FeStalemateNet net;
  net.n = 0; /* its witnesses are only read below n */
  if (kind == SERIES_HELP && left == 1)
    stalemate_net (s, &net);
  gboolean found = FALSE;
  FeUndo undo, null_undo;
  for (int i = 0; i < list.count && !enough (s); i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, left, i, list.count);
      if (fe_stalemate_excluded (&witnesses, m) || fe_stalemate_net_excludes (&net, m)
          || !fe_make_legal_with (&s->pos, &lg, m, &undo))
        continue;
      s->line_moves[depth] = *m;
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
      else if (series_goes_on (s, kind, m, &undo, me))
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
  if (!s->aborted && !enough (s))
    fe_tt_store (s->tt, key, left, found);
  return found;
}

static void
series_item (FeSolver *w, int k, gpointer data)
{
  const Split *sp = data;
  FeUndo undo[4];
  if (!split_make (w, sp, k, undo))
    return;
  series (w, sp->kind, sp->h - 2, 2, TRUE);
  split_unmake (w, TRUE, undo);
}

/* Set play of ser-h, ser-s and ser-r (rules-beyond.md §17.1): the series
 * side passes at once, and the other side's final move is written as
 * "1...": ser-h reaches the goal, ser-s is forced to, ser-r can. */
static void
series_set_play (FeSolver *s, SeriesKind kind)
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
  if (threads > 1 && !s->max_solutions && n >= 3)
    {
      Split sp = { .h = n, .kind = kind, .series = TRUE };
      run_split (s, threads, &sp, series_item);
    }
  else
    series (s, kind, n, 0, TRUE);
}

void
fe_solve_series (FeSolver *s)
{
  SeriesKind kind;
  switch (s->stip.play)
    {
    case FE_PLAY_SERIES_HELP: kind = SERIES_HELP; break;
    case FE_PLAY_SERIES_SELF: kind = SERIES_SELF; break;
    case FE_PLAY_SERIES_REFLEX: kind = SERIES_REFLEX; break;
    case FE_PLAY_SERIES_RECI_HELP: kind = SERIES_RECI; break;
    default: kind = SERIES_DIRECT; break;
    }
  FeMatingNet *net = kind == SERIES_DIRECT || kind == SERIES_HELP ? mating_net_for (s, s->goal == FE_GOAL_MATE) : NULL;
  s->net = net;
  s->root = s->pos;
  /* ser-r: the diagram's series side must not be able to reach the goal. */
  if (kind == SERIES_REFLEX && fe_reflex_diagram_violation (s, FALSE))
    goto done;
  if (s->problem->options.set_play)
    series_set_play (s, kind);
  s->root = s->pos;
  s->line_full = s->stip.moves;
  if (kind == SERIES_RECI)
    {
      /* The reciprocal end after 1 to n - 1 series moves; after none only
       * when n = 1 (rules-beyond.md §16.1: ser-reci-h1 is reci-h1). */
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
