/* test-solution.c — the solution tree: stages checked square by square
 * against the worked examples of docs/rules/, roles, soundness, and (with
 * a directory argument) the tree against the text on every oracle problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: test-solution [ORACLE-DATA-DIR]
 */
#include <stdlib.h>
#include <string.h>

#include "core/backend/backend.h"
#include "core/solution/board-text.h"
#include "core/model/walk.h"
#include "io/popeye.h"
#include "solution-lines.h"

static int failures;

#define CHECK(cond, ...)                                                                          \
  do                                                                                              \
    {                                                                                             \
      if (!(cond))                                                                                \
        {                                                                                         \
          failures++;                                                                             \
          g_printerr ("%s:%d: ", __FILE__, __LINE__);                                             \
          g_printerr (__VA_ARGS__);                                                               \
          g_printerr ("\n");                                                                      \
        }                                                                                         \
    }                                                                                             \
  while (0)

static GPtrArray *delivered;
static int n_checked, n_nodes, n_popeye;

static void
on_node (const FeSolutionNode *node, gpointer data)
{
  g_ptr_array_add (delivered, (gpointer) node);
}

/* Solves Popeye input with a tree; returns the tree, the text in *text. */
static FeSolution *
solve_text (const char *input, int threads, char **text)
{
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read (input, strlen (input), "test", &error);
  g_assert_no_error (error);
  FeSolution *tree = fe_solution_new ();
  FeSolverConfig config = { .tree = tree, .node = on_node, .threads = threads };
  GString *out = g_string_new (NULL);
  FeSolverStats stats = { 0 };
  g_ptr_array_set_size (delivered, 0);
  gboolean ok = fe_solve (problems->pdata[0], &config, out, &stats, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_null (fe_test_repeated_line (out->str));
  *text = g_string_free (out, FALSE);
  g_ptr_array_unref (problems);
  return tree;
}

static FeSolutionNode *
find_child (const FeSolutionNode *parent, const char *text)
{
  for (guint i = 0; i < parent->children->len; i++)
    {
      FeSolutionNode *c = parent->children->pdata[i];
      if (g_str_has_prefix (c->text, text))
        return c;
    }
  return NULL;
}

/* "wBb7" style description of a piece on a square (or "-b7" when empty). */
static char *
describe (FeSquare sq, FePiece p)
{
  char name[3];
  fe_square_name (sq, name);
  if (!p.walk)
    return g_strdup_printf ("-%s", name);
  return g_strdup_printf ("%s%c%s%s", (p.attrs & FE_ATTR_MAGIC) ? "m" : (p.attrs & FE_ATTR_MAGICIAN) ? "mg" : "",
                          "wbn"[p.colour], fe_walk_print_code (p.walk), name);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The stage's squares as a sorted, space separated list. */
static char *
stage_squares (const FeStage *st)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < st->n_squares; i++)
    g_ptr_array_add (items, describe (st->squares[i].square, st->squares[i].piece));
  g_ptr_array_sort (items, compare_strings);
  g_ptr_array_add (items, NULL);
  char *s = g_strjoinv (" ", (char **) items->pdata);
  g_ptr_array_unref (items);
  return s;
}

static char *
imitators (const FeStage *st)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < st->n_imitators; i++)
    {
      char name[3];
      fe_square_name (st->imitators[i], name);
      g_string_append_printf (s, "%s%s", i ? " " : "", name);
    }
  return g_string_free (s, FALSE);
}

/* The whole board as "wKh1 wRa5 …" in square order. */
static char *
board (const FePosition *pos)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (!pos->board[sq].walk)
        continue;
      g_autofree char *d = describe (sq, pos->board[sq]);
      g_string_append_printf (s, "%s%s", s->len ? " " : "", d);
    }
  return g_string_free (s, FALSE);
}

typedef struct {
  const char *name; /* fe_stage_name: "displacement" or the condition */
  const char *squares;
  const char *imitators; /* NULL: not checked */
} ExpectStage;

