/* imitator.c — the Imitator condition (docs/rules/imitator.md): standard,
 * several, monochrome, promotion to an imitator, "no hurdles".
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Imitators live in pos->imitators, never on the board: pieces do not see
 * them (imitator.md §3).  Every move and every capture that makes a check
 * must be copied by each participating imitator with the same vector and of
 * the same nature (imitator.md §4): a move becomes a list of steps relative
 * to the imitator, each demanding an empty square or a hurdle, judged on the
 * board "during" the move (the mover has left, the victim is still there).
 * Walks the rules do not name follow Popeye's conditions/imitator.c: moose
 * and kinghopper as hoppers, mao/moa through their first step, equihoppers
 * with their hurdle at the midpoint, anything else as a leap; the Chinese
 * pieces (Popeye refuses them) by the natures they move with, a ride or a
 * lion's hop (docs/decisions.md, Walks).
 */
#include <glib.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"
#include "core/model/walk.h"

#define V(df, dr) ((int) ((dr) * 16 + (df)))

enum {
  NEED_EMPTY = 0,
  NEED_PIECE, /* the imitator's hurdle */
  NEED_ANY,   /* a hurdle square under "no hurdles" (imitator.md §8) */
};

typedef struct {
  int16_t offset; /* from the imitator's square before the segment */
  uint8_t need;
} Step;

/* The rose makes at most 7 steps; castling's longest segment is 3. */
#define MAX_STEPS 16

/* The board while a segment is under way: the post-move (or current)
 * board, corrected on a few squares. */
typedef struct {
  const FePosition *pos;
  FeSquare vacated[3];
  int n_vacated;
  FeSquare filled;  /* FE_NO_SQUARE: none */
  uint16_t moving;  /* bit i: imitator i takes part */
} During;

static const int rose_steps[8] = { V (2, 1), V (1, 2), V (-1, 2), V (-2, 1),
                                   V (-2, -1), V (-1, -2), V (1, -2), V (2, -1) };

static inline int
sign (int x)
{
  return (x > 0) - (x < 0);
}

static inline bool
takes_part (const FePosition *pos, int i, int side)
{
  int c = pos->imitator_colour[i];
  return c == FE_NEUTRAL || c == side;
}

static uint16_t
participants (const FePosition *pos, int side)
{
  uint16_t mask = 0;
  for (int i = 0; i < pos->n_imitators; i++)
    if (takes_part (pos, i, side))
      mask |= 1u << i;
  return mask;
}

static bool
occupied (const During *d, int sq)
{
  if (sq == d->filled)
    return true;
  for (int i = 0; i < d->n_vacated; i++)
    if (sq == d->vacated[i])
      return false;
  if (d->pos->board[sq].walk != FE_WALK_NONE)
    return true;
  /* Imitators not taking part stay where they are: obstacles
   * (imitator.md §9). */
  for (int i = 0; i < d->pos->n_imitators; i++)
    if (!(d->moving & (1u << i)) && d->pos->imitators[i] == sq)
      return true;
  return false;
}

/* What `occupied` says of every square, as a bit set (bit FE_SQ64). */
static uint64_t
occupancy (const During *d)
{
  const FePosition *pos = d->pos;
  uint64_t occ = pos->occupied[0] | pos->occupied[1] | pos->occupied[2];
  for (int i = 0; i < d->n_vacated; i++)
    occ &= ~(UINT64_C (1) << FE_SQ64 (d->vacated[i]));
  if (d->filled != FE_NO_SQUARE)
    occ |= UINT64_C (1) << FE_SQ64 (d->filled);
  for (int i = 0; i < pos->n_imitators; i++)
    if (!(d->moving & (1u << i)))
      occ |= UINT64_C (1) << FE_SQ64 (pos->imitators[i]);
  return occ;
}

/* Can every participating imitator, shifted first by `base`, make the
 * steps?  Offsets leave the board when the square fails the 0x88 test. */
