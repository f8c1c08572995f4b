/* feerie-window-solve.c — Solve in the background and stream the tree into
 * the solution pane; playing it back is feerie-window-playback.c's.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solve runs in a GTask thread on a copy of the problem, with the
 * preferences' number of solver threads.  The solver delivers nodes and
 * progress from its threads, one at a time; they wait in the job under a
 * mutex and reach the widgets in a timeout of the main loop, a batch
 * at a time, so the loop never blocks on the solver.  Stop cancels the
 * GCancellable, which the solver's cancel callback reads every few
 * thousand nodes.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#ifdef __linux__
#include <sys/resource.h>
#endif

#include "feerie-window-private.h"
#include "feerie-solve-summary.h"
#include "core/model/walk.h"
#include "core/backend/backend.h"

#define BATCH 300   /* nodes shown at a time */
#define FLUSH_MS 20 /* between two batches */

typedef struct _FeerieSolveJob FeerieSolveJob;
struct _FeerieSolveJob {
  FeerieWindow *window; /* NULL once the window let go of the job */
  FeProblem *problem;
  FeSolution *tree;
  GCancellable *cancellable;
  GMutex lock;
  GPtrArray *queue; /* nodes not shown yet */
  guint flush_id;   /* the timeout that moves waiting nodes into the pane */
  FeSolverProgress progress;
  gboolean have_progress;
  const FeBackend *backend;
  FeSolverStats stats;
  GError *error;
  gboolean ok;
  int hash_mb;
  int threads;
  double max_time;
  gint64 started_us;
};

static void
job_free (FeerieSolveJob *job)
{
  g_clear_handle_id (&job->flush_id, g_source_remove);
  g_ptr_array_unref (job->queue);
  fe_problem_free (job->problem);
  fe_solution_unref (job->tree);
  g_object_unref (job->cancellable);
  g_clear_error (&job->error);
  g_mutex_clear (&job->lock);
  g_free (job);
}

/* ---- solver thread ------------------------------------------------------- */

static gboolean
job_cancelled (gpointer data)
{
  FeerieSolveJob *job = data;
  return g_cancellable_is_cancelled (job->cancellable);
}

static gboolean flush_nodes (gpointer data);

static void
job_node (const FeSolutionNode *node, gpointer data)
{
  FeerieSolveJob *job = data;
  g_mutex_lock (&job->lock);
  g_ptr_array_add (job->queue, (gpointer) node);
  /* A timeout, not an idle: an idle waits for every other source (redraws,
   * timers) and can wait for the whole solve on a busy machine. */
  if (!job->flush_id)
    job->flush_id = g_timeout_add_full (G_PRIORITY_DEFAULT, FLUSH_MS, flush_nodes, job, NULL);
  g_mutex_unlock (&job->lock);
}

static void
job_phase (const FeSolverProgress *p, gpointer data)
{
  FeerieSolveJob *job = data;
  g_mutex_lock (&job->lock);
  job->progress = *p;
  job->have_progress = TRUE;
  g_mutex_unlock (&job->lock);
}

/* The solve's own thread (not GIO's pool: it lowers its priority, which on
 * Linux is per thread, so that the main loop wins the CPU from it).  The
 * solver's workers inherit it; with n of them each is niced 3 more per
 * doubling, so that together they weigh about what one thread at nice 5
 * does and the main loop's share stays the same. */
static gpointer
solve_thread (gpointer data)
{
  GTask *task = data;
  FeerieSolveJob *job = g_task_get_task_data (task);
#ifdef __linux__
  /* Relative to the application's own nice value (run under `nice`, an
   * absolute 5 would raise the solver above the main loop). */
  int nice = getpriority (PRIO_PROCESS, 0) + 5;
  for (int n = job->threads; n > 1 && nice < 19; n /= 2)
    nice += 3;
  setpriority (PRIO_PROCESS, 0, MIN (nice, 19));
#endif
  FeSolverConfig config = {
    .cancelled = job_cancelled,
    .node = job_node,
    .phase = job_phase,
    .tree = job->tree,
    .user_data = job,
    .hash_mb = job->hash_mb,
    .threads = job->threads,
    .max_time = job->max_time,
  };
  /* No text: the window shows the tree (the text is written from it only
   * when the solution is copied). */
  job->ok = fe_solve_with (job->backend, job->problem, &config, NULL, &job->stats, &job->error);
  /* solve_done runs in the main loop, the task's context. */
  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
  return NULL;
}

/* ---- main loop ------------------------------------------------------------ */

/* Moves up to `max` waiting nodes into the pane; TRUE if some remain.
 * The main loop never waits for the lock while the solver runs (the solve
 * thread has a low priority and may be descheduled holding it): it tries,
 * and comes back at the next run. */
