/* check.c — judging a solved problem against the intended solution.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moves are compared as the solution writes them (node->text, Popeye's
 * notation) with spaces removed, or in short algebraic when the text is
 * not in long algebraic ("Sh7#" for "Sf6-h7 #"); the text's layout is
 * read as Popeye prints it (docs/decisions.md, "Checking a collection").
 */
#include <stdarg.h>
#include <string.h>

#include "check.h"
#include "check-private.h"
#include "core/backend/backend.h"

static const char *const verdict_names[FE_N_VERDICTS] = {
  "sound", "duals", "short", "cooked", "no solution", "too long", "unsupported", "error",
};

const char *
fe_verdict_name (FeVerdict verdict)
{
  return verdict < FE_N_VERDICTS ? verdict_names[verdict] : "?";
}

int
fe_verdict_from_name (const char *name)
{
  for (int i = 0; i < FE_N_VERDICTS; i++)
    if (g_strcmp0 (name, verdict_names[i]) == 0)
      return i;
  return -1;
}

static const char *const against_names[] = { "stipulation", "solution", "intended-solutions" };

const char *
fe_check_against_name (FeCheckAgainst against)
{
  return against_names[against];
}

int
fe_check_against_from_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (against_names); i++)
    if (g_strcmp0 (name, against_names[i]) == 0)
      return (int) i;
  return -1;
}

void
fe_check_report_init (FeCheckReport *report)
{
  memset (report, 0, sizeof *report);
  report->details = g_ptr_array_new_with_free_func (g_free);
}

void
fe_check_report_clear (FeCheckReport *report)
{
  g_clear_pointer (&report->details, g_ptr_array_unref);
}

void
fe_check_report_add (FeCheckReport *report, FeVerdict kind, const char *format, ...)
{
  report->findings |= 1u << kind;
  if (kind > report->verdict)
    report->verdict = kind;
  if (format)
    {
      va_list ap;
      va_start (ap, format);
      g_ptr_array_add (report->details, g_strdup_vprintf (format, ap));
      va_end (ap);
    }
}

gboolean
fe_intended_solutions_parse (const char *text, GArray *counts)
{
  if (!text)
    return FALSE;
  char *copy = g_strstrip (g_strdup (text));
  char **parts = g_strsplit (copy, ".", -1);
  gboolean ok = parts[0] != NULL;
  for (char **p = parts; *p && ok; p++)
    {
      char *end = NULL;
      guint64 v = g_ascii_strtoull (*p, &end, 10);
      ok = g_ascii_isdigit (**p) && !*end && v >= 1 && v <= 10000;
      if (ok)
        {
          int n = (int) v;
          g_array_append_val (counts, n);
        }
    }
  g_strfreev (parts);
  g_free (copy);
  return ok;
}

/* ---- the solution found ----------------------------------------------- */

static char *
node_key (const FeSolutionNode *n)
{
  GString *s = g_string_new (NULL);
  fe_check_append_move (s, n->text ? n->text : "");
  return g_string_free (s, FALSE);
}

/* "1.Sf6-g4" or "1...Kd4": the move as a sentence names it. */
static char *
node_words (const FeSolutionNode *n)
{
  return g_strdup_printf ("%s%s", n->number ? n->number : "", n->text ? n->text : "");
}

/* One help or series line of the tree. */
typedef struct {
  char *moves;  /* compared form */
  char *moves_short; /* the same in short algebraic */
  char *words;  /* for people */
  FeSolutionRole role;
  const FeSolutionNode *first;
} FoundLine;

static void
found_line_free (gpointer data)
{
  FoundLine *f = data;
  g_free (f->moves);
  g_free (f->moves_short);
  g_free (f->words);
  g_free (f);
}

static void
collect_lines (const FeSolutionNode *n, GString *moves, GString *shorts, GString *words,
               const FeSolutionNode *first, GPtrArray *out)
{
  gsize m = moves->len, w = words->len, sh = shorts->len;
  char *key = node_key (n);
  char *s = fe_check_short_move (key);
  g_string_append (moves, key);
  g_string_append (shorts, s);
  g_free (s);
  g_free (key);
  if (words->len)
    g_string_append_c (words, ' ');
  g_string_append_printf (words, "%s%s", n->number ? n->number : "", n->text ? n->text : "");
  if (n->notes & FE_NOTE_LINE_END || !n->children->len)
    {
      FoundLine *f = g_new0 (FoundLine, 1);
      f->moves = g_strdup (moves->str);
      f->moves_short = g_strdup (shorts->str);
      f->words = g_strdup (words->str);
      f->role = n->role;
      f->first = first;
      g_ptr_array_add (out, f);
    }
  for (guint i = 0; i < n->children->len; i++)
    collect_lines (n->children->pdata[i], moves, shorts, words, first, out);
  g_string_truncate (moves, m);
  g_string_truncate (shorts, sh);
  g_string_truncate (words, w);
}