static void
check_stages (const char *name, const FeSolutionNode *n, const ExpectStage *expect, int count,
              const char *final_board)
{
  CHECK (n != NULL, "%s: move not found in the tree", name);
  if (!n)
    return;
  CHECK (n->n_stages == count, "%s: %d stages, expected %d", name, n->n_stages, count);
  for (int i = 0; i < MIN (count, n->n_stages); i++)
    {
      g_autofree char *sq = stage_squares (&n->stages[i]);
      g_autofree char *im = imitators (&n->stages[i]);
      CHECK (!strcmp (fe_stage_name (&n->stages[i]), expect[i].name), "%s: stage %d is %s, expected %s",
             name, i, fe_stage_name (&n->stages[i]), expect[i].name);
      CHECK (!strcmp (sq, expect[i].squares), "%s: stage %d squares '%s', expected '%s'", name, i, sq,
             expect[i].squares);
      if (expect[i].imitators)
        CHECK (!strcmp (im, expect[i].imitators), "%s: stage %d imitators '%s', expected '%s'", name, i,
               im, expect[i].imitators);
    }
  FePosition after;
  fe_solution_node_position (n, -1, &after);
  g_autofree char *b = board (&after);
  CHECK (!strcmp (b, final_board), "%s: final board '%s', expected '%s'", name, b, final_board);
}

static void
test_magic (void)
{
  /* magic-pieces.md MG1: 1.mBb2-e5[b7=w][c7=b]. */
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip ~1\n"
                                         "pieces white kf1 pc7\nwhite magic ra2 rb1 bb2\n"
                                         "black ke8 bb7 pg7 ph2\nend\n", 1, &text);
  FeSolutionNode *twin = fe_solution_twin (t, 0);
  FeSolutionNode *n = find_child (twin, "mBb2-e5");
  static const ExpectStage e[] = {
    { "displacement", "-b2 mwBe5", NULL },
    { "magic", "bPc7 wBb7", NULL },
  };
  check_stages ("MG1", n, e, 2, "mwRb1 wKf1 mwRa2 bPh2 mwBe5 wBb7 bPc7 bPg7 bKe8");
  if (n)
    {
      CHECK (n->role == FE_ROLE_KEY, "MG1: role %s", fe_solution_role_name (n->role));
      CHECK (!strcmp (n->text, "mBb2-e5[b7=w][c7=b]"), "MG1: text '%s'", n->text);
      CHECK (strstr (text, "mBb2-e5[b7=w][c7=b]") != NULL, "MG1: not in the text");
      /* The first stage alone: the bishop moved, nothing recoloured yet. */
      FePosition mid;
      fe_solution_node_position (n, 1, &mid);
      g_autofree char *b = board (&mid);
      CHECK (!strcmp (b, "mwRb1 wKf1 mwRa2 bPh2 mwBe5 bBb7 wPc7 bPg7 bKe8"), "MG1 mid: %s", b);
    }
}

static void
test_imitator (void)
{
  /* imitator.md IM1: 1.Ra1-a5[Ia7]. */
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip ~1\ncondition Imitator a3\n"
                                         "pieces white kh1 ra1\nblack kh8\nend\n", 1, &text);
  FeSolutionNode *n = find_child (fe_solution_twin (t, 0), "Ra1-a5");
  static const ExpectStage e[] = {
    { "displacement", "-a1 wRa5", "a3" },
    { "imitator", "", "a7" },
  };
  check_stages ("IM1", n, e, 2, "wKh1 wRa5 bKh8");
  if (n)
    CHECK (!strcmp (n->text, "Ra1-a5[Ia7]"), "IM1: text '%s'", n->text);
  /* imitator.md IM8, two imitators: 1.Rd1-e1[Ib4,g6]. */
  g_autofree char *text2 = NULL;
  g_autoptr (FeSolution) t2 = solve_text ("begin\nstip ~1\ncondition Imitator a4f6\n"
                                          "pieces white kh1 rd1\nblack kh8\nend\n", 1, &text2);
  n = find_child (fe_solution_twin (t2, 0), "Rd1-e1");
  static const ExpectStage e2[] = {
    { "displacement", "-d1 wRe1", "a4 f6" },
    { "imitator", "", "b4 g6" },
  };
  check_stages ("IM8", n, e2, 2, "wRe1 wKh1 bKh8");
}

