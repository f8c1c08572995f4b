/* movegen-check.c — what generation and check share: the conditions'
 * filters and choices, the departures (Mars Circe, AntiMars, Phantom
 * chess: docs/rules/mars-circe.md) and check, which under those conditions
 * is a matter of generating captures.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Below castling and legality (which test check) and movegen.c (the
 * lists), above the walks' generator.
 */
#include <string.h>
#include <glib.h>

#include "movegen-private.h"

bool
fe_piece_may_move (const FePosition *pos, FeSquare sq)
{
  const FeRules *r = pos->rules;
  for (int i = 0; i < r->n_ops; i++)
    if (r->ops[i]->piece_may_move && !r->ops[i]->piece_may_move (pos, sq))
      return false;
  return true;
}

static bool
mover_removed (const FePosition *pos, const FeRules *r, const FeMove *m)
{
  for (int k = 0; k < r->n_ops; k++)
    if (r->ops[k]->removes_mover && r->ops[k]->removes_mover (pos, m))
      return true;
  return false;
}

/* ---- departures (Mars Circe, AntiMars, Phantom: docs/rules/mars-circe.md) ---- */

/* The rebirth square a piece departs from by `rule`, where it stands on
 * `sq`, played by `side`: its own column (a neutral one, the mover's). */
static FeSquare
departure_square (const FePosition *pos, const FeDepartureRule *rule, FeSquare sq, int side)
{
  FePiece p = pos->board[sq];
  FeRebirthQuery q = { p, sq, p.colour == FE_NEUTRAL ? side : p.colour, NULL, FE_PIECE_EMPTY };
  return fe_rebirth_square (&rule->rule, pos->rules, &q);
}

FeSquare
fe_move_departure (const FePosition *pos, const FeMove *m)
{
  if (!(m->xflags & FE_MOVE_X_FROM_REBIRTH))
    return m->from;
  const FeDeparture *d = &pos->rules->departure;
  const FeDepartureRule *rule = m->capture != FE_NO_SQUARE ? &d->captures : &d->quiet;
  return departure_square (pos, rule, m->from, pos->side);
}

/* Does the departure rule of this kind apply to the piece on `sq`? */
static bool
departs (const FeDepartureRule *rule, FePiece p)
{
  return rule->mode != FE_DEPART_HERE && (rule->kings || p.walk != FE_WALK_KING);
}

/* The moves of the piece on `sq` as the departures say: its own moves of
 * each kind that may start here, then those made as if from its rebirth
 * square (vacant, or its own square: then they are its own moves). */
static void
gen_piece_departing (Gen *g, FeSquare sq)
{
  const FeDeparture *d = &g->pos->rules->departure;
  FePiece p = g->pos->board[sq];
  FeMoveList *list = g->list;
  int start = list->count;
  fe_gen_piece (g, sq);
  const FeDepartureRule *kinds[2] = { &d->captures, &d->quiet };
  FeSquare rebirth[2];
  bool here[2];
  for (int k = 0; k < 2; k++)
    {
      rebirth[k] = departs (kinds[k], p) ? departure_square (g->pos, kinds[k], sq, g->side)
                                         : FE_NO_SQUARE;
      /* From its own square: not when the kind starts only from the
       * rebirth square and that is elsewhere. */
      here[k] = !departs (kinds[k], p) || kinds[k]->mode == FE_DEPART_BOTH || rebirth[k] == sq;
    }
  int n = start;
  for (int i = start; i < list->count; i++)
    {
      int k = list->moves[i].capture != FE_NO_SQUARE ? 0 : 1;
      if (here[k])
        list->moves[n++] = list->moves[i];
    }
  list->count = n;
  int own_end = n;
  for (int k = 0; k < 2; k++)
    {
      FeSquare r = rebirth[k];
      if (r == FE_NO_SQUARE || r == sq || !FE_ON_BOARD (r) || g->board[r].walk)
        continue;
      /* The piece stands on its rebirth square, its own square vacant. */
      FePiece board[128];
      memcpy (board, g->board, sizeof board);
      board[sq] = FE_PIECE_EMPTY;
      board[r] = p;
      FePosition moved = *g->pos;
      moved.board[sq] = FE_PIECE_EMPTY;
      moved.board[r] = p;
      Gen from_rebirth = { &moved, g->side, list, board, NULL, NULL, false };
      int first = list->count;
      fe_gen_piece (&from_rebirth, r);
      int m = first;
      for (int i = first; i < list->count; i++)
        {
          FeMove mv = list->moves[i];
          int kind = mv.capture != FE_NO_SQUARE ? 0 : 1;
          if (kind != k || mv.to == sq)
            continue;
          if (kinds[k]->new_arrivals && !g->for_check)
            {
              bool seen = false;
              for (int j = start; j < own_end && !seen; j++)
                seen = list->moves[j].to == mv.to;
              if (seen)
                continue;
            }
          mv.from = sq;
          mv.xflags |= FE_MOVE_X_FROM_REBIRTH;
          /* No e.p. right from a step that did not start where it stood. */
          mv.flags &= (uint8_t) ~FE_MOVE_MULTI_STEP;
          list->moves[m++] = mv;
        }
      list->count = m;
    }
}


