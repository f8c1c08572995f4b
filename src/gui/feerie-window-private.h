/* feerie-window-private.h — state shared by the window's source files.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-window.h"
#include "feerie-board-view.h"
#include "feerie-palette.h"
#include "feerie-solution-view.h"
#include "feerie-document.h"
#include "feerie-condition-pane.h"
#include "feerie-metadata-pane.h"
#include "feerie-twins-editor.h"
#include "feerie-collection-view.h"
#include "feerie-collection-check.h"
#include "core/model/problem.h"
#include "core/backend/backend.h"

struct _FeerieWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  FeerieBoardView *board;
  FeeriePalette *palette;
  GtkEntry *piece_entry;
  GtkInscription *caption;
  GtkInscription *status;
  GtkEntry *stipulation_entry;
  GtkSpinButton *max_solutions_spin;
  GtkLabel *stipulation_error;
  FeerieConditionPane *conditions;
  FeerieMetadataPane *metadata;
  FeerieTwinsEditor *twins_editor;
  GMenu *recent_menu;
  GtkNotebook *notebook;
  FeerieSolutionView *solution_view;
  FeerieCollectionView *collection_view;
  GtkWidget *palette_column;
  GtkToggleButton *target_toggle; /* a=>b: edit the target B instead of the start A */

  /* The problem, its file, history and autosave (feerie-document.c). */
  FeerieDocument *document;
  /* The document's problem, borrowed: kept current on notify::problem
   * (undo, redo and loading replace it). */
  FeProblem *problem;
  gboolean syncing;      /* widgets being filled from the model: not edits */
  gboolean picking_imitators;
  gboolean showing_target; /* the board shows and edits the a=>b target B */
  FeColour imitator_colour;
  FeSquare selected;     /* click-to-move: the square picked first */
  FeSquare last_from, last_to;
  char *reopen_error;    /* why a saved file would not reopen; NULL when it would */
  GSettings *settings;   /* NULL when the schema is not installed */

  /* Solving (feerie-window-solve.c) */
  struct _FeerieSolveJob *job;   /* the solve running, NULL when none */
  /* The backend for the problem as it was when last asked (a copy of it),
   * or NULL with the sentence why none: asked once per change of what is
   * solved, not at every look (feerie_window_solve_refusal). */
  FeProblem *choice_for;
  const FeBackend *choice;
  char *choice_refusal;
  FeSolution *solved;            /* the last solve's tree, NULL when none */
  gboolean solution_stale;       /* of a position edited since */
  guint progress_id;
  /* Playback (feerie-window-playback.c): the board shows the position
   * after `play_stage` stages of `play_node`'s move, read-only; the
   * diagram itself is untouched. */
  gboolean playing;
  const FeSolutionNode *play_node;
  int play_stage;
  /* The deepest move of the line being played: forward returns along it. */
  const FeSolutionNode *play_tip;
  /* Past the lines kept, Keep Solving? was asked (once a solve). */
  gboolean over_asked;

  /* The collection's check (feerie-window-collection.c), NULL before one. */
  FeerieCollectionCheck *check;
};

/* Edits: call begin before changing self->problem, end after. */
void feerie_window_begin_edit (FeerieWindow *self, const char *coalesce_tag);
void feerie_window_end_edit (FeerieWindow *self);
/* The stipulation field's text, when it begins with a side's word ("white
 * 3a[#]d"; no plain stipulation does): a structured stipulation, made the
 * problem's, or its error shown.  FALSE for a plain one (feerie-window-edit.c). */
gboolean feerie_window_take_structured (FeerieWindow *self, const char *text);
/* Refills every widget and action state from self->problem. */
void feerie_window_sync (FeerieWindow *self);
/* Undo (redo = FALSE) or redo one edit; FALSE when there is none. */
gboolean feerie_window_step_history (FeerieWindow *self, gboolean redo);
void feerie_window_set_problem (FeerieWindow *self, FeProblem *problem, GFile *file);
/* A problem (owned) that no file holds yet, shown as unsaved work. */
void feerie_window_set_unsaved_problem (FeerieWindow *self, FeProblem *problem);
void feerie_window_show_status (FeerieWindow *self, const char *message);
/* For the palette (FeeriePaletteRefusal): why a drop of `piece` on any
 * empty square would be refused, NULL when one takes it. */
