/* replay.c — replays a printed solution through the legal-move generator
 * (see replay.h); no part of the solver is used.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "replay.h"

#include <string.h>

#include "core/rules/movegen.h"
#include "core/rules/notation.h"
#include "cond-test-util.h"

/* One printed line: its tree level, as tests/oracle/check-solution.py
 * and tests/oracle/data/README.md define it. */
typedef struct {
  char *text;
  int level; /* 2 (n - 1) for "n.", +1 for "n...", 1 for "but" after a try */
  gboolean but;
} Line;

static int
line_level (const char *s, gboolean *is_move, gboolean *but)
{
  *is_move = *but = FALSE;
  while (*s == ' ')
    s++;
  if (g_str_has_prefix (s, "but") && (s[3] == 0 || s[3] == ' '))
    {
      *but = TRUE;
      return 1; /* halfway between the try (level 2k) and its refutation */
    }
  if (!g_ascii_isdigit (*s))
    return -1;
  int n = 0;
  while (g_ascii_isdigit (*s))
    n = n * 10 + (*s++ - '0');
  if (*s != '.')
    return -1;
  *is_move = TRUE;
  /* Levels doubled again so that "but" (odd) sits between them. */
  return 2 * (2 * (n - 1) + (g_str_has_prefix (s, "...") ? 1 : 0));
}

/* The legal move whose notation is `text`, made on `pos`; FALSE if none.
 * With `self_check` a pseudo-legal move that leaves the mover's king in
 * check (the goal move of ##, ##! and !#) is played too, and
 * *self_checked says whether the move played was one. */
static gboolean
play_text_as (FePosition *pos, const char *text, gboolean self_check, gboolean *self_checked)
{
  FeMoveList list;
  *self_checked = FALSE;
  for (int pass = 0; pass < (self_check ? 2 : 1); pass++)
    {
      if (pass == 0)
        fe_generate_legal (pos, &list);
      else
        fe_generate_pseudo (pos, &list);
      for (int i = 0; i < list.count; i++)
        {
          FePosition before = *pos;
          FeUndo undo;
          int mover = pos->side;
          gboolean made = fe_make (pos, &list.moves[i], &undo);
          char *t = fe_notation_move (&before, &list.moves[i], pos, &undo);
          gboolean same = strcmp (t, text) == 0 && (pass == 0 || (made && fe_in_check (pos, mover)));
          g_free (t);
          if (same)
            {
              *self_checked = pass == 1;
              return TRUE;
            }
          fe_unmake (pos, &list.moves[i], &undo);
        }
    }
  return FALSE;
}

/* Goals whose mark says more than a check (docs/rules/stipulations.md §2),
 * and those whose move leaves its mover in check. */
