/* feerie-twins-editor-private.h — FeerieTwinsEditor's instance, shared by
 * feerie-twins-editor.c (the class: rows, checking, the Popeye view) and
 * the tests that drive the page (tests/gui/harness).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-twin-picker.h"
#include "feerie-twins-editor.h"

G_BEGIN_DECLS

/* One twin of the page: a value, and its line in the Popeye view. */
typedef struct {
  FeTwin *twin;      /* NULL while `line` does not read */
  char *line;        /* its line in the text: as typed, or as the writer writes it */
  int text_line;     /* 1-based line of the text box */
  char *read_error;  /* why `line` does not read, located in it; else NULL */
  /* What the last check found. */
  char *label;       /* "b" …, NULL when the line does not read */
  char *description; /* Popeye's twin label text, or NULL */
  char *error;       /* shown on its row: why it does not read or apply; else NULL */
  FePosition position;
  gboolean has_position;
} FeerieTwinRow;

struct _FeerieTwinsEditor
{
  GtkWidget parent_instance;

  /* template children */
  GtkListBox *list;
  FeerieTwinPicker *picker;
  GtkTextView *text;
  GtkLabel *error;

  FeProblem *problem;   /* a copy of the window's */
  GPtrArray *committed; /* of FeTwin*: the twins last set or handed over */
  GPtrArray *rows;      /* of FeerieTwinRow* */
  gboolean syncing;     /* the text being written from the rows, not typed */
  gboolean pending;     /* a problem set while hidden: checked when shown */
  guint text_idle;      /* the typed text, read when the change is whole */
};

/* Reads the text typed and checks what a problem set while the page was
 * hidden left to check, now. */
void feerie_twins_editor_check_pending (FeerieTwinsEditor *self);

G_END_DECLS
