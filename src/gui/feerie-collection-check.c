/* feerie-collection-check.c — a collection's soundness, in the background.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One problem per worker (fe_check_problem: one solver thread each), as
 * `feerie-cli check` does, in a pool of its own so that its threads can
 * be niced (per thread on Linux) below the main loop, which must stay
 * responsive with a 10,000-problem list.  Workers never touch an item:
 * they queue what happened (started, judged) and the main loop takes the
 * queue every 50 ms, marking the items there.
 */

#include "config.h"

#ifdef __linux__
#include <sys/resource.h>
#endif

#include "feerie-collection-check.h"

/* How often the main loop marks the results come. */
#define DRAIN_MS 50

typedef struct {
  FeerieProblemItem *item;
  guint serial;          /* the item's when copied: later, it was edited */
  FeProblem *problem;    /* a copy: the window edits its own */
  FeCheckReport report;
  gboolean started;      /* the message is "started", else "judged" */
  gboolean skipped;      /* cancelled before it ran */
} Job;

struct _FeerieCollectionCheck
{
  GObject parent_instance;

  GThreadPool *pool;
  GCancellable *cancellable;
  GAsyncQueue *messages;  /* of Job*: started, then judged */
  double max_time;
  int base_nice, threads;
  guint total, done;
  guint counts[FE_N_VERDICTS];
  GPtrArray *waiting;     /* of FeerieProblemItem*, reffed: marked "waiting" */
  guint drain_id;
};

G_DEFINE_FINAL_TYPE (FeerieCollectionCheck, feerie_collection_check, G_TYPE_OBJECT)

enum { PROGRESS, FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
job_free (Job *job)
{
  g_clear_object (&job->item);
  g_clear_pointer (&job->problem, fe_problem_free);
  fe_check_report_clear (&job->report);
  g_free (job);
}

static gboolean
job_cancelled (gpointer data)
{
  return g_cancellable_is_cancelled (data);
}

/* A worker: a "started" note, the check, then the job itself as the
 * "judged" note. */
static void
check_job (gpointer data, gpointer user_data)
{
  Job *job = data;
  FeerieCollectionCheck *self = user_data;
#ifdef __linux__
  /* Per thread: below the main loop, as the window's solves (the pool's
   * threads each take it on their first job). */
  int nice = self->base_nice + 5;
  for (int n = self->threads; n > 1 && nice < 19; n /= 2)
    nice += 3;
  setpriority (PRIO_PROCESS, 0, MIN (nice, 19));
#endif
  if (g_cancellable_is_cancelled (self->cancellable))
    job->skipped = TRUE;
  else
    {
      Job *note = g_new0 (Job, 1);
      note->item = g_object_ref (job->item);
      note->started = TRUE;
      g_async_queue_push (self->messages, note);
      fe_check_problem (job->problem, self->max_time, job_cancelled, self->cancellable,
                        &job->report, NULL, NULL);
      /* Stopped by the user: nothing was proven, the mark goes. */
      job->skipped = g_cancellable_is_cancelled (self->cancellable);
    }
  g_clear_pointer (&job->problem, fe_problem_free);
  g_async_queue_push (self->messages, job);
}

static char *
report_text (const FeCheckReport *report)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < report->details->len; i++)
    {
      if (i)
        g_string_append_c (s, '\n');
      g_string_append (s, report->details->pdata[i]);
    }
  return g_string_free (s, FALSE);
}

/* Marks what the workers queued; TRUE when everything is done. */
static gboolean
drain (FeerieCollectionCheck *self)
{
  g_assert (FEERIE_IS_COLLECTION_CHECK (self));
  g_autoptr (GObject) keep = g_object_ref (G_OBJECT (self));
  gboolean any = FALSE;
  Job *job;
  while ((job = g_async_queue_try_pop (self->messages)))
    {
      gboolean current = feerie_problem_item_get_serial (job->item) == job->serial;
      if (job->started)
        {
          if (feerie_problem_item_get_check_state (job->item) == FEERIE_CHECK_WAITING)
            feerie_problem_item_set_check (job->item, FEERIE_CHECK_RUNNING, -1, NULL);
        }
      else
        {
          self->done++;
          any = TRUE;
          if (job->skipped || !current)
            {
              if (current)
                feerie_problem_item_set_check (job->item, FEERIE_CHECK_NONE, -1, NULL);
            }
          else
            {
              g_autofree char *details = report_text (&job->report);
              self->counts[job->report.verdict]++;
              feerie_problem_item_set_check (job->item, FEERIE_CHECK_DONE, job->report.verdict,
                                             details);
            }
        }
      job_free (job);
    }
  if (any)
    g_signal_emit (self, signals[PROGRESS], 0);
  return self->done == self->total;
}

