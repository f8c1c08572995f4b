/* battle-order.c — battle play's move ordering: killer, history, mobility,
 * and the search aids the differential tests switch off.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only the order in which moves are tried changes here, never what is proved.
 */
#include <string.h>

#include "battle-private.h"

int fe_battle_aids = -1;

void
fe_battle_read_aids (void)
{
  const char *off = g_getenv ("FEERIE_BATTLE_OFF");
  int aids = AID_MOBILITY | AID_KILLER | AID_KING_FIRST | AID_CHECKERS | AID_NET;
  if (off && strstr (off, "all"))
    aids = 0;
  if (off && strstr (off, "mobility"))
    aids &= ~AID_MOBILITY;
  if (off && strstr (off, "killer"))
    aids &= ~AID_KILLER;
  if (off && strstr (off, "king"))
    aids &= ~AID_KING_FIRST;
  if (off && strstr (off, "checkers"))
    aids &= ~AID_CHECKERS;
  if (off && strstr (off, "net"))
    aids &= ~AID_NET;
  fe_battle_aids = aids;
}

static inline guint32 *
history_slot (FeSolver *s, int side, const FeMove *m)
{
  return &s->history[(side & 1) * 16384 + (m->from & 127) * 128 + (m->to & 127)];
}

/* A move that won (attacker) or refuted (defender) with h half-moves left:
 * deeper proofs count more; halved when large so old news fades. */
void
fe_battle_history_reward (FeSolver *s, const FeMove *m, int h)
{
  guint32 *slot = history_slot (s, s->pos.side, m);
  *slot += (guint32) (h * h + 1);
  if (G_UNLIKELY (*slot > (1u << 30)))
    for (int i = 0; i < FE_HISTORY_SIZE; i++)
      s->history[i] >>= 1;
}

void
fe_battle_picker_init (FeSolver *s, FeBattlePicker *p, FeMoveList *list, const FeMove *killer, gboolean checks_first)
{
  int n = list->count;
  p->list = list;
  p->sc = NULL;
  if (n < 2)
    return;
  p->sc = n <= 256 ? p->stack : g_new (guint32, n);
  int side = s->pos.side;
  for (int i = 0; i < n; i++)
    {
      FeMove *m = &list->moves[i];
      guint32 v = fe_move_equal (m, killer) ? G_MAXUINT32 : MIN (*history_slot (s, side, m), 1u << 30);
      /* Checks first: in mate play they are the likeliest to win. */
      if (checks_first && v != G_MAXUINT32 && fe_orthodox_gives_check (&s->pos, m) != 0)
        v += 1u << 30;
      p->sc[i] = v;
    }
}

/* Sorts moves[i..n) by score, best first, equals in their present order. */
static void
picker_sort_rest (FeBattlePicker *p, int i)
{
  int n = p->list->count - i;
  FeMove *moves = p->list->moves + i;
  guint64 stack_keys[256];
  guint64 *keys = n <= 256 ? stack_keys : g_new (guint64, n);
  for (int j = 0; j < n; j++)
    keys[j] = (guint64) p->sc[i + j] << 32 | (guint32) (n - j);
  for (int j = 1; j < n; j++)
    {
      guint64 v = keys[j];
      int k = j;
      while (k > 0 && keys[k - 1] < v)
        {
          keys[k] = keys[k - 1];
          k--;
        }
      keys[k] = v;
    }
  FeMove stack_copy[64];
  FeMove *copy = n <= 64 ? stack_copy : g_new (FeMove, n);
  memcpy (copy, moves, n * sizeof (FeMove));
  for (int j = 0; j < n; j++)
    moves[j] = copy[n - (guint32) keys[j]];
  if (copy != stack_copy)
    g_free (copy);
  if (keys != stack_keys)
    g_free (keys);
  fe_battle_picker_stop (p);
}