static GPtrArray *
found_lines (const FeSolutionNode *twin)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (found_line_free);
  GString *moves = g_string_new (NULL), *words = g_string_new (NULL);
  GString *shorts = g_string_new (NULL);
  for (guint i = 0; i < twin->children->len; i++)
    collect_lines (twin->children->pdata[i], moves, shorts, words, twin->children->pdata[i], out);
  g_string_free (shorts, TRUE);
  g_string_free (moves, TRUE);
  g_string_free (words, TRUE);
  return out;
}

static const char *
prefix (const FeSolutionNode *twin)
{
  return twin->twin_label && *twin->twin_label ? twin->twin_label : NULL;
}

/* "b) " before a sentence of a problem with twins. */
static char *
twin_prefix (const FeSolutionNode *twin)
{
  const char *p = prefix (twin);
  if (!p)
    return g_strdup ("");
  /* The label's letter only: "b) rotate 90" → "b) ". */
  const char *paren = strchr (p, ')');
  return paren ? g_strdup_printf ("%.*s ", (int) (paren - p + 1), p) : g_strdup ("");
}

/* ---- against the solution text ---------------------------------------- */

static gboolean
line_matches (const CheckLine *l, const FoundLine *f)
{
  return strcmp (l->moves, f->moves) == 0
         || (!l->long_form && strcmp (l->moves_short, f->moves_short) == 0);
}

/* Is the found move `key` the text's first move of `l`?  Exactly, or in
 * short algebraic when the text does not write long algebraic. */
static gboolean
first_matches (const CheckLine *l, const char *key)
{
  if (strcmp (l->first, key) == 0)
    return TRUE;
  if (l->long_form)
    return FALSE;
  char *s = fe_check_short_move (key);
  gboolean same = strcmp (l->first_short, s) == 0;
  g_free (s);
  return same;
}

static CheckLine *
find_line (GPtrArray *lines, const char *first, int parity)
{
  for (guint i = 0; i < lines->len; i++)
    {
      CheckLine *l = lines->pdata[i];
      if ((parity < 0 || (l->level & 1) == parity) && first_matches (l, first))
        return l;
    }
  return NULL;
}

static gboolean
has_level_parity (GPtrArray *lines, int parity)
{
  for (guint i = 0; i < lines->len; i++)
    if ((((CheckLine *) lines->pdata[i])->level & 1) == parity)
      return TRUE;
  return FALSE;
}

/* Below a matched move of battle play: the attacker's moves (continuations,
 * threats) found but not written are duals where the text writes at least
 * one there; the defences written must be found. */
static void
compare_battle_below (const FeSolutionNode *f, CheckLine *l, const char *tp, FeCheckReport *r)
{
  for (guint i = 0; i < f->children->len; i++)
    {
      const FeSolutionNode *c = f->children->pdata[i];
      if (c->role == FE_ROLE_REFUTATION || c->role == FE_ROLE_TRY)
        continue;
      char *key = node_key (c);
      gboolean attacker = c->role == FE_ROLE_CONTINUATION || c->role == FE_ROLE_THREAT;
      CheckLine *m = find_line (l->children, key, attacker ? 0 : 1);
      if (m)
        compare_battle_below (c, m, tp, r);
      else if (attacker && has_level_parity (l->children, 0))
        {
          char *a = node_words (f), *b = node_words (c);
          fe_check_report_add (r, FE_VERDICT_DUALS, "%sdual after %s: %s", tp, a, b);
          g_free (a);
          g_free (b);
        }
      g_free (key);
    }
  for (guint i = 0; i < l->children->len; i++)
    {
      CheckLine *m = l->children->pdata[i];
      gboolean found = FALSE;
      for (guint k = 0; k < f->children->len && !found; k++)
        {
          char *key = node_key (f->children->pdata[k]);
          found = first_matches (m, key);
          g_free (key);
        }
      if (!found && !m->is_try)
        {
          char *a = node_words (f);
          fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%sthe intended %s after %s does not work",
                               tp, m->first, a);
          g_free (a);
        }
    }
}

