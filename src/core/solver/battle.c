/* battle.c — direct, self and reflex play, found as Popeye's tree.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lengths are in half-moves left: a #n starts with 2n-1 (ending on the
 * attacker's move), s#n and r#n with 2n (ending on the defender's).
 */
#include <string.h>

#include "solver-private.h"

#define SALT_ATTACK 0x3c6ef372fe94f82bull
#define SALT_DEFEND 0xa54ff53a5f1d36f1ull

static gboolean
goal_by_attacker (const FeSolver *s)
{
  return s->stip.play == FE_PLAY_DIRECT;
}

static gboolean
reflex (const FeSolver *s)
{
  return s->stip.play == FE_PLAY_REFLEX;
}

#define SALT_GOAL1 0x510e527fade682d1ull

/* Can the side to move reach the goal in one move?  Reflex play asks it at
 * every node, and again at each length of the deepening: the answer is
 * kept in the table (depth 1, its own salt). */
static gboolean
goal_in_one (FeSolver *s)
{
  uint64_t key = s->pos.hash ^ SALT_GOAL1;
  int known = fe_tt_probe (s->tt, key, 1);
  if (known >= 0)
    return known;
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean g = FALSE;
  for (int i = 0; i < list.count && !g; i++)
    g = fe_solver_final_move_reaches_goal (s, &list.moves[i]);
  fe_tt_store (s->tt, key, 1, g);
  return g;
}

static gboolean defend (FeSolver *s, int h);

static inline guint32 *
history_slot (FeSolver *s, int side, const FeMove *m)
{
  return &s->history[(side & 1) * 16384 + (m->from & 127) * 128 + (m->to & 127)];
}

/* A move that won (attacker) or refuted (defender) with h half-moves left:
 * deeper proofs count more; halved when large so old news fades. */
static void
history_reward (FeSolver *s, const FeMove *m, int h)
{
  guint32 *slot = history_slot (s, s->pos.side, m);
  *slot += (guint32) (h * h + 1);
  if (G_UNLIKELY (*slot > (1u << 30)))
    for (int i = 0; i < FE_HISTORY_SIZE; i++)
      s->history[i] >>= 1;
}

/* Orders the list: the killer first, then by history, best first (a stable
 * insertion sort: lists are short, and equal moves keep the generator's
 * order).  Only the search order changes, never what is proved. */
static void
order_moves (FeSolver *s, FeMoveList *list, const FeMove *killer, gboolean checks_first)
{
  int n = list->count;
  if (n < 2)
    return;
  guint32 stack_scores[256];
  guint32 *sc = n <= 256 ? stack_scores : g_new (guint32, n);
  int side = s->pos.side;
  for (int i = 0; i < n; i++)
    {
      FeMove *m = &list->moves[i];
      sc[i] = fe_move_equal (m, killer) ? G_MAXUINT32 : MIN (*history_slot (s, side, m), 1u << 30);
      /* Checks first: in mate play they are the likeliest to win. */
      if (checks_first && sc[i] != G_MAXUINT32 && fe_orthodox_gives_check (&s->pos, m) != 0)
        sc[i] += 1u << 30;
    }
  for (int i = 1; i < n; i++)
    {
      guint32 v = sc[i];
      if (v <= sc[i - 1])
        continue;
      FeMove m = list->moves[i];
      int j = i;
      while (j > 0 && sc[j - 1] < v)
        {
          sc[j] = sc[j - 1];
          list->moves[j] = list->moves[j - 1];
          j--;
        }
      sc[j] = v;
      list->moves[j] = m;
    }
  if (sc != stack_scores)
    g_free (sc);
}

/* Attacker to move: does it win within h half-moves?  Searched at this
 * length only (attack() deepens). */
static gboolean
attack_at (FeSolver *s, int h)
{
  if (s->aborted || h < 1)
    return FALSE;
  uint64_t key = s->pos.hash ^ SALT_ATTACK;
  int known = fe_tt_probe (s->tt, key, h);
  if (known >= 0)
    return known;
  /* Nodes count the positions searched, not the table's answers. */
  if (fe_solver_tick (s))
    return FALSE;
  gboolean win = FALSE;
  if (reflex (s) && goal_in_one (s))
    win = FALSE; /* obliged to reach the goal itself: the wrong result */
  else
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      order_moves (s, &list, &s->killer_attack[h], s->orthodox && h >= 3);
      FeLegality lg;
      if (h > 1 || !goal_by_attacker (s))
        fe_legality_prepare (&s->pos, &lg);
      else
        lg.active = false;
      FeUndo undo;
      for (int i = 0; i < list.count && !win; i++)
        {
          FeMove *m = &list.moves[i];
          if (h == 1 && goal_by_attacker (s))
            {
              win = fe_solver_final_move_reaches_goal (s, m);
              continue;
            }
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          if (goal_by_attacker (s))
            win = fe_solver_goal_reached (s, m) || (h >= 3 && defend (s, h - 1));
          else
            win = h >= 2 && defend (s, h - 1);
          fe_unmake (&s->pos, m, &undo);
          if (win)
            {
              s->killer_attack[h] = *m;
              history_reward (s, m, h);
            }
        }
    }
  if (!s->aborted)
    fe_tt_store (s->tt, key, h, win);
  return win;
}

