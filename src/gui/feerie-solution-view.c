/* feerie-solution-view.c — the solution pane.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rows come from a GtkTreeListModel whose items are FeerieSolutionItem,
 * each with a GListStore of the moves below it.  Battle play is a tree of
 * moves; help and series play are lines, as composers print them: one row
 * per solution ("1.Kd5-e4 Qb3-e3 2.Ke4-f4 Qe3-g5 #"), the row of its last
 * move.  While a solve streams nodes in, every row may still get
 * children, so every row may fold; once the solve ends the model is
 * rebuilt so that only moves with replies do (GTK 4.8 cannot hide the
 * expander of an empty row).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-solution-view.h"
#include "feerie-solution-item.h"

struct _FeerieSolutionView
{
  GtkBox parent_instance;

  GtkInscription *progress;
  GtkBox *over_box;
  GtkLabel *over_label;
  GtkButton *keep_button;
  GtkButton *over_stop_button;
  GtkLabel *summary;
  GtkLabel *stale_label;
  GtkLabel *reason;
  GtkLabel *step;
  GtkListView *list;
  GtkScrolledWindow *scroller;

  FeSolution *solution;
  gboolean flatten;
  gboolean finished;
  GListStore *roots;
  GHashTable *items; /* const FeSolutionNode* -> FeerieSolutionItem* */
  GtkSingleSelection *selection;
  gboolean selecting; /* selection changed by the program: no signal */
};

G_DEFINE_FINAL_TYPE (FeerieSolutionView, feerie_solution_view, GTK_TYPE_BOX)

