/* help.c — help play and series play: every solution, one line each.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "solver-private.h"

/* Salts keep help and series entries apart in the shared table. */
#define SALT_HELP 0x6a09e667f3bcc908ull
#define SALT_SERIES 0xbb67ae8584caa73bull
#define SALT_FINAL 0x510e527fade682d1ull

/* Writes one solution.  Help play numbers move pairs ("1.B W   2.B W");
 * series play numbers each series move and passes for the other side
 * between them, then adds the final reply after a space. */
static void
print_line (FeSolver *s, const FeMove *moves, int n, gboolean starts_half, int series_len)
{
  /* Replay from the root to write each move from its own position. */
  FePosition here = s->pos;
  s->pos = s->root;
  GString *line = g_string_new ("  ");
  FeUndo undo[256], null_undo[256];
  int number = 1;
  int half = starts_half ? 1 : 0;
  if (starts_half)
    g_string_append (line, "1...");
  for (int i = 0; i < n; i++)
    {
      if (series_len)
        {
          if (i < series_len)
            g_string_append_printf (line, "%s%d.", i ? "   " : "", i + 1);
          else
            g_string_append_c (line, ' ');
        }
      else if (!starts_half || i > 0)
        {
          if ((i + half) % 2 == 0)
            {
              if (i)
                g_string_append (line, "   ");
              g_string_append_printf (line, "%d.", number);
            }
          else
            g_string_append_c (line, ' ');
        }
      gsize mark = line->len;
      fe_solver_append_move (s, line, &moves[i], i == n - 1, TRUE);
      if (s->tree)
        fe_solution_hook_line_move (s, i, &moves[i], line->str + mark, starts_half, series_len);
      fe_make (&s->pos, &moves[i], &undo[i]);
      if (series_len && i < series_len - 1)
        fe_make_null (&s->pos, &null_undo[i]);
      if ((i + half) % 2 == 1)
        number++;
    }
  for (int i = n - 1; i >= 0; i--)
    {
      if (series_len && i < series_len - 1)
        fe_unmake_null (&s->pos, &null_undo[i]);
      fe_unmake (&s->pos, &moves[i], &undo[i]);
    }
  s->pos = here;
  if (s->tree)
    fe_solution_hook_line_end (s, n, series_len);
  g_string_append_c (line, '\n');
  g_string_append (s->out, line->str);
  if (s->config && s->config->line)
    s->config->line (line->str, s->config->user_data);
  g_string_free (line, TRUE);
  s->solutions++;
}

static gboolean
enough (FeSolver *s)
{
  return s->aborted || (s->max_solutions && s->solutions >= s->max_solutions);
}

/* Help play with h half-moves left; prints solutions when `print`.
 * Returns whether at least one solution exists. */
static gboolean
help (FeSolver *s, int h, int depth, gboolean print, gboolean starts_half)
{
  if (fe_solver_tick (s))
    return FALSE;
  uint64_t key = s->pos.hash ^ SALT_HELP;
  if (fe_tt_probe (s->tt, key, h) == 0)
    return FALSE;
  FeMoveList list;
  fe_generate_pseudo (&s->pos, &list);
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean found = FALSE;
  FeUndo undo;
  for (int i = 0; i < list.count && !enough (s); i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, h, i, list.count);
      if (!fe_solver_root_move_mine (s, depth, i))
        continue;
      s->line_moves[depth] = *m;
      gboolean ok;
      if (h == 1)
        {
          ok = fe_solver_final_move_reaches_goal (s, m);
          if (ok && print)
            print_line (s, s->line_moves, depth + 1, starts_half, 0);
        }
      else
        {
          if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
            continue;
          ok = help (s, h - 1, depth + 1, print, starts_half);
          fe_unmake (&s->pos, m, &undo);
        }
      found |= ok;
      if (found && !print)
        break;
    }
  if (!s->aborted && !enough (s) && !(depth <= 1 && s->root_outs))
    fe_tt_store (s->tt, key, h, found);
  return found;
}

typedef struct {
  int h;
  gboolean starts_half;
} HelpJob;

