/* help-aids.c — the search aids of help and series play: the
 * goal-directed moves near a mate (mating-net.h), the stalemate witnesses
 * and net (stalemate.h), the a=>b distance bound (target-distance.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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

/* a=>b: can the target still be reached with `mine` moves of the side to
 * move and `theirs` of the other?  TRUE when not known (not orthodox, or
 * the plain search asked for, which the differential tests compare). */
gboolean
fe_help_target_in_reach (FeSolver *s, int mine, int theirs)
{
  if (s->goal != FE_GOAL_POSITION || !s->orthodox || (s->config && s->config->plain_help))
    return TRUE;
  int moves[2];
  moves[s->pos.side] = mine;
  moves[!s->pos.side] = theirs;
  return fe_target_reachable (&s->pos, &s->problem->target, moves);
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
