/* final-cover.h — help play toward a mate or a stalemate in orthodox
 * chess, guided by what the final position needs (Popeye's "intelligent"
 * mode, in a simpler form).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a final position the losing king stands on some square s; in a mate
 * a unit of the winning colour attacks s; each square next to s holds a
 * unit of the king's colour or is attacked, on an empty board, by a unit
 * of the winning colour (the king's own square counts as empty there).
 * A cover names such facts as needs — a colour, the walk the unit ends
 * with (a pawn may promote), the squares it may end on — each met by a
 * distinct unit.  fe_cover_set_new lists covers such that every final
 * position reachable in time meets at least one of them.  Units must walk
 * to their needs: the cheapest assignment of units to needs bounds each
 * colour's moves (fe_cover_reachable).  Along a line toward a final
 * position its covers stay in reach at every node, so the search keeps
 * at each node the covers still in reach and gives up where none is;
 * which covers those are depends on the line, whether any solution goes
 * on from the node does not (each one's covers are among them), so the
 * table stays exact.
 *
 * A stalemate asks more: every other unit of the loser is captured or
 * cannot move.  A piece that is not pinned cannot move only when each
 * square of its first step holds a unit of its own (it would capture a
 * unit of the winner), a pawn when the square before it is taken; a
 * unit that cannot move along the line to its king (a bishop on a rank,
 * a knight…) may instead be pinned there by a rider of the winner.
 * The complete covers of a stalemate place every unit of the loser so
 * (free units, and those that fill the squares others ask for), the rest
 * being captured; where they are too many, the covers of the king alone
 * are used. */
#pragma once

#include "core/model/position.h"

/* a king, a checker and eight flights in a mate; in a complete
 * stalemate cover, every unit of the loser and the winner's units that
 * cover flights or block pawns (more: the cover is not made) */
#define FE_COVER_NEEDS 24

typedef struct {
  uint8_t colour;
  uint8_t walk;     /* its walk at the end; FE_WALK_NONE: any but the king */
  uint64_t squares; /* where it may end (bit i: square i, a1 = 0) */
} FeCoverNeed;

/* By walk (FE_WALK_KING..FE_WALK_PAWN, less one) and square (0..63): the
 * moves a unit needs at least to meet a need (255: never). */
typedef uint8_t FeCoverTable[6][64];

typedef struct {
  int n;
  FeCoverNeed need[FE_COVER_NEEDS];
  const FeCoverTable *table[FE_COVER_NEEDS]; /* the needs' tables, kept by the set */
  uint8_t king_square; /* 0..63 */
  uint8_t loser;       /* FeColour of the king mated or stalemated */
  /* A complete stalemate cover: its needs of the loser's colour name
   * every unit of it left on the board, each immobile there; the winner
   * must capture the others, a move each. */
  gboolean complete;
} FeCover;

/* The covers of a play and the tables they share. */
typedef struct FeCoverSet FeCoverSet;

/* The covers for `loser`'s king mated (`mate`) or stalemated after play
 * from `root` with at most moves[c] moves of colour c, the complete ones
 * first for a stalemate when `try_complete`; NULL when more than
 * `max_steps` needs are tried or more than `max_covers` covers found (too
 * many to pay). */
FeCoverSet *fe_cover_set_new (const FePosition *root, FeColour loser, gboolean mate, gboolean try_complete,
                              const int moves[2], long max_steps, guint max_covers);
/* Are they the complete stalemate covers? */
gboolean fe_cover_set_complete (const FeCoverSet *set);
void fe_cover_set_free (FeCoverSet *set);
guint fe_cover_set_size (const FeCoverSet *set);
const FeCover *fe_cover_set_get (const FeCoverSet *set, guint k);

/* FALSE only when `pos` provably cannot meet `cover` with at most
 * moves[c] moves of colour c. */
gboolean fe_cover_reachable (const FePosition *pos, const FeCover *cover, const int moves[2]);