static void
test_einstein (void)
{
  /* einstein.md E1, colours swapped (White moves first): 1.Sb7*c5=B. */
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip ~1\ncondition EinsteinChess\n"
                                         "pieces white kh1 sb7\nblack kh8 bc5\nend\n", 1, &text);
  FeSolutionNode *n = find_child (fe_solution_twin (t, 0), "Sb7*c5");
  static const ExpectStage e[] = {
    { "displacement", "-b7 wSc5", NULL },
    { "einstein", "wBc5", NULL },
  };
  check_stages ("E1", n, e, 2, "wKh1 wBc5 bKh8");
  n = find_child (fe_solution_twin (t, 0), "Sb7-a5");
  static const ExpectStage e2[] = {
    { "displacement", "-b7 wSa5", NULL },
    { "einstein", "wPa5", NULL },
  };
  check_stages ("E1 non-capture", n, e2, 2, "wKh1 wPa5 bBc5 bKh8");
}

static void
test_magician (void)
{
  /* magician-pieces.md MC1: 1.mgRb3-b6{c5=P}{a7=B}. */
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip ~1\n"
                                         "pieces white kh1 sa7\nwhite magician rb3\nblack kh8 sc5\nend\n", 1,
                                         &text);
  FeSolutionNode *n = find_child (fe_solution_twin (t, 0), "mgRb3-b6");
  static const ExpectStage e[] = {
    { "displacement", "-b3 mgwRb6", NULL },
    { "magician", "bPc5 wBa7", NULL },
  };
  check_stages ("MC1", n, e, 2, "wKh1 bPc5 mgwRb6 wBa7 bKh8");
}

static void
test_madrasi (void)
{
  /* madrasi.md MD6: 1.Rh1-h2# — Madrasi has no after-effect: one stage,
   * mate. */
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip #1\ncondition Madrasi RexInclusive\n"
                                         "pieces white ke1 rh1\nblack kd2\nend\n", 1, &text);
  FeSolutionNode *twin = fe_solution_twin (t, 0);
  FeSolutionNode *n = find_child (twin, "Rh1-h2");
  static const ExpectStage e[] = { { "displacement", "-h1 wRh2", NULL } };
  check_stages ("MD6", n, e, 1, "wKe1 bKd2 wRh2");
  if (n)
    {
      CHECK (n->marks & FE_MARK_MATE, "MD6: not marked mate");
      CHECK (n->role == FE_ROLE_KEY, "MD6: role %s", fe_solution_role_name (n->role));
    }
  FeSoundness sd;
  fe_solution_soundness (twin, &sd);
  CHECK (sd.keys == 1, "MD6: %d keys", sd.keys);
  fe_soundness_clear (&sd);
}

/* A #2 with tries, threat and variations: roles and the summary. */
static void
test_roles (void)
{
  g_autofree char *text = NULL;
  /* Armeni 1994 (oracle orthodox/d2_armeni_try): one key, tries. */
  g_autoptr (FeSolution) t = solve_text ("begin\nstip #2\noption Variations Try\n"
                                         "pieces white kb6 rh1 bh3h4 sc5g6 pc4c7e4f2g3\n"
                                         "black kd6 rf1f8 bb5 pe5e7g4g5\nend\n", 1, &text);
  FeSolutionNode *twin = fe_solution_twin (t, 0);
  FeSoundness sd;
  fe_solution_soundness (twin, &sd);
  CHECK (sd.keys == 1, "roles: %d keys\n%s", sd.keys, text);
  CHECK (sd.tries >= 2, "roles: %d tries", sd.tries);
  CHECK (sd.duals->len > 0, "roles: the tries' subtrees are not scanned, the key's duals are");
  int threats = 0, defences = 0, refutations = 0;
  for (guint i = 0; i < delivered->len; i++)
    {
      const FeSolutionNode *n = delivered->pdata[i];
      threats += n->role == FE_ROLE_THREAT;
      defences += n->role == FE_ROLE_DEFENCE;
      refutations += n->role == FE_ROLE_REFUTATION;
      if (n->role == FE_ROLE_THREAT)
        CHECK (n->after_pass, "a threat comes after a pass");
    }
  CHECK (threats > 0 && defences > 0, "threats %d defences %d", threats, defences);
  FeSolutionNode *try = find_child (twin, "c7-c8=Q");
  CHECK (try && try->role == FE_ROLE_TRY, "c7-c8=Q is a try");
  FeSolutionNode *ref = try ? find_child (try, "Rf8*c8") : NULL;
  CHECK (ref && ref->role == FE_ROLE_REFUTATION, "Rf8*c8 refutes it");
  CHECK (try && find_child (try, "Qc8-e6") && find_child (try, "Qc8-e6")->role == FE_ROLE_THREAT,
         "Qc8-e6 is the try's threat");
  CHECK (refutations == sd.refutations, "refutations %d / %d", refutations, sd.refutations);
  CHECK (sd.tries == 0 || refutations > 0, "tries without refutation");
  fe_soundness_clear (&sd);
}

