/* feerie-preferences.c — the Preferences window: board colours and piece
 * font, bound to GSettings.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain GTK 4.8 (no libadwaita).  The widgets are bound to the keys, and
 * every window listens to the keys, so a change redraws the boards, the
 * palettes and this window's preview at once; exports read the same style.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "feerie-preferences.h"
#include "feerie-board-view.h"
#include "core/model/walk.h"

struct _FeeriePreferences
{
  GtkWindow parent_instance;

  GtkColorButton *light_button;
  GtkColorButton *dark_button;
  GtkDropDown *font_dropdown;
  FeerieBoardView *preview;
  GtkSpinButton *time_spin;
  GtkSpinButton *hash_spin;
  GtkSpinButton *threads_spin;
  GtkSpinButton *lines_spin;
  GtkCheckButton *animate_check;

  GSettings *settings;
  GtkStringList *fonts;
};

G_DEFINE_FINAL_TYPE (FeeriePreferences, feerie_preferences, GTK_TYPE_WINDOW)

/* ---- fonts with chess figures -------------------------------------------- */

static gboolean
has_chess_figures (PangoFontMap *map, PangoContext *context, PangoFontFamily *family)
{
  PangoFontFace *face = pango_font_family_get_face (family, NULL);
  if (!face)
    return FALSE;
  PangoFontDescription *desc = pango_font_face_describe (face);
  PangoFont *font = pango_font_map_load_font (map, context, desc);
  pango_font_description_free (desc);
  if (!font)
    return FALSE;
  /* Every figure is needed: U+2654..U+265F, white and black. */
  gboolean all = TRUE;
  for (gunichar c = 0x2654; c <= 0x265F && all; c++)
    all = pango_font_has_char (font, c);
  g_object_unref (font);
  return all;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

/* The installed families that draw every chess figure, sorted; looked up
 * once: loading every font of a large system takes a while. */
static const char *const *
chess_fonts (void)
{
  static GPtrArray *names;
  if (names)
    return (const char *const *) names->pdata;
  names = g_ptr_array_new ();
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoFontFamily **families = NULL;
  int n = 0;
  pango_font_map_list_families (map, &families, &n);
  for (int i = 0; i < n; i++)
    if (has_chess_figures (map, context, families[i]))
      g_ptr_array_add (names, g_strdup (pango_font_family_get_name (families[i])));
  g_free (families);
  g_object_unref (context);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (const char *const *) names->pdata;
}

static guint
font_index (GtkStringList *list, const char *family)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), family) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/* ---- GSettings mappings ---------------------------------------------------- */

static gboolean
colour_from_setting (GValue *value, GVariant *variant, gpointer data)
{
  GdkRGBA rgba;
  if (!gdk_rgba_parse (&rgba, g_variant_get_string (variant, NULL)))
    return FALSE;
  g_value_set_boxed (value, &rgba);
  return TRUE;
}

static GVariant *
colour_to_setting (const GValue *value, const GVariantType *type, gpointer data)
{
  const GdkRGBA *rgba = g_value_get_boxed (value);
  if (!rgba)
    return NULL;
  g_autofree char *text = g_strdup_printf ("#%02x%02x%02x",
                                           (int) (CLAMP (rgba->red, 0, 1) * 255 + 0.5),
                                           (int) (CLAMP (rgba->green, 0, 1) * 255 + 0.5),
                                           (int) (CLAMP (rgba->blue, 0, 1) * 255 + 0.5));
  return g_variant_new_string (text);
}

