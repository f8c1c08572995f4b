/* script.c — feerie-test's interpreter: FEERIE_TEST_SCRIPT runs commands
 * through the same code paths as the user's gestures.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One command a line, run 150 ms apart so the window draws in between:
 *   palette-drop COLOUR KIND WALK SQ   (w|b|n, plain|magic|magician, code)
 *   drag FROM TO | drag-copy FROM TO | drag-off SQ | click SQ
 *   pieces TEXT | stipulation TEXT | state ACTION VALUE | action ACTION [PARAM]
 *   meta FIELD TEXT   (typed into a metadata field: title, authors, source…)
 *   save PATH | open PATH | dump PATH | touch PATH | wait MS | quit
 *   wait-file PATH   (until another process creates PATH; fails after 60 s)
 *   locate SQ PATH   (window coordinates of the square's centre, for xdotool)
 *   locate-tile CODE PATH (the same for a palette tile; I = the standard
 *                   imitator, IM = the White or Black tab's monochrome one)
 *   palette-mode COLOUR KIND   (the palette's toggles, nothing selected)
 *   setting KEY VALUE | style PATH | export PATH | print PDF | app-action ACTION
 *   paste-file PATH    (its text pasted as Ctrl+V pastes FEN or Popeye input)
 *   prefs-font FAMILY | prefs-colour light|dark #RRGGBB   (in Preferences)
 *   delay MS   (between commands from now on)
 *   check-ids  (fails unless every piece has its own non-zero id)
 *   messages PATH   (the status line, the caption, the stipulation field,
 *                    the twins' error and the message dialogs)
 *   twins TEXT   (typed into the Twins box; "\n" separates lines)
 *   twin-pick OP [a=SQ] [b=SQ] [piece='white [magic] S'] [walks='r q'] [value=V]
 *             [imitators=SQS] [cont] [refused] [no-add]
 *                (the Twins page's pickers set so, then its Add button; a
 *                condition's V is the condition pane's settings, such as
 *                'madrasi einstein=reverse'; "refused": the pickers must
 *                refuse it; "no-add": not clicked)
 *   locate-twin-button add|N PATH (the Add button, row N's remove button)
 *   locate-widget NAME PATH (a widget by its name or its action, such as
 *                   the palette's toggle "magic" or "condition.magic")
 *   twin-remove N   (the remove button of the Twins page's row N, from 1)
 *   twins-show PATH (the Twins page's rows, errors, preview boards, text)
 *   twin-lines-read PATH (how many twin lines the Twins page has read so far)
 *   bus-info PATH   (D-Bus unique name and the window's object path)
 *   solve-log PATH  (each solve appends "started" / "finished …" with the
 *                    main loop's longest pause and Stop's latency)
 *   wait-solve      (until the solve running ends; fails after 60 s)
 *   wait-check      (until the collection's check ends; fails after 60 s)
 *   collection PATH, collection-drop, locate-row, bench-*: collection.c
 *   show PATH       (the board displayed, playback step, solve state, summary)
 *   select TEXT     (plays back the first move whose text starts so)
 *   pane PATH       (the Solution pane: its messages, then its rows shown)
 *   grab-focus stipulation|pieces|board (the keyboard focus there)
 *   chooser PATH    (the file chooser on screen: its folder and name, its
 *                    filter and the files of the folder it shows)
 *   chooser-cancel  (its Cancel)
 *   clipboard PATH  (the clipboard's formats and text, written once read)
 *   shortcuts-size PATH (the shortcuts window's natural and shown size)
 *   preferences-size PATH (the same for the Preferences window)
 *   tile-info CODE PATH (whether a palette tile shows, and its tooltip)
 *   page N          (shows page N of the side notebook; 3 = Solution)
 *   idle-gap MS PATH (the main loop's longest pause over MS ms with no
 *                    solve: the machine's own noise, for comparison)
 *   window-new      (opens another window, numbered 2, 3 …, and acts on it)
 *   window N        (commands act on window N from now on; 1 = the first)
 *   window-close N [save|discard|cancel] (closes window N as its close
 *                   button does, answering the question if one is asked)
 *   answer save|discard|cancel (the question asked over the window)
 *   recovery PATH   (the recovery window's rows, "none" without one)
 *   recovery-choose N recover|discard  (row N from 1; a recovered problem's
 *                    window is numbered next and acted on)
 *   autosave-path PATH (this window's autosave file, "none" before one)
 *   window-size W H (the window's size, as a window manager would set it)
 *   wait-size W H   (until the window is W × H at most and drawn so; fails
 *                    after 60 s)
 *   wait-line dump|messages TEXT (until what that command writes has the
 *                    line TEXT, or a line starting so when TEXT ends with
 *                    "*"; fails after 60 s)
 *   layout PATH     (the window's minimum and current size, the board's size)
 *   palette-selection PATH (the palette's chosen tile as a payload, or "none")
 *   focus PATH      (the keyboard focus: "palette-tile CODE" or "other TYPE")
 * A failing command is logged with its line number and ends the app with
 * status 1, so a test can tell a broken hook from a broken check.
 *
 * The commands themselves are in cmds-edit.c (the problem and its files)
 * and cmds-view.c (solving, the display, settings, layout); this file
 * reads the script and runs it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "feerie-recovery-dialog.h"

typedef struct {
  FeerieWindow *window;  /* the window commands act on */
  GApplication *app;
  int n_windows;         /* windows made by window-new, numbered from 2 */
  char **lines;
  int next;
  guint delay;
  char *awaited;   /* wait-file: the path looked for */
  gboolean awaiting_solve;
  gboolean awaiting_check;
  int awaited_width, awaited_height; /* wait-size: 0 when not waiting */
  char *awaited_line;    /* wait-line: the line looked for, */
  gboolean line_in_dump; /* in the dump, else in the messages */
  int polls;
} Script;