static void
help_worker (FeSolver *w, gpointer data)
{
  HelpJob *job = data;
  help (w, job->h, 0, TRUE, job->starts_half);
}

/* One length of help play, on several threads when asked. */
static void
help_length (FeSolver *s, int h, gboolean starts_half)
{
  int threads = s->config ? s->config->threads : 1;
  if (threads > 1 && !s->max_solutions && h >= 3)
    {
      HelpJob job = { h, starts_half };
      GString *out = s->out;
      fe_solver_run_parallel (s, threads, help_worker, &job);
      s->out = out;
    }
  else
    help (s, h, 0, TRUE, starts_half);
}

void
fe_solve_help (FeSolver *s)
{
  int total = 2 * s->stip.moves + (s->stip.half ? 1 : 0);
  if (s->problem->options.white_to_play && !s->stip.half && s->stip.play == FE_PLAY_HELP)
    total -= 1;
  gboolean starts_half = total % 2 == 1;
  if (s->problem->options.set_play && total >= 2)
    {
      /* Set play: the side to move passes, the play is half a move shorter. */
      FeUndo nu;
      fe_make_null (&s->pos, &nu);
      if (!fe_in_check (&s->pos, FE_OPPONENT (s->pos.side)))
        {
          s->root = s->pos;
          s->play_phase = FE_ROLE_SET_PLAY;
          int set_total = total - 1;
          s->line_full = set_total;
          int before = s->solutions;
          for (int h = set_total % 2 == 1 ? 1 : 2; h <= set_total && !s->aborted; h += 2)
            help (s, h, 0, TRUE, set_total % 2 == 1);
          if (s->solutions > before)
            g_string_append_c (s->out, '\n');
          s->solutions = before; /* set play is not a solution */
          s->play_phase = 0;
        }
      fe_unmake_null (&s->pos, &nu);
    }
  /* Short solutions first: same parity, fewer moves (Popeye prints them). */
  s->root = s->pos;
  s->line_full = total;
  for (int h = total % 2 == 1 ? 1 : 2; h <= total && !enough (s); h += 2)
    {
      int before = s->solutions;
      help_length (s, h, starts_half);
      if (s->solutions > before && h < total && s->problem->options.stop_on_short)
        break;
    }
}

/* ---- series play ---------------------------------------------------- */

typedef enum { SERIES_DIRECT, SERIES_HELP, SERIES_SELF } SeriesKind;

/* After the series: does the final phase succeed?  For ser-h the other
 * side mates in one; for ser-s the other side is forced to mate. Prints the
 * completed lines when `print`. */
static gboolean series_final_search (FeSolver *s, SeriesKind kind, int depth, gboolean print);

/* The final phase is met at the end of many series that transpose: cache it. */
static gboolean
series_final (FeSolver *s, SeriesKind kind, int depth, gboolean print)
{
  uint64_t key = s->pos.hash ^ SALT_FINAL ^ (uint64_t) kind;
  int known = fe_tt_probe (s->tt, key, 1);
  if (known == 0 || (known == 1 && !print))
    return known;
  gboolean r = series_final_search (s, kind, depth, print);
  if (!s->aborted)
    fe_tt_store (s->tt, key, 1, r);
  return r;
}

static gboolean
series_final_search (FeSolver *s, SeriesKind kind, int depth, gboolean print)
{
  FeMoveList list;
  fe_generate_pseudo (&s->pos, &list);
  FeUndo undo;
  gboolean found = FALSE, any = FALSE, all = TRUE;
  for (int i = 0; i < list.count; i++)
    {
      FeMove *m = &list.moves[i];
      if (kind == SERIES_HELP)
        {
          if (fe_solver_final_move_reaches_goal (s, m))
            {
              found = TRUE;
              if (!print)
                return TRUE;
              s->line_moves[depth] = *m;
              print_line (s, s->line_moves, depth + 1, FALSE, depth);
            }
          continue;
        }
      if (!fe_make_legal (&s->pos, m, &undo))
        continue;
      any = TRUE;
      gboolean goal = fe_solver_goal_reached (s, m);
      fe_unmake (&s->pos, m, &undo);
      if (kind == SERIES_HELP)
        {
          if (goal)
            {
              found = TRUE;
              if (!print)
                return TRUE;
              s->line_moves[depth] = *m;
              print_line (s, s->line_moves, depth + 1, FALSE, depth);
            }
        }
      else if (!goal)
        {
          all = FALSE;
          break;
        }
    }
  if (kind == SERIES_HELP)
    return found;
  if (!any || !all)
    return FALSE;
  if (print)
    for (int i = 0; i < list.count; i++)
      {
        FeMove *m = &list.moves[i];
        if (!fe_make_legal (&s->pos, m, &undo))
          continue;
        fe_unmake (&s->pos, m, &undo);
        s->line_moves[depth] = *m;
        print_line (s, s->line_moves, depth + 1, FALSE, depth);
      }
  return TRUE;
}

