/* magic.c — magic pieces (docs/rules/magic-pieces.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After every move (and after the earlier effects of
 * docs/rules/effect-order.md §1) each piece that has an odd number of new
 * views changes colour.  A view is (magic piece id, target id, line); the
 * views before the move are rebuilt from the undo log on a stack copy of the
 * position, so nothing is stored between moves and nothing is allocated.
 */
#include <stdlib.h>
#include <string.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"
#include "core/model/walk.h"

/* How a view's line is identified (magic-pieces.md §4, D17). */
enum {
  LINE_LEAPER = 1,   /* (square of M, square of T) */
  LINE_STRAIGHT,     /* the off-board squares behind M and behind T */
  LINE_ROSE,         /* lowest vertex of the octagon and the next one */
  LINE_ZIGZAG,       /* first off-board square beyond M, and the next step */
};

typedef struct {
  uint8_t magic_id;
  uint8_t target_id;
  uint8_t target_sq;
  uint8_t kind;
  int16_t a, b;
} View;

/* A magic piece has at most 16 paths (rose, amazon), so this is ample. */
#define MAX_VIEWS 1024

typedef struct {
  View *views;
  int n;
  uint8_t magic_id;
} Collect;

/* Must follow movegen.c's rose numbering: path aux = start * 2 + sense. */
static const int8_t rose_df[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
static const int8_t rose_dr[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
/* movegen.c's boy scout diagonals: path aux = i * 2 + (k > 0). */
static const int8_t diag_df[4] = { 1, -1, -1, 1 };
static const int8_t diag_dr[4] = { 1, 1, -1, -1 };

/* Coordinates that may lie off the board, packed into one number. */
static inline int16_t
coord (int file, int rank)
{
  return (int16_t) ((rank + 16) * 64 + (file + 16));
}

static inline bool
inside (int file, int rank)
{
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

static void
straight_line (FeSquare m, FeSquare t, View *v)
{
  int mf = FE_FILE (m), mr = FE_RANK (m), tf = FE_FILE (t), tr = FE_RANK (t);
  int g = fe_gcd (tf - mf, tr - mr);
  int uf = (tf - mf) / g, ur = (tr - mr) / g;
  do
    mf -= uf, mr -= ur;
  while (inside (mf, mr));
  do
    tf += uf, tr += ur;
  while (inside (tf, tr));
  v->kind = LINE_STRAIGHT;
  v->a = coord (mf, mr);
  v->b = coord (tf, tr);
}

static void
rose_line (FeSquare m, int aux, View *v)
{
  int start = aux >> 1, sense = (aux & 1) ? -1 : 1;
  int f[9], r[9];
  f[0] = FE_FILE (m), r[0] = FE_RANK (m);
  for (int k = 0; k < 8; k++)
    {
      int idx = (start + sense * k + 16) & 7;
      f[k + 1] = f[k] + rose_df[idx];
      r[k + 1] = r[k] + rose_dr[idx];
    }
  int low = 0;
  for (int k = 1; k < 8; k++)
    if (r[k] < r[low] || (r[k] == r[low] && f[k] < f[low]))
      low = k;
  v->kind = LINE_ROSE;
  v->a = coord (f[low], r[low]);
  v->b = coord (f[low + 1], r[low + 1]);
}

static void
zigzag_line (FeSquare m, FeSquare t, int aux, View *v)
{
  int i = aux >> 1, k = (aux & 1) ? 1 : -1;
  int d2i = (i + k + 4) & 3;
  int step_f[2] = { diag_df[i], diag_df[d2i] };
  int step_r[2] = { diag_dr[i], diag_dr[d2i] };
  /* Count the steps from M to T along the path. */
  int f = FE_FILE (m), r = FE_RANK (m), n = 0;
  int tf = FE_FILE (t), tr = FE_RANK (t);
  while ((f != tf || r != tr) && n < 16)
    {
      f += step_f[n & 1];
      r += step_r[n & 1];
      n++;
    }
  /* Walk back from T through M until the line leaves the board. */
  int s = n - 1;
  f = tf, r = tr;
  while (inside (f, r))
    {
      f -= step_f[s & 1];
      r -= step_r[s & 1];
      s--;
    }
  v->kind = LINE_ZIGZAG;
  v->a = coord (f, r);
  v->b = coord (f - step_f[s & 1], r - step_r[s & 1]);
}

static bool
view_cb (const FePosition *pos, const FeCapturePath *path, void *data)
{
  Collect *c = data;
  FePiece t = pos->board[path->to];
  /* Kings, magic and neutral pieces never change colour
   * (magic-pieces.md §3). */
  if (!t.walk || t.walk == FE_WALK_KING || (t.attrs & FE_ATTR_MAGIC) || t.colour == FE_NEUTRAL)
    return false;
  if (c->n >= MAX_VIEWS || !fe_observation_allowed (pos, path))
    return false;
  View *v = &c->views[c->n];
  v->magic_id = c->magic_id;
  v->target_id = t.id;
  v->target_sq = path->to;
  switch (path->nature)
    {
    case FE_NATURE_LEAP:
      v->kind = LINE_LEAPER;
      v->a = path->from;
      v->b = path->to;
      break;
    case FE_NATURE_RIDE:
    case FE_NATURE_HOP:
    case FE_NATURE_LION:
      straight_line (path->from, path->to, v);
      break;
    case FE_NATURE_CURVE:
      rose_line (path->from, path->aux, v);
      break;
    default:
      {
        int family = fe_walk_def (pos->board[path->from].walk)->family;
        if (family == FE_FAMILY_BOYSCOUT)
          zigzag_line (path->from, path->to, path->aux, v);
        else if (family == FE_FAMILY_EQUIHOPPER)
          straight_line (path->from, path->to, v);
        else
          {
            /* Lame leapers, moose, non-stop equihoppers: a new square of
             * either piece is a new view, as for leapers. */
            v->kind = LINE_LEAPER;
            v->a = path->from;
            v->b = path->to;
          }
        break;
      }
    }
  c->n++;
  return false;
}

static int
collect_views (const FePosition *pos, View *views)
{
  Collect c = { views, 0, 0 };
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = pos->board[sq];
      if (!(p.attrs & FE_ATTR_MAGIC) || !p.walk)
        continue;
      c.magic_id = p.id;
      if (p.colour == FE_NEUTRAL)
        {
          /* Popeye refuses neutral magic pieces; a neutral one observes for
           * both sides here. */
          fe_for_each_observation (pos, sq, FE_WHITE, view_cb, &c);
          fe_for_each_observation (pos, sq, FE_BLACK, view_cb, &c);
        }
      else
        fe_for_each_observation (pos, sq, p.colour, view_cb, &c);
    }
  return c.n;
}

/* A view as one number: equal numbers are the same view (the target's
 * square is not part of it: a view follows the pieces, not the squares). */
static inline uint64_t
view_key (const View *v)
{
  return (uint64_t) v->magic_id | (uint64_t) v->target_id << 8 | (uint64_t) v->kind << 16
         | (uint64_t) (uint16_t) v->a << 24 | (uint64_t) (uint16_t) v->b << 40;
}

static int
compare_keys (const void *x, const void *y)
{
  uint64_t a = *(const uint64_t *) x, b = *(const uint64_t *) y;
  return (a > b) - (a < b);
}

static bool
has_key (const uint64_t *keys, int n, uint64_t key)
{
  int lo = 0, hi = n;
  while (lo < hi)
    {
      int mid = (lo + hi) / 2;
      if (keys[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && keys[lo] == key;
}

static bool
magic_after_displacement (FePosition *pos, const FeMove *move, FeUndo *undo)
{
  (void) move;
  if (!fe_position_has_attribute (pos, FE_ATTR_MAGIC))
    {
      /* A magic piece captured by this move still viewed before it, but
       * lost views never count. */
      return true;
    }

  /* V_before (magic-pieces.md §5, D18): the views of the position at the
   * start of the move.  All moves from one position share it, so it is kept
   * per thread, keyed by that position's hash (saved in the undo record). */
  static _Thread_local struct {
    uint64_t hash;
    const FeRules *rules;
    FeConditionParams params;
    bool valid;
    int n;
    /* The views' keys, sorted: each new view is looked up by bisection. */
    uint64_t keys[MAX_VIEWS];
  } before_cache;
  /* One entry suffices: moves are tried position by position, and any
   * other position in between replaces it (ids, which the hash ignores,
   * cannot differ under an unchanged entry).  The rules are part of the
   * key because a twin may change the conditions, not the position. */
  if (!before_cache.valid || before_cache.hash != undo->hash || before_cache.rules != pos->rules
      || memcmp (&before_cache.params, &pos->rules->params, sizeof before_cache.params) != 0)
    {
      /* Rebuild the position by replaying the undo log backwards on a copy. */
      FePosition before = *pos;
      for (int i = undo->n_changes - 1; i >= 0; i--)
        fe_position_restore_square (&before, undo->changes[i].square, undo->changes[i].before);
      before.ep_victim = undo->ep_victim;
      before.ep_count = undo->ep_count;
      before.ep_squares[0] = undo->ep_squares[0];
      before.ep_squares[1] = undo->ep_squares[1];
      before.n_imitators = undo->n_imitators;
      memcpy (before.imitators, undo->imitators, sizeof before.imitators);
      View views[MAX_VIEWS];
      before_cache.n = collect_views (&before, views);
      for (int i = 0; i < before_cache.n; i++)
        before_cache.keys[i] = view_key (&views[i]);
      qsort (before_cache.keys, before_cache.n, sizeof before_cache.keys[0], compare_keys);
      before_cache.hash = undo->hash;
      before_cache.rules = pos->rules;
      before_cache.params = pos->rules->params;
      before_cache.valid = true;
    }

  View new_views[MAX_VIEWS];
  int n_new = collect_views (pos, new_views);

  /* Odd number of new views of a target: it changes colour.  All changes
   * are decided on V_after first, then applied together.  Views are a set
   * (magic-pieces.md §4.3): two routes with one line (a moose over either of
   * two hurdles) are one view, so each new key counts once. */
  uint8_t count[128];
  memset (count, 0, sizeof count);
  uint64_t fresh[MAX_VIEWS]; /* the new keys met so far: few, scanned */
  int n_fresh = 0;
  for (int i = 0; i < n_new; i++)
    {
      uint64_t key = view_key (&new_views[i]);
      if (has_key (before_cache.keys, before_cache.n, key))
        continue;
      bool again = false;
      for (int k = 0; k < n_fresh && !again; k++)
        again = fresh[k] == key;
      if (again)
        continue;
      fresh[n_fresh++] = key;
      count[new_views[i].target_sq]++;
    }
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (!(count[sq] & 1))
        continue;
      FePiece p = pos->board[sq];
      p.colour = p.colour == FE_WHITE ? FE_BLACK : FE_WHITE;
      fe_position_set (pos, undo, sq, p);
    }
  return true;
}

const FeConditionOps fe_condition_magic = {
  .name = "magic",
  .after_displacement = magic_after_displacement,
  .effect_order = FE_EFFECT_VIEWS,
};

static const FeConditionParamDesc magic_params[] = {
  { .name = "magic", .label = FE_N_("Magic pieces"), .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword magic_keywords[] = {
  { "MagicPieces", 0, 1, FE_KEYWORD_EXTENSION },
};

/* Popeye's word and order; a solid violet frame. */
static const FeAttributeDesc magic_attribute = {
  .bit = FE_ATTR_MAGIC,
  .name = "magic",
  .label = FE_N_("Magic"),
  .popeye_word = "Magic",
  .popeye_header = "Magic",
  .prefix = "m",
  .prefix_order = 12,
  .fen_prefix = '*',
  .frame = FE_FRAME_SOLID,
  .frame_rgb = { 92, 41, 158 },
  .palette_tooltip = FE_N_("Magic pieces stand on a solid violet frame"),
};

const FeConditionClass fe_condition_class_magic = {
  .name = "magic",
  .label = FE_N_("Magic pieces"),
  .xml_element = "magic",
  .params = magic_params,
  .n_params = G_N_ELEMENTS (magic_params),
  .ops = &fe_condition_magic,
  .popeye_keywords = magic_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (magic_keywords),
  .attribute = &magic_attribute,
  .attribute_only = true,
  .stage_label = FE_N_("magic colour changes"),
};
