/* battle.c — direct, self and reflex play, found as Popeye's tree.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lengths are in half-moves left: a #n starts with 2n-1 (ending on the
 * attacker's move), s#n and r#n with 2n (ending on the defender's).
 */
#include <string.h>

#include "battle-private.h"
#include "ends.h"

#define SALT_ATTACK FE_BATTLE_SALT_ATTACK
#define SALT_DEFEND 0xa54ff53a5f1d36f1ull

/* Has the side to move a legal move?  Mate tests mostly end on a king's
 * flight: its moves are tried before all moves are listed. */
static gboolean
has_legal_move (FeSolver *s)
{
  FePosition *pos = &s->pos;
  FeSquare k = pos->king[pos->side];
  if (fe_battle_aid (AID_KING_FIRST) && k != FE_NO_SQUARE)
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
goal_reached (FeSolver *s, const FeMove *last, const FeUndo *undo)
{
  if (s->goal != FE_GOAL_MATE)
    return fe_solver_goal_reached (s, last, undo);
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
  if ((s->orthodox && fe_orthodox_gives_check (pos, m) == 0) || fe_move_refused (pos, m))
    return FALSE;
  FeUndo undo;
  gboolean goal = FALSE;
  if (fe_make (pos, m, &undo) && fe_in_check (pos, pos->side) && !fe_in_check (pos, mover))
    goal = !has_legal_move (s);
  fe_unmake (pos, m, &undo);
  return goal;
}

/* Mate goals (AID_NET): the moves of the side to move that may mate at
 * once, or after which the other side may mate at once (mating-net.h).
 * A move outside is proved not to: it is never made for that test.
 * `movers` all ones: the analysis has nothing to say. */
typedef struct {
  uint64_t movers;
  uint64_t dest[64];
} NetFilter;

static inline gboolean
net_admits (const NetFilter *f, const FeMove *m)
{
  int from = FE_SQ64 (m->from);
  return !f || ((f->movers >> from & 1) && (f->dest[from] >> FE_SQ64 (m->to) & 1));
}

/* Fills f for the side to move's mating move (`mating`) or its move
 * before the other side's; NULL when there is no analysis. */
static const NetFilter *
net_filter (FeSolver *s, gboolean mating, NetFilter *f)
{
  if (!s->net)
    return NULL;
  int me = s->pos.side;
  f->movers = mating ? fe_mating_net_last_movers (s->net, &s->pos, me, f->dest)
                     : fe_mating_net_last_replies (s->net, &s->pos, FE_OPPONENT (me), f->dest);
  return f;
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
checking_goal_in_one (FeSolver *s, const NetFilter *nf)
{
  FePosition *pos = &s->pos;
  FeSquare k = pos->king[FE_OPPONENT (pos->side)];
  FE_MOVE_LIST (list);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (!fe_piece_playable_by (pos->board[sq], pos->side) || !may_give_check (pos, sq, k)
          || (nf && !(nf->movers >> i & 1)))
        continue;
      fe_generate_pseudo_from (pos, sq, &list);
      for (int j = 0; j < list.count; j++)
        if (net_admits (nf, &list.moves[j]) && final_move_reaches_goal (s, &list.moves[j]))
          return TRUE;
    }
  return FALSE;
}

static gboolean
checkers_only (const FeSolver *s)
{
  return fe_battle_aid (AID_CHECKERS) && s->orthodox && (s->goal == FE_GOAL_MATE || s->goal == FE_GOAL_CHECK)
         && s->pos.king[FE_OPPONENT (s->pos.side)] != FE_NO_SQUARE;
}

/* goal_in_one's search (not in the table under `key`). */
static gboolean
goal_in_one_search (FeSolver *s, uint64_t key)
{
  NetFilter f;
  const NetFilter *nf = net_filter (s, TRUE, &f);
  gboolean g = FALSE;
  if (nf && !nf->movers)
    ; /* no move can mate */
  else if (checkers_only (s))
    g = checking_goal_in_one (s, nf);
  else
    {
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      for (int i = 0; i < list.count && !g; i++)
        g = net_admits (nf, &list.moves[i]) && final_move_reaches_goal (s, &list.moves[i]);
    }
  fe_tt_store (s->tt, key, 1, g);
  return g;
}

gboolean
fe_battle_goal_in_one (FeSolver *s)
{
  uint64_t key = s->pos.hash ^ SALT_GOAL1;
  int known = fe_tt_probe (s->tt, key, 1);
  if (known >= 0)
    return known;
  return goal_in_one_search (s, key);
}

static gboolean defend (FeSolver *s, int h);

/* fe_make_legal_with, and the table's bucket for the position reached
 * (under `salt`) starts on its way from memory before the legality test,
 * which then runs during the fetch: the child's first probe is most
 * nodes' one cache miss. */
static inline gboolean
make_legal_prefetching (FeSolver *s, const FeLegality *lg, const FeMove *m, FeUndo *undo, uint64_t salt)
{
  int legal = fe_legality_of (lg, m);
  if (legal == 0 || fe_move_refused (&s->pos, m))
    return FALSE;
  int mover = s->pos.side;
  gboolean made = fe_make (&s->pos, m, undo);
  if (salt)
    fe_tt_prefetch (s->tt, s->pos.hash ^ salt);
  if (legal == 1 || (made && !fe_in_check (&s->pos, mover)))
    return TRUE;
  fe_unmake (&s->pos, m, undo);
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
  if (fe_battle_reflex (s) && fe_battle_goal_in_one (s))
    win = FALSE; /* obliged to reach the goal itself: the wrong result */
  else
    {
      /* The last moves of a mate: only those that may mate (direct play)
       * or may let the defender mate (self and reflex play). */
      NetFilter f;
      const NetFilter *nf = NULL;
      if (h == 1 ? fe_battle_goal_by_attacker (s) : h == 2 && !fe_battle_goal_by_attacker (s))
        {
          nf = net_filter (s, h == 1, &f);
          if (nf && !nf->movers)
            goto done;
        }
      /* The last win at this length first, found among its piece's moves
       * only: when it wins again, the attacker's moves are never listed. */
      FeMove killer = s->killer_attack[h];
      gboolean killer_tried = FALSE;
      if (fe_battle_aid (AID_KILLER) && fe_battle_killer_playable (s, &killer))
        {
          killer_tried = TRUE;
          if (!net_admits (nf, &killer))
            win = FALSE;
          else if (h == 1 && fe_battle_goal_by_attacker (s))
            win = final_move_reaches_goal (s, &killer);
          else
            win = fe_battle_move_wins (s, &killer, h);
          if (win)
            {
              fe_battle_history_reward (s, &killer, h);
              goto done;
            }
        }
      if (h == 1 && fe_battle_goal_by_attacker (s) && checkers_only (s))
        {
          win = checking_goal_in_one (s, nf);
          goto done;
        }
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      FeBattlePicker pk;
      /* The last move of direct play, the last but one of self and reflex
       * play: most such nodes fail, every move is tried, and ordering them
       * costs more than it saves. */
      if (h == 1 || (h == 2 && !fe_battle_goal_by_attacker (s)))
        {
          pk.list = &list; /* no order */
          pk.sc = NULL;
        }
      else
        fe_battle_picker_init (s, &pk, &list, &s->killer_attack[h], s->orthodox && h >= 3);
      FeLegality lg;
      if (h > 1 || !fe_battle_goal_by_attacker (s))
        fe_legality_prepare (&s->pos, &lg);
      else
        lg.active = false;
      FeUndo undo;
      gboolean diverse = s->helper && h >= s->diverse_h;
      for (int i = 0; i < list.count && !win; i++)
        {
          if (diverse && i == 1)
            fe_battle_diverge (s, &pk, &list);
          FeMove *m = fe_battle_picker_next (&pk, i);
          if ((killer_tried && fe_move_equal (m, &killer)) || !net_admits (nf, m))
            continue; /* it does not win: tried above, or proved */
          if (h == 1 && fe_battle_goal_by_attacker (s))
            {
              win = final_move_reaches_goal (s, m);
              continue;
            }
          if (!make_legal_prefetching (s, &lg, m, &undo,
                                       h > 2 ? SALT_DEFEND : fe_battle_reflex (s) ? SALT_GOAL1 : 0))
            {
              win = fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, m);
              continue;
            }
          if (fe_battle_goal_by_attacker (s))
            win = goal_reached (s, m, &undo) || (h >= 3 && defend (s, h - 1));
          else
            win = h >= 2 && defend (s, h - 1);
          fe_unmake (&s->pos, m, &undo);
          if (win)
            {
              s->killer_attack[h] = *m;
              fe_battle_history_reward (s, m, h);
            }
          else if (s->tt_shared && h >= 4 && (known = fe_tt_probe (s->tt, key, h)) >= 0)
            {
              win = known; /* another thread settled this node meanwhile */
              break;
            }
        }
      fe_battle_picker_stop (&pk);
    }
done:
  if (!s->aborted)
    fe_tt_store (s->tt, key, h, win);
  return win;
}