static int min_attack_h (const FeSolver *s);

/* Per-node iterative deepening: the shortest wins are proved first (mate
 * in 1, then in 2, ...), each length's result kept in the table, so a
 * position with a short win never searches the long lines. */
static gboolean
attack (FeSolver *s, int h)
{
  for (int k = min_attack_h (s) + ((h - min_attack_h (s)) & 1); k < h; k += 2)
    if (attack_at (s, k))
      return TRUE;
  return attack_at (s, h);
}

/* Defender to move: does the attacker win within h half-moves whatever
 * the defender does? */
static gboolean
defend (FeSolver *s, int h)
{
  if (s->aborted || h < 1)
    return FALSE;
  uint64_t key = s->pos.hash ^ SALT_DEFEND;
  int known = fe_tt_probe (s->tt, key, h);
  if (known >= 0)
    return known;
  /* Nodes count the positions searched, not the table's answers. */
  if (fe_solver_tick (s))
    return FALSE;
  gboolean lost = TRUE, any = FALSE;
  if (reflex (s) && goal_in_one (s))
    any = TRUE; /* it must reach the goal: the attacker's aim */
  else if (reflex (s) && h == 1)
    lost = FALSE;
  else
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      order_moves (s, &list, &s->killer_defence[h], FALSE);
      FeLegality lg;
      fe_legality_prepare (&s->pos, &lg);
      FeUndo undo;
      for (int i = 0; i < list.count && lost; i++)
        {
          FeMove *m = &list.moves[i];
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          any = TRUE;
          if (goal_by_attacker (s))
            lost = attack (s, h - 1);
          else if (reflex (s))
            /* No move reaches the goal here (goal_in_one said so above). */
            lost = h >= 3 && attack (s, h - 1);
          else
            lost = fe_solver_goal_reached (s, m) || (h >= 3 && attack (s, h - 1));
          fe_unmake (&s->pos, m, &undo);
          if (!lost)
            {
              s->killer_defence[h] = *m;
              history_reward (s, m, h);
            }
        }
    }
  lost = lost && any;
  if (!s->aborted)
    fe_tt_store (s->tt, key, h, lost);
  return lost;
}

static int
min_attack_h (const FeSolver *s)
{
  return goal_by_attacker (s) ? 1 : 2;
}

/* Shortest win of the attacker within h, or 0. */
static int
attack_length (FeSolver *s, int h)
{
  for (int k = min_attack_h (s); k <= h; k += 2)
    if (attack (s, k))
      return k;
  return 0;
}

/* Does this attacking move (to be made now) win within h? */
static gboolean
move_wins (FeSolver *s, const FeMove *m, int h)
{
  FeUndo undo;
  if (!fe_make_legal (&s->pos, m, &undo))
    return FALSE;
  gboolean win;
  if (goal_by_attacker (s))
    win = fe_solver_goal_reached (s, m) || (h >= 3 && defend (s, h - 1));
  else
    win = h >= 2 && defend (s, h - 1);
  fe_unmake (&s->pos, m, &undo);
  return win;
}

/* ---- the solution tree ------------------------------------------------ */

/* A node for the move `m` from s->pos, its notation and marks as Popeye
 * writes them; fe_solution_hook_battle delivers it. */
static FeSolutionNode *
move_node (FeSolver *s, FeSolutionRole role, const FeMove *m, gboolean last)
{
  GString *text = g_string_new (NULL);
  fe_solver_append_move (s, text, m, last, TRUE);
  FeSolutionNode *n = fe_solution_battle_node (s, role, m, text->str);
  g_string_free (text, TRUE);
  return n;
}

static void print_defences (FeSolver *s, int level, int h, const FeMove *refuted_by, int n_ref,
                            gboolean have_threat_info, int threat_h, FeMoveList *threats);
static void print_attack (FeSolver *s, int level, const FeMove *m, int h, FeSolutionRole role,
                          const FeMove *refs, int n_ref);

/* Attacking moves that win within exactly the shortest length k. */
static void
print_continuations (FeSolver *s, int level, int k)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count && !s->aborted; i++)
    if (move_wins (s, &list.moves[i], k))
      print_attack (s, level, &list.moves[i], k, FE_ROLE_CONTINUATION, NULL, 0);
}