/* Help play: lines share their common moves; set play; short solutions. */
static void
test_help (void)
{
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip h#2\n"
                                         "pieces white kc3 rh1\nblack ka1 pb2\nend\n", 1, &text);
  FeSolutionNode *twin = fe_solution_twin (t, 0);
  FeSoundness sd;
  fe_solution_soundness (twin, &sd);
  /* Every line of the text is one leaf. */
  int lines = 0;
  for (const char *p = text; (p = strstr (p, "  1.")); p++)
    lines++;
  CHECK (sd.solutions + sd.short_solutions == lines, "help: %d+%d leaves, %d lines\n%s", sd.solutions,
         sd.short_solutions, lines, text);
  fe_soundness_clear (&sd);
}

/* Battle parry series (docs/rules/stipulations.md §12): the parries are
 * variations, not duals; a pass makes no node, and the position after a
 * move is the line's (the side to move included). */
static void
test_parry (void)
{
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip pser-#3\npieces white kg1 qe1 ba6\n"
                                         "black ke5 sg7 sg8 pa3 pc5 pd5 pe3 pe4 pf6\nend\n", 1, &text);
  FeSolutionNode *twin = fe_solution_twin (t, 0);
  FeSoundness sd;
  fe_solution_soundness (twin, &sd);
  CHECK (sd.solutions == 3 && sd.duals->len == 0, "parry: %d solutions, %u duals\n%s", sd.solutions,
         sd.duals->len, text);
  fe_soundness_clear (&sd);
  FeSolutionNode *key = find_child (twin, "Qe1-g3");
  FeSolutionNode *parry = key ? find_child (key, "Ke5-d4") : NULL;
  FeSolutionNode *second = parry ? find_child (parry, "Qg3-e1") : NULL;
  FeSolutionNode *third = second ? find_child (second, "Qe1-a1") : NULL;
  CHECK (third != NULL, "parry: no line 1.Qe1-g3 + Ke5-d4 2.Qg3-e1 3.Qe1-a1 #\n%s", text);
  if (!third)
    return;
  CHECK (!strcmp (parry->number, "") && !strcmp (second->number, "2.") && !strcmp (third->number, "3."),
         "parry: numbers '%s' '%s' '%s'", parry->number, second->number, third->number);
  CHECK (!second->after_pass && third->after_pass, "parry: the pass before 3.Qe1-a1 only");
  FePosition pos;
  fe_solution_node_position (third, -1, &pos);
  CHECK (pos.side == FE_BLACK && pos.board[FE_SQ (0, 0)].walk == FE_WALK_QUEEN,
         "parry: after 3.Qe1-a1 Black is to move, the queen on a1");
}

/* Twins: one root per twin, labelled as Popeye heads it, holding the
 * twin's own position; the soundness counts each twin apart. */