static int min_attack_h (const FeSolver *s);

/* Per-node iterative deepening: the short wins are proved first, each
 * length's result kept in the table, so a position with a short win never
 * searches the long lines.  It begins at the second length: the search at
 * length 3 (direct play; 4 in self and reflex play) sees the wins in one
 * move as it goes, and a separate pass for them cost more than it saved
 * (speed set: #7 -20 % time, the others -2 to -8 %). */
gboolean
fe_battle_attack (FeSolver *s, int h)
{
  for (int k = min_attack_h (s) + 2 + ((h - min_attack_h (s)) & 1); k < h; k += 2)
    if (attack_at (s, k))
      return TRUE;
  return attack_at (s, h);
}

/* The defence m (just made, legal) loses: the attacker wins within h - 1
 * after it. */
static gboolean
defence_loses (FeSolver *s, const FeMove *m, const FeUndo *undo, int h, const NetFilter *nf)
{
  if (!net_admits (nf, m))
    return FALSE; /* no mate at once, by the defender or after it */
  if (fe_battle_goal_by_attacker (s))
    return fe_battle_attack (s, h - 1);
  if (fe_battle_reflex (s))
    /* No move reaches the goal here (goal_in_one said so). */
    return h >= 3 && fe_battle_attack (s, h - 1);
  return goal_reached (s, m, undo) || (h >= 3 && fe_battle_attack (s, h - 1));
}

