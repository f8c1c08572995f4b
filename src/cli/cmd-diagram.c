/* cmd-diagram.c — `feerie-cli diagram IN OUT.{png,svg,pdf,tex}` and
 * `feerie-cli diagram --collection IN... OUT.{pdf,tex}`.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is read by its extension (fe_problem_file_read): .xml Féerie
 * XML, .fen FEN, anything else Popeye input.  A single diagram is the file's first
 * problem; a collection takes every problem of every file (directories are
 * searched for .inp, .xml and .fen files).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "cli-commands.h"
#include "cli-inputs.h"
#include "io/fe-atomic-save.h"
#include "io/problem-file.h"
#include "core/backend/backend.h"
#include "render/fe-collection.h"
#include "render/fe-latex.h"
#include "render/fe-render.h"


static int
usage (void)
{
  fprintf (stderr,
           "usage: feerie-cli diagram [--size PX] [--no-caption] IN OUT.{png,svg,pdf,tex}\n"
           "       feerie-cli diagram --collection [--no-caption] [--title TEXT]\n"
           "                  [--solutions auto|file|solve|none] [--solve-time S]\n"
           "                  IN|DIR... OUT.{pdf,tex}\n");
  return 2;
}

typedef enum { SOL_AUTO, SOL_FILE, SOL_SOLVE, SOL_NONE } SolutionSource;

/* The solution printed for one problem of a collection: the composer's
 * from the file when there is one (auto, file), else the solver's within
 * the time limit; NULL = none. */
static char *
solution_of (const FeProblem *p, SolutionSource source, double solve_time)
{
  if (source == SOL_NONE)
    return NULL;
  if (source != SOL_SOLVE && p->solution_text && *p->solution_text)
    return g_strdup (p->solution_text);
  if (source == SOL_FILE || solve_time <= 0)
    return NULL;
  FeSolverConfig config = { 0 };
  config.max_time = solve_time;
  config.hash_mb = 16; /* many small searches: a small table clears fast */
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  if (!fe_solve (p, &config, out, &stats, &error))
    {
      g_string_printf (out, "(not solved: %s)", error->message);
      g_error_free (error);
    }
  else if (stats.interrupted)
    g_string_append_printf (out, "\n(incomplete: the solver stopped after %g s)", solve_time);
  else if (stats.solutions == 0 && out->len == 0)
    g_string_append (out, "(no solution)");
  return g_string_free (out, FALSE);
}

typedef struct {
  GPtrArray *problems, *solutions;
  SolutionSource source;
  double solve_time;
} SolveJobs;

static void
solve_one (gpointer index, gpointer data)
{
  SolveJobs *jobs = data;
  guint i = GPOINTER_TO_UINT (index) - 1;
  jobs->solutions->pdata[i]
    = solution_of (jobs->problems->pdata[i], jobs->source, jobs->solve_time);
}

/* Independent problems are solved side by side, one a core: the search
 * has no global state (the GUI solves in a worker thread as well). */
