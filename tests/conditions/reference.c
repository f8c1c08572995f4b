/* reference.c — a slow move generator written from the rules alone (see
 * reference.h), and its comparison with the engine's generator.  The pages
 * it cites (madrasi.md §2, …) are those of docs/rules/.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference knows nothing of the engine but FePiece and the parameter
 * struct: it has its own board (64 squares, file + 8 * rank), its own
 * catalogue of walks (by Popeye code, written from the walks' definitions,
 * not from src/core/model/walk.c), and does everything the plain way:
 *   - every route of a walk is a displacement of its own (a rose's paths,
 *     a moose's hurdles); moves are compared by the position they reach,
 *     so a move with several routes counts once (D7) and is possible when
 *     one route is (an imitator may follow any of them);
 *   - paralysis (madrasi.md §2): scan every enemy piece of the same walk
 *     and list what it observes, on the board of pieces alone (imitators
 *     ignored, combinations.md §1);
 *   - attack and check (common-model.md §3.3, imitator.md §5, §9): list
 *     what every enemy piece observes, then ask each condition about that
 *     capture;
 *   - magic views (magic-pieces.md §4–§5): list every view of every magic
 *     piece before and after the move, compare them by (magic id, target
 *     id, line) as sets;
 *   - legal moves (common-model.md §4): every displacement, all
 *     consequences in the order of effect-order.md §1, each choice
 *     enumerated, then "own king not in check" and the tests of the final
 *     position (Isardam, KoeKo);
 *   - check of the legal-capture kind (effect-order.md §2: Circe Rex
 *     inclusive, AntiCirce, Isardam A, KoeKo): every capture of the king
 *     is played out with all its effects, and checks when one of them is
 *     a move that takes the king off the board for good.
 */
#include "reference.h"

#include <string.h>

#include "core/conditions/circe.h"
#include "core/rules/notation.h"
#include "core/model/walk.h"

/* ---- the reference's own position ---------------------------------- */

typedef struct {
  FePiece b[64];
  int side;
  int n_imit;
  int imit[FE_MAX_IMITATORS];
  int imit_col[FE_MAX_IMITATORS];
  int castling;
  int ep_victim; /* -1: none */
  int ep_n;
  int ep_sq[2];
  /* squares whose piece a consequence changed (common-model.md §6.3) */
  uint64_t touched;
  /* Circe Parrain (circe.md §4): the piece owed a rebirth in the
   * next move and its capture square (-1: none) */
  FePiece owed;
  int owed_sq;
  /* during a move: where the moving piece stands (-1: gone) */
  int mover;
} R;

typedef FeRefRules RR;


static inline bool
has_piece (const R *p, int s)
{
  return p->b[s].walk != FE_WALK_NONE;
}

static inline bool
takes_part (const R *p, int i, int side)
{
  return p->imit_col[i] == FE_NEUTRAL || p->imit_col[i] == side;
}

/* Occupied for `view`: pieces, and for a side the imitators that do not
 * take part in its moves (imitator.md §9).  view < 0: pieces only. */
static bool
occ (const R *p, int s, int view)
{
  if (has_piece (p, s))
    return true;
  if (view >= 0)
    for (int i = 0; i < p->n_imit; i++)
      if (p->imit[i] == s && !takes_part (p, i, view))
        return true;
  return false;
}

/* ---- displacements (fairy-pieces.md §2): what a piece can do or observe */

enum { NEED_EMPTY, NEED_PIECE, NEED_ANY };
/* The kinds of line a magic view follows (magic-pieces.md §4). */
enum { K_LEAP, K_STRAIGHT, K_ROSE, K_ZIGZAG };

typedef struct {
  int8_t df, dr;
  uint8_t need;
} St;

/* One route of one displacement; `st` are the steps an imitator copies
 * (relative to the departure, each needing an empty square or a hurdle). */
typedef struct {
  int from, to, cap; /* cap -1: no capture */
  int kind, uf, ur, rose_i, rose_s;
  int zig[2][2]; /* a boy scout's steps: even, odd */
  St st[16];
  int nst;
  bool multi, ep;
  bool via; /* made as if from the rebirth square (mars-circe.md) */
} Disp;

typedef struct {
  Disp d[600];
  int n;
} DList;

