/* check-private.h — what judging a solution (check.c) takes from reading
 * the intended solution's text (check-text.c).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* One printed line: a battle move with the lines below it, or a whole
 * help / series line. */
typedef struct CheckLine CheckLine;
struct CheckLine {
  int level;       /* 2 × (number − 1), + 1 after "..." */
  char *first;     /* its first move, spaces removed */
  char *moves;     /* all its moves, spaces removed */
  /* The same in short algebraic (short_move), and whether the text writes
   * every move in long algebraic (then only the exact text matches). */
  char *first_short;
  char *moves_short;
  gboolean long_form;
  gboolean is_try; /* "?" */
  GPtrArray *children;
};

typedef struct {
  char *label;      /* "a)", "" without twins */
  GPtrArray *lines; /* top level, of CheckLine* */
} CheckTwinText;

/* The text's twins (CheckTwinText*, freed with the array); NULL when it
 * holds no move line. */
GPtrArray *fe_check_read_solution_text (const char *text);
/* Appends a move as compared: without spaces nor a trailing ! or ?. */
void fe_check_append_move (GString *s, const char *text);
/* A move (spaces removed) in short algebraic, newly allocated. */
char *fe_check_short_move (const char *move);
