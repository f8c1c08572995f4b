/* harness.h — feerie-test's parts: the script interpreter (script.c), its
 * commands (cmds-edit.c, cmds-view.c), what the window shows and how it
 * solves (probes.c), the widgets' internals a script needs (widgets.c).
 * The collection's commands and benchmark are in collection.c.  It reads
 * the window's private state; the application has no test code.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "feerie-window-private.h"

/* Runs the script at `path` (one command a line) on `first`, numbered 1. */
void harness_run_script (FeerieWindow *first, const char *path);

/* Runs one script command on the window (cmds-edit.c); FALSE with
 * `error` when it fails or is unknown. */
gboolean harness_command (FeerieWindow *self, char **argv, GError **error);
/* What the commands dump and messages write (the problem and the
 * pickers; the title, status line, caption, errors and dialogs). */
char *harness_dump_text (FeerieWindow *self);
char *harness_messages_text (FeerieWindow *self);
/* The commands not found by harness_command (cmds-view.c). */
gboolean harness_view_command (FeerieWindow *self, char **argv, GError **error);
/* Answers the question asked over the window ("save", "discard",
 * "cancel"), as its button does; FALSE when none is asked. */
gboolean harness_answer (FeerieWindow *self, const char *answer, GError **error);
/* Writes the screen position of a point of `widget` for xdotool. */
gboolean harness_write_point (FeerieWindow *self, GtkWidget *widget, double x, double y,
                              const char *path, GError **error);

/* collection.c: the collection's commands (and the benchmark's); an
 * unknown command's error otherwise. */
gboolean harness_collection_command (FeerieWindow *self, char **argv, GError **error);

/* probes.c */
/* The displayed board and the solve's state, one fact a line. */
char *harness_describe_display (FeerieWindow *self);
/* Plays back the first move whose text starts with `text`, as a click on
 * its row does. */
gboolean harness_select_move (FeerieWindow *self, const char *text);
/* From now on each solve of the window appends "started" and "finished
 * stopped=… error=… nodes=… shown=… max-gap-ms=… stop-ms=… threads=…
 * tree=SHA256" to `path`: the main loop's longest pause while solving,
 * the time from the first Stop to the end. */
void harness_log_solves (FeerieWindow *self, const char *path);
/* The main loop's longest pause over the next `ms` ms, into `path`. */
void harness_probe_idle_gap (guint ms, const char *path);

/* widgets.c */
/* The first widget of `type` under `root` (itself included), depth first. */
GtkWidget *harness_find_widget (GtkWidget *root, GType type);
/* The first visible widget under `root` named `name` or whose action is
 * `name` ("condition.magic"), depth first. */
GtkWidget *harness_find_named (GtkWidget *root, const char *name);
void harness_palette_select (FeeriePalette *palette, FeColour colour, uint8_t attrs, int walk);
/* A tile by its code in scripts: a walk code, "I" the imitator, "IM" the
 * monochrome imitator; HARNESS_NO_TILE when none. */
#define HARNESS_NO_TILE (-100)
int harness_tile_walk (const char *code);
GtkWidget *harness_palette_tile (FeeriePalette *palette, int walk);
/* The walk of the tile with the keyboard focus (IMITATOR_TILE,
 * MONOCHROME_IMITATOR_TILE for the imitators), else HARNESS_NO_TILE. */
int harness_palette_focused_walk (FeeriePalette *palette);
/* Types `text` into a metadata field ("title", "authors", …). */
gboolean harness_metadata_type (FeerieMetadataPane *pane, const char *field, const char *text);
/* The open Preferences window, else NULL with `error`. */
GtkWidget *harness_preferences (GError **error);
gboolean harness_preferences_font (GtkWidget *prefs, const char *family);
gboolean harness_preferences_colour (GtkWidget *prefs, const char *which, const char *colour);
/* The recovery window: one line a row ("autosave NAME TIME CAPTION"). */
char *harness_recovery_describe (GtkWindow *recovery);
/* Clicks Recover or Discard on row `index` (from 0); the window the
 * problem was recovered into (NULL when discarded or refused). */
GtkWindow *harness_recovery_choose (GtkWindow *recovery, guint index, gboolean recover,
                                    GError **error);

/* twins.c */
/* The Twins page's pickers as a script sets them: `op` a twinning word
 * (fe_twin_kinds' Popeye word), squares, `piece` for add ("white S",
 * "white magic S"), `walks` for substitute ("r q"), `value` the rotation,
 * mirror axis (Popeye's word), stipulation, or the conditions as the
 * condition pane's settings ("madrasi einstein=reverse"), `imitators`
 * their squares; then, with `add`, a click on Add, FALSE with the
 * pickers' refusal. */
typedef struct {
  const char *op, *a, *b, *piece, *walks, *value, *imitators;
  gboolean continued, add;
} HarnessTwinPick;
gboolean harness_twins_pick (FeerieTwinsEditor *editor, const HarnessTwinPick *pick,
                             GError **error);
/* Replaces the Popeye text, as typing does. */
void harness_twins_type (FeerieTwinsEditor *editor, const char *text);
/* The Add button (row_index -1) or row row_index's remove button. */
GtkWidget *harness_twins_button (FeerieTwinsEditor *editor, int row_index);
/* One line per row, "twin LABEL ok|error: LINE — DESCRIPTION|MESSAGE", then
 * "preview LABEL" and its pieces; "rows N", "pick-error", "text". */
char *harness_twins_describe (FeerieTwinsEditor *editor);
/* The first error the page shows, "" when none. */
const char *harness_twins_error (FeerieTwinsEditor *editor);
/* How many twin lines were read (fe_popeye_read_twin_line) so far. */
guint harness_twin_lines_read (void);
/* The linker's wrap of fe_popeye_read_twin_line that counts them. */
FeTwin *__real_fe_popeye_read_twin_line (const FeProblem *problem, const char *line,
                                         GError **error);
FeTwin *__wrap_fe_popeye_read_twin_line (const FeProblem *problem, const char *line,
                                         GError **error);
/* What a solve does besides searching (probes.c). */
void __real_fe_text_writer_node (FeTextWriter *writer, const FeSolutionNode *node);
void __wrap_fe_text_writer_node (FeTextWriter *writer, const FeSolutionNode *node);
const FeBackend *__real_fe_solve_choose (const FeProblem *problem, FeRefusal *refusal);
const FeBackend *__wrap_fe_solve_choose (const FeProblem *problem, FeRefusal *refusal);
gboolean __real_fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                                        GError **error);
gboolean __wrap_fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                                        GError **error);
