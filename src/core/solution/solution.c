/* solution.c — the solution tree: stages of a move, the building calls a
 * backend makes as it finds the solution, the soundness summary.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here knows which backend builds the tree: a backend hands over
 * positions and moves (fe_solution_node_new), places battle nodes by level
 * and help or series lines whole; the tree numbers, shares and delivers.
 */
#include <string.h>

#include "solution.h"
#include "core/rules/movegen.h"

/* ---- stages ----------------------------------------------------------- */

/* What stands on `sq` once the first `e` logged writes are done: the first
 * later write to the square logged it as its `before`. */
static FePiece
value_at (const FePosition *after, const FeUndo *u, FeSquare sq, int e)
{
  for (int i = e; i < u->n_changes; i++)
    if (u->changes[i].square == sq)
      return u->changes[i].before;
  return after->board[sq];
}

static gboolean
piece_equal (FePiece a, FePiece b)
{
  return a.walk == b.walk && a.colour == b.colour && a.attrs == b.attrs && a.id == b.id;
}

static void
add_stage (GArray *stages, int condition, const FePosition *after, const FeUndo *u, int a, int b,
           const uint8_t *imitators, int n_imitators, gboolean shifted)
{
  FeStage st = { .condition = condition, .n_imitators = n_imitators };
  if (shifted)
    st.effects |= FE_STAGE_SHIFTS_IMITATORS;
  memcpy (st.imitators, imitators, n_imitators);
  GArray *sq = g_array_new (FALSE, FALSE, sizeof (FeStageSquare));
  for (int i = a; i < b; i++)
    {
      FeSquare s = u->changes[i].square;
      gboolean seen = FALSE;
      for (guint j = 0; j < sq->len && !seen; j++)
        seen = g_array_index (sq, FeStageSquare, j).square == s;
      if (seen)
        continue;
      FePiece from = value_at (after, u, s, a), to = value_at (after, u, s, b);
      if (piece_equal (from, to))
        continue;
      if (!from.walk)
        st.effects |= FE_STAGE_ADDS_PIECE;
      else if (!to.walk)
        st.effects |= FE_STAGE_REMOVES_PIECE;
      else if (from.id != to.id)
        st.effects |= FE_STAGE_ADDS_PIECE | FE_STAGE_REMOVES_PIECE;
      else
        {
          if (from.walk != to.walk)
            st.effects |= FE_STAGE_CHANGES_WALK;
          if (from.colour != to.colour)
            st.effects |= FE_STAGE_CHANGES_COLOUR;
        }
      FeStageSquare entry = { s, to };
      g_array_append_val (sq, entry);
    }
  st.n_squares = sq->len;
  st.squares = (FeStageSquare *) g_array_free (sq, FALSE);
  g_array_append_val (stages, st);
}

/* The stages of a move already made: `after` and its log `undo`, `before`
 * the position it was made from (whose rules name the effects). */