enum { SIGNAL_NODE_SELECTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const FeSolutionNode *
twin_of (const FeSolutionNode *n)
{
  while (n->parent)
    n = n->parent;
  return n;
}

gboolean
feerie_solution_view_is_line_play (const FeSolutionNode *n)
{
  return twin_of (n)->play == FE_PLAY_KIND_LINES;
}

/* A help or series solution ending at `end`, as composers write it:
 * move numbers before the moves they number, the side's replies after
 * a space ("1.Kd5-e4 Qb3-e3 2.Ke4-f4 Qe3-g5 #"). */
static char *
line_text (const FeSolutionNode *end)
{
  g_autoptr (GPtrArray) moves = g_ptr_array_new ();
  for (const FeSolutionNode *n = end; n && n->role != FE_ROLE_TWIN; n = n->parent)
    g_ptr_array_add (moves, (gpointer) n);
  GString *s = g_string_new (NULL);
  for (guint k = moves->len; k-- > 0;)
    {
      const FeSolutionNode *n = moves->pdata[k];
      if (k == moves->len - 1)
        g_string_append (s, n->number);
      else if (!*n->number || g_str_has_suffix (n->number, "..."))
        g_string_append_c (s, ' ');
      else
        g_string_append_printf (s, " %s", n->number);
      g_string_append (s, n->text);
    }
  return g_string_free (s, FALSE);
}

/* `text` as markup in which a line may wrap only between its words: Pango
 * would otherwise break a move after its hyphen ("3.Kb3-" / "c4"). */
static char *
unbreakable_moves (const char *text)
{
  g_autoptr (GString) markup = g_string_new (NULL);
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  for (guint i = 0; words[i]; i++)
    {
      g_autofree char *word = g_markup_escape_text (words[i], -1);
      if (i > 0)
        g_string_append_c (markup, ' ');
      if (*word)
        g_string_append_printf (markup, "<span allow_breaks=\"false\">%s</span>", word);
    }
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

/* A row: the move as Pango markup, and the word for its role ("key",
 * "try", "short") with the role's style class, which also colours the
 * move of refutations and set play.  Colours come from style.css, which
 * gives a selected row its own colour: a coloured word on the selection's
 * blue would not read. */
static char *
row_markup (const FeSolutionNode *n, const char **role, const char **style)
{
  *role = *style = NULL;
  if (n->role == FE_ROLE_TWIN)
    return g_markup_printf_escaped ("<b>%s</b>",
                                    n->twin_label && *n->twin_label ? n->twin_label : "a)");
  g_autofree char *text = feerie_solution_view_is_line_play (n)
                            ? line_text (n)
                            : g_strconcat (n->number, n->text, NULL);
  g_autofree char *move = unbreakable_moves (text);
  /* After the verdict, as the text writes it: "1.Kb5-a6 ! zugzwang." */
  const char *note = (n->notes & FE_NOTE_THREAT)     ? _("threat:")
                     : (n->notes & FE_NOTE_ZUGZWANG) ? _("zugzwang.")
                                                     : NULL;
  g_autofree char *noted = note ? g_markup_printf_escaped (" %s", note) : g_strdup ("");
  switch (n->role)
    {
    case FE_ROLE_KEY:
      *role = _("key"), *style = "key";
      return g_strdup_printf ("<b>%s !</b>%s", move, noted);
    case FE_ROLE_TRY:
      *role = _("try"), *style = "try";
      return g_strdup_printf ("%s ?%s", move, noted);
    case FE_ROLE_REFUTATION:
      *style = "refutation";
      return g_strdup_printf ("%s %s !", _("but"), move);
    case FE_ROLE_THREAT:
      return g_strdup_printf ("<i>%s</i> %s", _("threat:"), move);
    case FE_ROLE_SET_PLAY:
      *style = "set-play";
      return g_strdup_printf ("<i>%s</i> %s", _("set play:"), move);
    case FE_ROLE_SHORT:
      *role = _("short"), *style = "short";
      return g_strdup (move);
    case FE_ROLE_VIOLATION:
      /* Reflex play: the diagram lets the side to move reach the goal. */
      *role = _("illegal diagram"), *style = "try";
      return g_strdup_printf ("%s ?!?", move);
    default:
      return g_strdup_printf ("%s%s", move, noted);
    }
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *move = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (move), 0);
  /* A long line (a helpmate's, a series', with imitators' squares) wraps
   * between its moves: it is read whole without scrolling sideways. */
  gtk_label_set_wrap (GTK_LABEL (move), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (move), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (move, "feerie-move");
  gtk_box_append (GTK_BOX (box), move);
  GtkWidget *role = gtk_label_new (NULL);
  gtk_widget_add_css_class (role, "feerie-role");
  gtk_box_append (GTK_BOX (box), role);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (item, expander);
}

static void
set_style (GtkWidget *label, const char *style)
{
  static const char *const styles[] = { "key", "try", "refutation", "set-play", "short" };
  for (gsize i = 0; i < G_N_ELEMENTS (styles); i++)
    gtk_widget_remove_css_class (label, styles[i]);
  if (style)
    gtk_widget_add_css_class (label, style);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  GtkWidget *expander = gtk_list_item_get_child (item);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  FeerieSolutionItem *si = gtk_tree_list_row_get_item (row);
  const char *role, *style;
  g_autofree char *markup = row_markup (feerie_solution_item_get_node (si), &role, &style);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *move = gtk_widget_get_first_child (box), *word = gtk_widget_get_last_child (box);
  gtk_label_set_markup (GTK_LABEL (move), markup);
  gtk_label_set_text (GTK_LABEL (word), role ? role : "");
  gtk_widget_set_visible (word, role != NULL);
  set_style (move, style);
  set_style (word, style);
  g_object_unref (si);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (gtk_list_item_get_child (item)), NULL);
}

static GListModel *
children_of (gpointer item, gpointer data)
{
  FeerieSolutionView *self = data;
  g_assert (FEERIE_IS_SOLUTION_VIEW (self));
  const FeSolutionNode *node = feerie_solution_item_get_node (item);
  if (node->role != FE_ROLE_TWIN && feerie_solution_view_is_line_play (node))
    return NULL; /* a line's row: the whole line */
  GListStore *children = feerie_solution_item_get_children (item);
  /* Streaming: any row may still get replies. */
  if (!self->finished || g_list_model_get_n_items (G_LIST_MODEL (children)))
    return g_object_ref (G_LIST_MODEL (children));
  return NULL;
}

static void
on_selected (FeerieSolutionView *self)
{
  if (self->selecting)
    return;
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (self->selection);
  const FeSolutionNode *node = NULL;
  if (row)
    {
      FeerieSolutionItem *si = gtk_tree_list_row_get_item (row);
      node = feerie_solution_item_get_node (si);
      g_object_unref (si);
    }
  g_signal_emit (self, signals[SIGNAL_NODE_SELECTED], 0, node);
}

/* A fresh model over the roots (after reset and when the solve ends). */
static void
rebuild_model (FeerieSolutionView *self)
{
  GtkTreeListModel *tree = gtk_tree_list_model_new (g_object_ref (G_LIST_MODEL (self->roots)),
                                                    FALSE, TRUE, children_of, self, NULL);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (tree));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selected), self);
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
}

