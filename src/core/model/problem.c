/* problem.c — the FeProblem model: life cycle, twins, descriptions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "problem.h"
#include "walk.h"
#include "fe-i18n.h"


void
fe_author_free (FeAuthor *a)
{
  if (!a)
    return;
  g_free (a->family);
  g_free (a->given);
  g_free (a);
}

FeTwin *
fe_twin_new (void)
{
  FeTwin *t = g_new0 (FeTwin, 1);
  t->commands = g_array_new (FALSE, TRUE, sizeof (FeTwinCommand));
  return t;
}

FeTwin *
fe_twin_copy (const FeTwin *twin)
{
  FeTwin *c = fe_twin_new ();
  c->continued = twin->continued;
  g_array_append_vals (c->commands, twin->commands->data, twin->commands->len);
  return c;
}

void
fe_twin_free (FeTwin *t)
{
  if (!t)
    return;
  g_array_unref (t->commands);
  g_free (t);
}

FeProblem *
fe_problem_new (void)
{
  FeProblem *p = g_new0 (FeProblem, 1);
  p->authors = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_author_free);
  p->keywords = g_ptr_array_new_with_free_func (g_free);
  p->remarks = g_ptr_array_new_with_free_func (g_free);
  p->twins = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_twin_free);
  p->unsupported = g_ptr_array_new_with_free_func (g_free);
  fe_position_init (&p->diagram);
  fe_position_init (&p->target);
  p->stipulation.play = FE_PLAY_DIRECT;
  p->stipulation.goal = FE_GOAL_MATE;
  p->stipulation.moves = 2;
  return p;
}

void
fe_problem_free (FeProblem *p)
{
  if (!p)
    return;
  g_ptr_array_unref (p->authors);
  g_ptr_array_unref (p->keywords);
  g_ptr_array_unref (p->remarks);
  g_ptr_array_unref (p->twins);
  g_ptr_array_unref (p->unsupported);
  g_free (p->source_name);
  g_free (p->source_volume);
  g_free (p->source_issue);
  g_free (p->source_number);
  g_free (p->source_date);
  g_free (p->award_tourney);
  g_free (p->award_distinction);
  g_free (p->award_judges);
  g_free (p->title);
  g_free (p->solution_text);
  g_free (p->intended_solutions);
  g_free (p->comments);
  g_free (p->unsupported_stipulation);
  fe_sstip_free (p->structured);
  g_free (p);
}

static GPtrArray *
copy_strings (GPtrArray *a)
{
  GPtrArray *r = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < a->len; i++)
    g_ptr_array_add (r, g_strdup (a->pdata[i]));
  return r;
}

FeProblem *
fe_problem_copy (const FeProblem *src)
{
  FeProblem *p = g_new0 (FeProblem, 1);
  *p = *src;
  p->authors = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_author_free);
  for (guint i = 0; i < src->authors->len; i++)
    {
      const FeAuthor *a = src->authors->pdata[i];
      FeAuthor *c = g_new0 (FeAuthor, 1);
      c->family = g_strdup (a->family);
      c->given = g_strdup (a->given);
      g_ptr_array_add (p->authors, c);
    }
  p->keywords = copy_strings (src->keywords);
  p->remarks = copy_strings (src->remarks);
  p->unsupported = copy_strings (src->unsupported);
  p->unsupported_stipulation = g_strdup (src->unsupported_stipulation);
  p->structured = fe_sstip_copy (src->structured);
  p->twins = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_twin_free);
  for (guint i = 0; i < src->twins->len; i++)
    g_ptr_array_add (p->twins, fe_twin_copy (src->twins->pdata[i]));
  p->source_name = g_strdup (src->source_name);
  p->source_volume = g_strdup (src->source_volume);
  p->source_issue = g_strdup (src->source_issue);
  p->source_number = g_strdup (src->source_number);
  p->source_date = g_strdup (src->source_date);
  p->award_tourney = g_strdup (src->award_tourney);
  p->award_distinction = g_strdup (src->award_distinction);
  p->award_judges = g_strdup (src->award_judges);
  p->title = g_strdup (src->title);
  p->solution_text = g_strdup (src->solution_text);
  p->intended_solutions = g_strdup (src->intended_solutions);
  p->comments = g_strdup (src->comments);
  return p;
}

gboolean
fe_problem_has_target (const FeProblem *problem)
{
  return !problem->unsupported_stipulation && fe_stipulation_has_target (&problem->stipulation);
}

const char *
fe_options_changing_solution (const FeOptions *o)
{
  return o->quodlibet             ? "Quodlibet"
         : o->goal_is_end         ? "GoalIsEnd"
         : o->keep_mating_piece   ? "KeepMatingPiece"
         : o->no_short_variations ? "NoShortVariations"
         : o->mates_in_1          ? "MatesIn1"
         : o->non_trivial         ? "NonTrivial"
                                  : NULL;
}

/* ---- twins ---------------------------------------------------------- */

