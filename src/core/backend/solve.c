/* solve.c — fe_solve: the refusal, the choice of a backend, the tree and
 * the text written from it as the backend builds it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <unistd.h>

#include "backend.h"
#include "core/rules/movegen.h"
#include "core/model/fe-i18n.h"

static const FeBackend *const backends[] = { &fe_search_backend, &fe_structured_backend };

/* What no backend can solve: conditions read but not known, or values the
 * conditions' rules leave undefined. */
static gboolean
problem_refused (const FeProblem *problem, FeRefusal *refusal)
{
  if (problem->unsupported->len)
    {
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < problem->unsupported->len; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "",
                                (char *) problem->unsupported->pdata[i]);
      refusal->reason = FE_REFUSAL_CONDITIONS;
      refusal->subject = g_string_free (names, FALSE);
      g_set_error (&refusal->error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                   _ ("unsupported condition: %s (Féerie cannot solve this problem)"),
                   refusal->subject);
      return TRUE;
    }
  /* A neutral king belongs to both sides' check (Popeye): the rules hold
   * one king a side, so such a problem would be solved wrongly. */
  FePosition pos;
  FeStipulation stip;
  FeConditionParams cond;
  for (guint t = 0; t <= problem->twins->len; t++)
    {
      /* Twin by twin in order: linear however many twins. */
      if (!fe_problem_apply_next_twin (problem, (int) t, &pos, &stip, &cond, NULL))
        break;
      for (int i = 0; i < 64; i++)
        {
          FePiece p = pos.board[FE_SQ88 (i)];
          if (p.walk != FE_WALK_KING || p.colour != FE_NEUTRAL)
            continue;
          char name[3];
          fe_square_name (FE_SQ88 (i), name);
          refusal->reason = FE_REFUSAL_PIECES;
          refusal->subject = g_strdup_printf ("nK%s", name);
          g_set_error (&refusal->error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                       _ ("a neutral king (on %s) is not supported (Féerie cannot solve this problem)"),
                       name);
          return TRUE;
        }
    }
  /* The diagram's conditions, when the diagram is solved (a twin's are
   * checked when the twin is). */
  if (!problem->zero_position
      && !fe_conditions_validate (&problem->conditions, &problem->diagram, &refusal->error))
    {
      refusal->reason = FE_REFUSAL_CONDITION_VALUES;
      return TRUE;
    }
  return FALSE;
}

/* The last reason given wins when none accepts (a backend for which the
 * problem is none of its business gives none). */
const FeBackend *
fe_solve_choose (const FeProblem *problem, FeRefusal *refusal)
{
  g_return_val_if_fail (problem != NULL && refusal != NULL, NULL);
  *refusal = (FeRefusal) { FE_REFUSAL_NONE, NULL, NULL };
  if (problem_refused (problem, refusal))
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (backends); i++)
    {
      FeRefusal mine = { FE_REFUSAL_NONE, NULL, NULL };
      if (!backends[i]->refuses (problem, &mine))
        {
          fe_refusal_clear (refusal);
          return backends[i];
        }
      if (mine.reason != FE_REFUSAL_NONE || !refusal->error)
        {
          fe_refusal_clear (refusal);
          *refusal = mine;
        }
      else
        fe_refusal_clear (&mine);
    }
  return NULL;
}

gboolean
fe_solve_refusal (const FeProblem *problem, FeRefusal *refusal)
{
  g_return_val_if_fail (problem != NULL && refusal != NULL, FALSE);
  return fe_solve_choose (problem, refusal) == NULL;
}

void
fe_refusal_clear (FeRefusal *refusal)
{
  g_clear_pointer (&refusal->subject, g_free);
  g_clear_error (&refusal->error);
  refusal->reason = FE_REFUSAL_NONE;
}

/* Where the nodes go besides the tree: the text writer, when text is
 * asked for (the caller's string, its line callback), and the caller's
 * node callback. */
