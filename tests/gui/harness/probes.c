/* probes.c — what a script reads of the window's state: the board shown
 * (diagram or playback), the solve's state; a log of each solve with the
 * main loop's longest pause and Stop's latency, from the window's
 * "solve-started" / "solve-finished" signals.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "harness.h"
#include "feerie-solve-summary.h"
#include "core/model/walk.h"

char *
harness_describe_display (FeerieWindow *self)
{
  GString *s = g_string_new (NULL);
  FePosition pos;
  FeRenderMarks marks = { 0 };
  if (self->playing)
    {
      fe_solution_node_position (self->play_node, self->play_stage, &pos);
      feerie_board_view_get_marks (self->board, &marks);
    }
  else
    pos = self->problem->diagram;
  static const char colours[] = "wbn";
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      FePiece piece = pos.board[sq];
      if (piece.walk == FE_WALK_NONE)
        continue;
      char name[3];
      fe_square_name (sq, name);
      g_string_append_printf (s, "piece %c%s%s", colours[piece.colour], fe_walk_print_code (piece.walk), name);
      fe_attribute_append_names (s, piece.attrs);
      g_string_append_c (s, '\n');
    }
  for (int i = 0; i < pos.n_imitators; i++)
    {
      char name[3];
      fe_square_name (pos.imitators[i], name);
      g_string_append_printf (s, "imitator %s\n", name);
    }
  static const char *const kinds[] = { "change", "shift", "mutation", "recolour" };
  for (int i = 0; i < 64; i++)
    if (marks.highlight & (G_GUINT64_CONSTANT (1) << i))
      {
        char name[3];
        fe_square_name (FE_SQ88 (i), name);
        g_string_append_printf (s, "highlight %s\n", name);
        g_string_append_printf (s, "highlight %s %s\n", name, kinds[marks.highlight_kind]);
      }
  for (int i = 0; i < marks.n_arrows; i++)
    {
      char from[3], to[3];
      fe_square_name (marks.arrow_from[i], from);
      fe_square_name (marks.arrow_to[i], to);
      g_string_append_printf (s, "arrow %s-%s\n", from, to);
    }
  g_string_append_printf (s, "playing %d\nsolving %d\nstale %d\n", self->playing, self->job != NULL,
                          self->solution_stale);
  g_autofree char *refusal = feerie_window_solve_refusal (self);
  if (refusal)
    g_string_append_printf (s, "solve-off %s\n", refusal);
  static const char *const actions[] = { "solve", "stop-solving", "go-first", "go-back", "go-forward", "go-last" };
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    g_string_append_printf (s, "%s-enabled %d\n", actions[i],
                            g_action_group_get_action_enabled (G_ACTION_GROUP (self), actions[i]));
  if (self->playing && self->play_node->role != FE_ROLE_TWIN && self->play_stage > 0)
    g_string_append_printf (s, "step %s%s %d/%d %s\n", self->play_node->number, self->play_node->text,
                            self->play_stage, self->play_node->n_stages,
                            fe_stage_name (&self->play_node->stages[self->play_stage - 1]));
  if (self->solved && !self->job)
    {
      g_autofree char *summary = feerie_solve_summary_markup (self->solved, self->solved->complete);
      g_autofree char *plain = NULL;
      pango_parse_markup (summary, -1, 0, NULL, &plain, NULL, NULL);
      g_strdelimit (plain, "\n", '|');
      g_string_append_printf (s, "summary %s\n", plain);
    }
  return g_string_free (s, FALSE);
}

static const FeSolutionNode *
find_move (const FeSolutionNode *n, const char *text)
{
  if (n->role != FE_ROLE_TWIN && g_str_has_prefix (n->text, text))
    return n;
  for (guint i = 0; i < n->children->len; i++)
    {
      const FeSolutionNode *found = find_move (n->children->pdata[i], text);
      if (found)
        return found;
    }
  return NULL;
}

gboolean
harness_select_move (FeerieWindow *self, const char *text)
{
  if (!self->solved || self->job)
    return FALSE;
  for (guint t = 0; t < fe_solution_n_twins (self->solved); t++)
    {
      const FeSolutionNode *n = find_move (fe_solution_twin (self->solved, t), text);
      if (n)
        {
          g_signal_emit_by_name (self->solution_view, "node-selected", n);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- the main loop's pauses, the solve log ---------------------------------------- */

/* A timeout every 5 ms notes the longest time between two of its runs. */
typedef struct {
  gint64 last_us, max_us;
} Gap;

static void
gap_note (Gap *gap)
{
  gint64 now = g_get_monotonic_time ();
  if (gap->last_us)
    gap->max_us = MAX (gap->max_us, now - gap->last_us);
  gap->last_us = now;
}

typedef struct {
  char *path;
  guint gap_id;
  Gap gap;
  gint64 stop_us;   /* the first Stop during this solve, 0 before */
  int threads;
} SolveLog;

static void
solve_log_free (SolveLog *log)
{
  g_clear_handle_id (&log->gap_id, g_source_remove);
  g_free (log->path);
  g_free (log);
}

static void
log_line (SolveLog *log, const char *text)
{
  g_autofree char *old = NULL;
  g_file_get_contents (log->path, &old, NULL, NULL);
  g_autofree char *all = g_strconcat (old ? old : "", text, "\n", NULL);
  g_file_set_contents (log->path, all, -1, NULL);
}