/* queen lines counter-clockwise from east: a moose turns by one */
static const int angular_v[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                     { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
/* fairy-pieces.md §2.2, counter-clockwise from (2,1) */
static const int rose_v[8][2] = { { 2, 1 }, { 1, 2 }, { -1, 2 }, { -2, 1 },
                                  { -2, -1 }, { -1, -2 }, { 1, -2 }, { 2, -1 } };

typedef struct {
  const R *p;
  int side;     /* the side playing the piece */
  int view;     /* occupancy view */
  bool observe; /* capture pattern only */
  bool no_hurdles;
  DList *out;
  bool own; /* bicaptures.md: its own side's pieces but the king too */
} Ctx;

/* May the piece capture the one on `s` (occupied)? */
static bool
takes (const Ctx *c, int s)
{
  FePiece t = c->p->b[s];
  return t.colour != c->side || (c->own && t.walk != FE_WALK_KING);
}

static Disp *
add (Ctx *c, int from, int to, int cap, int kind)
{
  g_assert_cmpint (c->out->n, <, (int) G_N_ELEMENTS (c->out->d));
  Disp *d = &c->out->d[c->out->n++];
  memset (d, 0, sizeof *d);
  d->from = from, d->to = to, d->cap = cap, d->kind = kind;
  return d;
}

/* A square reached: a move onto an empty square, or a capture (observation)
 * of the piece there.  Returns true if it was occupied (riders stop). */
static Disp *
reach (Ctx *c, int from, int to, int kind, bool *stop)
{
  *stop = occ (c->p, to, c->view);
  if (!*stop)
    return c->observe ? NULL : add (c, from, to, -1, kind);
  if (!has_piece (c->p, to))
    return NULL; /* an obstacle that is not a piece */
  if (!c->observe && !takes (c, to))
    return NULL;
  return add (c, from, to, to, kind);
}

static void
step (Disp *d, int df, int dr, int need)
{
  g_assert_cmpint (d->nst, <, (int) G_N_ELEMENTS (d->st));
  d->st[d->nst++] = (St) { (int8_t) df, (int8_t) dr, (uint8_t) need };
}

/* The distinct vectors (±a, ±b), (±b, ±a): 4 or 8 of them. */
static int
vectors (int a, int b, int out[8][2])
{
  int all[8][2] = { { a, b }, { b, a }, { -a, b }, { -b, a }, { a, -b }, { b, -a }, { -a, -b }, { -b, -a } };
  int n = 0;
  for (int i = 0; i < 8; i++)
    {
      bool dup = false;
      for (int k = 0; k < n; k++)
        dup |= out[k][0] == all[i][0] && out[k][1] == all[i][1];
      if (!dup)
        out[n][0] = all[i][0], out[n][1] = all[i][1], n++;
    }
  return n;
}

/* An imitator copies a leap by its arrival alone. */
static void
leap (Ctx *c, int from, int vf, int vr)
{
  int f = FI (from) + vf, r = RK (from) + vr;
  if (!on (f, r))
    return;
  bool stop;
  Disp *d = reach (c, from, SQ (f, r), K_LEAP, &stop);
  if (d)
    step (d, vf, vr, NEED_EMPTY);
}

static void
rider (Ctx *c, int from, int uf, int ur)
{
  for (int k = 1;; k++)
    {
      int f = FI (from) + k * uf, r = RK (from) + k * ur;
      if (!on (f, r))
        return;
      bool stop;
      Disp *d = reach (c, from, SQ (f, r), K_STRAIGHT, &stop);
      if (d)
        {
          d->uf = uf, d->ur = ur;
          for (int j = 1; j <= k; j++)
            step (d, j * uf, j * ur, NEED_EMPTY);
        }
      if (stop)
        return;
    }
}

/* First occupied square along (uf, ur): its distance, 0 if none. */
static int
first_occ (const Ctx *c, int from, int uf, int ur)
{
  for (int k = 1;; k++)
    {
      int f = FI (from) + k * uf, r = RK (from) + k * ur;
      if (!on (f, r))
        return 0;
      if (occ (c->p, SQ (f, r), c->view))
        return k;
    }
}

/* Steps 1..n along (uf, ur), the hurdle the j-th. */
static void
hop_steps (Ctx *c, Disp *d, int uf, int ur, int j, int n)
{
  d->uf = uf, d->ur = ur;
  for (int k = 1; k <= n; k++)
    step (d, k * uf, k * ur, k == j ? (c->no_hurdles ? NEED_ANY : NEED_PIECE) : NEED_EMPTY);
}

/* Grasshopper and kin: over the first piece of the line, landing `land`
 * squares beyond it, the squares in between empty; `adjacent`: the hurdle
 * must stand next to the hopper (kinghopper). */
static void
hopper (Ctx *c, int from, int uf, int ur, int land, bool adjacent)
{
  int j = first_occ (c, from, uf, ur);
  if (!j || (adjacent && j != 1))
    return;
  for (int k = j + 1; k < j + land; k++)
    {
      int f = FI (from) + k * uf, r = RK (from) + k * ur;
      if (!on (f, r) || occ (c->p, SQ (f, r), c->view))
        return;
    }
  int f = FI (from) + (j + land) * uf, r = RK (from) + (j + land) * ur;
  if (!on (f, r))
    return;
  bool stop;
  Disp *d = reach (c, from, SQ (f, r), K_STRAIGHT, &stop);
  if (d)
    hop_steps (c, d, uf, ur, j, j + land);
}

/* Captures the first piece of the line, landing just beyond it (empty). */
static void
locust (Ctx *c, int from, int uf, int ur)
{
  int j = first_occ (c, from, uf, ur);
  if (!j)
    return;
  int h = SQ (FI (from) + j * uf, RK (from) + j * ur);
  int f = FI (from) + (j + 1) * uf, r = RK (from) + (j + 1) * ur;
  if (!has_piece (c->p, h) || !on (f, r) || occ (c->p, SQ (f, r), c->view))
    return;
  if (!c->observe && !takes (c, h))
    return;
  Disp *d = add (c, from, SQ (f, r), h, K_STRAIGHT);
  hop_steps (c, d, uf, ur, j, j + 1);
}

/* Anywhere beyond the first piece of the line, up to the next piece. */
static void
lion (Ctx *c, int from, int uf, int ur)
{
  int j = first_occ (c, from, uf, ur);
  if (!j)
    return;
  for (int k = j + 1;; k++)
    {
      int f = FI (from) + k * uf, r = RK (from) + k * ur;
      if (!on (f, r))
        break;
      bool stop;
      Disp *d = reach (c, from, SQ (f, r), K_STRAIGHT, &stop);
      if (d)
        hop_steps (c, d, uf, ur, j, k);
      if (stop)
        break;
    }
}

/* Leo, Pao, Vao (the Chinese pieces): a rider as long as it does not
 * capture; it captures the piece it meets after passing over exactly one
 * piece (the screen), with any number of empty squares before and after
 * the screen.  An imitator copies the move as a ride, the capture as a
 * lion's hop (the screen its hurdle, every other square empty). */
static void
chinese (Ctx *c, int from, int uf, int ur)
{
  int screen = 0;
  for (int k = 1;; k++)
    {
      int f = FI (from) + k * uf, r = RK (from) + k * ur;
      if (!on (f, r))
        return;
      int s = SQ (f, r);
      if (!occ (c->p, s, c->view))
        {
          if (!screen && !c->observe)
            {
              Disp *d = add (c, from, s, -1, K_STRAIGHT);
              d->uf = uf, d->ur = ur;
              for (int j = 1; j <= k; j++)
                step (d, j * uf, j * ur, NEED_EMPTY);
            }
          continue;
        }
      if (!screen)
        {
          screen = k;
          continue;
        }
      if (has_piece (c->p, s) && (c->observe || takes (c, s)))
        hop_steps (c, add (c, from, s, s, K_STRAIGHT), uf, ur, screen, k);
      return;
    }
}

static void
rose (Ctx *c, int from)
{
  for (int i = 0; i < 8; i++)
    for (int sense = -1; sense <= 1; sense += 2)
      {
        int f = FI (from), r = RK (from);
        St path[8];
        for (int k = 0; k < 7; k++)
          {
            int v = ((i + sense * k) % 8 + 8) % 8;
            f += rose_v[v][0], r += rose_v[v][1];
            if (!on (f, r))
              break;
            path[k] = (St) { (int8_t) (f - FI (from)), (int8_t) (r - RK (from)), NEED_EMPTY };
            bool stop;
            Disp *d = reach (c, from, SQ (f, r), K_ROSE, &stop);
            if (d)
              {
                d->rose_i = i, d->rose_s = sense;
                memcpy (d->st, path, (k + 1) * sizeof (St));
                d->nst = k + 1;
              }
            if (stop)
              break;
          }
      }
}

/* Moose: a grasshopper that turns 45° at its hurdle and lands on the
 * square next to it.  Each hurdle is a route of its own: two hurdles may
 * lead to one square (a knight's square, over an orthogonal and a diagonal
 * neighbour).  The imitator copies the line to the hurdle, then the
 * landing. */
static void
moose (Ctx *c, int from)
{
  for (int i = 0; i < 8; i++)
    {
      int uf = angular_v[i][0], ur = angular_v[i][1];
      int j = first_occ (c, from, uf, ur);
      if (!j)
        continue;
      for (int turn = -1; turn <= 1; turn += 2)
        {
          const int *w = angular_v[(i + turn + 8) & 7];
          int df = j * uf + w[0], dr = j * ur + w[1];
          int f = FI (from) + df, r = RK (from) + dr;
          if (!on (f, r))
            continue;
          bool stop;
          Disp *d = reach (c, from, SQ (f, r), K_LEAP, &stop);
          if (!d)
            continue;
          hop_steps (c, d, uf, ur, j, j);
          step (d, df, dr, NEED_EMPTY);
        }
    }
}

/* Equihopper: over a piece standing exactly halfway to the arrival; the
 * other squares of the segment on the lattice must be empty (not for the
 * non-stop equihopper).  The imitator copies the whole segment (non-stop:
 * the hurdle and the arrival). */
static void
equihopper (Ctx *c, int from, bool nonstop)
{
  for (int hf = -3; hf <= 3; hf++)
    for (int hr = -3; hr <= 3; hr++)
      {
        if (!hf && !hr)
          continue;
        int f = FI (from) + 2 * hf, r = RK (from) + 2 * hr;
        if (!on (f, r) || !occ (c->p, SQ (FI (from) + hf, RK (from) + hr), c->view))
          continue;
        int n = fe_gcd (2 * hf, 2 * hr), uf = 2 * hf / n, ur = 2 * hr / n;
        bool clear = true;
        for (int k = 1; k < n && !nonstop; k++)
          if (k != n / 2)
            clear &= !occ (c->p, SQ (FI (from) + k * uf, RK (from) + k * ur), c->view);
        if (!clear)
          continue;
        bool stop;
        Disp *d = reach (c, from, SQ (f, r), nonstop ? K_LEAP : K_STRAIGHT, &stop);
        if (!d)
          continue;
        if (nonstop)
          {
            step (d, hf, hr, c->no_hurdles ? NEED_ANY : NEED_PIECE);
            step (d, 2 * hf, 2 * hr, NEED_EMPTY);
          }
        else
          hop_steps (c, d, uf, ur, n / 2, n);
      }
}

/* Boy scout: a bishop that turns 90° after each step, two senses from each
 * first diagonal; the imitator copies its arrival. */
static void
boyscout (Ctx *c, int from)
{
  static const int diag[4][2] = { { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 } };
  for (int i = 0; i < 4; i++)
    for (int turn = -1; turn <= 1; turn += 2)
      {
        const int *d1 = diag[i], *d2 = diag[(i + turn + 4) & 3];
        int f = FI (from), r = RK (from);
        for (int k = 0;; k++)
          {
            f += (k & 1) ? d2[0] : d1[0], r += (k & 1) ? d2[1] : d1[1];
            if (!on (f, r))
              break;
            bool stop;
            Disp *d = reach (c, from, SQ (f, r), K_ZIGZAG, &stop);
            if (d)
              {
                d->zig[0][0] = d1[0], d->zig[0][1] = d1[1];
                d->zig[1][0] = d2[0], d->zig[1][1] = d2[1];
                step (d, f - FI (from), r - RK (from), NEED_EMPTY);
              }
            if (stop)
              break;
          }
      }
}

/* Mao (orthogonal step first) and moa (diagonal step first): a knight's
 * leap through a square that must be empty; the imitator copies that
 * square and the arrival. */
static void
lame_knight (Ctx *c, int from, bool mao)
{
  int v[8][2];
  vectors (1, 2, v);
  for (int i = 0; i < 8; i++)
    {
      int ff, fr; /* the first step */
      if (mao)
        ff = ABS (v[i][0]) == 2 ? v[i][0] / 2 : 0, fr = ABS (v[i][1]) == 2 ? v[i][1] / 2 : 0;
      else
        ff = v[i][0] > 0 ? 1 : -1, fr = v[i][1] > 0 ? 1 : -1;
      int f = FI (from) + v[i][0], r = RK (from) + v[i][1];
      if (!on (f, r) || occ (c->p, SQ (FI (from) + ff, RK (from) + fr), c->view))
        continue;
      bool stop;
      Disp *d = reach (c, from, SQ (f, r), K_LEAP, &stop);
      if (d)
        {
          step (d, ff, fr, NEED_EMPTY);
          step (d, v[i][0], v[i][1], NEED_EMPTY);
        }
    }
}

static bool
einstein_side (const RR *rr, int side)
{
  if (rr->c.FE_P_EINSTEIN == FE_EINSTEIN_NONE)
    return false;
  if (rr->c.FE_P_EINSTEIN_SIDE == FE_EINSTEIN_WHITE_ONLY)
    return side == FE_WHITE;
  if (rr->c.FE_P_EINSTEIN_SIDE == FE_EINSTEIN_BLACK_ONLY)
    return side == FE_BLACK;
  return true;
}

static void
pawn (Ctx *c, const RR *rr, int from)
{
  const R *p = c->p;
  int dir = c->side == FE_WHITE ? 1 : -1;
  int rel = c->side == FE_WHITE ? RK (from) : 7 - RK (from);
  int max = rel == 1 ? 2 : 1;
  if (rel == 7)
    return;
  if (rel == 0)
    {
      /* common-model.md §5.2: only in the Einstein family (its own side,
       * D31) and with magicians; then 1–3 squares.  Circe Parrain
       * (circe.md §4.1): one square, and captures. */
      if (einstein_side (rr, c->side) || rr->magician)
        max = 3;
      else if (rr->circe == FE_CIRCE_PARRAIN || rr->circe == FE_CIRCE_CAGE)
        max = 1; /* Cage too (rebirth-squares.md §7) */
      else
        return;
    }
  int f0 = FI (from), r1 = RK (from) + dir;
  for (int s = -1; s <= 1; s += 2)
    {
      if (!on (f0 + s, r1))
        continue;
      int t = SQ (f0 + s, r1);
      if (has_piece (p, t))
        {
          if (c->observe || takes (c, t))
            {
              Disp *d = add (c, from, t, t, K_LEAP);
              d->st[0] = (St) { (int8_t) s, (int8_t) dir, NEED_EMPTY };
              d->nst = 1;
            }
        }
      else if (!c->observe && !occ (p, t, c->view) && p->ep_victim >= 0
               && has_piece (p, p->ep_victim) && p->b[p->ep_victim].colour != c->side)
        for (int e = 0; e < p->ep_n; e++)
          if (p->ep_sq[e] == t)
            {
              Disp *d = add (c, from, t, p->ep_victim, K_LEAP);
              d->st[0] = (St) { (int8_t) s, (int8_t) dir, NEED_EMPTY };
              d->nst = 1;
              d->ep = true;
            }
    }
  if (c->observe)
    return;
  for (int k = 1; k <= max; k++)
    {
      int r = RK (from) + k * dir;
      if (!on (f0, r) || occ (p, SQ (f0, r), c->view))
        break;
      Disp *d = add (c, from, SQ (f0, r), -1, K_STRAIGHT);
      d->uf = 0, d->ur = dir;
      for (int j = 1; j <= k; j++)
        d->st[d->nst++] = (St) { 0, (int8_t) (j * dir), NEED_EMPTY };
      d->multi = k > 1;
    }
}

/* ---- the catalogue: each walk by Popeye code, as a few parts ---------- */

enum { P_NONE, P_LEAP, P_RIDE, P_HOP, P_KINGHOP, P_LION, P_LOCUST, P_CHINESE, P_ROSE, P_MOOSE,
       P_EQUI, P_NONSTOP_EQUI, P_BOYSCOUT, P_MAO, P_MOA, P_PAWN };

/* A part: its kind and, for leaps and lines, the vector (a, b) whose
 * symmetric images are the leaps or the lines' units; `land` for hoppers. */
typedef struct {
  uint8_t kind;
  int8_t a, b, land;
} Part;

typedef struct {
  const char *code;
  Part parts[3];
} RefWalk;

#define ORTH_(k) { k, 1, 0, 1 }
#define DIAG_(k) { k, 1, 1, 1 }
static const RefWalk ref_walks[] = {
  { "k", { { P_LEAP, 1, 0 }, { P_LEAP, 1, 1 } } },
  { "q", { ORTH_ (P_RIDE), DIAG_ (P_RIDE) } },
  { "r", { ORTH_ (P_RIDE) } },
  { "b", { DIAG_ (P_RIDE) } },
  { "s", { { P_LEAP, 1, 2 } } },
  { "p", { { P_PAWN } } },
  { "g", { ORTH_ (P_HOP), DIAG_ (P_HOP) } },
  { "g2", { { P_HOP, 1, 0, 2 }, { P_HOP, 1, 1, 2 } } },
  { "g3", { { P_HOP, 1, 0, 3 }, { P_HOP, 1, 1, 3 } } },
  { "rh", { ORTH_ (P_HOP) } },
  { "bh", { DIAG_ (P_HOP) } },
  { "kh", { ORTH_ (P_KINGHOP), DIAG_ (P_KINGHOP) } },
  { "n", { { P_RIDE, 1, 2 } } },
  { "cr", { { P_RIDE, 1, 3 } } },
  { "zr", { { P_RIDE, 2, 3 } } },
  { "l", { ORTH_ (P_LOCUST), DIAG_ (P_LOCUST) } },
  { "lr", { ORTH_ (P_LOCUST) } },
  { "lb", { DIAG_ (P_LOCUST) } },
  { "ln", { { P_LOCUST, 1, 2 } } },
  { "li", { ORTH_ (P_LION), DIAG_ (P_LION) } },
  { "rl", { ORTH_ (P_LION) } },
  { "bl", { DIAG_ (P_LION) } },
  { "nl", { { P_LION, 1, 2 } } },
  { "am", { ORTH_ (P_RIDE), DIAG_ (P_RIDE), { P_LEAP, 1, 2 } } },
  { "em", { ORTH_ (P_RIDE), { P_LEAP, 1, 2 } } },
  { "pr", { DIAG_ (P_RIDE), { P_LEAP, 1, 2 } } },
  { "ca", { { P_LEAP, 1, 3 } } },
  { "z", { { P_LEAP, 2, 3 } } },
  { "gi", { { P_LEAP, 1, 4 } } },
  { "an", { { P_LEAP, 3, 4 } } },
  { "al", { { P_LEAP, 2, 2 } } },
  { "da", { { P_LEAP, 2, 0 } } },
  { "fe", { { P_LEAP, 1, 1 } } },
  { "we", { { P_LEAP, 1, 0 } } },
  { "gn", { { P_LEAP, 1, 2 }, { P_LEAP, 1, 3 } } },
  { "ok", { { P_LEAP, 1, 2 }, { P_LEAP, 2, 3 } } },
  { "bi", { { P_LEAP, 1, 3 }, { P_LEAP, 2, 3 } } },
  { "ro", { { P_ROSE } } },
  { "m", { { P_MOOSE } } },
  { "eq", { { P_EQUI } } },
  { "ne", { { P_NONSTOP_EQUI } } },
  { "bt", { { P_BOYSCOUT } } },
  { "ma", { { P_MAO } } },
  { "mo", { { P_MOA } } },
  { "nh", { { P_HOP, 1, 2, 1 } } },
  { "le", { ORTH_ (P_CHINESE), DIAG_ (P_CHINESE) } },
  { "pa", { ORTH_ (P_CHINESE) } },
  { "va", { DIAG_ (P_CHINESE) } },
};
#undef ORTH_
#undef DIAG_

/* The catalogue's row of each engine walk (matched by code), or NULL. */
static const RefWalk *
ref_walk (int walk)
{
  static const RefWalk *by_walk[FE_WALK_MAX];
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      for (gsize i = 0; i < G_N_ELEMENTS (ref_walks); i++)
        {
          int w = fe_walk_from_code (ref_walks[i].code);
          if (w != FE_WALK_NONE)
            by_walk[w] = &ref_walks[i];
        }
      g_once_init_leave (&done, 1);
    }
  return walk > 0 && walk < FE_WALK_MAX ? by_walk[walk] : NULL;
}

/* Everything the piece on `from` does (moves) or observes, played by
 * `side`, on the board of `view`: one displacement per route. */
static void
displacements (const R *p, const RR *rr, int from, int side, int view, bool observe, DList *out)
{
  Ctx c = { p, side, view, observe, rr->c.FE_P_IMITATOR_NO_HURDLES, out, rr->bicaptures };
  const RefWalk *w = ref_walk (p->b[from].walk);
  g_assert_nonnull (w);
  for (int i = 0; i < (int) G_N_ELEMENTS (w->parts) && w->parts[i].kind != P_NONE; i++)
    {
      const Part *part = &w->parts[i];
      int v[8][2], n = vectors (part->a, part->b, v);
      for (int k = 0; k < n; k++)
        switch (part->kind)
          {
          case P_LEAP: leap (&c, from, v[k][0], v[k][1]); break;
          case P_RIDE: rider (&c, from, v[k][0], v[k][1]); break;
          case P_HOP: hopper (&c, from, v[k][0], v[k][1], part->land, false); break;
          case P_KINGHOP: hopper (&c, from, v[k][0], v[k][1], 1, true); break;
          case P_LION: lion (&c, from, v[k][0], v[k][1]); break;
          case P_LOCUST: locust (&c, from, v[k][0], v[k][1]); break;
          case P_CHINESE: chinese (&c, from, v[k][0], v[k][1]); break;
          default: break;
          }
      switch (part->kind)
        {
        case P_ROSE: rose (&c, from); break;
        case P_MOOSE: moose (&c, from); break;
        case P_EQUI: equihopper (&c, from, false); break;
        case P_NONSTOP_EQUI: equihopper (&c, from, true); break;
        case P_BOYSCOUT: boyscout (&c, from); break;
        case P_MAO: lame_knight (&c, from, true); break;
        case P_MOA: lame_knight (&c, from, false); break;
        case P_PAWN: pawn (&c, rr, from); break;
        default: break;
        }
    }
}

/* ---- Madrasi (madrasi.md) -------------------------------------------- */

/* The piece on `sq`, of `side`, is observed by an enemy piece of its own
 * walk (madrasi.md §2; e.p. §5): Madrasi's paralysis, Isardam's forbidden
 * position (isardam.md §2). */
static bool
observed_by_same_walk (const R *p, const RR *rr, int sq, int side)
{
  FePiece x = p->b[sq];
  for (int e = 0; e < 64; e++)
    {
      FePiece y = p->b[e];
      if (!y.walk || y.colour == side || y.walk != x.walk || (y.attrs & FE_ATTR_MAGICIAN))
        continue;
      DList l;
      l.n = 0;
      displacements (p, rr, e, y.colour, -1, true, &l);
      for (int i = 0; i < l.n; i++)
        if (l.d[i].cap == sq)
          return true;
    }
  /* madrasi.md §5: the pawn that just made a multi-step, still a pawn, is
   * observed by every enemy pawn that could take it e.p. */
  /* (only the side to move takes e.p.: a pawn recoloured after its
   * multi-step is observed by no one) */
  if (x.walk == FE_WALK_PAWN && sq == p->ep_victim && FE_OPPONENT (side) == p->side)
    for (int e = 0; e < p->ep_n; e++)
      {
        int enemy = FE_OPPONENT (side);
        int back = enemy == FE_WHITE ? -1 : 1;
        for (int s = -1; s <= 1; s += 2)
          {
            int f = FI (p->ep_sq[e]) + s, r = RK (p->ep_sq[e]) + back;
            if (!on (f, r))
              continue;
            FePiece y = p->b[SQ (f, r)];
            if (y.walk == FE_WALK_PAWN && y.colour == enemy && !(y.attrs & FE_ATTR_MAGICIAN))
              return true;
          }
      }
  return false;
}

static bool
paralysed (const R *p, const RR *rr, int sq, int side)
{
  if (!rr->c.FE_P_MADRASI && !rr->c.FE_P_MADRASI_REX_INCLUSIVE)
    return false;
  FePiece x = p->b[sq];
  if (x.walk == FE_WALK_KING && !rr->c.FE_P_MADRASI_REX_INCLUSIVE)
    return false;
  if (x.attrs & FE_ATTR_MAGICIAN)
    return false;
  return observed_by_same_walk (p, rr, sq, side);
}

/* Isardam (isardam.md §2): some piece observed by an enemy piece of
 * its walk, kings only with Rex inclusive. */
static bool
isardam_violation (const R *p, const RR *rr)
{
  for (int s = 0; s < 64; s++)
    if (p->b[s].walk && (p->b[s].walk != FE_WALK_KING || rr->isardam_rex)
        && observed_by_same_walk (p, rr, s, p->b[s].colour))
      return true;
  return false;
}

/* ---- Imitator (imitator.md §4): can every participating imitator follow? */

typedef struct {
  const R *p;
  int vacated[3], n_vacated;
  int filled; /* -1 none */
  int side;
} During;

static bool
during_occ (const During *w, int s)
{
  if (s == w->filled)
    return true;
  for (int i = 0; i < w->n_vacated; i++)
    if (w->vacated[i] == s)
      return false;
  return occ (w->p, s, w->side);
}

/* Imitator i shifted first by (bf, br), then the steps. */
static bool
follow (const During *w, int bf, int br, const St *st, int n)
{
  const R *p = w->p;
  for (int i = 0; i < p->n_imit; i++)
    {
      if (!takes_part (p, i, w->side))
        continue;
      int mf = FI (p->imit[i]) + bf, mr = RK (p->imit[i]) + br;
      for (int k = 0; k < n; k++)
        {
          int f = mf + st[k].df, r = mr + st[k].dr;
          if (!on (f, r))
            return false;
          bool o = during_occ (w, SQ (f, r));
          if ((st[k].need == NEED_EMPTY && o) || (st[k].need == NEED_PIECE && !o))
            return false;
        }
    }
  return true;
}

static bool
imitable (const R *p, const Disp *d, int side)
{
  During w = { p, { d->from }, 1, d->cap, side };
  return follow (&w, 0, 0, d->st, d->nst);
}

/* ---- attack and check (common-model.md §3.3, combinations.md §1) ------ */

/* The filters of an observation: paralysis, imitability, magicians. */
static bool
observer_ok (const R *p, const RR *rr, const Disp *d, int side)
{
  if ((p->b[d->from].attrs & FE_ATTR_MAGICIAN) || (p->b[d->cap].attrs & FE_ATTR_MAGICIAN))
    return false;
  if (paralysed (p, rr, d->from, side))
    return false;
  return imitable (p, d, side);
}

static bool
is_patrol (const RR *rr, FePiece x)
{
  return rr->patrol == 2 || (x.attrs & FE_ATTR_PATROL);
}

/* Patrol (patrol.md §2): a piece of `side` observes `sq`, with the
 * other conditions' filters; it needs no support itself. */
static bool
supported (const R *p, const RR *rr, int sq, int side)
{
  for (int s = 0; s < 64; s++)
    {
      if (s == sq || !p->b[s].walk || p->b[s].colour != side)
        continue;
      DList *l = g_new (DList, 1);
      l->n = 0;
      displacements (p, rr, s, side, side, true, l);
      bool found = false;
      for (int i = 0; i < l->n && !found; i++)
        found = l->d[i].cap == sq && observer_ok (p, rr, &l->d[i], side);
      g_free (l);
      if (found)
        return true;
    }
  return false;
}

/* The piece may capture there (attack, check, magic views, moves). */
static bool
capture_ok (const R *p, const RR *rr, const Disp *d, int side)
{
  if (!observer_ok (p, rr, d, side))
    return false;
  return !is_patrol (rr, p->b[d->from]) || supported (p, rr, d->from, side);
}

/* ---- departures (mars-circe.md) ---------------------------------------- */

/* The squares of Mars Circe, AntiMars and Phantom chess for the piece on
 * `sq` played by `side`: its own column, or the other one (Mirror). */
static int ref_home_square (int walk, int cap, int home);

typedef struct {
  int squares; /* 0 plain, 1 Mirror; -1: the kind starts where the piece stands */
  bool only;   /* only from there (Mars, AntiMars), else also (Phantom) */
  bool kings;
  bool new_arrivals;
} DepartRule;

/* kind 0: captures, 1: the other moves */
static DepartRule
depart_rule (const RR *rr, int kind)
{
  DepartRule none = { -1, false, false, false };
  if (kind == 0 && rr->mars)
    return (DepartRule) { rr->mars - 1, true, !rr->mars_rex_exclusive, false };
  if (kind == 1 && rr->antimars)
    return (DepartRule) { rr->antimars - 1, true, true, false };
  if (rr->phantom)
    return (DepartRule) { rr->phantom - 1, false, false, true };
  return none;
}

static int
depart_square (const R *p, const DepartRule *d, int sq, int side)
{
  int column = d->squares == 1 ? FE_OPPONENT (side) : side;
  return ref_home_square (p->b[sq].walk, sq, column);
}

/* What the piece on `from` does (or observes) when the departures are in
 * force: its own displacements of each kind that may start there, then
 * those from its rebirth square (vacant), the piece lifted from `from`,
 * each mapped back to start on `from`. */
static void
departing_displacements (const R *p, const RR *rr, int from, int side, bool observe, DList *out)
{
  FePiece piece = p->b[from];
  DepartRule kinds[2] = { depart_rule (rr, 0), depart_rule (rr, 1) };
  int rebirth[2];
  bool here[2];
  for (int k = 0; k < 2; k++)
    {
      bool departs = kinds[k].squares >= 0 && (kinds[k].kings || piece.walk != FE_WALK_KING);
      rebirth[k] = departs ? depart_square (p, &kinds[k], from, side) : -1;
      here[k] = !departs || !kinds[k].only || rebirth[k] == from;
    }
  DList *own = g_new (DList, 1);
  own->n = 0;
  displacements (p, rr, from, side, side, observe, own);
  out->n = 0;
  for (int i = 0; i < own->n; i++)
    if (here[own->d[i].cap >= 0 ? 0 : 1])
      out->d[out->n++] = own->d[i];
  int own_n = out->n;
  for (int k = 0; k < 2; k++)
    {
      int r = rebirth[k];
      if (r < 0 || r == from || p->b[r].walk)
        continue;
      R *moved = g_new (R, 1);
      *moved = *p;
      moved->b[from] = FE_PIECE_EMPTY;
      moved->b[r] = piece;
      DList *l = g_new (DList, 1);
      l->n = 0;
      displacements (moved, rr, r, side, side, observe, l);
      for (int i = 0; i < l->n; i++)
        {
          Disp d = l->d[i];
          if ((d.cap >= 0 ? 0 : 1) != k || d.to == from)
            continue;
          bool seen = false;
          /* observation (check) has no such filter (mars-circe.md §4) */
          for (int j = 0; kinds[k].new_arrivals && !observe && j < own_n && !seen; j++)
            seen = out->d[j].to == d.to;
          if (seen)
            continue;
          d.from = from;
          d.multi = false;
          d.via = true;
          g_assert_cmpint (out->n, <, (int) G_N_ELEMENTS (out->d));
          out->d[out->n++] = d;
        }
      g_free (l);
      g_free (moved);
    }
  g_free (own);
}

/* take-and-make.md §2: each capture completed by a move without
 * capturing, by the victim's walk and side, from where the capturer
 * landed; a capture without one is none; a pawn may not make to its own
 * first rank. */
static void
take_and_make_list (const R *x, const RR *rr, int side, DList *l)
{
  DList *out = g_new (DList, 1), *mk = g_new (DList, 1);
  out->n = 0;
  for (int i = 0; i < l->n; i++)
    {
      Disp d = l->d[i];
      if (d.cap < 0)
        {
          out->d[out->n++] = d;
          continue;
        }
      bool again = false;
      for (int k = 0; k < i && !again; k++)
        again = l->d[k].from == d.from && l->d[k].to == d.to && l->d[k].cap == d.cap;
      if (again)
        continue;
      FePiece mover = x->b[d.from], victim = x->b[d.cap];
      R y = *x;
      y.b[d.from] = FE_PIECE_EMPTY;
      y.b[d.cap] = FE_PIECE_EMPTY;
      y.b[d.to] = (FePiece) { victim.walk, victim.colour, 0, mover.id };
      mk->n = 0;
      displacements (&y, rr, d.to, victim.colour, victim.colour, false, mk);
      int base = side == FE_WHITE ? 0 : 7;
      for (int k = 0; k < mk->n; k++)
        {
          int a = mk->d[k].to;
          if (mk->d[k].cap >= 0 || (mover.walk == FE_WALK_PAWN && RK (a) == base))
            continue;
          bool seen = false;
          for (int j = 0; j < k && !seen; j++)
            seen = mk->d[j].cap < 0 && mk->d[j].to == a;
          if (seen)
            continue;
          Disp nd = d;
          nd.to = a;
          nd.multi = false;
          nd.nst = 0;
          g_assert_cmpint (out->n, <, (int) G_N_ELEMENTS (out->d));
          out->d[out->n++] = nd;
        }
    }
  *l = *out;
  g_free (out);
  g_free (mk);
}

/* make-and-take.md §2: the captures of the piece on `s` are those it
 * makes, by its own walk, from where a move without capturing by a
 * victim's walk and side took it; one enemy piece at a time, as the rule
 * reads (the engine goes walk by walk). */
static void
make_and_take_list (const R *x, const RR *rr, int s, int side, bool observe, DList *l)
{
  DList *out = g_new (DList, 1), *mk = g_new (DList, 1), *tk = g_new (DList, 1);
  out->n = 0;
  for (int i = 0; i < l->n; i++)
    if (l->d[i].cap < 0)
      out->d[out->n++] = l->d[i];
  FePiece mover = x->b[s];
  for (int v = 0; v < 64; v++)
    {
      FePiece victim = x->b[v];
      if (!victim.walk || victim.colour == side)
        continue;
      R y = *x;
      y.b[s] = (FePiece) { victim.walk, victim.colour, 0, mover.id };
      mk->n = 0;
      displacements (&y, rr, s, victim.colour, victim.colour, false, mk);
      /* §3: for check, a king's make from its side's king square may be
       * either castling its rights allow, the rook going along */
      int rank = victim.colour == FE_WHITE ? 0 : 7, n_plain = mk->n;
      int rook_from[2] = { -1, -1 };
      if (observe && victim.walk == FE_WALK_KING && s == SQ (4, rank))
        for (int c = 0; c < 2; c++)
          {
            int corner = c ? SQ (0, rank) : SQ (7, rank);
            int flag = (c ? 1 << 1 : 1 << 2) << (victim.colour == FE_WHITE ? 0 : 3);
            bool clear = (x->castling & flag) && x->b[corner].walk == FE_WALK_ROOK
                         && x->b[corner].colour == victim.colour;
            for (int f = c ? 1 : 5; clear && f <= (c ? 3 : 6); f++)
              clear = !x->b[SQ (f, rank)].walk;
            if (clear)
              {
                rook_from[mk->n - n_plain] = corner;
                mk->d[mk->n] = (Disp) { .from = s, .cap = -1 };
                mk->d[mk->n++].to = SQ (c ? 2 : 6, rank);
              }
          }
      for (int k = 0; k < mk->n; k++)
        {
          int a = mk->d[k].to;
          if (mk->d[k].cap >= 0)
            continue;
          R z = *x;
          z.b[s] = FE_PIECE_EMPTY;
          if (k >= n_plain)
            {
              int corner = rook_from[k - n_plain];
              z.b[corner == SQ (0, rank) ? SQ (3, rank) : SQ (5, rank)] = z.b[corner];
              z.b[corner] = FE_PIECE_EMPTY;
            }
          z.b[a] = mover;
          tk->n = 0;
          displacements (&z, rr, a, side, side, observe, tk);
          for (int t = 0; t < tk->n; t++)
            {
              Disp d = tk->d[t];
              if (d.cap != v)
                continue;
              bool again = false;
              for (int j = 0; j < out->n && !again; j++)
                again = out->d[j].cap == v && out->d[j].to == d.to;
              if (again)
                continue;
              d.from = s;
              d.multi = false;
              d.nst = 0;
              g_assert_cmpint (out->n, <, (int) G_N_ELEMENTS (out->d));
              out->d[out->n++] = d;
            }
        }
    }
  *l = *out;
  g_free (out);
  g_free (mk);
  g_free (tk);
}

/* danger-circe.md §2: a piece the other side attacks goes to its Circe
 * square (its own column), empty or held by a piece of the other side. */
static bool attacked (const R *p, const RR *rr, int t, int by);
static int home_square (int walk, int cap, int home);

static void
danger_list (const R *x, const RR *rr, int s, int side, DList *l)
{
  FePiece p = x->b[s];
  if (!attacked (x, rr, s, FE_OPPONENT (side)))
    return;
  int to = home_square (p.walk, s, side);
  if (to == s)
    return;
  for (int i = 0; i < x->n_imit; i++)
    if (x->imit[i] == to)
      return;
  FePiece t = x->b[to];
  if (t.walk && t.colour == side)
    return;
  g_assert_cmpint (l->n, <, (int) G_N_ELEMENTS (l->d));
  Disp *d = &l->d[l->n++];
  memset (d, 0, sizeof *d);
  d->from = s;
  d->to = to;
  d->cap = t.walk ? to : -1;
  d->kind = K_LEAP;
}

static bool
departures (const RR *rr)
{
  return rr->mars || rr->antimars || rr->phantom;
}

/* Attack as the engine's fe_square_attacked means it: an observation the
 * filters allow, a patrol piece's only when supported (Popeye validates
 * every observation so, conditions/patrol.c); the legal-capture kind of
 * check is in_check's. */
static bool
attacked (const R *p, const RR *rr, int t, int by)
{
  for (int a = 0; a < 64; a++)
    {
      if (!p->b[a].walk || p->b[a].colour != by)
        continue;
      DList l;
      l.n = 0;
      displacements (p, rr, a, by, by, true, &l);
      for (int i = 0; i < l.n; i++)
        if (l.d[i].cap == t && capture_ok (p, rr, &l.d[i], by))
          return true;
    }
  return false;
}

/* effect-order.md §2: check is a capture that would be a legal move
 * (self-check of the capturer ignored) and would take the king for good. */
static bool
legal_capture_kind (const RR *rr)
{
  return (rr->circe_rex && rr->circe != FE_CIRCE_PARRAIN) || rr->anticirce
         || (rr->isardam && !rr->isardam_b) || rr->koeko;
}

static bool capture_takes_king (const R *p, const RR *rr, const Disp *d, int by);

/* multicaptures.md: does the rule judge the captures of `side`? */
static bool
multi_applies (const RR *rr, int side)
{
  return rr->multi == 1 || rr->multi == (side == FE_WHITE ? 2 : 3);
}

/* multicaptures.md §2: how many captures of `side` (distinct departure and
 * arrival) take the piece on each square; `observe` counts the attacks
 * the filters allow (check). */
static void
multi_counts (const R *p, const RR *rr, int side, bool observe, int count[64])
{
  int from[64][16], to[64][16];
  memset (count, 0, 64 * sizeof count[0]);
  DList *l = g_new (DList, 1);
  for (int a = 0; a < 64; a++)
    {
      if (!p->b[a].walk || p->b[a].colour != side || (!observe && paralysed (p, rr, a, side)))
        continue;
      l->n = 0;
      displacements (p, rr, a, side, side, observe, l);
      for (int i = 0; i < l->n; i++)
        {
          const Disp *d = &l->d[i];
          if (d->cap < 0 || !p->b[d->cap].walk || p->b[d->cap].colour == side
              || (observe && !capture_ok (p, rr, d, side)))
            continue;
          bool again = false;
          for (int k = 0; k < count[d->cap] && !again; k++)
            again = from[d->cap][k] == d->from && to[d->cap][k] == d->to;
          if (again)
            continue;
          g_assert_cmpint (count[d->cap], <, 16);
          from[d->cap][count[d->cap]] = d->from, to[d->cap][count[d->cap]] = d->to;
          count[d->cap]++;
        }
    }
  g_free (l);
}

static bool
in_check (const R *p, const RR *rr, int side)
{
  int by = FE_OPPONENT (side);
  /* multicaptures.md §3: attacked twice */
  if (multi_applies (rr, by))
    {
      int count[64];
      multi_counts (p, rr, by, true, count);
      for (int t = 0; t < 64; t++)
        if (p->b[t].walk == FE_WALK_KING && p->b[t].colour == side)
          return count[t] >= 2;
      return false;
    }
  for (int t = 0; t < 64; t++)
    {
      if (p->b[t].walk != FE_WALK_KING || p->b[t].colour != side)
        continue;
      for (int a = 0; a < 64; a++)
        {
          if (!p->b[a].walk || p->b[a].colour != by)
            continue;
          DList *l = g_new (DList, 1);
          l->n = 0;
          /* mars-circe.md §2, §4: captures from the rebirth square check */
          if (rr->mars || rr->phantom)
            departing_displacements (p, rr, a, by, true, l);
          else
            displacements (p, rr, a, by, by, true, l);
          if (rr->maketake)
            make_and_take_list (p, rr, a, by, true, l);
          if (rr->danger)
            danger_list (p, rr, a, by, l);
          bool check = false;
          for (int i = 0; i < l->n && !check; i++)
            if (rr->assassin)
              {
                /* rebirth-squares.md §9: any capture that, played, takes
                 * the king off (a piece reborn on its square) */
                check = l->d[i].cap >= 0 && p->b[l->d[i].cap].walk && p->b[l->d[i].cap].colour == side
                        && capture_ok (p, rr, &l->d[i], by)
                        && (l->d[i].cap == t || capture_takes_king (p, rr, &l->d[i], by));
              }
            else
              check = l->d[i].cap == t && capture_ok (p, rr, &l->d[i], by)
                      && (!legal_capture_kind (rr) || capture_takes_king (p, rr, &l->d[i], by));
          g_free (l);
          if (check)
            return true;
        }
      return false;
    }
  return false;
}

/* ---- magic views (magic-pieces.md §4) ---------------------------------- */

typedef struct {
  int m, t; /* ids */
  int kind, a, b, c;
} View;

typedef struct {
  View v[1024];
  int n;
} Views;

static void
collect_views (const R *p, const RR *rr, Views *out)
{
  out->n = 0;
  for (int s = 0; s < 64; s++)
    {
      FePiece m = p->b[s];
      if (!m.walk || !(m.attrs & FE_ATTR_MAGIC))
        continue;
      DList l;
      l.n = 0;
      displacements (p, rr, s, m.colour, m.colour, true, &l);
      for (int i = 0; i < l.n; i++)
        {
          const Disp *d = &l.d[i];
          FePiece t = p->b[d->cap];
          if (t.walk == FE_WALK_KING || (t.attrs & FE_ATTR_MAGIC) || t.colour == FE_NEUTRAL)
            continue;
          if (!capture_ok (p, rr, d, m.colour))
            continue;
          View v = { m.id, t.id, d->kind, 0, 0, 0 };
          if (d->kind == K_LEAP)
            v.a = s, v.b = d->cap;
          else if (d->kind == K_STRAIGHT)
            {
              /* (u, e): e the last square behind M on the line */
              int f = FI (s), r = RK (s);
              while (on (f - d->uf, r - d->ur))
                f -= d->uf, r -= d->ur;
              v.a = d->uf * 16 + d->ur, v.b = SQ (f, r);
            }
          else if (d->kind == K_ZIGZAG)
            {
              /* back from M along the zigzag to the first square off the
               * board, and the step that leads from there onto it */
              int f = FI (s), r = RK (s), k = 0;
              while (on (f, r))
                {
                  k--;
                  f -= d->zig[k & 1][0], r -= d->zig[k & 1][1];
                }
              v.a = (r + 32) * 64 + (f + 32);
              v.b = d->zig[k & 1][0] * 4 + d->zig[k & 1][1];
            }
          else
            {
              /* the octagon's vertices as a set, and the sense */
              int f = FI (s), r = RK (s), key[8];
              for (int k = 0; k < 8; k++)
                {
                  key[k] = (r + 32) * 64 + (f + 32);
                  int vv = ((d->rose_i + d->rose_s * k) % 8 + 8) % 8;
                  f += rose_v[vv][0], r += rose_v[vv][1];
                }
              int lo = key[0], sum = 0, x = 0;
              for (int k = 0; k < 8; k++)
                lo = MIN (lo, key[k]), sum += key[k], x ^= key[k] * 2654435761u;
              v.a = lo, v.b = sum * 2 + (d->rose_s > 0), v.c = x;
            }
          g_assert_cmpint (out->n, <, 1024);
          out->v[out->n++] = v;
        }
    }
}

/* ---- chains (magician-pieces.md §4, einstein.md §2.1) ----------------- */

static bool
in_f (const RR *rr, int walk)
{
  for (int i = 0; i < rr->n_fairy; i++)
    if (rr->fairy[i] == walk)
      return true;
  return false;
}

/* The results of one step: n walks (n = 0: no change). */
static int
chain (const RR *rr, int walk, bool up, int *res)
{
  static const int upc[] = { FE_WALK_PAWN, FE_WALK_KNIGHT, FE_WALK_BISHOP, FE_WALK_ROOK, FE_WALK_QUEEN };
  if (in_f (rr, walk))
    return 0;
  for (int i = 0; i < 5; i++)
    if (upc[i] == walk)
      {
        int j = up ? i + 1 : i - 1;
        if (j >= 0 && j < 5)
          {
            res[0] = upc[j];
            return 1;
          }
        for (int k = 0; k < rr->n_fairy; k++)
          res[k] = rr->fairy[k];
        return rr->n_fairy;
      }
  return 0;
}

/* ---- the complete move, step by step (effect-order.md §1) ------------- */

typedef struct {
  Disp d;
  int promo;          /* walk, 0 none, -1 imitator */
  bool castle_short, castle_long;
  /* rebirth-squares.md §7 (AntiSuper): 1 + the square chosen, 0 not yet; the walk
   * a pawn sent to its last rank becomes */
  int super_sq, super_promo;
} Mv;

/* Results of a move: each choice gives one position (or none). */
typedef struct {
  R pos[8192];
  /* from, to, capture, promotion, made from the rebirth square: the move
   * itself */
  int key[8192][5];
  int n;
} Results;

static bool caged (const R *y, const RR *rr, int sq);

static void
clear_flag_if_left (int *rights, const R *before, const R *after, int sq)
{
  static const int flag_sq[6] = { SQ (4, 0), SQ (0, 0), SQ (7, 0), SQ (4, 7), SQ (0, 7), SQ (7, 7) };
  for (int i = 0; i < 6; i++)
    if (flag_sq[i] == sq && has_piece (before, sq)
        && (!has_piece (after, sq) || after->b[sq].id != before->b[sq].id))
      *rights &= ~(1 << i);
}

static void
finish_rest (const R *x, const RR *rr, const Mv *mv, const R *disp, R *cur, const Views *before,
             Results *res)
{
  /* 10. magic recolouring on V_after (no e.p. state yet: that is step 11) */
  if (rr->magic)
    {
      Views *after = g_new (Views, 1);
      collect_views (cur, rr, after);
      int count[64] = { 0 };
      for (int i = 0; i < after->n; i++)
        {
          /* Views are a set (magic-pieces.md §4.3): two routes along one line
           * (a moose's two hurdles) are one view. */
          bool seen = false;
          for (int j = 0; j < i && !seen; j++)
            seen = memcmp (&after->v[i], &after->v[j], sizeof (View)) == 0;
          for (int j = 0; j < before->n && !seen; j++)
            seen = memcmp (&after->v[i], &before->v[j], sizeof (View)) == 0;
          if (seen)
            continue;
          for (int s = 0; s < 64; s++)
            if (cur->b[s].walk && cur->b[s].id == after->v[i].t)
              count[s]++;
        }
      g_free (after);
      for (int s = 0; s < 64; s++)
        if (count[s] & 1)
          {
            cur->b[s].colour = cur->b[s].colour == FE_WHITE ? FE_BLACK : FE_WHITE;
            cur->touched |= UINT64_C (1) << s;
          }
    }
  /* 11. castling rights (common-model.md §6.3): cleared by leaving or
   * removal; a corner piece that changed walk or colour during the move sets
   * it again when it is now the owner's rook. */
  int rights = x->castling;
  for (int s = 0; s < 64; s++)
    clear_flag_if_left (&rights, x, disp, s);
  /* take-and-make.md §3: a piece that took and made back to its square
   * left it all the same */
  if (rr->takemake && mv->d.cap >= 0 && mv->d.to == mv->d.from)
    {
      static const int flag_sq[6] = { SQ (4, 0), SQ (0, 0), SQ (7, 0), SQ (4, 7), SQ (0, 7), SQ (7, 7) };
      for (int i = 0; i < 6; i++)
        if (flag_sq[i] == mv->d.from)
          rights &= ~(1 << i);
    }
  static const int corner[4] = { SQ (0, 0), SQ (7, 0), SQ (0, 7), SQ (7, 7) };
  static const int corner_flag[4] = { FE_CASTLE_WA, FE_CASTLE_WH, FE_CASTLE_BA, FE_CASTLE_BH };
  for (int i = 0; i < 4; i++)
    {
      int s = corner[i];
      if (cur->b[s].walk && (cur->touched & (UINT64_C (1) << s)))
        {
          FePiece z = cur->b[s];
          rights &= ~corner_flag[i];
          if (z.walk == FE_WALK_ROOK && z.colour == (i < 2 ? FE_WHITE : FE_BLACK))
            rights |= corner_flag[i];
        }
    }
  /* effect-order.md §3: a king put on its square (reborn, transferred)
   * gets its flag back */
  for (int i = 0; i < 2; i++)
    {
      int s = SQ (4, i ? 7 : 0), flag = i ? FE_CASTLE_BK : FE_CASTLE_WK;
      if (cur->b[s].walk && (cur->touched & (UINT64_C (1) << s)))
        {
          rights &= ~flag;
          if (cur->b[s].walk == FE_WALK_KING && cur->b[s].colour == (i ? FE_BLACK : FE_WHITE))
            rights |= flag;
        }
    }
  cur->castling = rights;
  cur->ep_victim = -1, cur->ep_n = 0;
  if (mv->d.multi)
    {
      cur->ep_victim = mv->d.to;
      int dir = RK (mv->d.to) > RK (mv->d.from) ? 1 : -1;
      for (int r = RK (mv->d.from) + dir; r != RK (mv->d.to); r += dir)
        cur->ep_sq[cur->ep_n++] = SQ (FI (mv->d.from), r);
    }
  cur->side = FE_OPPONENT (x->side);
  /* 12. legality (the condition's check, then Isardam and KoeKo on the
   * final position) */
  if (!rr->probe && in_check (cur, rr, x->side))
    return;
  /* (Isardam type B: check is plain attack, whatever the capture creates) */
  if (rr->isardam && !(rr->probe && rr->isardam_b) && isardam_violation (cur, rr))
    return;
  if (rr->koeko && !mv->castle_short && !mv->castle_long && cur->mover >= 0)
    {
      /* KoeKo (koeko.md §2): the piece that moved touches another piece */
      bool contact = false;
      for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
          {
            int f = FI (cur->mover) + df, r = RK (cur->mover) + dr;
            contact |= (df || dr) && on (f, r) && has_piece (cur, SQ (f, r));
          }
      if (!contact)
        return;
    }
  g_assert_cmpint (res->n, <, (int) G_N_ELEMENTS (res->pos));
  int *key = res->key[res->n];
  key[0] = mv->d.from, key[1] = mv->d.to, key[2] = mv->d.cap, key[3] = mv->promo;
  key[4] = mv->d.via;
  res->pos[res->n++] = *cur;
}

/* circe.md §2.2: the square of a piece of `walk` captured on `cap`,
 * in the column of `home` (FE_WHITE: e1, d1, h1/a1 …, pawns on rank 2,
 * other walks on rank 8). */
static int
home_square (int walk, int cap, int home)
{
  bool light = (FI (cap) + RK (cap)) & 1, white = home == FE_WHITE;
  int back = white ? 0 : 7;
  switch (walk)
    {
    case FE_WALK_KING: return SQ (4, back);
    case FE_WALK_QUEEN: return SQ (3, back);
    case FE_WALK_ROOK: return SQ (light == white ? 7 : 0, back);
    case FE_WALK_BISHOP: return SQ (light == white ? 5 : 2, back);
    case FE_WALK_KNIGHT: return SQ (light == white ? 1 : 6, back);
    case FE_WALK_PAWN: return SQ (FI (cap), white ? 1 : 6);
    default: return SQ (FI (cap), white ? 7 : 0);
    }
}

static int
ref_home_square (int walk, int cap, int home)
{
  return home_square (walk, cap, home);
}

/* rebirth-squares.md §2: the square of `piece` captured on `cap` by a
 * move `from` → `to`, in `column`, by the rule `squares` (FeRebirthSquares)
 * and the adapter; Couscous reads the table for `capturer` in the other
 * column.  -1: none. */
static int
rule_square (const RR *rr, int squares, int adapter, bool couscous, FePiece piece,
             FePiece capturer, int cap, int column, int from, int to)
{
  int walk = piece.walk;
  if (couscous)
    walk = capturer.walk, column = FE_OPPONENT (column);
  int f = FI (cap), r = RK (cap), sq;
  switch (squares)
    {
    case FE_REBIRTH_CIRCE: sq = home_square (walk, cap, column); break;
    case FE_REBIRTH_MIRROR: sq = home_square (walk, cap, FE_OPPONENT (column)); break;
    case FE_REBIRTH_DIAGRAM: sq = rr->diagram_sq[piece.id]; break;
    case FE_REBIRTH_FILE: sq = SQ (f, RK (home_square (walk, cap, column))); break;
    case FE_REBIRTH_RANK:
      {
        /* the column whose home squares have the rank's parity */
        int c = (r % 2 == 0) == (column == FE_WHITE) ? column : FE_OPPONENT (column);
        sq = SQ (FI (home_square (walk, cap, c)), r);
        break;
      }
    case FE_REBIRTH_SYMMETRY: sq = SQ (7 - f, 7 - r); break;
    case FE_REBIRTH_VERTICAL_SYMMETRY: sq = SQ (7 - f, r); break;
    case FE_REBIRTH_HORIZONTAL_SYMMETRY: sq = SQ (f, 7 - r); break;
    case FE_REBIRTH_ANTIPODES: sq = SQ ((f + 4) % 8, (r + 4) % 8); break;
    case FE_REBIRTH_PWC: sq = from; break;
    case FE_REBIRTH_EQUIPOLLENTS:
      {
        int nf = f + FI (to) - FI (from), nr = r + RK (to) - RK (from);
        sq = on (nf, nr) ? SQ (nf, nr) : -1;
        break;
      }
    default: sq = cap; break;
    }
  if (sq < 0)
    return sq;
  if (adapter == FE_REBIRTH_ADAPT_DIAMETRAL)
    return SQ (7 - FI (sq), 7 - RK (sq));
  if (adapter == FE_REBIRTH_ADAPT_VERTICAL_MIRROR)
    return SQ (7 - FI (sq), RK (sq));
  return sq;
}

/* rebirth-squares.md §4: the walk a piece is reborn with. */
static int
ref_reborn_walk (int kind, int walk, FePiece capturer)
{
  static const int chameleon[][2] = { { FE_WALK_KNIGHT, FE_WALK_BISHOP }, { FE_WALK_BISHOP, FE_WALK_ROOK },
                                      { FE_WALK_ROOK, FE_WALK_QUEEN }, { FE_WALK_QUEEN, FE_WALK_KNIGHT } };
  static const int down[][2] = { { FE_WALK_QUEEN, FE_WALK_ROOK }, { FE_WALK_ROOK, FE_WALK_BISHOP },
                                 { FE_WALK_BISHOP, FE_WALK_KNIGHT }, { FE_WALK_KNIGHT, FE_WALK_PAWN } };
  const int (*table)[2] = NULL;
  bool reverse = false;
  switch (kind)
    {
    case FE_REBORN_CLONE: return capturer.walk != FE_WALK_KING ? capturer.walk : walk;
    case FE_REBORN_CHAMELEON: table = chameleon; break;
    case FE_REBORN_EINSTEIN: table = down; break;
    case FE_REBORN_REVERSE_EINSTEIN: table = down, reverse = true; break;
    default: return walk;
    }
  for (int i = 0; i < 4; i++)
    if (table[i][reverse ? 1 : 0] == walk)
      return table[i][reverse ? 0 : 1];
  return walk;
}

/* Circe's variant as a rule of rebirth-squares.md (Parrain aside). */
static int
circe_rule_squares (int variant)
{
  switch (variant)
    {
    case FE_CIRCE_MIRROR: return FE_REBIRTH_MIRROR;
    case FE_CIRCE_DIAGRAM: return FE_REBIRTH_DIAGRAM;
    case FE_CIRCE_FILE: return FE_REBIRTH_FILE;
    case FE_CIRCE_RANK: return FE_REBIRTH_RANK;
    case FE_CIRCE_SYMMETRY: return FE_REBIRTH_SYMMETRY;
    case FE_CIRCE_VERTICAL_SYMMETRY: return FE_REBIRTH_VERTICAL_SYMMETRY;
    case FE_CIRCE_HORIZONTAL_SYMMETRY: return FE_REBIRTH_HORIZONTAL_SYMMETRY;
    case FE_CIRCE_ANTIPODES: return FE_REBIRTH_ANTIPODES;
    case FE_CIRCE_PWC: return FE_REBIRTH_PWC;
    case FE_CIRCE_EQUIPOLLENTS: return FE_REBIRTH_EQUIPOLLENTS;
    default: return FE_REBIRTH_CIRCE;
    }
}

/* Where the Circe in force sends `piece` captured on `cap` by the move
 * `from` → `to` of `capturer`: `column` the side whose column plain Circe
 * reads (circe.md §2.2: the victim's, i.e. the capturer's opponent; a
 * kamikaze capturer's own, kamikaze.md §3).  -1: none. */
static int
circe_square (const RR *rr, FePiece piece, FePiece capturer, int cap, int column, int from, int to)
{
  return rule_square (rr, circe_rule_squares (rr->circe), rr->c.v[FE_COND_CIRCE][2],
                      rr->c.v[FE_COND_CIRCE][3], piece, capturer, cap, column, from, to);
}

/* rebirth-squares.md §3: the variants whose geometry promotes a pawn
 * reborn on its promotion rank. */
static bool
circe_promotes (const RR *rr)
{
  int v = rr->circe;
  return v == FE_CIRCE_SYMMETRY || v == FE_CIRCE_VERTICAL_SYMMETRY || v == FE_CIRCE_ANTIPODES
         || v == FE_CIRCE_PWC || v == FE_CIRCE_EQUIPOLLENTS || v == FE_CIRCE_SUPER
         || v == FE_CIRCE_CAGE || v == FE_CIRCE_TAKE_MAKE || rr->c.v[FE_COND_CIRCE][3];
}

static void
put (R *cur, int sq, FePiece piece)
{
  cur->b[sq] = piece;
  cur->touched |= UINT64_C (1) << sq;
}

/* Circe's rebirth of `victim` on the empty square `sq`, then the rest of
 * the move. */
static void
reborn_on (const R *x, const RR *rr, const Mv *mv, const R *disp, R *cur, const Views *before,
           Results *res, FePiece victim, int sq, int promo_rank)
{
  /* circe.md §2.5: an imitator there forbids the move */
  for (int i = 0; i < cur->n_imit; i++)
    if (cur->imit[i] == sq)
      return;
  /* rebirth-squares.md §3: a pawn reborn on its promotion rank promotes,
   * one outcome per walk */
  if (victim.walk == FE_WALK_PAWN && circe_promotes (rr) && RK (sq) == promo_rank)
    {
      static const int orth[4] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT };
      for (int k = 0; k < 4 + rr->n_fairy; k++)
        {
          R each = *cur;
          FePiece p = victim;
          p.walk = k < 4 ? orth[k] : rr->fairy[k - 4];
          put (&each, sq, p);
          finish_rest (x, rr, mv, disp, &each, before, res);
        }
      return;
    }
  put (cur, sq, victim);
  finish_rest (x, rr, mv, disp, cur, before, res);
}

