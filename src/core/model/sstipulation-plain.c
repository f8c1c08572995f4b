/* sstipulation-plain.c — the plain stipulation a structured one says, if
 * any (docs/rules/structured-stipulations.md §6).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only exact synonyms: the same play, the same ends, tested at the same
 * moves, so that a plain solver writes what the tree asks, line for line.
 * A near miss ("6s[1d[#]a]", whose end is not forced, against ser-s#6,
 * whose end is) is no synonym; the structured solver takes it.
 */
#include "sstipulation.h"
#include "position.h"

/* The branch's parts of one kind at one slot: how many, and the last. */
static int
parts_of (const FeSNode *b, FeSNodeKind kind, int slot, const FeSNode **last)
{
  int n = 0;
  for (guint i = 0; i < b->parts->len; i++)
    {
      const FeSNode *p = b->parts->pdata[i];
      if (p->kind == kind && p->slot == slot)
        n++, *last = p;
    }
  return n;
}

/* A branch of `kind` and length `max` with the default minimum, no "?+?",
 * no constraint, and one fork only, at `slot`, not suppressed: that fork,
 * else NULL. */
static const FeSNode *
lone_fork (const FeSNode *b, FeSBranchKind kind, int max, int slot)
{
  if (!b || b->kind != FE_SNODE_BRANCH || b->branch != kind || b->max != max || b->parry
      || b->parts->len != 1)
    return NULL;
  if (b->min && !(b->min == 1 && (kind == FE_SBRANCH_SERIES || max % 2 == 1)))
    return NULL;
  const FeSNode *fork = b->parts->pdata[0];
  if (fork->kind != FE_SNODE_FORK || fork->slot != slot || fork->suppressed)
    return NULL;
  return fork;
}

/* A goal leaf: its goal and square. */
static gboolean
leaf (const FeSNode *n, FeStipulation *st)
{
  if (!n || n->kind != FE_SNODE_LEAF)
    return FALSE;
  st->goal = n->goal;
  st->target = n->target;
  return TRUE;
}

/* "1h[G]h" or "1a[G]d" (a one-move help or attack reaching G): G. */
static gboolean
one_move_to (const FeSNode *n, FeStipulation *st)
{
  const FeSNode *f = lone_fork (n, FE_SBRANCH_HELP, 1, 0);
  if (!f)
    f = lone_fork (n, FE_SBRANCH_ATTACK, 1, 0);
  return f && leaf (f->a, st);
}

/* "1a[G]d": the side to move can reach G in one (a reflex end). */
static gboolean
can_reach (const FeSNode *n, FeStipulation *st)
{
  const FeSNode *f = lone_fork (n, FE_SBRANCH_ATTACK, 1, 0);
  return f && leaf (f->a, st);
}

/* The constraint "!1a[G]d" (the side to move cannot reach G in one) with
 * the same G as `st`. */
static gboolean
cannot_reach (const FeSNode *c, const FeStipulation *st)
{
  FeStipulation g = { 0 };
  return c->a->kind == FE_SNODE_NOT && can_reach (c->a->a, &g) && g.goal == st->goal
         && g.target == st->target;
}

/* "2hh[G2]&1h[G1]h" in either order: the two parts of a reciprocal end. */
static gboolean
reci_end (const FeSNode *n, FeStipulation *st)
{
  if (!n || n->kind != FE_SNODE_AND)
    return FALSE;
  FeStipulation help = { 0 }, own = { 0 };
  const FeSNode *h = lone_fork (n->a, FE_SBRANCH_HELP, 2, 1), *o = n->b;
  if (!h)
    h = lone_fork (n->b, FE_SBRANCH_HELP, 2, 1), o = n->a;
  if (!h || !leaf (h->a, &help) || !one_move_to (o, &own) || lone_fork (o, FE_SBRANCH_ATTACK, 1, 0))
    return FALSE;
  if (fe_goal_has_square (help.goal) || fe_goal_has_square (own.goal))
    return FALSE;
  st->end = FE_END_RECI;
  st->goal = help.goal;
  st->reci_goal = own.goal;
  return TRUE;
}