static int
stages_of_made_move (const FePosition *before, const FeMove *move, const FePosition *after,
                     const FeUndo *u, FeStage **stages)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (FeStage));
  /* A piece that moves as if from its rebirth square (Mars Circe, AntiMars,
   * Phantom chess) goes there first, a stage of its own; the move then
   * starts there (docs/rules/mars-circe.md §6). */
  FeSquare via = fe_move_departure (before, move);
  int via_condition = -1;
  if (via != move->from)
    {
      const FeDepartureRule *d = move->capture != FE_NO_SQUARE ? &before->rules->departure.captures
                                                                 : &before->rules->departure.quiet;
      via_condition = d->condition;
    }
  else if ((via = fe_move_make_square (before, move)) != FE_NO_SQUARE)
    /* Make&Take: the capturer's make, as the piece it takes, is a stage
     * of its own, the take then starts there (make-and-take.md §1). */
    via_condition = before->rules->make_and_take_condition;
  else
    via = move->from;
  if (via != move->from)
    {
      FeStage st = { .condition = via_condition, .effects = 0, .n_imitators = u->n_imitators };
      memcpy (st.imitators, u->imitators, u->n_imitators);
      st.n_squares = 2;
      st.squares = g_new (FeStageSquare, 2);
      st.squares[0] = (FeStageSquare) { move->from, FE_PIECE_EMPTY };
      st.squares[1] = (FeStageSquare) { via, before->board[move->from] };
      g_array_append_val (out, st);
    }
  /* The imitators stand where they were until their own stage. */
  add_stage (out, -1, after, u, 0, u->n_displacement_changes, u->imitators, u->n_imitators, FALSE);
  if (via != move->from)
    {
      /* The displacement also leaves the rebirth square. */
      FeStage *st = &g_array_index (out, FeStage, out->len - 1);
      st->squares = g_renew (FeStageSquare, st->squares, st->n_squares + 1);
      st->squares[st->n_squares++] = (FeStageSquare) { via, FE_PIECE_EMPTY };
    }
  int prev = u->n_displacement_changes;
  const FeRules *r = before->rules;
  for (int i = 0; r && i < r->n_ops; i++)
    {
      const FeConditionOps *op = r->ops[i];
      if (!op->after_displacement)
        continue;
      int end = u->effect_end[i];
      /* The effect that moved the imitators is a stage even when it
       * changed no square. */
      gboolean shifted = u->imitators_moved_by == i;
      if (end > prev || shifted)
        add_stage (out, r->ids[i], after, u, prev, end, after->imitators, after->n_imitators, shifted);
      prev = end;
    }
  /* Every write belongs to a stage (none is expected here). */
  if (prev < u->n_changes)
    add_stage (out, -1, after, u, prev, u->n_changes, after->imitators, after->n_imitators, FALSE);
  int n = out->len;
  *stages = (FeStage *) g_array_free (out, FALSE);
  return n;
}

int
fe_move_stages (const FePosition *before, const FeMove *move, FeStage **stages)
{
  FePosition pos = *before;
  FeUndo u;
  fe_make (&pos, move, &u);
  return stages_of_made_move (before, move, &pos, &u, stages);
}

void
fe_stages_free (FeStage *stages, int n)
{
  for (int i = 0; i < n; i++)
    g_free (stages[i].squares);
  g_free (stages);
}

/* Plays the first n stages of a move node onto `out`: a pass before it
 * (threats, set play, series moves), then its squares and imitators, and
 * the move itself once every stage is done. */
static void
apply_stages (const FeSolutionNode *node, int n, FePosition *out)
{
  if (node->after_pass)
    out->side = FE_OPPONENT (out->side);
  for (int k = 0; k < n; k++)
    {
      const FeStage *st = &node->stages[k];
      for (int i = 0; i < st->n_squares; i++)
        out->board[st->squares[i].square] = st->squares[i].piece;
      out->n_imitators = st->n_imitators;
      memcpy (out->imitators, st->imitators, st->n_imitators);
    }
  if (n == node->n_stages)
    out->side = FE_OPPONENT (out->side);
}

/* The position after every stage of `n`: its twin's diagram, then the
 * moves from the root down (as deep as the line: no fixed limit). */
static void
position_after (const FeSolutionNode *n, FePosition *out)
{
  if (!n->parent)
    {
      *out = *n->position;
      return;
    }
  position_after (n->parent, out);
  apply_stages (n, n->n_stages, out);
}

void
fe_solution_node_position (const FeSolutionNode *node, int n_stages, FePosition *out)
{
  if (n_stages < 0 || n_stages > node->n_stages)
    n_stages = node->n_stages;
  if (!node->parent)
    {
      *out = *node->position;
      return;
    }
  position_after (node->parent, out);
  apply_stages (node, n_stages, out);
}

const char *
fe_stage_name (const FeStage *stage)
{
  if (stage->condition < 0 || stage->condition >= fe_condition_count ())
    return "displacement";
  return fe_condition_nth (stage->condition)->name;
}

