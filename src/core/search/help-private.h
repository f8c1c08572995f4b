/* help-private.h — what help play (help.c) and series play (series.c)
 * share: table keys, the search aids (help-aids.c) and the parallel split
 * of the first two plies (help-split.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ends.h"
#include "stalemate.h"

/* Salts keep help and series entries apart in the shared table. */
#define SALT_HELP 0x6a09e667f3bcc908ull
#define SALT_SERIES 0xbb67ae8584caa73bull
#define SALT_FINAL 0x510e527fade682d1ull

/* Help and series results are not monotonic in the length: a help mate in
 * h half-moves says nothing about h - 2 or h + 2 (no waiting moves), so
 * every entry is keyed by the exact number of moves left and stands for
 * that number only.  The multiplier spreads small counts over the key. */
static inline uint64_t
exact_key (uint64_t hash, uint64_t salt, int left)
{
  return hash ^ salt ^ ((uint64_t) (left + 1) * 0x9e3779b97f4a7c15ull);
}

static inline gboolean
enough (FeSolver *s)
{
  return s->aborted || (s->max_solutions && s->solutions >= s->max_solutions);
}

/* The kinds of series play (series.c). */
typedef enum { SERIES_DIRECT, SERIES_HELP, SERIES_SELF, SERIES_REFLEX, SERIES_RECI } SeriesKind;

/* Work items of a parallel search: the first two plies (help: a move and
 * the reply; series: two series moves), in the order the one-thread search
 * meets them.  Those the search would not go on through are dropped when
 * the list is made. */
typedef struct {
  int n;
  GArray *items; /* pairs of move indices */
  int h;         /* help: half-moves left (toward an end: before the end node); series: moves left */
  int lead;      /* help: fe_solution_line_number's */
  gboolean series;
  int kind;      /* series: SeriesKind */
  FeEnd end;     /* help: FE_END_GOAL, or the end it plays toward */
} Split;

/* help-aids.c */
FeMatingNet *fe_help_mating_net_for (FeSolver *s, gboolean mates);
gboolean fe_help_last_moves (FeSolver *s, gboolean mating, FeMoveList *list);
gboolean fe_help_target_in_reach (FeSolver *s, int depth, int mine, int theirs);
void fe_help_covers_forget (FeSolver *s, int depth);
FeCoverSet *fe_help_covers_for (FeSolver *s, int len, const int moves[2], FeColour loser);
void fe_help_stalemate_witnesses (FeSolver *s, FeStalemateWitnesses *w);
const FeStalemateNet *fe_help_stalemate_net (FeSolver *s, int depth);

/* help.c */
gboolean fe_help_goal_ends_line (FeSolver *s, const FeMove *m, const FeUndo *undo);
gboolean fe_help_end_closed (FeSolver *s, FeEnd end, int h);

/* series.c */
gboolean fe_series_goes_on (FeSolver *s, SeriesKind kind, const FeMove *m, const FeUndo *undo, int me);
void fe_series_set_play (FeSolver *s, SeriesKind kind);

/* help-split.c */
gboolean fe_split_make (FeSolver *w, const Split *sp, int k, FeUndo undo[4]);
void fe_split_unmake (FeSolver *w, gboolean series, FeUndo undo[4]);
void fe_run_split (FeSolver *s, int threads, Split *sp, FeSolverItemFunc item);