/* Series play of `start`: ser-, ser-h, ser-s, ser-r. */
static gboolean
plain_series (const FeSNode *b, int start, FeStipulation *st)
{
  if (b->parry || (b->min && b->min != 1))
    return FALSE;
  const FeSNode *fork = NULL, *constraint = NULL;
  if (parts_of (b, FE_SNODE_FORK, 0, &fork) != 1 || fork->suppressed)
    return FALSE;
  int n_constraints = parts_of (b, FE_SNODE_CONSTRAINT, 0, &constraint);
  st->play = FE_PLAY_SERIES;
  st->moves = b->max;
  if (n_constraints == 0 && start == FE_WHITE && leaf (fork->a, st))
    return TRUE;
  /* Black's series, then White's move reaching the goal; the end is not
   * forced (§6). */
  if (n_constraints == 0 && start == FE_BLACK && !fork->forced && one_move_to (fork->a, st))
    return (st->end = FE_END_HELP), TRUE;
  /* ser-s has no synonym: its forced end is no ">" of the language, which
   * takes none before a defence ("6s[1d[#]a]" is not forced, §6). */
  if (start != FE_WHITE || !fork->forced)
    return FALSE;
  if (n_constraints == 1 && can_reach (fork->a, st) && cannot_reach (constraint, st))
    return (st->end = FE_END_REFLEX), TRUE;
  return FALSE;
}

/* Help play of `start`, `side` named: h, hr and reci-h (hs, like ser-s,
 * has none).  Lines are numbered from the named side, so it must be the
 * one the plain play numbers: Black in h and reci-h, White in hr. */
static gboolean
plain_help (const FeSNode *b, int side, int start, FeStipulation *st)
{
  int n = b->max;
  /* The side of the last move: the starter's on odd lengths. */
  int last = n % 2 ? start : 1 - start;
  int slot = (n - 1) % 2;
  if (b->parry || (b->min && !(b->min == 1 && n % 2 == 1)) || last != FE_WHITE)
    return FALSE;
  const FeSNode *fork = NULL, *constraint = NULL;
  if (parts_of (b, FE_SNODE_FORK, slot, &fork) != 1 || fork->suppressed
      || parts_of (b, FE_SNODE_FORK, 1 - slot, &constraint) != 0
      || parts_of (b, FE_SNODE_CONSTRAINT, slot, &constraint) != 0)
    return FALSE;
  int n_constraints = parts_of (b, FE_SNODE_CONSTRAINT, 1 - slot, &constraint);
  st->play = FE_PLAY_HELP;
  st->moves = n / 2;
  st->half = n % 2;
  if (n_constraints == 0 && side == FE_BLACK && leaf (fork->a, st))
    return TRUE;
  /* reci-h#n: n - 1 moves, Black first, then the reciprocal end. */
  if (n_constraints == 0 && !fork->forced && start == FE_BLACK && n % 2 == 0 && reci_end (fork->a, st))
    {
      st->moves = n / 2 + 1;
      st->half = FALSE;
      return TRUE;
    }
  if (!fork->forced || side != FE_WHITE)
    return FALSE;
  /* hr: one more half-move, Black's, ends it. */
  st->moves = (n + 1) / 2;
  st->half = n % 2 == 0;
  if (n_constraints == 1 && can_reach (fork->a, st) && cannot_reach (constraint, st))
    return (st->end = FE_END_REFLEX), TRUE;
  return FALSE;
}

/* Battle play, White attacking first: direct, self and reflex. */
static gboolean
plain_battle (const FeSNode *b, int start, FeStipulation *st)
{
  int n = b->max;
  if (start != FE_WHITE || b->parry || b->min)
    return FALSE;
  const FeSNode *fork = NULL, *constraint = NULL;
  int direct = parts_of (b, FE_SNODE_FORK, 0, &fork);
  int self = parts_of (b, FE_SNODE_FORK, 1, &fork);
  int n_constraints = parts_of (b, FE_SNODE_CONSTRAINT, 1, &constraint);
  if (direct + self != 1 || fork->suppressed || parts_of (b, FE_SNODE_CONSTRAINT, 0, &constraint))
    return FALSE;
  st->play = FE_PLAY_DIRECT;
  st->moves = (n + 1) / 2;
  if (direct && n % 2 == 1 && n_constraints == 0 && leaf (fork->a, st))
    return TRUE;
  if (self && n % 2 == 0 && n_constraints == 0 && leaf (fork->a, st))
    return (st->end = FE_END_SELF), TRUE;
  if (direct && n % 2 == 1 && n_constraints == 1 && can_reach (fork->a, st)
      && cannot_reach (constraint, st))
    return (st->end = FE_END_REFLEX), TRUE;
  return FALSE;
}

