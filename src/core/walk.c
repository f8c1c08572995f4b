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

const FeWalkDef fe_walk_table[FE_WALK_COUNT] = {
  [FE_WALK_NONE] = { "", "empty", "", FE_FAMILY_PLAIN, false },
  [FE_WALK_KING] = { "k", "king", "r", FE_FAMILY_KING, false, { QLINES }, 8 },
  [FE_WALK_QUEEN] = { "q", "queen", "d", FE_FAMILY_PLAIN, false, { 0 }, 0, { QLINES }, 8 },
  [FE_WALK_ROOK] = { "r", "rook", "t", FE_FAMILY_PLAIN, false, { 0 }, 0, { ORTH }, 4 },
  [FE_WALK_BISHOP] = { "b", "bishop", "f", FE_FAMILY_PLAIN, false, { 0 }, 0, { DIAG }, 4 },
  [FE_WALK_KNIGHT] = { "s", "knight", "c", FE_FAMILY_PLAIN, false, { KNIGHT }, 8 },
  [FE_WALK_PAWN] = { "p", "pawn", "p", FE_FAMILY_PAWN, false },
  [FE_WALK_GRASSHOPPER] = { "g", "grasshopper", "s", FE_FAMILY_HOPPER, true,
                            { 0 }, 0, { 0 }, 0, { QLINES }, 8, 1 },
  [FE_WALK_NIGHTRIDER] = { "n", "nightrider", "n", FE_FAMILY_PLAIN, true,
                           { 0 }, 0, { KNIGHT }, 8 },
  [FE_WALK_LOCUST] = { "l", "locust", "lo", FE_FAMILY_LOCUST, true,
                       { 0 }, 0, { 0 }, 0, { QLINES }, 8, 1 },
  [FE_WALK_LION] = { "li", "lion", "li", FE_FAMILY_LION, true,
                     { 0 }, 0, { 0 }, 0, { QLINES }, 8 },
  [FE_WALK_AMAZON] = { "am", "amazon", "am", FE_FAMILY_PLAIN, true,
                       { KNIGHT }, 8, { QLINES }, 8 },
  [FE_WALK_CAMEL] = { "ca", "camel", "ch", FE_FAMILY_PLAIN, true, { LEAPER (1, 3) }, 8 },
  [FE_WALK_ZEBRA] = { "z", "zebra", "z", FE_FAMILY_PLAIN, true, { LEAPER (2, 3) }, 8 },
  [FE_WALK_GIRAFFE] = { "gi", "giraffe", "g", FE_FAMILY_PLAIN, true, { LEAPER (1, 4) }, 8 },
  [FE_WALK_ROSE] = { "ro", "rose", "ro", FE_FAMILY_ROSE, true },
  [FE_WALK_KINGHOPPER] = { "kh", "kinghopper", "sr", FE_FAMILY_KINGHOPPER, true,
                           { 0 }, 0, { 0 }, 0, { QLINES }, 8, 1 },
  [FE_WALK_EQUIHOPPER] = { "eq", "equihopper", "eq", FE_FAMILY_EQUIHOPPER, true },
  [FE_WALK_NONSTOP_EQUIHOPPER] = { "ne", "nonstop equihopper", "ne",
                                   FE_FAMILY_NONSTOP_EQUIHOPPER, true },
  [FE_WALK_MOOSE] = { "m", "moose", "el", FE_FAMILY_MOOSE, true,
                      { 0 }, 0, { 0 }, 0, { QLINES }, 8, 1 },
  [FE_WALK_MAO] = { "ma", "mao", "ma", FE_FAMILY_MAO, true },
  [FE_WALK_BOYSCOUT] = { "bt", "boyscout", "bt", FE_FAMILY_BOYSCOUT, true },
  [FE_WALK_EMPRESS] = { "em", "empress", "im", FE_FAMILY_PLAIN, true, { KNIGHT }, 8, { ORTH }, 4 },
  [FE_WALK_PRINCESS] = { "pr", "princess", "pr", FE_FAMILY_PLAIN, true, { KNIGHT }, 8, { DIAG }, 4 },
  [FE_WALK_ALFIL] = { "al", "alfil", "al", FE_FAMILY_PLAIN, true,
                      { V (2, 2), V (-2, 2), V (2, -2), V (-2, -2) }, 4 },
  [FE_WALK_FERS] = { "fe", "fers", "fe", FE_FAMILY_PLAIN, true, { DIAG }, 4 },
  [FE_WALK_WAZIR] = { "we", "wazir", "vi", FE_FAMILY_PLAIN, true, { ORTH }, 4 },
  [FE_WALK_DABBABA] = { "da", "dabbaba", "da", FE_FAMILY_PLAIN, true,
                        { V (2, 0), V (-2, 0), V (0, 2), V (0, -2) }, 4 },
  [FE_WALK_GNU] = { "gn", "gnu", "gn", FE_FAMILY_PLAIN, true, { KNIGHT, LEAPER (1, 3) }, 16 },
  [FE_WALK_ANTELOPE] = { "an", "antelope", "an", FE_FAMILY_PLAIN, true, { LEAPER (3, 4) }, 8 },
  [FE_WALK_OKAPI] = { "ok", "okapi", "ok", FE_FAMILY_PLAIN, true, { KNIGHT, LEAPER (2, 3) }, 16 },
  [FE_WALK_BISON] = { "bi", "bison", "bi", FE_FAMILY_PLAIN, true,
                      { LEAPER (1, 3), LEAPER (2, 3) }, 16 },
  [FE_WALK_CAMELRIDER] = { "cr", "camelrider", "cr", FE_FAMILY_PLAIN, true,
                           { 0 }, 0, { LEAPER (1, 3) }, 8 },
  [FE_WALK_ZEBRARIDER] = { "zr", "zebrarider", "zr", FE_FAMILY_PLAIN, true,
                           { 0 }, 0, { LEAPER (2, 3) }, 8 },
  [FE_WALK_GRASSHOPPER2] = { "g2", "grasshopper-2", "s2", FE_FAMILY_HOPPER, true,
                             { 0 }, 0, { 0 }, 0, { QLINES }, 8, 2 },
  [FE_WALK_GRASSHOPPER3] = { "g3", "grasshopper-3", "s3", FE_FAMILY_HOPPER, true,
                             { 0 }, 0, { 0 }, 0, { QLINES }, 8, 3 },
  [FE_WALK_ROOKHOPPER] = { "rh", "rookhopper", "th", FE_FAMILY_HOPPER, true,
                           { 0 }, 0, { 0 }, 0, { ORTH }, 4, 1 },
  [FE_WALK_BISHOPHOPPER] = { "bh", "bishophopper", "fh", FE_FAMILY_HOPPER, true,
                             { 0 }, 0, { 0 }, 0, { DIAG }, 4, 1 },
  [FE_WALK_ROOKLION] = { "rl", "rook lion", "tl", FE_FAMILY_LION, true,
                         { 0 }, 0, { 0 }, 0, { ORTH }, 4 },
  [FE_WALK_BISHOPLION] = { "bl", "bishop lion", "fl", FE_FAMILY_LION, true,
                           { 0 }, 0, { 0 }, 0, { DIAG }, 4 },
  [FE_WALK_NIGHTRIDERLION] = { "nl", "nightrider lion", "nl", FE_FAMILY_LION, true,
                               { 0 }, 0, { 0 }, 0, { KNIGHT }, 8 },
  [FE_WALK_ROOKLOCUST] = { "lr", "rook locust", "lt", FE_FAMILY_LOCUST, true,
                           { 0 }, 0, { 0 }, 0, { ORTH }, 4, 1 },
  [FE_WALK_BISHOPLOCUST] = { "lb", "bishop locust", "lf", FE_FAMILY_LOCUST, true,
                             { 0 }, 0, { 0 }, 0, { DIAG }, 4, 1 },
  [FE_WALK_NIGHTRIDERLOCUST] = { "ln", "nightrider locust", "ln", FE_FAMILY_LOCUST, true,
                                 { 0 }, 0, { 0 }, 0, { KNIGHT }, 8, 1 },
  [FE_WALK_MOA] = { "mo", "moa", "mo", FE_FAMILY_MOA, true },
};

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
  return walks[walk].fairy;
}