const FeTwinKindDesc fe_twin_kinds[FE_TWIN_N_KINDS] = {
  [FE_TWIN_MOVE] = { "move", "move", FE_N_ ("Move"), FE_TWIN_TAKES_SQUARE | FE_TWIN_TAKES_SECOND },
  [FE_TWIN_EXCHANGE] = { "exchange", "exchange", FE_N_ ("Exchange"),
                         FE_TWIN_TAKES_SQUARE | FE_TWIN_TAKES_SECOND },
  [FE_TWIN_REMOVE] = { "remove", "remove", FE_N_ ("Remove"), FE_TWIN_TAKES_SQUARE },
  [FE_TWIN_ADD] = { "add", "add", FE_N_ ("Add"), FE_TWIN_TAKES_SQUARE | FE_TWIN_TAKES_PIECE },
  [FE_TWIN_SUBSTITUTE] = { "substitute", "substitute", FE_N_ ("Substitute"), FE_TWIN_TAKES_WALKS },
  [FE_TWIN_ROTATE] = { "rotate", "rotate", FE_N_ ("Rotate"), FE_TWIN_TAKES_ROTATION },
  [FE_TWIN_MIRROR] = { "mirror", "mirror", FE_N_ ("Mirror"), FE_TWIN_TAKES_MIRROR },
  [FE_TWIN_SHIFT] = { "shift", "shift", FE_N_ ("Shift"), FE_TWIN_TAKES_SQUARE | FE_TWIN_TAKES_SECOND },
  [FE_TWIN_POLISH] = { "PolishType", "polish-type", FE_N_ ("Swap colours"), 0 },
  [FE_TWIN_STIPULATION] = { "stipulation", "stipulation", FE_N_ ("Stipulation"),
                            FE_TWIN_TAKES_STIPULATION },
  [FE_TWIN_CONDITION] = { "condition", "condition", FE_N_ ("Condition"), FE_TWIN_TAKES_CONDITIONS },
};

/* Popeye's own spelling of the fourth axis is "a8<-->h1" (its input and
 * its twin headers); some files write "h1<-->a8". */
const FeMirrorAxisDesc fe_mirror_axes[FE_N_MIRRORS] = {
  [FE_MIRROR_A1_H1] = { "a1<-->h1", NULL, "a1-h1", "a1↔h1" },
  [FE_MIRROR_A1_A8] = { "a1<-->a8", NULL, "a1-a8", "a1↔a8" },
  [FE_MIRROR_A1_H8] = { "a1<-->h8", NULL, "a1-h8", "a1↔h8" },
  [FE_MIRROR_H1_A8] = { "a8<-->h1", "h1<-->a8", "h1-a8", "a8↔h1" },
};

static FeSquare
transform_square (FeSquare sq, const FeTwinCommand *c)
{
  int f = FE_FILE (sq), r = FE_RANK (sq);
  switch (c->kind)
    {
    case FE_TWIN_ROTATE:
      for (int k = 0; k < (c->rotation / 90) % 4; k++)
        {
          int nf = 7 - r, nr = f;
          f = nf, r = nr;
        }
      return FE_SQ (f, r);
    case FE_TWIN_MIRROR:
      switch (c->mirror)
        {
        case FE_MIRROR_A1_H1: return FE_SQ (7 - f, r);
        case FE_MIRROR_A1_A8: return FE_SQ (f, 7 - r);
        case FE_MIRROR_A1_H8: return FE_SQ (r, f);
        default: return FE_SQ (7 - r, 7 - f);
        }
    case FE_TWIN_SHIFT:
      {
        int df = FE_FILE (c->b) - FE_FILE (c->a), dr = FE_RANK (c->b) - FE_RANK (c->a);
        f += df, r += dr;
        if (f < 0 || f > 7 || r < 0 || r > 7)
          return FE_NO_SQUARE;
        return FE_SQ (f, r);
      }
    default:
      return sq;
    }
}