void
feerie_solution_view_reset (FeerieSolutionView *self, FeSolution *solution, gboolean flatten)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  g_clear_pointer (&self->solution, fe_solution_unref);
  self->solution = solution ? fe_solution_ref (solution) : NULL;
  self->flatten = flatten;
  self->finished = FALSE;
  g_hash_table_remove_all (self->items);
  self->selecting = TRUE;
  g_list_store_remove_all (self->roots);
  rebuild_model (self);
  self->selecting = FALSE;
  feerie_solution_view_set_stale (self, FALSE);
  feerie_solution_view_set_summary (self, NULL);
  feerie_solution_view_set_step (self, NULL);
  feerie_solution_view_set_over (self, NULL, FALSE);
}

void
feerie_solution_view_add (FeerieSolutionView *self, const FeSolutionNode *const *nodes, guint n)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  if (!self->solution)
    return;
  /* The new rows of each list, appended to it at once: one change of the
   * list per batch, not one per row. */
  g_autoptr (GHashTable) added
    = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GPtrArray) stores = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      const FeSolutionNode *node = nodes[i];
      gboolean line = node->role != FE_ROLE_TWIN && feerie_solution_view_is_line_play (node);
      /* Help and series play: a row per line, added with the line's last
       * move (lines arrive whole). */
      if (line && !(node->notes & FE_NOTE_LINE_END))
        continue;
      FeerieSolutionItem *item = feerie_solution_item_new (self->solution, node);
      g_hash_table_insert (self->items, (gpointer) node, item);
      if (node->role == FE_ROLE_TWIN && self->flatten)
        continue; /* its moves become the top rows */
      const FeSolutionNode *above = line ? twin_of (node) : node->parent;
      FeerieSolutionItem *parent = above ? g_hash_table_lookup (self->items, above) : NULL;
      GListStore *store = parent && !(self->flatten && above->role == FE_ROLE_TWIN)
                            ? feerie_solution_item_get_children (parent) : self->roots;
      GPtrArray *items = g_hash_table_lookup (added, store);
      if (!items)
        {
          items = g_ptr_array_new ();
          g_hash_table_insert (added, store, items);
          g_ptr_array_add (stores, store);
        }
      g_ptr_array_add (items, item);
    }
  for (guint i = 0; i < stores->len; i++)
    {
      GListStore *store = stores->pdata[i];
      GPtrArray *items = g_hash_table_lookup (added, store);
      g_list_store_splice (store, g_list_model_get_n_items (G_LIST_MODEL (store)), 0, items->pdata,
                           items->len);
    }
}

void
feerie_solution_view_finish (FeerieSolutionView *self)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  self->finished = TRUE;
  /* Only battle play has rows that may fold (help and series lines never
   * do): rebuilding the list recreates every row shown, which a stopped
   * solve of many lines would wait for. */
  gboolean battle = FALSE;
  for (guint t = 0; self->solution && t < fe_solution_n_twins (self->solution); t++)
    battle |= fe_solution_twin (self->solution, t)->play == FE_PLAY_KIND_BATTLE;
  if (!battle)
    return;
  self->selecting = TRUE;
  rebuild_model (self);
  self->selecting = FALSE;
}

static void
set_label (GtkLabel *label, const char *text)
{
  gtk_label_set_text (label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text && *text);
}

void
feerie_solution_view_set_progress (FeerieSolutionView *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  /* An inscription: its text changes ten times a second without resizing
   * (and so relaying out) the window. */
  gtk_inscription_set_text (self->progress, text);
}