static gboolean
is_goal_mark (const char *t)
{
  static const char *marks[] = { "##", "##!", "#=", "!=", "!#" };
  for (gsize i = 0; i < G_N_ELEMENTS (marks); i++)
    if (strcmp (t, marks[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
self_check_goal (const char *goal_mark)
{
  return strcmp (goal_mark, "##") == 0 || strcmp (goal_mark, "##!") == 0 || strcmp (goal_mark, "!#") == 0;
}

static gboolean
is_mark (const char *t)
{
  static const char *marks[] = { "+", "#", "=", "!", "?", "x", "~", "threat:", "zugzwang.", "?!?",
                                 "a=>b" };
  for (gsize i = 0; i < G_N_ELEMENTS (marks); i++)
    if (strcmp (t, marks[i]) == 0)
      return TRUE;
  return is_goal_mark (t);
}

/* The check mark the position after a move deserves: "#", "=", "+" or "". */
static const char *
deserved_mark (FePosition *pos)
{
  FeMoveList list;
  fe_generate_legal (pos, &list);
  gboolean check = fe_in_check (pos, pos->side);
  if (list.count == 0)
    return check ? "#" : "=";
  return check ? "+" : "";
}

/* Replays one line's moves on *pos.  `last_marks` gets the marks of the
 * last move (and "?" / "!" verdicts); `captured` whether it captured.
 * Moves numbered "n." belong to `dot_side`, "n..." to the other side. */
static char *
replay_line (FePosition *pos, const char *line, int dot_side, gboolean series,
             const char *goal_mark, GString *last_marks, gboolean *captured, int *moves)
{
  g_auto (GStrv) tokens = g_strsplit_set (line, " ", -1);
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  GArray *sides = g_array_new (FALSE, FALSE, sizeof (int)); /* -1: unnumbered */
  /* Join "ep." to its move; note and drop move numbers. */
  for (int i = 0; tokens[i]; i++)
    {
      char *t = tokens[i];
      int side = -1;
      /* "1... ... 2.": set play of a play the second side starts skips
       * both halves of the first move. */
      if (!*t || strcmp (t, "...") == 0)
        continue;
      if (g_ascii_isdigit (*t))
        {
          while (g_ascii_isdigit (*t))
            t++;
          side = g_str_has_prefix (t, "...") ? !dot_side : dot_side;
          while (*t == '.')
            t++;
          if (!*t)
            continue;
        }
      if (strcmp (t, "ep.") == 0 && items->len > 0)
        {
          char *prev = items->pdata[items->len - 1];
          items->pdata[items->len - 1] = g_strconcat (prev, " ep.", NULL);
          g_free (prev);
          continue;
        }
      g_ptr_array_add (items, g_strdup (t));
      g_array_append_val (sides, side);
    }
  char *error = NULL;
  *moves = 0;
  gboolean self_check = self_check_goal (goal_mark), self_checked = FALSE;
  for (guint i = 0; i < items->len && !error; i++)
    {
      const char *move = items->pdata[i];
      int side = g_array_index (sides, int, i);
      if (is_mark (move))
        {
          error = g_strdup_printf ("mark \"%s\" without a move", move);
          break;
        }
      if (series)
        {
          /* Series: one side plays on while the other passes; which side
           * a number means depends on the genre, so let legality decide. */
          if (!play_text_as (pos, move, self_check, &self_checked))
            {
              FeUndo undo;
              fe_make_null (pos, &undo);
              if (!play_text_as (pos, move, self_check, &self_checked))
                {
                  fe_unmake_null (pos, &undo);
                  g_autofree char *legal = fe_test_legal_moves (pos);
                  error = g_strdup_printf ("move %s is not legal here (legal: %s)", move, legal);
                  break;
                }
            }
        }
      else
        {
          /* A pass only where the notation has one: before the first move
           * of a line (a threat, set play). */
          if (side >= 0 && side != pos->side)
            {
              if (*moves > 0)
                {
                  error = g_strdup_printf ("move %s is numbered for the side not to move", move);
                  break;
                }
              FeUndo undo;
              fe_make_null (pos, &undo);
            }
          if (!play_text_as (pos, move, self_check, &self_checked))
            {
              g_autofree char *legal = fe_test_legal_moves (pos);
              error = g_strdup_printf ("move %s is not legal here (legal: %s)", move, legal);
              break;
            }
        }
      (*moves)++;
      *captured = strchr (move, '*') != NULL;
      g_string_truncate (last_marks, 0);
      while (i + 1 < items->len && is_mark (items->pdata[i + 1]))
        {
          g_string_append (last_marks, items->pdata[++i]);
          g_string_append_c (last_marks, ' ');
        }
      /* A move that leaves its mover in check only as the goal move that
       * ends its line. */
      gboolean goal_marked = FALSE;
      g_auto (GStrv) tokens = g_strsplit (last_marks->str, " ", -1);
      for (int t = 0; tokens[t]; t++)
        goal_marked |= strcmp (tokens[t], goal_mark) == 0;
      if (self_checked && (!goal_marked || i + 1 != items->len))
        {
          error = g_strdup_printf ("move %s leaves its king in check, not as the goal move", move);
          break;
        }
      const char *want = deserved_mark (pos);
      /* (the a=>b goal's mark holds an "=" that is no stalemate's; the
       * marks of ##, ##!, #=, != say the check or that there is none, !#
       * comes after a "+") */
      g_autoptr (GString) checks = g_string_new (NULL);
      gboolean preempted = FALSE;
      for (int t = 0; tokens[t]; t++)
        if (is_goal_mark (tokens[t]))
          preempted |= strcmp (tokens[t], "!#") != 0;
        else if (strcmp (tokens[t], "a=>b") != 0)
          g_string_append_printf (checks, "%s ", tokens[t]);
      if (preempted)
        continue;
      const char *got = strstr (checks->str, "#") ? "#"
                        : strstr (checks->str, "+") ? "+"
                        : strstr (checks->str, "=") ? "=" : "";
      /* "#" and "=" are goal symbols (POPEYE-SYNTAX.md): where the goal is
       * not mate, a mating move is marked as a check; an unmarked
       * stalemate is fine where it is not the goal (checked by the
       * caller); every other mark must be exact. */
      gboolean mate_as_check = strcmp (want, "#") == 0 && strcmp (got, "+") == 0
                               && strcmp (goal_mark, "#") != 0;
      if (strcmp (want, got) != 0 && !mate_as_check && !(want[0] == '=' && got[0] == 0))
        error = g_strdup_printf ("move %s is marked \"%s\" but deserves \"%s\"", move, got, want);
    }
  g_ptr_array_unref (items);
  g_array_unref (sides);
  return error;
}

char *
fe_test_replay_solution (const FePosition *start, int dot_side, const char *goal_mark,
                         gboolean series, gboolean whole_lines, const char *text, int *lines_checked)
{
  g_auto (GStrv) raw = g_strsplit (text, "\n", -1);
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (Line));
  for (int i = 0; raw[i]; i++)
    {
      gboolean is_move, but;
      int level = line_level (raw[i], &is_move, &but);
      if (level < 0)
        continue;
      /* Help and series lines are whole lines from the diagram, whatever
       * their first number (an h#1.5's short h#1 lines "1." come before
       * its "1..." lines). */
      if (series || whole_lines)
        level = 0;
      Line l = { g_strstrip (g_strdup (raw[i])), level, but };
      g_array_append_val (lines, l);
    }
  /* The tree: each line's parent is the nearest earlier line of a lower
   * level; a stack of (level, position after it). */
  typedef struct { int level; FePosition pos; } Frame;
  GArray *stack = g_array_new (FALSE, TRUE, sizeof (Frame));
  Frame root = { -10, *start };
  g_array_append_val (stack, root);
  char *error = NULL;
  *lines_checked = 0;
  for (guint i = 0; i < lines->len && !error; i++)
    {
      Line *l = &g_array_index (lines, Line, i);
      while (stack->len > 1 && g_array_index (stack, Frame, stack->len - 1).level >= l->level)
        g_array_set_size (stack, stack->len - 1);
      Frame f = g_array_index (stack, Frame, stack->len - 1);
      f.level = l->level;
      if (l->but)
        {
          g_array_append_val (stack, f);
          continue;
        }
      g_autoptr (GString) marks = g_string_new (NULL);
      gboolean captured = FALSE;
      int moves = 0;
      char *why = replay_line (&f.pos, l->text, dot_side, series, goal_mark, marks, &captured, &moves);
      (*lines_checked)++;
      if (why)
        {
          error = g_strdup_printf ("line \"%s\": %s", l->text, why);
          g_free (why);
          break;
        }
      g_array_append_val (stack, f);
      /* A leaf ends with the goal unless it carries a verdict: a try "?",
       * a refutation "!", or a key "!" printed without its variations
       * (keys of one-movers are checked by fe_test_brute_solutions). */
      gboolean leaf = i + 1 == lines->len
                      || g_array_index (lines, Line, i + 1).level <= l->level;
      gboolean verdict = strchr (marks->str, '!') || strchr (marks->str, '?');
      if (leaf && !verdict && moves > 0)
        {
          gboolean reached;
          if (strcmp (goal_mark, "x") == 0)
            reached = captured && strstr (marks->str, "x ") != NULL;
          else if (strcmp (goal_mark, "ep") == 0)
            {
              /* the last move is an e.p. capture: only marks after it */
              const char *e = g_strrstr (l->text, " ep.");
              reached = e && strspn (e + 4, " +!") == strlen (e + 4);
            }
          else if (!*goal_mark)
            reached = TRUE; /* no mark (ct, <>, k…): not judged here */
          else if (strcmp (goal_mark, "~") == 0)
            reached = TRUE; /* any legal move: replayed above */
          else
            reached = strstr (marks->str, goal_mark) != NULL;
          if (!reached)
            error = g_strdup_printf ("line \"%s\" does not reach the goal %s", l->text, goal_mark);
        }
    }
  for (guint i = 0; i < lines->len; i++)
    g_free (g_array_index (lines, Line, i).text);
  g_array_unref (lines);
  g_array_unref (stack);
  return error;
}

/* ---- Independent solving of one- and two-movers by brute force ---- */

typedef struct {
  FePosition pos;
  GPtrArray *found;  /* lines "m1 m2 …" */
  GPtrArray *path;   /* notations so far */
} Brute;

/* Every legal move of pos->side with its notation; `pos` is left as it was. */
static GPtrArray *
legal_with_notation (FePosition *pos, FeMoveList *list)
{
  fe_generate_legal (pos, list);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < list->count; i++)
    {
      FePosition before = *pos;
      FeUndo undo;
      fe_make (pos, &list->moves[i], &undo);
      g_ptr_array_add (texts, fe_notation_move (&before, &list->moves[i], pos, &undo));
      fe_unmake (pos, &list->moves[i], &undo);
    }
  return texts;
}

static gboolean
mated (FePosition *pos)
{
  FeMoveList list;
  fe_generate_legal (pos, &list);
  return list.count == 0 && fe_in_check (pos, pos->side);
}

static gboolean
stalemated (FePosition *pos)
{
  FeMoveList list;
  fe_generate_legal (pos, &list);
  return list.count == 0 && !fe_in_check (pos, pos->side);
}

static char *
join_path (GPtrArray *path)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < path->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (char *) path->pdata[i]);
  return g_string_free (s, FALSE);
}