static gboolean
show_nodes (FeerieSolveJob *job, guint max, gboolean wait)
{
  if (!wait && !g_mutex_trylock (&job->lock))
    return TRUE;
  if (wait)
    g_mutex_lock (&job->lock);
  guint n = MIN (max, job->queue->len);
  g_autoptr (GPtrArray) batch = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (batch, job->queue->pdata[i]);
  g_ptr_array_remove_range (job->queue, 0, n);
  gboolean more = job->queue->len > 0;
  if (!more)
    job->flush_id = 0;
  g_mutex_unlock (&job->lock);
  if (job->window)
    feerie_solution_view_add (job->window->solution_view,
                              (const FeSolutionNode *const *) batch->pdata, batch->len);
  return more;
}

static gboolean
flush_nodes (gpointer data)
{
  return show_nodes (data, BATCH, FALSE) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static char *
format_count (double n)
{
  if (n >= 1e9)
    return g_strdup_printf ("%.1f\u00a0G", n / 1e9);
  if (n >= 1e6)
    return g_strdup_printf ("%.1f\u00a0M", n / 1e6);
  if (n >= 1e3)
    return g_strdup_printf ("%.1f\u00a0k", n / 1e3);
  return g_strdup_printf ("%.0f", n);
}

/* The solutions found past those kept.  While solving the question is
 * set once (a label whose text changes relays the window out: the count
 * goes to the progress line); at the end, how many there were. */
static void
show_over (FeerieWindow *self, FeSolution *tree, gboolean solving)
{
  g_assert (FEERIE_IS_WINDOW (self));
  int over = fe_solution_lines_over (tree);
  if (!over)
    return;
  if (solving)
    {
      if (!self->over_asked)
        {
          self->over_asked = TRUE;
          g_autofree char *text
            = g_strdup_printf (_("The first %d solutions are shown and more were found: "
                                  "keep solving, counting them without showing them?"),
                               g_atomic_int_get (&tree->n_lines));
          feerie_solution_view_set_over (self->solution_view, text, TRUE);
        }
      return;
    }
  g_autofree char *text = g_strdup_printf (
    ngettext ("The first %d solutions are shown; %d more was found, not shown.",
              "The first %d solutions are shown; %d more were found, not shown.", over),
    g_atomic_int_get (&tree->n_lines), over);
  feerie_solution_view_set_over (self->solution_view, text, FALSE);
}

/* The length searched in the stipulation's own unit: half-moves for help
 * play, moves for direct and series play ("half-moves 6 of 10"). */
static char *
progress_length (const FeStipulation *st, int depth)
{
  if (fe_stipulation_is_help (st))
    return g_strdup_printf (_("half-moves %d of %d"), depth, 2 * st->moves + (st->half ? 1 : 0));
  return g_strdup_printf (_("moves %d of %d"), depth, st->moves);
}

static gboolean
update_progress (gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  FeerieSolveJob *job = self->job;
  if (!job || !g_mutex_trylock (&job->lock))
    return G_SOURCE_CONTINUE;
  FeSolverProgress p = job->progress;
  gboolean have = job->have_progress;
  g_mutex_unlock (&job->lock);
  show_over (self, job->tree, TRUE);
  double elapsed = (g_get_monotonic_time () - job->started_us) / 1e6;
  g_autofree char *text = NULL;
  if (!have)
    text = g_strdup_printf (_("Solving… %.1f s"), elapsed);
  else
    {
      g_autofree char *nodes = format_count (p.nodes);
      g_autofree char *rate = format_count (p.elapsed > 0 ? p.nodes / p.elapsed : 0);
      g_autofree char *twin
        = p.n_twins > 1 ? g_strdup_printf (_("twin %c) · "), 'a' + p.twin) : g_strdup ("");
      g_autofree char *length = progress_length (&job->problem->stipulation, p.depth);
      /* Translators: a progress line: twin, length searched ("half-moves 6
       * of 10"), first move i of n, nodes, nodes per second, seconds. */
      text = g_strdup_printf (
        _("Solving: %s%s · first move %d of %d · %s nodes · %s nodes/s · %.1f s"), twin, length,
        p.root_index + 1, MAX (p.root_count, 1), nodes, rate, elapsed);
      int over = fe_solution_lines_over (job->tree);
      if (over)
        {
          g_autofree char *with = g_strdup_printf (
            ngettext ("%s · %d more solution not shown", "%s · %d more solutions not shown", over),
            text, over);
          g_free (text);
          text = g_steal_pointer (&with);
        }
    }
  feerie_solution_view_set_progress (self->solution_view, text);
  return G_SOURCE_CONTINUE;
}

static void
solve_done (GObject *source, GAsyncResult *result, gpointer data)
{
  FeerieSolveJob *job = data;
  FeerieWindow *self = FEERIE_WINDOW (source);
  g_task_propagate_boolean (G_TASK (result), NULL);
  gint64 end = g_get_monotonic_time ();
  /* The thread is done: no new flush can be queued; drop the pending one
   * and show what is left here. */
  g_mutex_lock (&job->lock);
  g_clear_handle_id (&job->flush_id, g_source_remove);
  g_mutex_unlock (&job->lock);
  if (job->window && self->job == job)
    {
      while (show_nodes (job, G_MAXUINT, TRUE))
        ;
      self->job = NULL;
      g_clear_handle_id (&self->progress_id, g_source_remove);
      gboolean stopped = g_cancellable_is_cancelled (job->cancellable) || job->stats.interrupted;
      feerie_solution_view_finish (self->solution_view);
      g_autofree char *progress = NULL;
      if (job->error)
        progress = g_strdup_printf (_("Cannot solve: %s"), job->error->message);
      else
        {
          g_autofree char *nodes = format_count (job->stats.nodes);
          progress = g_strdup_printf (stopped ? _("Stopped after %.2f s (%s nodes).")
                                              : _("Solved in %.2f s (%s nodes)."),
                                      (end - job->started_us) / 1e6, nodes);
        }
      feerie_solution_view_set_progress (self->solution_view, progress);
      show_over (self, job->tree, FALSE);
      if (!job->error)
        {
          g_autofree char *summary = feerie_solve_summary_markup (job->tree, !stopped);
          feerie_solution_view_set_summary (self->solution_view, summary);
        }
      if (self->solution_stale)
        feerie_solution_view_set_stale (self->solution_view, TRUE);
      feerie_window_sync_solve_actions (self);
      g_signal_emit_by_name (self, "solve-finished", stopped,
                             job->error ? job->error->message : NULL, (guint64) job->stats.nodes);
    }
  job_free (job);
}

/* The backend for the problem shown (NULL: none, self->choice_refusal
 * says why), asked again only when what is solved changed. */
static const FeBackend *
current_choice (FeerieWindow *self)
{
  if (self->choice_for && fe_problem_same_solving_input (self->choice_for, self->problem))
    return self->choice;
  g_clear_pointer (&self->choice_for, fe_problem_free);
  g_clear_pointer (&self->choice_refusal, g_free);
  FeRefusal refusal;
  self->choice = fe_solve_choose (self->problem, &refusal);
  if (!self->choice)
    self->choice_refusal
      = refusal.reason == FE_REFUSAL_CONDITIONS
          ? g_strdup_printf (_("Solve is off: Féerie cannot solve %s."), refusal.subject)
          : g_strdup_printf (_("Solve is off: %s"), refusal.error->message);
  fe_refusal_clear (&refusal);
  self->choice_for = fe_problem_copy (self->problem);
  return self->choice;
}

char *
feerie_window_solve_refusal (FeerieWindow *self)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), NULL);
  return current_choice (self) ? NULL : g_strdup (self->choice_refusal);
}