static void
script_free (Script *script)
{
  g_strfreev (script->lines);
  g_free (script->awaited);
  g_free (script->awaited_line);
  g_object_unref (script->window);
  g_object_unref (script->app);
  g_free (script);
}

static gboolean script_step (gpointer data);

static FeerieWindow *
numbered_window (Script *script, int number, GError **error)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (script->app)); l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data)
        && GPOINTER_TO_INT (g_object_get_data (l->data, "feerie-test-number")) == number)
      return l->data;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no open window %d", number);
  return NULL;
}

/* window-new, window N, window-close N: TRUE when argv was one of them
 * (*ok then tells whether it worked). */
static gboolean
window_command (Script *script, char **argv, gboolean *ok, GError **error)
{
  *ok = TRUE;
  if (g_str_equal (argv[0], "window-new"))
    {
      FeerieWindow *window = feerie_window_new (GTK_APPLICATION (script->app));
      g_object_set_data (G_OBJECT (window), "feerie-test-number",
                         GINT_TO_POINTER (++script->n_windows));
      gtk_window_present (GTK_WINDOW (window));
      g_set_object (&script->window, window);
      return TRUE;
    }
  if (g_str_equal (argv[0], "recovery") || g_str_equal (argv[0], "recovery-choose"))
    {
      GtkWindow *recovery = NULL;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (script->app)); l; l = l->next)
        if (FEERIE_IS_RECOVERY_DIALOG (l->data))
          recovery = l->data;
      if (!argv[1] || (g_str_equal (argv[0], "recovery-choose") && !argv[2]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s: missing arguments",
                       argv[0]);
          *ok = FALSE;
        }
      else if (g_str_equal (argv[0], "recovery"))
        {
          g_autofree char *text
            = recovery ? harness_recovery_describe (recovery) : g_strdup ("none\n");
          *ok = g_file_set_contents (argv[1], text, -1, error);
        }
      else if (!recovery)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no recovery window");
          *ok = FALSE;
        }
      else
        {
          gboolean recover = g_str_equal (argv[2], "recover");
          GtkWindow *into
            = harness_recovery_choose (recovery, (guint) atoi (argv[1]) - 1, recover, error);
          *ok = !recover || into;
          if (into)
            {
              if (!g_object_get_data (G_OBJECT (into), "feerie-test-number"))
                g_object_set_data (G_OBJECT (into), "feerie-test-number",
                                   GINT_TO_POINTER (++script->n_windows));
              g_set_object (&script->window, FEERIE_WINDOW (into));
            }
        }
      return TRUE;
    }
  if (g_str_equal (argv[0], "autosave-path"))
    {
      const char *path = feerie_document_get_autosave_path (script->window->document);
      g_autofree char *text = g_strdup_printf ("%s\n", path ? path : "none");
      *ok = argv[1] && g_file_set_contents (argv[1], text, -1, error);
      return TRUE;
    }
  if (!g_str_equal (argv[0], "window") && !g_str_equal (argv[0], "window-close"))
    return FALSE;
  FeerieWindow *window = argv[1] ? numbered_window (script, atoi (argv[1]), error) : NULL;
  if (!window)
    {
      if (!argv[1])
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs a number", argv[0]);
      *ok = FALSE;
      return TRUE;
    }
  if (g_str_equal (argv[0], "window"))
    g_set_object (&script->window, window);
  else
    {
      /* window-close N [save|discard|cancel]: the answer to "Save the
       * changes before closing?", when the window asks it. */
      g_autoptr (FeerieWindow) keep = g_object_ref (window);
      gtk_window_close (GTK_WINDOW (window));
      if (argv[2] && gtk_widget_get_visible (GTK_WIDGET (window)))
        *ok = harness_answer (window, argv[2], error);
    }
  return TRUE;
}