static gboolean
gap_tick (gpointer data)
{
  gap_note (&((SolveLog *) data)->gap);
  return G_SOURCE_CONTINUE;
}

/* What a solve does besides searching (the harness is linked with
 * --wrap for these): the window asks for no Popeye text (nodes fed to a
 * text writer), and checks what can be solved and the conditions' values
 * once per change of the problem, not again per solve. */
static gint n_text_nodes, n_choices, n_validations;

void
__wrap_fe_text_writer_node (FeTextWriter *writer, const FeSolutionNode *node)
{
  g_atomic_int_inc (&n_text_nodes);
  __real_fe_text_writer_node (writer, node);
}

const FeBackend *
__wrap_fe_solve_choose (const FeProblem *problem, FeRefusal *refusal)
{
  g_atomic_int_inc (&n_choices);
  return __real_fe_solve_choose (problem, refusal);
}

gboolean
__wrap_fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram,
                               GError **error)
{
  g_atomic_int_inc (&n_validations);
  return __real_fe_conditions_validate (params, diagram, error);
}

static void
on_solve_started (FeerieWindow *self, SolveLog *log)
{
  g_atomic_int_set (&n_text_nodes, 0);
  g_atomic_int_set (&n_choices, 0);
  g_atomic_int_set (&n_validations, 0);
  log->gap = (Gap) { 0 };
  log->stop_us = 0;
  g_clear_handle_id (&log->gap_id, g_source_remove);
  log->gap_id = g_timeout_add (5, gap_tick, log);
  log->threads = self->settings ? g_settings_get_int (self->settings, "solve-threads") : 0;
  if (log->threads <= 0)
    log->threads = (int) g_get_num_processors ();
  log_line (log, "started");
}

static void
on_stop (GSimpleAction *action, GVariant *param, SolveLog *log)
{
  if (log->gap_id && !log->stop_us)
    log->stop_us = g_get_monotonic_time ();
}

/* The tree as lines (depth, role, move, marks, notes, stages): the same
 * tree whatever the number of threads. */
static void
dump_node (GString *s, const FeSolutionNode *n, int depth)
{
  g_string_append_printf (s, "%d %s %s%s %u %u %d\n", depth, fe_solution_role_name (n->role), n->number,
                          n->role == FE_ROLE_TWIN ? n->twin_label : n->text, n->marks, n->notes, n->n_stages);
  for (guint i = 0; i < n->children->len; i++)
    dump_node (s, n->children->pdata[i], depth + 1);
}

static void
on_solve_finished (FeerieWindow *self, gboolean stopped, const char *error, guint64 nodes, SolveLog *log)
{
  gint64 end = g_get_monotonic_time ();
  g_clear_handle_id (&log->gap_id, g_source_remove);
  GString *tree = g_string_new (NULL);
  for (guint t = 0; self->solved && t < fe_solution_n_twins (self->solved); t++)
    dump_node (tree, fe_solution_twin (self->solved, t), 0);
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, tree->str, tree->len);
  g_string_free (tree, TRUE);
  g_autofree char *line = g_strdup_printf (
    "finished stopped=%d error=%d nodes=%" G_GUINT64_FORMAT " shown=%u max-gap-ms=%.1f stop-ms=%.1f "
    "threads=%d tree=%s text-nodes=%d choices=%d validations=%d",
    stopped, error != NULL, nodes, self->solved ? self->solved->n_nodes : 0, log->gap.max_us / 1000.0,
    log->stop_us ? (end - log->stop_us) / 1000.0 : -1.0, log->threads, digest,
    g_atomic_int_get (&n_text_nodes), g_atomic_int_get (&n_choices),
    g_atomic_int_get (&n_validations));
  log_line (log, line);
}

void
harness_log_solves (FeerieWindow *self, const char *path)
{
  SolveLog *log = g_object_get_data (G_OBJECT (self), "harness-solve-log");
  if (log)
    {
      g_free (log->path);
      log->path = g_strdup (path);
      return;
    }
  log = g_new0 (SolveLog, 1);
  log->path = g_strdup (path);
  g_object_set_data_full (G_OBJECT (self), "harness-solve-log", log, (GDestroyNotify) solve_log_free);
  g_signal_connect (self, "solve-started", G_CALLBACK (on_solve_started), log);
  g_signal_connect (self, "solve-finished", G_CALLBACK (on_solve_finished), log);
  /* Stop by its action, whoever activates it (a key, the bus). */
  GAction *stop = g_action_map_lookup_action (G_ACTION_MAP (self), "stop-solving");
  g_signal_connect (stop, "activate", G_CALLBACK (on_stop), log);
}

typedef struct {
  Gap gap;
  gint64 end;
  char *path;
} GapProbe;

static gboolean
gap_probe_tick (gpointer data)
{
  GapProbe *g = data;
  gap_note (&g->gap);
  if (g->gap.last_us < g->end)
    return G_SOURCE_CONTINUE;
  g_autofree char *text = g_strdup_printf ("idle max-gap-ms=%.1f\n", g->gap.max_us / 1000.0);
  g_file_set_contents (g->path, text, -1, NULL);
  g_free (g->path);
  g_free (g);
  return G_SOURCE_REMOVE;
}

void
harness_probe_idle_gap (guint ms, const char *path)
{
  GapProbe *g = g_new0 (GapProbe, 1);
  g->end = g_get_monotonic_time () + ms * (gint64) 1000;
  g->path = g_strdup (path);
  g_timeout_add (5, gap_probe_tick, g);
}