typedef struct {
  GString *out;
  const FeSolverConfig *config;
  FeTextWriter *writer;
} Sink;

static void
sink_text (const char *text, gpointer data)
{
  Sink *sink = data;
  if (sink->out)
    g_string_append (sink->out, text);
  if (sink->config && sink->config->line)
    sink->config->line (text, sink->config->user_data);
}

static void
sink_node (const FeSolutionNode *node, gpointer data)
{
  Sink *sink = data;
  if (sink->writer)
    fe_text_writer_node (sink->writer, node);
  if (sink->config && sink->config->node)
    sink->config->node (node, sink->config->user_data);
}

gboolean
fe_solve (const FeProblem *problem, const FeSolverConfig *config, GString *out,
          FeSolverStats *stats, GError **error)
{
  FeRefusal refusal;
  const FeBackend *backend = fe_solve_choose (problem, &refusal);
  if (!backend)
    {
      g_propagate_error (error, g_steal_pointer (&refusal.error));
      fe_refusal_clear (&refusal);
      return FALSE;
    }
  return fe_solve_with (backend, problem, config, out, stats, error);
}

gboolean
fe_solve_with (const FeBackend *backend, const FeProblem *problem, const FeSolverConfig *config,
               GString *out, FeSolverStats *stats, GError **error)
{
  g_return_val_if_fail (backend != NULL && problem != NULL, FALSE);
  /* The backend makes the tree; the text is written from it as it grows.
   * Without a caller's tree, a transient one: nodes freed once written. */
  FeSolution *tree;
  if (config && config->tree)
    tree = fe_solution_ref (config->tree);
  else
    {
      tree = fe_solution_new ();
      tree->transient = TRUE;
    }
  Sink sink = { out, config, NULL };
  if (out || (config && config->line))
    sink.writer = fe_text_writer_new (sink_text, &sink);
  fe_solution_set_sink (tree, sink_node, &sink);

  FeSolverStats run = { 0 };
  gboolean ok = backend->solve (problem, config, tree, &run, error);

  if (sink.writer)
    {
      fe_text_writer_finish (sink.writer);
      fe_text_writer_free (sink.writer);
    }
  fe_solution_builder_end (tree);
  fe_solution_set_sink (tree, NULL, NULL);
  g_mutex_lock (&tree->lock);
  tree->complete = ok && !run.interrupted;
  g_mutex_unlock (&tree->lock);
  fe_solution_unref (tree);
  if (stats)
    {
      stats->nodes += run.nodes;
      stats->seconds += run.seconds;
      stats->interrupted |= run.interrupted;
      stats->solutions += run.solutions;
      if (run.table_entries)
        {
          stats->table_entries = run.table_entries;
          stats->table_used = run.table_used;
        }
    }
  return ok;
}

/* The memory a table may take at most: the machine's (or the container's,
 * when its cgroup says less).  Asking for more would not fail at once with
 * lazily mapped pages, but end in the out-of-memory killer. */
int
fe_solver_max_hash_mb (void)
{
  guint64 bytes = 0;
#ifdef _SC_PHYS_PAGES
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages > 0 && size > 0)
    bytes = (guint64) pages * (guint64) size;
#endif
  char *text = NULL;
  if (g_file_get_contents ("/sys/fs/cgroup/memory.max", &text, NULL, NULL))
    {
      guint64 cg = g_ascii_strtoull (text, NULL, 10);
      if (cg && (!bytes || cg < bytes))
        bytes = cg;
      g_free (text);
    }
  guint64 mb = bytes >> 20;
  if (!mb || mb > G_MAXINT)
    mb = G_MAXINT;
  return (int) mb;
}

guint64
fe_perft_diagram (const FePosition *diagram, int depth)
{
  FePosition pos = *diagram;
  FeRules rules;
  FeConditionParams none = { 0 };
  fe_rules_init (&rules, &none, &pos);
  pos.rules = fe_rules_for_position (&rules, FALSE);
  return fe_perft (&pos, depth);
}