static void
finish (FeerieCollectionCheck *self, gboolean stopped)
{
  g_assert (FEERIE_IS_COLLECTION_CHECK (self));
  g_clear_handle_id (&self->drain_id, g_source_remove);
  if (self->pool)
    {
      /* Every job left is skipped at once (cancelled), so this wait is
       * the running problems' few milliseconds. */
      g_thread_pool_free (g_steal_pointer (&self->pool), FALSE, TRUE);
      drain (self);
    }
  /* An item never reached keeps no "waiting" mark. */
  for (guint i = 0; i < self->waiting->len; i++)
    {
      FeerieProblemItem *item = self->waiting->pdata[i];
      FeerieCheckState state = feerie_problem_item_get_check_state (item);
      if (state == FEERIE_CHECK_WAITING || state == FEERIE_CHECK_RUNNING)
        feerie_problem_item_set_check (item, FEERIE_CHECK_NONE, -1, NULL);
    }
  g_ptr_array_set_size (self->waiting, 0);
  g_signal_emit (self, signals[FINISHED], 0, stopped);
}

static gboolean
drain_cb (gpointer data)
{
  FeerieCollectionCheck *self = data;
  if (!drain (self))
    return G_SOURCE_CONTINUE;
  self->drain_id = 0;
  finish (self, FALSE);
  return G_SOURCE_REMOVE;
}

FeerieCollectionCheck *
feerie_collection_check_new (GListModel *items, double max_time, int threads)
{
  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  FeerieCollectionCheck *self = g_object_new (FEERIE_TYPE_COLLECTION_CHECK, NULL);
  self->max_time = max_time;
  self->threads = threads > 0 ? threads : (int) g_get_num_processors ();
#ifdef __linux__
  /* Relative to the application's own (run under `nice`, an absolute 5
   * would raise the workers above the main loop). */
  self->base_nice = getpriority (PRIO_PROCESS, 0);
#endif
  self->total = g_list_model_get_n_items (items);
  self->pool = g_thread_pool_new (check_job, self, self->threads, TRUE, NULL);
  for (guint i = 0; i < self->total; i++)
    {
      Job *job = g_new0 (Job, 1);
      job->item = g_list_model_get_item (items, i);
      job->serial = feerie_problem_item_get_serial (job->item);
      job->problem = fe_problem_copy (feerie_problem_item_get_problem (job->item));
      fe_check_report_init (&job->report);
      feerie_problem_item_set_check (job->item, FEERIE_CHECK_WAITING, -1, NULL);
      g_ptr_array_add (self->waiting, g_object_ref (job->item));
      g_thread_pool_push (self->pool, job, NULL);
    }
  self->drain_id = g_timeout_add (DRAIN_MS, drain_cb, self);
  return self;
}

void
feerie_collection_check_stop (FeerieCollectionCheck *self)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_CHECK (self));
  if (!self->pool)
    return;
  g_cancellable_cancel (self->cancellable);
  finish (self, TRUE);
}

gboolean
feerie_collection_check_is_running (FeerieCollectionCheck *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_CHECK (self), FALSE);
  return self->pool != NULL;
}

guint
feerie_collection_check_get_total (FeerieCollectionCheck *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_CHECK (self), 0);
  return self->total;
}

guint
feerie_collection_check_get_done (FeerieCollectionCheck *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_CHECK (self), 0);
  return self->done;
}

guint
feerie_collection_check_count (FeerieCollectionCheck *self, FeVerdict verdict)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_CHECK (self), 0);
  g_return_val_if_fail (verdict < FE_N_VERDICTS, 0);
  return self->counts[verdict];
}

static void
feerie_collection_check_dispose (GObject *object)
{
  FeerieCollectionCheck *self = FEERIE_COLLECTION_CHECK (object);
  if (self->pool)
    {
      g_cancellable_cancel (self->cancellable);
      g_thread_pool_free (g_steal_pointer (&self->pool), FALSE, TRUE);
    }
  g_clear_handle_id (&self->drain_id, g_source_remove);
  G_OBJECT_CLASS (feerie_collection_check_parent_class)->dispose (object);
}

static void
feerie_collection_check_finalize (GObject *object)
{
  FeerieCollectionCheck *self = FEERIE_COLLECTION_CHECK (object);
  Job *job;
  while ((job = g_async_queue_try_pop (self->messages)))
    job_free (job);
  g_async_queue_unref (self->messages);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->waiting, g_ptr_array_unref);
  G_OBJECT_CLASS (feerie_collection_check_parent_class)->finalize (object);
}

static void
feerie_collection_check_class_init (FeerieCollectionCheckClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = feerie_collection_check_dispose;
  object_class->finalize = feerie_collection_check_finalize;
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
feerie_collection_check_init (FeerieCollectionCheck *self)
{
  self->cancellable = g_cancellable_new ();
  self->messages = g_async_queue_new ();
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
}