/* ---- Take&Make (docs/rules/take-and-make.md) ------------------------- */

/* Each capture among the moves from `start` on becomes the moves that
 * capture and then, from where the capturer landed, make a move without
 * capturing by the victim's walk, played as the victim's side would play
 * it; a capture with no such move is none.  The move keeps its capture
 * square and ends on the make's arrival (`Sh3*g5-g6`, as a locust's). */
static void
take_and_make (Gen *g, int start)
{
  FeMoveList *list = g->list;
  const FePosition *pos = g->pos;
  int end = list->count, n = start, n_takes = 0;
  FeMove *takes = g_new (FeMove, end - start + 1);
  for (int i = start; i < end; i++)
    {
      FeMove m = list->moves[i];
      if (m.capture == FE_NO_SQUARE)
        {
          list->moves[n++] = m;
          continue;
        }
      /* Its promotions are one take: the make decides the arrival. */
      bool seen = false;
      for (int k = 0; k < n_takes && !seen; k++)
        seen = takes[k].from == m.from && takes[k].to == m.to && takes[k].capture == m.capture
               && takes[k].xflags == m.xflags;
      if (!seen)
        takes[n_takes++] = m;
    }
  list->count = n;
  FE_MOVE_LIST (makes);
  for (int t = 0; t < n_takes; t++)
    {
      const FeMove *take = &takes[t];
      FePiece mover = pos->board[take->from], victim = pos->board[take->capture];
      int victim_side = victim.colour == FE_NEUTRAL ? FE_OPPONENT (g->side) : victim.colour;
      int mover_side = mover.colour == FE_NEUTRAL ? g->side : mover.colour;
      FePiece stand = { victim.walk, (uint8_t) victim_side, 0, mover.id };
      FePosition moved = *pos;
      FePiece board[128];
      memcpy (board, g->board, sizeof board);
      moved.board[take->from] = board[take->from] = FE_PIECE_EMPTY;
      moved.board[take->capture] = board[take->capture] = FE_PIECE_EMPTY;
      moved.board[take->to] = board[take->to] = stand;
      fe_move_list_reset (&makes);
      Gen make = { &moved, victim_side, &makes, board, NULL, NULL, false, false };
      fe_gen_piece (&make, take->to);
      int promo_rank = mover_side == FE_WHITE ? 7 : 0, base_rank = 7 - promo_rank;
      for (int i = 0; i < makes.count; i++)
        {
          FeSquare a = makes.moves[i].to;
          if (makes.moves[i].capture != FE_NO_SQUARE)
            continue;
          bool seen = false;
          for (int k = 0; k < i && !seen; k++)
            seen = makes.moves[k].capture == FE_NO_SQUARE && makes.moves[k].to == a;
          /* A pawn may not make to its own first rank (Popeye's rule). */
          if (seen || (mover.walk == FE_WALK_PAWN && FE_RANK (a) == base_rank))
            continue;
          uint8_t flags = FE_MOVE_CAPTURE | (take->flags & FE_MOVE_EN_PASSANT);
          int first = list->count;
          if (mover.walk == FE_WALK_PAWN)
            fe_gen_push_pawn_move (g, take->from, a, take->capture, flags, FE_NATURE_OTHER, 0,
                                   promo_rank);
          else
            push (g, take->from, a, take->capture, flags, FE_NATURE_OTHER, 0);
          for (int k = first; k < list->count; k++)
            list->moves[k].xflags = take->xflags;
        }
    }
  g_free (takes);
}