static void
test_twins (void)
{
  g_autofree char *text = NULL;
  g_autoptr (FeSolution) t = solve_text ("begin\nstip ~1\npieces white ka1 qc1\nblack kh8\n"
                                         "twin move c1 d1\nend\n", 1, &text);
  CHECK (fe_solution_n_twins (t) == 2, "%u twins", fe_solution_n_twins (t));
  FeSolutionNode *a = fe_solution_twin (t, 0), *b = fe_solution_twin (t, 1);
  if (!a || !b)
    return;
  CHECK (!strcmp (a->twin_label, "a)") && g_str_has_prefix (b->twin_label, "b) "), "labels '%s' '%s'",
         a->twin_label, b->twin_label);
  CHECK (strstr (text, b->twin_label) != NULL, "twin label not in the text");
  CHECK (a->position->board[FE_SQ (2, 0)].walk == FE_WALK_QUEEN
           && b->position->board[FE_SQ (3, 0)].walk == FE_WALK_QUEEN,
         "each twin root holds its own position");
  FeSoundness sa, sb;
  fe_solution_soundness (a, &sa);
  fe_solution_soundness (b, &sb);
  CHECK (sa.keys >= 1 && sb.keys >= 1, "keys %d %d\n%s", sa.keys, sb.keys, text);
  fe_soundness_clear (&sa);
  fe_soundness_clear (&sb);
}

/* The text written from a tree the caller keeps equals fe_solve's own
 * (written from its transient tree), with 1 and 2 threads: layouts the
 * oracle problems do not all show. */
static void
test_writer (void)
{
  static const char *inputs[] = {
    /* set play of two lengths: a 1-move line, then 3-move lines sharing its move */
    "begin\nstip h~2\noption SetPlay\npieces white kc3 black ka1\nend\n",
    /* Duplex battle with set play and tries */
    "begin\nstip #2\noption Variations Duplex SetPlay Try\npieces white ka1 qc1 black kh8 ph7 pg7\nend\n",
    /* two refutations of each try, no threats written */
    "begin\nstip #2\noption Variations Try Defence 2 NoThreat\n"
    "pieces white kb6 rh1 bh3h4 sc5g6 pc4c7e4f2g3\nblack kd6 rf1f8 bb5 pe5e7g4g5\nend\n",
    /* short solutions, series play with replies, twins continued */
    "begin\nstip h#3\npieces white kc3 rh2 ph3 black ka1 pb2\nend\n",
    "begin\nstip ser-h#3\npieces white kc3 rh2 black ka1 pb2\nend\n",
    "begin\nstip #2\noption Variations\npieces white ka1 qc1 black kh8 ph7\ntwin move c1 d1\n"
    "twin continued remove h7\ntwin stipulation h#2\nend\n",
  };
  for (gsize k = 0; k < G_N_ELEMENTS (inputs); k++)
    {
      GError *error = NULL;
      GPtrArray *problems = fe_popeye_read (inputs[k], strlen (inputs[k]), "test", &error);
      g_assert_no_error (error);
      GString *plain = g_string_new (NULL);
      FeSolverStats stats = { 0 };
      g_assert_true (fe_solve (problems->pdata[0], NULL, plain, &stats, &error));
      for (int threads = 1; threads <= 2; threads++)
        {
          g_autofree char *text = NULL;
          g_autoptr (FeSolution) t = solve_text (inputs[k], threads, &text);
          g_autofree char *copy = fe_solution_to_text (t);
          CHECK (!strcmp (text, plain->str), "writer %zu, %d threads: fe_solve's text differs:\n%s\n---\n%s", k,
                 threads, text, plain->str);
          CHECK (!strcmp (copy, plain->str), "writer %zu, %d threads: the tree's text differs:\n%s\n---\n%s", k,
                 threads, copy, plain->str);
        }
      g_string_free (plain, TRUE);
      g_ptr_array_unref (problems);
    }
}

typedef struct {
  int reports;
  guint64 max_nodes;
  int max_root_count;
  gint64 stop_at, stopped_at;
} Progress;

static void
on_phase (const FeSolverProgress *p, gpointer data)
{
  Progress *pr = data;
  pr->reports++;
  pr->max_nodes = MAX (pr->max_nodes, p->nodes);
  pr->max_root_count = MAX (pr->max_root_count, p->root_count);
}

