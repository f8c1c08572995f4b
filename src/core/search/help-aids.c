/* help-aids.c — the search aids of help and series play: the
 * goal-directed moves near a mate (mating-net.h), the stalemate witnesses
 * and net (stalemate.h), the a=>b distance bound (target-distance.h) and
 * the covers of the final mates and stalemates (final-cover.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>

#include "help-private.h"
#include "target-distance.h"

/* The goal-directed pruning for this play (mating-net.h), or NULL: asked
 * off, no mate to look for, or not provably sound here (the composer is
 * told why, once per solve). */
FeMatingNet *
fe_help_mating_net_for (FeSolver *s, gboolean mates)
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
gboolean
fe_help_last_moves (FeSolver *s, gboolean mating, FeMoveList *list)
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

/* The covers still in reach at the node at `depth`, among those in reach
 * at its parent (all of them at the root or where the parent's are not
 * known): kept for the children; FALSE when none is. */
static gboolean
covers_in_reach (FeSolver *s, int depth, const int moves[2])
{
  guint n_all = fe_cover_set_size (s->covers);
  g_assert (depth >= 0 && depth < s->max_plies);
  if (n_all == 0)
    return FALSE; /* no final position in reach */
  if (!s->cover_live || s->cover_live_len != n_all)
    {
      g_free (s->cover_live);
      g_free (s->cover_live_n);
      s->cover_live = g_new (int, (gsize) s->max_plies * n_all);
      s->cover_live_n = g_new (int, s->max_plies);
      s->cover_live_len = n_all;
      fe_help_covers_forget (s, s->max_plies);
    }
  const int *parent = depth > 0 && s->cover_live_n[depth - 1] >= 0
                          ? s->cover_live + (gsize) (depth - 1) * n_all : NULL;
  int n_parent = parent ? s->cover_live_n[depth - 1] : (int) n_all;
  int *live = s->cover_live + (gsize) depth * n_all, n = 0;
  for (int i = 0; i < n_parent; i++)
    {
      int k = parent ? parent[i] : i;
      if (fe_cover_reachable (&s->pos, fe_cover_set_get (s->covers, k), moves))
        live[n++] = k;
    }
  s->cover_live_n[depth] = n;
  return n > 0;
}

/* The covers in reach are not known below `depth` any more (a new set of
 * covers, or a worker's item that starts at `depth`). */
void
fe_help_covers_forget (FeSolver *s, int depth)
{
  if (s->cover_live_n)
    for (int d = 0; d < depth && d < s->max_plies; d++)
      s->cover_live_n[d] = -1;
}

/* Can the goal still be reached at the node at `depth` with `mine` moves
 * of the side to move and `theirs` of the other: an a=>b target, or a
 * mate or stalemate where covers guide the search?  TRUE when not known
 * (not orthodox, or the plain search asked for, which the differential
 * tests compare). */
gboolean
fe_help_target_in_reach (FeSolver *s, int depth, int mine, int theirs)
{
  if ((s->goal != FE_GOAL_POSITION && !s->covers) || !s->orthodox || (s->config && s->config->plain_help))
    return TRUE;
  int moves[2];
  moves[s->pos.side] = mine;
  moves[!s->pos.side] = theirs;
  /* Before the last move the covers no longer pay: its witnesses and
   * nets judge it more cheaply, and nothing lies below it. */
  if (s->covers)
    return mine + theirs <= 1 || covers_in_reach (s, depth, moves);
  return fe_target_reachable (&s->pos, &s->problem->target, moves);
}

/* The needs made or narrowed at most (some 0.3 s), and the covers kept
 * at most (some 600 bytes each), before the covers are judged not to
 * pay: crowded boards, where each flight is covered in many ways, and
 * long lines with many free moves. */
#define COVER_STEPS 2000000
#define COVER_MAX 50000

/* Help or series play of `len` half-moves from here toward a mate or a
 * stalemate, moves[c] of them by colour c, the last one by the winner:
 * the covers of the final positions, or NULL where they do not pay
 * (shorter than FEERIE_COVER_MIN half-moves, default 7 (0: never, for the
 * differential tests), not orthodox, too many covers). */
FeCoverSet *
fe_help_covers_for (FeSolver *s, int len, const int moves[2], FeColour loser)
{
  const char *v = g_getenv ("FEERIE_COVER_MIN");
  int min_len = v && *v ? atoi (v) : 7;
  if (min_len <= 0 || len < min_len || !s->orthodox || (s->config && s->config->plain_help)
      || (s->goal != FE_GOAL_MATE && s->goal != FE_GOAL_STALEMATE)
      || s->pos.king[FE_WHITE] == FE_NO_SQUARE || s->pos.king[FE_BLACK] == FE_NO_SQUARE)
    return NULL;
  gboolean mate = s->goal == FE_GOAL_MATE, try_complete = !mate && !s->complete_covers_stopped[loser];
  FeCoverSet *set = fe_cover_set_new (&s->pos, loser, mate, try_complete, moves, COVER_STEPS, COVER_MAX);
  if (try_complete && (!set || !fe_cover_set_complete (set)))
    s->complete_covers_stopped[loser] = TRUE;
  return set;
}

/* The last move must stalemate (=, ==): the other side's witnesses, that
 * dismiss the moves that cannot without playing them (stalemate.h); none
 * for other goals or outside orthodox chess. */
void
fe_help_stalemate_witnesses (FeSolver *s, FeStalemateWitnesses *w)
{
  w->n = 0;
  if (s->orthodox && (s->goal == FE_GOAL_STALEMATE || s->goal == FE_GOAL_DOUBLE_STALEMATE))
    fe_stalemate_witnesses (&s->pos, w);
}

/* The side to move plays, then the other side's last move must
 * stalemate it (=, not ==): the net that dismisses our moves after which
 * no reply can (stalemate.h), kept for the line's `depth`; NULL outside
 * orthodox chess or when the plain search is asked for. */
const FeStalemateNet *
fe_help_stalemate_net (FeSolver *s, int depth)
{
  if (!s->orthodox || s->goal != FE_GOAL_STALEMATE || (s->config && s->config->plain_help))
    return NULL;
  g_assert (depth >= 0 && depth < s->max_plies);
  if (!s->stalemate_nets)
    s->stalemate_nets = g_new (FeStalemateNet, s->max_plies);
  FeStalemateNet *net = &s->stalemate_nets[depth];
  fe_stalemate_net_prepare (&s->pos, net);
  return net->n ? net : NULL;
}