static bool
follow (const During *d, int base, const Step *st, int n)
{
  uint64_t occ = occupancy (d);
  for (int i = 0; i < d->pos->n_imitators; i++)
    {
      if (!(d->moving & (1u << i)))
        continue;
      int m = d->pos->imitators[i] + base;
      for (int k = 0; k < n; k++)
        {
          int s = m + st[k].offset;
          if (s & ~0x77)
            return false;
          bool full = occ >> FE_SQ64 (s) & 1;
          if (st[k].need == NEED_EMPTY ? full : st[k].need == NEED_PIECE ? !full : false)
            return false;
        }
    }
  return true;
}

/* follow for a leap or a ride (build_steps' commonest steps: empty
 * squares along the vector), without listing them: most moves are these,
 * and every one is followed (an Imitator #9: 15 % of its time went to
 * the imitators). */
static bool
follow_straight (const During *d, FeSquare from, FeSquare to, int nature, int aux)
{
  int df = FE_FILE (to) - FE_FILE (from), dr = FE_RANK (to) - FE_RANK (from);
  int n = nature == FE_NATURE_LEAP ? 1 : aux ? aux : fe_gcd (df, dr);
  int unit = V (df / n, dr / n);
  uint64_t occ = occupancy (d);
  for (int i = 0; i < d->pos->n_imitators; i++)
    {
      if (!(d->moving & (1u << i)))
        continue;
      int s = d->pos->imitators[i];
      for (int k = 0; k < n; k++)
        {
          s += unit;
          if ((s & ~0x77) || (occ >> FE_SQ64 (s) & 1))
            return false;
        }
    }
  return true;
}

static int
push_line (Step *st, int n, int unit, int from_k, int to_k, int hurdle_k, uint8_t hurdle_need)
{
  for (int k = from_k; k <= to_k && n < MAX_STEPS; k++)
    st[n++] = (Step) { (int16_t) (k * unit), k == hurdle_k ? hurdle_need : NEED_EMPTY };
  return n;
}

/* The steps an imitator must make to copy a displacement of `walk` from
 * `from` to `to` (the landing square) of the given nature. */
static int
build_steps (int walk, int nature, int aux, FeSquare from, FeSquare to, bool no_hurdles, Step *st)
{
  const FeWalkDef *d = fe_walk_def (walk);
  int df = FE_FILE (to) - FE_FILE (from), dr = FE_RANK (to) - FE_RANK (from);
  int v = V (df, dr);
  uint8_t hurdle = no_hurdles ? NEED_ANY : NEED_PIECE;

  switch (nature)
    {
    case FE_NATURE_RIDE:
      {
        int n = aux ? aux : fe_gcd (df, dr);
        return push_line (st, 0, V (df / n, dr / n), 1, n, 0, NEED_EMPTY);
      }
    case FE_NATURE_HOP:
      {
        /* G and its kin land hop_land squares beyond the hurdle; the
         * locust's landing is just beyond its victim. */
        int j = aux;
        int n = d->family == FE_FAMILY_LOCUST ? j + 1 : j + MAX (d->hop_land, 1);
        if (!j || df % n || dr % n)
          break;
        return push_line (st, 0, V (df / n, dr / n), 1, n, j, hurdle);
      }
    case FE_NATURE_LION:
      {
        int n = fe_gcd (df, dr);
        return push_line (st, 0, V (df / n, dr / n), 1, n, aux, hurdle);
      }
    case FE_NATURE_CURVE:
      {
        /* Decision D16: every square of the rose's path, relative. */
        int start = aux >> 1, sense = aux & 1, s = 0, n = 0;
        for (int k = 0; k < 7; k++)
          {
            s += rose_steps[(start + (sense ? -k : k) + 16) & 7];
            st[n++] = (Step) { (int16_t) s, NEED_EMPTY };
            if (s == v)
              return n;
          }
        break;
      }
    case FE_NATURE_OTHER:
      switch (d->family)
        {
        case FE_FAMILY_MAO:
        case FE_FAMILY_MOA:
          {
            /* Popeye: the lame leaper's passing square, then the arrival. */
            int first = d->family == FE_FAMILY_MOA ? V (sign (df), sign (dr))
                        : ABS (df) == 2 ? V (sign (df), 0) : V (0, sign (dr));
            st[0] = (Step) { (int16_t) first, NEED_EMPTY };
            st[1] = (Step) { (int16_t) v, NEED_EMPTY };
            return 2;
          }
        case FE_FAMILY_MOOSE:
          {
            /* movegen: aux = distance | direction code (df+1)*3+(dr+1) << 3 */
            int j = aux & 7, dir = aux >> 3;
            int unit = V (dir / 3 - 1, dir % 3 - 1);
            int n = push_line (st, 0, unit, 1, j, j, hurdle);
            st[n++] = (Step) { (int16_t) v, NEED_EMPTY };
            return n;
          }
        case FE_FAMILY_EQUIHOPPER:
          {
            /* Hurdle at the midpoint; on a line, the squares between too. */
            int hf = df / 2, hr = dr / 2, n = fe_gcd (hf, hr);
            return push_line (st, 0, V (hf / n, hr / n), 1, 2 * n, n, hurdle);
          }
        case FE_FAMILY_NONSTOP_EQUIHOPPER:
          st[0] = (Step) { (int16_t) V (df / 2, dr / 2), hurdle };
          st[1] = (Step) { (int16_t) v, NEED_EMPTY };
          return 2;
        default:
          break;
        }
      break;
    default:
      break;
    }
  /* Leaps, and walks Popeye does not describe: the arrival only. */
  st[0] = (Step) { (int16_t) v, NEED_EMPTY };
  return 1;
}

