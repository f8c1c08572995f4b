/* fen.h — Forsyth notation, with fairy extensions, for board-only copy and paste.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "problem-file.h"

/* Parses a FEN (board, and optionally side, castling, e.p. fields; no
 * castling field: the rights the pieces give).  Errors (FE_FILE_ERROR)
 * name the column of the offending character; a position that breaks a
 * rule (two white kings) is refused there too. */
gboolean fe_fen_parse (const char *text, FePosition *pos, GError **error);
/* Writes the board field plus side, castling and e.p.; caller frees. */
char *fe_fen_write (const FePosition *pos);

/* The problem a FEN position is: the default stipulation, the rights and
 * e.p. square kept as NoCastling and EnPassant options. */
FeProblem *fe_fen_problem (const FePosition *pos);
/* A FEN file: one position a line, blank lines and "#" comment lines
 * between; each a problem (fe_fen_problem).  Errors "FILE:LINE:COL: …". */
GPtrArray *fe_fen_read (const char *text, gsize length, const char *filename, GError **error);
/* One FEN line per problem: its diagram; the rest goes to `losses`. */
char *fe_fen_write_problems (GPtrArray *problems, GPtrArray *losses);

/* FEN in the table of formats (problem-file.h). */
extern const FeFileFormat fe_fen_format;