static gboolean
font_from_setting (GValue *value, GVariant *variant, gpointer data)
{
  guint i = font_index (GTK_STRING_LIST (data), g_variant_get_string (variant, NULL));
  if (i == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
font_to_setting (const GValue *value, const GVariantType *type, gpointer data)
{
  const char *family
    = gtk_string_list_get_string (GTK_STRING_LIST (data), g_value_get_uint (value));
  return family ? g_variant_new_string (family) : NULL;
}

/* ---- preview ------------------------------------------------------------------ */

static void
update_preview (FeeriePreferences *self)
{
  g_autofree char *light = g_settings_get_string (self->settings, "light-colour");
  g_autofree char *dark = g_settings_get_string (self->settings, "dark-colour");
  g_autofree char *font = g_settings_get_string (self->settings, "piece-font");
  feerie_board_view_set_colours (self->preview, light, dark);
  feerie_board_view_set_font (self->preview, font);
}

/* A few units that show both colours, a neutral, a fairy figure and the
 * magic frame. */
static void
fill_preview (FeeriePreferences *self)
{
  static const struct { const char *sq; FePiece piece; } units[] = {
    { "g1", { FE_WALK_KING, FE_WHITE, 0, 0 } },
    { "d1", { FE_WALK_QUEEN, FE_WHITE, 0, 0 } },
    { "c3", { FE_WALK_KNIGHT, FE_WHITE, 0, 0 } },
    { "f2", { FE_WALK_PAWN, FE_WHITE, 0, 0 } },
    { "e8", { FE_WALK_KING, FE_BLACK, 0, 0 } },
    { "a8", { FE_WALK_ROOK, FE_BLACK, 0, 0 } },
    { "f6", { FE_WALK_BISHOP, FE_BLACK, 0, 0 } },
    { "d7", { FE_WALK_PAWN, FE_BLACK, 0, 0 } },
    { "e4", { FE_WALK_GRASSHOPPER, FE_NEUTRAL, 0, 0 } },
  };
  FePosition pos;
  fe_position_init (&pos);
  for (gsize i = 0; i < G_N_ELEMENTS (units); i++)
    fe_position_put (&pos, fe_square_parse (units[i].sq), units[i].piece);
  /* The rook shows how an attribute's frame looks. */
  FeSquare framed = fe_square_parse ("a8");
  if (fe_attribute_count ())
    pos.board[framed].attrs = fe_attribute_nth (0)->bit;
  fe_position_recompute_hash (&pos);
  feerie_board_view_set_position (self->preview, &pos);
}

static void
on_reset_clicked (FeeriePreferences *self)
{
  g_settings_reset (self->settings, "light-colour");
  g_settings_reset (self->settings, "dark-colour");
  g_settings_reset (self->settings, "piece-font");
  g_settings_reset (self->settings, "solve-max-seconds");
  g_settings_reset (self->settings, "solve-hash-mb");
  g_settings_reset (self->settings, "solve-threads");
  g_settings_reset (self->settings, "solve-max-lines");
  g_settings_reset (self->settings, "animate-moves");
}

/* ---- GObject ---------------------------------------------------------------- */

static void
feerie_preferences_dispose (GObject *object)
{
  FeeriePreferences *self = FEERIE_PREFERENCES (object);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  g_clear_object (&self->fonts);
  G_OBJECT_CLASS (feerie_preferences_parent_class)->dispose (object);
}

static void
feerie_preferences_class_init (FeeriePreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = feerie_preferences_dispose;

  g_type_ensure (FEERIE_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, light_button);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, dark_button);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, font_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, preview);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, time_spin);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, hash_spin);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, threads_spin);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, lines_spin);
  gtk_widget_class_bind_template_child (widget_class, FeeriePreferences, animate_check);
  gtk_widget_class_bind_template_callback (widget_class, on_reset_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
feerie_preferences_init (FeeriePreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  feerie_board_view_set_natural_size (self->preview, 300);
  fill_preview (self);
}

FeeriePreferences *
feerie_preferences_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  FeeriePreferences *self = g_object_new (FEERIE_TYPE_PREFERENCES, NULL);
  self->settings = g_object_ref (settings);

  /* The font in use is offered even when it is not installed (another
   * machine's settings), so the binding always has a row to show. */
  self->fonts = gtk_string_list_new (chess_fonts ());
  g_autofree char *current = g_settings_get_string (settings, "piece-font");
  if (*current && font_index (self->fonts, current) == GTK_INVALID_LIST_POSITION)
    gtk_string_list_append (self->fonts, current);
  gtk_drop_down_set_model (self->font_dropdown, G_LIST_MODEL (self->fonts));

  g_settings_bind_with_mapping (settings, "light-colour", self->light_button, "rgba",
                                G_SETTINGS_BIND_DEFAULT, colour_from_setting, colour_to_setting,
                                NULL, NULL);
  g_settings_bind_with_mapping (settings, "dark-colour", self->dark_button, "rgba",
                                G_SETTINGS_BIND_DEFAULT, colour_from_setting, colour_to_setting,
                                NULL, NULL);
  g_settings_bind_with_mapping (settings, "piece-font", self->font_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, font_from_setting, font_to_setting,
                                g_object_ref (self->fonts), g_object_unref);
  /* The window reads these when a solve starts. */
  g_settings_bind (settings, "solve-max-seconds", self->time_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "solve-hash-mb", self->hash_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "solve-threads", self->threads_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "solve-max-lines", self->lines_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animate-moves", self->animate_check, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (settings, "changed", G_CALLBACK (update_preview), self);
  update_preview (self);
  return self;
}
