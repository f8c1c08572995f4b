/* cmd-check.c — feerie-cli check: the soundness of a whole collection.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every problem of the files (and directories) named is solved on its own
 * worker thread, as many at once as the machine has cores, each within
 * --max-time, and judged by core/check/check.h.  --shard I/N keeps every
 * N-th problem from the I-th, so a collection can be split over machines;
 * --merge reads the shards' --json reports back into one report, the same
 * as a single run's.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "core/check/check.h"
#include "io/problem-file.h"
#include "cli-commands.h"
#include "cli-inputs.h"
#include "solution-json.h"

/* One problem of the collection and, once checked, its report. */
typedef struct {
  int number;          /* in the whole collection, from 1 */
  char *file;
  int index;           /* in its file, from 1; 0 when the file could not be read */
  char *stipulation;
  char *authors;
  FeProblem *problem;  /* NULL once checked, or when unreadable */
  FeCheckReport report;
  double seconds;
  guint64 nodes;
} Entry;

typedef struct {
  GPtrArray *entries; /* of Entry*, this shard's */
  double max_time;
  GMutex lock;
  GCond done_cond;
  int done;
} Run;

static void
entry_free (gpointer data)
{
  Entry *e = data;
  g_free (e->file);
  g_free (e->stipulation);
  g_free (e->authors);
  if (e->problem)
    fe_problem_free (e->problem);
  fe_check_report_clear (&e->report);
  g_free (e);
}

static Entry *
entry_new (int number, const char *file, int index)
{
  Entry *e = g_new0 (Entry, 1);
  e->number = number;
  e->file = g_strdup (file);
  e->index = index;
  fe_check_report_init (&e->report);
  return e;
}

static char *
authors_text (const FeProblem *p)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < p->authors->len; i++)
    {
      const FeAuthor *a = p->authors->pdata[i];
      if (s->len)
        g_string_append (s, ", ");
      if (a->given && *a->given)
        g_string_append_printf (s, "%s ", a->given);
      g_string_append (s, a->family ? a->family : "");
    }
  return g_string_free (s, FALSE);
}

static char *
stipulation_text (const FeProblem *p)
{
  return p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                    : fe_stipulation_to_string (&p->stipulation);
}

static void
check_one (gpointer data, gpointer user_data)
{
  Entry *e = data;
  Run *run = user_data;
  if (e->problem && !fe_cli_interrupted)
    fe_check_problem (e->problem, run->max_time, fe_cli_cancelled, NULL, &e->report, &e->nodes,
                      &e->seconds);
  else if (e->problem)
    fe_check_report_add (&e->report, FE_VERDICT_TOO_LONG, "not checked (interrupted)");
  g_clear_pointer (&e->problem, fe_problem_free);
  g_mutex_lock (&run->lock);
  run->done++;
  g_cond_signal (&run->done_cond);
  g_mutex_unlock (&run->lock);
}

/* The progress bar, on a terminal only: "[#####.....] 12/31". */
static void
show_progress (int done, int total)
{
  enum { WIDTH = 30 };
  int filled = total ? done * WIDTH / total : WIDTH;
  char bar[WIDTH + 1];
  for (int i = 0; i < WIDTH; i++)
    bar[i] = i < filled ? '#' : '.';
  bar[WIDTH] = 0;
  fprintf (stderr, "\r[%s] %d/%d", bar, done, total);
  if (done == total)
    fputs ("\r\033[K", stderr);
  fflush (stderr);
}

static void
run_checks (Run *run, int jobs)
{
  GThreadPool *pool = g_thread_pool_new (check_one, run, jobs, FALSE, NULL);
  for (guint i = 0; i < run->entries->len; i++)
    g_thread_pool_push (pool, run->entries->pdata[i], NULL);
  gboolean tty = isatty (STDERR_FILENO);
  int total = run->entries->len;
  g_mutex_lock (&run->lock);
  while (run->done < total)
    {
      int done = run->done;
      g_mutex_unlock (&run->lock);
      if (tty)
        show_progress (done, total);
      g_mutex_lock (&run->lock);
      if (run->done == done)
        g_cond_wait_until (&run->done_cond, &run->lock, g_get_monotonic_time () + 200000);
    }
  g_mutex_unlock (&run->lock);
  if (tty)
    show_progress (total, total);
  g_thread_pool_free (pool, FALSE, TRUE);
}

