/* battle.c — direct, self and reflex play, found as Popeye's tree.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lengths are in half-moves left: a #n starts with 2n-1 (ending on the
 * attacker's move), s#n and r#n with 2n (ending on the defender's).
 */
#include <string.h>

#include "search.h"

/* Search aids that can be switched off for the differential tests
 * (FEERIE_BATTLE_OFF=name,name... or "all"): they change what is searched,
 * never what is proved, so the output must not change. */
enum {
  AID_MOBILITY = 1 << 0, /* defences leaving the attacker fewest moves first */
  AID_KILLER = 1 << 1,   /* the killer tried before listing all moves */
  AID_KING_FIRST = 1 << 2, /* mate tests look at the king's moves first */
  AID_CHECKERS = 1 << 3,   /* orthodox mate in one: only pieces that may check */
};
static int battle_aids = -1;

static void
read_battle_aids (void)
{
  const char *off = g_getenv ("FEERIE_BATTLE_OFF");
  int aids = AID_MOBILITY | AID_KILLER | AID_KING_FIRST | AID_CHECKERS;
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
  battle_aids = aids;
}

static inline gboolean
aid (int which)
{
  return (battle_aids & which) != 0;
}

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

/* Has the side to move a legal move?  Mate tests mostly end on a king's
 * flight: its moves are tried before all moves are listed. */
static gboolean
has_legal_move (FeSolver *s)
{
  FePosition *pos = &s->pos;
  FeSquare k = pos->king[pos->side];
  if (aid (AID_KING_FIRST) && k != FE_NO_SQUARE)
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo_from (pos, k, &list);
      for (int i = 0; i < list.count; i++)
        {
          FeUndo undo;
          if (fe_make_legal (pos, &list.moves[i], &undo))
            {
              fe_unmake (pos, &list.moves[i], &undo);
              return TRUE;
            }
        }
    }
  return fe_has_legal_move (pos);
}

/* fe_solver_goal_reached, with the mate test above. */
static gboolean
goal_reached (FeSolver *s, const FeMove *last)
{
  if (s->goal != FE_GOAL_MATE)
    return fe_solver_goal_reached (s, last);
  return fe_in_check (&s->pos, s->pos.side) && !has_legal_move (s);
}

/* fe_solver_final_move_reaches_goal (the move not made yet), likewise. */
static gboolean
final_move_reaches_goal (FeSolver *s, const FeMove *m)
{
  if (s->goal != FE_GOAL_MATE)
    return fe_solver_final_move_reaches_goal (s, m);
  FePosition *pos = &s->pos;
  int mover = pos->side;
  if (s->orthodox && fe_orthodox_gives_check (pos, m) == 0)
    return FALSE;
  FeUndo undo;
  gboolean goal = FALSE;
  if (fe_make (pos, m, &undo) && fe_in_check (pos, pos->side) && !fe_in_check (pos, mover))
    goal = !has_legal_move (s);
  fe_unmake (pos, m, &undo);
  return goal;
}

#define SALT_GOAL1 0x510e527fade682d1ull

/* Can the side to move reach the goal in one move?  Reflex play asks it at
 * every node, and again at each length of the deepening: the answer is
 * kept in the table (depth 1, its own salt). */
/* Orthodox positions: could the side to move's piece on `sq` give check to
 * the king on `k` with any move (directly, by discovery, by promotion or
 * castling)?  Geometry only, and generous: FALSE only where no move can. */
static gboolean
may_give_check (const FePosition *pos, FeSquare sq, FeSquare k)
{
  int df = FE_FILE (k) - FE_FILE (sq), dr = FE_RANK (k) - FE_RANK (sq);
  int af = ABS (df), ar = ABS (dr);
  if (af == 0 || ar == 0 || af == ar)
    return TRUE; /* on a line through the king: a discovery, or a direct check */
  FePiece p = pos->board[sq];
  switch (p.walk)
    {
    case FE_WALK_QUEEN:
    case FE_WALK_ROOK:
      return TRUE;
    case FE_WALK_BISHOP:
      /* Only the king's colour of squares has diagonals through it. */
      return ((af + ar) & 1) == 0;
    case FE_WALK_KNIGHT:
      {
        /* Two knight steps away: by |file|, the |rank| offsets reached. */
        static const guint8 two_steps[5] = { 0x15, 0x0a, 0x11, 0x0a, 0x05 };
        return af <= 4 && ar <= 4 && (two_steps[af] >> ar & 1);
      }
    case FE_WALK_PAWN:
      {
        int up = p.colour == FE_WHITE ? dr : -dr;
        int rank = p.colour == FE_WHITE ? FE_RANK (sq) : 7 - FE_RANK (sq);
        if (rank == 6 || pos->ep_count)
          return TRUE; /* promotions; e.p. may open a line */
        return (up == 2 || up == 3) && af <= 2;
      }
    case FE_WALK_KING:
      return pos->castling != 0; /* the rook may check */
    default:
      return TRUE;
    }
}