/* A rose move is generated once however many paths reach its arrival
 * (D7); the mover may take any of them, so it is imitable when the
 * imitators can follow one open path (decision, docs/decisions.md). */
static bool
follow_rose (const During *d, FeSquare from, FeSquare to)
{
  for (int start = 0; start < 8; start++)
    for (int sense = 0; sense < 2; sense++)
      {
        Step st[MAX_STEPS];
        int s = from, n = 0;
        for (int k = 0; k < 7; k++)
          {
            s += rose_steps[(start + (sense ? -k : k) + 16) & 7];
            if (s & 0x88)
              break;
            st[n] = (Step) { (int16_t) (s - from), NEED_EMPTY };
            n++;
            if (s == to)
              {
                if (follow (d, 0, st, n))
                  return true;
                break;
              }
            if (occupied (d, s))
              break;
          }
      }
  return false;
}

/* Likewise a moose move, generated once when two hurdles lead to its
 * arrival: imitable when the imitators can follow one of the routes. */
static bool
follow_moose (const During *d, int walk, FeSquare from, FeSquare to, bool no_hurdles)
{
  static const int lines[8] = { V (1, 0), V (1, 1), V (0, 1), V (-1, 1),
                                V (-1, 0), V (-1, -1), V (0, -1), V (1, -1) };
  for (int i = 0; i < 8; i++)
    {
      int s = from + lines[i], j = 1;
      while (!(s & 0x88) && !occupied (d, s))
        s += lines[i], j++;
      if (s & 0x88)
        continue;
      for (int turn = -1; turn <= 1; turn += 2)
        {
          if (s + lines[(i + turn + 8) & 7] != to)
            continue;
          /* the generator's aux: hurdle distance and direction */
          int dir = (sign (FE_FILE (s) - FE_FILE (from)) + 1) * 3 + sign (FE_RANK (s) - FE_RANK (from)) + 1;
          Step st[MAX_STEPS];
          int n = build_steps (walk, FE_NATURE_OTHER, j | dir << 3, from, to, no_hurdles, st);
          if (follow (d, 0, st, n))
            return true;
        }
    }
  return false;
}

/* The walk that made the displacement: the piece that left `from`. */
static int
mover_walk (const FePosition *pos, const FeMove *m, const FeUndo *undo)
{
  for (int i = 0; i < undo->n_displacement_changes; i++)
    if (undo->changes[i].square == m->from && undo->changes[i].before.walk)
      return undo->changes[i].before.walk;
  return pos->board[m->to].walk;
}

