/* main.c — feerie-cli: solve, check, perft, bench, convert from the command line.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"
#include "core/backend/backend.h"
#include "core/solution/board-text.h"
#include "core/check/check.h"
#include "io/fen.h"
#include "io/popeye.h"
#include "io/problem-file.h"
#include "cli-commands.h"
#include "cli-inputs.h"
#include "solution-json.h"

static int
usage (void)
{
  fprintf (stderr,
           "usage: feerie-cli solve FILE [--hash MB] [--threads N] [--max-time S] [--verify]\n"
           "                        [--json [--max-lines N]] [--plain-help]\n"
           "       (--threads: default one per core; --plain-help: help and series mates\n"
           "       without the goal-directed pruning)\n"
           "       feerie-cli verify FILE SOLUTION   (replays help/series lines)\n"
           "       feerie-cli perft --depth N \"FEN\"\n"
           "       feerie-cli bench [--depth N] [--no-perft] [--problems DIR] [--only TEXT]\n"
           "                        [--threads N] [--hash MB] [--max-time S] [--plain-help]\n"
           "       feerie-cli convert IN.{xml,inp,olv,fen} OUT.{xml,inp,olv,fen}\n"
           "       feerie-cli convert IN|DIR... --to DIR [--format xml|inp|olive|fen]\n"
           "       feerie-cli diagram [--size PX] [--no-caption] IN OUT.{png,svg,pdf,tex}\n"
           "       feerie-cli diagram --collection [OPTIONS] IN|DIR... OUT.{pdf,tex}\n"
           "       feerie-cli check FILE|DIR... [--max-time S] [--jobs N] [--shard I/N] [--json]\n"
           "       feerie-cli check --merge REPORT.json... [--json]\n"
           "       feerie-cli conditions   (the conditions and piece attributes it solves)\n");
  return 2;
}

static int
cmd_perft (int argc, char **argv)
{
  int depth = 1;
  const char *fen = NULL;
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--depth") == 0 && i + 1 < argc)
        depth = atoi (argv[++i]);
      else
        fen = argv[i];
    }
  if (!fen || depth < 1 || depth > 12)
    return usage ();
  FePosition pos;
  GError *error = NULL;
  if (!fe_fen_parse (fen, &pos, &error))
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 2;
    }
  /* The diagram's rules without a condition: fairy walks to promote into
   * (docs/rules/fairy-pieces.md §5), imitators put the Imitator in force. */
  FeRules rules;
  FeConditionParams none = { 0 };
  fe_rules_init (&rules, &none, &pos);
  pos.rules = fe_rules_for_position (&rules, FALSE);
  gint64 t0 = g_get_monotonic_time ();
  uint64_t n = fe_perft (&pos, depth);
  double s = (g_get_monotonic_time () - t0) / 1e6;
  fprintf (stderr, "perft %d: %.3f s, %.1f M nodes/s\n", depth, s, n / (s > 0 ? s : 1e-9) / 1e6);
  printf ("%" G_GUINT64_FORMAT "\n", (guint64) n);
  return 0;
}


static int
solve_file (const char *path, const FeSolverConfig *config, GString *out, FeSolverStats *stats,
            gboolean verify)
{
  GError *error = NULL;
  GPtrArray *problems = fe_cli_read_problems (path);
  if (!problems)
    return 2;
  int status = 0;
  for (guint i = 0; i < problems->len && !fe_cli_interrupted; i++)
    {
      const FeProblem *p = problems->pdata[i];
      gsize board = out->len;
      if (!p->options.no_board)
        fe_write_board (p, out);
      if (config->line && out->len > board)
        config->line (out->str + board, config->user_data);
      gsize from = out->len;
      if (!fe_solve (p, config, out, stats, &error))
        {
          fprintf (stderr, "%s: %s\n", path, error->message);
          g_clear_error (&error);
          status = 2;
          continue;
        }
      if (verify)
        {
          GString *report = g_string_new (NULL);
          int bad = fe_solve_verify (p, out->str + from, report, &error);
          if (bad < 0)
            {
              fprintf (stderr, "%s: verify: %s\n", path, error->message);
              g_clear_error (&error);
              status = 2;
            }
          else if (bad > 0)
            {
              fprintf (stderr, "%s: verify: %d bad line%s\n%s", path, bad, bad > 1 ? "s" : "",
                       report->str);
              status = 1;
            }
          g_string_free (report, TRUE);
        }
    }
  g_ptr_array_unref (problems);
  return status;
}