/* Plays the defence m if it is legal (*played says whether): does it
 * lose?  An unplayable move loses nothing and refutes nothing: TRUE. */
static gboolean
defence_played_loses (FeSolver *s, const FeMove *m, int h, const NetFilter *nf, gboolean *played)
{
  FeUndo undo;
  *played = fe_make_legal (&s->pos, m, &undo);
  if (!*played)
    {
      /* Self play's goal move may leave the defender in check (##, ##!,
       * !#): played, and lost. */
      *played = !fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, m);
      return TRUE;
    }
  gboolean lost = defence_loses (s, m, &undo, h, nf);
  fe_unmake (&s->pos, m, &undo);
  return lost;
}

/* Defender to move: does the attacker win within h half-moves whatever
 * the defender does? */
static gboolean
defend (FeSolver *s, int h)
{
  if (s->aborted || h < 1)
    return FALSE;
  if (fe_battle_reflex (s) && h == 1)
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
  /* Self play's last move, the commonest node, is not kept in the table:
   * its answer is mostly the killer's, found again for less than the
   * probe's cache miss (an Imitator s#8: 3.3 M probes, a fifth answered,
   * the table two thirds full of them; without, 13 % less time, an
   * orthodox s#4 20 %, for 20 % and 35 % more nodes). */
  gboolean tabled = h > 1;
  FeMove killer = s->killer_defence[h];
  int killer_playable = -1; /* not looked at yet */
  FE_MOVE_LIST (killer_piece);
  if (h == 1 && fe_battle_aid (AID_KILLER))
    killer_playable = fe_battle_killer_piece_moves (s, &killer, &killer_piece);
  int known = tabled ? fe_tt_probe (s->tt, key, h) : -1;
  if (known >= 0)
    return known;
  /* Nodes count the positions searched, not the table's answers. */
  if (fe_solver_tick (s))
    return FALSE;
  gboolean lost = TRUE, any = FALSE;
  NetFilter f;
  const NetFilter *nf = NULL;
  if (fe_battle_reflex (s) && fe_battle_goal_in_one (s))
    any = TRUE; /* it must reach the goal: the attacker's aim */
  else if (fe_battle_reflex (s) && h == 1)
    lost = FALSE;
  else if (h == 2 && fe_battle_goal_by_attacker (s) && (nf = net_filter (s, FALSE, &f)) && !nf->movers)
    lost = FALSE; /* no mate after any of its moves: a legal one refutes */
  else
    {
      /* With 4 half-moves left or more (3 in self and reflex play) the
       * defences go by the attacker's mobility after them, from the first:
       * the defence that leaves the attacker fewest moves is the likeliest
       * refutation with the smallest proof, and there the subtrees are
       * large enough to pay for the ordering.  The killer refutes there
       * too, but it is a refutation of another position, often a costly
       * one: it no longer goes first (an Imitator s#8: 4.0 M -> 27 k nodes,
       * its refutations of 1.h8=Q had cost 2.4 M by the killer; an
       * Imitator #9 475 k -> 140 k; orthodox #5 to #7 -35 to -64 %). */
      gboolean by_mobility = h >= (fe_battle_goal_by_attacker (s) ? 4 : 3) && fe_battle_aid (AID_MOBILITY);
      /* Otherwise the last refutation at this length first, found among
       * its piece's moves only: it refutes most of the time, and then the
       * defender's moves are never listed. */
      gboolean killer_tried = FALSE;
      if (killer_playable < 0)
        killer_playable = !by_mobility && fe_battle_aid (AID_KILLER) && fe_battle_killer_playable (s, &killer);
      if (killer_playable)
        {
          lost = defence_played_loses (s, &killer, h, nf, &killer_tried);
          any = killer_tried;
          if (!lost)
            {
              fe_battle_history_reward (s, &killer, h);
              goto done;
            }
        }
      /* Then its piece's other moves (Popeye's killer piece): one of them
       * often refutes, and the other pieces' moves are never listed. */
      for (int i = 0; i < killer_piece.count; i++)
        {
          FeMove *m = &killer_piece.moves[i];
          gboolean played;
          if (fe_move_equal (m, &killer))
            continue;
          lost = defence_played_loses (s, m, h, nf, &played);
          any |= played;
          if (!lost)
            {
              s->killer_defence[h] = *m;
              fe_battle_history_reward (s, m, h);
              goto done;
            }
        }
      FE_MOVE_LIST (list);
      fe_generate_pseudo (&s->pos, &list);
      FeBattlePicker pk;
      if (h == 1 || (by_mobility && !fe_battle_goal_by_attacker (s)))
        {
          /* Self play's last move: any move that does not reach the goal
           * refutes; no order finds one sooner.  The mobility order alone
           * in self and reflex play: there the killer and history made
           * poorer ties (s#8, r#5, s#4: 4-9 % more nodes). */
          pk.list = &list;
          pk.sc = NULL;
        }
      else
        {
          fe_battle_picker_init (s, &pk, &list, &s->killer_defence[h], FALSE);
          /* Direct play's last defence: one after which no mate is
           * possible refutes if it is legal (after the killer). */
          for (int i = 0; nf && pk.sc && i < list.count; i++)
            if (!net_admits (nf, &list.moves[i]) && pk.sc[i] != G_MAXUINT32)
              pk.sc[i] = (1u << 31) + MIN (pk.sc[i], 1u << 30);
        }
      gboolean diverse = s->helper && h >= s->diverse_h;
      FeLegality lg;
      fe_legality_prepare (&s->pos, &lg);
      FeUndo undo;
      /* A refutation the table knew (fe_battle_order_by_mobility) becomes
       * the killer in direct play only: in self play it made a poor one
       * (the s#8: 2.79 M nodes of the last move, 2.63 M without).  Direct
       * play's equal mobilities go in the picker's order, killer and
       * history first (an orthodox #7 1.06 M -> 0.76 M nodes, a #5 -15 %;
       * mobility by legal replies, pseudo-legal ones under fairy
       * conditions: fe_battle_order_by_mobility). */
      int known_first = -1;
      if (by_mobility)
        {
          fe_battle_picker_sort (&pk);
          known_first = fe_battle_order_by_mobility (s, &list, 0, &lg, h) ? 0 : -1;
        }
      for (int i = 0; i < list.count && lost; i++)
        {
          if (diverse && i == 1)
            fe_battle_diverge (s, &pk, &list);
          FeMove *m = fe_battle_picker_next (&pk, i);
          if (killer_tried && fe_move_equal (m, &killer))
            continue; /* it loses: tried above */
          if (killer_piece.count && m->from == killer.from)
            continue; /* so does every move of its piece */
          if (!make_legal_prefetching (s, &lg, m, &undo, h > 1 ? SALT_ATTACK : 0))
            {
              any |= !fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, m);
              continue;
            }
          any = TRUE;
          lost = defence_loses (s, m, &undo, h, nf);
          fe_unmake (&s->pos, m, &undo);
          if (!lost && net_admits (nf, m) && (i != known_first || fe_battle_goal_by_attacker (s)))
            {
              s->killer_defence[h] = *m;
              fe_battle_history_reward (s, m, h);
            }
          else if (!lost)
            ; /* proved by the filter or the table: no sign of a good defence elsewhere */
          else if (s->tt_shared && h >= 4 && (known = fe_tt_probe (s->tt, key, h)) >= 0)
            {
              lost = known; /* another thread settled this node meanwhile */
              break;
            }
        }
      fe_battle_picker_stop (&pk);
    }
