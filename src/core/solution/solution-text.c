/* solution-text.c — Popeye's text written from the solution tree: the one
 * writer behind the CLI's output and the window's "copy as text".
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writer is fed the nodes in delivery order (which is the text's order:
 * a battle node is one line, a help or series line is written when the node
 * that ends it arrives) and keeps only what the layout needs between nodes:
 * the twin and play under way, and whether set play awaits its blank line.
 */
#include <stdlib.h>
#include <string.h>

#include "solution.h"

struct FeTextWriter {
  FeTextEmit emit;
  gpointer data;
  GString *buf;
  const FeSolutionNode *twin;     /* the twin being written */
  int phases_closed;              /* of the twin's plays */
  gboolean set_play_open;         /* set play written, its blank line not yet */
  int previous_role;              /* of the last node written, -1 none */
  gboolean lone_reci_open;        /* reci-h#1's lines of the ending side's own goal */
  /* The blank line that opens a twin's solution, written before what
   * follows it (Popeye writes a post-key check on the line after the
   * header, with no blank line). */
  gboolean blank_owed;
};

FeTextWriter *
fe_text_writer_new (FeTextEmit emit, gpointer user_data)
{
  FeTextWriter *w = g_new0 (FeTextWriter, 1);
  w->emit = emit;
  w->data = user_data;
  w->buf = g_string_new (NULL);
  w->previous_role = -1;
  return w;
}

void
fe_text_writer_free (FeTextWriter *w)
{
  if (!w)
    return;
  g_string_free (w->buf, TRUE);
  g_free (w);
}

static void
flush (FeTextWriter *w)
{
  if (w->buf->len)
    w->emit (w->buf->str, w->data);
  g_string_truncate (w->buf, 0);
}

/* The end of one play of the twin: set play's blank line if still owed,
 * and the blank line that closes a battle. */
static void
close_phase (FeTextWriter *w)
{
  if (w->set_play_open)
    g_string_append_c (w->buf, '\n');
  w->set_play_open = FALSE;
  if (w->twin->play == FE_PLAY_KIND_BATTLE)
    g_string_append_c (w->buf, '\n');
  w->phases_closed++;
}

static void
pay_blank (FeTextWriter *w)
{
  if (w->blank_owed)
    g_string_append_c (w->buf, '\n');
  w->blank_owed = FALSE;
}

static void
close_twin (FeTextWriter *w)
{
  pay_blank (w);
  while (w->twin && w->phases_closed < w->twin->n_phases)
    close_phase (w);
}

/* Battle play: the half-move a number stands for ("1." 0, "1..." 1, "2." 2). */
static int
battle_level (const char *number)
{
  int n = atoi (number);
  return strstr (number, "...") ? 2 * n - 1 : 2 * (n - 1);
}

static void
battle_line (FeTextWriter *w, const FeSolutionNode *n, gboolean top)
{
  if (n->notes & FE_NOTE_AFTER_KEY)
    {
      /* The key's marks alone: a check on the header's next line, a
       * threat or zugzwang after the blank line. */
      if (n->marks & FE_MARK_CHECK)
        w->blank_owed = FALSE;
      pay_blank (w);
      if (n->marks & FE_MARK_CHECK)
        g_string_append (w->buf, " +\n");
      else if (n->notes & (FE_NOTE_THREAT | FE_NOTE_ZUGZWANG))
        g_string_append (w->buf, n->notes & FE_NOTE_THREAT ? " threat:\n" : " zugzwang.\n");
      return;
    }
  pay_blank (w);
  if (n->role == FE_ROLE_REFUTATION && w->previous_role != FE_ROLE_REFUTATION)
    g_string_append (w->buf, "    but\n");
  if (top && (n->role == FE_ROLE_KEY || n->role == FE_ROLE_TRY || n->role == FE_ROLE_VIOLATION))
    g_string_append_c (w->buf, '\n');
  int level = battle_level (n->number);
  int indent = level == 0 ? 3 : 4 * level + 2;
  g_string_append_printf (w->buf, "%*s%s%s", indent, "", n->number, n->text);
  /* Popeye writes the verdict before the threat. */
  if (n->role == FE_ROLE_KEY || n->role == FE_ROLE_REFUTATION)
    g_string_append (w->buf, " !");
  else if (n->role == FE_ROLE_TRY)
    g_string_append (w->buf, " ?");
  else if (n->role == FE_ROLE_VIOLATION)
    g_string_append (w->buf, " ?!?");
  if (n->notes & FE_NOTE_THREAT)
    g_string_append (w->buf, " threat:");
  else if (n->notes & FE_NOTE_ZUGZWANG)
    g_string_append (w->buf, " zugzwang.");
  g_string_append_c (w->buf, '\n');
}

