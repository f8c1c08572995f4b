/* feerie-window-collection.c — the window's collection: the list beside the
 * board (FeerieCollectionView), its commands as win.collection-* actions,
 * problems moved between two windows, and the soundness check of every
 * problem in the background (FeerieCollectionCheck).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every change of the collection is a step of the document's history
 * (feerie-document.c), so Undo takes back a reorder, a removal or a move
 * as it takes back a piece placed.  A problem moved to another window is
 * a removal here and an insertion there, each undone in its own window.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-window-private.h"

/* Seconds per problem when the preferences set no solving time limit:
 * as `feerie-cli check`, one problem cannot hold the whole check. */
#define CHECK_DEFAULT_MAX_TIME 60

static FeerieCollection *
collection (FeerieWindow *self)
{
  return feerie_document_get_collection (self->document);
}

static guint
current (FeerieWindow *self)
{
  return feerie_document_get_current (self->document);
}

static guint
n_problems (FeerieWindow *self)
{
  return feerie_document_get_n_problems (self->document);
}

static void
set_state (FeerieWindow *self, const char *name, GVariant *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

static void
enable (FeerieWindow *self, const char *name, gboolean on)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), on);
}

/* The list's narrowest width beside the palette (the paned's position
 * asks for 280 where there is room). */
#define LIST_WIDTH 250

/* In a window too narrow for the list beside the palette, the board and
 * the pages (an 800×600 screen), the list takes the palette's place
 * while it shows: the board keeps its size, and hiding the list (F9)
 * brings the palette back. */
static void
fit_list (FeerieWindow *self)
{
  g_assert (FEERIE_IS_WINDOW (self));
  GtkWidget *editor = gtk_paned_get_end_child (
    GTK_PANED (gtk_widget_get_parent (GTK_WIDGET (self->collection_view))));
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height;
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  int editor_min, palette_min;
  gtk_widget_measure (editor, GTK_ORIENTATION_HORIZONTAL, -1, &editor_min, NULL, NULL, NULL);
  gtk_widget_measure (self->palette_column, GTK_ORIENTATION_HORIZONTAL, -1, &palette_min, NULL,
                      NULL, NULL);
  if (!gtk_widget_get_visible (self->palette_column))
    editor_min += palette_min;
  gboolean narrow = gtk_widget_get_visible (GTK_WIDGET (self->collection_view))
                    && width > 0 && width < editor_min + LIST_WIDTH;
  if (narrow == !gtk_widget_get_visible (self->palette_column))
    return;
  gtk_widget_set_visible (self->palette_column, !narrow);
  /* Narrow, the list is as wide as the palette was (the rest keeps its
   * room); wide again, as wide as it was before. */
  GtkPaned *paned = GTK_PANED (gtk_widget_get_parent (GTK_WIDGET (self->collection_view)));
  int *wide = g_object_get_data (G_OBJECT (paned), "feerie-wide-position");
  if (!wide)
    {
      wide = g_new (int, 1);
      g_object_set_data_full (G_OBJECT (paned), "feerie-wide-position", wide, g_free);
    }
  if (narrow)
    {
      /* The room the palette leaves (before the window is drawn, its
       * minimum), never less than the list needs. */
      int freed = MAX (gtk_widget_get_width (self->palette_column), palette_min);
      int list_min;
      gtk_widget_measure (GTK_WIDGET (self->collection_view), GTK_ORIENTATION_HORIZONTAL, -1,
                          &list_min, NULL, NULL, NULL);
      *wide = gtk_paned_get_position (paned);
      gtk_paned_set_position (paned, MAX (freed + gtk_box_get_spacing (GTK_BOX (editor)), list_min));
    }
  else
    gtk_paned_set_position (paned, *wide);
}

/* Shows or hides the list (win.collection-show's state follows). */
static void
show_list (FeerieWindow *self, gboolean show)
{
  gtk_widget_set_visible (GTK_WIDGET (self->collection_view), show);
  set_state (self, "collection-show", g_variant_new_boolean (show));
  fit_list (self);
}

