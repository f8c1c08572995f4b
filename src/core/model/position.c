/* position.c — board bookkeeping and the Zobrist keys.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "position.h"
#include "walk.h"

/* Piece keys by (walk, colour) and square, attribute keys by attribute
 * bits and square (zero for none); filled once from a fixed seed so hashes
 * are reproducible between runs. */
#define N_PIECE_KEYS (FE_WALK_MAX * 3)
uint64_t fe_zobrist_piece_keys[N_PIECE_KEYS][64];
uint64_t fe_zobrist_attribute_keys[256][64];
#define piece_keys fe_zobrist_piece_keys
uint64_t fe_zobrist_side_key;
uint64_t fe_zobrist_castling_keys[64];
uint64_t fe_zobrist_ep_keys[64];
#define side_key fe_zobrist_side_key
#define castling_keys fe_zobrist_castling_keys
#define ep_keys fe_zobrist_ep_keys
/* By the imitator's colour (FeColour: monochrome imitators of either side,
 * neutral ones): two positions differing only there are different. */
uint64_t fe_zobrist_imitator_keys[3][64];
#define imitator_keys fe_zobrist_imitator_keys

static uint64_t
splitmix (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void
keys_init (void)
{
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      uint64_t s = 0x46656572696521ull;
      for (int k = 0; k < N_PIECE_KEYS; k++)
        for (int i = 0; i < 64; i++)
          piece_keys[k][i] = splitmix (&s);
      side_key = splitmix (&s);
      for (int i = 0; i < 64; i++)
        {
          castling_keys[i] = splitmix (&s);
          ep_keys[i] = splitmix (&s);
          imitator_keys[FE_NEUTRAL][i] = splitmix (&s);
        }
      for (int i = 0; i < 64; i++)
        {
          imitator_keys[FE_WHITE][i] = splitmix (&s);
          imitator_keys[FE_BLACK][i] = splitmix (&s);
        }
      for (int a = 1; a < 256; a++)
        for (int i = 0; i < 64; i++)
          fe_zobrist_attribute_keys[a][i] = splitmix (&s);
      fe_walks_init ();
      g_once_init_leave (&done, 1);
    }
}


void
fe_position_init (FePosition *pos)
{
  keys_init ();
  memset (pos, 0, sizeof *pos);
  pos->king[0] = pos->king[1] = FE_NO_SQUARE;
  pos->ep_victim = FE_NO_SQUARE;
  pos->mover_square = FE_NO_SQUARE;
  pos->side = FE_WHITE;
  fe_position_recompute_hash (pos);
}

static inline void
write_square (FePosition *pos, FeSquare sq, FePiece piece)
{
  fe_position_write (pos, sq, piece, true);
}

/* Ids need only be unique among the pieces on the board
 * (docs/rules/common-model.md §2.1): the smallest id no other piece holds, so
 * any number of placements and removals in the editor never wraps the
 * one-byte id. */
static uint8_t
smallest_free_id (const FePosition *pos, FeSquare except)
{
  uint64_t used[4] = { 0 };
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece p = pos->board[sq];
      if (sq != except && p.walk)
        used[p.id >> 6] |= UINT64_C (1) << (p.id & 63);
    }
  for (int id = 1; id < 256; id++)
    if (!(used[id >> 6] & (UINT64_C (1) << (id & 63))))
      return (uint8_t) id;
  g_assert_not_reached (); /* 63 other pieces at most */
}

void
fe_position_put (FePosition *pos, FeSquare sq, FePiece piece)
{
  g_return_if_fail (FE_ON_BOARD (sq));
  if (piece.walk && piece.id == 0)
    piece.id = smallest_free_id (pos, sq);
  write_square (pos, sq, piece);
}

void
fe_position_remove (FePosition *pos, FeSquare sq)
{
  g_return_if_fail (FE_ON_BOARD (sq));
  write_square (pos, sq, FE_PIECE_EMPTY);
}

void
fe_position_default_castling (FePosition *pos)
{
  uint8_t r = 0;
  for (int c = 0; c < 2; c++)
    {
      int rank = c == FE_WHITE ? 0 : 7;
      FePiece k = pos->board[FE_SQ (4, rank)];
      FePiece a = pos->board[FE_SQ (0, rank)];
      FePiece h = pos->board[FE_SQ (7, rank)];
      int shift = c == FE_WHITE ? 0 : 3;
      if (k.walk == FE_WALK_KING && k.colour == c)
        r |= FE_CASTLE_WK << shift;
      /* A neutral rook on a corner is that side's rook too (Popeye castles
       * with it: docs/decisions.md). */
      if (a.walk == FE_WALK_ROOK && fe_piece_playable_by (a, c))
        r |= FE_CASTLE_WA << shift;
      if (h.walk == FE_WALK_ROOK && fe_piece_playable_by (h, c))
        r |= FE_CASTLE_WH << shift;
    }
  pos->castling = r;
  fe_position_recompute_hash (pos);
}