/* effect-order.md §1 steps 7–9: the capturer's transfer (AntiCirce, a
 * kamikaze piece under Circe), the Andernach colour change, the Circe
 * rebirth; then the rest of the move (finish_rest). */
static void
effects (const R *x, const RR *rr, const Mv *mv, const R *disp, R *cur, const Views *before,
         Results *res)
{
  int side = x->side, cap = mv->d.cap, m = cur->mover;
  bool castling = mv->castle_short || mv->castle_long;
  FePiece victim = cap >= 0 ? x->b[cap] : FE_PIECE_EMPTY;
  /* 7. the capturer to its own rebirth square */
  if (cap >= 0 && m >= 0)
    {
      FePiece c = cur->b[m];
      int anti_squares = rr->c.v[FE_COND_ANTICIRCE][1];
      if (rr->anticirce && (anti_squares == FE_REBIRTH_ANY || anti_squares == FE_REBIRTH_CAGE)
          && !mv->super_sq)
        {
          /* rebirth-squares.md §7: every square, and every walk for a pawn sent
           * to its last rank; each choice its own outcome */
          static const int orth[4] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT };
          for (int s2 = 0; s2 < 64; s2++)
            {
              bool last = c.walk == FE_WALK_PAWN && RK (s2) == (side == FE_WHITE ? 7 : 0);
              for (int k = 0; k < (last ? 4 + rr->n_fairy : 1); k++)
                {
                  Mv chosen = *mv;
                  chosen.super_sq = 1 + s2;
                  chosen.super_promo = last ? (k < 4 ? orth[k] : rr->fairy[k - 4]) : 0;
                  R next = *cur;
                  effects (x, rr, &chosen, disp, &next, before, res);
                }
            }
          return;
        }
      if (rr->anticirce)
        {
          /* anticirce.md §2: the plain table, its own column; occupied:
           * illegal; on its own square: Calvet stays, Cheylan is illegal */
          int sq = mv->super_sq ? mv->super_sq - 1
                   : rule_square (rr, rr->c.v[FE_COND_ANTICIRCE][1], rr->c.v[FE_COND_ANTICIRCE][2],
                                  false, c, FE_PIECE_EMPTY, cap, side, mv->d.from, mv->d.to);
          if (mv->super_promo)
            c.walk = mv->super_promo;
          if (sq < 0)
            return;
          if (sq == m && rr->anticirce == 2)
            return;
          if (sq != m && has_piece (cur, sq))
            return;
          cur->b[m] = FE_PIECE_EMPTY;
          put (cur, sq, c);
          m = sq;
          /* rebirth-squares.md §7: Cage, only where it is caged */
          if (anti_squares == FE_REBIRTH_CAGE && !caged (cur, rr, sq))
            return;
        }
      else if (rr->circe && rr->kamikaze && (c.attrs & FE_ATTR_KAMIKAZE))
        {
          /* kamikaze.md §3: like an AntiCirce capturer, but an occupied
           * square makes it vanish */
          /* rebirth-squares.md §2: Couscous reads nothing for a capturer
           * sent to its own square (it is its own capturer) */
          int sq = rule_square (rr, circe_rule_squares (rr->circe), rr->c.v[FE_COND_CIRCE][2], false,
                                c, FE_PIECE_EMPTY, cap, side, mv->d.from, mv->d.to);
          cur->b[m] = FE_PIECE_EMPTY;
          if (sq == m || (sq >= 0 && !has_piece (cur, sq)))
            {
              put (cur, sq, c);
              m = sq;
            }
          else
            m = -1;
        }
    }
  cur->mover = m;
  /* 8. Andernach after a capture, AntiAndernach after any other move:
   * the mover (not a king, not neutral) takes the other side's colour */
  if (rr->andernach && m >= 0 && (rr->andernach == 1) == (cap >= 0) && !castling)
    {
      FePiece c = cur->b[m];
      if (c.walk != FE_WALK_KING && c.colour != FE_NEUTRAL)
        {
          c.colour = FE_OPPONENT (side);
          put (cur, m, c);
        }
    }
  /* 9. Circe rebirth */
  if (rr->circe && rr->circe != FE_CIRCE_PARRAIN)
    {
      if (cap >= 0 && (victim.walk != FE_WALK_KING || rr->circe_rex))
        {
          FePiece capturer = m >= 0 ? cur->b[m] : x->b[mv->d.from];
          /* rebirth-squares.md §4: what it becomes decides its square;
           * Turncoats turns it there, a pawn promoting by its own rank */
          int promo_rank = victim.colour == FE_WHITE ? 7 : 0;
          victim.walk = ref_reborn_walk (rr->c.v[FE_COND_CIRCE][4], victim.walk, x->b[mv->d.from]);
          if (rr->c.v[FE_COND_CIRCE][5])
            victim.colour = FE_OPPONENT (victim.colour);
          if (rr->circe == FE_CIRCE_TAKE_MAKE)
            {
              /* rebirth-squares.md §8: on each square the reborn piece
               * reaches from the capture square by a move without
               * capturing, its side's (Couscous: the capturer's walk);
               * none: no capture */
              int colour = FE_OPPONENT (side);
              R y = *cur;
              FePiece maker = victim;
              maker.colour = colour;
              if (rr->c.v[FE_COND_CIRCE][3])
                maker.walk = capturer.walk;
              y.b[cap] = maker;
              DList *l = g_new (DList, 1);
              l->n = 0;
              if (!paralysed (&y, rr, cap, colour))
                displacements (&y, rr, cap, colour, colour, false, l);
              uint64_t done = 0;
              for (int i = 0; i < l->n; i++)
                {
                  int a = l->d[i].to;
                  if (l->d[i].cap >= 0 || (done >> a & 1) || has_piece (cur, a))
                    continue;
                  done |= UINT64_C (1) << a;
                  R each = *cur;
                  reborn_on (x, rr, mv, disp, &each, before, res, victim, a, promo_rank);
                }
              g_free (l);
              return;
            }
          if (rr->circe == FE_CIRCE_CAGE)
            {
              /* rebirth-squares.md §7: on each square where it is caged
               * (a pawn on its last rank promoted first), or nowhere when
               * there is none */
              bool any = false;
              for (int s2 = 0; s2 < 64; s2++)
                {
                  if (has_piece (cur, s2))
                    continue;
                  static const int orth[4] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP,
                                               FE_WALK_KNIGHT };
                  bool last = victim.walk == FE_WALK_PAWN && RK (s2) == promo_rank;
                  for (int k = 0; k < (last ? 4 + rr->n_fairy : 1); k++)
                    {
                      R each = *cur;
                      FePiece p = victim;
                      if (last)
                        p.walk = k < 4 ? orth[k] : rr->fairy[k - 4];
                      put (&each, s2, p);
                      if (!caged (&each, rr, s2))
                        continue;
                      any = true;
                      finish_rest (x, rr, mv, disp, &each, before, res);
                    }
                }
              if (!any)
                finish_rest (x, rr, mv, disp, cur, before, res);
              return;
            }
          if (rr->circe == FE_CIRCE_SUPER)
            {
              /* rebirth-squares.md §7: reborn nowhere, or on any empty square the
               * capturer's side chooses; each an outcome */
              R none = *cur;
              finish_rest (x, rr, mv, disp, &none, before, res);
              for (int s2 = 0; s2 < 64; s2++)
                if (!has_piece (cur, s2))
                  {
                    R each = *cur;
                    reborn_on (x, rr, mv, disp, &each, before, res, victim, s2, promo_rank);
                  }
              return;
            }
          int sq = circe_square (rr, victim, capturer, cap, FE_OPPONENT (side), mv->d.from,
                                 mv->d.to);
          if (sq >= 0 && !has_piece (cur, sq))
            {
              reborn_on (x, rr, mv, disp, cur, before, res, victim, sq, promo_rank);
              return;
            }
          /* rebirth-squares.md §9: Assassin takes the piece there off,
           * not the capturing side's king (no move) */
          if (sq >= 0 && rr->assassin)
            {
              FePiece there = cur->b[sq];
              if (there.walk == FE_WALK_KING && there.colour == side)
                return;
              cur->b[sq] = FE_PIECE_EMPTY;
              if (cur->mover == sq)
                cur->mover = -1;
              reborn_on (x, rr, mv, disp, cur, before, res, victim, sq, promo_rank);
              return;
            }
        }
      finish_rest (x, rr, mv, disp, cur, before, res);
      return;
    }
  if (rr->circe != FE_CIRCE_PARRAIN)
    {
      finish_rest (x, rr, mv, disp, cur, before, res);
      return;
    }
  /* Parrain (circe.md §4.1): the rebirth owed by the previous move, on its
   * capture square moved by the sum of this move's displacements; a pawn on
   * its promotion rank promotes at once (each choice a move); this move's
   * victim is owed to the next one */
  int sq = -1;
  if (x->owed_sq >= 0)
    {
      int vf = FI (mv->d.to) - FI (mv->d.from), vr = RK (mv->d.to) - RK (mv->d.from);
      if (castling)
        vf += mv->castle_short ? -2 : 3;
      int f = FI (x->owed_sq) + vf, r = RK (x->owed_sq) + vr;
      if (on (f, r) && !has_piece (cur, SQ (f, r)))
        sq = SQ (f, r);
    }
  /* A king is owed nothing: it is reborn only under Rex inclusive, which
   * Parrain refuses (a king capture happens only from an illegal diagram). */
  bool owed = victim.walk && victim.walk != FE_WALK_KING;
  cur->owed = owed ? victim : FE_PIECE_EMPTY;
  cur->owed_sq = owed ? cap : -1;
  if (sq < 0)
    {
      finish_rest (x, rr, mv, disp, cur, before, res);
      return;
    }
  FePiece reborn = x->owed;
  int walks[FE_WALK_MAX + 4], n = 0;
  if (reborn.walk == FE_WALK_PAWN && RK (sq) == (reborn.colour == FE_WHITE ? 7 : 0))
    {
      static const int orth[4] = { FE_WALK_QUEEN, FE_WALK_KNIGHT, FE_WALK_ROOK, FE_WALK_BISHOP };
      for (int k = 0; k < 4; k++)
        walks[n++] = orth[k];
      for (int k = 0; k < rr->n_fairy; k++)
        walks[n++] = rr->fairy[k];
    }
  else
    walks[n++] = reborn.walk;
  for (int k = 0; k < n; k++)
    {
      R next = *cur;
      FePiece z = reborn;
      z.walk = walks[k];
      put (&next, sq, z);
      finish_rest (x, rr, mv, disp, &next, before, res);
    }
}