done:
  lost = lost && any;
  if (!s->aborted && tabled)
    fe_tt_store (s->tt, key, h, lost);
  return lost;
}

static int
min_attack_h (const FeSolver *s)
{
  return fe_battle_goal_by_attacker (s) ? 1 : 2;
}

/* Shortest win of the attacker within h, or 0. */
int
fe_battle_attack_length (FeSolver *s, int h)
{
  for (int k = min_attack_h (s); k <= h; k += 2)
    if (fe_battle_attack (s, k))
      return k;
  return 0;
}

/* Does this attacking move (to be made now) win within h? */
gboolean
fe_battle_move_wins (FeSolver *s, const FeMove *m, int h)
{
  FeUndo undo;
  if (!fe_make_legal (&s->pos, m, &undo))
    return fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, m);
  gboolean win;
  if (fe_battle_goal_by_attacker (s))
    win = goal_reached (s, m, &undo) || (h >= 3 && defend (s, h - 1));
  else
    win = h >= 2 && defend (s, h - 1);
  fe_unmake (&s->pos, m, &undo);
  return win;
}

/* What a first move `m` is: not legal, a key (wins within h), a try (at
 * most max_ref refutations, listed in `refs`, *n_refs of them), or
 * neither. */
typedef enum { FIRST_ILLEGAL, FIRST_KEY, FIRST_TRY, FIRST_NEITHER } FirstMove;

