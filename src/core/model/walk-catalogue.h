/* walk-catalogue.h — every walk, one row each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included twice on purpose (no include guard): fe-types.h expands the rows
 * into the FeWalk enum, walk.c into the table every layer reads (moves,
 * observation, Popeye/XML/FEN codes, notation, the palette's names, the
 * screen's and LaTeX's figures).  Adding a walk is adding a row here, at
 * the end (the order is the palette's and the promotion choices'), plus its
 * tests; a walk no family generates needs a family in walk.h first.
 *
 * FE_WALK_ROW (ID, code, name, family, look, geometry…)
 *   ID        FE_WALK_<ID>
 *   code      Popeye's English code, lower case (files, notation upper case)
 *   name      English, FE_N_: the GUI shows it translated (po/fr.po)
 *   family    FE_FAMILY_<family>, the generator (walk.h)
 *   look      LOOK (figure, turn, mark): the orthodox figure it is drawn
 *             with, turned clockwise by `turn` degrees, and BADGE where the
 *             figure and turn alone are another walk's (its code is written
 *             on it) — else PLAIN.  LOOK_TEX adds the LaTeX diagram
 *             package's own symbol for it.  Families share a turn: hoppers
 *             upside down, lions and the Chinese pieces a quarter turn
 *             right, locusts a quarter turn left (docs/decisions.md, "Walks").
 *   geometry  LEAPS (vectors), RIDES (vectors), HOPS (unit vectors of the
 *             hop lines: hoppers, lions, locusts, Chinese pieces), LAND (n:
 *             a hopper lands n squares beyond its hurdle)
 * walk.c checks every row's look at compile time.
 */

/* The orthodox walks first: their figures are the ones every look turns. */
FE_WALK_ROW (KING, "k", FE_N_ ("king"), KING, LOOK (KING, 0, PLAIN), LEAPS (QLINES))
FE_WALK_ROW (QUEEN, "q", FE_N_ ("queen"), PLAIN, LOOK (QUEEN, 0, PLAIN), RIDES (QLINES))
FE_WALK_ROW (ROOK, "r", FE_N_ ("rook"), PLAIN, LOOK (ROOK, 0, PLAIN), RIDES (ORTH))
FE_WALK_ROW (BISHOP, "b", FE_N_ ("bishop"), PLAIN, LOOK (BISHOP, 0, PLAIN), RIDES (DIAG))
FE_WALK_ROW (KNIGHT, "s", FE_N_ ("knight"), PLAIN, LOOK (KNIGHT, 0, PLAIN), LEAPS (KNIGHT))
FE_WALK_ROW (PAWN, "p", FE_N_ ("pawn"), PAWN, LOOK (PAWN, 0, PLAIN))
/* Fairy walks. */
FE_WALK_ROW (GRASSHOPPER, "g", FE_N_ ("grasshopper"), HOPPER, LOOK (QUEEN, 180, PLAIN),
             HOPS (QLINES), LAND (1))
FE_WALK_ROW (NIGHTRIDER, "n", FE_N_ ("nightrider"), PLAIN, LOOK (KNIGHT, 180, PLAIN),
             RIDES (KNIGHT))
FE_WALK_ROW (LOCUST, "l", FE_N_ ("locust"), LOCUST, LOOK (QUEEN, 270, PLAIN), HOPS (QLINES),
             LAND (1))
FE_WALK_ROW (LION, "li", FE_N_ ("lion"), LION, LOOK (QUEEN, 90, PLAIN), HOPS (QLINES))
FE_WALK_ROW (AMAZON, "am", FE_N_ ("amazon"), PLAIN, LOOK (QUEEN, 0, BADGE), LEAPS (KNIGHT),
             RIDES (QLINES))
FE_WALK_ROW (CAMEL, "ca", FE_N_ ("camel"), PLAIN, LOOK (KNIGHT, 90, BADGE), LEAPS (LEAPER (1, 3)))
FE_WALK_ROW (ZEBRA, "z", FE_N_ ("zebra"), PLAIN, LOOK (KNIGHT, 270, BADGE), LEAPS (LEAPER (2, 3)))
FE_WALK_ROW (GIRAFFE, "gi", FE_N_ ("giraffe"), PLAIN, LOOK (KNIGHT, 90, BADGE),
             LEAPS (LEAPER (1, 4)))
FE_WALK_ROW (ROSE, "ro", FE_N_ ("rose"), ROSE, LOOK (KNIGHT, 0, BADGE))
FE_WALK_ROW (KINGHOPPER, "kh", FE_N_ ("kinghopper"), KINGHOPPER, LOOK (KING, 180, PLAIN),
             HOPS (QLINES), LAND (1))
FE_WALK_ROW (EQUIHOPPER, "eq", FE_N_ ("equihopper"), EQUIHOPPER, LOOK_TEX (QUEEN, 180, BADGE, 'E'))
FE_WALK_ROW (NONSTOP_EQUIHOPPER, "ne", FE_N_ ("nonstop equihopper"), NONSTOP_EQUIHOPPER,
             LOOK_TEX (QUEEN, 180, BADGE, 'X'))
FE_WALK_ROW (MOOSE, "m", FE_N_ ("moose"), MOOSE, LOOK (QUEEN, 180, BADGE), HOPS (QLINES), LAND (1))
FE_WALK_ROW (MAO, "ma", FE_N_ ("mao"), MAO, LOOK (KNIGHT, 0, BADGE))
FE_WALK_ROW (BOYSCOUT, "bt", FE_N_ ("boyscout"), BOYSCOUT, LOOK (BISHOP, 0, BADGE))
FE_WALK_ROW (EMPRESS, "em", FE_N_ ("empress"), PLAIN, LOOK (ROOK, 0, BADGE), LEAPS (KNIGHT),
             RIDES (ORTH))