/* Magician mutations (magician-pieces.md §3–§5) with every combination of
 * choices. */
static void
magician_step (const R *x, const RR *rr, const Mv *mv, const R *disp, const R *cur,
               const Views *before, Results *res)
{
  int moved[2] = { -1, -1 }, n_moved = 0;
  if (mv->promo != -1)
    {
      moved[n_moved++] = mv->d.to;
      if (mv->castle_short || mv->castle_long)
        moved[n_moved++] = SQ (mv->castle_short ? 5 : 3, RK (mv->d.to));
    }
  int sqs[64], dirs[64], n = 0;
  for (int s = 0; rr->magician && s < 64; s++)
    {
      FePiece p = cur->b[s];
      if (!p.walk || p.walk == FE_WALK_KING || (p.attrs & FE_ATTR_MAGICIAN))
        continue;
      bool p_moved = (n_moved > 0 && s == moved[0]) || (n_moved > 1 && s == moved[1]);
      int colour = -1;
      bool mixed = false;
      for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
          {
            int f = FI (s) + df, r = RK (s) + dr;
            if ((!df && !dr) || !on (f, r))
              continue;
            int t = SQ (f, r);
            FePiece m = cur->b[t];
            if (!m.walk || !(m.attrs & FE_ATTR_MAGICIAN))
              continue;
            bool m_moved = (n_moved > 0 && t == moved[0]) || (n_moved > 1 && t == moved[1]);
            if (!p_moved && !m_moved)
              continue;
            if (colour >= 0 && colour != m.colour)
              mixed = true;
            colour = m.colour;
          }
      if (colour < 0 || mixed)
        continue;
      sqs[n] = s;
      dirs[n++] = colour == p.colour && colour != FE_NEUTRAL;
    }
  /* every combination: a mixed-radix counter */
  int alts[64][FE_WALK_COUNT], na[64], digit[64] = { 0 };
  for (int i = 0; i < n; i++)
    na[i] = chain (rr, cur->b[sqs[i]].walk, dirs[i], alts[i]);
  for (;;)
    {
      R next = *cur;
      for (int i = 0; i < n; i++)
        if (na[i])
          {
            next.b[sqs[i]].walk = alts[i][digit[i]];
            next.touched |= UINT64_C (1) << sqs[i];
          }
      effects (x, rr, mv, disp, &next, before, res);
      int i = 0;
      while (i < n && (na[i] <= 1 || ++digit[i] == na[i]))
        {
          if (na[i] > 1)
            digit[i] = 0;
          i++;
        }
      if (i == n)
        break;
    }
}