static gboolean
apply_command (FePosition *pos, FeStipulation *stip, FeConditionParams *cond,
               const FeTwinCommand *c, GError **error)
{
  char a[3], b[3];
  fe_square_name (c->a, a);
  fe_square_name (c->b, b);
  switch (c->kind)
    {
    case FE_TWIN_MOVE:
      if (fe_square_empty (pos, c->a))
        goto empty;
      {
        FePiece p = pos->board[c->a];
        fe_position_remove (pos, c->a);
        fe_position_put (pos, c->b, p);
      }
      return TRUE;
    case FE_TWIN_EXCHANGE:
      if (fe_square_empty (pos, c->a) || fe_square_empty (pos, c->b))
        goto empty;
      {
        FePiece p = pos->board[c->a], q = pos->board[c->b];
        fe_position_put (pos, c->a, q);
        fe_position_put (pos, c->b, p);
      }
      return TRUE;
    case FE_TWIN_REMOVE:
      if (fe_square_empty (pos, c->a))
        goto empty;
      fe_position_remove (pos, c->a);
      return TRUE;
    case FE_TWIN_ADD:
      {
        FePiece p = c->piece;
        p.id = 0;
        fe_position_put (pos, c->a, p);
      }
      return TRUE;
    case FE_TWIN_SUBSTITUTE:
      for (int i = 0; i < 64; i++)
        {
          FeSquare sq = FE_SQ88 (i);
          FePiece p = pos->board[sq];
          if (p.walk == c->walk_from)
            {
              p.walk = c->walk_to;
              fe_position_put (pos, sq, p);
            }
        }
      return TRUE;
    case FE_TWIN_ROTATE:
    case FE_TWIN_MIRROR:
    case FE_TWIN_SHIFT:
      {
        FePosition old = *pos;
        for (int i = 0; i < 64; i++)
          fe_position_remove (pos, FE_SQ88 (i));
        for (int i = 0; i < 64; i++)
          {
            FeSquare sq = FE_SQ88 (i);
            if (fe_square_empty (&old, sq))
              continue;
            FeSquare to = transform_square (sq, c);
            if (to == FE_NO_SQUARE)
              {
                g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                             _ ("twin shift %s %s moves a piece off the board"), a, b);
                return FALSE;
              }
            fe_position_put (pos, to, old.board[sq]);
          }
        for (int i = 0; i < pos->n_imitators; i++)
          {
            FeSquare to = transform_square (pos->imitators[i], c);
            if (to == FE_NO_SQUARE)
              {
                g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                             _ ("twin shift %s %s moves an imitator off the board"), a, b);
                return FALSE;
              }
            pos->imitators[i] = to;
          }
      }
      return TRUE;
    case FE_TWIN_POLISH:
      for (int i = 0; i < 64; i++)
        {
          FeSquare sq = FE_SQ88 (i);
          FePiece p = pos->board[sq];
          if (p.walk && p.colour != FE_NEUTRAL)
            {
              p.colour ^= 1;
              fe_position_put (pos, sq, p);
            }
        }
      /* A monochrome imitator belongs to its side: it changes with it. */
      for (int i = 0; i < pos->n_imitators; i++)
        if (pos->imitator_colour[i] != FE_NEUTRAL)
          pos->imitator_colour[i] ^= 1;
      return TRUE;
    case FE_TWIN_STIPULATION:
      *stip = c->stipulation;
      return TRUE;
    case FE_TWIN_CONDITION:
      *cond = c->conditions;
      pos->n_imitators = c->n_imitators;
      for (int i = 0; i < c->n_imitators; i++)
        {
          pos->imitators[i] = c->imitators[i];
          pos->imitator_colour[i] = FE_NEUTRAL;
        }
      return TRUE;
    }
  return TRUE;
empty:
  g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
               _ ("twin command refers to an empty square (%s)"), fe_square_empty (pos, c->a) ? a : b);
  return FALSE;
}