char *feerie_window_palette_refusal (FePiece piece, gpointer data);
/* `what` failed: in the status line and in an error dialog over the window. */
void feerie_window_show_error (FeerieWindow *self, const char *what, const GError *error);
gboolean feerie_window_save_to (FeerieWindow *self, GFile *file, GError **error);
/* Files dropped on the window (GFile*): the first opens as Open opens it,
 * after the question about unsaved changes; FALSE without files. */
gboolean feerie_window_open_dropped (FeerieWindow *self, GSList *files, GError **error);

/* What to do once the unsaved changes are saved or given up. */
typedef void (*FeerieThenFunc) (FeerieWindow *self, gpointer data);
typedef struct {
  FeerieThenFunc func;
  gpointer data;
  GDestroyNotify destroy;
} FeerieThen;
FeerieThen *feerie_then_new (FeerieThenFunc func, gpointer data, GDestroyNotify destroy);
/* Calls it (when not NULL), then frees it. */
void feerie_then_run (FeerieThen *then, FeerieWindow *self);
void feerie_then_free (FeerieThen *then);
/* The one place that guards unsaved work: every command that puts another
 * document in the window (open, open recent, import, paste, a dropped
 * file) and closing go through it.  With unsaved changes it asks
 * `question` (a format with the problem's name as %s): Save (then runs
 * `then` once saved, not if the save fails or is cancelled), Discard
 * (runs it), Cancel (frees it).  Without, runs it at once. */
void feerie_window_ask_then (FeerieWindow *self, const char *question, FeerieThen *then);
/* Open, Open Recent, Import: the file replaces the problem after the
 * question; an error is shown in the window. */
void feerie_window_open_asking (FeerieWindow *self, GFile *file);
/* Saves to the problem's file, or asks for one (Save As) when it has
 * none; then runs `then` (may be NULL) if the problem is saved. */
void feerie_window_save_then (FeerieWindow *self, FeerieThen *then);
void feerie_window_add_recent (FeerieWindow *self, GFile *file);

/* feerie-window-edit.c: board edits shared by drag and drop, clicks,
 * keyboard entry and tests. */
gboolean feerie_window_place (FeerieWindow *self, FePiece piece, FeSquare sq);
void feerie_window_move (FeerieWindow *self, FeSquare from, FeSquare to, gboolean copy);
void feerie_window_remove (FeerieWindow *self, FeSquare sq);
void feerie_window_toggle_imitator (FeerieWindow *self, FeSquare sq, FeColour colour);
gboolean feerie_window_apply_payload (FeerieWindow *self, const char *payload, FeSquare sq,
                                      gboolean copy);
gboolean feerie_window_enter_pieces (FeerieWindow *self, const char *text, GError **error);

void feerie_window_refresh_board (FeerieWindow *self);
/* The position the board shows and edits: the diagram, or an a=>b
 * problem's target while the start/target toggle says so. */
FePosition *feerie_window_edited_position (FeerieWindow *self);
/* The board's signals (bound in feerie-window.ui). */
void feerie_window_on_square_activated (FeerieWindow *self, guint sq, guint button);
void feerie_window_on_payload_dropped (FeerieWindow *self, const char *payload, guint sq,
                                       gboolean copy);
void feerie_window_on_dragged_off (FeerieWindow *self, guint sq);
/* The Options' "Solutions at most" spin button (feerie-window-actions.c). */
void feerie_window_on_max_solutions_changed (FeerieWindow *self);

/* feerie-window-check.c: the problem written to XML and read back. */
char *feerie_window_reopen_error (FeerieWindow *self);
/* Recomputes it; the board and the status line show it. */
void feerie_window_check_reopen (FeerieWindow *self);