static void
make (const R *x, const RR *rr, const Mv *mv, const Views *before, Results *res)
{
  R cur = *x;
  /* The e.p. record of the previous move ends here (step 11 sets a new
   * one after the recolouring). */
  cur.ep_victim = -1, cur.ep_n = 0, cur.touched = 0;
  cur.mover = mv->promo == -1 ? -1 : mv->d.to;
  int side = x->side;
  const Disp *d = &mv->d;
  FePiece piece = x->b[d->from];
  int rank = RK (d->from);
  int rook_from = -1, rook_to = -1;
  /* 2. displacement, 3. imitators (checked on the board during the move) */
  int shift_f = 0, shift_r = 0;
  if (mv->castle_short || mv->castle_long)
    {
      int kd = mv->castle_short ? 1 : -1;
      rook_from = SQ (mv->castle_short ? 7 : 0, rank);
      rook_to = SQ (mv->castle_short ? 5 : 3, rank);
      if (rr->imitator)
        {
          St ks[2] = { { (int8_t) kd, 0, NEED_EMPTY }, { (int8_t) (2 * kd), 0, NEED_EMPTY } };
          During w1 = { x, { d->from }, 1, -1, side };
          if (!follow (&w1, 0, 0, ks, 2))
            return;
          R mid = *x;
          mid.b[d->to] = mid.b[d->from];
          mid.b[d->from] = FE_PIECE_EMPTY;
          int n = mv->castle_short ? 2 : 3;
          St rs[3];
          for (int k = 1; k <= n; k++)
            rs[k - 1] = (St) { (int8_t) (-k * kd), 0, NEED_EMPTY };
          During w2 = { &mid, { rook_from }, 1, -1, side };
          if (!follow (&w2, 2 * kd, 0, rs, n))
            return;
          shift_f = 2 * kd - n * kd;
        }
      cur.b[d->from] = FE_PIECE_EMPTY;
      cur.b[d->to] = piece;
      cur.b[rook_to] = cur.b[rook_from];
      cur.b[rook_from] = FE_PIECE_EMPTY;
    }
  else
    {
      if (rr->imitator)
        {
          if (!imitable (x, d, side))
            return;
          shift_f = FI (d->to) - FI (d->from), shift_r = RK (d->to) - RK (d->from);
        }
      if (d->cap >= 0)
        cur.b[d->cap] = FE_PIECE_EMPTY;
      cur.b[d->from] = FE_PIECE_EMPTY;
      if (mv->promo > 0)
        piece.walk = mv->promo;
      if (mv->promo != -1)
        cur.b[d->to] = piece;
    }
  for (int i = 0; i < cur.n_imit; i++)
    if (takes_part (x, i, side))
      cur.imit[i] = SQ (FI (cur.imit[i]) + shift_f, RK (cur.imit[i]) + shift_r);
  if (mv->promo == -1)
    {
      cur.imit[cur.n_imit] = d->to;
      cur.imit_col[cur.n_imit++] = rr->mono ? piece.colour : FE_NEUTRAL;
    }
  for (int i = 0; i < cur.n_imit; i++)
    {
      if (has_piece (&cur, cur.imit[i]))
        return;
      for (int k = 0; k < i; k++)
        if (cur.imit[k] == cur.imit[i])
          return;
    }
  R disp = cur;
  /* kamikaze.md §2: without Circe a capturing kamikaze piece goes
   * (a pawn without promoting: reference_moves) */
  if (rr->kamikaze && !rr->circe && d->cap >= 0 && cur.mover >= 0
      && (cur.b[cur.mover].attrs & FE_ATTR_KAMIKAZE))
    {
      cur.b[cur.mover] = FE_PIECE_EMPTY;
      cur.mover = -1;
    }
  /* 5. Einstein: the moved piece (the rook when castling), not after a
   * promotion (D29) */
  int alts[FE_WALK_COUNT], na = 0, at = -1;
  if (einstein_side (rr, side) && mv->promo == 0)
    {
      bool capture = d->cap >= 0;
      bool up = rr->c.FE_P_EINSTEIN == FE_EINSTEIN_NORMAL ? capture
                : rr->c.FE_P_EINSTEIN == FE_EINSTEIN_REVERSE ? !capture : false;
      bool change = !(rr->c.FE_P_EINSTEIN == FE_EINSTEIN_ANTI && capture);
      at = rook_to >= 0 ? rook_to : d->to;
      if (change && cur.b[at].walk && cur.b[at].walk != FE_WALK_KING)
        na = chain (rr, cur.b[at].walk, up, alts);
      if (rook_to >= 0)
        na = MIN (na, 1);
    }
  for (int k = 0; k < MAX (na, 1); k++)
    {
      R e = cur;
      if (na)
        {
          e.b[at].walk = alts[k];
          e.touched |= UINT64_C (1) << at;
        }
      /* 5.–8. */
      magician_step (x, rr, mv, &disp, &e, before, res);
    }
}