/* Orthodox mate or check in one: only the pieces that may check are
 * listed (goal_in_one and the direct mate-in-one test). */
static gboolean
checking_goal_in_one (FeSolver *s)
{
  FePosition *pos = &s->pos;
  FeSquare k = pos->king[FE_OPPONENT (pos->side)];
  FE_MOVE_LIST (list);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (!fe_piece_playable_by (pos->board[sq], pos->side) || !may_give_check (pos, sq, k))
        continue;
      fe_generate_pseudo_from (pos, sq, &list);
      for (int j = 0; j < list.count; j++)
        if (final_move_reaches_goal (s, &list.moves[j]))
          return TRUE;
    }
  return FALSE;
}

static gboolean
checkers_only (const FeSolver *s)
{
  return aid (AID_CHECKERS) && s->orthodox && (s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_CHECK)
         && s->pos.king[FE_OPPONENT (s->pos.side)] != FE_NO_SQUARE;
}

/* goal_in_one's search (not in the table under `key`). */
static gboolean
goal_in_one_search (FeSolver *s, uint64_t key)
{
  if (checkers_only (s))
    {
      gboolean g = checking_goal_in_one (s);
      fe_tt_store (s->tt, key, 1, g);
      return g;
    }
  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  gboolean g = FALSE;
  for (int i = 0; i < list.count && !g; i++)
    g = final_move_reaches_goal (s, &list.moves[i]);
  fe_tt_store (s->tt, key, 1, g);
  return g;
}

static gboolean
goal_in_one (FeSolver *s)
{
  uint64_t key = s->pos.hash ^ SALT_GOAL1;
  int known = fe_tt_probe (s->tt, key, 1);
  if (known >= 0)
    return known;
  return goal_in_one_search (s, key);
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

/* Move ordering: the killer first, then by history, best first.  Picked
 * lazily (a selection step per move tried): a defence is usually refuted
 * by its first or second move, and sorting whole lists cost more than the
 * search it saved.  Only the search order changes, never what is proved. */
typedef struct {
  FeMoveList *list;
  guint32 *sc; /* NULL: the list is in its final order */
  guint32 stack[256];
} Picker;

static void
picker_init (FeSolver *s, Picker *p, FeMoveList *list, const FeMove *killer, gboolean checks_first)
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

static void picker_stop (Picker *p);

/* Sorts moves[i..n) by score, best first, equals in their present order. */
static void
picker_sort_rest (Picker *p, int i)
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
  picker_stop (p);
}

/* The move to try i-th: the best of those not tried yet.  The first two
 * are selected; past them the node is likely to try them all, and the rest
 * is sorted once. */
static FeMove *
picker_next (Picker *p, int i)
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
static void
picker_stop (Picker *p)
{
  if (p->sc && p->sc != p->stack)
    g_free (p->sc);
  p->sc = NULL;
}

/* Self and reflex play: orders list[from..] by the number of moves each
 * defence leaves the attacker, fewest first.  A fail is proved by one
 * refutation per attacking move, all the way down; the defence that leaves
 * the attacker least to try makes the smallest proof (an s#8 with Imitator:
 * 7× fewer nodes).  Illegal moves go last (they are skipped anyway). */