static int
mover_colour (const FePosition *pos, const FeMove *m, const FeUndo *undo)
{
  for (int i = 0; i < undo->n_displacement_changes; i++)
    if (undo->changes[i].square == m->from && undo->changes[i].before.walk)
      return undo->changes[i].before.colour;
  return pos->side;
}

static void
shift (FePosition *pos, uint16_t moving, int delta)
{
  for (int i = 0; i < pos->n_imitators; i++)
    if (moving & (1u << i))
      {
        pos->hash ^= fe_zobrist_imitator (pos->imitators[i], pos->imitator_colour[i]);
        pos->imitators[i] = (uint8_t) (pos->imitators[i] + delta);
        pos->hash ^= fe_zobrist_imitator (pos->imitators[i], pos->imitator_colour[i]);
      }
}

/* Castling (imitator.md §4.1): the king's segment with the rook still in its
 * corner, then the rook's with the king already on its arrival square. */
static bool
follow_castling (FePosition *pos, const FeMove *m, uint16_t moving, int *delta)
{
  int rank = FE_RANK (m->from);
  bool short_side = (m->flags & FE_MOVE_CASTLE_SHORT) != 0;
  FeSquare corner = FE_SQ (short_side ? 7 : 0, rank);
  FeSquare rook_to = FE_SQ (short_side ? 5 : 3, rank);
  int kdir = short_side ? 1 : -1;
  Step st[MAX_STEPS];

  During king = { pos, { m->from, m->to, rook_to }, 3, corner, moving };
  int n = push_line (st, 0, kdir, 1, 2, 0, NEED_EMPTY);
  if (!follow (&king, 0, st, n))
    return false;

  During rook = { pos, { corner, rook_to }, 2, FE_NO_SQUARE, moving };
  int rook_steps = short_side ? 2 : 3;
  n = push_line (st, 0, -kdir, 1, rook_steps, 0, NEED_EMPTY);
  if (!follow (&rook, 2 * kdir, st, n))
    return false;
  *delta = 2 * kdir - rook_steps * kdir;
  return true;
}

static bool
imitator_after_displacement (FePosition *pos, const FeMove *m, FeUndo *undo)
{
  int side = pos->side;
  uint16_t moving = participants (pos, side);
  if (moving)
    {
      int delta;
      if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
        {
          if (!follow_castling (pos, m, moving, &delta))
            return false;
        }
      else
        {
          During d = { pos, { m->from }, 1, m->capture, moving };
          /* The arrival is empty until the mover gets there (the victim
           * of a capture on it is `filled`). */
          if (m->to != m->capture)
            d.vacated[d.n_vacated++] = m->to;
          int walk = mover_walk (pos, m, undo);
          bool ok;
          if (m->nature == FE_NATURE_CURVE)
            ok = follow_rose (&d, m->from, m->to);
          else if (fe_walk_def (walk)->family == FE_FAMILY_MOOSE)
            ok = follow_moose (&d, walk, m->from, m->to, pos->rules->params.FE_P_IMITATOR_NO_HURDLES);
          else if (m->nature == FE_NATURE_LEAP || m->nature == FE_NATURE_RIDE)
            ok = follow_straight (&d, m->from, m->to, m->nature, m->aux);
          else
            {
              Step st[MAX_STEPS];
              int n = build_steps (walk, m->nature, m->aux, m->from, m->to,
                                   pos->rules->params.FE_P_IMITATOR_NO_HURDLES, st);
              ok = follow (&d, 0, st, n);
            }
          if (!ok)
            return false;
          delta = (int) m->to - (int) m->from;
        }
      shift (pos, moving, delta);
      undo->imitators_moved = true;
    }

  /* imitator.md §7: the new imitator comes after the others have moved, and
   * stays. */
  if ((m->flags & FE_MOVE_PROMOTE_IMITATOR) && pos->n_imitators < FE_MAX_IMITATORS)
    {
      int i = pos->n_imitators++;
      pos->imitators[i] = m->to;
      /* D14: monochrome problems give it the pawn's colour. */
      pos->imitator_colour[i] = pos->rules->any_blocked_hook
                                ? (uint8_t) mover_colour (pos, m, undo) : FE_NEUTRAL;
      pos->hash ^= fe_zobrist_imitator (m->to, pos->imitator_colour[i]);
      undo->imitators_moved = true;
    }

  /* Never a piece and an imitator, or two imitators, on one square
   * (docs/rules/common-model.md §2.2). */
  for (int i = 0; i < pos->n_imitators; i++)
    {
      if (pos->board[pos->imitators[i]].walk != FE_WALK_NONE)
        return false;
      for (int k = 0; k < i; k++)
        if (pos->imitators[k] == pos->imitators[i])
          return false;
    }
  return true;
}