FE_WALK_ROW (PRINCESS, "pr", FE_N_ ("princess"), PLAIN, LOOK (BISHOP, 0, BADGE), LEAPS (KNIGHT),
             RIDES (DIAG))
FE_WALK_ROW (ALFIL, "al", FE_N_ ("alfil"), PLAIN, LOOK (BISHOP, 0, BADGE),
             LEAPS (V (2, 2), V (-2, 2), V (2, -2), V (-2, -2)))
FE_WALK_ROW (FERS, "fe", FE_N_ ("fers"), PLAIN, LOOK (BISHOP, 0, BADGE), LEAPS (DIAG))
FE_WALK_ROW (WAZIR, "we", FE_N_ ("wazir"), PLAIN, LOOK (ROOK, 0, BADGE), LEAPS (ORTH))
FE_WALK_ROW (DABBABA, "da", FE_N_ ("dabbaba"), PLAIN, LOOK (ROOK, 0, BADGE),
             LEAPS (V (2, 0), V (-2, 0), V (0, 2), V (0, -2)))
FE_WALK_ROW (GNU, "gn", FE_N_ ("gnu"), PLAIN, LOOK (KNIGHT, 270, BADGE),
             LEAPS (KNIGHT, LEAPER (1, 3)))
FE_WALK_ROW (ANTELOPE, "an", FE_N_ ("antelope"), PLAIN, LOOK (KNIGHT, 90, BADGE),
             LEAPS (LEAPER (3, 4)))
FE_WALK_ROW (OKAPI, "ok", FE_N_ ("okapi"), PLAIN, LOOK (KNIGHT, 270, BADGE),
             LEAPS (KNIGHT, LEAPER (2, 3)))
FE_WALK_ROW (BISON, "bi", FE_N_ ("bison"), PLAIN, LOOK (KNIGHT, 270, BADGE),
             LEAPS (LEAPER (1, 3), LEAPER (2, 3)))
FE_WALK_ROW (CAMELRIDER, "cr", FE_N_ ("camelrider"), PLAIN, LOOK (KNIGHT, 180, BADGE),
             RIDES (LEAPER (1, 3)))
FE_WALK_ROW (ZEBRARIDER, "zr", FE_N_ ("zebrarider"), PLAIN, LOOK (KNIGHT, 180, BADGE),
             RIDES (LEAPER (2, 3)))
FE_WALK_ROW (GRASSHOPPER2, "g2", FE_N_ ("grasshopper-2"), HOPPER, LOOK (QUEEN, 180, BADGE),
             HOPS (QLINES), LAND (2))
FE_WALK_ROW (GRASSHOPPER3, "g3", FE_N_ ("grasshopper-3"), HOPPER, LOOK (QUEEN, 180, BADGE),
             HOPS (QLINES), LAND (3))
FE_WALK_ROW (ROOKHOPPER, "rh", FE_N_ ("rookhopper"), HOPPER, LOOK (ROOK, 180, PLAIN),
             HOPS (ORTH), LAND (1))
FE_WALK_ROW (BISHOPHOPPER, "bh", FE_N_ ("bishophopper"), HOPPER, LOOK (BISHOP, 180, PLAIN),
             HOPS (DIAG), LAND (1))
FE_WALK_ROW (ROOKLION, "rl", FE_N_ ("rook lion"), LION, LOOK (ROOK, 90, PLAIN), HOPS (ORTH))
FE_WALK_ROW (BISHOPLION, "bl", FE_N_ ("bishop lion"), LION, LOOK (BISHOP, 90, PLAIN), HOPS (DIAG))
FE_WALK_ROW (NIGHTRIDERLION, "nl", FE_N_ ("nightrider lion"), LION, LOOK (KNIGHT, 90, BADGE),
             HOPS (KNIGHT))
FE_WALK_ROW (ROOKLOCUST, "lr", FE_N_ ("rook locust"), LOCUST, LOOK (ROOK, 270, PLAIN),
             HOPS (ORTH), LAND (1))
FE_WALK_ROW (BISHOPLOCUST, "lb", FE_N_ ("bishop locust"), LOCUST, LOOK (BISHOP, 270, PLAIN),
             HOPS (DIAG), LAND (1))
FE_WALK_ROW (NIGHTRIDERLOCUST, "ln", FE_N_ ("nightrider locust"), LOCUST,
             LOOK (KNIGHT, 270, BADGE), HOPS (KNIGHT), LAND (1))
FE_WALK_ROW (MOA, "mo", FE_N_ ("moa"), MOA, LOOK (KNIGHT, 0, BADGE))
FE_WALK_ROW (NIGHTRIDERHOPPER, "nh", FE_N_ ("nightrider-hopper"), HOPPER,
             LOOK (KNIGHT, 180, BADGE), HOPS (KNIGHT), LAND (1))
FE_WALK_ROW (LEO, "le", FE_N_ ("leo"), CHINESE, LOOK (QUEEN, 90, BADGE), HOPS (QLINES))
FE_WALK_ROW (PAO, "pa", FE_N_ ("pao"), CHINESE, LOOK (ROOK, 90, BADGE), HOPS (ORTH))
FE_WALK_ROW (VAO, "va", FE_N_ ("vao"), CHINESE, LOOK (BISHOP, 90, BADGE), HOPS (DIAG))