/* Twin `index`'s commands on what twin index-1 left (see
 * fe_problem_apply_next_twin); `fault` says which command or rule failed. */
gboolean
fe_problem_step_twin (const FeProblem *problem, int index, FePosition *pos, FeStipulation *stip,
                      FeConditionParams *cond, FeProblemFault *fault, GError **error)
{
  g_return_val_if_fail (index >= 0 && index <= (int) problem->twins->len, FALSE);
  const FeTwin *twin = index > 0 ? problem->twins->pdata[index - 1] : NULL;
  if (!twin || !twin->continued || index == 1)
    {
      *pos = problem->diagram;
      *stip = problem->stipulation;
      *cond = problem->conditions;
    }
  if (!twin)
    return TRUE;
  for (guint i = 0; i < twin->commands->len; i++)
    if (!apply_command (pos, stip, cond, &g_array_index (twin->commands, FeTwinCommand, i), error))
      {
        if (fault)
          *fault = (FeProblemFault) { FE_RULE_TWIN_COMMAND, index, (int) i, FE_NO_SQUARE,
                                      FE_NO_SQUARE };
        return FALSE;
      }
  if (!fe_position_validate (pos, fault, error))
    {
      if (fault)
        fault->twin = index;
      return FALSE;
    }
  /* Rights follow the pieces; options like NoCastling cleared some rights
   * of the diagram: keep them off. */
  uint8_t keep = problem->diagram.castling;
  fe_position_default_castling (pos);
  FePosition fresh = problem->diagram;
  fe_position_default_castling (&fresh);
  pos->castling &= ~(fresh.castling & ~keep);
  fe_position_recompute_hash (pos);
  return TRUE;
}

gboolean
fe_problem_apply_next_twin (const FeProblem *problem, int index, FePosition *pos,
                            FeStipulation *stip, FeConditionParams *cond, GError **error)
{
  return fe_problem_step_twin (problem, index, pos, stip, cond, NULL, error);
}

gboolean
fe_position_apply_twin_command (FePosition *pos, const FeTwinCommand *command, GError **error)
{
  g_return_val_if_fail (command->kind != FE_TWIN_STIPULATION && command->kind != FE_TWIN_CONDITION,
                        FALSE);
  FeStipulation stip = { 0 };
  FeConditionParams cond = { 0 };
  if (!apply_command (pos, &stip, &cond, command, error))
    return FALSE;
  fe_position_recompute_hash (pos);
  return TRUE;
}

gboolean
fe_problem_apply_twin (const FeProblem *problem, int index, FePosition *pos,
                       FeStipulation *stip, FeConditionParams *cond, GError **error)
{
  /* Find the chain of twins this one continues from. */
  int first = index;
  while (first > 1 && ((FeTwin *) problem->twins->pdata[first - 1])->continued)
    first--;
  if (!fe_problem_apply_next_twin (problem, 0, pos, stip, cond, error))
    return FALSE;
  for (int t = first; t <= index && t > 0; t++)
    if (!fe_problem_apply_next_twin (problem, t, pos, stip, cond, error))
      return FALSE;
  return TRUE;
}

char *
fe_twin_label (int index)
{
  g_return_val_if_fail (index >= 0, NULL);
  /* Popeye's WriteTwinNumber: a) … z), then z1), z2), … */
  if (index <= 'z' - 'a')
    return g_strdup_printf ("%c", 'a' + index);
  return g_strdup_printf ("z%d", index - ('z' - 'a'));
}

static void
append_piece (GString *s, FePiece p, FeSquare sq)
{
  char name[3];
  fe_square_name (sq, name);
  g_string_append_c (s, p.colour == FE_WHITE ? 'w' : p.colour == FE_BLACK ? 'b' : 'n');
  fe_attribute_append_prefixes (s, p.attrs);
  g_string_append_printf (s, "%s%s", fe_walk_print_code (p.walk), name);
}

static const char *
untranslated (const char *msgid)
{
  return msgid;
}

char *
fe_conditions_describe (const FeConditionParams *c, const FePosition *pos)
{
  /* Each condition's own lines (Popeye's words), in registry order. */
  const FeDescribeStyle solver = { false, untranslated };
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (int id = 0; id < fe_condition_count (); id++)
    fe_condition_describe (id, c, pos, &solver, lines);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (s, "%s%s", i ? "\n" : "", (char *) lines->pdata[i]);
  return g_string_free (s, FALSE);
}