gboolean
fe_sstip_plain (const FeSStip *s, FeStipulation *out)
{
  g_return_val_if_fail (s != NULL && out != NULL, FALSE);
  const FeSNode *top = s->root;
  int start = s->side;
  if (top->kind == FE_SNODE_INVERT)
    top = top->a, start = 1 - start;
  FeStipulation st = { 0 };
  st.target = 0;
  gboolean ok = FALSE;
  /* Series and battle play are numbered from the side that starts: no
   * "-" there. */
  gboolean inverted = start != s->side;
  if (top->kind == FE_SNODE_AND && start == FE_BLACK && !inverted)
    {
      ok = reci_end (top, &st);
      st.play = FE_PLAY_HELP;
      st.moves = 1;
    }
  else if (top->kind == FE_SNODE_BRANCH)
    switch (top->branch)
      {
      case FE_SBRANCH_SERIES:
        ok = !inverted && plain_series (top, start, &st);
        break;
      case FE_SBRANCH_HELP:
        ok = plain_help (top, s->side, start, &st);
        break;
      case FE_SBRANCH_ATTACK:
        ok = !inverted && plain_battle (top, start, &st);
        break;
      case FE_SBRANCH_DEFENCE:
        break; /* post-key play: no plain stipulation says it */
      }
  if (ok)
    *out = st;
  return ok;
}

/* The first goal of the tree, depth first. */
static gboolean
first_goal (const FeSNode *n, FeStipulation *st)
{
  if (!n)
    return FALSE;
  if (n->kind == FE_SNODE_LEAF)
    return leaf (n, st);
  for (guint i = 0; n->parts && i < n->parts->len; i++)
    if (first_goal (n->parts->pdata[i], st))
      return TRUE;
  return first_goal (n->a, st) || first_goal (n->b, st);
}

void
fe_sstip_approximate (const FeSStip *s, FeStipulation *out)
{
  if (fe_sstip_plain (s, out))
    return;
  FeStipulation st = { .play = FE_PLAY_DIRECT, .goal = FE_GOAL_MATE, .moves = 1 };
  first_goal (s->root, &st);
  if (fe_goal_has_square (st.goal) && st.target == FE_NO_SQUARE)
    st.goal = FE_GOAL_MATE;
  const FeSNode *top = s->root;
  while (top->kind != FE_SNODE_BRANCH && top->a)
    top = top->a;
  if (top->kind == FE_SNODE_BRANCH)
    switch (top->branch)
      {
      case FE_SBRANCH_SERIES:
        st.play = FE_PLAY_SERIES;
        st.moves = top->max;
        break;
      case FE_SBRANCH_HELP:
        st.play = FE_PLAY_HELP;
        st.moves = MAX (top->max / 2, 1);
        st.half = top->max % 2 && top->max > 1;
        break;
      default:
        st.moves = MAX ((top->max + 1) / 2, 1);
        break;
      }
  st.moves = MIN (st.moves, 30);
  *out = st;
}

/* The goal as a leaf's text ("zd5"). */
static void
append_goal (GString *out, FeGoal goal, guint8 target)
{
  g_string_append (out, fe_goal_word (goal));
  if (fe_goal_has_square (goal))
    {
      char name[3];
      fe_square_name (target, name);
      g_string_append (out, name);
    }
}

static FeSStip *tree_from_plain (const FeStipulation *st, gboolean quodlibet);

FeSStip *
fe_sstip_from_plain (const FeStipulation *st)
{
  return tree_from_plain (st, FALSE);
}

FeSStip *
fe_sstip_from_plain_quodlibet (const FeStipulation *st)
{
  if (st->play != FE_PLAY_DIRECT
      || (st->end != FE_END_SELF && st->end != FE_END_REFLEX && st->end != FE_END_SEMI_REFLEX))
    return NULL;
  return tree_from_plain (st, TRUE);
}

