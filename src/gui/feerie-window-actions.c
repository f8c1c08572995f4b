/* feerie-window-actions.c — every command of the window as a GAction.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Options are stateful actions: the check buttons of the template bind to
 * them, so undo only has to set the states back.  The conditions' actions
 * come from their pane (feerie-condition-pane.c), which builds them from
 * the registry: nothing here names a condition.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-window-private.h"
#include "render/fe-render.h"

/* ---- board transforms ------------------------------------------------------ */

/* The position edited (the diagram, or an a=>b target) replaced, as one
 * undo step. */
static void
replace_diagram (FeerieWindow *self, const FePosition *pos)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_window_begin_edit (self, NULL);
  *feerie_window_edited_position (self) = *pos;
  fe_problem_settle_diagram (self->problem);
  self->last_from = self->last_to = FE_NO_SQUARE;
  feerie_window_show_status (self, NULL);
  feerie_window_end_edit (self);
}

/* Changes the diagram as a twin command would (src/core: one geometry for
 * twins and the board's tools); refuses, with the reason in the status
 * line, when a unit would leave the board. */
static gboolean
transform (FeerieWindow *self, const FeTwinCommand *command)
{
  g_assert (FEERIE_IS_WINDOW (self));
  FePosition pos = *feerie_window_edited_position (self);
  g_autoptr (GError) error = NULL;
  if (!fe_position_apply_twin_command (&pos, command, &error))
    {
      feerie_window_show_status (self, _("A piece or an imitator would leave the board."));
      return FALSE;
    }
  replace_diagram (self, &pos);
  return TRUE;
}

static void
clear_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FePosition empty;
  fe_position_init (&empty);
  replace_diagram (data, &empty);
}

static void
shift_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  const char *dir = g_variant_get_string (p, NULL);
  /* A shift is a vector: from d4 one square up, down, left or right. */
  FeSquare to = g_str_equal (dir, "up")     ? FE_SQ (3, 4)
                : g_str_equal (dir, "down") ? FE_SQ (3, 2)
                : g_str_equal (dir, "left") ? FE_SQ (2, 3)
                                            : FE_SQ (4, 3);
  transform (data, &(FeTwinCommand) { .kind = FE_TWIN_SHIFT, .a = FE_SQ (3, 3), .b = to });
}

static void
rotate_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  /* A quarter turn clockwise (a1 → a8): Popeye's rotate 270. */
  transform (data, &(FeTwinCommand) { .kind = FE_TWIN_ROTATE, .rotation = 270 });
}

static void
mirror_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  transform (data, &(FeTwinCommand) { .kind = FE_TWIN_MIRROR, .mirror = FE_MIRROR_A1_H1 });
}

static void
swap_colours_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  transform (data, &(FeTwinCommand) { .kind = FE_TWIN_POLISH });
}

/* ---- history ------------------------------------------------------------------ */

static void
undo_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  feerie_window_step_history (data, FALSE);
}

static void
redo_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  feerie_window_step_history (data, TRUE);
}

/* ---- files -------------------------------------------------------------------- */

static void
report_error (FeerieWindow *self, const char *what, const GError *error)
{
  g_assert (FEERIE_IS_WINDOW (self));
  /* Translators: what failed ("Cannot open the problem"), then why. */
  g_autofree char *msg = g_strdup_printf (_("%s: %s"), what, error->message);
  feerie_window_show_status (self, msg);
  g_warning ("%s", msg);
}

/* The problem's file, or the Popeye or FEN file it was imported from. */
static GFile *
problem_file (FeerieWindow *self)
{
  GFile *file = feerie_document_get_file (self->document);
  return file ? file : feerie_document_get_imported_from (self->document);
}

/* Choosers open in the problem's folder, else where the last file was
 * opened or saved. */
static void
set_start_folder (FeerieWindow *self, GtkFileChooser *chooser)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GFile *file = problem_file (self);
  g_autoptr (GFile) dir = file ? g_file_get_parent (file) : NULL;
  if (!dir && self->settings)
    {
      g_autofree char *folder = g_settings_get_string (self->settings, "last-folder");
      if (folder && *folder)
        dir = g_file_new_for_path (folder);
    }
  if (dir)
    gtk_file_chooser_set_current_folder (chooser, dir, NULL);
}

/* The problem's file name with another extension ("h6.inp" → "h6.png"),
 * or `fallback` for a new problem. */