/* The commonest reason the imitators cannot follow a move: its vector
 * sends one off the board (every imitation ends where the move's vector
 * takes it).  Seen before the move is made, which it then is not. */
static bool
imitator_refuses_move (const FePosition *pos, const FeMove *m)
{
  if (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG))
    return false;
  int delta = (int) m->to - (int) m->from;
  for (int i = 0; i < pos->n_imitators; i++)
    if (takes_part (pos, i, pos->side) && ((pos->imitators[i] + delta) & ~0x77))
      return true;
  return false;
}

/* imitator.md §5: a capture counts (check, magic views) only if imitable,
 * judged in the current position with the victim on its square. */
static bool
imitator_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  if (!pos->n_imitators)
    return true;
  FePiece attacker = pos->board[path->from];
  int side = attacker.colour != FE_NEUTRAL ? attacker.colour : path->side;
  uint16_t moving = participants (pos, side);
  if (!moving)
    return true;
  FeSquare landing = path->to;
  const FeWalkDef *d = fe_walk_def (attacker.walk);
  if (d->family == FE_FAMILY_LOCUST && path->nature == FE_NATURE_HOP && path->aux)
    {
      int df = FE_FILE (path->to) - FE_FILE (path->from);
      int dr = FE_RANK (path->to) - FE_RANK (path->from);
      landing = (FeSquare) (path->to + V (df / path->aux, dr / path->aux));
    }
  During b = { pos, { path->from }, 1, path->to, moving };
  if (path->nature == FE_NATURE_LEAP || path->nature == FE_NATURE_RIDE)
    return follow_straight (&b, path->from, path->to, path->nature, path->aux);
  Step st[MAX_STEPS];
  int n = build_steps (attacker.walk, path->nature, path->aux, path->from, landing,
                       pos->rules->params.FE_P_IMITATOR_NO_HURDLES, st);
  return follow (&b, 0, st, n);
}

static bool
imitator_promotion_to_imitator (const FePosition *pos)
{
  return !pos->rules->params.FE_P_IMITATOR_NO_PROMOTION && pos->n_imitators < FE_MAX_IMITATORS;
}

/* imitator.md §9: an imitator of the other colour does not move with `side`'s
 * pieces, so it is an obstacle for them. */
static bool
imitator_square_blocked (const FePosition *pos, int side, FeSquare sq)
{
  for (int i = 0; i < pos->n_imitators; i++)
    if (pos->imitators[i] == sq && !takes_part (pos, i, side))
      return true;
  return false;
}

/* Imitability only takes moves and checks away, but a king's step may
 * fail because an imitator cannot follow it (flights prove nothing), and
 * a king may stand next to the other and check it when the other's
 * capture is not imitable. */
static bool
imitator_mating_net (const FeRules *rules, FeMatingNetTraits *traits)
{
  (void) rules;
  traits->king_steps_may_fail = true;
  traits->kings_may_check = true;
  return true;
}

const FeConditionOps fe_condition_imitator = {
  .name = "imitator",
  .mating_net = imitator_mating_net,
  .capture_allowed = imitator_capture_allowed,
  .promotion_to_imitator = imitator_promotion_to_imitator,
  .refuses_move = imitator_refuses_move,
  .after_displacement = imitator_after_displacement,
  .effect_order = FE_EFFECT_IMITATORS,
  .follows_castling_step = true,
  .square_blocked = imitator_square_blocked,
};