/* The pieces (walk, colour, attributes) and imitators of `a` are `b`'s:
 * written here from the definition (docs/rules/stipulations.md §5.3), not
 * taken from the solver. */
static gboolean
same_placement (const FePosition *a, const FePosition *b)
{
  for (int i = 0; i < 64; i++)
    {
      FePiece x = a->board[FE_SQ88 (i)], y = b->board[FE_SQ88 (i)];
      if (x.walk != y.walk || (x.walk && (x.colour != y.colour || x.attrs != y.attrs)))
        return FALSE;
    }
  if (a->n_imitators != b->n_imitators)
    return FALSE;
  for (int i = 0; i < a->n_imitators; i++)
    if (a->imitators[i] != b->imitators[i])
      return FALSE;
  return TRUE;
}

/* What ends a brute-force line: a mate (no target), or reaching `target`,
 * which also cuts a line reached earlier after a ply of parity
 * `goal_parity` (-1: any ply, as in series play). */
typedef struct {
  const FePosition *target;
  int goal_parity;
} BruteEnd;

/* Depth-first over `plies` plies; `pass_before` has bit i set when the
 * opponent passes before ply i (series play); the last ply must reach
 * the end. */
static void
brute_line (FePosition *pos, GPtrArray *path, int ply, int plies, guint pass_before,
            const BruteEnd *end, GPtrArray *found)
{
  FeUndo null_undo;
  gboolean passed = (pass_before >> ply) & 1;
  if (passed)
    {
      /* Series: the side in series may not give check before its last
       * move (the opponent could not pass out of check). */
      if (fe_in_check (pos, pos->side))
        return;
      fe_make_null (pos, &null_undo);
    }
  FeMoveList list;
  GPtrArray *texts = legal_with_notation (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      g_ptr_array_add (path, texts->pdata[i]);
      gboolean reached = end->target ? same_placement (pos, end->target) : mated (pos);
      if (ply + 1 == plies)
        {
          if (reached)
            g_ptr_array_add (found, join_path (path));
        }
      else if (!(end->target && reached && (end->goal_parity < 0 || (ply + 1) % 2 == end->goal_parity)))
        brute_line (pos, path, ply + 1, plies, pass_before, end, found);
      g_ptr_array_set_size (path, path->len - 1);
      fe_unmake (pos, &list.moves[i], &undo);
    }
  g_ptr_array_unref (texts);
  if (passed)
    fe_unmake_null (pos, &null_undo);
}