/* Limits of the solve options: beyond them the request is a mistake. */
#define MAX_HASH_MB (1024 * 1024) /* 1 TB */
#define MAX_THREADS 256

/* Without --threads, one solver thread per core: the output is the same
 * on any number of threads, and composers want it soon. */
static int
default_threads (void)
{
  return CLAMP ((int) g_get_num_processors (), 1, MAX_THREADS);
}
#define MAX_TIME_S 1e9

/* A whole decimal number in [min, max], or FALSE. */
static gboolean
parse_int (const char *text, long min, long max, int *out)
{
  char *end = NULL;
  gint64 v;
  if (!text || !g_ascii_isdigit (text[0]))
    return FALSE;
  v = g_ascii_strtoll (text, &end, 10);
  if (*end || v < min || v > max)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static int
bad_option (const char *option, const char *value, const char *expected)
{
  fprintf (stderr, "feerie-cli: %s %s: %s\n", option, value ? value : "(missing)", expected);
  return 2;
}

/* The solution is printed as the solver finds it (config.line), so a long
 * solve shows its first lines at once; flushed at most 20 times a second
 * (the whole text of a big help play is tens of thousands of lines). */
static gint64 last_flush_us;

static void
print_text (const char *text, gpointer data)
{
  (void) data;
  fputs (text, stdout);
  gint64 now = g_get_monotonic_time ();
  if (now - last_flush_us >= 50000)
    {
      fflush (stdout);
      last_flush_us = now;
    }
}

/* The solver's notices (the goal-directed help search switched off, and
 * why) go beside the solution, not into it. */
static void
print_notice (const char *text, gpointer data)
{
  (void) data;
  fprintf (stderr, "feerie-cli: note: %s\n", text);
}

static int
cmd_solve (int argc, char **argv)
{
  FeSolverConfig config = { 0 };
  const char *path = NULL;
  gboolean verify = FALSE, json = FALSE;
  /* solve --json keeps the tree: bounded like the window's. */
  int max_lines = 100000;
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (strcmp (a, "--hash") == 0)
        {
          int mb;
          if (!parse_int (v, 0, MAX_HASH_MB, &mb))
            return bad_option (a, v,
                               "expected a whole number of megabytes from 0 (no table) to 1048576");
          if (mb > fe_solver_max_hash_mb ())
            {
              fprintf (stderr,
                       "feerie-cli: --hash %s: more than the memory of this machine (%d MB)\n", v,
                       fe_solver_max_hash_mb ());
              return 2;
            }
          config.hash_mb = mb ? mb : -1;
          i++;
        }
      else if (strcmp (a, "--threads") == 0)
        {
          if (!parse_int (v, 1, MAX_THREADS, &config.threads))
            return bad_option (a, v, "expected a whole number of threads from 1 to 256");
          i++;
        }
      else if (strcmp (a, "--max-time") == 0)
        {
          char *end = NULL;
          double t = v ? g_ascii_strtod (v, &end) : 0;
          if (!v || end == v || *end || !(t > 0 && t <= MAX_TIME_S))
            return bad_option (a, v, "expected a number of seconds, more than 0 and at most 1e9");
          config.max_time = t;
          i++;
        }
      else if (strcmp (a, "--verify") == 0)
        verify = TRUE;
      else if (strcmp (a, "--json") == 0)
        json = TRUE;
      else if (strcmp (a, "--max-lines") == 0)
        {
          if (!parse_int (v, 1, G_MAXINT, &max_lines))
            return bad_option (a, v, "expected a whole number of lines, at least 1");
          i++;
        }
      else if (strcmp (a, "--plain-help") == 0)
        config.plain_help = TRUE;
      else if (a[0] == '-' || path)
        return usage ();
      else
        path = a;
    }
  if (!path)
    return usage ();
  if (!config.threads)
    config.threads = default_threads ();
  if (json && verify)
    return bad_option ("--json", "--verify", "replays the text output: use one or the other");
  if (json)
    {
      fe_cli_catch_sigint ();
      config.cancelled = fe_cli_cancelled;
      int status = fe_cli_solve_json (path, &config, max_lines);
      return fe_cli_interrupted && status == 0 ? 130 : status;
    }
  GString *out = g_string_new (NULL);
  FeSolverStats stats = { 0 };
  fe_cli_catch_sigint ();
  config.cancelled = fe_cli_cancelled;
  config.line = print_text;
  config.notice = print_notice;
  int status = solve_file (path, &config, out, &stats, verify);
  if (fe_cli_interrupted)
    printf ("\nsolve interrupted (Ctrl+C) after %.1f s: the solutions above are those found so "
            "far\n", stats.seconds);
  if (fe_cli_interrupted && status == 0)
    status = 130; /* 128 + SIGINT, as a shell reports a process Ctrl+C ended */
  else if (status != 2)
    {
      /* Popeye's words, so scripts that read its output read ours. */
      if (stats.interrupted)
        printf ("\npartial solution (stopped after %.1f s)\n", stats.seconds);
      else
        printf ("\nsolution finished.%s\n", stats.solutions ? "" : " (no solution)");
    }
  g_string_free (out, TRUE);
  return status;
}