static void
solve_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (self->job)
    return;
  const FeBackend *backend = current_choice (self);
  if (!backend)
    {
      feerie_window_show_status (self, self->choice_refusal);
      return;
    }
  feerie_window_leave_playback (self);
  FeerieSolveJob *job = g_new0 (FeerieSolveJob, 1);
  job->window = self;
  job->problem = fe_problem_copy (self->problem);
  job->tree = fe_solution_new ();
  /* The pane keeps so many help and series lines, and counts the rest. */
  job->tree->max_lines
    = self->settings ? g_settings_get_int (self->settings, "solve-max-lines") : 1000;
  self->over_asked = FALSE;
  job->cancellable = g_cancellable_new ();
  g_mutex_init (&job->lock);
  job->queue = g_ptr_array_new ();
  job->backend = backend;
  job->hash_mb = self->settings ? g_settings_get_int (self->settings, "solve-hash-mb") : 0;
  job->max_time = self->settings ? g_settings_get_int (self->settings, "solve-max-seconds") : 0;
  /* 0: one thread per core.  The tree does not depend on the count. */
  job->threads = self->settings ? g_settings_get_int (self->settings, "solve-threads") : 0;
  if (job->threads <= 0)
    job->threads = g_get_num_processors ();
  job->started_us = g_get_monotonic_time ();
  self->job = job;
  g_clear_pointer (&self->solved, fe_solution_unref);
  self->solved = fe_solution_ref (job->tree);
  self->solution_stale = FALSE;
  feerie_solution_view_reset (self->solution_view, job->tree, job->problem->twins->len == 0);
  feerie_solution_view_set_progress (self->solution_view, _("Solving…"));
  gtk_notebook_set_current_page (
    self->notebook, gtk_notebook_page_num (self->notebook, GTK_WIDGET (self->solution_view)));
  self->progress_id = g_timeout_add (100, update_progress, self);
  GTask *task = g_task_new (self, job->cancellable, solve_done, job);
  g_task_set_task_data (task, job, NULL);
  g_thread_unref (g_thread_new ("feerie-solve", solve_thread, task));
  feerie_window_sync_solve_actions (self);
  g_signal_emit_by_name (self, "solve-started");
}