/* `quodlibet`: the attacker's own goal is a fork after its moves too. */
static FeSStip *
tree_from_plain (const FeStipulation *st, gboolean quodlibet)
{
  /* "!#" and "!=" read as "not mate", "not stalemate" in a tree: the
   * auto-mate goals have no leaf. */
  static const FeGoal none[] = { FE_GOAL_POSITION, FE_GOAL_PROOF_GAME, FE_GOAL_AUTO_MATE,
                                 FE_GOAL_AUTO_STALEMATE };
  for (gsize i = 0; i < G_N_ELEMENTS (none); i++)
    if (st->goal == none[i] || (st->end == FE_END_RECI && st->reci_goal == none[i]))
      return NULL;
  if (st->intro || st->parry)
    return NULL;
  GString *g = g_string_new (NULL), *g1 = g_string_new (NULL), *t = g_string_new (NULL);
  append_goal (g, st->goal, st->target);
  append_goal (g1, st->reci_goal, st->target);
  int n = st->moves;
  switch (st->play)
    {
    case FE_PLAY_DIRECT:
      {
        int len = st->end == FE_END_SELF ? 2 * n : 2 * n - 1;
        g_autofree char *lengths = st->exact ? g_strdup_printf ("%d:%d", len, len)
                                             : g_strdup_printf ("%d", len);
        g_autofree char *direct = quodlibet ? g_strdup_printf ("[%s]", g->str) : g_strdup ("");
        if (st->end == FE_END_GOAL)
          g_string_printf (t, "white %sa[%s]d", lengths, g->str);
        else if (st->end == FE_END_SELF)
          g_string_printf (t, "white %sa%sd[%s]", lengths, direct, g->str);
        else if (st->end == FE_END_SEMI_REFLEX)
          g_string_printf (t, "white %sa%s[1a[%s]d]d", lengths, direct, g->str);
        else if (st->end == FE_END_REFLEX)
          g_string_printf (t, "white %sa%s[1a[%s]d]d{!1a[%s]d}", lengths, direct, g->str, g->str);
      }
      break;
    case FE_PLAY_HELP:
      {
        int len = 2 * n + (st->half ? 1 : 0);
        g_autofree char *lengths = st->exact ? g_strdup_printf ("%d:%d", len, len)
                                             : g_strdup_printf ("%d", len);
        if (st->end == FE_END_GOAL)
          g_string_printf (t, st->half ? "black -%sh[%s]h" : "black %shh[%s]", lengths, g->str);
        else if (st->end == FE_END_REFLEX && !st->exact)
          g_string_printf (t, st->half ? "white -%dh{!1a[%s]d}h[>1a[%s]d]" : "white %dh[>1a[%s]d]h{!1a[%s]d}",
                           len - 1, g->str, g->str);
        else if (st->end == FE_END_RECI && !st->exact && !st->half && n == 1)
          g_string_printf (t, "black 2hh[%s]&1h[%s]h", g->str, g1->str);
        else if (st->end == FE_END_RECI && !st->exact && !st->half)
          g_string_printf (t, "black %dhh[2hh[%s]&1h[%s]h]", 2 * n - 2, g->str, g1->str);
      }
      break;
    case FE_PLAY_SERIES:
      {
        g_autofree char *lengths = st->exact ? g_strdup_printf ("%d:%d", n, n) : g_strdup_printf ("%d", n);
        if (st->end == FE_END_GOAL)
          g_string_printf (t, "white %ss[%s]", lengths, g->str);
        else if (st->end == FE_END_HELP)
          g_string_printf (t, "black %ss[1h[%s]h]", lengths, g->str);
        else if (st->end == FE_END_REFLEX && !st->exact)
          g_string_printf (t, "white %ds[>1a[%s]d]{!1a[%s]d}", n, g->str, g->str);
      }
      break;
    }
  FeSStip *s = NULL;
  if (t->len)
    fe_sstip_parse (t->str, &s, NULL, NULL);
  g_string_free (g, TRUE);
  g_string_free (g1, TRUE);
  g_string_free (t, TRUE);
  return s;
}