void
feerie_window_show_other_problem (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  self->selected = self->last_from = self->last_to = FE_NO_SQUARE;
  /* Its solution was another problem's. */
  feerie_window_solution_forget (self);
  feerie_window_show_status (self, NULL);
  feerie_window_sync (self);
  feerie_collection_view_show_problem (self->collection_view, current (self));
}

/* A collection edit was made: the problem it concerns is shown. */
static void
after_collection_edit (FeerieWindow *self)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_window_show_other_problem (self);
  if (n_problems (self) > 1 && !gtk_widget_get_visible (GTK_WIDGET (self->collection_view)))
    show_list (self, TRUE);
}

/* The list selects the problem shown, wherever it came from. */
static void
on_current_changed (FeerieWindow *self)
{
  feerie_collection_view_show_problem (self->collection_view, current (self));
  feerie_window_sync_collection_actions (self);
}

void
feerie_window_sync_collection_actions (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  guint n = n_problems (self), at = current (self);
  gboolean checking = self->check && feerie_collection_check_is_running (self->check);
  enable (self, "collection-remove", n > 1);
  enable (self, "collection-move-up", at > 0);
  enable (self, "collection-move-down", at + 1 < n);
  enable (self, "collection-previous", at > 0);
  enable (self, "collection-next", at + 1 < n);
  enable (self, "collection-check", !checking);
  enable (self, "collection-stop-check", checking);
}

/* ---- the check ------------------------------------------------------------ */

/* "✓ 12, cooked 1, unsolved 2": the marks of the results so far. */
static char *
check_counts (FeerieCollectionCheck *check)
{
  GString *s = g_string_new (NULL);
  for (int v = 0; v < FE_N_VERDICTS; v++)
    {
      guint n = feerie_collection_check_count (check, v);
      if (n)
        g_string_append_printf (s, "%s%s %u", s->len ? ", " : "",
                                feerie_collection_view_mark (FEERIE_CHECK_DONE, v), n);
    }
  return g_string_free (s, FALSE);
}

static void
show_check_status (FeerieWindow *self, gboolean stopped)
{
  g_assert (FEERIE_IS_WINDOW (self));
  FeerieCollectionCheck *check = self->check;
  g_autofree char *counts = check_counts (check);
  guint done = feerie_collection_check_get_done (check), total = feerie_collection_check_get_total (check);
  g_autofree char *text
    = feerie_collection_check_is_running (check)
        /* Translators: the collection's check running: "12 of 40 checked: ✓ 11, cooked 1". */
        ? g_strdup_printf (_("%u of %u checked: %s"), done, total, counts)
    : stopped
        ? g_strdup_printf (_("Check stopped after %u of %u: %s"), done, total, counts)
        : g_strdup_printf (_("All %u checked: %s"), total, counts);
  feerie_collection_view_set_status (self->collection_view, text);
}

static void
on_check_progress (FeerieWindow *self)
{
  show_check_status (self, FALSE);
}

static void
on_check_finished (FeerieWindow *self, gboolean stopped)
{
  show_check_status (self, stopped);
  feerie_window_sync_collection_actions (self);
}

static void
drop_check (FeerieWindow *self)
{
  if (!self->check)
    return;
  g_signal_handlers_disconnect_by_data (self->check, self);
  feerie_collection_check_stop (self->check);
  g_clear_object (&self->check);
}

static void
check_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (self->check && feerie_collection_check_is_running (self->check))
    return;
  drop_check (self);
  int max_time = self->settings ? g_settings_get_int (self->settings, "solve-max-seconds") : 0;
  int threads = self->settings ? g_settings_get_int (self->settings, "solve-threads") : 0;
  self->check = feerie_collection_check_new (G_LIST_MODEL (collection (self)),
                                             max_time > 0 ? max_time : CHECK_DEFAULT_MAX_TIME,
                                             threads);
  g_signal_connect_object (self->check, "progress", G_CALLBACK (on_check_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->check, "finished", G_CALLBACK (on_check_finished), self,
                           G_CONNECT_SWAPPED);
  show_list (self, TRUE);
  show_check_status (self, FALSE);
  feerie_window_sync_collection_actions (self);
}

static void
stop_check_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (self->check)
    feerie_collection_check_stop (self->check); /* "finished" says where it stopped */
}

/* ---- commands ------------------------------------------------------------- */