/* feerie-window-solve.c */
void feerie_window_install_solve_actions (FeerieWindow *self);
/* The actions of solving and of playback (feerie-window-playback.c's). */
void feerie_window_sync_solve_actions (FeerieWindow *self);
/* The position changed: a running solve stops, the solution is stale. */
void feerie_window_solution_outdated (FeerieWindow *self);
/* Another document: a running solve stops, its solution goes, the pane
 * is empty. */
void feerie_window_solution_forget (FeerieWindow *self);
/* Called from dispose: stops the solve, drops the solution. */
void feerie_window_solve_dispose (FeerieWindow *self);
/* Why Solve is off for this problem (newly allocated), or NULL. */
char *feerie_window_solve_refusal (FeerieWindow *self);

/* feerie-window-playback.c: the solution played back on the board. */
void feerie_window_install_playback_actions (FeerieWindow *self);
/* After the template: the pane's node selection and the arrow keys play. */
void feerie_window_connect_solution_view (FeerieWindow *self);
void feerie_window_sync_playback_actions (FeerieWindow *self);
void feerie_window_leave_playback (FeerieWindow *self);

/* feerie-window-export.c: files by extension, clipboard, printing. */
/* Writes the problem shown, or with all_problems the whole collection,
 * as .xml, .inp (Popeye), .olv or .fen by the name; *adopt tells whether
 * the file keeps the whole problem (FEN does not), *lost what the format
 * leaves out or keeps only for Féerie (NULL: nothing). */
gboolean feerie_window_write_problem (FeerieWindow *self, GFile *file, gboolean all_problems,
                                      gboolean *adopt, char **lost, GError **error);
/* Export: a diagram (.png .svg .pdf .tex) or a problem file (.xml .inp .fen). */
gboolean feerie_window_export_file (FeerieWindow *self, const char *path, gboolean caption,
                                    GError **error);
/* The problem in FEN or Popeye input ("begin" …) becomes the window's
 * document (after the question about unsaved changes); FALSE with
 * `error`, and nothing changed, when the text holds no problem. */
gboolean feerie_window_paste_text (FeerieWindow *self, const char *text, GError **error);
/* Prints the diagram; with pdf_path, into that PDF without a dialog. */
gboolean feerie_window_print (FeerieWindow *self, const char *pdf_path, GError **error);
void feerie_window_install_export_actions (FeerieWindow *self);

/* feerie-window-collection.c: the list beside the board, its commands
 * (win.collection-*), problems moved between windows, the background
 * check of the whole collection. */
void feerie_window_install_collection_actions (FeerieWindow *self);
/* After the template: the list shows the document's collection. */
void feerie_window_connect_collection (FeerieWindow *self);
/* Another document: a check running stops, the list shows if it holds
 * several problems. */
void feerie_window_collection_reset (FeerieWindow *self);
void feerie_window_sync_collection_actions (FeerieWindow *self);
/* Another problem of the document is shown (selected, undone …): the
 * board forgets its marks, the solution goes, every widget is refilled. */
void feerie_window_show_other_problem (FeerieWindow *self);
/* Why the collection's other problems would not reopen ("problem 3: …"),
 * or NULL: the shown one is checked after each edit already. */
char *feerie_window_collection_reopen_error (FeerieWindow *self);
/* The template's handlers of the list's signals. */
void feerie_window_on_collection_problem_selected (FeerieWindow *self, guint index);
void feerie_window_on_collection_item_dropped (FeerieWindow *self, FeerieProblemItem *item,
                                               guint index);
void feerie_window_on_collection_filter_changed (FeerieWindow *self);
void feerie_window_collection_dispose (FeerieWindow *self);

/* feerie-window-actions.c */
void feerie_window_install_actions (FeerieWindow *self);
/* Turns the window's action `name` on or off. */
void feerie_window_enable_action (FeerieWindow *self, const char *name, gboolean on);
/* After the template: the condition pane's actions as win.NAME. */
void feerie_window_install_condition_actions (FeerieWindow *self);
void feerie_window_sync_actions (FeerieWindow *self);
