/* random-position.h — what the solver's random differential tests share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/model/position.h"
#include "core/backend/backend.h"

/* Up to n standard imitators on random free squares. */
static inline void
add_random_imitators (GRand *r, FePosition *pos, int n)
{
  for (int i = 0; i < n; i++)
    {
      FeSquare sq = FE_SQ88 (g_rand_int_range (r, 0, 64));
      gboolean taken = !fe_square_empty (pos, sq);
      for (int j = 0; j < pos->n_imitators; j++)
        taken |= pos->imitators[j] == sq;
      if (!taken)
        {
          pos->imitators[pos->n_imitators] = sq;
          pos->imitator_colour[pos->n_imitators++] = FE_NEUTRAL;
        }
    }
}

/* The solution text under `config`; NULL when the problem is refused or
 * the time ran out (nothing to compare). */
static inline char *
solve_text (const FeProblem *pb, const FeSolverConfig *config)
{
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  gboolean ok = fe_solve (pb, config, out, &stats, &error);
  g_clear_error (&error);
  if (!ok || stats.interrupted)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}