void
fe_position_recompute_hash (FePosition *pos)
{
  keys_init ();
  uint64_t h = 0;
  pos->occupied[0] = pos->occupied[1] = pos->occupied[2] = 0;
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (pos->board[sq].walk)
        {
          h ^= fe_zobrist_piece (pos->board[sq], sq);
          pos->occupied[pos->board[sq].colour] |= UINT64_C (1) << i;
        }
    }
  if (pos->side == FE_BLACK)
    h ^= side_key;
  h ^= castling_keys[pos->castling & 63];
  for (int i = 0; i < pos->ep_count; i++)
    h ^= fe_zobrist_ep (pos->ep_squares[i]);
  for (int i = 0; i < pos->n_imitators; i++)
    h ^= fe_zobrist_imitator (pos->imitators[i], pos->imitator_colour[i]);
  if (pos->owed.walk)
    h ^= fe_zobrist_owed (pos->owed, pos->owed_square);
  pos->hash = h;
  for (int c = 0; c < 3; c++)
    {
      pos->walk_mask[c] = 0;
      for (int w = 1; w < FE_WALK_COUNT; w++)
        if (pos->walk_count[c][w])
          pos->walk_mask[c] |= UINT64_C (1) << w;
    }
}

int
fe_position_imitator_at (const FePosition *pos, FeSquare sq)
{
  for (int i = 0; i < pos->n_imitators; i++)
    if (pos->imitators[i] == sq)
      return i;
  return -1;
}

gboolean
fe_position_add_imitator (FePosition *pos, FeSquare sq, FeColour colour)
{
  g_return_val_if_fail (FE_ON_BOARD (sq) && colour <= FE_NEUTRAL, FALSE);
  if (!fe_square_empty (pos, sq) || fe_position_imitator_at (pos, sq) >= 0
      || pos->n_imitators >= FE_MAX_IMITATORS)
    return FALSE;
  pos->imitators[pos->n_imitators] = sq;
  pos->imitator_colour[pos->n_imitators++] = colour;
  pos->hash ^= fe_zobrist_imitator (sq, colour);
  return TRUE;
}

gboolean
fe_position_remove_imitator (FePosition *pos, FeSquare sq)
{
  int i = fe_position_imitator_at (pos, sq);
  if (i < 0)
    return FALSE;
  pos->hash ^= fe_zobrist_imitator (sq, pos->imitator_colour[i]);
  for (int k = i + 1; k < pos->n_imitators; k++)
    {
      pos->imitators[k - 1] = pos->imitators[k];
      pos->imitator_colour[k - 1] = pos->imitator_colour[k];
    }
  pos->n_imitators--;
  return TRUE;
}

gboolean
fe_position_move_imitator (FePosition *pos, FeSquare from, FeSquare to)
{
  g_return_val_if_fail (FE_ON_BOARD (to), FALSE);
  int i = fe_position_imitator_at (pos, from);
  if (i < 0 || !fe_square_empty (pos, to) || fe_position_imitator_at (pos, to) >= 0)
    return FALSE;
  pos->hash ^= fe_zobrist_imitator (from, pos->imitator_colour[i]);
  pos->imitators[i] = to;
  pos->hash ^= fe_zobrist_imitator (to, pos->imitator_colour[i]);
  return TRUE;
}

bool
fe_position_has_attribute (const FePosition *pos, uint8_t attrs)
{
  uint64_t pieces = pos->occupied[0] | pos->occupied[1] | pos->occupied[2];
  for (; pieces; pieces &= pieces - 1)
    if (pos->board[FE_SQ88 (__builtin_ctzll (pieces))].attrs & attrs)
      return true;
  return false;
}

FeSquare
fe_square_parse (const char *t)
{
  if (!t || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
    return FE_NO_SQUARE;
  return FE_SQ (t[0] - 'a', t[1] - '1');
}

void
fe_square_name (FeSquare sq, char out[3])
{
  out[0] = 'a' + FE_FILE (sq);
  out[1] = '1' + FE_RANK (sq);
  out[2] = 0;
}

gboolean
fe_position_same_placement (const FePosition *a, const FePosition *b)
{
  for (int c = 0; c < 3; c++)
    if (a->occupied[c] != b->occupied[c])
      return FALSE;
  if (a->n_imitators != b->n_imitators)
    return FALSE;
  for (uint64_t left = a->occupied[0] | a->occupied[1] | a->occupied[2]; left; left &= left - 1)
    {
      FeSquare sq = FE_SQ88 (__builtin_ctzll (left));
      FePiece x = a->board[sq], y = b->board[sq];
      if (x.walk != y.walk || x.colour != y.colour || x.attrs != y.attrs)
        return FALSE;
    }
  for (int i = 0; i < a->n_imitators; i++)
    if (a->imitators[i] != b->imitators[i] || a->imitator_colour[i] != b->imitator_colour[i])
      return FALSE;
  return TRUE;
}
