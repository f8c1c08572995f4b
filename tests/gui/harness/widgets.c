/* widgets.c — a script's hands on the window's widgets, through their
 * template children and instance structures (private headers): palette
 * tiles chosen as a click chooses them, metadata typed, Preferences set,
 * the recovery window's rows read and their buttons clicked.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "harness.h"
#include "feerie-autosave.h"
#include "feerie-recovery-dialog-private.h"
#include "feerie-palette-private.h"
#include "feerie-preferences.h"
#include "core/model/walk.h"

static int
tile_index (int walk)
{
  return feerie_palette_tile_index (walk);
}

int
harness_tile_walk (const char *code)
{
  if (g_ascii_strcasecmp (code, "i") == 0)
    return IMITATOR_TILE;
  if (g_ascii_strcasecmp (code, "im") == 0)
    return MONOCHROME_IMITATOR_TILE;
  int walk = fe_walk_from_code (code);
  return walk == FE_WALK_NONE ? HARNESS_NO_TILE : walk;
}

void
harness_palette_select (FeeriePalette *self, FeColour colour, uint8_t attrs, int walk)
{
  gtk_toggle_button_set_active (colour == FE_WHITE ? self->white
                                : colour == FE_BLACK ? self->black : self->neutral, TRUE);
  feerie_palette_set_attributes (self, attrs);
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->grid, tile_index (walk));
  /* As a click does: the flow box selects while the palette is choosing. */
  self->choosing = TRUE;
  if (child)
    {
      gtk_flow_box_select_child (self->grid, child);
      self->cursor = tile_index (walk);
    }
  self->choosing = FALSE;
}

GtkWidget *
harness_palette_tile (FeeriePalette *self, int walk)
{
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->grid, tile_index (walk));
  return child ? gtk_flow_box_child_get_child (child) : NULL;
}

int
harness_palette_focused_walk (FeeriePalette *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  for (GtkWidget *w = root ? gtk_root_get_focus (root) : NULL; w && w != GTK_WIDGET (self);
       w = gtk_widget_get_parent (w))
    if (GTK_IS_FLOW_BOX_CHILD (w) && gtk_widget_get_parent (w) == GTK_WIDGET (self->grid))
      return GPOINTER_TO_INT (g_object_get_data (
        G_OBJECT (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (w))), "walk"));
  return HARNESS_NO_TILE;
}

gboolean
harness_metadata_type (FeerieMetadataPane *pane, const char *field, const char *text)
{
  /* The fields are the template's children named as the fields. */
  GObject *w = gtk_widget_get_template_child (GTK_WIDGET (pane), FEERIE_TYPE_METADATA_PANE, field);
  if (GTK_IS_TEXT_VIEW (w))
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (w)), text, -1);
  else if (GTK_IS_EDITABLE (w))
    gtk_editable_set_text (GTK_EDITABLE (w), text);
  else
    return FALSE;
  return TRUE;
}

GtkWidget *
harness_preferences (GError **error)
{
  GListModel *tops = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (tops, i);
      if (FEERIE_IS_PREFERENCES (w) && gtk_widget_get_visible (w))
        return w;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "the Preferences window is not open");
  return NULL;
}

gboolean
harness_preferences_font (GtkWidget *prefs, const char *family)
{
  GtkDropDown *fonts = GTK_DROP_DOWN (gtk_widget_get_template_child (prefs, FEERIE_TYPE_PREFERENCES,
                                                                     "font_dropdown"));
  GListModel *model = gtk_drop_down_get_model (fonts);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);
      if (g_str_equal (gtk_string_object_get_string (item), family))
        {
          gtk_drop_down_set_selected (fonts, i);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
harness_preferences_colour (GtkWidget *prefs, const char *which, const char *colour)
{
  GdkRGBA rgba;
  if (!gdk_rgba_parse (&rgba, colour))
    return FALSE;
  GObject *button = gtk_widget_get_template_child (
    prefs, FEERIE_TYPE_PREFERENCES, g_str_equal (which, "dark") ? "dark_button" : "light_button");
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  return TRUE;
}

/* ---- the recovery window ------------------------------------------------------ */

/* The first widget under `w` (itself included) that `match` accepts,
 * depth first. */
static GtkWidget *
find_first (GtkWidget *w, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data)
{
  if (match (w, data))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_first (c, match, data);
      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *w, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (w, GPOINTER_TO_SIZE (type));
}

GtkWidget *
harness_find_widget (GtkWidget *w, GType type)
{
  return find_first (w, is_of_type, GSIZE_TO_POINTER (type));
}

static gboolean
is_named (GtkWidget *w, gconstpointer name)
{
  return gtk_widget_get_visible (w)
         && (g_strcmp0 (gtk_widget_get_name (w), name) == 0
             || (GTK_IS_ACTIONABLE (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), name) == 0));
}

GtkWidget *
harness_find_named (GtkWidget *w, const char *name)
{
  return find_first (w, is_named, name);
}

char *
harness_recovery_describe (GtkWindow *window)
{
  FeerieRecoveryDialog *recovery = FEERIE_RECOVERY_DIALOG (window);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < recovery->autosaves->len; i++)
    {
      const FeerieAutosave *a = recovery->autosaves->pdata[i];
      g_autofree char *name = g_path_get_basename (a->path);
      g_autofree char *when = g_date_time_format (a->time, "%Y-%m-%dT%H:%M:%S");
      g_autofree char *caption = a->problem ? fe_render_caption (a->problem) : g_strdup (a->error);
      g_strdelimit (caption, "\n", ' ');
      g_string_append_printf (out, "autosave %s %s %s\n", name, when, caption);
    }
  return g_string_free (out, FALSE);
}

GtkWindow *
harness_recovery_choose (GtkWindow *recovery, guint index, gboolean recover, GError **error)
{
  GtkListBoxRow *row
    = gtk_list_box_get_row_at_index (FEERIE_RECOVERY_DIALOG (recovery)->rows, (int) index);
  GtkWidget *box = row ? gtk_list_box_row_get_child (row) : NULL;
  if (!box)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no autosave row %u", index + 1);
      return NULL;
    }
  GtkWidget *button = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && !!g_object_get_data (G_OBJECT (c), "recover") == !!recover)
      button = c;
  GtkApplication *app = gtk_window_get_application (recovery);
  GtkWindow *parent = gtk_window_get_transient_for (recovery);
  g_autoptr (GList) before = g_list_copy (gtk_application_get_windows (app));
  gboolean was_pristine
    = parent && FEERIE_IS_WINDOW (parent) && feerie_window_is_pristine (FEERIE_WINDOW (parent));
  if (!button || !gtk_widget_get_sensitive (button))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "row %u cannot be %s", index + 1,
                   recover ? "recovered" : "discarded");
      return NULL;
    }
  /* "clicked" at once (gtk_widget_activate clicks after a moment). */
  g_signal_emit_by_name (button, "clicked");
  if (!recover)
    return NULL;
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data) && !g_list_find (before, l->data))
      return l->data;
  if (was_pristine && !feerie_window_is_pristine (FEERIE_WINDOW (parent)))
    return parent;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "row %u was not recovered", index + 1);
  return NULL;
}
