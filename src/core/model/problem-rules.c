/* problem-rules.c — what a problem must be, and when two are the same.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The readers (Popeye, XML, FEN), the window and the CLI all ask here:
 * the position rules are written once, faults come back as data (which
 * rule, which twin, which squares) for each caller to locate in its own
 * terms, and problems compare as values, never through their text.
 */
#include <string.h>

#include "problem.h"
#include "fe-i18n.h"

gboolean
fe_problem_validate (const FeProblem *problem, FeProblemFault *fault, GError **error)
{
  g_return_val_if_fail (problem != NULL, FALSE);
  if (!fe_position_validate (&problem->diagram, fault, error))
    return FALSE;
  if (fe_problem_has_target (problem))
    {
      GError *local = NULL;
      if (!fe_position_validate (&problem->target, fault, &local))
        {
          if (fault)
            fault->in_target = TRUE;
          g_set_error (error, local->domain, local->code, _ ("target position: %s"), local->message);
          g_error_free (local);
          return FALSE;
        }
    }
  /* Each twin from the one before: linear in the number of twins. */
  FePosition pos;
  FeStipulation stip;
  FeConditionParams cond;
  for (guint t = 1; t <= problem->twins->len; t++)
    {
      GError *local = NULL;
      if (fe_problem_step_twin (problem, (int) t, &pos, &stip, &cond, fault, &local))
        continue;
      g_autofree char *label = fe_twin_label ((int) t);
      g_set_error (error, local->domain, local->code, _ ("twin %s): %s"), label, local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

void
fe_problem_settle_diagram (FeProblem *problem)
{
  g_return_if_fail (problem != NULL);
  FePosition *d = &problem->diagram;
  const FeOptions *o = &problem->options;
  d->side = FE_WHITE;
  fe_position_default_castling (d);
  for (int k = 0; k < o->n_no_castling; k++)
    d->castling &= ~fe_castling_flag_of_square (o->no_castling[k]);
  /* EnPassant a…b: the pawn moved from a to b over the squares between. */
  d->ep_victim = FE_NO_SQUARE;
  d->ep_count = 0;
  if (o->n_ep_squares >= 2)
    {
      FeSquare a = o->ep_squares[0], b = o->ep_squares[o->n_ep_squares - 1];
      d->ep_victim = b;
      if (FE_FILE (a) == FE_FILE (b))
        {
          int step = FE_RANK (b) > FE_RANK (a) ? 1 : -1;
          for (int r = FE_RANK (a) + step; r != FE_RANK (b) && d->ep_count < 2; r += step)
            d->ep_squares[d->ep_count++] = FE_SQ (FE_FILE (a), r);
        }
    }
  fe_position_recompute_hash (d);
}

void
fe_problem_take_position (FeProblem *problem, const FeProblem *source)
{
  g_return_if_fail (problem != NULL && source != NULL);
  problem->diagram = source->diagram;
  FeOptions *o = &problem->options;
  o->n_no_castling = source->options.n_no_castling;
  memcpy (o->no_castling, source->options.no_castling, sizeof o->no_castling);
  o->n_ep_squares = source->options.n_ep_squares;
  memcpy (o->ep_squares, source->options.ep_squares, sizeof o->ep_squares);
  if (problem->diagram.n_imitators)
    problem->conditions.FE_P_IMITATOR = true;
  fe_problem_settle_diagram (problem);
}

/* ---- equality ------------------------------------------------------------ */

gboolean
fe_stipulation_equal (const FeStipulation *a, const FeStipulation *b)
{
  gboolean reci = a->end == FE_END_RECI;
  return a->play == b->play && a->end == b->end && a->goal == b->goal && a->moves == b->moves
         && !a->half == !b->half && (!fe_goal_has_square (a->goal) || a->target == b->target)
         && (!reci || a->reci_goal == b->reci_goal) && !a->exact == !b->exact
         && a->parry == b->parry && a->intro == b->intro;
}

static gboolean
same_piece (FePiece a, FePiece b)
{
  return a.walk == b.walk && (!a.walk || (a.colour == b.colour && a.attrs == b.attrs));
}

gboolean
fe_twin_command_equal (const FeTwinCommand *a, const FeTwinCommand *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case FE_TWIN_MOVE:
    case FE_TWIN_EXCHANGE:
    case FE_TWIN_SHIFT:
      return a->a == b->a && a->b == b->b;
    case FE_TWIN_REMOVE:
      return a->a == b->a;
    case FE_TWIN_ADD:
      return a->a == b->a && same_piece (a->piece, b->piece);
    case FE_TWIN_SUBSTITUTE:
      return a->walk_from == b->walk_from && a->walk_to == b->walk_to;
    case FE_TWIN_ROTATE:
      return a->rotation == b->rotation;
    case FE_TWIN_MIRROR:
      return a->mirror == b->mirror;
    case FE_TWIN_POLISH:
      return TRUE;
    case FE_TWIN_STIPULATION:
      return fe_stipulation_equal (&a->stipulation, &b->stipulation);
    case FE_TWIN_CONDITION:
      return memcmp (&a->conditions, &b->conditions, sizeof a->conditions) == 0
             && a->n_imitators == b->n_imitators
             && memcmp (a->imitators, b->imitators, (gsize) MAX (a->n_imitators, 0)) == 0;
    }
  return FALSE;
}

gboolean
fe_twin_equal (const FeTwin *a, const FeTwin *b)
{
  if (!a->continued != !b->continued || a->commands->len != b->commands->len)
    return FALSE;
  for (guint i = 0; i < a->commands->len; i++)
    if (!fe_twin_command_equal (&g_array_index (a->commands, FeTwinCommand, i),
                                &g_array_index (b->commands, FeTwinCommand, i)))
      return FALSE;
  return TRUE;
}

gboolean
fe_position_same_diagram (const FePosition *a, const FePosition *b)
{
  for (int i = 0; i < 64; i++)
    if (!same_piece (a->board[FE_SQ88 (i)], b->board[FE_SQ88 (i)]))
      return FALSE;
  if (a->side != b->side || a->castling != b->castling || a->ep_count != b->ep_count
      || a->ep_victim != b->ep_victim || a->n_imitators != b->n_imitators)
    return FALSE;
  for (int i = 0; i < a->ep_count && i < 2; i++)
    if (a->ep_squares[i] != b->ep_squares[i])
      return FALSE;
  for (int i = 0; i < a->n_imitators; i++)
    if (a->imitators[i] != b->imitators[i] || a->imitator_colour[i] != b->imitator_colour[i])
      return FALSE;
  return TRUE;
}

/* The castling flags a NoCastling list turns off: a set, whatever the
 * order or repetition of its squares. */
static uint8_t
no_castling_flags (const FeOptions *o)
{
  uint8_t flags = 0;
  for (int k = 0; k < o->n_no_castling; k++)
    flags |= fe_castling_flag_of_square (o->no_castling[k]);
  return flags;
}

static gboolean
options_equal (const FeOptions *a, const FeOptions *b)
{
  /* The flags and counts before the square lists compare as bytes (all
   * int-sized: no padding).  NoCastling is a set of rights; EnPassant is
   * the pawn's first and last squares (those between say nothing more). */
  G_STATIC_ASSERT (G_STRUCT_OFFSET (FeOptions, n_ep_squares) == 24 * sizeof (int));
  gsize scalars = G_STRUCT_OFFSET (FeOptions, n_ep_squares);
  if (memcmp (a, b, scalars) != 0 || no_castling_flags (a) != no_castling_flags (b)
      || (a->n_ep_squares >= 2) != (b->n_ep_squares >= 2)
      || a->n_castling_exclusive != b->n_castling_exclusive)
    return FALSE;
  if (a->n_ep_squares >= 2
      && (a->ep_squares[0] != b->ep_squares[0]
          || a->ep_squares[a->n_ep_squares - 1] != b->ep_squares[b->n_ep_squares - 1]))
    return FALSE;
  return memcmp (a->castling_exclusive, b->castling_exclusive,
                 2 * (gsize) a->n_castling_exclusive) == 0;
}

static gboolean
strings_equal (const GPtrArray *a, const GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (a->pdata[i], b->pdata[i]) != 0)
      return FALSE;
  return TRUE;
}

gboolean
fe_problem_same_solving_input (const FeProblem *a, const FeProblem *b)
{
  if (!fe_position_same_diagram (&a->diagram, &b->diagram)
      || memcmp (&a->conditions, &b->conditions, sizeof a->conditions) != 0
      || !options_equal (&a->options, &b->options)
      || !fe_stipulation_equal (&a->stipulation, &b->stipulation)
      || g_strcmp0 (a->unsupported_stipulation, b->unsupported_stipulation) != 0
      || !fe_sstip_equal (a->structured, b->structured)
      || !strings_equal (a->unsupported, b->unsupported) || !a->zero_position != !b->zero_position
      || a->twins->len != b->twins->len)
    return FALSE;
  if (fe_problem_has_target (a) && !fe_position_same_placement (&a->target, &b->target))
    return FALSE;
  for (guint i = 0; i < a->twins->len; i++)
    if (!fe_twin_equal (a->twins->pdata[i], b->twins->pdata[i]))
      return FALSE;
  return TRUE;
}

gboolean
fe_problem_equal (const FeProblem *a, const FeProblem *b)
{
  if (!fe_problem_same_solving_input (a, b) || a->authors->len != b->authors->len
      || !strings_equal (a->keywords, b->keywords) || !strings_equal (a->remarks, b->remarks))
    return FALSE;
  for (guint i = 0; i < a->authors->len; i++)
    {
      const FeAuthor *x = a->authors->pdata[i], *y = b->authors->pdata[i];
      if (g_strcmp0 (x->family, y->family) || g_strcmp0 (x->given, y->given))
        return FALSE;
    }
  const char *const fields_a[] = { a->source_name, a->source_volume, a->source_issue,
                                   a->source_number, a->source_date, a->award_tourney,
                                   a->award_distinction, a->award_judges, a->title,
                                   a->solution_text, a->comments, a->intended_solutions };
  const char *const fields_b[] = { b->source_name, b->source_volume, b->source_issue,
                                   b->source_number, b->source_date, b->award_tourney,
                                   b->award_distinction, b->award_judges, b->title,
                                   b->solution_text, b->comments, b->intended_solutions };
  for (guint i = 0; i < G_N_ELEMENTS (fields_a); i++)
    if (g_strcmp0 (fields_a[i], fields_b[i]) != 0)
      return FALSE;
  return TRUE;
}