const char *
fe_stage_label (const FeStage *stage)
{
  if (stage->condition < 0 || stage->condition >= fe_condition_count ())
    return FE_N_("the move");
  const FeConditionClass *cls = fe_condition_nth (stage->condition);
  return cls->stage_label ? cls->stage_label : cls->label;
}

const char *
fe_solution_role_name (FeSolutionRole role)
{
  static const char *names[] = { "twin", "key", "try", "refutation", "threat", "defence",
                                 "continuation", "set-play", "solution", "short", "violation" };
  return role <= FE_ROLE_VIOLATION ? names[role] : "?";
}

/* ---- the tree --------------------------------------------------------- */

static void
node_free (FeSolutionNode *n)
{
  if (!n)
    return;
  if (n->children)
    g_ptr_array_unref (n->children);
  g_free (n->text);
  g_free (n->number);
  g_free (n->twin_label);
  g_free (n->position);
  fe_stages_free (n->stages, n->n_stages);
  g_free (n);
}

void
fe_solution_node_free (FeSolutionNode *n)
{
  node_free (n);
}

FeSolution *
fe_solution_new (void)
{
  FeSolution *t = g_new0 (FeSolution, 1);
  t->ref_count = 1;
  g_mutex_init (&t->lock);
  t->twins = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  t->stack = g_ptr_array_new ();
  return t;
}

FeSolution *
fe_solution_ref (FeSolution *t)
{
  g_atomic_int_inc (&t->ref_count);
  return t;
}

void
fe_solution_unref (FeSolution *t)
{
  if (!t || !g_atomic_int_dec_and_test (&t->ref_count))
    return;
  g_ptr_array_unref (t->twins);
  g_ptr_array_unref (t->stack);
  g_mutex_clear (&t->lock);
  g_free (t);
}

guint
fe_solution_n_twins (const FeSolution *t)
{
  return t->twins->len;
}

int
fe_solution_lines_over (FeSolution *t)
{
  return g_atomic_int_get (&t->n_lines_over);
}

FeSolutionNode *
fe_solution_twin (const FeSolution *t, guint i)
{
  return i < t->twins->len ? t->twins->pdata[i] : NULL;
}

void
fe_solution_set_sink (FeSolution *t, FeSolutionSink sink, gpointer user_data)
{
  t->sink = sink;
  t->sink_data = user_data;
}

static FeSolutionNode *
node_alloc (const char *text, FeSolutionRole role)
{
  FeSolutionNode *n = g_new0 (FeSolutionNode, 1);
  n->children = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  n->role = role;
  n->text = g_strdup (text ? text : "");
  return n;
}

/* A node's stages and marks, from its move made once. */
static void
note_made_move (FeSolutionNode *n, const FePosition *before, const FePosition *after,
                const FeUndo *u)
{
  n->n_stages = stages_of_made_move (before, &n->move, after, u, &n->stages);
  FePosition probe = *after;
  if (fe_in_check (&probe, probe.side))
    n->marks |= FE_MARK_CHECK;
  if (!fe_has_legal_move (&probe))
    n->marks |= (n->marks & FE_MARK_CHECK) ? FE_MARK_MATE : FE_MARK_STALEMATE;
}

FeSolutionNode *
fe_solution_node_new (const FeSolution *t, const FePosition *before, const FeMove *m,
                      const char *text, FeSolutionRole role)
{
  FeSolutionNode *n = node_alloc (text, role);
  if (!m)
    {
      /* The rules die with the solve; the stages hold their effects. */
      n->position = g_memdup2 (before, sizeof *before);
      n->position->rules = NULL;
      return n;
    }
  n->move = *m;
  if (!t->transient)
    {
      FePosition after = *before;
      FeUndo u;
      fe_make (&after, m, &u);
      note_made_move (n, before, &after, &u);
    }
  return n;
}