static FirstMove
judge_first_move (FeSolver *s, const FeMove *m, int h, int max_ref, GArray *refs, int *n_refs)
{
  FeUndo undo;
  if (!fe_make_legal (&s->pos, m, &undo))
    return fe_battle_goal_by_attacker (s) && fe_solver_self_check_goal (s, m) ? FIRST_KEY : FIRST_ILLEGAL;
  fe_unmake (&s->pos, m, &undo);
  if (fe_battle_move_wins (s, m, h))
    return FIRST_KEY;
  if (!max_ref || (fe_battle_goal_by_attacker (s) && h < 3))
    return FIRST_NEITHER;
  fe_make (&s->pos, m, &undo);
  *n_refs = fe_battle_refutations (s, h - 1, refs, max_ref);
  fe_unmake (&s->pos, m, &undo);
  return *n_refs >= 1 && *n_refs <= max_ref ? FIRST_TRY : FIRST_NEITHER;
}

/* What a helper thread does (fe_solver_helpers_start): decides whether
 * the first moves win and, where tries are wanted, looks for their
 * refutations as the solving thread will, beginning at its own place in
 * the list, while the solving thread writes the solution and finds the
 * helpers' proofs in the shared table.  (Without the refutations a
 * helper of #5 with Defence 2 ran out of work halfway: the solving thread
 * spent the rest alone looking for every try's second and third
 * refutation.) */
