/* feerie-twins-editor-private.h — FeerieTwinsEditor's instance, shared by
 * feerie-twins-editor.c (the class: rows, checking, API) and
 * feerie-twin-picker.c (the pickers).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-twins-editor.h"

G_BEGIN_DECLS

struct _FeerieTwinsEditor
{
  GtkWidget parent_instance;

  /* template children */
  GtkListBox *list;
  GtkDropDown *op;
  GtkDropDown *colour;
  GtkDropDown *walk;
  GtkEntry *square_a;
  GtkEntry *square_b;
  GtkDropDown *rotation;
  GtkDropDown *mirror;
  GtkEntry *value;
  GtkCheckButton *continued;
  GtkButton *add;
  GtkLabel *pick_error;
  GtkTextView *text;
  GtkLabel *error;

  FeProblem *problem;  /* a copy of the window's */
  char *committed;     /* the twin text of the problem last set or handed over */
  GPtrArray *rows;     /* of TwinRow* */
  gboolean syncing;    /* the text being set, not typed */
  gboolean pending;    /* a problem set while hidden: checked when shown */
  gboolean shown;      /* the text is the problem's own: not an edit */
};

/* The Popeye text as typed. */
char *feerie_twins_editor_text_get (FeerieTwinsEditor *self);
/* Replaces the whole text and checks it once. */
void feerie_twins_editor_replace_text (FeerieTwinsEditor *self, const char *text, gboolean typed);

/* Template callbacks of the pickers (feerie-twin-picker.c). */
void feerie_twins_editor_on_op_changed (FeerieTwinsEditor *self);
void feerie_twins_editor_on_square_changed (FeerieTwinsEditor *self, GtkEditable *entry);
void feerie_twins_editor_on_add_clicked (FeerieTwinsEditor *self);

G_END_DECLS