char *
fe_twin_describe (const FeProblem *problem, int index)
{
  g_return_val_if_fail (index >= 1 && index <= (int) problem->twins->len, NULL);
  const FeTwin *twin = problem->twins->pdata[index - 1];
  FePosition pos;
  FeStipulation stip;
  FeConditionParams cond;
  if (!twin->continued
      || !fe_problem_apply_twin (problem, index - 1, &pos, &stip, &cond, NULL))
    pos = problem->diagram;
  return fe_twin_describe_after (problem, index, &pos);
}

char *
fe_twin_describe_after (const FeProblem *problem, int index, const FePosition *previous)
{
  g_return_val_if_fail (index >= 1 && index <= (int) problem->twins->len, NULL);
  const FeTwin *twin = problem->twins->pdata[index - 1];
  /* The position the commands apply to, for piece names. */
  FePosition pos = twin->continued ? *previous : problem->diagram;
  FeStipulation stip = problem->stipulation;
  FeConditionParams cond = problem->conditions;
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < twin->commands->len; i++)
    {
      const FeTwinCommand *c = &g_array_index (twin->commands, FeTwinCommand, i);
      char a[3], b[3];
      fe_square_name (c->a, a);
      fe_square_name (c->b, b);
      if (s->len)
        g_string_append (s, "  ");
      switch (c->kind)
        {
        case FE_TWIN_MOVE:
          append_piece (s, pos.board[c->a], c->a);
          g_string_append_printf (s, "-->%s", b);
          break;
        case FE_TWIN_EXCHANGE:
          append_piece (s, pos.board[c->a], c->a);
          g_string_append (s, "<-->");
          append_piece (s, pos.board[c->b], c->b);
          break;
        case FE_TWIN_REMOVE:
          g_string_append_c (s, '-');
          append_piece (s, pos.board[c->a], c->a);
          break;
        case FE_TWIN_ADD:
          /* Popeye marks a piece added on an empty square "+wSa8"; one that
           * replaces another is named alone. */
          if (!pos.board[c->a].walk)
            g_string_append_c (s, '+');
          append_piece (s, c->piece, c->a);
          break;
        case FE_TWIN_SUBSTITUTE:
          g_string_append_printf (s, "%s ==> %s", fe_walk_print_code (c->walk_from),
                                  fe_walk_print_code (c->walk_to));
          break;
        case FE_TWIN_ROTATE:
          g_string_append_printf (s, "rotate %d", c->rotation);
          break;
        case FE_TWIN_MIRROR:
          g_string_append_printf (s, "mirror %s", fe_mirror_axes[c->mirror % FE_N_MIRRORS].popeye);
          break;
        case FE_TWIN_SHIFT:
          g_string_append_printf (s, "shift %s ==> %s", a, b);
          break;
        case FE_TWIN_POLISH:
          g_string_append (s, "PolishType");
          break;
        case FE_TWIN_STIPULATION:
          {
            char *t = fe_stipulation_to_string (&c->stipulation);
            g_string_append (s, t);
            g_free (t);
          }
          break;
        case FE_TWIN_CONDITION:
          {
            /* The twin's conditions, not the pieces' attributes (nor the
             * switch those pieces hold on). */
            FePosition tmp = pos;
            for (int i = 0; i < 64; i++)
              tmp.board[FE_SQ88 (i)].attrs = 0;
            tmp.n_imitators = c->n_imitators;
            memcpy (tmp.imitators, c->imitators, sizeof c->imitators);
            FeConditionParams named = c->conditions;
            for (int id = 0; id < fe_condition_count (); id++)
              if (fe_condition_nth (id)->attribute && named.v[id][0] <= 1)
                named.v[id][0] = 0;
            char *t = fe_conditions_describe (&named, &tmp);
            g_strdelimit (t, "\n", ' ');
            g_string_append (s, t);
            g_free (t);
          }
          break;
        }
      /* Later commands of the same twin name pieces where they now stand. */
      apply_command (&pos, &stip, &cond, c, NULL);
    }
  return g_string_free (s, FALSE);
}