static void
brute_mate (FePosition *pos, GPtrArray *path, int ply, int plies, guint pass_before,
            GPtrArray *found)
{
  static const BruteEnd mate = { NULL, -1 };
  brute_line (pos, path, ply, plies, pass_before, &mate, found);
}

/* a=>b: lines that end on `target` (see BruteEnd). */
static void
brute_target (FePosition *pos, const FePosition *target, GPtrArray *path, int ply, int plies,
              guint pass_before, int goal_parity, GPtrArray *found)
{
  BruteEnd end = { target, goal_parity };
  brute_line (pos, path, ply, plies, pass_before, &end, found);
}

/* The side to move's mates in one, as notations. */
static GPtrArray *
mating_moves (FePosition *pos)
{
  FeMoveList list;
  GPtrArray *texts = legal_with_notation (pos, &list);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      if (mated (pos))
        g_ptr_array_add (out, g_strdup (texts->pdata[i]));
      fe_unmake (pos, &list.moves[i], &undo);
    }
  g_ptr_array_unref (texts);
  return out;
}

/* "first second" for each second of `seconds` into `found`. */
static void
add_pairs (const char *first, GPtrArray *seconds, GPtrArray *found)
{
  for (guint j = 0; j < seconds->len; j++)
    g_ptr_array_add (found, g_strdup_printf ("%s %s", first, (char *) seconds->pdata[j]));
}