static gboolean
on_cancelled (gpointer data)
{
  Progress *pr = data;
  gint64 now = g_get_monotonic_time ();
  if (now < pr->stop_at)
    return FALSE;
  if (!pr->stopped_at)
    pr->stopped_at = now;
  return TRUE;
}

/* Progress with several threads: reports come (at most ten a second),
 * count every thread's nodes, name the first moves; cancelling stops the
 * search quickly. */
static void
test_progress (void)
{
  const char *input = "begin\nstip #7\npieces white kb6 rh1 bh3h4 sc5g6 pc4c7e4f2g3\n"
                      "black kd6 rf1f8 bb5 pe5e7g4g5\nend\n";
  for (int threads = 1; threads <= 2; threads++)
    {
      GError *error = NULL;
      GPtrArray *problems = fe_popeye_read (input, strlen (input), "test", &error);
      g_assert_no_error (error);
      Progress pr = { 0 };
      pr.stop_at = g_get_monotonic_time () + 700000;
      FeSolverConfig config = { .phase = on_phase, .cancelled = on_cancelled, .user_data = &pr, .threads = threads };
      GString *out = g_string_new (NULL);
      FeSolverStats stats = { 0 };
      fe_solve (problems->pdata[0], &config, out, &stats, &error);
      gint64 end = g_get_monotonic_time ();
      CHECK (stats.interrupted, "%d threads: not interrupted", threads);
      CHECK (pr.reports >= 1 && pr.reports <= 12, "%d threads: %d progress reports in 0.7 s", threads, pr.reports);
      CHECK (pr.max_root_count > 0, "%d threads: no root move count", threads);
      CHECK (pr.max_nodes > 0 && pr.max_nodes <= stats.nodes + 4096 * threads, "%d threads: nodes %" G_GUINT64_FORMAT
             " reported, %" G_GUINT64_FORMAT " counted", threads, pr.max_nodes, stats.nodes);
      double stop_ms = (end - pr.stopped_at) / 1000.0;
      g_print ("%d threads: %d reports, stopped %.1f ms after the cancel\n", threads, pr.reports, stop_ms);
      CHECK (stop_ms < 200, "%d threads: stop took %.1f ms", threads, stop_ms);
      g_string_free (out, TRUE);
      g_ptr_array_unref (problems);
    }
}

/* ---- Popeye's output, compared as tests/oracle/check-solution.py does --
 * (tools/solcmp.py's semantics): only the move lines, "but" and the twin
 * headers after the board count, runs of spaces folded, the solution read
 * as a tree by move numbers whose siblings are unordered. */

typedef struct Canon Canon;
struct Canon {
  char *line;
  GPtrArray *kids;
};

static void
canon_free (Canon *c)
{
  g_free (c->line);
  g_ptr_array_unref (c->kids);
  g_free (c);
}

static Canon *
canon_new (const char *line)
{
  Canon *c = g_new0 (Canon, 1);
  c->line = g_strdup (line);
  c->kids = g_ptr_array_new_with_free_func ((GDestroyNotify) canon_free);
  return c;
}

/* The level of a kept line, doubled: "n." 4(n-1), "n..." 4(n-1)+2, "but"
 * 1, a twin header -2. */
static int
canon_level (const char *s)
{
  if (g_ascii_isdigit (*s))
    {
      int n = atoi (s);
      const char *p = s;
      while (g_ascii_isdigit (*p))
        p++;
      return 4 * (n - 1) + (g_str_has_prefix (p, "...") ? 2 : 0);
    }
  return strcmp (s, "but") == 0 ? 1 : -2;
}

static gboolean
canon_kept (const char *s)
{
  if (g_ascii_isdigit (*s))
    {
      while (g_ascii_isdigit (*s))
        s++;
      return *s == '.';
    }
  if (strcmp (s, "but") == 0)
    return TRUE;
  if (*s == '+')
    s++;
  return g_ascii_islower (s[0]) && s[1] == ')';
}