/* Whether the window's dump or messages have the awaited line. */
static gboolean
has_awaited_line (Script *script)
{
  g_autofree char *text = script->line_in_dump ? harness_dump_text (script->window)
                                               : harness_messages_text (script->window);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  const char *want = script->awaited_line;
  gsize n = strlen (want);
  gboolean prefix = n > 0 && want[n - 1] == '*';
  for (int i = 0; lines[i]; i++)
    if (prefix ? strncmp (lines[i], want, n - 1) == 0 : strcmp (lines[i], want) == 0)
      return TRUE;
  return FALSE;
}

/* wait-size goes on once the window has been drawn at its new size. */
static void
on_painted (GdkFrameClock *clock, Script *script)
{
  g_signal_handlers_disconnect_by_func (clock, on_painted, script);
  g_idle_add (script_step, script);
}

/* Polls for the file of a wait-file command, 10 times a second. */
static gboolean
script_poll (gpointer data)
{
  Script *script = data;
  GtkWidget *window = GTK_WIDGET (script->window);
  gboolean done = script->awaiting_solve ? script->window->job == NULL
                : script->awaiting_check ? !script->window->check
                                             || !feerie_collection_check_is_running (script->window->check)
                : script->awaited_width ? gtk_widget_get_width (window) <= script->awaited_width
                                            && gtk_widget_get_height (window) <= script->awaited_height
                : script->awaited_line ? has_awaited_line (script)
                : g_file_test (script->awaited, G_FILE_TEST_EXISTS);
  if (done)
    {
      GdkFrameClock *clock = script->awaited_width ? gtk_widget_get_frame_clock (window) : NULL;
      script->awaiting_solve = FALSE;
      script->awaiting_check = FALSE;
      script->awaited_width = script->awaited_height = 0;
      g_clear_pointer (&script->awaited, g_free);
      g_clear_pointer (&script->awaited_line, g_free);
      if (!clock)
        return script_step (script);
      g_signal_connect (clock, "after-paint", G_CALLBACK (on_painted), script);
      gtk_widget_queue_draw (window);
      return G_SOURCE_REMOVE;
    }
  if (++script->polls < 600)
    return G_SOURCE_CONTINUE;
  g_printerr ("feerie: test script: %s did not appear\n", script->awaiting_solve ? "the end of the solve"
                                                           : script->awaiting_check ? "the end of the check"
                                                           : script->awaited_width ? "the window's size"
                                                           : script->awaited_line ? script->awaited_line
                                                           : script->awaited);
  g_object_set_data (G_OBJECT (script->app), "feerie-test-failed", GINT_TO_POINTER (1));
  g_application_quit (script->app);
  script_free (script);
  return G_SOURCE_REMOVE;
}