typedef struct {
  FeMoveList list;
  int h;
  int max_ref;
} BattleRoot;

static void
battle_helper (FeSolver *w, int helper, gpointer data)
{
  BattleRoot *b = data;
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (FeMove));
  for (int i = 0; i < b->list.count && !w->aborted; i++)
    {
      int n_refs;
      judge_first_move (w, &b->list.moves[fe_solver_helper_order (w, i, b->list.count)], b->h,
                        b->max_ref, refs, &n_refs);
    }
  g_array_unref (refs);
}

void
fe_solve_battle (FeSolver *s)
{
  int n = s->stip.moves;
  int h = fe_battle_goal_by_attacker (s) ? 2 * n - 1 : 2 * n;
  const FeOptions *o = &s->problem->options;
  int max_ref = o->defence > 0 ? o->defence : (o->tries ? 1 : 0);
  int threads = s->config ? s->config->threads : 1;
  fe_battle_read_aids ();
  /* r#: White must not be able to reach the goal in the diagram. */
  if (fe_battle_reflex (s) && fe_reflex_diagram_violation (s, TRUE))
    return;
  /* Mates: the last moves filtered by the mating-net analysis, where it
   * is sound (it says why not for the help search; here it is only
   * left out). */
  FeMatingNet *net = NULL;
  if (fe_battle_aid (AID_NET))
    {
      char *why = NULL;
      net = fe_mating_net_new (&s->pos, s->goal == FE_GOAL_MATE, &why);
      g_free (why);
    }
  s->net = net;

  BattleRoot *root = NULL;
  FeSolverHelpers *helpers = NULL;
  if (threads > 1 && h >= 3)
    {
      root = g_new (BattleRoot, 1);
      root->h = h;
      root->max_ref = max_ref;
      fe_generate_pseudo (&s->pos, &root->list);
      /* Helpers diverge at the first moves' defences and the attacker's
       * replies to them: below, the subtrees are small enough to share
       * through the table.  (Measured on the speed set: deeper divergence
       * cost more nodes than it saved.) */
      helpers = fe_solver_helpers_start (s, threads, h - 2, battle_helper, root);
    }

  if (o->set_play && h >= 2)
    fe_battle_print_set_play (s, h);

  FE_MOVE_LIST (list);
  fe_generate_pseudo (&s->pos, &list);
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (FeMove));
  for (int i = 0; i < list.count && !s->aborted; i++)
    {
      FeMove *m = &list.moves[i];
      fe_solver_note_root (s, n, i, list.count);
      int n_refs = 0;
      switch (judge_first_move (s, m, h, max_ref, refs, &n_refs))
        {
        case FIRST_KEY:
          fe_battle_print_attack (s, 0, m, h, FE_ROLE_KEY, NULL, 0);
          s->solutions++;
          break;
        case FIRST_TRY: /* like a key, then its refutations */
          fe_battle_print_attack (s, 0, m, h, FE_ROLE_TRY, (FeMove *) refs->data, n_refs);
          break;
        case FIRST_ILLEGAL:
        case FIRST_NEITHER:
          break;
        }
    }
  g_array_unref (refs);
  fe_solver_helpers_stop (s, helpers);
  s->net = NULL;
  fe_mating_net_free (net);
  if (root)
    {
      fe_move_list_release (&root->list);
      g_free (root);
    }
}