/* Replays the help and series lines of a solution text (ours or Popeye's)
 * for the first problem of FILE: 0 when every line holds, 1 otherwise. */
static int
cmd_verify (int argc, char **argv)
{
  if (argc != 2)
    return usage ();
  GError *error = NULL;
  GPtrArray *problems = fe_problem_file_read (argv[0], &error);
  char *text = NULL;
  if (!problems || !problems->len || !g_file_get_contents (argv[1], &text, NULL, &error))
    {
      fprintf (stderr, "feerie-cli: %s\n", error ? error->message : "no problem");
      g_clear_error (&error);
      if (problems)
        g_ptr_array_unref (problems);
      return 2;
    }
  GString *report = g_string_new (NULL);
  int bad = fe_solve_verify (problems->pdata[0], text, report, &error);
  int status = 0;
  if (bad < 0)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_clear_error (&error);
      status = 2;
    }
  else if (bad > 0)
    {
      fprintf (stderr, "%s: %d bad line%s\n%s", argv[1], bad, bad > 1 ? "s" : "", report->str);
      status = 1;
    }
  g_string_free (report, TRUE);
  g_free (text);
  g_ptr_array_unref (problems);
  return status;
}

/* Popeye's times, name → seconds: TIMES.tsv in the directory (the speed
 * set: name, from, stipulation, seconds) or the oracle's INDEX.tsv.  The
 * file read goes to *source (NULL when none), so the table says where its
 * Popeye column comes from. */
static GHashTable *
read_popeye_times (const char *dir, char **source)
{
  GHashTable *t = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const char *candidates[][2]
    = { { "TIMES.tsv", NULL }, { "INDEX.tsv", NULL }, { "..", "INDEX.tsv" } };
  *source = NULL;
  for (size_t c = 0; c < G_N_ELEMENTS (candidates); c++)
    {
      char *index = g_build_filename (dir, candidates[c][0], candidates[c][1], NULL);
      char *text = NULL;
      gboolean found = g_file_get_contents (index, &text, NULL, NULL);
      if (!found)
        {
          g_free (index);
          continue;
        }
      char **lines = g_strsplit (text, "\n", -1);
      for (char **l = lines; *l; l++)
        {
          char **f = g_strsplit (*l, "\t", -1);
          if (g_strv_length (f) > 3 && g_ascii_isdigit (f[3][0]))
            g_hash_table_insert (t, g_strdup (f[0]), g_strdup (f[3]));
          else if (l == lines && g_strv_length (f) > 3)
            *source = g_strdup_printf ("%s, column %s", index, f[3]);
          g_strfreev (f);
        }
      if (!*source)
        *source = g_strdup (index);
      g_free (index);
      g_strfreev (lines);
      g_free (text);
      break;
    }
  return t;
}

/* The machine's load average (1, 5, 15 minutes), as /proc/loadavg says;
 * "?" where it cannot be read.  Times taken under load are not speeds. */