/* hs#1, hr#1 (White to move) and reci-h#1 (Black to move), from their
 * definitions (docs/rules/stipulations.md §4.1, §6.1). */
static void
brute_help_end (FePosition *pos, const char *stip, GPtrArray *found)
{
  FeMoveList list;
  g_autoptr (GPtrArray) texts = legal_with_notation (pos, &list);
  if (g_str_equal (stip, "reci-h#1"))
    {
      g_autoptr (GPtrArray) own = mating_moves (pos);
      g_autoptr (GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
      for (int i = 0; i < list.count; i++)
        {
          FeUndo undo;
          fe_make (pos, &list.moves[i], &undo);
          g_autoptr (GPtrArray) replies = mating_moves (pos);
          add_pairs (texts->pdata[i], replies, pairs);
          fe_unmake (pos, &list.moves[i], &undo);
        }
      if (own->len && pairs->len)
        for (guint k = 0; k < 2; k++)
          {
            GPtrArray *from = k ? own : pairs;
            for (guint j = 0; j < from->len; j++)
              g_ptr_array_add (found, g_strdup (from->pdata[j]));
          }
      return;
    }
  gboolean reflex = g_str_equal (stip, "hr#1");
  if (reflex)
    {
      /* White may not be able to mate: the diagram's violation. */
      g_autoptr (GPtrArray) now = mating_moves (pos);
      for (guint j = 0; j < now->len; j++)
        g_ptr_array_add (found, g_strdup (now->pdata[j]));
      if (now->len)
        return;
    }
  for (int i = 0; i < list.count; i++)
    {
      FeUndo undo;
      fe_make (pos, &list.moves[i], &undo);
      g_autoptr (GPtrArray) mates = mating_moves (pos);
      FeMoveList replies;
      fe_generate_legal (pos, &replies);
      /* hs: Black has a move and every one mates; hr: Black can mate. */
      if (reflex || (replies.count > 0 && (int) mates->len == replies.count))
        add_pairs (texts->pdata[i], mates, found);
      fe_unmake (pos, &list.moves[i], &undo);
    }
}

static int
cmp_strs (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The lines of `found` (freed), sorted, one a line. */
static char *
sorted_lines (GPtrArray *found)
{
  g_ptr_array_sort (found, cmp_strs);
  g_ptr_array_add (found, NULL);
  char *r = g_strjoinv ("\n", (char **) found->pdata);
  g_ptr_array_unref (found);
  return r;
}

char *
fe_test_brute_solutions (const FePosition *start, const char *stip)
{
  FePosition pos = *start;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *path = g_ptr_array_new ();
  if (g_str_equal (stip, "h#1") || g_str_equal (stip, "h#1.5") || g_str_equal (stip, "ser-#2"))
    {
      int plies = g_str_equal (stip, "h#1.5") ? 3 : 2;
      gboolean series = g_str_equal (stip, "ser-#2");
      /* Help play: black starts a whole-move help play (h#1), white a
       * half-move one (h#1.5).  Series: white plays twice, black passes.
       * Short solutions count too (docs/decisions.md): the same start,
       * one whole move less (help), one move less (series). */
      if (g_str_equal (stip, "h#1") && pos.side == FE_WHITE)
        {
          FeUndo u;
          fe_make_null (&pos, &u);
        }
      for (int p = series ? 1 : plies % 2 ? 1 : 2; p <= plies; p += series ? 1 : 2)
        brute_mate (&pos, path, 0, p, series ? ~1u : 0u, found);
    }
  else if (g_str_equal (stip, "hs#1") || g_str_equal (stip, "hr#1") || g_str_equal (stip, "reci-h#1"))
    brute_help_end (&pos, stip, found);
  else
    {
      /* One-move direct plays: the keys. */
      FeMoveList list;
      GPtrArray *texts = legal_with_notation (&pos, &list);
      for (int i = 0; i < list.count; i++)
        {
          FeUndo undo;
          fe_make (&pos, &list.moves[i], &undo);
          gboolean key;
          if (g_str_equal (stip, "#1"))
            key = mated (&pos);
          else if (g_str_equal (stip, "=1"))
            key = stalemated (&pos);
          else if (g_str_equal (stip, "+1"))
            key = fe_in_check (&pos, pos.side);
          else if (g_str_equal (stip, "x1"))
            key = strchr (texts->pdata[i], '*') != NULL;
          else if (g_str_equal (stip, "~1"))
            key = TRUE;
          else if (g_str_equal (stip, "s#1"))
            {
              /* Black must mate: has a move, and every move mates. */
              FeMoveList replies;
              fe_generate_legal (&pos, &replies);
              key = replies.count > 0;
              for (int j = 0; j < replies.count && key; j++)
                {
                  FeUndo u2;
                  fe_make (&pos, &replies.moves[j], &u2);
                  key = mated (&pos);
                  fe_unmake (&pos, &replies.moves[j], &u2);
                }
            }
          else
            g_error ("no brute-force solver for %s", stip);
          if (key)
            g_ptr_array_add (found, g_strdup (texts->pdata[i]));
          fe_unmake (&pos, &list.moves[i], &undo);
        }
      g_ptr_array_unref (texts);
    }
  g_ptr_array_unref (path);
  return sorted_lines (found);
}

char *
fe_test_brute_target_solutions (const FePosition *start, const FePosition *target, const char *stip)
{
  FePosition pos = *start;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *path = g_ptr_array_new ();
  if (g_str_equal (stip, "ser-a=>b2"))
    {
      /* White's series of one or two moves, Black passing between. */
      for (int n = 1; n <= 2; n++)
        brute_target (&pos, target, path, 0, n, ~1u, -1, found);
    }
  else if (g_str_equal (stip, "ser-ha=>b2"))
    {
      /* Black's series of one or two moves, then White's one: the target
       * is asked only at the end, and Black may check only last. */
      for (int n = 1; n <= 2; n++)
        brute_target (&pos, target, path, 0, n + 1, n == 2 ? 2u : 0u, n + 1, found);
    }
  else
    {
      int plies = g_str_equal (stip, "a=>b1") ? 2 : g_str_equal (stip, "a=>b1.5") ? 3 : 4;
      g_assert_true (g_str_has_prefix (stip, "a=>b"));
      /* Help play from the side to move; shorter by whole moves too. */
      for (int p = plies % 2 ? 1 : 2; p <= plies; p += 2)
        brute_target (&pos, target, path, 0, p, 0u, p % 2, found);
    }
  g_ptr_array_unref (path);
  return sorted_lines (found);
}


char *
fe_test_printed_solutions (const char *text, gboolean keys_only)
{
  g_auto (GStrv) raw = g_strsplit (text, "\n", -1);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; raw[i]; i++)
    {
      gboolean is_move, but;
      int level = line_level (raw[i], &is_move, &but);
      if (!is_move || (level != 0 && keys_only))
        continue;
      g_auto (GStrv) tokens = g_strsplit (g_strstrip (raw[i]), " ", -1);
      GPtrArray *moves = g_ptr_array_new ();
      gboolean key = FALSE;
      for (int j = 0; tokens[j]; j++)
        {
          char *t = tokens[j];
          if (strcmp (t, "!") == 0)
            key = TRUE;
          if (!*t || is_mark (t))
            continue;
          if (strcmp (t, "ep.") == 0 && moves->len)
            {
              char *prev = moves->pdata[moves->len - 1];
              moves->pdata[moves->len - 1] = g_strconcat (prev, " ep.", NULL);
              g_free (prev);
              continue;
            }
          while (g_ascii_isdigit (*t))
            t++;
          while (*t == '.')
            t++;
          if (*t)
            g_ptr_array_add (moves, g_strdup (t));
        }
      if (!keys_only || key)
        {
          g_ptr_array_add (moves, NULL);
          g_ptr_array_add (found, g_strjoinv (" ", (char **) moves->pdata));
          g_ptr_array_set_size (moves, moves->len - 1);
        }
      g_ptr_array_set_free_func (moves, g_free);
      g_ptr_array_unref (moves);
    }
  g_ptr_array_sort (found, cmp_strs);
  g_ptr_array_add (found, NULL);
  char *r = g_strjoinv ("\n", (char **) found->pdata);
  g_ptr_array_unref (found);
  return r;
}