static int
compare_strings_ptr (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
canon_format (const Canon *c, int depth)
{
  GPtrArray *kids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < c->kids->len; i++)
    g_ptr_array_add (kids, canon_format (c->kids->pdata[i], depth + 1));
  g_ptr_array_sort (kids, compare_strings_ptr);
  GString *s = g_string_new (NULL);
  for (int i = 0; i < depth; i++)
    g_string_append (s, "  ");
  g_string_append (s, c->line);
  for (guint i = 0; i < kids->len; i++)
    g_string_append_printf (s, "\n%s", (char *) kids->pdata[i]);
  g_ptr_array_unref (kids);
  return g_string_free (s, FALSE);
}

static const char *
skip_spaces (const char *s)
{
  while (g_ascii_isspace (*s))
    s++;
  return s;
}

static char *
canon_text (const char *text)
{
  char **lines = g_strsplit (text, "\n", -1);
  int n = g_strv_length (lines), start = 0;
  for (int i = 0; i < n; i++)
    if (g_str_has_prefix (skip_spaces (lines[i]), "+---a---b"))
      start = i + 1;
  if (start)
    while (start < n && *skip_spaces (lines[start]))
      start++;
  Canon *root = canon_new ("");
  GPtrArray *stack = g_ptr_array_new (); /* of Canon*, levels alongside */
  GArray *levels = g_array_new (FALSE, FALSE, sizeof (int));
  int root_level = -20;
  g_ptr_array_add (stack, root);
  g_array_append_val (levels, root_level);
  for (int i = start; i < n; i++)
    {
      char **words = g_strsplit_set (lines[i], " \t\r", -1);
      GString *folded = g_string_new (NULL);
      for (char **w = words; *w; w++)
        if (**w)
          g_string_append_printf (folded, "%s%s", folded->len ? " " : "", *w);
      g_strfreev (words);
      if (canon_kept (folded->str))
        {
          int lv = canon_level (folded->str);
          Canon *node = canon_new (folded->str);
          while (stack->len > 1 && g_array_index (levels, int, stack->len - 1) >= lv)
            {
              g_ptr_array_set_size (stack, stack->len - 1);
              g_array_set_size (levels, levels->len - 1);
            }
          g_ptr_array_add (((Canon *) stack->pdata[stack->len - 1])->kids, node);
          g_ptr_array_add (stack, node);
          g_array_append_val (levels, lv);
        }
      g_string_free (folded, TRUE);
    }
  char *out = canon_format (root, -1);
  g_strstrip (out);
  g_ptr_array_unref (stack);
  g_array_unref (levels);
  canon_free (root);
  g_strfreev (lines);
  return out;
}

/* The text written from the tree, after the board, against Popeye's own
 * output (popeye.out beside the problem). */
static void
check_against_popeye (const char *path, const FeProblem *p, const char *tree_text)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *popeye_path = g_build_filename (dir, "popeye.out", NULL);
  g_autofree char *popeye = NULL;
  if (!g_file_get_contents (popeye_path, &popeye, NULL, NULL))
    return;
  GString *ours = g_string_new (NULL);
  fe_write_board (p, ours);
  g_string_append (ours, tree_text);
  g_autofree char *a = canon_text (popeye), *b = canon_text (ours->str);
  CHECK (!strcmp (a, b), "%s: the text written from the tree differs from Popeye's:\n--- popeye\n%s\n--- tree\n%s",
         path, a, b);
  n_popeye += !strcmp (a, b);
  g_string_free (ours, TRUE);
}

/* Every node's text appears in the Popeye text, in the order delivered;
 * the text fe_solve writes is the tree's (fe_solution_to_text); 1 and 2
 * threads give the same tree and text, which is Popeye's. */