/* The move, once per promotion choice if it promotes. */
static void
make_with_promotions (const R *x, const RR *rr, Mv *mv, const Views *before, Results *res)
{
  int side = x->side;
  FePiece p = x->b[mv->d.from];
  int rel = side == FE_WHITE ? RK (mv->d.to) : 7 - RK (mv->d.to);
  bool promotes = p.walk == FE_WALK_PAWN && rel == 7
                  && (!einstein_side (rr, side) || rr->c.FE_P_EINSTEIN_PROMOTIONS)
                  /* kamikaze.md §2–§3: a capturing kamikaze pawn goes
                   * without promoting, unless Circe sends it home */
                  && !(rr->kamikaze && !rr->circe && mv->d.cap >= 0 && (p.attrs & FE_ATTR_KAMIKAZE));
  if (!promotes)
    {
      make (x, rr, mv, before, res);
      return;
    }
  static const int orth[4] = { FE_WALK_QUEEN, FE_WALK_ROOK, FE_WALK_BISHOP, FE_WALK_KNIGHT };
  for (int k = 0; k < 4 + rr->n_fairy; k++)
    {
      mv->promo = k < 4 ? orth[k] : rr->fairy[k - 4];
      make (x, rr, mv, before, res);
    }
  if (rr->imitator && !rr->c.FE_P_IMITATOR_NO_PROMOTION && x->n_imit < FE_MAX_IMITATORS)
    {
      mv->promo = -1;
      make (x, rr, mv, before, res);
    }
  mv->promo = 0;
}