/* ---- Make&Take (docs/rules/make-and-take.md) ------------------------- */

/* One make: where the capturer arrives and, for a castling make, the
 * partner rook's way (FE_NO_SQUARE: none). */
typedef struct {
  FeSquare to, rook_from, rook_to;
} Make;

/* The makes by a king's walk from the victim side's king square include
 * its castlings, as if the capturer were that side's unmoved king: the
 * rook's right in force and the squares between empty (Popeye's; no
 * king stands there to be in check). */
static int
castling_makes (const FePosition *pos, const FePiece *board, FeSquare sq, int victim_side,
                Make *out)
{
  int rank = victim_side == FE_WHITE ? 0 : 7, n = 0;
  if (sq != FE_SQ (4, rank))
    return 0;
  static const struct { int corner, king_to, rook_to; uint8_t white_flag; } kinds[2] = {
    { 7, 6, 5, FE_CASTLE_WH }, { 0, 2, 3, FE_CASTLE_WA } };
  for (int k = 0; k < 2; k++)
    {
      uint8_t flag = victim_side == FE_WHITE ? kinds[k].white_flag : (uint8_t) (kinds[k].white_flag << 3);
      FeSquare corner = FE_SQ (kinds[k].corner, rank);
      if (!(pos->castling & flag) || !fe_piece_playable_by (board[corner], victim_side))
        continue;
      bool clear = true;
      int step = kinds[k].corner > 4 ? 1 : -1;
      for (int f = 4 + step; f != kinds[k].corner && clear; f += step)
        clear = board[FE_SQ (f, rank)].walk == FE_WALK_NONE;
      if (clear)
        out[n++] = (Make) { FE_SQ (kinds[k].king_to, rank), corner, FE_SQ (kinds[k].rook_to, rank) };
    }
  return n;
}

/* The captures among the moves of the piece on `sq` from `start` on give
 * way to the moves that first make a move without capturing by a victim's
 * walk, played as the victim's side, and then capture a piece of that walk
 * from where the make arrived.  The move is written from the capturer's
 * square to the capture (`Kb4*a2`): makes that lead to the same capture are
 * one move. */