/* The whole list in the picker's order at once; the picker is done. */
void
fe_battle_picker_sort (FeBattlePicker *p)
{
  if (p->sc)
    picker_sort_rest (p, 0);
}

/* The move to try i-th: the best of those not tried yet.  The first two
 * are selected; past them the node is likely to try them all, and the rest
 * is sorted once. */
FeMove *
fe_battle_picker_next (FeBattlePicker *p, int i)
{
  FeMove *moves = p->list->moves;
  if (!p->sc)
    return &moves[i];
  if (i >= 2)
    {
      picker_sort_rest (p, i);
      return &moves[i];
    }
  int n = p->list->count, best = i;
  for (int j = i + 1; j < n; j++)
    if (p->sc[j] > p->sc[best])
      best = j;
  if (best != i)
    {
      FeMove m = moves[best];
      guint32 v = p->sc[best];
      memmove (&moves[i + 1], &moves[i], (best - i) * sizeof (FeMove));
      memmove (&p->sc[i + 1], &p->sc[i], (best - i) * sizeof (guint32));
      moves[i] = m;
      p->sc[i] = v;
    }
  return &moves[i];
}

/* The rest of the list is put in order by the caller. */
void
fe_battle_picker_stop (FeBattlePicker *p)
{
  if (p->sc && p->sc != p->stack)
    g_free (p->sc);
  p->sc = NULL;
}

/* How many of the replies are legal, counted up to `cap`. */
static guint32
legal_replies (FeSolver *s, FeMoveList *replies, guint32 cap)
{
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  guint32 n = 0;
  for (int j = 0; j < replies->count && n < cap; j++)
    {
      FeMove *m = &replies->moves[j];
      int known = fe_legality_of (&lg, m);
      FeUndo undo;
      if (known == 1)
        n++;
      else if (known < 0 && fe_make_legal (&s->pos, m, &undo))
        {
          n++;
          fe_unmake (&s->pos, m, &undo);
        }
    }
  return n;
}

/* Self and reflex play: orders list[from..] by the number of moves each
 * defence leaves the attacker, fewest first.  A fail is proved by one
 * refutation per attacking move, all the way down; the defence that leaves
 * the attacker least to try makes the smallest proof (an s#8 with Imitator:
 * 7× fewer nodes).  The attacker's legal moves are counted, up to 8 (then
 * its pseudo-legal ones break ties): where the attacker's king is hemmed in,
 * most of its pseudo-legal moves are illegal and their count misleads (an
 * orthodox s#5: 8.7 M nodes by pseudo-legal count, 1.1 M by legal count).
 * Counting costs a make per reply where pins do not tell legality (fairy
 * conditions): there only with 5 or more half-moves left, where the
 * subtrees are large (the s#8: 4.0 s -> 3.1 s; at every length, 4.8 s).
 * Fairy direct play counted pseudo-legal moves while the killer came
 * first (an Imitator #9: 0.67 s with legal counts, 0.35 s without); once
 * the whole list is ordered here, legal counts paid there too (the #9
 * 140 k -> 72 k nodes, 0.12 -> 0.09 s CPU; a Circe #5 0.25 -> 0.06 s).
 * Illegal moves go last (they are skipped anyway).
 * In direct and self play a defence the table already knows to refute
 * goes first and ends the ordering (TRUE): an enhanced transposition
 * cutoff, since every defence is made here anyway.  Measured: an Imitator
 * #9 3.7 -> 3.1 G instructions, the s#8 -6 %, an orthodox s#4 -6 % nodes;
 * in reflex play an Imitator r#8 took 18 % more nodes with it (an
 * orthodox r#5 5 % fewer), so not there. */