static void
stop_solving_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (!self->job)
    return;
  g_cancellable_cancel (self->job->cancellable);
  feerie_solution_view_set_progress (self->solution_view, _("Stopping…"));
}

/* Escape stops a solve, else leaves playback: one key, two buttons
 * (Stop is off during playback, "back to the diagram" while solving). */
static void
escape_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (self->job)
    stop_solving_activated (NULL, NULL, self);
  else
    feerie_window_leave_playback (self);
}

static void
keep_solving_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  /* The question goes; the count stays in the progress line. */
  if (self->job)
    feerie_solution_view_set_over (self->solution_view, NULL, FALSE);
}

static void
copy_solution_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (!self->solved)
    return;
  g_autofree char *text = fe_solution_to_text (self->solved);
  g_strstrip (text);
  int over = fe_solution_lines_over (self->solved);
  if (over)
    {
      /* The text has the lines kept: it says so. */
      g_autofree char *note = g_strdup_printf (
        ngettext ("(and %d more solution, not shown)", "(and %d more solutions, not shown)", over),
        over);
      g_autofree char *all = g_strdup_printf ("%s\n%s", text, note);
      g_free (text);
      text = g_steal_pointer (&all);
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  feerie_window_show_status (self, _("Solution copied."));
}

/* ---- state ------------------------------------------------------------- */

void
feerie_window_sync_solve_actions (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  if (!self->solution_view || !self->problem)
    return; /* disposed, or not filled yet */
  gboolean solving = self->job != NULL;
  g_autofree char *refusal = feerie_window_solve_refusal (self);
  feerie_solution_view_set_reason (self->solution_view, refusal);
  /* On when it cannot solve too: F5 then says why in the status line. */
  feerie_window_enable_action (self, "solve", !solving);
  feerie_window_enable_action (self, "stop-solving", solving);
  feerie_window_enable_action (self, "escape", solving || self->playing);
  feerie_window_enable_action (self, "copy-solution", !solving && self->solved != NULL);
  feerie_window_sync_playback_actions (self);
}

void
feerie_window_solution_outdated (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  if (self->job)
    {
      g_cancellable_cancel (self->job->cancellable);
      feerie_solution_view_set_progress (self->solution_view, _("Stopped: the position changed."));
    }
  if (self->solved && !self->solution_stale)
    {
      self->solution_stale = TRUE;
      feerie_solution_view_set_stale (self->solution_view, TRUE);
    }
  self->playing = FALSE;
  self->play_node = self->play_tip = NULL;
  feerie_solution_view_unselect (self->solution_view);
  feerie_solution_view_set_step (self->solution_view, NULL);
  feerie_window_sync_solve_actions (self);
}

/* The window lets go of its solve: solve_done frees the job (the task
 * keeps the window alive till then), which no longer writes to the pane. */
static void
drop_job (FeerieWindow *self)
{
  if (self->job)
    {
      self->job->window = NULL;
      g_cancellable_cancel (self->job->cancellable);
      self->job = NULL;
    }
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->solved, fe_solution_unref);
}

void
feerie_window_solution_forget (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  drop_job (self);
  self->solution_stale = FALSE;
  self->playing = FALSE;
  self->play_node = self->play_tip = NULL;
  feerie_solution_view_reset (self->solution_view, NULL, FALSE);
  feerie_solution_view_set_progress (self->solution_view, NULL);
  feerie_window_sync_solve_actions (self);
}

void
feerie_window_solve_dispose (FeerieWindow *self)
{
  drop_job (self);
  g_clear_pointer (&self->choice_for, fe_problem_free);
  g_clear_pointer (&self->choice_refusal, g_free);
}

static const GActionEntry solve_entries[] = {
  { "solve", solve_activated },
  { "stop-solving", stop_solving_activated },
  { "escape", escape_activated },
  { "copy-solution", copy_solution_activated },
  { "keep-solving", keep_solving_activated },
};

void
feerie_window_install_solve_actions (FeerieWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), solve_entries, G_N_ELEMENTS (solve_entries),
                                   self);
}