static void
order_by_mobility (FeSolver *s, FeMoveList *list, int from, const FeLegality *lg)
{
  int n = list->count - from;
  if (n < 2)
    return;
  guint32 stack_scores[256];
  guint32 *sc = n <= 256 ? stack_scores : g_new (guint32, n);
  FeMove *mv = list->moves + from;
  FE_MOVE_LIST (replies);
  for (int i = 0; i < n; i++)
    {
      FeUndo undo;
      if (!fe_make_legal_with (&s->pos, lg, &mv[i], &undo))
        {
          sc[i] = G_MAXUINT32;
          continue;
        }
      fe_generate_pseudo (&s->pos, &replies);
      sc[i] = replies.count;
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
}

/* Is the killer a pseudo-legal move here?  Only its piece's moves are
 * listed. */
static gboolean
killer_playable (FeSolver *s, const FeMove *killer)
{
  if (killer->from == killer->to)
    return FALSE; /* none yet */
  FE_MOVE_LIST (list);
  fe_generate_pseudo_from (&s->pos, killer->from, &list);
  for (int i = 0; i < list.count; i++)
    if (fe_move_equal (&list.moves[i], killer))
      return TRUE;
  return FALSE;
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
      /* The last win at this length first, found among its piece's moves
       * only: when it wins again, the attacker's moves are never listed. */
      FeMove killer = s->killer_attack[h];
      gboolean killer_tried = FALSE;
      if (aid (AID_KILLER) && killer_playable (s, &killer))
        {
          killer_tried = TRUE;
          if (h == 1 && goal_by_attacker (s))
            win = final_move_reaches_goal (s, &killer);
          else
            {
              FeUndo undo;
              if (fe_make_legal (&s->pos, &killer, &undo))
                {
                  if (goal_by_attacker (s))
                    win = goal_reached (s, &killer) || (h >= 3 && defend (s, h - 1));
                  else
                    win = h >= 2 && defend (s, h - 1);
                  fe_unmake (&s->pos, &killer, &undo);
                }
            }
          if (win)
            {
              history_reward (s, &killer, h);
              goto done;
            }
        }
      if (h == 1 && goal_by_attacker (s) && checkers_only (s))
        {
          win = checking_goal_in_one (s);
          goto done;
        }
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      Picker pk;
      if (h == 1 && goal_by_attacker (s))
        {
          pk.list = &list; /* every move is tried: no order */
          pk.sc = NULL;
        }
      else
        picker_init (s, &pk, &list, &s->killer_attack[h], s->orthodox && h >= 3);
      FeLegality lg;
      if (h > 1 || !goal_by_attacker (s))
        fe_legality_prepare (&s->pos, &lg);
      else
        lg.active = false;
      FeUndo undo;
      for (int i = 0; i < list.count && !win; i++)
        {
          FeMove *m = picker_next (&pk, i);
          if (killer_tried && fe_move_equal (m, &killer))
            continue; /* it does not win: tried above */
          if (h == 1 && goal_by_attacker (s))
            {
              win = final_move_reaches_goal (s, m);
              continue;
            }
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          if (goal_by_attacker (s))
            win = goal_reached (s, m) || (h >= 3 && defend (s, h - 1));
          else
            win = h >= 2 && defend (s, h - 1);
          fe_unmake (&s->pos, m, &undo);
          if (win)
            {
              s->killer_attack[h] = *m;
              history_reward (s, m, h);
            }
        }
      picker_stop (&pk);
    }
done:
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

/* The defence m (just made, legal) loses: the attacker wins within h - 1
 * after it. */
static gboolean
defence_loses (FeSolver *s, const FeMove *m, int h)
{
  if (goal_by_attacker (s))
    return attack (s, h - 1);
  if (reflex (s))
    /* No move reaches the goal here (goal_in_one said so). */
    return h >= 3 && attack (s, h - 1);
  return goal_reached (s, m) || (h >= 3 && attack (s, h - 1));
}

/* Defender to move: does the attacker win within h half-moves whatever
 * the defender does? */
static gboolean
defend (FeSolver *s, int h)
{
  if (s->aborted || h < 1)
    return FALSE;
  if (reflex (s) && h == 1)
    {
      /* The defender loses iff it can (so must) reach the goal: one table
       * entry, goal_in_one's, instead of two. */
      uint64_t gkey = s->pos.hash ^ SALT_GOAL1;
      int g = fe_tt_probe (s->tt, gkey, 1);
      if (g >= 0)
        return g;
      if (fe_solver_tick (s))
        return FALSE;
      return goal_in_one_search (s, gkey);
    }
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
      /* The last refutation at this length first, found among its piece's
       * moves only: it refutes most of the time, and then the defender's
       * moves are never listed. */
      FeMove killer = s->killer_defence[h];
      gboolean killer_tried = FALSE;
      if (aid (AID_KILLER) && killer_playable (s, &killer))
        {
          FeUndo undo;
          if (fe_make_legal (&s->pos, &killer, &undo))
            {
              any = TRUE;
              killer_tried = TRUE;
              lost = defence_loses (s, &killer, h);
              fe_unmake (&s->pos, &killer, &undo);
              if (!lost)
                {
                  history_reward (s, &killer, h);
                  goto done;
                }
            }
        }
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      Picker pk;
      picker_init (s, &pk, &list, &s->killer_defence[h], FALSE);
      FeLegality lg;
      fe_legality_prepare (&s->pos, &lg);
      FeUndo undo;
      /* Self and reflex play: once the killer failed, the rest by mobility
       * (lazily: the killer refutes most of the time). */
      gboolean by_mobility = !goal_by_attacker (s) && h >= 3 && aid (AID_MOBILITY);
      for (int i = 0; i < list.count && lost; i++)
        {
          if (by_mobility && (i > 0 || !fe_move_equal (picker_next (&pk, 0), &s->killer_defence[h])))
            {
              picker_stop (&pk);
              order_by_mobility (s, &list, i, &lg);
              by_mobility = FALSE;
            }
          FeMove *m = picker_next (&pk, i);
          if (killer_tried && fe_move_equal (m, &killer))
            continue; /* it loses: tried above */
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          any = TRUE;
          lost = defence_loses (s, m, h);
          fe_unmake (&s->pos, m, &undo);
          if (!lost)
            {
              s->killer_defence[h] = *m;
              history_reward (s, m, h);
            }
        }
      picker_stop (&pk);
    }
done:
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
    win = goal_reached (s, m) || (h >= 3 && defend (s, h - 1));
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
  read_battle_aids ();

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
