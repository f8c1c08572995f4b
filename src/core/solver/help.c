/* help.c — help play and series play: every solution, one line each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "search.h"

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
 * off, not a mate, or not provably sound here (the composer is told why,
 * once per solve). */
static FeMatingNet *
mating_net_for (FeSolver *s, gboolean analysable)
{
  if (s->config && s->config->plain_help)
    return NULL;
  char *why = NULL;
  FeMatingNet *net = fe_mating_net_new (&s->pos, analysable && s->goal == FE_GOAL_MATE, &why);
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
help_moves (FeSolver *s, int h, FeMoveList *list)
{
  if (s->net && h <= 2)
    return last_moves (s, h == 1, list);
  fe_generate_pseudo (&s->pos, list);
  return TRUE;
}

/* Help play with h half-moves left; prints solutions when `print`.
 * Returns whether at least one solution exists. */
static gboolean
help (FeSolver *s, int h, int depth, gboolean print, int lead)
{
  if (fe_solver_tick (s))
    return FALSE;
  uint64_t key = exact_key (s->pos.hash, SALT_HELP, h);
  if (fe_tt_probe (s->tt, key, h) == 0)
    return FALSE;
  FE_MOVE_LIST (list);
  if (!help_moves (s, h, &list))
    {
      fe_tt_store (s->tt, key, h, FALSE);
      return FALSE;
    }
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean found = FALSE;
  FeUndo undo;
  for (int i = 0; i < list.count && !enough (s); i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, h, i, list.count);
      s->line_moves[depth] = *m;
      gboolean ok;
      if (h == 1)
        {
          ok = fe_solver_final_move_reaches_goal (s, m);
          if (ok && print)
            fe_solver_add_line (s, s->line_moves, depth + 1, lead, 0);
        }
      else
        {
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          ok = help (s, h - 1, depth + 1, print, lead);
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

/* Work items of a parallel search: the first two plies (help: a move and
 * the reply; series: two series moves), in the order the one-thread search
 * meets them.  Illegal ones are dropped when the list is made. */
typedef struct {
  int n;
  GArray *items; /* pairs of move indices */
  int h;         /* help: half-moves left; series: moves left */
  gboolean starts_half;
  int kind;      /* series: SeriesKind */
} Split;

/* Plays the two plies of item k (moves regenerated: generation is
 * deterministic); series play passes for the other side after each.
 * Returns FALSE when the item is not playable, with nothing made. */
static gboolean
split_make (FeSolver *w, const Split *sp, int k, gboolean series, FeUndo undo[4])
{
  const int *pair = &g_array_index (sp->items, int, 2 * k);
  int me = w->pos.side;
  for (int ply = 0; ply < 2; ply++)
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&w->pos, &list);
      FeMove m = list.moves[pair[ply]];
      if (!fe_make_legal (&w->pos, &m, &undo[2 * ply]))
        {
          if (ply == 1)
            {
              if (series)
                fe_unmake_null (&w->pos, &undo[1]);
              fe_unmake (&w->pos, &w->line_moves[0], &undo[0]);
            }
          return FALSE;
        }
      w->line_moves[ply] = m;
      if (series)
        {
          if (fe_in_check (&w->pos, FE_OPPONENT (me)))
            {
              fe_unmake (&w->pos, &m, &undo[2 * ply]);
              if (ply == 1)
                {
                  fe_unmake_null (&w->pos, &undo[1]);
                  fe_unmake (&w->pos, &w->line_moves[0], &undo[0]);
                }
              return FALSE;
            }
          fe_make_null (&w->pos, &undo[2 * ply + 1]);
        }
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
split_list (FeSolver *s, Split *sp, gboolean series)
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
      if (!series || !fe_in_check (&s->pos, FE_OPPONENT (me)))
        {
          if (series)
            fe_make_null (&s->pos, &null_undo);
          FE_MOVE_LIST (replies);
          fe_generate_pseudo (&s->pos, &replies);
          for (int j = 0; j < replies.count; j++)
            {
              int pair[2] = { i, j };
              g_array_append_vals (sp->items, pair, 2);
            }
          if (series)
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
  if (!split_make (w, sp, k, FALSE, undo))
    return;
  help (w, sp->h - 2, 2, TRUE, sp->starts_half);
  split_unmake (w, FALSE, undo);
}

/* The work items of one length (help or series), run on `threads`. */
static void
run_split (FeSolver *s, int threads, Split *sp, gboolean series, FeSolverItemFunc item)
{
  split_list (s, sp, series);
  fe_solver_note_root (s, sp->h, 0, sp->n);
  fe_solver_run_items (s, threads, sp->n, item, sp);
  g_array_unref (sp->items);
}

/* One length of help play, on several threads when asked. */
static void
help_length (FeSolver *s, int h, gboolean starts_half)
{
  int threads = s->config ? s->config->threads : 1;
  if (threads > 1 && !s->max_solutions && h >= 3)
    {
      Split sp = { .h = h, .starts_half = starts_half };
      run_split (s, threads, &sp, FALSE, help_item);
    }
  else
    help (s, h, 0, TRUE, starts_half);
}

void
fe_solve_help (FeSolver *s)
{
  FeMatingNet *net = mating_net_for (s, TRUE);
  s->net = net;
  int total = 2 * s->stip.moves + (s->stip.half ? 1 : 0);
  if (s->problem->options.white_to_play && !s->stip.half && s->stip.play == FE_PLAY_HELP)
    total -= 1;
  gboolean starts_half = total % 2 == 1;
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
           * play misses both halves of its first move. */
          int lead = set_total % 2 == 1 ? 1 : starts_half ? 2 : 0;
          for (int h = set_total % 2 == 1 ? 1 : 2; h <= set_total && !s->aborted; h += 2)
            help (s, h, 0, TRUE, lead);
          s->solutions = before; /* set play is not a solution */
          s->play_phase = 0;
        }
      fe_unmake_null (&s->pos, &nu);
    }
  /* Short solutions first: same parity, fewer moves (Popeye prints them). */
  s->root = s->pos;
  s->line_full = total;
  for (int h = total % 2 == 1 ? 1 : 2; h <= total && !enough (s); h += 2)
    {
      int before = s->solutions;
      help_length (s, h, starts_half);
      if (s->solutions > before && h < total && s->problem->options.stop_on_short)
        break;
    }
  s->net = NULL;
  fe_mating_net_free (net);
}

/* ---- series play ---------------------------------------------------- */

typedef enum { SERIES_DIRECT, SERIES_HELP, SERIES_SELF } SeriesKind;

/* After the series: does the final phase succeed?  For ser-h the other
 * side mates in one; for ser-s the other side is forced to mate. Prints the
 * completed lines when `print`. */
static gboolean series_final_search (FeSolver *s, SeriesKind kind, int depth, gboolean print);

/* The final phase is met at the end of many series that transpose: cache it. */
static gboolean
series_final (FeSolver *s, SeriesKind kind, int depth, gboolean print)
{
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
  gboolean found = FALSE, any = FALSE, all = TRUE;
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      if (kind == SERIES_HELP)
        {
          if (fe_solver_final_move_reaches_goal (s, m))
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
      gboolean goal = fe_solver_goal_reached (s, m);
      fe_unmake (&s->pos, m, &undo);
      if (kind == SERIES_HELP)
        {
          if (goal)
            {
              found = TRUE;
              if (!print)
                return TRUE;
              s->line_moves[depth] = *m;
              fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth);
            }
        }
      else if (!goal)
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

/* The moves to try with `left` series moves to go (mating-net.h): ser-#
 * the series side mates within them, the other side standing still (its
 * last move: the pieces that may mate); ser-h# the series side is mated
 * in one move after them (its last: the pieces that may let it be).
 * FALSE when the node is proved to hold no mate. */
static gboolean
series_moves (FeSolver *s, SeriesKind kind, int left, FeMoveList *list)
{
  if (s->net && kind != SERIES_SELF)
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
  if (!series_moves (s, kind, left, &list))
    {
      fe_tt_store (s->tt, key, left, FALSE);
      return FALSE;
    }
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean found = FALSE;
  FeUndo undo, null_undo;
  for (int i = 0; i < list.count && !enough (s); i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, left, i, list.count);
      if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
        continue;
      s->line_moves[depth] = *m;
      gboolean ok = FALSE;
      if (left == 1)
        {
          if (kind == SERIES_DIRECT)
            {
              ok = fe_solver_goal_reached (s, m);
              if (ok && print)
                {
                  fe_unmake (&s->pos, m, &undo);
                  fe_solver_add_line (s, s->line_moves, depth + 1, FALSE, depth + 1);
                  fe_make (&s->pos, m, &undo);
                }
            }
          else
            ok = series_final (s, kind, depth + 1, print);
        }
      else if (!fe_in_check (&s->pos, FE_OPPONENT (me)))
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
  if (!split_make (w, sp, k, TRUE, undo))
    return;
  series (w, sp->kind, sp->h - 2, 2, TRUE);
  split_unmake (w, TRUE, undo);
}

void
fe_solve_series (FeSolver *s)
{
  SeriesKind kind = s->stip.play == FE_PLAY_SERIES        ? SERIES_DIRECT
                    : s->stip.play == FE_PLAY_SERIES_HELP ? SERIES_HELP
                                                          : SERIES_SELF;
  int threads = s->config ? s->config->threads : 1;
  FeMatingNet *net = mating_net_for (s, kind != SERIES_SELF);
  s->net = net;
  s->root = s->pos;
  s->line_full = s->stip.moves;
  for (int n = 1; n <= s->stip.moves && !enough (s); n++)
    {
      int before = s->solutions;
      if (threads > 1 && !s->max_solutions && n >= 3)
        {
          Split sp = { .h = n, .kind = kind };
          run_split (s, threads, &sp, TRUE, series_item);
        }
      else
        series (s, kind, n, 0, TRUE);
      if (s->solutions > before && n < s->stip.moves && s->problem->options.stop_on_short)
        break;
    }
  s->net = NULL;
  fe_mating_net_free (net);
}
