/* fen.h — Forsyth notation, with fairy extensions, for board-only copy and paste.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "core/position.h"

/* Parses a FEN (board, and optionally side, castling, e.p. fields).
 * Errors name the column of the offending character. */
gboolean fe_fen_parse (const char *text, FePosition *pos, GError **error);
/* Writes the board field plus side, castling and e.p.; caller frees. */
char *fe_fen_write (const FePosition *pos);

#define FE_FEN_ERROR (fe_fen_error_quark ())
GQuark fe_fen_error_quark (void);