static gboolean
script_step (gpointer data)
{
  Script *script = data;
  while (script->lines[script->next])
    {
      int line = ++script->next;
      char *text = g_strstrip (script->lines[line - 1]);
      if (!*text || *text == '#')
        continue;
      g_auto (GStrv) argv = NULL;
      g_autoptr (GError) error = NULL;
      gboolean ok = FALSE;
      if (!g_shell_parse_argv (text, NULL, &argv, &error))
        ;
      else if (g_str_equal (argv[0], "wait"))
        {
          g_timeout_add_full (G_PRIORITY_DEFAULT, argv[1] ? atoi (argv[1]) : 500, script_step,
                              script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "delay") && argv[1])
        {
          script->delay = (guint) atoi (argv[1]);
          continue;
        }
      else if (g_str_equal (argv[0], "wait-solve"))
        {
          script->awaiting_solve = TRUE;
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "wait-check"))
        {
          script->awaiting_check = TRUE;
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "wait-size") && argv[1] && argv[2])
        {
          script->awaited_width = MAX (1, atoi (argv[1]));
          script->awaited_height = MAX (1, atoi (argv[2]));
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "wait-line") && argv[1] && argv[2])
        {
          script->line_in_dump = g_str_equal (argv[1], "dump");
          script->awaited_line = g_strdup (argv[2]);
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (g_str_equal (argv[0], "wait-file") && argv[1])
        {
          script->awaited = g_strdup (argv[1]);
          script->polls = 0;
          g_timeout_add_full (G_PRIORITY_DEFAULT, 100, script_poll, script, NULL);
          return G_SOURCE_REMOVE;
        }
      else if (window_command (script, argv, &ok, &error)
                 ? ok
                 : harness_command (script->window, argv, &error))
        {
          g_message ("script line %d: %s", line, text);
          if (g_str_equal (argv[0], "quit"))
            {
              script_free (script);
              return G_SOURCE_REMOVE;
            }
          g_timeout_add_full (G_PRIORITY_DEFAULT, script->delay, script_step, script, NULL);
          return G_SOURCE_REMOVE;
        }
      g_printerr ("feerie: test script line %d (%s): %s\n", line, text,
                  error ? error->message : "failed");
      g_object_set_data (G_OBJECT (script->app), "feerie-test-failed", GINT_TO_POINTER (1));
      g_application_quit (script->app);
      script_free (script);
      return G_SOURCE_REMOVE;
    }
  script_free (script);
  return G_SOURCE_REMOVE;
}

void
harness_run_script (FeerieWindow *self, const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("feerie: %s\n", error->message);
      return;
    }
  Script *script = g_new0 (Script, 1);
  script->window = g_object_ref (self);
  script->app = G_APPLICATION (g_object_ref (gtk_window_get_application (GTK_WINDOW (self))));
  script->n_windows = 1;
  g_object_set_data (G_OBJECT (self), "feerie-test-number", GINT_TO_POINTER (1));
  script->lines = g_strsplit (text, "\n", -1);
  script->delay = 150;
  g_timeout_add_full (G_PRIORITY_DEFAULT, 800, script_step, script, NULL);
}
