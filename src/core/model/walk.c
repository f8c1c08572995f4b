/* walk.c — the catalogue of walks: one row each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "walk.h"

#define V(df, dr) ((int8_t) ((dr) * 16 + (df)))

#define ORTH V (1, 0), V (-1, 0), V (0, 1), V (0, -1)
#define DIAG V (1, 1), V (-1, 1), V (1, -1), V (-1, -1)
#define QLINES ORTH, DIAG
#define LEAPER(m, n) V (m, n), V (-(m), n), V (m, -(n)), V (-(m), -(n)), \
                     V (n, m), V (-(n), m), V (n, -(m)), V (-(n), -(m))
#define KNIGHT LEAPER (1, 2)

/* The catalogue's geometry: each list counted by the compiler (a list
 * longer than its array is an error, not a truncation). */
#define COUNT(...) ((uint8_t) sizeof ((int8_t[]) { __VA_ARGS__ }))
#define LEAPS(...) .leaps = { __VA_ARGS__ }, .n_leaps = COUNT (__VA_ARGS__)
#define RIDES(...) .rides = { __VA_ARGS__ }, .n_rides = COUNT (__VA_ARGS__)
#define HOPS(...) .hops = { __VA_ARGS__ }, .n_hops = COUNT (__VA_ARGS__)
#define LAND(n) .hop_land = (n)

#define MARK_PLAIN false
#define MARK_BADGE true
/* Pasted, never forwarded: KNIGHT is also a list of vectors. */
#define LOOK_TEX(figure, turn, mark, symbol) { FE_WALK_##figure, (turn), MARK_##mark, (symbol) }
#define LOOK(figure, turn, mark) { FE_WALK_##figure, (turn), MARK_##mark, 0 }

const FeWalkDef fe_walk_table[FE_WALK_COUNT] = {
  [FE_WALK_NONE] = { "", "empty", FE_FAMILY_PLAIN },
#define FE_WALK_ROW(ID, code, name, family, look, ...) \
  [FE_WALK_##ID] = { code, name, FE_FAMILY_##family, look, __VA_ARGS__ },
#include "walk-catalogue.h"
#undef FE_WALK_ROW
};

/* Every row's look, checked by the compiler: an orthodox figure turned by
 * a quarter turn, and a code and a name to show. */
#undef LOOK_TEX
#undef LOOK
#define LOOK_OK(figure, turn, mark) \
  ((figure) >= FE_WALK_KING && (figure) <= FE_WALK_PAWN && (turn) % 90 == 0 && (turn) < 360 \
   && (mark) <= 1)
#define LOOK_TEX(figure, turn, mark, symbol) LOOK_OK (FE_WALK_##figure, turn, MARK_##mark)
#define LOOK(figure, turn, mark) LOOK_OK (FE_WALK_##figure, turn, MARK_##mark)
#define FE_WALK_ROW(ID, code, name, family, look, ...) \
  G_STATIC_ASSERT (look && sizeof (code) > 1 && sizeof (code) <= 4 && sizeof (name) > 1);
#include "walk-catalogue.h"
#undef FE_WALK_ROW
G_STATIC_ASSERT (FE_WALK_COUNT <= FE_WALK_MAX);

static char print_codes[FE_WALK_COUNT][4];

#define walks fe_walk_table

int
fe_walk_from_code (const char *code)
{
  for (int w = 1; w < FE_WALK_COUNT; w++)
    if (g_ascii_strcasecmp (walks[w].code, code) == 0)
      return w;
  return FE_WALK_NONE;
}

void
fe_walks_init (void)
{
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      for (int w = 0; w < FE_WALK_COUNT; w++)
        {
          const char *c = walks[w].code;
          size_t n = strlen (c);
          for (size_t i = 0; i < n && i < 3; i++)
            print_codes[w][i] = g_ascii_toupper (c[i]);
        }
      g_once_init_leave (&done, 1);
    }
}

const char *
fe_walk_print_code (int walk)
{
  fe_walks_init ();
  return print_codes[walk];
}

bool
fe_walk_is_fairy (int walk)
{
  return walk > FE_WALK_PAWN;
}