/* Help and series play: the whole line that ends at `end`.  Help numbers
 * move pairs ("1.B W   2.B W"), series play each series move, the other
 * side's final reply after a space. */
static void
solution_line (FeTextWriter *w, const FeSolutionNode *end)
{
  GPtrArray *moves = g_ptr_array_new ();
  for (const FeSolutionNode *n = end; n && n->role != FE_ROLE_TWIN; n = n->parent)
    g_ptr_array_add (moves, (gpointer) n);
  /* reci-h#1: Popeye solves the two halves of the end one after the
   * other, each closed by a blank line. */
  gboolean lone_reci = (end->notes & FE_NOTE_RECI) && moves->len == 1;
  if (lone_reci && !w->lone_reci_open)
    g_string_append_c (w->buf, '\n');
  w->lone_reci_open = lone_reci;
  g_string_append (w->buf, "  ");
  for (guint k = moves->len; k-- > 0;)
    {
      const FeSolutionNode *n = moves->pdata[k];
      gboolean first = k == moves->len - 1;
      if (first)
        g_string_append (w->buf, n->number);
      else if (!*n->number || g_str_has_suffix (n->number, "..."))
        g_string_append_c (w->buf, ' ');
      else
        g_string_append_printf (w->buf, "   %s", n->number);
      g_string_append (w->buf, n->text);
    }
  if (end->role == FE_ROLE_VIOLATION)
    g_string_append (w->buf, " ?!?");
  g_string_append_c (w->buf, '\n');
  g_ptr_array_unref (moves);
}

void
fe_text_writer_node (FeTextWriter *w, const FeSolutionNode *n)
{
  if (n->role == FE_ROLE_TWIN)
    {
      close_twin (w);
      w->twin = n;
      w->phases_closed = 0;
      w->set_play_open = FALSE;
      w->lone_reci_open = FALSE;
      w->previous_role = -1;
      if (*n->twin_label)
        g_string_append_printf (w->buf, "\n%s%s\n", n->twin_label, n->twin == 0 ? " " : "  ");
      w->blank_owed = TRUE;
      flush (w);
      return;
    }
  if (!w->twin)
    return; /* a node without its twin: nothing to lay it out by */
  if (!(w->twin->play == FE_PLAY_KIND_BATTLE && (n->notes & FE_NOTE_AFTER_KEY)))
    pay_blank (w);
  while (w->phases_closed < n->phase)
    close_phase (w);
  gboolean top = n->parent == w->twin;
  if (top && n->role != FE_ROLE_SET_PLAY && w->set_play_open)
    {
      g_string_append_c (w->buf, '\n');
      w->set_play_open = FALSE;
    }
  if (top && n->role == FE_ROLE_SET_PLAY)
    w->set_play_open = TRUE;
  if (w->twin->play == FE_PLAY_KIND_BATTLE)
    battle_line (w, n, top);
  else if (n->notes & FE_NOTE_LINE_END)
    solution_line (w, n);
  w->previous_role = n->role;
  flush (w);
}

void
fe_text_writer_finish (FeTextWriter *w)
{
  close_twin (w);
  w->twin = NULL;
  flush (w);
}

static void
append_text (const char *text, gpointer data)
{
  g_string_append (data, text);
}

static void
collect (const FeSolutionNode *n, GPtrArray *all)
{
  g_ptr_array_add (all, (gpointer) n);
  for (guint i = 0; i < n->children->len; i++)
    collect (n->children->pdata[i], all);
}

static int
by_serial (gconstpointer a, gconstpointer b)
{
  const FeSolutionNode *x = *(const FeSolutionNode *const *) a, *y = *(const FeSolutionNode *const *) b;
  return x->serial < y->serial ? -1 : x->serial > y->serial;
}

char *
fe_solution_to_text (FeSolution *t)
{
  GString *out = g_string_new (NULL);
  FeTextWriter *w = fe_text_writer_new (append_text, out);
  g_mutex_lock (&t->lock);
  GPtrArray *all = g_ptr_array_new ();
  for (guint i = 0; i < t->twins->len; i++)
    collect (t->twins->pdata[i], all);
  /* Delivery order: a help line sharing its first moves with an earlier,
   * shorter one is delivered (and written) after the lines between. */
  g_ptr_array_sort (all, by_serial);
  for (guint i = 0; i < all->len; i++)
    fe_text_writer_node (w, all->pdata[i]);
  fe_text_writer_finish (w);
  g_mutex_unlock (&t->lock);
  g_ptr_array_unref (all);
  fe_text_writer_free (w);
  return g_string_free (out, FALSE);
}
