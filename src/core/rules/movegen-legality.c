/* movegen-legality.c — legality and check decided without playing moves.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fe_make_legal (play, look at the king), and for orthodox positions the
 * pins and checkers that decide most moves at once, and whether a move
 * gives check.
 */
#include <string.h>
#include <glib.h>

#include "movegen.h"

bool
fe_make_legal (FePosition *pos, const FeMove *move, FeUndo *undo)
{
  int mover = pos->side;
  if (fe_move_refused (pos, move))
    return false;
  if (fe_make (pos, move, undo) && !fe_in_check (pos, mover))
    return true;
  fe_unmake (pos, move, undo);
  return false;
}

#define ORTHODOX_WALKS ((UINT64_C (1) << FE_WALK_KING) | (UINT64_C (1) << FE_WALK_QUEEN) \
                        | (UINT64_C (1) << FE_WALK_ROOK) | (UINT64_C (1) << FE_WALK_BISHOP) \
                        | (UINT64_C (1) << FE_WALK_KNIGHT) | (UINT64_C (1) << FE_WALK_PAWN))

/* Queen-line unit vector for a 0x88 difference, or 0. */
static int8_t line_of_diff[240];

/* Filled before main: read by every legality and check shortcut, which
 * must not pay a once-guard. */
__attribute__ ((constructor)) static void
init_line_table (void)
{
  static const int lines[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
  for (int i = 0; i < 8; i++)
    for (int k = 1; k < 8; k++)
      line_of_diff[lines[i] * k + 119] = lines[i];
}

#define BIT(sq) (UINT64_C (1) << FE_SQ64 (sq))

void
fe_legality_prepare (FePosition *pos, FeLegality *lg)
{
  int side = pos->side;
  int k = pos->king[side];
  lg->active = false;
  if (pos->rules || ((pos->walk_mask[0] | pos->walk_mask[1]) & ~ORTHODOX_WALKS) || pos->walk_mask[2]
      || k == FE_NO_SQUARE)
    return;
  static const int lines[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
  static const int knight[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };
  lg->pinned = 0;
  const FePiece *b = pos->board;
  int enemy = side ^ 1;
  int checkers = 0, checker = -1, check_line = 0;
  const uint64_t *rays = fe_queen_rays[FE_SQ64 (k)];
  for (int i = 0; i < 8; i++)
    {
      /* A check or a pin along a line needs an enemy piece on it. */
      if (!(rays[i] & pos->occupied[enemy]))
        continue;
      int v = lines[i], s = k + v;
      while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
        s += v;
      if (s & 0x88)
        continue;
      int line_walk = i < 4 ? FE_WALK_ROOK : FE_WALK_BISHOP;
      if (b[s].colour == enemy)
        {
          if (b[s].walk == FE_WALK_QUEEN || b[s].walk == line_walk)
            checkers++, checker = s, check_line = v;
          continue;
        }
      int own = s;
      s += v;
      while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
        s += v;
      if ((s & 0x88) || b[s].colour != enemy)
        continue;
      if (b[s].walk == FE_WALK_QUEEN || b[s].walk == line_walk)
        {
          lg->pinned |= BIT (own);
          lg->pin[own] = v;
        }
    }
  for (int i = 0; i < 8; i++)
    {
      int s = k + knight[i];
      if (!(s & 0x88) && b[s].walk == FE_WALK_KNIGHT && b[s].colour == enemy)
        checkers++, checker = s, check_line = 0;
    }
  int fwd = side == FE_WHITE ? 16 : -16;
  for (int d = -1; d <= 1; d += 2)
    {
      int s = k + fwd + d;
      if (!(s & 0x88) && b[s].walk == FE_WALK_PAWN && b[s].colour == enemy)
        checkers++, checker = s, check_line = 0;
    }
  /* The other king next to ours: only after the goal move of ##, ##! or
   * !#, which leaves its own king in check (docs/rules/stipulations.md
   * §8.4), and whose goal asks whether either side can still move. */
  int ek = pos->king[enemy];
  if (ek != FE_NO_SQUARE && ABS (FE_FILE (ek) - FE_FILE (k)) <= 1 && ABS (FE_RANK (ek) - FE_RANK (k)) <= 1)
    checkers++, checker = ek, check_line = 0;
  lg->checkers = checkers;
  if (checkers == 1)
    {
      /* Other moves than the king's must take the checker or block. */
      lg->evasion = BIT (checker);
      if (check_line)
        for (int s = k + check_line; s != checker; s += check_line)
          lg->evasion |= BIT (s);
    }
  lg->king = k;
  lg->active = true;
}

int
fe_legality_of (const FeLegality *lg, const FeMove *m)
{
  if (!lg->active || m->from == lg->king || (m->flags & FE_MOVE_EN_PASSANT))
    return -1;
  if (lg->checkers)
    {
      if (lg->checkers > 1 || !(lg->evasion & BIT (m->to)))
        return 0;
      if (lg->pinned & BIT (m->from))
        return -1;
      return 1;
    }
  if (!(lg->pinned & BIT (m->from)))
    return 1;
  int8_t pin = lg->pin[m->from];
  int d = line_of_diff[m->to - m->from + 119];
  return d == pin || d == -pin;
}

bool
fe_make_legal_with (FePosition *pos, const FeLegality *lg, const FeMove *m, FeUndo *undo)
{
  switch (fe_legality_of (lg, m))
    {
    case 1:
      fe_make (pos, m, undo);
      return true;
    case 0:
      return false;
    default:
      return fe_make_legal (pos, m, undo);
    }
}

bool
fe_position_is_orthodox (const FePosition *pos)
{
  return !pos->rules && !((pos->walk_mask[0] | pos->walk_mask[1]) & ~ORTHODOX_WALKS)
         && !pos->walk_mask[2];
}

/* Squares strictly between a and b (on a queen line d) are empty, or are
 * the square the mover leaves. */
static inline bool
line_clear (const FePiece *b, int a, int target, int d, int vacated)
{
  for (int s = a + d; s != target; s += d)
    if (b[s].walk != FE_WALK_NONE && s != vacated)
      return false;
  return true;
}

int
fe_orthodox_gives_check (const FePosition *pos, const FeMove *m)
{
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT
                  | FE_MOVE_PROMOTE_IMITATOR | FE_MOVE_NULL))
    return -1;
  int side = pos->side;
  int k = pos->king[side ^ 1];
  if (k == FE_NO_SQUARE)
    return 0;
  const FePiece *b = pos->board;
  int walk = (m->flags & FE_MOVE_PROMOTION) ? m->promotion : b[m->from].walk;
  int diff = k - m->to + 119;
  /* direct check by the moved piece */
  switch (walk)
    {
    case FE_WALK_KNIGHT:
      {
        int d = k - m->to;
        if (d == 33 || d == 31 || d == 18 || d == 14 || d == -33 || d == -31 || d == -18 || d == -14)
          return 1;
        break;
      }
    case FE_WALK_PAWN:
      {
        int d = k - m->to, fwd = side == FE_WHITE ? 16 : -16;
        if (d == fwd + 1 || d == fwd - 1)
          return 1;
        break;
      }
    case FE_WALK_QUEEN:
    case FE_WALK_ROOK:
    case FE_WALK_BISHOP:
      {
        int d = line_of_diff[diff];
        bool orth = d == 1 || d == -1 || d == 16 || d == -16;
        if (d && (walk == FE_WALK_QUEEN || (walk == FE_WALK_ROOK) == orth)
            && line_clear (b, m->to, k, d, m->from))
          return 1;
        break;
      }
    case FE_WALK_KING:
      break;
    default:
      /* not an orthodox walk (orthodox positions have none to promote
       * into): let the board decide */
      return -1;
    }
  /* discovered check: the mover left a line from an own slider to the king */
  int d = line_of_diff[m->from - k + 119];
  if (!d)
    return 0;
  int dt = line_of_diff[m->to - k + 119];
  if (dt == d)
    return -1; /* moved along the line: let the board decide */
  if (!line_clear (b, k, m->from, d, -1))
    return 0;
  int s = m->from + d;
  while (!(s & 0x88) && b[s].walk == FE_WALK_NONE)
    s += d;
  if ((s & 0x88) || b[s].colour != side)
    return 0;
  bool orth = d == 1 || d == -1 || d == 16 || d == -16;
  return b[s].walk == FE_WALK_QUEEN || b[s].walk == (orth ? FE_WALK_ROOK : FE_WALK_BISHOP);
}

/* Counts the legal moves without playing the ones whose legality pins
 * decide (perft's last ply). */