static void
check_against_text (const char *path)
{
  g_autofree char *input = NULL;
  if (!g_file_get_contents (path, &input, NULL, NULL))
    return;
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read (input, strlen (input), path, &error);
  if (!problems)
    {
      g_clear_error (&error);
      return;
    }
  FeProblem *p = problems->pdata[0];
  GString *plain = g_string_new (NULL);
  FeSolverStats stats = { 0 };
  if (!fe_solve (p, NULL, plain, &stats, &error))
    {
      g_clear_error (&error);
      g_string_free (plain, TRUE);
      g_ptr_array_unref (problems);
      return;
    }
  g_autofree char *twice = fe_test_repeated_line (plain->str);
  CHECK (twice == NULL, "%s: a line printed twice (D7): %s", path, twice);
  GString *dumps[2];
  for (int threads = 1; threads <= 2; threads++)
    {
      FeSolution *tree = fe_solution_new ();
      FeSolverConfig config = { .tree = tree, .node = on_node, .threads = threads };
      GString *out = g_string_new (NULL);
      g_ptr_array_set_size (delivered, 0);
      fe_solve (p, &config, out, &stats, NULL);
      CHECK (!strcmp (out->str, plain->str), "%s: the tree changed the text (%d threads)", path, threads);
      g_autofree char *copy = fe_solution_to_text (tree);
      CHECK (!strcmp (copy, plain->str), "%s: the tree's text differs (%d threads)", path, threads);
      if (threads == 1)
        check_against_popeye (path, p, copy);
      const char *at = plain->str;
      GString *dump = g_string_new (NULL);
      for (guint i = 0; i < delivered->len; i++)
        {
          const FeSolutionNode *n = delivered->pdata[i];
          CHECK (n->serial == i, "%s: serial %u at %u", path, n->serial, i);
          g_string_append_printf (dump, "%u %s %s%s\n", n->parent ? n->parent->serial : 0,
                                  fe_solution_role_name (n->role), n->number, n->text);
          if (n->role == FE_ROLE_TWIN)
            continue;
          const char *found = strstr (at, n->text);
          CHECK (found != NULL, "%s: node %u '%s' (%s) not found in order", path, i, n->text,
                 fe_solution_role_name (n->role));
          if (found)
            at = found + strlen (n->text);
          CHECK (n->n_stages >= 1 && n->stages[0].condition < 0, "%s: no displacement",
                 path);
          /* D7: one move, one node among its siblings */
          for (guint k = 0; n->parent && k < n->parent->children->len; k++)
            {
              const FeSolutionNode *sib = n->parent->children->pdata[k];
              if (sib == n)
                break;
              CHECK (strcmp (sib->text, n->text) != 0 || strcmp (sib->number, n->number) != 0
                       || sib->role != n->role,
                     "%s: node %u '%s%s' twice under one parent", path, i, n->number, n->text);
            }
        }
      dumps[threads - 1] = dump;
      n_nodes += delivered->len;
      g_string_free (out, TRUE);
      fe_solution_unref (tree);
    }
  CHECK (!strcmp (dumps[0]->str, dumps[1]->str), "%s: trees differ with 2 threads", path);
  n_checked++;
  g_string_free (dumps[0], TRUE);
  g_string_free (dumps[1], TRUE);
  g_string_free (plain, TRUE);
  g_ptr_array_unref (problems);
}

int
main (int argc, char **argv)
{
  delivered = g_ptr_array_new ();
  test_magic ();
  test_imitator ();
  test_einstein ();
  test_magician ();
  test_madrasi ();
  test_roles ();
  test_help ();
  test_parry ();
  test_twins ();
  test_writer ();
  test_progress ();
  for (int a = 1; a < argc; a++)
    {
      const char *kinds[] = { "cases", "orthodox", "walks" };
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autofree char *dir_path = g_build_filename (argv[a], kinds[k], NULL);
          GDir *dir = g_dir_open (dir_path, 0, NULL);
          const char *name;
          while (dir && (name = g_dir_read_name (dir)))
            {
              g_autofree char *inp = g_build_filename (dir_path, name, "problem.inp", NULL);
              check_against_text (inp);
            }
          if (dir)
            g_dir_close (dir);
        }
    }
  g_ptr_array_unref (delivered);
  if (argc > 1)
    g_print ("%d problems, %d nodes checked against the text; %d texts written from the tree equal "
             "Popeye's\n", n_checked, n_nodes, n_popeye);
  if (failures)
    g_printerr ("%d failures\n", failures);
  return failures ? 1 : 0;
}