/* The capture of the king on d->cap by the piece on d->from, played out
 * with every effect and choice but no self-check test: does one of its
 * outcomes leave the king off the board (effect-order.md §2)? */
static bool
capture_takes_king (const R *p, const RR *rr, const Disp *d, int by)
{
  R y = *p;
  y.side = by;
  RR *probe = g_new (RR, 1);
  *probe = *rr;
  probe->probe = true;
  Views *before = g_new (Views, 1);
  before->n = 0;
  if (rr->magic)
    collect_views (&y, probe, before);
  /* One buffer per nesting level (megabytes: the tests run with
   * MALLOC_PERTURB_, which writes each allocation, and Circe Assassin's
   * check plays every capture). */
  static Results *pool[4];
  static int depth;
  g_assert_cmpint (depth, <, (int) G_N_ELEMENTS (pool));
  if (!pool[depth])
    pool[depth] = g_new (Results, 1);
  Results *res = pool[depth++];
  res->n = 0;
  Mv mv = { *d, 0, false, false };
  mv.d.ep = false;
  make_with_promotions (&y, probe, &mv, before, res);
  depth--;
  int king_colour = p->b[d->cap].colour;
  bool takes = false;
  for (int i = 0; i < res->n && !takes; i++)
    {
      takes = true;
      for (int s = 0; s < 64; s++)
        if (res->pos[i].b[s].walk == FE_WALK_KING && res->pos[i].b[s].colour == king_colour)
          takes = false;
    }
  g_free (before);
  g_free (probe);
  return takes;
}

/* All legal moves' results from x; `only` >= 0: those of the piece on
 * that square without capturing (a cage's test). */
static void
reference_moves_of (const R *x, const RR *rr, Results *res, int only)
{
  res->n = 0;
  int side = x->side;
  Views *before = g_new (Views, 1);
  before->n = 0;
  if (rr->magic)
    collect_views (x, rr, before);
  int multi_count[64];
  if (multi_applies (rr, side))
    multi_counts (x, rr, side, false, multi_count);
  for (int s = 0; s < 64; s++)
    {
      FePiece p = x->b[s];
      if (!p.walk || p.colour != side || paralysed (x, rr, s, side) || (only >= 0 && s != only))
        continue;
      DList *l = g_new (DList, 1);
      l->n = 0;
      if (departures (rr))
        departing_displacements (x, rr, s, side, false, l);
      else
        displacements (x, rr, s, side, side, false, l);
      if (rr->takemake)
        take_and_make_list (x, rr, side, l);
      if (rr->maketake)
        make_and_take_list (x, rr, s, side, false, l);
      if (rr->danger)
        danger_list (x, rr, s, side, l);
      for (int i = 0; i < l->n; i++)
        {
          Mv mv = { l->d[i], 0, false, false };
          if (only >= 0 && mv.d.cap >= 0)
            continue;
          /* multicaptures.md §2: a capture where another one is */
          if (mv.d.cap >= 0 && multi_applies (rr, side) && multi_count[mv.d.cap] < 2)
            continue;
          if (mv.d.cap >= 0 && ((p.attrs & FE_ATTR_MAGICIAN) || (x->b[mv.d.cap].attrs & FE_ATTR_MAGICIAN)))
            continue;
          /* patrol.md §2: a patrol piece captures when supported */
          if (mv.d.cap >= 0 && is_patrol (rr, p) && !supported (x, rr, s, side))
            continue;
          make_with_promotions (x, rr, &mv, before, res);
        }
      g_free (l);
      /* castling (common-model.md §6) */
      int rank = side == FE_WHITE ? 0 : 7, shift = side == FE_WHITE ? 0 : 3;
      if (p.walk != FE_WALK_KING || s != SQ (4, rank) || !(x->castling & (FE_CASTLE_WK << shift)))
        continue;
      for (int wing = 0; wing < 2; wing++)
        {
          bool sh = wing == 0;
          int corner = SQ (sh ? 7 : 0, rank);
          if (!(x->castling & ((sh ? FE_CASTLE_WH : FE_CASTLE_WA) << shift))
              || x->b[corner].walk != FE_WALK_ROOK || x->b[corner].colour != side)
            continue;
          bool empty = true;
          for (int f = sh ? 5 : 1; f <= (sh ? 6 : 3); f++)
            empty &= !occ (x, SQ (f, rank), side);
          if (!empty || in_check (x, rr, side))
            continue;
          /* (4): the king's one step, with its imitation, nothing else */
          int kd = sh ? 1 : -1;
          R step = *x;
          step.b[SQ (4 + kd, rank)] = step.b[s];
          step.b[s] = FE_PIECE_EMPTY;
          if (rr->imitator)
            {
              St one = { (int8_t) kd, 0, NEED_EMPTY };
              During w = { x, { s }, 1, -1, side };
              if (!follow (&w, 0, 0, &one, 1))
                continue;
              for (int i = 0; i < step.n_imit; i++)
                if (takes_part (x, i, side))
                  step.imit[i] += kd;
              bool clash = false;
              for (int i = 0; i < step.n_imit; i++)
                clash |= has_piece (&step, step.imit[i]);
              if (clash)
                continue;
            }
          step.side = FE_OPPONENT (side);
          step.ep_victim = -1, step.ep_n = 0;
          if (in_check (&step, rr, side))
            continue;
          Mv mv = { { 0 }, 0, sh, !sh };
          mv.d.from = s, mv.d.to = SQ (sh ? 6 : 2, rank), mv.d.cap = -1;
          make (x, rr, &mv, before, res);
        }
    }
  g_free (before);
}

static void
reference_moves (const R *x, const RR *rr, Results *res)
{
  reference_moves_of (x, rr, res, -1);
}

/* rebirth-squares.md §7: the piece on `sq` of `y` has no legal move
 * without capturing, its side to move. */
static bool
caged (const R *y, const RR *rr, int sq)
{
  R z = *y;
  z.side = y->b[sq].colour;
  z.mover = -1;
  z.touched = 0;
  /* One buffer for every test (megabytes: the tests run with
   * MALLOC_PERTURB_, which writes each allocation); a cage's test makes
   * no capture, so it never calls itself. */
  static Results *res;
  if (!res)
    res = g_new (Results, 1);
  reference_moves_of (&z, rr, res, sq);
  return res->n == 0;
}

/* ---- comparison -------------------------------------------------------- */

static void
piece_text (GString *s, FePiece p)
{
  g_string_append_printf (s, "%c", "wbn"[p.colour]);
  fe_attribute_append_prefixes (s, p.attrs);
  g_string_append (s, fe_walk_print_code (p.walk));
}

static void
fingerprint (GString *s, const FePiece *b64, const int *imit, const int *imit_col, int n_imit,
             int side, int castling, int ep_victim, const int *ep_sq, int ep_n, FePiece owed,
             int owed_sq)
{
  for (int i = 0; i < 64; i++)
    if (b64[i].walk)
      {
        piece_text (s, b64[i]);
        g_string_append_printf (s, "%c%d#%d ", 'a' + FI (i), RK (i) + 1, b64[i].id);
      }
  int sq[FE_MAX_IMITATORS + 1];
  for (int i = 0; i < n_imit; i++)
    sq[i] = imit[i] * 4 + imit_col[i];
  for (int i = 0; i < n_imit; i++)
    for (int k = i + 1; k < n_imit; k++)
      if (sq[k] < sq[i])
        {
          int t = sq[i];
          sq[i] = sq[k];
          sq[k] = t;
        }
  for (int i = 0; i < n_imit; i++)
    g_string_append_printf (s, "I%c%c%d ", "wbn"[sq[i] & 3], 'a' + FI (sq[i] >> 2), RK (sq[i] >> 2) + 1);
  /* A wing flag without its king's flag can never be used: only the
   * usable rights are compared (the engine leaves a rightless side's
   * flags alone, the rules would set a wing flag that never matters). */
  if (!(castling & FE_CASTLE_WK))
    castling &= ~(FE_CASTLE_WA | FE_CASTLE_WH);
  if (!(castling & FE_CASTLE_BK))
    castling &= ~(FE_CASTLE_BA | FE_CASTLE_BH);
  g_string_append_printf (s, "| %c c%d", "wb"[side], castling);
  if (ep_n)
    {
      g_string_append_printf (s, " ep%d:", ep_victim);
      for (int i = 0; i < ep_n; i++)
        g_string_append_printf (s, "%d,", ep_sq[i]);
    }
  if (owed_sq >= 0)
    {
      g_string_append (s, " owed ");
      piece_text (s, owed);
      g_string_append_printf (s, "#%d@%c%d", owed.id, 'a' + FI (owed_sq), RK (owed_sq) + 1);
    }
}

static char *
fp_ref (const R *p)
{
  GString *s = g_string_new (NULL);
  fingerprint (s, p->b, p->imit, p->imit_col, p->n_imit, p->side, p->castling, p->ep_victim,
               p->ep_sq, p->ep_n, p->owed, p->owed_sq);
  return g_string_free (s, FALSE);
}

static void
to_ref (const FePosition *pos, R *x)
{
  memset (x, 0, sizeof *x);
  for (int i = 0; i < 64; i++)
    x->b[i] = pos->board[FE_SQ88 (i)];
  x->side = pos->side;
  x->n_imit = pos->n_imitators;
  for (int i = 0; i < pos->n_imitators; i++)
    {
      x->imit[i] = FE_SQ64 (pos->imitators[i]);
      x->imit_col[i] = pos->imitator_colour[i];
    }
  x->castling = pos->castling;
  x->ep_victim = pos->ep_count ? FE_SQ64 (pos->ep_victim) : -1;
  x->ep_n = pos->ep_count;
  for (int i = 0; i < pos->ep_count; i++)
    x->ep_sq[i] = FE_SQ64 (pos->ep_squares[i]);
  x->owed = pos->owed;
  x->owed_sq = pos->owed.walk ? FE_SQ64 (pos->owed_square) : -1;
  x->mover = -1;
}

static char *
fp_engine (const FePosition *pos)
{
  R x;
  to_ref (pos, &x);
  return fp_ref (&x);
}

/* A move and the position it leads to: two moves may reach one position
 * (=Q{g8=G} and =G next to a friendly magician). */