static char *
suggested_name (FeerieWindow *self, const char *extension, const char *fallback)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GFile *file = problem_file (self);
  if (!file)
    return g_strdup (fallback);
  g_autofree char *base = g_file_get_basename (file);
  char *dot = strrchr (base, '.');
  if (dot)
    *dot = 0;
  return g_strconcat (base, extension, NULL);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *const *patterns)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, name);
  for (int i = 0; patterns[i]; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

/* The file is chosen first, then the question about unsaved changes: a
 * chooser cancelled after "Discard" would have lost them. */
static void
on_open_response (GtkNativeDialog *dialog, int response, FeerieWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      feerie_window_open_asking (self, file);
    }
  g_object_unref (dialog);
}

static void
choose_and_open (FeerieWindow *self, const char *title, gboolean import)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, NULL, NULL);
  static const char *xml[] = { "*.xml", NULL };
  static const char *popeye[] = { "*.inp", "*.txt", "*.pop", NULL };
  static const char *fen[] = { "*.fen", NULL };
  static const char *olive[] = { "*.olv", "*.yaml", "*.yml", NULL };
  /* First, so that it is the one shown: every file the window reads (a
   * composer's Popeye files were hidden behind "Féerie problems"). */
  static const char *all[] = { "*.xml", "*.inp", "*.txt", "*.pop", "*.fen", "*.olv", "*.yaml", "*.yml", NULL };
  add_filter (GTK_FILE_CHOOSER (dialog), _("All problem files"), import ? all + 1 : all);
  if (!import)
    add_filter (GTK_FILE_CHOOSER (dialog), _("Féerie problems"), xml);
  add_filter (GTK_FILE_CHOOSER (dialog), _("Popeye input"), popeye);
  add_filter (GTK_FILE_CHOOSER (dialog), _("FEN positions"), fen);
  add_filter (GTK_FILE_CHOOSER (dialog), _("Olive collections and YACPDB entries"), olive);
  set_start_folder (self, GTK_FILE_CHOOSER (dialog));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_open_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  choose_and_open (data, _("Open Problem"), FALSE);
}

static void
import_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  choose_and_open (data, _("Import Popeye Input or FEN"), TRUE);
}

static void
open_recent_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (p, NULL));
  feerie_window_open_asking (data, file);
}

static void
close_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  /* As the title bar's button: asks first when there are unsaved changes. */
  gtk_window_close (GTK_WINDOW (data));
}

static void
new_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  /* A collection open: the new problem joins it. */
  if (feerie_document_get_n_problems (self->document) > 1)
    g_action_group_activate_action (G_ACTION_GROUP (self), "collection-add", NULL);
  else if (feerie_document_get_dirty (self->document) || feerie_document_get_file (self->document))
    gtk_window_present (GTK_WINDOW (feerie_window_new (app)));
  else
    feerie_window_set_problem (self, fe_problem_new (), NULL);
}

/* Saved to `file`, then what waited for it, if the problem is saved (a
 * FEN file keeps the position only: the problem stays unsaved). */
static void
save_and_then (FeerieWindow *self, GFile *file, FeerieThen *then)
{
  g_assert (FEERIE_IS_WINDOW (self));
  g_autoptr (GError) error = NULL;
  if (!feerie_window_save_to (self, file, &error))
    report_error (self, _("Cannot save the problem"), error);
  else if (!feerie_document_get_dirty (self->document))
    {
      feerie_then_run (then, self);
      return;
    }
  feerie_then_free (then);
}

static void
on_save_response (GtkNativeDialog *dialog, int response, FeerieWindow *self)
{
  FeerieThen *then = g_object_steal_data (G_OBJECT (dialog), "feerie-then");
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_and_then (self, file, then);
    }
  else
    feerie_then_free (then);
  g_object_unref (dialog);
}

static void
save_as_then (FeerieWindow *self, FeerieThen *then)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    _("Save Problem"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, NULL, NULL);
  static const char *xml[] = { "*.xml", NULL };
  add_filter (GTK_FILE_CHOOSER (dialog), _("Féerie problems"), xml);
  /* The format follows the extension the name is given. */
  static const char *files[] = { "*.inp", "*.fen", "*.olv", "*.xml", NULL };
  add_filter (GTK_FILE_CHOOSER (dialog), _("Popeye input, FEN, Olive or Féerie XML"), files);
  set_start_folder (self, GTK_FILE_CHOOSER (dialog));
  /* Its own name; an imported Popeye or FEN file's, as Féerie XML. */
  g_autofree char *name = suggested_name (self, ".xml", _("problem.xml"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data_full (G_OBJECT (dialog), "feerie-then", then,
                          (GDestroyNotify) feerie_then_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_save_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_as_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  save_as_then (data, NULL);
}

void
feerie_window_save_then (FeerieWindow *self, FeerieThen *then)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  GFile *file = feerie_document_get_file (self->document);
  if (file)
    save_and_then (self, file, then);
  else
    save_as_then (self, then);
}

static void
save_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  feerie_window_save_then (data, NULL);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, FeerieWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      if (!path)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("Only local files can be written"));
      const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "caption");
      gboolean caption = g_strcmp0 (choice, "false") != 0;
      if (!path || !feerie_window_export_file (self, path, caption, &error))
        report_error (self, _("Cannot export the diagram"), error);
    }
  g_object_unref (dialog);
}