static void
make_and_take (Gen *g, FeSquare sq, int start)
{
  FeMoveList *list = g->list;
  const FePosition *pos = g->pos;
  int n = start;
  for (int i = start; i < list->count; i++)
    if (list->moves[i].capture == FE_NO_SQUARE)
      list->moves[n++] = list->moves[i];
  list->count = n;
  int victim_side = FE_OPPONENT (g->side);
  FePiece mover = pos->board[sq];
  bool walks[FE_WALK_MAX] = { false };
  if (g->target)
    walks[g->board[*g->target].walk] = true;
  else
    {
      uint64_t theirs = pos->occupied[victim_side] | pos->occupied[FE_NEUTRAL];
      while (theirs)
        {
          FeSquare v = FE_SQ88 (__builtin_ctzll (theirs));
          theirs &= theirs - 1;
          if (fe_piece_capturable_by (pos->board[v], g->side))
            walks[pos->board[v].walk] = true;
        }
    }
  FePosition moved = *pos;
  FePiece board[128];
  memcpy (board, g->board, sizeof board);
  moved.board[sq] = board[sq] = FE_PIECE_EMPTY;
  FE_MOVE_LIST (makes);
  FE_MOVE_LIST (takes);
  for (int w = 1; w < FE_WALK_MAX; w++)
    {
      if (!walks[w])
        continue;
      FePiece stand = { (uint8_t) w, (uint8_t) victim_side, 0, mover.id };
      moved.board[sq] = board[sq] = stand;
      fe_move_list_reset (&makes);
      Gen make = { &moved, victim_side, &makes, board, NULL, NULL, false, false, NULL };
      fe_gen_piece (&make, sq);
      moved.board[sq] = board[sq] = FE_PIECE_EMPTY;
      Make castlings[2];
      /* A castling make is tried for check only: a move made of one
       * (a king captured under Circe Rex inclusive) is not played here. */
      int n_castlings = w == FE_WALK_KING && g->target
                        ? castling_makes (pos, board, sq, victim_side, castlings) : 0;
      for (int i = 0; i < makes.count + n_castlings; i++)
        {
          Make mk = { FE_NO_SQUARE, FE_NO_SQUARE, FE_NO_SQUARE };
          if (i < makes.count)
            {
              mk.to = makes.moves[i].to;
              if (makes.moves[i].capture != FE_NO_SQUARE)
                continue;
              bool seen = false;
              for (int k = 0; k < i && !seen; k++)
                seen = makes.moves[k].capture == FE_NO_SQUARE && makes.moves[k].to == mk.to;
              if (seen)
                continue;
            }
          else
            mk = castlings[i - makes.count];
          FeSquare a = mk.to;
          FePiece rook = FE_PIECE_EMPTY;
          if (mk.rook_from != FE_NO_SQUARE)
            {
              rook = board[mk.rook_from];
              moved.board[mk.rook_from] = board[mk.rook_from] = FE_PIECE_EMPTY;
              moved.board[mk.rook_to] = board[mk.rook_to] = rook;
            }
          moved.board[a] = board[a] = mover;
          fe_move_list_reset (&takes);
          Gen take = { &moved, g->side, &takes, board, NULL, NULL, false, g->for_check, NULL };
          fe_gen_piece (&take, a);
          moved.board[a] = board[a] = FE_PIECE_EMPTY;
          if (mk.rook_from != FE_NO_SQUARE)
            {
              moved.board[mk.rook_to] = board[mk.rook_to] = FE_PIECE_EMPTY;
              moved.board[mk.rook_from] = board[mk.rook_from] = rook;
            }
          for (int t = 0; t < takes.count; t++)
            {
              FeMove m = takes.moves[t];
              if (m.capture == FE_NO_SQUARE || board[m.capture].walk != w
                  || (g->target && m.capture != *g->target))
                continue;
              m.from = sq;
              m.flags &= (uint8_t) ~FE_MOVE_MULTI_STEP;
              bool again = false;
              for (int k = start; k < list->count && !again; k++)
                again = list->moves[k].capture == m.capture && list->moves[k].to == m.to
                        && list->moves[k].promotion == m.promotion;
              if (!again)
                fe_move_list_push (list, &m);
            }
        }
    }
}