/* `left` series moves remain for the side to move. */
static gboolean
series (FeSolver *s, SeriesKind kind, int left, int depth, gboolean print)
{
  if (fe_solver_tick (s))
    return FALSE;
  uint64_t key = s->pos.hash ^ SALT_SERIES ^ (uint64_t) kind;
  if (fe_tt_probe (s->tt, key, left) == 0)
    return FALSE;
  int me = s->pos.side;
  FeMoveList list;
  fe_generate_pseudo (&s->pos, &list);
  FeLegality lg;
  fe_legality_prepare (&s->pos, &lg);
  gboolean found = FALSE;
  FeUndo undo, null_undo;
  for (int i = 0; i < list.count && !enough (s); i++)
    {
      FeMove *m = &list.moves[i];
      if (depth == 0)
        fe_solver_note_root (s, left, i, list.count);
      if (!fe_solver_root_move_mine (s, depth, i))
        continue;
      if (!fe_make_legal_with (&s->pos, &lg, m, &undo))
        continue;
      s->line_moves[depth] = *m;
      gboolean ok = FALSE;
      if (left == 1)
        {
          if (kind == SERIES_DIRECT)
            {
              ok = fe_solver_goal_reached (s, m);
              if (ok && print)
                {
                  fe_unmake (&s->pos, m, &undo);
                  print_line (s, s->line_moves, depth + 1, FALSE, depth + 1);
                  fe_make (&s->pos, m, &undo);
                }
            }
          else
            ok = series_final (s, kind, depth + 1, print);
        }
      else if (!fe_in_check (&s->pos, FE_OPPONENT (me)))
        {
          /* The other side does not move during the series. */
          fe_make_null (&s->pos, &null_undo);
          ok = series (s, kind, left - 1, depth + 1, print);
          fe_unmake_null (&s->pos, &null_undo);
        }
      fe_unmake (&s->pos, m, &undo);
      found |= ok;
      if (found && !print)
        break;
    }
  if (!s->aborted && !enough (s) && !(depth <= 1 && s->root_outs))
    fe_tt_store (s->tt, key, left, found);
  return found;
}

typedef struct {
  SeriesKind kind;
  int n;
} SeriesJob;

static void
series_worker (FeSolver *w, gpointer data)
{
  SeriesJob *job = data;
  series (w, job->kind, job->n, 0, TRUE);
}

void
fe_solve_series (FeSolver *s)
{
  SeriesKind kind = s->stip.play == FE_PLAY_SERIES        ? SERIES_DIRECT
                    : s->stip.play == FE_PLAY_SERIES_HELP ? SERIES_HELP
                                                          : SERIES_SELF;
  int threads = s->config ? s->config->threads : 1;
  s->root = s->pos;
  s->line_full = s->stip.moves;
  for (int n = 1; n <= s->stip.moves && !enough (s); n++)
    {
      int before = s->solutions;
      if (threads > 1 && !s->max_solutions && n >= 3)
        {
          SeriesJob job = { kind, n };
          GString *out = s->out;
          fe_solver_run_parallel (s, threads, series_worker, &job);
          s->out = out;
        }
      else
        series (s, kind, n, 0, TRUE);
      if (s->solutions > before && n < s->stip.moves && s->problem->options.stop_on_short)
        break;
    }
}