/* ---- reports ---------------------------------------------------------- */

static JsonNode *
report_json (GPtrArray *entries, int total, int shard, int shards)
{
  JsonBuilder *b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "feerie-check");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "shard");
  if (shards > 1)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, shard);
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, shards);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "total");
  json_builder_add_int_value (b, total);
  int counts[FE_N_VERDICTS] = { 0 };
  json_builder_set_member_name (b, "problems");
  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      counts[e->report.verdict]++;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "number");
      json_builder_add_int_value (b, e->number);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, e->file);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, e->index);
      json_builder_set_member_name (b, "stipulation");
      json_builder_add_string_value (b, e->stipulation ? e->stipulation : "");
      json_builder_set_member_name (b, "authors");
      json_builder_add_string_value (b, e->authors ? e->authors : "");
      json_builder_set_member_name (b, "verdict");
      json_builder_add_string_value (b, fe_verdict_name (e->report.verdict));
      json_builder_set_member_name (b, "against");
      json_builder_add_string_value (b, fe_check_against_name (e->report.against));
      json_builder_set_member_name (b, "findings");
      json_builder_begin_array (b);
      for (int v = 1; v < FE_N_VERDICTS; v++)
        if (e->report.findings & (1u << v))
          json_builder_add_string_value (b, fe_verdict_name (v));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "details");
      json_builder_begin_array (b);
      for (guint k = 0; k < e->report.details->len; k++)
        json_builder_add_string_value (b, e->report.details->pdata[k]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, e->seconds);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) e->nodes);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "summary");
  json_builder_begin_object (b);
  for (int v = 0; v < FE_N_VERDICTS; v++)
    {
      json_builder_set_member_name (b, fe_verdict_name (v));
      json_builder_add_int_value (b, counts[v]);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  JsonNode *root = json_builder_get_root (b);
  g_object_unref (b);
  return root;
}

static void
print_table (GPtrArray *entries, int total)
{
  int counts[FE_N_VERDICTS] = { 0 };
  GPtrArray *wheres = g_ptr_array_new_with_free_func (g_free);
  int width = 7;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      char *where = e->index ? g_strdup_printf ("%s:%d", e->file, e->index) : g_strdup (e->file);
      width = MAX (width, (int) g_utf8_strlen (where, -1));
      g_ptr_array_add (wheres, where);
    }
  printf ("%5s  %-*s  %-9s %-12s %8s  %s\n", "#", width, "problem", "stip", "verdict", "seconds",
          "details");
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      counts[e->report.verdict]++;
      const char *where = wheres->pdata[i];
      GString *details = g_string_new (NULL);
      for (guint k = 0; k < e->report.details->len; k++)
        g_string_append_printf (details, "%s%s", k ? "; " : "",
                                (char *) e->report.details->pdata[k]);
      /* Padded by characters, not bytes: file names may be French. */
      int pad = width - (int) g_utf8_strlen (where, -1);
      printf ("%5d  %s%*s  %-9s %-12s %8.2f  %s\n", e->number, where, pad, "",
              e->stipulation ? e->stipulation : "", fe_verdict_name (e->report.verdict), e->seconds,
              details->str);
      g_string_free (details, TRUE);
    }
  g_ptr_array_unref (wheres);
  printf ("%u of %d problems:", entries->len, total);
  for (int v = 0; v < FE_N_VERDICTS; v++)
    if (counts[v])
      printf (" %d %s", counts[v], fe_verdict_name (v));
  printf ("\n");
}

static int
exit_status (GPtrArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    if (((Entry *) entries->pdata[i])->report.verdict != FE_VERDICT_SOUND)
      return 1;
  return 0;
}

/* ---- merging shards --------------------------------------------------- */