/* Collects the attacker's winning moves within k (threats after a pass). */
static void
collect_wins (FeSolver *s, int k, FeMoveList *out)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  fe_move_list_reset (out);
  for (int i = 0; i < list.count; i++)
    if (move_wins (s, &list.moves[i], k))
      fe_move_list_push (out, &list.moves[i]);
}

static gboolean
show_variations (const FeSolver *s)
{
  return s->problem->options.variations;
}

/* Adds an attacking move already known to win within h, and what follows
 * (threat, variations, forced final replies); `role` is KEY, TRY (then
 * `refs` are its refutations) or CONTINUATION. */
static void
print_attack (FeSolver *s, int level, const FeMove *m, int h, FeSolutionRole role,
              const FeMove *refs, int n_ref)
{
  FeSolutionNode *node = move_node (s, role, m, goal_by_attacker (s));

  FeUndo undo;
  fe_make (&s->pos, m, &undo);
  gboolean done = goal_by_attacker (s) && fe_solver_goal_reached (s, m);
  int hd = h - 1; /* defender's half-moves */
  FE_MOVE_LIST (threats);
  int threat_h = 0;
  gboolean check = fe_in_check (&s->pos, s->pos.side);
  gboolean final_reply = !goal_by_attacker (s) && hd == 1;
  gboolean want_tree = level > 0 || show_variations (s);

  /* NoThreat: threats are neither written nor used to choose variations. */
  if (!done && !final_reply && hd >= 2 && want_tree && !check && !s->problem->options.no_threat)
    {
      FeUndo nu;
      fe_make_null (&s->pos, &nu);
      threat_h = attack_length (s, hd - 1);
      if (threat_h)
        collect_wins (s, threat_h, &threats);
      fe_unmake_null (&s->pos, &nu);
      node->notes |= threat_h ? FE_NOTE_THREAT : FE_NOTE_ZUGZWANG;
    }
  fe_solution_hook_battle (s, level, node);

  if (!done && want_tree)
    {
      if (final_reply)
        print_defences (s, level + 1, hd, NULL, 0, FALSE, 0, NULL);
      else if (hd >= 2)
        {
          if (threat_h && !s->problem->options.no_threat)
            {
              FeUndo nu;
              fe_make_null (&s->pos, &nu);
              for (int i = 0; i < threats.count; i++)
                print_attack (s, level + 2, &threats.moves[i], threat_h, FE_ROLE_CONTINUATION, NULL, 0);
              fe_unmake_null (&s->pos, &nu);
            }
          print_defences (s, level + 1, hd, refs, n_ref, TRUE, threat_h, &threats);
        }
    }
  for (int i = 0; i < n_ref; i++)
    fe_solution_hook_battle (s, level + 1, move_node (s, FE_ROLE_REFUTATION, &refs[i], FALSE));
  fe_unmake (&s->pos, m, &undo);
}

/* Is the threat `t` still a win within k after the defence?  Like Popeye,
 * a threat is recognised by its squares: Bg5*e7 threatened, Bg5-e7 after
 * the victim moved away is the same threat. */
static gboolean
threat_still_works (FeSolver *s, const FeMove *t, int k)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      const FeMove *m = &list.moves[i];
      if (m->from == t->from && m->to == t->to && m->promotion == t->promotion
          && m->choice == t->choice && move_wins (s, m, k))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_refutation (const FeMove *m, const FeMove *refs, int n)
{
  for (int i = 0; i < n; i++)
    if (fe_move_equal (m, &refs[i]))
      return TRUE;
  return FALSE;
}

/* Defender to move with h half-moves left (the attacker wins unless the
 * move is one of the refutations).  Writes the variations. */
static void
print_defences (FeSolver *s, int level, int h, const FeMove *refs, int n_ref,
                gboolean have_threat_info, int threat_h, FeMoveList *threats)
{
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean must_goal = reflex (s) && goal_in_one (s);
  gboolean check = fe_in_check (&s->pos, s->pos.side);
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *d = &list.moves[i];
      if (is_refutation (d, refs, n_ref))
        continue;
      FeUndo undo;
      if (!fe_make_legal (&s->pos, d, &undo))
        continue;
      gboolean goal = !goal_by_attacker (s) && fe_solver_goal_reached (s, d);
      if (must_goal && !goal)
        {
          fe_unmake (&s->pos, d, &undo);
          continue;
        }
      if (goal)
        {
          /* The defender reaches the goal: the end of a self or reflex line.
           * Before the last move it wins early; Popeye does not write it. */
          fe_unmake (&s->pos, d, &undo);
          if (h > 1)
            continue;
          fe_solution_hook_battle (s, level, move_node (s, FE_ROLE_DEFENCE, d, TRUE));
          continue;
        }
      if (h == 1)
        {
          fe_unmake (&s->pos, d, &undo);
          continue;
        }
      int k = attack_length (s, h - 1);
      gboolean show = TRUE;
      if (have_threat_info && threat_h && !check)
        {
          if (k == 0 || k > threat_h)
            show = TRUE;
          else if (k < threat_h)
            show = FALSE;
          else
            {
              show = FALSE;
              for (int t = 0; t < threats->count && !show; t++)
                show = !threat_still_works (s, &threats->moves[t], threat_h);
            }
        }
      fe_unmake (&s->pos, d, &undo);
      if (!show || k == 0)
        continue;
      fe_solution_hook_battle (s, level, move_node (s, FE_ROLE_DEFENCE, d, FALSE));
      fe_make (&s->pos, d, &undo);
      print_continuations (s, level + 1, k);
      fe_unmake (&s->pos, d, &undo);
    }
}

