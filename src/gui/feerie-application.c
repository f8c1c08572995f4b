/* feerie-application.c — application actions, shortcuts, file opening.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "feerie-application.h"
#include "feerie-recovery-dialog.h"
#include "feerie-preferences.h"
#include "feerie-window.h"
#include "feerie-window-private.h"
#include "core/model/walk.h"

struct _FeerieApplication
{
  GtkApplication parent_instance;

  GSettings *settings;         /* NULL when the schema is not installed */
  GtkWindow *preferences;      /* weak: the open Preferences window */
  gboolean recovery_offered;   /* orphaned autosaves: once, at start */
};

G_DEFINE_FINAL_TYPE (FeerieApplication, feerie_application, GTK_TYPE_APPLICATION)

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  /* Closing each window lets it ask about unsaved changes. */
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (data)));
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  static const char *authors[] = { "Féerie developers", NULL };
  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (data)),
                         "program-name", "Féerie",
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Compose and solve fairy-chess problems"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* One Preferences window for the application, in front of the active
 * composing window. */
static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieApplication *self = data;
  g_assert (FEERIE_IS_APPLICATION (self));
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (!self->preferences)
    {
      self->preferences = GTK_WINDOW (feerie_preferences_new (self->settings));
      g_object_add_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
      gtk_window_set_destroy_with_parent (self->preferences, TRUE);
    }
  if (parent && parent != self->preferences)
    gtk_window_set_transient_for (self->preferences, parent);
  gtk_window_present (self->preferences);
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
};

/* Autosaves left by a Féerie that did not close (issue 12), offered over
 * the first window. */
static void
offer_recovery (FeerieApplication *self, FeerieWindow *window)
{
  g_assert (FEERIE_IS_APPLICATION (self));
  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  feerie_recovery_dialog_offer (GTK_WINDOW (window));
}

static void
feerie_application_activate (GApplication *app)
{
  FeerieWindow *window = feerie_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  offer_recovery (FEERIE_APPLICATION (app), window);
}

static void
feerie_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      FeerieWindow *window = feerie_window_new (GTK_APPLICATION (app));
      g_autoptr (GError) error = NULL;
      gboolean opened = feerie_window_open_file (window, files[i], &error);
      gtk_window_present (GTK_WINDOW (window));
      if (!opened)
        {
          /* In the window, not only on a terminal the user may not see. */
          g_printerr ("feerie: %s\n", error->message);
          feerie_window_show_error (window, _("Cannot open the problem"), error);
        }
      if (i == 0)
        offer_recovery (FEERIE_APPLICATION (app), window);
    }
}

static void
feerie_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (feerie_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries),
                                   app);
  FeerieApplication *self = FEERIE_APPLICATION (app);
  self->settings = feerie_settings_new ();
  /* Féerie's own styles (GtkApplication loads no style.css by itself). */
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/feerie/Feerie/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  GAction *preferences = g_action_map_lookup_action (G_ACTION_MAP (app), "preferences");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (preferences), self->settings != NULL);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.import", { "<Control>i", NULL } },
    { "win.paste", { "<Control><Shift>v", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.clear", { "<Control>Delete", NULL } },
    { "win.shift('up')", { "<Alt>Up", NULL } },
    { "win.shift('down')", { "<Alt>Down", NULL } },
    { "win.shift('left')", { "<Alt>Left", NULL } },
    { "win.shift('right')", { "<Alt>Right", NULL } },
    /* Ctrl+R solves (as in other solvers' front ends); rotate moved to Ctrl+Shift+R. */
    { "win.rotate", { "<Control><Shift>r", NULL } },
    { "win.solve", { "F5", "<Control>r", NULL } },
    { "win.escape", { "Escape", NULL } },
    { "win.close", { "<Control>w", NULL } },
    { "win.mirror", { "<Control>m", NULL } },
    { "win.swap-colours", { "<Control>k", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    /* The collection (issue 23): Page Up / Down with Alt step through it,
     * with Shift too they move the problem. */
    { "win.collection-show", { "F9", NULL } },
    { "win.collection-previous", { "<Alt>Page_Up", NULL } },
    { "win.collection-next", { "<Alt>Page_Down", NULL } },
    { "win.collection-move-up", { "<Alt><Shift>Page_Up", NULL } },
    { "win.collection-move-down", { "<Alt><Shift>Page_Down", NULL } },
    { "win.collection-add", { "<Control><Alt>n", NULL } },
    { "win.new-window", { "<Control><Shift>n", NULL } },
    { "win.collection-duplicate", { "<Control><Shift>d", NULL } },
    { "win.collection-remove", { "<Control><Shift>Delete", NULL } },
    { "win.collection-check", { "<Shift>F5", NULL } },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}

static void
feerie_application_dispose (GObject *object)
{
  FeerieApplication *self = FEERIE_APPLICATION (object);
  if (self->preferences)
    gtk_window_destroy (self->preferences);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (feerie_application_parent_class)->dispose (object);
}

static void
feerie_application_class_init (FeerieApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  G_OBJECT_CLASS (klass)->dispose = feerie_application_dispose;
  app_class->activate = feerie_application_activate;
  app_class->open = feerie_application_open;
  app_class->startup = feerie_application_startup;
}

static void
feerie_application_init (FeerieApplication *self)
{
}

FeerieApplication *
feerie_application_new (void)
{
  return g_object_new (FEERIE_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/feerie/Feerie",
                       NULL);
}

/* Is this program the one built in the build folder (not installed)? */
static gboolean
run_from_build_folder (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  return exe && g_str_has_prefix (exe, BUILD_ROOT G_DIR_SEPARATOR_S);
}

/* FEERIE_LOCALEDIR, else the build folder's catalogues when this program
 * is the one built there, else the installed ones. */
static char *
locale_dir (void)
{
  const char *env = g_getenv ("FEERIE_LOCALEDIR");
  if (env && *env)
    return g_strdup (env);
  return g_strdup (run_from_build_folder () ? BUILD_LOCALEDIR : LOCALEDIR);
}

GSettings *
feerie_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema
    = source ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE) : NULL;
  if (!schema && run_from_build_folder ())
    {
      /* Not installed: the schema compiled in the build folder, so that
       * the README's command gives a complete application. */
      g_autoptr (GSettingsSchemaSource) built = g_settings_schema_source_new_from_directory (
        BUILD_ROOT G_DIR_SEPARATOR_S "data", source, FALSE, NULL);
      schema = built ? g_settings_schema_source_lookup (built, APPLICATION_ID, FALSE) : NULL;
    }
  return schema ? g_settings_new_full (schema, NULL, NULL) : NULL;
}

void
feerie_application_init_process (void)
{
  setlocale (LC_ALL, "");
  g_autofree char *localedir = locale_dir ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name ("Féerie");
  fe_walks_init ();
}