gboolean
fe_battle_order_by_mobility (FeSolver *s, FeMoveList *list, int from, const FeLegality *lg, int h)
{
  gboolean count_legal = h >= (s->orthodox ? 3 : 5);
  int n = list->count - from;
  if (n < 2)
    return FALSE;
  guint32 stack_scores[256];
  guint32 *sc = n <= 256 ? stack_scores : g_new (guint32, n);
  FeMove *mv = list->moves + from;
  FE_MOVE_LIST (replies);
  gboolean look_up = !fe_battle_reflex (s);
  int mover = s->pos.side;
  for (int i = 0; i < n; i++)
    {
      FeUndo undo;
      int legal = fe_legality_of (lg, &mv[i]);
      if (legal == 0 || fe_move_refused (&s->pos, &mv[i]))
        {
          sc[i] = G_MAXUINT32;
          continue;
        }
      /* Under conditions a check test costs the conditions' hooks: an
       * illegal defence is scored like the others and skipped by the
       * search, and only one about to be put first is looked at. */
      if (!fe_make (&s->pos, &mv[i], &undo)
          || (legal < 0 && s->orthodox && fe_in_check (&s->pos, mover)))
        {
          fe_unmake (&s->pos, &mv[i], &undo);
          sc[i] = G_MAXUINT32;
          continue;
        }
      /* Known to refute: the attacker fails after it, and in self play
       * it does not mate at once. */
      if (look_up && fe_tt_probe (s->tt, s->pos.hash ^ FE_BATTLE_SALT_ATTACK, h - 1) == 0
          && (legal > 0 || s->orthodox || !fe_in_check (&s->pos, mover))
          && (fe_battle_goal_by_attacker (s) || fe_battle_reflex (s) || !fe_in_check (&s->pos, s->pos.side)))
        {
          fe_unmake (&s->pos, &mv[i], &undo);
          FeMove m = mv[i];
          memmove (&mv[1], &mv[0], i * sizeof (FeMove));
          mv[0] = m;
          if (sc != stack_scores)
            g_free (sc);
          return TRUE;
        }
      fe_generate_pseudo (&s->pos, &replies);
      sc[i] = replies.count;
      if (count_legal)
        sc[i] = legal_replies (s, &replies, 8) << 16 | MIN (sc[i], 0xFFFFu);
      fe_unmake (&s->pos, &mv[i], &undo);
    }
  for (int i = 1; i < n; i++)
    {
      guint32 v = sc[i];
      if (v >= sc[i - 1])
        continue;
      FeMove m = mv[i];
      int j = i;
      while (j > 0 && sc[j - 1] > v)
        {
          sc[j] = sc[j - 1];
          mv[j] = mv[j - 1];
          j--;
        }
      sc[j] = v;
      mv[j] = m;
    }
  if (sc != stack_scores)
    g_free (sc);
  return FALSE;
}

gboolean
fe_battle_killer_piece_moves (FeSolver *s, const FeMove *killer, FeMoveList *list)
{
  list->count = 0;
  if (killer->from == killer->to)
    return FALSE; /* none yet */
  fe_generate_pseudo_from (&s->pos, killer->from, list);
  for (int i = 0; i < list->count; i++)
    if (fe_move_equal (&list->moves[i], killer))
      return TRUE;
  return FALSE;
}

gboolean
fe_battle_killer_playable (FeSolver *s, const FeMove *killer)
{
  FE_MOVE_LIST (list);
  return fe_battle_killer_piece_moves (s, killer, &list);
}

void
fe_battle_diverge (const FeSolver *s, FeBattlePicker *p, FeMoveList *list)
{
  if (p->sc)
    picker_sort_rest (p, 1); /* the picker's order, then the helper's */
  int n = list->count - 1;
  if (n < 2)
    return;
  FeMove *moves = list->moves + 1;
  FeMove stack_copy[64];
  FeMove *copy = n <= 64 ? stack_copy : g_new (FeMove, n);
  memcpy (copy, moves, n * sizeof (FeMove));
  for (int i = 0; i < n; i++)
    moves[i] = copy[fe_solver_helper_order (s, i, n)];
  if (copy != stack_copy)
    g_free (copy);
}