static char *
load_average (void)
{
  char *text = NULL;
  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return g_strdup ("?");
  char **f = g_strsplit (g_strstrip (text), " ", -1);
  char *load
    = g_strv_length (f) >= 3 ? g_strdup_printf ("%s %s %s", f[0], f[1], f[2]) : g_strdup ("?");
  g_strfreev (f);
  g_free (text);
  return load;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* Peak resident memory of this process so far, in MB (VmHWM). */
static double
peak_rss_mb (void)
{
  char *text = NULL;
  double mb = 0;
  if (g_file_get_contents ("/proc/self/status", &text, NULL, NULL))
    {
      const char *h = strstr (text, "VmHWM:");
      if (h)
        mb = g_ascii_strtod (h + 6, NULL) / 1024.0;
      g_free (text);
    }
  return mb;
}

/* The stipulation as written in a Popeye file ("stipulation #5"). */
static char *
read_stipulation (const char *path)
{
  char *text = NULL;
  char *stip = NULL;
  if (g_file_get_contents (path, &text, NULL, NULL))
    {
      char **lines = g_strsplit (text, "\n", -1);
      for (char **l = lines; *l && !stip; l++)
        {
          char *s = g_strstrip (*l);
          if (g_ascii_strncasecmp (s, "stip", 4) == 0)
            {
              const char *v = strchr (s, ' ');
              stip = g_strdup (v ? g_strstrip ((char *) v) : "");
            }
        }
      g_strfreev (lines);
      g_free (text);
    }
  return stip ? stip : g_strdup ("?");
}

/* Solves each DIR/NAME/problem.inp (or DIR/NAME.inp) in name order and
 * prints a table: time, nodes, speed, table fill, the process's peak RSS
 * (it only grows: the largest problem so far), and Popeye's time. */
static void
bench_problems (const char *dir, const FeSolverConfig *base, const char *only)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  if (!d)
    {
      fprintf (stderr, "feerie-cli bench: cannot read %s\n", dir);
      return;
    }
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  char *source;
  GHashTable *popeye = read_popeye_times (dir, &source);
  double ours = 0, theirs = 0;
  guint64 all_nodes = 0;
  char *load = load_average ();
  printf (
    "load average at the start: %s (1, 5, 15 min; on a busy machine the times are not speeds)\n",
    load);
  g_free (load);
  printf ("Popeye's times: %s\n", source ? source : "none found (no TIMES.tsv or INDEX.tsv)");
  printf ("%-28s %-9s %9s %9s %6s %12s %8s %6s %7s %s\n", "problem", "stip", "feerie s", "popeye s",
          "ratio", "nodes", "knodes/s", "fill%", "RSS MB", "");
  for (guint i = 0; i < names->len && !fe_cli_interrupted; i++)
    {
      const char *n = names->pdata[i];
      if (only && !strstr (n, only))
        continue;
      char *path = g_build_filename (dir, n, "problem.inp", NULL);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_free (path);
          if (!g_str_has_suffix (n, ".inp"))
            continue;
          path = g_build_filename (dir, n, NULL);
        }
      FeSolverConfig config = *base;
      FeSolverStats stats = { 0 };
      GString *out = g_string_new (NULL);
      int st = solve_file (path, &config, out, &stats, FALSE);
      char *key = g_str_has_suffix (n, ".inp") ? g_strndup (n, strlen (n) - 4) : g_strdup (n);
      const char *p = g_hash_table_lookup (popeye, key);
      char *stip = read_stipulation (path);
      double their = p ? g_ascii_strtod (p, NULL) : 0;
      char ratio[16] = "-";
      if (their > 0)
        g_snprintf (ratio, sizeof ratio, "%.2f", stats.seconds / their);
      printf ("%-28s %-9s %9.3f %9s %6s %12" G_GUINT64_FORMAT " %8.0f %6.1f %7.1f%s\n", key, stip,
              stats.seconds, p ? p : "-", ratio, stats.nodes,
              stats.nodes / (stats.seconds > 0 ? stats.seconds : 1e-9) / 1e3,
              stats.table_entries ? 100.0 * stats.table_used / stats.table_entries : 0.0,
              peak_rss_mb (), st ? " (error)" : stats.interrupted ? " (stopped)" : "");
      fflush (stdout);
      ours += stats.seconds;
      all_nodes += stats.nodes;
      theirs += their;
      g_string_free (out, TRUE);
      g_free (stip);
      g_free (key);
      g_free (path);
    }
  char total_ratio[16] = "-";
  if (theirs > 0)
    g_snprintf (total_ratio, sizeof total_ratio, "%.2f", ours / theirs);
  printf ("%-28s %-9s %9.3f %9.3f %6s %12" G_GUINT64_FORMAT "\n", "total", "", ours, theirs,
          total_ratio, all_nodes);
  load = load_average ();
  printf ("(%d solver thread%s, table %d MB; feerie/popeye %s; load average at the end: %s)\n",
          base->threads, base->threads == 1 ? "" : "s",
          base->hash_mb > 0 ? base->hash_mb : base->hash_mb ? 0 : 64, total_ratio, load);
  g_free (load);
  g_free (source);
  g_hash_table_unref (popeye);
  g_ptr_array_unref (names);
}