FeSolutionNode *
fe_solution_node_new_made (const FeSolution *t, const FePosition *before, const FeMove *m,
                           const FePosition *after, const FeUndo *undo, const char *text,
                           FeSolutionRole role)
{
  FeSolutionNode *n = node_alloc (text, role);
  n->move = *m;
  if (!t->transient)
    note_made_move (n, before, after, undo);
  return n;
}

static FeSolutionNode *
current_twin (FeSolution *t)
{
  return t->twins->len ? t->twins->pdata[t->twins->len - 1] : NULL;
}

/* Adds the node to the tree, then tells the sink: from one thread at a
 * time (the solver's, or the worker that merges a parallel search's
 * lines). */
static void
deliver (FeSolution *t, FeSolutionNode *parent, FeSolutionNode *n)
{
  n->parent = parent;
  if (parent)
    {
      n->twin = parent->twin;
      FeSolutionNode *twin = current_twin (t);
      n->phase = twin ? MAX (twin->n_phases - 1, 0) : 0;
    }
  g_mutex_lock (&t->lock);
  n->serial = t->n_nodes++;
  if (!parent)
    g_ptr_array_add (t->twins, n);
  else if (!t->transient)
    g_ptr_array_add (parent->children, n);
  g_mutex_unlock (&t->lock);
  if (t->sink)
    t->sink (n, t->sink_data);
}

/* Battle: the nodes from `level` on can no longer be parents; a transient
 * tree frees them (written, and their children with them). */
static void
stack_truncate (FeSolution *t, int level)
{
  for (guint l = level; t->transient && l < t->stack->len; l++)
    node_free (t->stack->pdata[l]);
  if ((int) t->stack->len > level)
    g_ptr_array_set_size (t->stack, level);
}

void
fe_solution_builder_end (FeSolution *t)
{
  stack_truncate (t, 0);
}

void
fe_solution_add_twin (FeSolution *t, int twin, const char *label, const FePosition *pos,
                      FePlayKind play)
{
  stack_truncate (t, 0);
  FeSolutionNode *n = fe_solution_node_new (t, pos, NULL, "", FE_ROLE_TWIN);
  n->number = g_strdup ("");
  n->twin_label = g_strdup (label);
  n->twin = twin;
  n->play = play;
  deliver (t, NULL, n);
}

void
fe_solution_begin_phase (FeSolution *t)
{
  FeSolutionNode *twin = current_twin (t);
  stack_truncate (t, 0);
  if (!twin)
    return;
  g_mutex_lock (&t->lock);
  twin->n_phases++;
  g_mutex_unlock (&t->lock);
}

static char *
battle_number (int level)
{
  return level % 2 == 0 ? g_strdup_printf ("%d.", level / 2 + 1)
                        : g_strdup_printf ("%d...", (level + 1) / 2);
}

void
fe_solution_add_battle (FeSolution *t, int level, FeSolutionNode *n)
{
  g_assert (level >= 0);
  if ((int) t->stack->len <= level)
    g_ptr_array_set_size (t->stack, level + 1);
  FeSolutionNode *parent = NULL;
  int parent_level = -1;
  for (int l = level - 1; l >= 0 && !parent; l--)
    if (t->stack->pdata[l])
      parent = t->stack->pdata[l], parent_level = l;
  if (!parent)
    {
      parent = current_twin (t);
      if (n->role == FE_ROLE_DEFENCE && level == 1)
        n->role = FE_ROLE_SET_PLAY, n->after_pass = TRUE;
    }
  else if (n->role == FE_ROLE_CONTINUATION && parent_level == level - 2)
    n->role = FE_ROLE_THREAT, n->after_pass = TRUE;
  stack_truncate (t, level);
  n->number = battle_number (level);
  g_ptr_array_add (t->stack, n);
  deliver (t, parent, n);
}