static const FeConditionParamDesc imitator_params[] = {
  { .name = "imitator", .label = FE_N_("Imitator"), .type = FE_PARAM_BOOL, .n_values = 2, .xml_default = 1 },
  { .name = "no-promotion", .label = FE_N_("Promotion to imitator forbidden"), .type = FE_PARAM_BOOL,
    .n_values = 2, .xml_attribute = "promotion",
    .xml_values = (const char *const[]) { "allowed", "forbidden" } },
  { .name = "no-hurdles", .label = FE_N_("Hoppers need no hurdle"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_attribute = "hurdles", .xml_values = (const char *const[]) { "required", "optional" } },
};

/* ---- Popeye words ---------------------------------------------------- */

/* The imitator keywords are followed by squares; the coloured ones are
 * Féerie's monochrome imitators (imitator.md §9).  Indices matter below. */
enum { KW_IMITATOR, KW_WHITE_IMITATOR, KW_BLACK_IMITATOR };

static const FeConditionKeyword imitator_keywords[] = {
  [KW_IMITATOR] = { "Imitator", 0, 1, FE_KEYWORD_ARGS },
  [KW_WHITE_IMITATOR] = { "WhiteImitator", 0, 1, FE_KEYWORD_ARGS | FE_KEYWORD_EXTENSION },
  [KW_BLACK_IMITATOR] = { "BlackImitator", 0, 1, FE_KEYWORD_ARGS | FE_KEYWORD_EXTENSION },
  { "NoIProm", 1, 1, FE_KEYWORD_MODIFIER },
  { "ImitatorNoHurdles", 2, 1, FE_KEYWORD_EXTENSION | FE_KEYWORD_MODIFIER },
};

static FeSquare
square_of (const char *s)
{
  char f = g_ascii_tolower (s[0]), r = s[1];
  return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' ? FE_SQ (f - 'a', r - '1') : FE_NO_SQUARE;
}

static bool
is_square_list (const char *w, int len)
{
  if (len < 2 || len % 2)
    return false;
  for (int k = 0; k < len; k += 2)
    if (square_of (w + k) == FE_NO_SQUARE)
      return false;
  return true;
}

static bool
fail (FeWordInput *in, int offset, char *message)
{
  in->fail (in, offset, message);
  g_free (message);
  return false;
}

/* "Imitator c3h8 e4": the squares, one by one however long the word. */
static bool
imitator_popeye_read_args (FeConditionTarget *t, int keyword, FeWordInput *in)
{
  const char *name = imitator_keywords[keyword].word;
  int colour = keyword == KW_WHITE_IMITATOR   ? FE_WHITE
               : keyword == KW_BLACK_IMITATOR ? FE_BLACK
                                              : FE_NEUTRAL;
  if (!t->imitator_colour && colour != FE_NEUTRAL)
    return fail (in, -1, g_strdup_printf ("%s cannot be set in a twin (Féerie keeps only neutral "
                                          "imitators in twins)", name));
  int words = 0, len;
  const char *w;
  while ((w = in->peek (in, &len)) && is_square_list (w, len))
    {
      for (int k = 0; 2 * k + 1 < len; k++)
        {
          FeSquare sq = square_of (w + 2 * k);
          if (*t->n_imitators >= FE_MAX_IMITATORS)
            return fail (in, 2 * k,
                         g_strdup_printf ("too many imitators: at most %d", FE_MAX_IMITATORS));
          /* Two on one square: fe_problem_validate says it. */
          if (t->imitator_colour)
            t->imitator_colour[*t->n_imitators] = (uint8_t) colour;
          t->imitators[(*t->n_imitators)++] = sq;
        }
      in->skip (in);
      words++;
    }
  if (!words)
    return fail (in, 0, g_strdup_printf ("%s needs its squares, e.g. \"%s c3h8\"", name, name));
  return true;
}

/* Neutral imitators are Popeye's; with a coloured one all go to the
 * extension, to keep their order. */
static void
imitator_popeye_write_args (const FeConditionParams *params, int n, const uint8_t *imitators,
                            const uint8_t *imitator_colour, GString *popeye, GString *ext)
{
  (void) params;
  bool coloured = false;
  for (int k = 0; imitator_colour && k < n; k++)
    coloured |= imitator_colour[k] != FE_NEUTRAL;
  GString *dst = coloured ? ext : popeye;
  int last = -1;
  for (int k = 0; k < n; k++)
    {
      int col = imitator_colour ? imitator_colour[k] : FE_NEUTRAL;
      if (col != last)
        g_string_append_printf (dst, " %s ",
                                imitator_keywords[col == FE_WHITE   ? KW_WHITE_IMITATOR
                                                  : col == FE_BLACK ? KW_BLACK_IMITATOR
                                                                    : KW_IMITATOR].word);
      char name[3];
      fe_square_name (imitators[k], name);
      g_string_append (dst, name);
      last = col;
    }
}

/* Imitators standing in the diagram put the condition in force. */
static bool
imitator_in_force (const FeConditionParams *params, int id, const FePosition *diagram)
{
  return fe_params_on (params, id) || (diagram && diagram->n_imitators);
}

/* The imitators' squares by colour: "c3 h8" (all), or those of one
 * colour for the caption; NULL when none. */
static char *
imitator_squares (const FePosition *diagram, int colour, const char *separator)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; diagram && i < diagram->n_imitators; i++)
    if (colour < 0 || diagram->imitator_colour[i] == colour)
      {
        char name[3];
        fe_square_name (diagram->imitators[i], name);
        g_string_append_printf (s, "%s%s", s->len ? separator : "", name);
      }
  if (!s->len)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* Solver: "Imitator c3 h8" and "NoIProm", Popeye's lines.  Caption: the
 * neutral (standard) imitators, then the white and black ones named as
 * such, then the settings. */
