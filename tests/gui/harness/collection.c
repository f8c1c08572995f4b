/* collection.c — feerie-test's commands for a collection (issue 23): what
 * the list shows, drops as a drag makes them, the place of a row for
 * xdotool, and the figures of the collection benchmark.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   collection PATH        (the list: "problems N", "current I", "list
 *                          shown|hidden", "filter TEXT", "rows K", the
 *                          first rows' places "row R I", then one line per
 *                          problem "problem I MARK | STIPULATION | AUTHOR |
 *                          SOURCE" (I from 1, "-" for no source); "drawn
 *                          D" small diagrams drawn in all)
 *   collection-drop FROM TO [WINDOW]  (problem FROM of this window, or of
 *                          window WINDOW, dropped onto this list's row of
 *                          problem TO, as a drag does; places from 1)
 *   locate-row I PATH      (the screen point of problem I's row, shown)
 *   bench-open PATH OUT    (opens PATH; OUT gets "open-ms", the reading and
 *                          the list's model, then "first-frame-ms" once drawn)
 *   bench-scroll STEPS OUT [PX] (scrolls the list from top to bottom in
 *                          STEPS frames, or PX pixels a frame as a mouse
 *                          wheel does; OUT gets the frames' times and the
 *                          small diagrams drawn)
 *   bench-filter TEXT OUT  (the filter's time and rows)
 *   bench-save PATH OUT    (the collection saved: its time)
 *   bench-check start|stop OUT (the collection's check started: the time
 *                          to start it; stopped: how many were checked,
 *                          the time Stop takes)
 */
#include "config.h"

#include <stdlib.h>

#include "harness.h"
#include "feerie-collection-view.h"
#include "feerie-thumbnail.h"

static FeerieCollection *
collection_of (FeerieWindow *self)
{
  return feerie_document_get_collection (self->document);
}

static GtkListView *
list_view (FeerieWindow *self)
{
  return GTK_LIST_VIEW (gtk_widget_get_template_child (GTK_WIDGET (self->collection_view),
                                                       FEERIE_TYPE_COLLECTION_VIEW, "list_view"));
}

static char *
describe (FeerieWindow *self)
{
  FeerieCollection *c = collection_of (self);
  FeerieCollectionView *view = self->collection_view;
  GString *s = g_string_new (NULL);
  guint n = feerie_collection_get_n_problems (c);
  g_string_append_printf (s, "problems %u\ncurrent %u\nlist %s\nfilter %s\n", n,
                          feerie_document_get_current (self->document) + 1,
                          gtk_widget_get_visible (GTK_WIDGET (view)) ? "shown" : "hidden",
                          feerie_collection_view_get_filter_text (view));
  guint rows = feerie_collection_view_get_n_shown (view);
  g_string_append_printf (s, "rows %u\n", rows);
  for (guint r = 0; r < MIN (rows, 20); r++)
    g_string_append_printf (s, "row %u %d\n", r + 1, feerie_collection_view_shown_index (view, r) + 1);
  for (guint i = 0; i < n; i++)
    {
      FeerieProblemItem *item = feerie_collection_get_item (c, i);
      const FeProblem *p = feerie_problem_item_get_problem (item);
      g_autofree char *stip = p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                                          : fe_stipulation_to_string (&p->stipulation);
      g_string_append_printf (s, "problem %u %s | %s | %s | %s\n", i + 1,
                              feerie_collection_view_mark (feerie_problem_item_get_check_state (item),
                                                           feerie_problem_item_get_verdict (item)),
                              stip,
                              p->authors->len ? ((FeAuthor *) p->authors->pdata[0])->family : "",
                              p->source_name ? p->source_name : "-");
    }
  g_string_append_printf (s, "drawn %u\n", feerie_thumbnail_count_drawn ());
  return g_string_free (s, FALSE);
}

static FeerieWindow *
window_numbered (FeerieWindow *self, int number)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (FEERIE_IS_WINDOW (l->data)
        && GPOINTER_TO_INT (g_object_get_data (l->data, "feerie-test-number")) == number)
      return l->data;
  return NULL;
}