char *
fe_solution_line_number (int i, int lead, int series_len)
{
  if (series_len)
    return i < series_len ? g_strdup_printf ("%d.", i + 1) : g_strdup ("");
  if (lead == 2 && i == 0)
    /* Set play of a play the second side starts: both halves of the
     * first move are missing (docs/rules/stipulations.md, bsp_andrnach_04). */
    return g_strdup ("1... ... 2.");
  int number = 1 + (i + lead) / 2;
  return (i + lead) % 2 == 0 ? g_strdup_printf ("%d.", number) : g_strdup_printf ("%d...", number);
}

static gboolean
same_move (const FeSolutionNode *a, const FeSolutionNode *b)
{
  return a->role == b->role && a->after_pass == b->after_pass && fe_move_equal (&a->move, &b->move);
}

void
fe_solution_add_line (FeSolution *t, FeSolutionNode **nodes, int n, FeSolutionRole role, guint notes)
{
  for (int i = 0; i < n; i++)
    nodes[i]->role = role;
  if (role == FE_ROLE_SET_PLAY && n)
    nodes[0]->after_pass = TRUE;
  if (n)
    nodes[n - 1]->notes |= FE_NOTE_LINE_END | notes;
  FeSolutionNode *parent = current_twin (t);
  if (t->transient)
    {
      /* Written as a whole when its last node arrives, then done with. */
      for (int i = 0; i < n; i++)
        {
          deliver (t, parent, nodes[i]);
          parent = nodes[i];
        }
      for (int i = 0; i < n; i++)
        node_free (nodes[i]);
      return;
    }
  /* Its last node is always its own (a shorter line may end where a
   * longer one goes on, never the reverse: lengths grow), so the line is
   * written when that node arrives. */
  for (int i = 0; i < n; i++)
    {
      FeSolutionNode *same = NULL;
      for (guint c = 0; i < n - 1 && parent && c < parent->children->len && !same; c++)
        if (same_move (parent->children->pdata[c], nodes[i]))
          same = parent->children->pdata[c];
      if (same)
        {
          node_free (nodes[i]);
          parent = same;
          continue;
        }
      deliver (t, parent, nodes[i]);
      parent = nodes[i];
    }
}

gboolean
fe_solution_line_over (FeSolution *t, FeSolutionRole role, gboolean keep)
{
  if (!t || !t->max_lines || g_atomic_int_get (&t->n_lines) < t->max_lines)
    {
      /* Only the delivering thread keeps lines (in order). */
      if (keep && t && t->max_lines)
        g_atomic_int_inc (&t->n_lines);
      return FALSE;
    }
  g_atomic_int_inc (&t->n_lines_over);
  if (role == FE_ROLE_SOLUTION)
    g_atomic_int_inc (&t->n_solutions_over);
  else if (role == FE_ROLE_SHORT)
    g_atomic_int_inc (&t->n_short_over);
  return TRUE;
}

/* ---- soundness -------------------------------------------------------- */

/* Reciprocal play: the node the end begins at, whose children are the
 * ending side's moves, some of them lines of their own (FE_NOTE_RECI,
 * stopping on its own goal), the others followed by the reply that
 * reaches the goal.  The pair of lines is one solution. */
static gboolean
is_reci_end (const FeSolutionNode *n, FeSolutionRole role)
{
  for (guint i = 0; i < n->children->len; i++)
    {
      const FeSolutionNode *c = n->children->pdata[i];
      if (c->role == role && (c->notes & FE_NOTE_RECI))
        return TRUE;
    }
  return FALSE;
}

/* Solutions below n: its lines, a reciprocal end counting once. */
static int
count_solutions (const FeSolutionNode *n)
{
  if (!n->children->len)
    return 1;
  if (is_reci_end (n, ((FeSolutionNode *) n->children->pdata[0])->role))
    return 1;
  int k = 0;
  for (guint i = 0; i < n->children->len; i++)
    k += count_solutions (n->children->pdata[i]);
  return k;
}