static gboolean
read_entry (JsonObject *o, Entry **out, GError **error)
{
  const char *verdict = json_object_get_string_member_with_default (o, "verdict", NULL);
  const char *against = json_object_get_string_member_with_default (o, "against", "stipulation");
  int v = fe_verdict_from_name (verdict);
  int a = fe_check_against_from_name (against);
  gint64 number = json_object_get_int_member_with_default (o, "number", 0);
  if (v < 0 || a < 0 || number < 1 || number > G_MAXINT)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "a problem without a valid number, "
                   "verdict or against");
      return FALSE;
    }
  Entry *e = entry_new ((int) number, json_object_get_string_member_with_default (o, "file", ""),
                        (int) json_object_get_int_member_with_default (o, "index", 0));
  e->stipulation = g_strdup (json_object_get_string_member_with_default (o, "stipulation", ""));
  e->authors = g_strdup (json_object_get_string_member_with_default (o, "authors", ""));
  e->report.against = a;
  e->report.verdict = v;
  e->report.findings = v ? 1u << v : 0;
  JsonArray *findings = json_object_has_member (o, "findings")
                          ? json_object_get_array_member (o, "findings") : NULL;
  for (guint i = 0; findings && i < json_array_get_length (findings); i++)
    {
      int f = fe_verdict_from_name (json_array_get_string_element (findings, i));
      if (f > 0)
        e->report.findings |= 1u << f;
    }
  JsonArray *details = json_object_has_member (o, "details")
                         ? json_object_get_array_member (o, "details") : NULL;
  for (guint i = 0; details && i < json_array_get_length (details); i++)
    g_ptr_array_add (e->report.details, g_strdup (json_array_get_string_element (details, i)));
  e->seconds = json_object_get_double_member_with_default (o, "seconds", 0);
  e->nodes = json_object_get_int_member_with_default (o, "nodes", 0);
  *out = e;
  return TRUE;
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const Entry *x = *(Entry *const *) a, *y = *(Entry *const *) b;
  return (x->number > y->number) - (x->number < y->number);
}

/* Reads the shards' reports; every problem of the collection must be in
 * exactly one of them. */
static GPtrArray *
merge_reports (char **names, int n, int *total, GError **error)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (entry_free);
  *total = -1;
  for (int i = 0; i < n; i++)
    {
      JsonParser *parser = json_parser_new ();
      gboolean ok = json_parser_load_from_file (parser, names[i], error);
      JsonNode *root = ok ? json_parser_get_root (parser) : NULL;
      JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
      if (ok && (!o || g_strcmp0 (json_object_get_string_member_with_default (o, "format", ""),
                                  "feerie-check") != 0
                 || !json_object_has_member (o, "problems")))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "not a report of feerie-cli check --json");
          ok = FALSE;
        }
      gint64 t = ok ? json_object_get_int_member_with_default (o, "total", -1) : -1;
      if (ok && *total >= 0 && t != *total)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "a shard of a collection of %" G_GINT64_FORMAT " problems, not %d", t,
                       *total);
          ok = FALSE;
        }
      if (ok)
        {
          *total = (int) t;
          JsonArray *problems = json_object_get_array_member (o, "problems");
          for (guint k = 0; ok && k < json_array_get_length (problems); k++)
            {
              Entry *e = NULL;
              JsonNode *node = json_array_get_element (problems, k);
              if (!JSON_NODE_HOLDS_OBJECT (node))
                {
                  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "problem %u is no object",
                               k + 1);
                  ok = FALSE;
                }
              else if ((ok = read_entry (json_node_get_object (node), &e, error)))
                g_ptr_array_add (entries, e);
            }
        }
      g_object_unref (parser);
      if (!ok)
        {
          g_prefix_error (error, "%s: ", names[i]);
          g_ptr_array_unref (entries);
          return NULL;
        }
    }
  g_ptr_array_sort (entries, compare_entries);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      if (e->number != (int) i + 1)
        {
          int n = (int) i + 1;
          if (e->number < n)
            g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                         "problem %d is in two of the reports", e->number);
          else
            g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                         "problem %d is in none of the reports", n);
          g_ptr_array_unref (entries);
          return NULL;
        }
    }
  if ((int) entries->len != *total)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "problems %u to %d are in none of the reports", entries->len + 1, *total);
      g_ptr_array_unref (entries);
      return NULL;
    }
  return entries;
}

/* ---- the command ------------------------------------------------------- */

static int
check_usage (const char *why)
{
  if (why)
    fprintf (stderr, "feerie-cli check: %s\n", why);
  fprintf (stderr,
           "usage: feerie-cli check FILE|DIR... [--max-time S] [--jobs N] [--shard I/N] [--json]\n"
           "       feerie-cli check --merge REPORT.json... [--json]\n");
  return 2;
}