static void
select_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  feerie_window_on_collection_problem_selected (data, g_variant_get_uint32 (p));
}

static void
step_activated (FeerieWindow *self, int delta)
{
  g_assert (FEERIE_IS_WINDOW (self));
  int to = (int) current (self) + delta;
  if (to >= 0 && to < (int) n_problems (self))
    feerie_window_on_collection_problem_selected (self, (guint) to);
}

static void
next_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  step_activated (data, 1);
}

static void
previous_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  step_activated (data, -1);
}

/* `problem` (owned) goes into the collection after the one shown. */
static void
insert_after_current (FeerieWindow *self, FeProblem *problem)
{
  g_assert (FEERIE_IS_WINDOW (self));
  feerie_document_insert (self->document, current (self) + 1, problem);
  after_collection_edit (self);
}

static void
add_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  insert_after_current (data, fe_problem_new ());
}

static void
duplicate_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  insert_after_current (self, fe_problem_copy (self->problem));
}

static void
remove_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (feerie_document_remove (self->document, current (self)))
    after_collection_edit (self);
}

static void
move_to (FeerieWindow *self, guint from, guint to)
{
  g_assert (FEERIE_IS_WINDOW (self));
  if (from == to || from >= n_problems (self) || to >= n_problems (self))
    return;
  feerie_document_move (self->document, from, to);
  after_collection_edit (self);
}

static void
move_up_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  if (current (self) > 0)
    move_to (self, current (self), current (self) - 1);
}

static void
move_down_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  move_to (self, current (self), current (self) + 1);
}

static void
move_to_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  move_to (self, current (self), MIN (g_variant_get_uint32 (p), n_problems (self) - 1));
}

/* ---- between windows -------------------------------------------------------- */

/* The problem at `index` leaves this window: removed, or, when it is the
 * only one, replaced by an empty problem (a document always holds one);
 * either way one undo step here. */
static void
give_away (FeerieWindow *self, guint index)
{
  g_assert (FEERIE_IS_WINDOW (self));
  if (n_problems (self) > 1)
    feerie_document_remove (self->document, index);
  else
    {
      feerie_document_begin_edit (self->document, NULL);
      feerie_document_replace_problem (self->document, fe_problem_new ());
      feerie_document_end_edit (self->document);
    }
  after_collection_edit (self);
}

/* Moves the problem at `from` of `source` into `target` at `to`. */
static void
transfer (FeerieWindow *source, guint from, FeerieWindow *target, guint to)
{
  g_assert (FEERIE_IS_WINDOW (source) && FEERIE_IS_WINDOW (target) && source != target);
  FeProblem *copy = fe_problem_copy (feerie_collection_get_problem (collection (source), from));
  feerie_document_insert (target->document, MIN (to, n_problems (target)), copy);
  after_collection_edit (target);
  give_away (source, from);
  g_autofree char *name = feerie_document_dup_display_name (target->document);
  g_autofree char *msg = g_strdup_printf (_("The problem went to the window of %s."),
                                          name ? name : _("Untitled problem"));
  feerie_window_show_status (source, msg);
}

/* The window numbered `id` (the D-Bus path's number), or with 0 the other
 * Féerie window used last; NULL when there is none. */
static FeerieWindow *
other_window (FeerieWindow *self, guint id)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data) && l->data != self
        && (id == 0 || gtk_application_window_get_id (l->data) == id))
      return l->data;
  return NULL;
}

/* An empty window beside this one: New adds to an open collection. */
static void
new_window_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (data));
  gtk_window_present (GTK_WINDOW (feerie_window_new (app)));
}

static void
send_activated (GSimpleAction *a, GVariant *p, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  FeerieWindow *target = other_window (self, g_variant_get_uint32 (p));
  if (!target)
    {
      feerie_window_show_status (self, _("No other window to move the problem to: open one "
                                         "(New, or Open) first."));
      return;
    }
  transfer (self, current (self), target, feerie_document_get_current (target->document) + 1);
}

void
feerie_window_on_collection_item_dropped (FeerieWindow *self, FeerieProblemItem *item,
                                          guint index)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  int own = feerie_collection_index_of (collection (self), item);
  if (own >= 0)
    {
      move_to (self, (guint) own, index);
      return;
    }
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data) && l->data != self)
      {
        int from = feerie_collection_index_of (collection (l->data), item);
        if (from >= 0)
          {
            transfer (l->data, (guint) from, self, index);
            return;
          }
      }
}