static void
compare_battle (const FeSolutionNode *twin, CheckTwinText *text, FeCheckReport *r)
{
  char *tp = twin_prefix (twin);
  int keys_matched = 0;
  /* A short move of the text names one move: a second key it fits
   * ("Sd7" for Sb8-d7 and Sf6-d7) is a cook, not the same key. */
  GHashTable *taken = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < twin->children->len; i++)
    {
      const FeSolutionNode *c = twin->children->pdata[i];
      if (c->role != FE_ROLE_KEY)
        continue;
      char *key = node_key (c);
      CheckLine *l = find_line (text->lines, key, 0);
      if (l && !l->is_try && g_hash_table_add (taken, l))
        {
          keys_matched++;
          compare_battle_below (c, l, tp, r);
        }
      else
        {
          char *w = node_words (c);
          fe_check_report_add (r, FE_VERDICT_COOKED, "%scooked by %s", tp, w);
          g_free (w);
        }
      g_free (key);
    }
  for (guint i = 0; i < text->lines->len; i++)
    {
      CheckLine *l = text->lines->pdata[i];
      if (l->is_try || (l->level & 1))
        continue;
      gboolean found = FALSE;
      for (guint k = 0; k < twin->children->len && !found; k++)
        {
          const FeSolutionNode *c = twin->children->pdata[k];
          char *key = node_key (c);
          found = c->role == FE_ROLE_KEY && first_matches (l, key);
          g_free (key);
        }
      if (!found)
        fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%sthe intended key %s does not work", tp,
                             l->first);
    }
  if (!keys_matched && !text->lines->len)
    fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, NULL);
  g_hash_table_unref (taken);
  g_free (tp);
}

static void
compare_lines (const FeSolutionNode *twin, CheckTwinText *text, FeCheckReport *r)
{
  char *tp = twin_prefix (twin);
  g_autoptr (GPtrArray) found = found_lines (twin);
  /* Each written line stands for one line found (see compare_battle). */
  g_autoptr (GHashTable) taken = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < found->len; i++)
    {
      FoundLine *f = found->pdata[i];
      gboolean written = FALSE, same_start = FALSE;
      char *first = node_key (f->first);
      for (guint k = 0; k < text->lines->len && !written; k++)
        {
          CheckLine *l = text->lines->pdata[k];
          written = line_matches (l, f) && g_hash_table_add (taken, l);
          same_start |= first_matches (l, first);
        }
      g_free (first);
      if (written || f->role == FE_ROLE_SET_PLAY)
        continue;
      if (f->role == FE_ROLE_SHORT)
        fe_check_report_add (r, FE_VERDICT_SHORT, "%sshort solution %s", tp, f->words);
      else if (same_start)
        fe_check_report_add (r, FE_VERDICT_DUALS, "%sdual %s", tp, f->words);
      else
        fe_check_report_add (r, FE_VERDICT_COOKED, "%scooked by %s", tp, f->words);
    }
  for (guint k = 0; k < text->lines->len; k++)
    {
      CheckLine *l = text->lines->pdata[k];
      gboolean is_found = FALSE;
      for (guint i = 0; i < found->len && !is_found; i++)
        is_found = line_matches (l, found->pdata[i]);
      if (!is_found)
        fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%sthe intended line %s does not work", tp,
                             l->moves);
    }
  g_free (tp);
}

/* ---- against the intended-solutions notation -------------------------- */

/* Nodes of the intended play (keys and their continuations in battle
 * play, solution moves in help play) at each depth. */
static void
count_depths (const FeSolutionNode *n, int depth, GArray *per_depth, gboolean battle)
{
  if (battle)
    {
      gboolean attacker = n->role == FE_ROLE_KEY || n->role == FE_ROLE_CONTINUATION;
      if (!attacker)
        return;
    }
  else if (n->role != FE_ROLE_SOLUTION)
    return;
  if ((int) per_depth->len <= depth)
    g_array_set_size (per_depth, depth + 1);
  g_array_index (per_depth, int, depth)++;
  for (guint i = 0; i < n->children->len; i++)
    {
      const FeSolutionNode *c = n->children->pdata[i];
      if (battle && c->role == FE_ROLE_DEFENCE)
        {
          /* Battle notation counts the attacker's moves: one defence
           * stands for all. */
          for (guint k = 0; k < c->children->len; k++)
            count_depths (c->children->pdata[k], depth + 1, per_depth, battle);
          break;
        }
      count_depths (c, depth + 1, per_depth, battle);
    }
}