void
feerie_solution_view_set_over (FeerieSolutionView *self, const char *text, gboolean ask)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  gtk_label_set_text (self->over_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->over_box), text && *text);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_button), ask);
  gtk_widget_set_visible (GTK_WIDGET (self->over_stop_button), ask);
}

void
feerie_solution_view_set_summary (FeerieSolutionView *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  gtk_label_set_markup (self->summary, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->summary), text && *text);
}

void
feerie_solution_view_set_step (FeerieSolutionView *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  gtk_label_set_markup (self->step, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->step), text && *text);
}

void
feerie_solution_view_set_reason (FeerieSolutionView *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  set_label (self->reason, text);
}

void
feerie_solution_view_set_stale (FeerieSolutionView *self, gboolean stale)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  gtk_widget_set_visible (GTK_WIDGET (self->stale_label), stale);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scroller), !stale);
  if (stale)
    gtk_widget_add_css_class (GTK_WIDGET (self->scroller), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->scroller), "dim-label");
}

void
feerie_solution_view_unselect (FeerieSolutionView *self)
{
  g_return_if_fail (FEERIE_IS_SOLUTION_VIEW (self));
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
}

gboolean
feerie_solution_view_select (FeerieSolutionView *self, const FeSolutionNode *node)
{
  g_return_val_if_fail (FEERIE_IS_SOLUTION_VIEW (self), FALSE);
  GListModel *model = G_LIST_MODEL (self->selection);
  /* Rows of the parents come first; expand them on the way down.  A
   * line's row is under its twin. */
  GPtrArray *path = g_ptr_array_new ();
  for (const FeSolutionNode *n = node; n;
       n = feerie_solution_view_is_line_play (n) && n->parent ? twin_of (n) : n->parent)
    g_ptr_array_insert (path, 0, (gpointer) n);
  gboolean found = FALSE;
  guint start = 0;
  for (guint k = 0; k < path->len; k++)
    {
      const FeSolutionNode *want = path->pdata[k];
      if (want->role == FE_ROLE_TWIN && self->flatten)
        continue;
      found = FALSE;
      guint n_rows = g_list_model_get_n_items (model);
      for (guint i = start; i < n_rows && !found; i++)
        {
          g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
          g_autoptr (FeerieSolutionItem) si = gtk_tree_list_row_get_item (row);
          if (feerie_solution_item_get_node (si) != want)
            continue;
          found = TRUE;
          if (k + 1 < path->len)
            gtk_tree_list_row_set_expanded (row, TRUE);
          else
            {
              self->selecting = TRUE;
              gtk_single_selection_set_selected (self->selection, i);
              self->selecting = FALSE;
              gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", i);
            }
          start = i + 1;
        }
      if (!found)
        break;
    }
  g_ptr_array_unref (path);
  return found;
}

static void
feerie_solution_view_dispose (GObject *object)
{
  FeerieSolutionView *self = FEERIE_SOLUTION_VIEW (object);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->roots);
  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->solution, fe_solution_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_SOLUTION_VIEW);
  G_OBJECT_CLASS (feerie_solution_view_parent_class)->dispose (object);
}

static void
feerie_solution_view_class_init (FeerieSolutionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = feerie_solution_view_dispose;
  /* The node (FeSolutionNode*) of the row chosen, NULL when none. */
  signals[SIGNAL_NODE_SELECTED]
    = g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                    NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-solution-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, progress);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, over_box);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, over_label);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, keep_button);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, over_stop_button);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, summary);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, stale_label);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, reason);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, step);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, list);
  gtk_widget_class_bind_template_child (widget_class, FeerieSolutionView, scroller);
}

static void
feerie_solution_view_init (FeerieSolutionView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->roots = g_list_store_new (FEERIE_TYPE_SOLUTION_ITEM);
  self->items = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list, factory);
  g_object_unref (factory);
  rebuild_model (self);
  feerie_solution_view_set_progress (self, NULL);
  feerie_solution_view_set_summary (self, NULL);
  feerie_solution_view_set_step (self, NULL);
  feerie_solution_view_set_reason (self, NULL);
  feerie_solution_view_set_stale (self, FALSE);
}