/* The row widget bound to problem `index` (from 0), NULL when not shown. */
static GtkWidget *
row_widget (FeerieWindow *self, guint index, GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      if (gtk_widget_has_css_class (c, "feerie-collection-row"))
        {
          GtkInscription *number = GTK_INSCRIPTION (gtk_widget_get_first_child (c));
          const char *text = gtk_inscription_get_text (number);
          if (gtk_widget_get_mapped (c) && text && (guint) atoi (text) == index + 1)
            return c;
        }
      GtkWidget *found = row_widget (self, index, c);
      if (found)
        return found;
    }
  return NULL;
}

/* ---- benchmark ------------------------------------------------------------ */

typedef struct {
  FeerieWindow *window;
  char *out;
  GString *text;
  gint64 start;
  int step, steps;
  double pixels;    /* a frame's scroll; 0: the list's length in `steps` */
  double *frames;   /* ms per scroll step */
  guint drawn0;
  guint handler;
} Bench;

static void
bench_free (Bench *b)
{
  g_object_unref (b->window);
  g_free (b->out);
  g_string_free (b->text, TRUE);
  g_free (b->frames);
  g_free (b);
}

static void
bench_write (Bench *b)
{
  g_file_set_contents (b->out, b->text->str, -1, NULL);
  bench_free (b);
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void on_scroll_painted (GdkFrameClock *clock, Bench *b);

static void
scroll_step (Bench *b)
{
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list_view (b->window)));
  double upper = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
  b->start = g_get_monotonic_time ();
  gtk_adjustment_set_value (adj, b->pixels > 0 ? gtk_adjustment_get_value (adj) + b->pixels
                                               : upper * (b->step + 1) / b->steps);
}

static void
on_scroll_painted (GdkFrameClock *clock, Bench *b)
{
  b->frames[b->step] = (g_get_monotonic_time () - b->start) / 1000.0;
  if (++b->step < b->steps)
    {
      scroll_step (b);
      return;
    }
  g_signal_handler_disconnect (clock, b->handler);
  qsort (b->frames, b->steps, sizeof (double), by_value);
  double sum = 0;
  for (int i = 0; i < b->steps; i++)
    sum += b->frames[i];
  g_autofree char *each = b->pixels > 0 ? g_strdup_printf ("%.0f px", b->pixels)
                                        : g_strdup ("the list / steps");
  g_string_append_printf (b->text,
                          "scroll-steps %d of %s\nframe-ms-mean %.1f\nframe-ms-median %.1f\n"
                          "frame-ms-p95 %.1f\nframe-ms-max %.1f\ndiagrams-drawn %u\n",
                          b->steps, each,
                          sum / b->steps, b->frames[b->steps / 2],
                          b->frames[b->steps * 95 / 100], b->frames[b->steps - 1],
                          feerie_thumbnail_count_drawn () - b->drawn0);
  bench_write (b);
}

static void
on_first_paint (GdkFrameClock *clock, Bench *b)
{
  g_signal_handler_disconnect (clock, b->handler);
  g_string_append_printf (b->text, "first-frame-ms %.1f\n",
                          (g_get_monotonic_time () - b->start) / 1000.0);
  bench_write (b);
}

static Bench *
bench_new (FeerieWindow *self, const char *out)
{
  Bench *b = g_new0 (Bench, 1);
  b->window = g_object_ref (self);
  b->out = g_strdup (out);
  b->text = g_string_new (NULL);
  return b;
}