static void
compare_notation (const FeSolutionNode *twin, GArray *counts, FeCheckReport *r)
{
  char *tp = twin_prefix (twin);
  gboolean battle = twin->play == FE_PLAY_KIND_BATTLE;
  GArray *per_depth = g_array_new (FALSE, TRUE, sizeof (int));
  for (guint i = 0; i < twin->children->len; i++)
    count_depths (twin->children->pdata[i], 0, per_depth, battle);
  int expected = 1;
  for (guint d = 0; d < counts->len; d++)
    {
      expected *= g_array_index (counts, int, d);
      int got = d < per_depth->len ? g_array_index (per_depth, int, d) : 0;
      if (got == expected)
        continue;
      if (d == 0 && got > expected)
        fe_check_report_add (r, FE_VERDICT_COOKED, "%s%d %s instead of %d", tp, got,
                             battle ? "keys" : "solutions", expected);
      else if (got > expected)
        fe_check_report_add (r, FE_VERDICT_DUALS, "%s%d moves instead of %d at move %u", tp, got,
                             expected, d + 1);
      else
        fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%s%d moves instead of %d at move %u", tp,
                             got, expected, d + 1);
      break;
    }
  g_array_unref (per_depth);
  FeSoundness s;
  fe_solution_soundness (twin, &s);
  if (s.short_solutions)
    fe_check_report_add (r, FE_VERDICT_SHORT, "%s%d short solution%s", tp, s.short_solutions,
                         s.short_solutions > 1 ? "s" : "");
  fe_soundness_clear (&s);
  g_free (tp);
}

/* ---- against the stipulation alone ------------------------------------ */

static void
compare_stipulation (const FeSolutionNode *twin, const FeSolution *tree, FeCheckReport *r)
{
  char *tp = twin_prefix (twin);
  FeSoundness s;
  fe_solution_soundness (twin, &s);
  int phases = MAX (twin->n_phases, 1);
  if (twin->play == FE_PLAY_KIND_BATTLE)
    {
      if (!s.keys)
        fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%sno key", tp);
      else if (s.keys > phases)
        {
          GString *keys = g_string_new (NULL);
          for (guint i = 0; i < twin->children->len; i++)
            {
              const FeSolutionNode *c = twin->children->pdata[i];
              if (c->role == FE_ROLE_KEY)
                g_string_append_printf (keys, "%s%s%s", keys->len ? ", " : "", c->number, c->text);
            }
          fe_check_report_add (r, FE_VERDICT_COOKED, "%s%d keys: %s", tp, s.keys, keys->str);
          g_string_free (keys, TRUE);
        }
    }
  else
    {
      int firsts = 0;
      for (guint i = 0; i < twin->children->len; i++)
        firsts += ((FeSolutionNode *) twin->children->pdata[i])->role == FE_ROLE_SOLUTION;
      /* reci-h#1: the pair of lines the diagram's end writes is one. */
      firsts = MIN (firsts, s.solutions);
      int over = tree->n_solutions_over;
      if (!s.solutions && !over)
        fe_check_report_add (r, FE_VERDICT_NO_SOLUTION, "%sno solution", tp);
      else if (firsts > phases || over)
        fe_check_report_add (r, FE_VERDICT_COOKED, "%s%d solutions", tp, s.solutions + over);
      if (s.short_solutions || tree->n_short_over)
        fe_check_report_add (r, FE_VERDICT_SHORT, "%s%d short solution%s", tp,
                             s.short_solutions + tree->n_short_over,
                             s.short_solutions + tree->n_short_over > 1 ? "s" : "");
    }
  for (guint i = 0; i < s.duals->len; i++)
    {
      const FeSolutionNode *n = s.duals->pdata[i];
      char *w = n->role == FE_ROLE_TWIN ? g_strdup ("the diagram") : node_words (n);
      fe_check_report_add (r, FE_VERDICT_DUALS, "%sdual after %s (%u moves)", tp, w,
                           n->children->len);
      g_free (w);
    }
  fe_soundness_clear (&s);
  g_free (tp);
}

/* Reflex play whose diagram breaks the duty (" ?!?"): no solution, said
 * with the moves; nothing else is compared. */