FeSquare
fe_move_make_square (const FePosition *pos, const FeMove *m)
{
  const FeRules *r = pos->rules;
  if (!r || !r->make_and_take || m->capture == FE_NO_SQUARE)
    return FE_NO_SQUARE;
  FePosition moved = *pos;
  FePiece mover = pos->board[m->from], victim = pos->board[m->capture];
  int victim_side = FE_OPPONENT (pos->side);
  FePiece board[128];
  const FePiece *seen = fe_gen_board (&moved, pos->side, board);
  if (seen != board)
    memcpy (board, seen, sizeof board);
  FE_MOVE_LIST (makes);
  FE_MOVE_LIST (takes);
  moved.board[m->from] = board[m->from]
    = (FePiece) { victim.walk, (uint8_t) victim_side, 0, mover.id };
  Gen make = { &moved, victim_side, &makes, board, NULL, NULL, false, false, NULL };
  fe_gen_piece (&make, m->from);
  moved.board[m->from] = board[m->from] = FE_PIECE_EMPTY;
  for (int i = 0; i < makes.count; i++)
    {
      FeSquare a = makes.moves[i].to;
      if (makes.moves[i].capture != FE_NO_SQUARE)
        continue;
      moved.board[a] = board[a] = mover;
      fe_move_list_reset (&takes);
      Gen take = { &moved, pos->side, &takes, board, NULL, NULL, false, false, NULL };
      fe_gen_piece (&take, a);
      moved.board[a] = board[a] = FE_PIECE_EMPTY;
      for (int t = 0; t < takes.count; t++)
        if (takes.moves[t].capture == m->capture && takes.moves[t].to == m->to
            && takes.moves[t].promotion == m->promotion)
          return a;
    }
  return FE_NO_SQUARE;
}

/* Danger Circe's escape (FeConditionOps.escape_when_attacked): the piece
 * on `sq`, attacked by the other side, goes to the square the rule sends
 * it to — empty, or held by a piece it may take.  Not an observation; a
 * move the piece's walk makes already is not listed twice (Popeye's). */
static void
escape (Gen *g, FeSquare sq, int start)
{
  const FeRules *r = g->pos->rules;
  FePiece p = g->pos->board[sq];
  if (g->observe || !fe_square_attacked (g->pos, sq, FE_OPPONENT (g->side)))
    return;
  FeRebirthQuery q = { p, sq, g->side, NULL, FE_PIECE_EMPTY, 0 };
  FeSquare to = fe_rebirth_square (&r->escape, r, &q);
  if (to == FE_NO_SQUARE || to == sq || fe_position_imitator_at (g->pos, to) >= 0)
    return;
  for (int i = start; i < g->list->count; i++)
    if (g->list->moves[i].from == sq && g->list->moves[i].to == to
        && g->list->moves[i].capture == (g->pos->board[to].walk ? to : FE_NO_SQUARE))
      return;
  FePiece there = g->pos->board[to];
  if (!there.walk)
    push (g, sq, to, FE_NO_SQUARE, 0, FE_NATURE_OTHER, 0);
  else if (fe_piece_capturable_by (there, g->side))
    push (g, sq, to, to, FE_MOVE_CAPTURE, FE_NATURE_OTHER, 0);
}

void
fe_gen_piece_reshaped (Gen *g, FeSquare sq)
{
  const FeRules *r = g->pos->rules;
  int start = g->list->count;
  if (r->any_departure)
    gen_piece_departing (g, sq);
  else
    fe_gen_piece (g, sq);
  /* A king is taken without a make: check is plain attack (Popeye's). */
  if (r->take_and_make && !g->for_check)
    take_and_make (g, start);
  if (r->make_and_take)
    make_and_take (g, sq, start);
  if (r->any_escape)
    escape (g, sq, start);
}

/* The conditions' move filters and choices, on a list of pseudo-legal
 * moves. */
void
fe_apply_condition_filters (FePosition *pos, const FeRules *r, FeMoveList *list)
{
  if (r->any_move_hook)
    {
      int n = 0;
      for (int i = 0; i < list->count; i++)
        {
          bool ok = true;
          for (int k = 0; k < r->n_ops && ok; k++)
            if (r->ops[k]->move_allowed)
              ok = r->ops[k]->move_allowed (pos, &list->moves[i]);
          if (ok)
            list->moves[n++] = list->moves[i];
        }
      list->count = n;
    }
  for (int k = 0; r->any_list_filter && k < r->n_ops; k++)
    if (r->ops[k]->filter_list)
      r->ops[k]->filter_list (pos, list);
  for (int k = 0; k < r->n_ops; k++)
    {
      if (!r->ops[k]->choice_count)
        continue;
      int n = list->count;
      for (int i = 0; i < n; i++)
        {
          if (r->ops[k]->mutates_mover && mover_removed (pos, r, &list->moves[i]))
            continue;
          int c = r->ops[k]->choice_count (pos, &list->moves[i]);
          for (int j = 1; j < c; j++)
            {
              FeMove alt = list->moves[i];
              alt.choice |= (uint32_t) j << r->ops[k]->choice_shift;
              fe_move_list_push (list, &alt);
            }
        }
    }
}