static void
scan_battle (const FeSolutionNode *n, FeSoundness *out)
{
  int continuations = 0;
  for (guint i = 0; i < n->children->len; i++)
    {
      const FeSolutionNode *c = n->children->pdata[i];
      continuations += c->role == FE_ROLE_CONTINUATION;
      if (c->role == FE_ROLE_THREAT)
        out->threats++;
      if (c->role != FE_ROLE_REFUTATION && c->role != FE_ROLE_THREAT)
        scan_battle (c, out);
    }
  if (continuations > 1 && (n->role == FE_ROLE_DEFENCE || n->role == FE_ROLE_SET_PLAY))
    g_ptr_array_add (out->duals, (gpointer) n);
}

/* A reciprocal end (of `role`) with a dual: two moves reach the ending
 * side's own goal, or two lines reach the other's. */
static gboolean
reci_end_has_dual (const FeSolutionNode *n, FeSolutionRole role)
{
  int own = 0, other = 0;
  for (guint i = 0; i < n->children->len; i++)
    {
      const FeSolutionNode *c = n->children->pdata[i];
      if (c->role != role)
        continue;
      if (c->notes & FE_NOTE_RECI)
        own++;
      else
        other += c->children->len;
    }
  return own > 1 || other > 1;
}

static void
scan_help (const FeSolutionNode *n, FeSoundness *out, int depth)
{
  if (n->children->len && is_reci_end (n, FE_ROLE_SOLUTION))
    {
      if (reci_end_has_dual (n, FE_ROLE_SOLUTION))
        g_ptr_array_add (out->duals, (gpointer) n);
      return;
    }
  guint ways = 0;
  for (guint i = 0; i < n->children->len; i++)
    ways += !(((FeSolutionNode *) n->children->pdata[i])->notes & FE_NOTE_VARIATION);
  if (depth > 0 && ways > 1)
    g_ptr_array_add (out->duals, (gpointer) n);
  for (guint i = 0; i < n->children->len; i++)
    scan_help (n->children->pdata[i], out, depth + 1);
}

void
fe_solution_soundness (const FeSolutionNode *twin, FeSoundness *out)
{
  memset (out, 0, sizeof *out);
  out->duals = g_ptr_array_new ();
  /* reci-h#1: the end begins at the diagram, its lines are the twin's. */
  gboolean reci_solution = is_reci_end (twin, FE_ROLE_SOLUTION);
  gboolean reci_short = is_reci_end (twin, FE_ROLE_SHORT);
  gboolean reci_set = is_reci_end (twin, FE_ROLE_SET_PLAY);
  out->solutions = reci_solution;
  out->short_solutions = reci_short;
  out->set_play = reci_set;
  if (reci_solution && reci_end_has_dual (twin, FE_ROLE_SOLUTION))
    g_ptr_array_add (out->duals, (gpointer) twin);
  for (guint i = 0; i < twin->children->len; i++)
    {
      const FeSolutionNode *c = twin->children->pdata[i];
      switch (c->role)
        {
        case FE_ROLE_KEY:
          out->keys++;
          scan_battle (c, out);
          break;
        case FE_ROLE_TRY:
          out->tries++;
          for (guint j = 0; j < c->children->len; j++)
            out->refutations += ((FeSolutionNode *) c->children->pdata[j])->role == FE_ROLE_REFUTATION;
          break;
        case FE_ROLE_SET_PLAY:
          if (!reci_set)
            out->set_play += count_solutions (c);
          break;
        case FE_ROLE_SOLUTION:
          if (!reci_solution)
            {
              out->solutions += count_solutions (c);
              scan_help (c, out, 1);
            }
          break;
        case FE_ROLE_SHORT:
          if (!reci_short)
            out->short_solutions += count_solutions (c);
          break;
        case FE_ROLE_VIOLATION:
          out->violations++;
          break;
        default:
          break;
        }
    }
}

void
fe_soundness_clear (FeSoundness *s)
{
  g_clear_pointer (&s->duals, g_ptr_array_unref);
}
