/* stalemate.c — which last moves cannot stalemate, told without playing
 * them (stalemate.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The other side's legal move w (from s to t, its king on k after it)
 * stays legal after our move from a to b unless that move
 *  - takes the piece on s (b = s), or blocks w's path (b between s and t),
 *  - blocks a pawn's step (b = t), or takes away a pawn's victim (a = t),
 *  - brings a new attack on k: the piece arriving on b (whatever it
 *    becomes by promotion: on a queen line through k, or a knight's jump
 *    away), a line opened on a (a on a queen line through k), a piece
 *    taken on b that shielded k (b on a queen line through k).
 * Castling and en passant (more squares involved) are never dismissed nor
 * used as witnesses.  A move that gives check cannot stalemate either: the
 * tests above count it as touching every witness, which is only safe.
 */
#include "stalemate.h"

#define BIT(sq) (UINT64_C (1) << FE_SQ64 (sq))

/* The squares on a queen line through sq (sq included), and a knight's
 * jump away, per square. */
static uint64_t queen_lines[64], knight_jumps[64];

static void
init_lines (void)
{
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      {
        int df = ABS (i % 8 - j % 8), dr = ABS (i / 8 - j / 8);
        if (df == 0 || dr == 0 || df == dr)
          queen_lines[i] |= UINT64_C (1) << j;
        if ((df == 1 && dr == 2) || (df == 2 && dr == 1))
          knight_jumps[i] |= UINT64_C (1) << j;
      }
}

/* The squares strictly between s and t on a queen line (none otherwise). */
static uint64_t
between (FeSquare s, FeSquare t)
{
  int df = FE_FILE (t) - FE_FILE (s), dr = FE_RANK (t) - FE_RANK (s);
  if (!(df == 0 || dr == 0 || ABS (df) == ABS (dr)) || (df == 0 && dr == 0))
    return 0;
  int n = MAX (ABS (df), ABS (dr));
  uint64_t m = 0;
  for (int i = 1; i < n; i++)
    m |= BIT (FE_SQ (FE_FILE (s) + i * (df / n), FE_RANK (s) + i * (dr / n)));
  return m;
}

void
fe_stalemate_witnesses (FePosition *pos, FeStalemateWitnesses *out)
{
  static gsize lines_ready = 0;
  if (g_once_init_enter (&lines_ready))
    {
      init_lines ();
      g_once_init_leave (&lines_ready, 1);
    }
  out->n = 0;
  if (!fe_position_is_orthodox (pos))
    return;
  FeUndo nu;
  fe_make_null (pos, &nu);
  int side = pos->side;
  FeSquare king = pos->king[side];
  if (king != FE_NO_SQUARE && !fe_in_check (pos, side))
    {
      FE_MOVE_LIST (list);
      fe_generate_legal (pos, &list);
      for (int i = 0; i < list.count && out->n < FE_STALEMATE_WITNESSES; i++)
        {
          const FeMove *m = &list.moves[i];
          if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT))
            continue;
          gboolean pawn = pos->board[m->from].walk == FE_WALK_PAWN;
          FeSquare k = m->from == king ? m->to : king;
          FeWitness *w = &out->w[out->n++];
          w->arrival = BIT (m->from) | between (m->from, m->to) | queen_lines[FE_SQ64 (k)]
                       | knight_jumps[FE_SQ64 (k)];
          w->departure = queen_lines[FE_SQ64 (k)];
          if (pawn && m->capture == FE_NO_SQUARE)
            w->arrival |= BIT (m->to);
          if (pawn && m->capture != FE_NO_SQUARE)
            w->departure |= BIT (m->to);
        }
    }
  fe_unmake_null (pos, &nu);
}

gboolean
fe_stalemate_excluded (const FeStalemateWitnesses *w, const FeMove *m)
{
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_EN_PASSANT | FE_MOVE_NULL))
    return FALSE;
  uint64_t a = BIT (m->from), b = BIT (m->to);
  for (int i = 0; i < w->n; i++)
    if (!(w->w[i].arrival & b) && !(w->w[i].departure & a))
      return TRUE;
  return FALSE;
}