static gboolean
report_violations (const FeSolutionNode *twin, FeCheckReport *r)
{
  GString *moves = g_string_new (NULL);
  for (guint i = 0; i < twin->children->len; i++)
    {
      const FeSolutionNode *c = twin->children->pdata[i];
      if (c->role == FE_ROLE_VIOLATION)
        g_string_append_printf (moves, "%s%s%s", moves->len ? ", " : "", c->number, c->text);
    }
  gboolean any = moves->len > 0;
  if (any)
    {
      char *tp = twin_prefix (twin);
      fe_check_report_add (r, FE_VERDICT_NO_SOLUTION,
                           "%sthe diagram breaks the reflex condition: the side to move can reach "
                           "the goal at once (%s ?!?)", tp, moves->str);
      g_free (tp);
    }
  g_string_free (moves, TRUE);
  return any;
}

void
fe_check_judge (const FeProblem *problem, FeSolution *tree, FeCheckReport *report)
{
  g_autoptr (GPtrArray) text = fe_check_read_solution_text (problem->solution_text);
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (int));
  report->against = text ? FE_CHECK_AGAINST_SOLUTION
                    : fe_intended_solutions_parse (problem->intended_solutions, counts)
                      ? FE_CHECK_AGAINST_INTENDED_SOLUTIONS
                      : FE_CHECK_AGAINST_STIPULATION;
  guint n = fe_solution_n_twins (tree);
  if (text && text->len != n)
    fe_check_report_add (report, FE_VERDICT_NO_SOLUTION,
                         "the solution text has %u part%s, the problem %u twin%s", text->len,
                         text->len == 1 ? "" : "s", n, n == 1 ? "" : "s");
  for (guint i = 0; i < n; i++)
    {
      FeSolutionNode *twin = fe_solution_twin (tree, i);
      if (report_violations (twin, report))
        continue;
      if (text && i < text->len)
        {
          if (twin->play == FE_PLAY_KIND_BATTLE)
            compare_battle (twin, text->pdata[i], report);
          else
            compare_lines (twin, text->pdata[i], report);
        }
      else if (!text && counts->len)
        compare_notation (twin, counts, report);
      else if (!text)
        compare_stipulation (twin, tree, report);
    }
  if (text && tree->n_lines_over)
    fe_check_report_add (report, FE_VERDICT_COOKED, "%d more lines than kept", tree->n_lines_over);
  g_array_unref (counts);
}

/* Lines a check keeps: past them a help problem is cooked anyway, and
 * they are counted, not kept (memory stays bounded). */
#define CHECK_MAX_LINES 2000

void
fe_check_problem (const FeProblem *problem, double max_time, gboolean (*cancelled) (gpointer),
                  gpointer user_data, FeCheckReport *report, guint64 *nodes, double *seconds)
{
  FeSolution *tree = fe_solution_new ();
  tree->max_lines = CHECK_MAX_LINES;
  FeSolverConfig config = { 0 };
  config.tree = tree;
  config.threads = 1;
  config.max_time = max_time;
  config.cancelled = cancelled;
  config.user_data = user_data;
  FeSolverStats stats = { 0 };
  GError *error = NULL;
  FeRefusal refusal;
  const FeBackend *backend = fe_solve_choose (problem, &refusal);
  if (!backend)
    {
      /* Values the conditions' rules leave undefined are the problem's
       * error; the rest (a condition, a stipulation) Féerie's lack. */
      gboolean unsupported
        = refusal.reason != FE_REFUSAL_CONDITION_VALUES
          || g_error_matches (refusal.error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED);
      fe_check_report_add (report, unsupported ? FE_VERDICT_UNSUPPORTED : FE_VERDICT_ERROR, "%s",
                           refusal.error->message);
      fe_refusal_clear (&refusal);
    }
  else if (!fe_solve_with (backend, problem, &config, NULL, &stats, &error))
    {
      fe_check_report_add (report, FE_VERDICT_ERROR, "%s", error->message);
      g_error_free (error);
    }
  else if (stats.interrupted)
    fe_check_report_add (report, FE_VERDICT_TOO_LONG, "stopped after %.1f s", stats.seconds);
  else
    fe_check_judge (problem, tree, report);
  if (nodes)
    *nodes = stats.nodes;
  if (seconds)
    *seconds = stats.seconds;
  fe_solution_unref (tree);
}