/* ---- list ------------------------------------------------------------------- */

void
feerie_window_on_collection_problem_selected (FeerieWindow *self, guint index)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  if (index >= n_problems (self) || index == current (self))
    return;
  feerie_document_select (self->document, index);
  feerie_window_show_other_problem (self);
}

static void
show_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  show_list (data, g_variant_get_boolean (value));
}

static void
filter_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_simple_action_set_state (action, value);
  g_autoptr (GVariant) field = g_action_group_get_action_state (G_ACTION_GROUP (self),
                                                                "collection-filter-field");
  feerie_collection_view_set_filter (self->collection_view, g_variant_get_string (field, NULL),
                                     g_variant_get_string (value, NULL));
  feerie_collection_view_show_problem (self->collection_view, current (self));
}

static void
filter_field_change_state (GSimpleAction *action, GVariant *value, gpointer data)
{
  FeerieWindow *self = data;
  g_simple_action_set_state (action, value);
  feerie_collection_view_set_filter (self->collection_view, g_variant_get_string (value, NULL),
                                     feerie_collection_view_get_filter_text (self->collection_view));
  feerie_collection_view_show_problem (self->collection_view, current (self));
}

void
feerie_window_on_collection_filter_changed (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  set_state (self, "collection-filter",
             g_variant_new_string (feerie_collection_view_get_filter_text (self->collection_view)));
  feerie_collection_view_show_problem (self->collection_view, current (self));
}

char *
feerie_window_collection_reopen_error (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), NULL);
  for (guint i = 0; i < n_problems (self); i++)
    {
      g_autoptr (GError) error = NULL;
      if (i != current (self)
          && !fe_problem_validate (feerie_collection_get_problem (collection (self), i), NULL, &error))
        /* Translators: a collection's problem that would not reopen. */
        return g_strdup_printf (_("problem %u: %s"), i + 1, error->message);
    }
  return NULL;
}

void
feerie_window_collection_reset (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  drop_check (self);
  feerie_collection_view_set_status (self->collection_view, NULL);
  show_list (self, n_problems (self) > 1);
  on_current_changed (self);
}

static void
apply_style (FeerieWindow *self)
{
  feerie_collection_view_set_style (self->collection_view, feerie_board_view_get_style (self->board));
}

void
feerie_window_connect_collection (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  feerie_collection_view_set_collection (self->collection_view, collection (self));
  g_signal_connect_object (self->document, "notify::current", G_CALLBACK (on_current_changed), self,
                           G_CONNECT_SWAPPED);
  /* The small diagrams in the board's colours and font. */
  apply_style (self);
  /* The window's size, as the user or the window manager set it. */
  g_signal_connect_object (self, "notify::default-width", G_CALLBACK (fit_list), self,
                           G_CONNECT_SWAPPED);
  if (self->settings)
    g_signal_connect_object (self->settings, "changed", G_CALLBACK (apply_style), self,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

void
feerie_window_collection_dispose (FeerieWindow *self)
{
  drop_check (self);
}

static const GActionEntry collection_entries[] = {
  { "collection-select", select_activated, "u" },
  { "collection-next", next_activated },
  { "collection-previous", previous_activated },
  { "collection-add", add_activated },
  { "collection-duplicate", duplicate_activated },
  { "collection-remove", remove_activated },
  { "collection-move-up", move_up_activated },
  { "collection-move-down", move_down_activated },
  { "collection-move-to", move_to_activated, "u" },
  { "collection-send", send_activated, "u" },
  { "new-window", new_window_activated },
  { "collection-check", check_activated },
  { "collection-stop-check", stop_check_activated },
  { "collection-show", NULL, NULL, "false", show_change_state },
  { "collection-filter", NULL, "s", "''", filter_change_state },
  { "collection-filter-field", NULL, "s", "'all'", filter_field_change_state },
};

void
feerie_window_install_collection_actions (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), collection_entries,
                                   G_N_ELEMENTS (collection_entries), self);
}