static char *
move_key (int from, int to, int cap, int promo, bool via, char *fp)
{
  char *k = g_strdup_printf ("%d-%s%d*%d=%d %s", from, via ? "via-" : "", to, cap, promo, fp);
  g_free (fp);
  return k;
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
describe (const FePosition *pos, const RR *rr)
{
  GString *s = g_string_new (NULL);
  char *fp = fp_engine (pos);
  g_string_append_printf (s, "%s\n  madrasi %d/%d imitator %d (no-hurdles %d no-prom %d mono %d) "
                          "einstein %d side %d prom %d magic %d magician %d",
                          fp, rr->c.FE_P_MADRASI, rr->c.FE_P_MADRASI_REX_INCLUSIVE, rr->imitator,
                          rr->c.FE_P_IMITATOR_NO_HURDLES, rr->c.FE_P_IMITATOR_NO_PROMOTION, rr->mono,
                          rr->c.FE_P_EINSTEIN, rr->c.FE_P_EINSTEIN_SIDE, rr->c.FE_P_EINSTEIN_PROMOTIONS, rr->magic,
                          rr->magician);
  g_string_append_printf (s, "\n  circe %d rex %d anticirce %d andernach %d isardam %d (B %d rex %d) "
                          "patrol %d koeko %d kamikaze %d\n  circe cells %d %d %d %d anticirce squares %d %d "
                          "mars %d (rex excl %d) antimars %d phantom %d take&make %d make&take %d assassin %d danger %d",
                          rr->circe, rr->circe_rex, rr->anticirce, rr->andernach, rr->isardam, rr->isardam_b,
                          rr->isardam_rex, rr->patrol, rr->koeko, rr->kamikaze, rr->c.v[FE_COND_CIRCE][2],
                          rr->c.v[FE_COND_CIRCE][3], rr->c.v[FE_COND_CIRCE][4], rr->c.v[FE_COND_CIRCE][5],
                          rr->c.v[FE_COND_ANTICIRCE][1], rr->c.v[FE_COND_ANTICIRCE][2], rr->mars,
                          rr->mars_rex_exclusive, rr->antimars, rr->phantom, rr->takemake,
                          rr->maketake, rr->assassin, rr->danger);
  g_free (fp);
  return g_string_free (s, FALSE);
}

/* One mismatch: what, and the position with its rules. */
static void
report (const FePosition *pos, const RR *rr, const char *what)
{
  char *d = describe (pos, rr);
  g_printerr ("MISMATCH %s (rules %s)\n  %s\n", what, pos->rules ? "attached" : "NULL: orthodox fast paths", d);
  g_free (d);
}

int
fe_ref_compare (FePosition *pos, const RR *rr, FeMoveList *legal, FeRefSeen *seen)
{
  int failures = 0;
  R x;
  to_ref (pos, &x);
  for (int side = FE_WHITE; side <= FE_BLACK; side++)
    if (fe_in_check (pos, side) != in_check (&x, rr, side))
      report (pos, rr, side == FE_WHITE ? (in_check (&x, rr, side) ? "white in check (engine: not)" : "white not in check (engine: in check)")
                                         : (in_check (&x, rr, side) ? "black in check (engine: not)" : "black not in check (engine: in check)")), failures++;
  for (int s = 0; s < 64; s++)
    {
      FePiece p = x.b[s];
      if (!p.walk)
        continue;
      int by = FE_OPPONENT (p.colour);
      bool engine_attacked = fe_square_attacked (pos, FE_SQ88 (s), by);
      if (engine_attacked != attacked (&x, rr, s, by))
        {
          char what[64];
          g_snprintf (what, sizeof what, "attack on %c%d (engine: %s)", 'a' + FI (s), RK (s) + 1,
                      engine_attacked ? "attacked" : "not attacked");
          report (pos, rr, what), failures++;
        }
      if (rr->c.FE_P_MADRASI || rr->c.FE_P_MADRASI_REX_INCLUSIVE)
        {
          FeCapturePath path = { FE_SQ88 (s), FE_SQ88 (s), FE_NATURE_LEAP, 1, p.colour };
          bool engine = !fe_condition_madrasi.capture_allowed (pos, &path);
          if (engine != paralysed (&x, rr, s, p.colour))
            {
              char what[64];
              g_snprintf (what, sizeof what, "paralysis of %c%d", 'a' + FI (s), RK (s) + 1);
              report (pos, rr, what), failures++;
            }
        }
    }

  fe_generate_legal (pos, legal);
  GPtrArray *mine = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < legal->count; i++)
    {
      FeUndo undo;
      const FeMove *m = &legal->moves[i];
      int promo = (m->flags & FE_MOVE_PROMOTION) ? m->promotion
                  : (m->flags & FE_MOVE_PROMOTE_IMITATOR) ? -1 : 0;
      FePiece mover = pos->board[m->from];
      int rel = mover.colour == FE_WHITE ? FE_RANK (m->from) : 7 - FE_RANK (m->from);
      seen->moves++;
      seen->castling += (m->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG)) != 0;
      seen->en_passant += (m->flags & FE_MOVE_EN_PASSANT) != 0;
      seen->multi_step += (m->flags & FE_MOVE_MULTI_STEP) != 0;
      seen->departures += (m->xflags & FE_MOVE_X_FROM_REBIRTH) != 0;
      seen->imitator_promotion += (m->flags & FE_MOVE_PROMOTE_IMITATOR) != 0;
      seen->first_rank += mover.walk == FE_WALK_PAWN && rel == 0;
      seen->promotions += promo > 0;
      seen->fairy_promotions += promo > 0 && fe_walk_is_fairy (promo);
      FePosition before = *pos;
      fe_make (pos, &legal->moves[i], &undo);
      seen->effects += undo.n_changes > undo.n_displacement_changes;
      seen->rebirths += undo.n_rebirths > 0;
      seen->owed += pos->owed.walk != 0;
      g_ptr_array_add (mine, move_key (FE_SQ64 (m->from), FE_SQ64 (m->to),
                                       m->capture == FE_NO_SQUARE ? -1 : FE_SQ64 (m->capture), promo,
                                       (m->xflags & FE_MOVE_X_FROM_REBIRTH) != 0,
                                       fp_engine (pos)));
      g_ptr_array_add (texts, fe_notation_move (&before, m, pos, &undo));
      fe_unmake (pos, &legal->moves[i], &undo);
    }
  Results *res = g_new (Results, 1);
  reference_moves (&x, rr, res);
  GPtrArray *ref = g_ptr_array_new_with_free_func (g_free);
  int res_n = res->n;
  for (int i = 0; i < res->n; i++)
    g_ptr_array_add (ref, move_key (res->key[i][0], res->key[i][1], res->key[i][2], res->key[i][3],
                                    res->key[i][4],
                                    fp_ref (&res->pos[i])));
  g_free (res);
  if (fe_has_legal_move (pos) != (res_n > 0))
    report (pos, rr, "has a legal move"), failures++;
  g_ptr_array_sort (mine, cmp_str);
  g_ptr_array_sort (ref, cmp_str);
  g_ptr_array_sort (texts, cmp_str);
  /* D7: one move, one line. */
  for (guint i = 1; i < texts->len; i++)
    if (strcmp (texts->pdata[i], texts->pdata[i - 1]) == 0)
      {
        char what[80];
        g_snprintf (what, sizeof what, "the move %s is listed twice", (char *) texts->pdata[i]);
        report (pos, rr, what), failures++;
      }
  /* The reference lists a move once per route (rose, moose): drop the
   * repeats; the engine must list it once. */
  for (guint i = 1; i < ref->len;)
    if (strcmp (ref->pdata[i], ref->pdata[i - 1]) == 0)
      {
        seen->routes++;
        g_ptr_array_remove_index (ref, i);
      }
    else
      i++;
  guint a = 0, b = 0;
  bool differ = false;
  while (a < mine->len || b < ref->len)
    {
      int c = a == mine->len ? 1 : b == ref->len ? -1 : strcmp (mine->pdata[a], ref->pdata[b]);
      if (c == 0)
        {
          a++, b++;
          continue;
        }
      if (!differ)
        report (pos, rr, "legal moves"), failures++;
      differ = true;
      if (c < 0)
        g_printerr ("  engine only:    %s\n", (char *) mine->pdata[a++]);
      else
        g_printerr ("  reference only: %s\n", (char *) ref->pdata[b++]);
    }
  g_ptr_array_unref (mine);
  g_ptr_array_unref (ref);
  g_ptr_array_unref (texts);
  return failures;
}

gboolean
fe_ref_in_check (const FePosition *pos, const RR *rr, int side)
{
  R x;
  to_ref (pos, &x);
  return in_check (&x, rr, side);
}

/* The conditions the reference knows, by registry name: it reads their
 * cells through the FE_P_* names and the builtin ids. */
static const char *const known_conditions[] = { "madrasi", "imitator", "einstein", "magic", "magician",
                                                "circe", "anticirce", "andernach", "isardam", "patrol",
                                                "koeko", "kamikaze", "marscirce", "antimars",
                                                "phantom", "takemake", "maketake", "dangercirce",
                                                "multicaptures", "bicaptures" };

/* The combinations of the further conditions the reference judges: those
 * combinations.md §3 (and isardam.md §4) accepts, less those whose rules
 * the spec leaves open (named below). */
static bool
ref_combination_known (const RR *rr)
{
  bool circe = rr->circe, parrain = rr->circe == FE_CIRCE_PARRAIN;
  bool any_new = circe || rr->anticirce || rr->andernach || rr->isardam || rr->patrol || rr->koeko
                 || rr->kamikaze;
  /* magician pieces: the place of their mutation among the new effects */
  if (any_new && rr->magician)
    return false;
  /* Imitator: refused by Popeye with Isardam and KoeKo; the spec does not
   * say what an imitator on a transfer square or a Parrain rebirth square
   * does, nor how it follows a king's capture for Rex inclusive */
  if (rr->imitator && (rr->isardam || rr->koeko || rr->anticirce || rr->kamikaze || parrain || rr->circe_rex))
    return false;
  if (rr->isardam && (rr->c.FE_P_MADRASI || rr->c.FE_P_MADRASI_REX_INCLUSIVE))
    return false;
  /* Parrain: a kamikaze capturer's square and a king's rebirth depend on
   * a move not yet played */
  if (parrain && (rr->kamikaze || rr->circe_rex))
    return false;
  /* AntiCirce: refused with kamikaze pieces; with Circe only the plain
   * form is shown (circe.md §2.5) */
  if (rr->anticirce && (rr->kamikaze || (circe && (rr->circe != FE_CIRCE_PLAIN || rr->circe_rex))))
    return false;
  /* pairs of new conditions combinations.md §3 does not accept */
  if (rr->patrol && (circe || rr->anticirce || rr->andernach || rr->isardam || rr->koeko))
    return false;
  if (rr->isardam && (rr->anticirce || rr->andernach || rr->koeko))
    return false;
  if (rr->koeko && (rr->anticirce || rr->andernach))
    return false;
  /* rebirth-squares.md §3: a pawn reborn promoted into an imitator is
   * not modelled here */
  if (rr->imitator && rr->circe > FE_CIRCE_PARRAIN)
    return false;
  /* mars-circe.md §5: imitators refused; Phantom with Mars refused */
  if ((rr->mars || rr->antimars || rr->phantom || rr->takemake || rr->maketake)
      && (rr->imitator || rr->magician))
    return false;
  /* make-and-take.md §4: with Mars, Phantom or Take&Make refused */
  if (rr->maketake && (rr->mars || rr->phantom || rr->takemake))
    return false;
  if (rr->phantom && (rr->mars || rr->antimars))
    return false;
  /* rebirth-squares.md §9 (D67) */
  if (rr->assassin && (parrain || rr->circe >= FE_CIRCE_SUPER || rr->circe_rex || rr->kamikaze || rr->imitator || rr->anticirce
                      || rr->isardam || rr->koeko || rr->c.FE_P_EINSTEIN))
    return false;
  /* multicaptures.md §4: alone */
  if (rr->multi && (rr->imitator || rr->magic || rr->magician || rr->c.FE_P_MADRASI || rr->c.FE_P_EINSTEIN
                    || rr->circe || rr->anticirce || rr->andernach || rr->isardam || rr->patrol
                    || rr->koeko || rr->kamikaze || rr->mars || rr->antimars || rr->phantom
                    || rr->takemake || rr->maketake || rr->danger))
    return false;
  /* bicaptures.md §3: alone */
  if (rr->bicaptures && (rr->imitator || rr->magic || rr->magician || rr->c.FE_P_MADRASI
                         || rr->c.FE_P_EINSTEIN || rr->circe || rr->anticirce || rr->andernach
                         || rr->isardam || rr->patrol || rr->koeko || rr->kamikaze || rr->mars
                         || rr->antimars || rr->phantom || rr->takemake || rr->maketake || rr->danger
                         || rr->multi))
    return false;
  /* danger-circe.md §3 */
  if (rr->danger && (rr->imitator || rr->mars || rr->antimars || rr->phantom || rr->takemake
                     || rr->maketake))
    return false;
  return true;
}

gboolean
fe_ref_rules_init (RR *rr, const FeConditionParams *c, const FePosition *diagram)
{
  memset (rr, 0, sizeof *rr);
  for (int id = 0; id < fe_condition_count (); id++)
    {
      if (!fe_condition_in_force (id, c, diagram))
        continue;
      const char *name = fe_condition_nth (id)->name;
      bool known = false;
      for (gsize k = 0; k < G_N_ELEMENTS (known_conditions); k++)
        known |= strcmp (name, known_conditions[k]) == 0;
      if (!known)
        return FALSE;
    }
  rr->c = *c;
  rr->imitator = c->FE_P_IMITATOR || diagram->n_imitators;
  for (int i = 0; i < diagram->n_imitators; i++)
    rr->mono |= diagram->imitator_colour[i] != FE_NEUTRAL;
  rr->magic = c->FE_P_MAGIC;
  rr->magician = c->FE_P_MAGICIAN;
  rr->circe = c->v[FE_COND_CIRCE][0];
  rr->circe_rex = rr->circe && c->v[FE_COND_CIRCE][1];
  rr->anticirce = c->v[FE_COND_ANTICIRCE][0];
  rr->andernach = c->v[FE_COND_ANDERNACH][0];
  rr->isardam = c->v[FE_COND_ISARDAM][0];
  rr->isardam_b = rr->isardam && c->v[FE_COND_ISARDAM][1];
  rr->isardam_rex = rr->isardam && c->v[FE_COND_ISARDAM][2];
  rr->patrol = c->v[FE_COND_PATROL][0];
  rr->koeko = c->v[FE_COND_KOEKO][0];
  rr->kamikaze = c->v[FE_COND_KAMIKAZE][0];
  rr->mars = fe_params_on (c, FE_COND_MARSCIRCE) ? 1 + c->v[FE_COND_MARSCIRCE][1] : 0;
  rr->mars_rex_exclusive = rr->mars && c->v[FE_COND_MARSCIRCE][2];
  rr->antimars = fe_params_on (c, FE_COND_ANTIMARS) ? 1 + c->v[FE_COND_ANTIMARS][1] : 0;
  rr->phantom = fe_params_on (c, FE_COND_PHANTOM) ? 1 + c->v[FE_COND_PHANTOM][1] : 0;
  rr->takemake = fe_params_on (c, FE_COND_TAKEMAKE);
  rr->maketake = fe_params_on (c, FE_COND_MAKETAKE);
  rr->assassin = rr->circe && c->v[FE_COND_CIRCE][6];
  rr->danger = fe_params_on (c, FE_COND_DANGERCIRCE);
  rr->bicaptures = fe_params_on (c, FE_COND_BICAPTURES);
  rr->multi = fe_params_on (c, FE_COND_MULTICAPTURES) ? 1 + c->v[FE_COND_MULTICAPTURES][1] : 0;
  /* the reference's departures know the table and its Mirror */
  if (rr->mars > 2 || rr->antimars > 2 || rr->phantom > 2)
    return FALSE;
  for (int i = 0; i < 256; i++)
    rr->diagram_sq[i] = -1;
  bool present[FE_WALK_MAX] = { false };
  for (int i = 0; i < 64; i++)
    {
      FePiece p = diagram->board[FE_SQ88 (i)];
      if (!p.walk)
        continue;
      if (!ref_walk (p.walk) || p.colour == FE_NEUTRAL)
        return FALSE;
      /* a kamikaze king: does it attack, being unable to capture
       * (kamikaze.md §2)? */
      if (p.walk == FE_WALK_KING && (p.attrs & FE_ATTR_KAMIKAZE))
        return FALSE;
      present[p.walk] = true;
      rr->magic |= (p.attrs & FE_ATTR_MAGIC) != 0;
      rr->magician |= (p.attrs & FE_ATTR_MAGICIAN) != 0;
      rr->kamikaze |= (p.attrs & FE_ATTR_KAMIKAZE) != 0;
      rr->diagram_sq[p.id] = i;
    }
  if (!ref_combination_known (rr))
    return FALSE;
  /* The fairy set F (fairy-pieces.md §5): every walk of the diagram but
   * K Q R B S P, in the engine's walk order (the order of the choices). */
  static const char *const orthodox[] = { "k", "q", "r", "b", "s", "p" };
  for (int w = 1; w < FE_WALK_MAX; w++)
    {
      if (!present[w])
        continue;
      bool fairy = true;
      for (gsize k = 0; k < G_N_ELEMENTS (orthodox); k++)
        fairy &= strcmp (ref_walk (w)->code, orthodox[k]) != 0;
      if (fairy)
        rr->fairy[rr->n_fairy++] = w;
    }
  return TRUE;
}

gboolean
fe_ref_knows_walk (int walk)
{
  return ref_walk (walk) != NULL;
}