static GPtrArray *
collect_solutions (GPtrArray *problems, SolutionSource source, double solve_time)
{
  GPtrArray *solutions = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (solutions, problems->len);
  SolveJobs jobs = { problems, solutions, source, solve_time };
  int workers = CLAMP ((int) g_get_num_processors (), 1, 8);
  GThreadPool *pool = g_thread_pool_new (solve_one, &jobs, workers, TRUE, NULL);
  for (guint i = 0; i < problems->len; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  return solutions;
}

static int
write_collection (GPtrArray *inputs, const char *out, gboolean caption, const char *title,
                  SolutionSource source, double solve_time)
{
  GError *error = NULL;
  GPtrArray *files = fe_cli_expand_inputs ((char **) inputs->pdata, (int) inputs->len, &error);
  if (!files)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 2;
    }
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  int status = 0;
  for (guint i = 0; i < files->len; i++)
    {
      GPtrArray *some = fe_problem_file_read (files->pdata[i], &error);
      if (!some)
        {
          /* One bad file does not lose the others: said, and the exit
           * status tells. */
          fprintf (stderr, "feerie-cli: %s\n", error->message);
          g_clear_error (&error);
          status = 2;
          continue;
        }
      while (some->len)
        g_ptr_array_add (problems, g_ptr_array_steal_index (some, 0));
      g_ptr_array_unref (some);
    }
  g_ptr_array_unref (files);
  if (problems->len == 0)
    {
      fprintf (stderr, "feerie-cli: no problem in the input\n");
      g_ptr_array_unref (problems);
      return 2;
    }

  gboolean ok;
  if (g_str_has_suffix (out, ".tex"))
    {
      GString *doc = g_string_new (FE_LATEX_PREAMBLE "\\begin{document}\n");
      for (guint i = 0; i < problems->len; i++)
        {
          g_autofree char *fragment = fe_latex_diagram (problems->pdata[i], caption);
          g_string_append (doc, fragment);
          g_string_append (doc, i % 2 == 0 ? "\\hfill\n" : "\n\\bigskip\n\n");
        }
      g_string_append (doc, "\\end{document}\n");
      ok = fe_atomic_save (out, doc->str, doc->len, &error);
      g_string_free (doc, TRUE);
    }
  else if (g_str_has_suffix (out, ".pdf"))
    {
      GPtrArray *solutions = collect_solutions (problems, source, solve_time);
      FeCollectionOptions opts;
      fe_collection_options_init (&opts);
      opts.caption = caption;
      opts.title = title;
      ok = fe_collection_write_pdf (problems, solutions, out, NULL, &opts, &error);
      g_ptr_array_unref (solutions);
    }
  else
    {
      fprintf (stderr, "feerie-cli: %s: a collection is written as .pdf or .tex\n", out);
      g_ptr_array_unref (problems);
      return 2;
    }
  g_ptr_array_unref (problems);
  if (!ok)
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      return 2;
    }
  return status;
}

int
fe_cli_cmd_diagram (int argc, char **argv)
{
  int size = 480;
  gboolean caption = TRUE, collection = FALSE;
  const char *title = NULL;
  SolutionSource source = SOL_AUTO;
  double solve_time = 1.0;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--size") == 0 && i + 1 < argc)
        size = atoi (argv[++i]);
      else if (strcmp (argv[i], "--no-caption") == 0)
        caption = FALSE;
      else if (strcmp (argv[i], "--collection") == 0)
        collection = TRUE;
      else if (strcmp (argv[i], "--title") == 0 && i + 1 < argc)
        title = argv[++i];
      else if (strcmp (argv[i], "--solve-time") == 0 && i + 1 < argc)
        {
          char *end = NULL;
          solve_time = g_ascii_strtod (argv[++i], &end);
          if (!end || *end || solve_time < 0)
            return usage ();
        }
      else if (strcmp (argv[i], "--solutions") == 0 && i + 1 < argc)
        {
          const char *s = argv[++i];
          if (g_str_equal (s, "auto"))
            source = SOL_AUTO;
          else if (g_str_equal (s, "file"))
            source = SOL_FILE;
          else if (g_str_equal (s, "solve"))
            source = SOL_SOLVE;
          else if (g_str_equal (s, "none"))
            source = SOL_NONE;
          else
            return usage ();
        }
      else if (argv[i][0] == '-' && argv[i][1])
        return usage ();
      else
        g_ptr_array_add (names, argv[i]);
    }
  if (names->len < 2 || (!collection && names->len != 2))
    return usage ();
  const char *out = names->pdata[names->len - 1];
  g_ptr_array_set_size (names, names->len - 1);
  if (collection)
    return write_collection (names, out, caption, title, source, solve_time);

  const char *in = names->pdata[0];
  GError *error = NULL;
  GPtrArray *problems = fe_problem_file_read (in, &error);
  if (!problems || problems->len == 0)
    {
      fprintf (stderr, "feerie-cli: %s\n", error ? error->message : "no problem in the input");
      g_clear_error (&error);
      g_clear_pointer (&problems, g_ptr_array_unref);
      return 2;
    }
  int status = 0;
  FeDiagramOptions opts;
  fe_render_diagram_options_init (&opts);
  opts.caption = caption;
  if (!fe_render_export_full (problems->pdata[0], out, size, NULL, &opts, &error))
    {
      fprintf (stderr, "feerie-cli: %s\n", error->message);
      g_error_free (error);
      status = 2;
    }
  g_ptr_array_unref (problems);
  return status;
}