/* Does capture `m`, played with its effects, take the king of `side` off
 * the board (Circe Assassin: a piece reborn on its square)?  A move a
 * condition rejects takes nothing off. */
static bool
takes_king_off (FePosition *pos, const FeMove *m, int side)
{
  FeUndo undo;
  bool gone = fe_make (pos, m, &undo) && pos->king[side] == FE_NO_SQUARE;
  fe_unmake (pos, m, &undo);
  return gone;
}

/* Does a move of `list` (generated for `copy`, the other side to move)
 * give check to `side` in `pos`?  The conditions' filters are applied
 * to the list first. */
static bool
list_checks (const FePosition *pos, FePosition *copy, FeMoveList *list, int side)
{
  const FeRules *r = copy->rules;
  FeSquare king = pos->king[side];
  fe_apply_condition_filters (copy, r, list);
  for (int i = 0; i < list->count; i++)
    {
      const FeMove *m = &list->moves[i];
      if (m->capture != king)
        {
          if (r->check_by_playing && m->capture != FE_NO_SQUARE && takes_king_off (copy, m, side))
            return true;
          continue;
        }
      /* The check hooks judge it as they judge an attack (a capture
       * of the legal-capture kind must be playable, AntiCirce …). */
      FeCapturePath path = { m->from, king, m->nature, m->aux, copy->side };
      bool counts = true;
      for (int k = 0; r->any_check_hook && counts && k < r->n_ops; k++)
        if (r->ops[k]->check_allowed)
          counts = r->ops[k]->check_allowed (pos, &path);
      if (counts)
        return true;
    }
  return false;
}

/* Check where captures start elsewhere than on the capturer's square
 * (Mars Circe, Phantom chess): a capture of the king among the moves the
 * other side could make from here, castling aside (it never captures). */
static bool
in_check_by_generation (const FePosition *pos, int side)
{
  FeSquare king = pos->king[side];
  if (king == FE_NO_SQUARE)
    return false;
  FePosition copy = *pos;
  copy.side = FE_OPPONENT (side);
  const FeRules *r = copy.rules;
  FE_MOVE_LIST (list);
  FePiece board[128];
  Gen g = { &copy, copy.side, &list, fe_gen_board (&copy, copy.side, board), NULL, NULL, false, true,
            r->check_by_playing ? NULL : &king };
  /* A filter of the whole list (MultiCaptures) judges each capture among
   * all the side's: the moves of every piece are listed first. */
  bool whole = r->any_list_filter;
  uint64_t theirs = copy.occupied[copy.side] | copy.occupied[FE_NEUTRAL];
  while (theirs)
    {
      FeSquare sq = FE_SQ88 (__builtin_ctzll (theirs));
      theirs &= theirs - 1;
      if (sq == king || !fe_piece_may_move (&copy, sq))
        continue;
      if (!whole)
        fe_move_list_reset (&list);
      fe_gen_piece_reshaped (&g, sq);
      if (!whole && list_checks (pos, &copy, &list, side))
        return true;
    }
  return whole && list_checks (pos, &copy, &list, side);
}

bool
fe_in_check (const FePosition *pos, int side)
{
  if (G_UNLIKELY (pos->rules && pos->rules->check_by_generation))
    return in_check_by_generation (pos, side);
  return fe_in_check_by_attack (pos, side);
}