static gboolean
parse_shard (const char *text, int *shard, int *shards)
{
  char *end = NULL;
  if (!text || !g_ascii_isdigit (text[0]))
    return FALSE;
  gint64 i = g_ascii_strtoll (text, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  gint64 n = g_ascii_strtoll (end + 1, &end, 10);
  if (*end || n < 1 || n > 1000000 || i < 1 || i > n)
    return FALSE;
  *shard = (int) i;
  *shards = (int) n;
  return TRUE;
}

/* Every problem of the inputs, numbered through the collection; those of
 * shard `shard` of `shards` go into `mine`. */
static int
collect (GPtrArray *paths, int shard, int shards, GPtrArray *mine)
{
  int number = 0;
  for (guint f = 0; f < paths->len; f++)
    {
      const char *path = paths->pdata[f];
      GError *error = NULL;
      GPtrArray *problems = fe_problem_file_read (path, &error);
      int n = problems ? (int) problems->len : 1;
      for (int i = 0; i < n; i++)
        {
          number++;
          if ((number - 1) % shards != shard - 1)
            continue;
          Entry *e = entry_new (number, path, problems ? i + 1 : 0);
          if (problems)
            {
              e->problem = fe_problem_copy (problems->pdata[i]);
              e->stipulation = stipulation_text (e->problem);
              e->authors = authors_text (e->problem);
            }
          else
            fe_check_report_add (&e->report, FE_VERDICT_ERROR, "%s", error->message);
          g_ptr_array_add (mine, e);
        }
      g_clear_error (&error);
      if (problems)
        g_ptr_array_unref (problems);
    }
  return number;
}

int
fe_cli_cmd_check (int argc, char **argv)
{
  double max_time = 60;
  int jobs = CLAMP ((int) g_get_num_processors (), 1, 256);
  int shard = 1, shards = 1;
  gboolean json = FALSE, merge = FALSE;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (strcmp (a, "--json") == 0)
        json = TRUE;
      else if (strcmp (a, "--merge") == 0)
        merge = TRUE;
      else if (strcmp (a, "--max-time") == 0)
        {
          char *end = NULL;
          max_time = v ? g_ascii_strtod (v, &end) : 0;
          if (!v || end == v || *end || !(max_time > 0 && max_time <= 1e9))
            return check_usage ("--max-time: expected a number of seconds, more than 0");
          i++;
        }
      else if (strcmp (a, "--jobs") == 0)
        {
          char *end = NULL;
          gint64 n = v ? g_ascii_strtoll (v, &end, 10) : 0;
          if (!v || end == v || *end || n < 1 || n > 256)
            return check_usage ("--jobs: expected a whole number from 1 to 256");
          jobs = (int) n;
          i++;
        }
      else if (strcmp (a, "--shard") == 0)
        {
          if (!parse_shard (v, &shard, &shards))
            return check_usage ("--shard: expected I/N with 1 <= I <= N, e.g. 2/4");
          i++;
        }
      else if (a[0] == '-' && a[1])
        return check_usage (NULL);
      else
        g_ptr_array_add (names, (char *) a);
    }
  if (!names->len)
    return check_usage (NULL);
  GError *error = NULL;
  GPtrArray *entries;
  int total;
  if (merge)
    {
      if (shards > 1)
        return check_usage ("--merge takes the shards' reports, not --shard");
      entries = merge_reports ((char **) names->pdata, names->len, &total, &error);
      if (!entries)
        {
          fprintf (stderr, "feerie-cli check: %s\n", error->message);
          g_error_free (error);
          return 2;
        }
    }
  else
    {
      GPtrArray *paths = fe_cli_expand_inputs ((char **) names->pdata, names->len, &error);
      if (!paths)
        {
          fprintf (stderr, "feerie-cli check: %s\n", error->message);
          g_error_free (error);
          return 2;
        }
      entries = g_ptr_array_new_with_free_func (entry_free);
      total = collect (paths, shard, shards, entries);
      g_ptr_array_unref (paths);
      fe_cli_catch_sigint ();
      Run run = { .entries = entries, .max_time = max_time };
      g_mutex_init (&run.lock);
      g_cond_init (&run.done_cond);
      run_checks (&run, jobs);
      g_mutex_clear (&run.lock);
      g_cond_clear (&run.done_cond);
    }
  if (json)
    {
      JsonNode *root = report_json (entries, total, shard, shards);
      fe_cli_print_json (root);
      json_node_unref (root);
    }
  else
    print_table (entries, total);
  int status = fe_cli_interrupted ? 130 : exit_status (entries);
  g_ptr_array_unref (entries);
  return status;
}