static int
cmd_bench (int argc, char **argv)
{
  int depth = 5;
  gboolean perft = TRUE;
  const char *problems_dir = NULL, *only = NULL;
  FeSolverConfig config = { 0 };
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (strcmp (a, "--no-perft") == 0)
        {
          perft = FALSE;
          continue;
        }
      if (strcmp (a, "--plain-help") == 0)
        {
          config.plain_help = TRUE;
          continue;
        }
      if (!v)
        {
          fprintf (stderr, "feerie-cli bench: %s needs a value\n", a);
          return 2;
        }
      i++;
      if (strcmp (a, "--depth") == 0)
        {
          if (!parse_int (v, 1, 8, &depth))
            return bad_option (a, v, "expected a depth from 1 to 8");
        }
      else if (strcmp (a, "--problems") == 0)
        problems_dir = v;
      else if (strcmp (a, "--only") == 0)
        only = v;
      else if (strcmp (a, "--threads") == 0)
        {
          if (!parse_int (v, 1, MAX_THREADS, &config.threads))
            return bad_option (a, v, "expected a whole number of threads from 1 to 256");
        }
      else if (strcmp (a, "--hash") == 0)
        {
          if (!parse_int (v, 0, fe_solver_max_hash_mb (), &config.hash_mb))
            return bad_option (a, v, "expected a table size in MB");
          config.hash_mb = config.hash_mb ? config.hash_mb : -1;
        }
      else if (strcmp (a, "--max-time") == 0)
        {
          char *end = NULL;
          double t = g_ascii_strtod (v, &end);
          if (!end || *end || !(t > 0 && t <= 1e9))
            return bad_option (a, v, "expected a number of seconds, more than 0 and at most 1e9");
          config.max_time = t;
        }
      else
        {
          fprintf (stderr, "feerie-cli bench: unknown option %s\n", a);
          return 2;
        }
    }
  if (!config.threads)
    config.threads = default_threads ();
  static const char *positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
  };
  guint64 total = 0;
  double total_s = 0;
  for (size_t i = 0; perft && i < G_N_ELEMENTS (positions); i++)
    {
      FePosition pos;
      fe_fen_parse (positions[i], &pos, NULL);
      int d = i == 0 ? depth : MAX (depth - 1, 1);
      gint64 t0 = g_get_monotonic_time ();
      uint64_t n = fe_perft (&pos, d);
      double s = (g_get_monotonic_time () - t0) / 1e6;
      printf ("perft %-8s depth %d: %12" G_GUINT64_FORMAT " nodes %8.3f s %8.2f Mnps\n",
              i == 0 ? "start" : "kiwipete", d, (guint64) n, s, n / (s > 0 ? s : 1e-9) / 1e6);
      total += n;
      total_s += s;
    }
  if (perft)
    printf ("perft total: %" G_GUINT64_FORMAT " nodes, %.2f M nodes/s\n", total,
            total / (total_s > 0 ? total_s : 1e-9) / 1e6);
  const char *dir = problems_dir ? problems_dir : g_getenv ("FEERIE_BENCH_DIR");
  if (!dir && g_file_test ("tests/oracle/data/cases", G_FILE_TEST_IS_DIR))
    dir = "tests/oracle/data/cases";
  if (dir)
    bench_problems (dir, &config, only);
  return 0;
}

/* The registry, for scripts and tests: one line per condition, its name
 * and Popeye words ("condition<TAB>circe<TAB>Circe Parrain …"), then one
 * per piece attribute ("attribute<TAB>magic<TAB>Magic"). */
static int
cmd_conditions (int argc, char **argv)
{
  (void) argv;
  if (argc != 0)
    return usage ();
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      printf ("condition\t%s\t", cls->name);
      for (int k = 0; k < cls->n_popeye_keywords; k++)
        printf ("%s%s", k ? " " : "", cls->popeye_keywords[k].word);
      printf ("\n");
    }
  for (int i = 0; i < fe_attribute_count (); i++)
    printf ("attribute\t%s\t%s\n", fe_attribute_nth (i)->name, fe_attribute_nth (i)->popeye_word);
  return 0;
}

int
main (int argc, char **argv)
{
  static const struct {
    const char *name;
    int (*run) (int argc, char **argv);
  } commands[] = {
    { "perft", cmd_perft },
    { "solve", cmd_solve },
    { "verify", cmd_verify },
    { "bench", cmd_bench },
    { "diagram", fe_cli_cmd_diagram },
    { "convert", fe_cli_cmd_convert },
    { "conditions", cmd_conditions },
    { "check", fe_cli_cmd_check },
  };
  for (guint i = 0; argc >= 2 && i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 2, argv + 2);
  return usage ();
}