/* Refutations of an attacking first move (made), up to `max` + 1. */
static int
refutations (FeSolver *s, int h, GArray *out, int max)
{
  g_array_set_size (out, 0);
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  int n = 0;
  gboolean any = FALSE;
  gboolean must_goal = reflex (s) && goal_in_one (s);
  for (int i = 0; i < list.count && n <= max; i++)
    {
      FeMove *d = &list.moves[i];
      FeUndo undo;
      if (!fe_make_legal (&s->pos, d, &undo))
        continue;
      any = TRUE;
      gboolean ok;
      if (goal_by_attacker (s))
        ok = attack (s, h - 1);
      else
        {
          gboolean goal = fe_solver_goal_reached (s, d);
          ok = must_goal ? TRUE : goal || (h >= 3 && attack (s, h - 1));
          if (must_goal && !goal)
            {
              fe_unmake (&s->pos, d, &undo);
              continue;
            }
        }
      fe_unmake (&s->pos, d, &undo);
      if (!ok)
        {
          g_array_append_val (out, *d);
          n++;
        }
    }
  return any ? n : -1;
}

static void
print_set_play (FeSolver *s, int h)
{
  FeUndo nu;
  /* The defender moves first, as if the attacker had passed. */
  fe_make_null (&s->pos, &nu);
  if (!fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)))
    print_defences (s, 1, h - 1, NULL, 0, FALSE, 0, NULL);
  fe_unmake_null (&s->pos, &nu);
}

/* Parallel pre-pass (fe_solver_run_items): the items are the first moves;
 * each worker decides whether its moves win, and the shared table then makes
 * the writing pass below cheap. */
typedef struct {
  FeMoveList list;
  int h;
} BattleItems;

static void
battle_item (FeSolver *w, int k, gpointer data)
{
  BattleItems *b = data;
  move_wins (w, &b->list.moves[k], b->h);
}

void
fe_solve_battle (FeSolver *s)
{
  int n = s->stip.moves;
  int h = goal_by_attacker (s) ? 2 * n - 1 : 2 * n;
  const FeOptions *o = &s->problem->options;
  int max_ref = o->defence > 0 ? o->defence : (o->tries ? 1 : 0);
  int threads = s->config ? s->config->threads : 1;

  if (threads > 1 && h >= 3)
    {
      BattleItems *b = g_new (BattleItems, 1);
      b->h = h;
      fe_generate_pseudo (&s->pos, &b->list);
      fe_solver_note_root (s, n, 0, b->list.count);
      fe_solver_run_items (s, threads, b->list.count, battle_item, b);
      fe_move_list_release (&b->list);
      g_free (b);
    }

  if (o->set_play && h >= 2)
    print_set_play (s, h);

  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (FeMove));
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *m = &list.moves[i];
      fe_solver_note_root (s, n, i, list.count);
      FeUndo undo;
      if (!fe_make_legal (&s->pos, m, &undo))
        continue;
      fe_unmake (&s->pos, m, &undo);
      if (move_wins (s, m, h))
        {
          print_attack (s, 0, m, h, FE_ROLE_KEY, NULL, 0);
          s->solutions++;
          continue;
        }
      if (!max_ref)
        continue;
      if (goal_by_attacker (s) && h < 3)
        continue;
      fe_make (&s->pos, m, &undo);
      int nr = refutations (s, h - 1, refs, max_ref);
      if (nr < 1 || nr > max_ref)
        {
          fe_unmake (&s->pos, m, &undo);
          continue;
        }
      fe_unmake (&s->pos, m, &undo);
      /* A try: like a key, then its refutations. */
      print_attack (s, 0, m, h, FE_ROLE_TRY, (FeMove *) refs->data, nr);
    }
  g_array_unref (refs);
}