static void
export_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
    _("Export Diagram"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, NULL, NULL);
  static const char *images[] = { "*.png", "*.svg", "*.pdf", "*.tex", NULL };
  add_filter (GTK_FILE_CHOOSER (dialog), _("PNG, SVG, PDF or LaTeX"), images);
  static const char *files[] = { "*.inp", "*.fen", "*.olv", "*.xml", NULL };
  add_filter (GTK_FILE_CHOOSER (dialog), _("Popeye input, FEN, Olive or Féerie XML"), files);
  /* Authors, source, stipulation, conditions and piece count around the
   * board; a boolean choice is a check box. */
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "caption", _("Caption"), NULL, NULL);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "caption", "true");
  set_start_folder (self, GTK_FILE_CHOOSER (dialog));
  g_autofree char *name = suggested_name (self, ".png", _("diagram.png"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- options and imitators ---------------------------------------------------- */

/* The solving options (not conditions: they change what is shown, not the
 * rules), each a gboolean of FeOptions. */
typedef struct {
  const char *name;
  gsize offset;
} Option;

#define OPT(n, f) { n, G_STRUCT_OFFSET (FeOptions, f) }
static const Option options[] = {
  OPT ("set-play", set_play),
  OPT ("tries", tries),
  OPT ("variations", variations),
  OPT ("no-threat", no_threat),
  OPT ("duplex", duplex),
  OPT ("half-duplex", half_duplex),
  OPT ("white-to-play", white_to_play),
  OPT ("stop-on-short", stop_on_short),
};
#undef OPT

static gboolean *
option_field (FeerieWindow *self, const Option *o)
{
  g_assert (FEERIE_IS_WINDOW (self));
  return (gboolean *) ((char *) &self->problem->options + o->offset);
}

static void
option_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const char *name = g_action_get_name (G_ACTION (action));
  gboolean on = g_variant_get_boolean (value);
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].name, name) && *option_field (self, &options[i]) != on)
      {
        feerie_window_begin_edit (self, NULL);
        *option_field (self, &options[i]) = on;
        feerie_window_end_edit (self);
      }
}

/* MaxSolutions: an int option, its action's state and a spin button. */
static void
max_solutions_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  int n = MAX (g_variant_get_int32 (value), 0);
  if (n == self->problem->options.max_solutions)
    return;
  feerie_window_begin_edit (self, "max-solutions");
  self->problem->options.max_solutions = n;
  feerie_window_end_edit (self);
  feerie_window_sync_actions (self);
}

void
feerie_window_on_max_solutions_changed (FeerieWindow *self)
{
  if (self->syncing)
    return;
  g_action_group_change_action_state (
    G_ACTION_GROUP (self), "max-solutions",
    g_variant_new_int32 (gtk_spin_button_get_value_as_int (self->max_solutions_spin)));
}

static const char *colour_names[] = { "white", "black", "neutral" };

static void
imitator_colour_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const char *v = g_variant_get_string (value, NULL);
  for (int i = 0; i < 3; i++)
    if (g_str_equal (v, colour_names[i]))
      self->imitator_colour = i;
  g_simple_action_set_state (action, value);
}

static void
pick_imitators_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  self->picking_imitators = g_variant_get_boolean (value);
  g_simple_action_set_state (action, value);
  feerie_window_show_status (self, self->picking_imitators
                             ? _("Click squares to add or remove imitators.") : NULL);
  feerie_window_sync (self);
}

/* a=>b: the board shows and edits the target B, or the start A. */
static void
show_target_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  self->showing_target = g_variant_get_boolean (value);
  g_simple_action_set_state (action, value);
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  feerie_window_refresh_board (self);
}