static void
imitator_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                   const FeDescribeStyle *style, GPtrArray *lines)
{
  (void) id;
  if (!style->caption)
    {
      g_autofree char *all = imitator_squares (diagram, -1, " ");
      g_ptr_array_add (lines, all ? g_strdup_printf ("Imitator %s", all) : g_strdup ("Imitator"));
      if (params->FE_P_IMITATOR_NO_PROMOTION)
        g_ptr_array_add (lines, g_strdup ("NoIProm"));
      return;
    }
  /* Monochrome imitators (imitator.md §9) named by colour after the
   * standard ones: "Imitator c3,h8, white e4". */
  static const char *const colours[] = { FE_N_("white"), FE_N_("black") };
  g_autofree char *neutral = imitator_squares (diagram, FE_NEUTRAL, ",");
  GString *s = g_string_new (style->translate (FE_N_("Imitator")));
  bool any = neutral != NULL;
  if (neutral)
    g_string_append_printf (s, " %s", neutral);
  for (int colour = FE_WHITE; colour <= FE_BLACK; colour++)
    {
      g_autofree char *mono = imitator_squares (diagram, colour, ",");
      if (mono)
        g_string_append_printf (s, "%s %s %s", any ? "," : "", style->translate (colours[colour]),
                                mono);
      any |= mono != NULL;
    }
  if (params->FE_P_IMITATOR_NO_PROMOTION)
    g_string_append (s, style->translate (FE_N_(", no promotion to I")));
  if (params->FE_P_IMITATOR_NO_HURDLES)
    g_string_append (s, style->translate (FE_N_(", no hurdles")));
  g_ptr_array_add (lines, g_string_free (s, FALSE));
}

const FeConditionClass fe_condition_class_imitator = {
  .name = "imitator",
  .label = FE_N_("Imitator"),
  .xml_element = "imitator",
  .params = imitator_params,
  .n_params = G_N_ELEMENTS (imitator_params),
  .in_force = imitator_in_force,
  .describe = imitator_describe,
  .stage_label = FE_N_("the imitators shift"),
  .ops = &fe_condition_imitator,
  .popeye_keywords = imitator_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (imitator_keywords),
  .popeye_read_args = imitator_popeye_read_args,
  .popeye_write_args = imitator_popeye_write_args,
};