static gboolean
bench_command (FeerieWindow *self, int argc, char **argv, GError **error)
{
  const char *cmd = argv[0];
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (g_str_equal (cmd, "bench-open"))
    {
      Bench *b = bench_new (self, argv[2]);
      b->start = g_get_monotonic_time ();
      g_autoptr (GFile) file = g_file_new_for_path (argv[1]);
      if (!feerie_window_open_file (self, file, error))
        {
          bench_free (b);
          return FALSE;
        }
      g_string_append_printf (b->text, "problems %u\nopen-ms %.1f\n",
                              feerie_document_get_n_problems (self->document),
                              (g_get_monotonic_time () - b->start) / 1000.0);
      b->handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_paint), b);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  if (g_str_equal (cmd, "bench-scroll"))
    {
      Bench *b = bench_new (self, argv[2]);
      b->steps = MAX (2, atoi (argv[1]));
      b->frames = g_new0 (double, b->steps);
      b->pixels = argc > 3 ? g_ascii_strtod (argv[3], NULL) : 0;
      b->drawn0 = feerie_thumbnail_count_drawn ();
      b->handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_scroll_painted), b);
      scroll_step (b);
      return TRUE;
    }
  if (g_str_equal (cmd, "bench-filter"))
    {
      gint64 start = g_get_monotonic_time ();
      g_action_group_change_action_state (G_ACTION_GROUP (self), "collection-filter",
                                          g_variant_new_string (argv[1]));
      g_autofree char *text
        = g_strdup_printf ("filter %s\nfilter-ms %.1f\nfilter-rows %u\n", argv[1],
                           (g_get_monotonic_time () - start) / 1000.0,
                           feerie_collection_view_get_n_shown (self->collection_view));
      return g_file_set_contents (argv[2], text, -1, error);
    }
  gint64 start = g_get_monotonic_time ();
  if (g_str_equal (cmd, "bench-check"))
    {
      gboolean stop = g_str_equal (argv[1], "stop");
      g_action_group_activate_action (G_ACTION_GROUP (self),
                                      stop ? "collection-stop-check" : "collection-check", NULL);
      double ms = (g_get_monotonic_time () - start) / 1000.0;
      g_autofree char *text
        = stop ? g_strdup_printf ("checked %u of %u\ncheck-stop-ms %.1f\n",
                                  feerie_collection_check_get_done (self->check),
                                  feerie_collection_check_get_total (self->check), ms)
               : g_strdup_printf ("check-start-ms %.1f\n", ms);
      return g_file_set_contents (argv[2], text, -1, error);
    }
  /* bench-save */
  g_autoptr (GFile) file = g_file_new_for_path (argv[1]);
  if (!feerie_window_save_to (self, file, error))
    return FALSE;
  g_autofree char *text = g_strdup_printf ("save-ms %.1f\n", (g_get_monotonic_time () - start) / 1000.0);
  return g_file_set_contents (argv[2], text, -1, error);
}

gboolean
harness_collection_command (FeerieWindow *self, char **argv, GError **error)
{
  int argc = g_strv_length (argv);
  const char *cmd = argv[0];
  int need = g_str_equal (cmd, "collection") ? 1
             : g_str_equal (cmd, "collection-drop") || g_str_equal (cmd, "locate-row")
                 || g_str_has_prefix (cmd, "bench-") ? 2
             : -1;
  if (need < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "unknown command “%s”", cmd);
      return FALSE;
    }
  if (argc < need + 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs %d arguments", cmd,
                   need);
      return FALSE;
    }
  if (g_str_equal (cmd, "collection"))
    {
      g_autofree char *text = describe (self);
      return g_file_set_contents (argv[1], text, -1, error);
    }
  if (g_str_equal (cmd, "collection-drop"))
    {
      FeerieWindow *from = argc > 3 ? window_numbered (self, atoi (argv[3])) : self;
      guint index = (guint) atoi (argv[1]) - 1;
      if (!from || index >= feerie_document_get_n_problems (from->document))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no such problem to drag");
          return FALSE;
        }
      FeerieProblemItem *item = feerie_collection_get_item (collection_of (from), index);
      g_signal_emit_by_name (self->collection_view, "item-dropped", item,
                             (guint) atoi (argv[2]) - 1);
      return TRUE;
    }
  if (g_str_equal (cmd, "locate-row"))
    {
      GtkWidget *row = row_widget (self, (guint) atoi (argv[1]) - 1, GTK_WIDGET (list_view (self)));
      if (!row)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "problem %s has no row shown",
                       argv[1]);
          return FALSE;
        }
      return harness_write_point (self, row, gtk_widget_get_width (row) / 2.0,
                                  gtk_widget_get_height (row) / 2.0, argv[2], error);
    }
  return bench_command (self, argc, argv, error);
}