/* "Pick imitator squares on the board" and the colour of new imitators. */
static GtkWidget *
imitator_tools (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *pick = gtk_toggle_button_new_with_label (_("Pick imitator squares on the board"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (pick), "win.pick-imitators");
  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (pick))), TRUE);
  gtk_box_append (GTK_BOX (box), pick);
  GtkWidget *label = gtk_label_new (_("New imitators:"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  GtkWidget *flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_widget_set_margin_start (flow, 12);
  const char *labels[] = { N_("standard"), N_("white"), N_("black") };
  const char *targets[] = { "neutral", "white", "black" };
  for (int i = 0; i < 3; i++)
    {
      GtkWidget *radio = gtk_check_button_new_with_label (_(labels[i]));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (radio), "win.imitator-colour");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (radio), "s", targets[i]);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), radio);
      gtk_widget_set_focusable (gtk_widget_get_parent (radio), FALSE);
    }
  gtk_box_append (GTK_BOX (box), flow);
  return box;
}

static void
set_state (FeerieWindow *self, const char *name, GVariant *state)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

void
feerie_window_enable_action (FeerieWindow *self, const char *name, gboolean on)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), on);
}

void
feerie_window_sync_actions (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    set_state (self, options[i].name, g_variant_new_boolean (*option_field (self, &options[i])));
  set_state (self, "max-solutions", g_variant_new_int32 (self->problem->options.max_solutions));
  gboolean was = self->syncing;
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->max_solutions_spin, self->problem->options.max_solutions);
  self->syncing = was;
  feerie_condition_pane_show (self->conditions, &self->problem->conditions,
                              &self->problem->diagram);
  feerie_window_sync_solve_actions (self);
  feerie_window_sync_collection_actions (self);
  feerie_window_enable_action (self, "undo", feerie_document_can_undo (self->document));
  feerie_window_enable_action (self, "redo", feerie_document_can_redo (self->document));

  GMenu *recent = self->recent_menu;
  g_menu_remove_all (recent);
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  int n = 0;
  for (GList *l = items; l && n < 8; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      if (!g_str_has_suffix (gtk_recent_info_get_uri (info), ".xml"))
        continue;
      g_autofree char *action
        = g_strdup_printf ("win.open-recent('%s')", gtk_recent_info_get_uri (info));
      if (strchr (gtk_recent_info_get_uri (info), '\''))
        continue;
      g_menu_append (recent, gtk_recent_info_get_display_name (info), action);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static const GActionEntry entries[] = {
  { "new", new_activated },
  { "close", close_activated },
  { "open", open_activated },
  { "open-recent", open_recent_activated, "s" },
  { "import", import_activated },
  { "save", save_activated },
  { "save-as", save_as_activated },
  { "export", export_activated },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "clear", clear_activated },
  { "shift", shift_activated, "s" },
  { "rotate", rotate_activated },
  { "mirror", mirror_activated },
  { "swap-colours", swap_colours_activated },
  { "imitator-colour", NULL, "s", "'neutral'", imitator_colour_change_state },
  { "pick-imitators", NULL, NULL, "false", pick_imitators_change_state },
  { "show-target", NULL, NULL, "false", show_target_change_state },
  { "max-solutions", NULL, NULL, "0", max_solutions_change_state },
};

static void
install_entries (FeerieWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    {
      GSimpleAction *a
        = g_simple_action_new_stateful (options[i].name, NULL, g_variant_new_boolean (FALSE));
      g_signal_connect (a, "change-state", G_CALLBACK (option_change_state), self);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (a));
      g_object_unref (a);
    }
}

/* Actions live in the window's own action map (GtkApplicationWindow is a
 * GActionMap), so every window has its own undo and condition states. */
void
feerie_window_install_actions (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  install_entries (self);
  feerie_window_install_export_actions (self);
}

/* The condition pane's actions join the window's map: win.NAME for D-Bus,
 * shortcuts and tests, as every other command. */
void
feerie_window_install_condition_actions (FeerieWindow *self)
{
  GActionGroup *group = feerie_condition_pane_get_actions (self->conditions);
  g_auto (GStrv) names = g_action_group_list_actions (group);
  for (int i = 0; names[i]; i++)
    g_action_map_add_action (G_ACTION_MAP (self),
                             g_action_map_lookup_action (G_ACTION_MAP (group), names[i]));
  /* Imitators stand on squares of the diagram (FePosition.imitators):
   * the tools to place them go under the Imitator's picker. */
  feerie_condition_pane_add_extra (self->conditions, "imitator", imitator_tools ());
}
