/* walk.h — the table-driven catalogue of walks.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every walk is one row of walk-catalogue.h.  Most walks are a set of leap
 * vectors plus a set of ride vectors plus a set of hop lines; a few
 * families (pawn, rose, lion, locust, lame leapers, equihoppers, Chinese
 * pieces) name a generator of their own.  Moves, captures and observation
 * all come from this one description, and so do the code, the name and the
 * figure every other layer shows.
 */
#pragma once

#include "fe-types.h"

typedef enum {
  FE_FAMILY_PLAIN = 0,  /* leaps + rides only */
  FE_FAMILY_KING,       /* leaps + castling */
  FE_FAMILY_PAWN,
  FE_FAMILY_HOPPER,     /* grasshopper-like: land `hop_land` squares after the hurdle */
  FE_FAMILY_LION,       /* land anywhere beyond the hurdle */
  FE_FAMILY_LOCUST,     /* capture the hurdle, land just beyond */
  FE_FAMILY_ROSE,
  FE_FAMILY_MAO,        /* lame knight: orthogonal step then diagonal */
  FE_FAMILY_MOA,        /* lame knight: diagonal step then orthogonal */
  FE_FAMILY_MOOSE,      /* grasshopper deflected by 45° */
  FE_FAMILY_EQUIHOPPER,
  FE_FAMILY_NONSTOP_EQUIHOPPER,
  FE_FAMILY_BOYSCOUT,
  FE_FAMILY_KINGHOPPER, /* hurdle adjacent, land just beyond */
  FE_FAMILY_CHINESE,    /* ride along the hop lines without capturing; capture
                         * the first piece beyond a hurdle (Leo, Pao, Vao) */
} FeWalkFamily;

/* How a walk is drawn: print conventions turn an orthodox figure. */
typedef struct {
  uint8_t figure;   /* FE_WALK_KING..FE_WALK_PAWN */
  uint16_t turn;    /* clockwise, degrees: 0, 90, 180 or 270 */
  bool badge;       /* its print code is written on it: the turned figure
                     * alone is another walk's */
  char tex_symbol;  /* the LaTeX diagram package's own symbol ('E'), or 0 */
} FeWalkLook;

typedef struct {
  const char *code; /* Popeye English code, lower case */
  const char *name; /* English; the GUI translates it (FE_N_) */
  uint8_t family;
  FeWalkLook look;
  int8_t leaps[24];
  uint8_t n_leaps;
  int8_t rides[16];
  uint8_t n_rides;
  /* Hop lines (hopper, lion, locust and Chinese families), unit vectors. */
  int8_t hops[8];
  uint8_t n_hops;
  uint8_t hop_land; /* grasshopper 1, grasshopper-2: 2… */
} FeWalkDef;

/* Inline: the generator looks a walk up for every piece it moves. */
extern const FeWalkDef fe_walk_table[FE_WALK_COUNT];
static inline const FeWalkDef *
fe_walk_def (int walk)
{
  return &fe_walk_table[walk];
}
/* Looks up a Popeye code ("s", "g", "kh"); returns FE_WALK_NONE if unknown. */
int fe_walk_from_code (const char *code);
/* Upper-case print code: "S", "G", "KH". */
const char *fe_walk_print_code (int walk);
bool fe_walk_is_fairy (int walk);

/* Greatest common divisor of a vector's coordinates: the number of lattice
 * steps along it (equihoppers, straight-line views, imitator paths). */
static inline int
fe_gcd (int a, int b)
{
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b)
    {
      int t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* Helpers for attack tables (filled once, thread-safe after fe_walks_init). */
void fe_walks_init (void);
