/* feerie-collection-view.c — the problems of a collection beside the board.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkListView over the collection (a GtkFilterListModel in between):
 * only the rows near the screen exist, and a row's small diagram
 * (FeerieThumbnail) is drawn when the row is first shown, then kept on
 * the item for the next time it scrolls by (the last THUMB_CACHE of
 * them, so 10,000 problems never hold 10,000 textures).  The filter reads a text kept on each item (its authors,
 * source, stipulation and genre, case-folded), built the first time it
 * is asked for and dropped when the problem changes.  Rows dragged carry
 * their FeerieProblemItem; the window decides what a drop means.
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-collection-view.h"
#include "feerie-thumbnail.h"
#include "feerie-walk-names.h"
#include "core/check/check.h"
#include "core/model/walk.h"
#include "render/fe-caption.h"

/* The side of a row's diagram, in logical pixels. */
#define THUMB_SIZE 56
/* Textures kept for rows scrolled away. */
#define THUMB_CACHE 400
#define THUMB_KEY "feerie-thumbnail"

/* The search text's fields, in order, each ended by a NUL. */
enum { FIELD_AUTHORS, FIELD_SOURCE, FIELD_STIPULATION, FIELD_GENRE, N_FIELDS };
static const char *const field_names[N_FIELDS] = { "authors", "source", "stipulation", "genre" };

struct _FeerieCollectionView
{
  GtkBox parent_instance;

  GtkSearchEntry *search_entry;
  GtkInscription *summary;
  GtkListView *list_view;

  FeerieCollection *collection;
  GtkFilterListModel *filtered;
  GtkCustomFilter *filter;
  GtkSingleSelection *selection;
  int field;            /* FIELD_*, or -1: all */
  char *filter_text;
  char **words;         /* its words, case-folded */
  gboolean selecting;   /* selection set by the program: no signal */
  gboolean setting_entry; /* the entry's text set by the program */
  char *status;

  FeRenderStyle style;
  char *font;           /* the style's font, owned */
  GQueue thumbs;        /* of FeerieProblemItem* (reffed) holding a thumbnail, oldest first */
  GHashTable *bound;    /* row widget → GtkListItem, the rows on screen */
};

G_DEFINE_FINAL_TYPE (FeerieCollectionView, feerie_collection_view, GTK_TYPE_BOX)

enum { PROBLEM_SELECTED, ITEM_DROPPED, FILTER_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- marks ------------------------------------------------------------- */

const char *
feerie_collection_view_mark (int state, int verdict)
{
  switch (state)
    {
    case FEERIE_CHECK_WAITING: return "·";
    case FEERIE_CHECK_RUNNING: return "…";
    case FEERIE_CHECK_DONE: break;
    default: return "";
    }
  switch (verdict)
    {
    case FE_VERDICT_SOUND: return "✓";
    /* Translators: check marks of a collection's rows, a word each. */
    case FE_VERDICT_DUALS: return C_("check", "dual");
    case FE_VERDICT_SHORT: return C_("check", "short");
    case FE_VERDICT_COOKED: return C_("check", "cooked");
    case FE_VERDICT_NO_SOLUTION: return C_("check", "unsolved");
    case FE_VERDICT_TOO_LONG: return C_("check", "too long");
    case FE_VERDICT_UNSUPPORTED: return C_("check", "unsupported");
    default: return C_("check", "error");
    }
}

/* What the mark's tooltip says. */
static const char *
mark_meaning (int state, int verdict)
{
  switch (state)
    {
    case FEERIE_CHECK_WAITING: return _("Waiting to be checked");
    case FEERIE_CHECK_RUNNING: return _("Being checked");
    case FEERIE_CHECK_DONE: break;
    default: return NULL;
    }
  switch (verdict)
    {
    case FE_VERDICT_SOUND: return _("Sound: the intended solution and no other");
    case FE_VERDICT_DUALS: return _("Duals: a second continuation where one was intended");
    case FE_VERDICT_SHORT: return _("A shorter solution than stipulated");
    case FE_VERDICT_COOKED: return _("Cooked: another key or solution");
    case FE_VERDICT_NO_SOLUTION: return _("Unsolved: no solution, or the intended play fails");
    case FE_VERDICT_TOO_LONG: return _("Stopped by the time limit: nothing proven");
    case FE_VERDICT_UNSUPPORTED: return _("Féerie cannot solve this condition or stipulation");
    default: return _("The problem cannot be set up");
    }
}

static const char *
mark_class (int state, int verdict)
{
  if (state == FEERIE_CHECK_WAITING || state == FEERIE_CHECK_RUNNING)
    return "feerie-check-running";
  if (state != FEERIE_CHECK_DONE)
    return NULL;
  if (verdict == FE_VERDICT_SOUND)
    return "feerie-check-sound";
  if (verdict == FE_VERDICT_TOO_LONG || verdict == FE_VERDICT_UNSUPPORTED)
    return "feerie-check-unknown";
  return "feerie-check-bad";
}

/* ---- small diagrams ------------------------------------------------------ */

/* The item's small diagram (kept on the item: the last THUMB_CACHE used). */
static FeerieThumbnail *
thumbnail (FeerieCollectionView *self, FeerieProblemItem *item, int scale)
{
  g_assert (FEERIE_IS_COLLECTION_VIEW (self));
  FeerieThumbnail *t = g_object_get_data (G_OBJECT (item), THUMB_KEY);
  GList *link = t ? g_queue_find (&self->thumbs, item) : NULL;
  if (link)
    {
      /* Used again: the last to go. */
      g_queue_unlink (&self->thumbs, link);
      g_queue_push_tail_link (&self->thumbs, link);
    }
  else
    {
      g_queue_push_tail (&self->thumbs, g_object_ref (item));
      while (self->thumbs.length > THUMB_CACHE)
        {
          FeerieProblemItem *old = g_queue_pop_head (&self->thumbs);
          g_object_set_data (G_OBJECT (old), THUMB_KEY, NULL);
          g_object_unref (old);
        }
      t = NULL;
    }
  if (!t)
    {
      t = feerie_thumbnail_new (item, &self->style, THUMB_SIZE, scale);
      g_object_set_data_full (G_OBJECT (item), THUMB_KEY, t, g_object_unref);
    }
  return t;
}

static void
forget_thumbnails (FeerieCollectionView *self)
{
  FeerieProblemItem *item;
  while ((item = g_queue_pop_head (&self->thumbs)))
    {
      g_object_set_data (G_OBJECT (item), THUMB_KEY, NULL);
      g_object_unref (item);
    }
}

/* ---- filter ---------------------------------------------------------------- */

static void
append_field (GString *s, const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_string_append (s, folded);
  g_string_append_c (s, '\0');
}

/* Conditions and fairy walks, in English and in the interface's
 * language; "orthodox" for neither. */
static void
append_genre (GString *s, const FeProblem *p, const FeCaption *caption)
{
  GString *genre = g_string_new (NULL);
  for (guint i = 0; i < caption->conditions->len; i++)
    g_string_append_printf (genre, "%s ", (const char *) caption->conditions->pdata[i]);
  for (int id = 0; id < fe_condition_count (); id++)
    if (fe_params_any (&p->conditions, id))
      {
        const FeConditionClass *cls = fe_condition_nth (id);
        g_string_append_printf (genre, "%s %s ", cls->label, _(cls->label));
      }
  gboolean seen[FE_WALK_COUNT] = { FALSE };
  for (int i = 0; i < 64; i++)
    {
      int walk = p->diagram.board[FE_SQ88 (i)].walk;
      if (walk != FE_WALK_NONE && walk < FE_WALK_COUNT && fe_walk_is_fairy (walk) && !seen[walk])
        {
          seen[walk] = TRUE;
          g_string_append_printf (genre, "%s %s ", fe_walk_def (walk)->name,
                                  feerie_walk_name (walk));
        }
    }
  if (genre->len == 0)
    g_string_append_printf (genre, "orthodox %s", _("orthodox"));
  append_field (s, genre->str);
  g_string_free (genre, TRUE);
}

static char *
build_search_text (const FeProblem *p)
{
  g_autoptr (FeCaption) caption = fe_caption_new (p);
  GString *s = g_string_new (NULL);
  g_autofree char *authors = NULL;
  {
    g_ptr_array_add (caption->authors, NULL);
    authors = g_strjoinv (", ", (char **) caption->authors->pdata);
    g_ptr_array_remove_index (caption->authors, caption->authors->len - 1);
  }
  append_field (s, authors);
  g_autofree char *source = g_strjoin (" ", caption->source ? caption->source : "",
                                       p->title ? p->title : "",
                                       caption->award ? caption->award : "", NULL);
  append_field (s, source);
  append_field (s, caption->stipulation ? caption->stipulation : "");
  append_genre (s, p, caption);
  return g_string_free (s, FALSE);
}

static const char *
search_text (FeerieProblemItem *item)
{
  const char *text = feerie_problem_item_get_search_text (item);
  if (!text)
    {
      feerie_problem_item_set_search_text (item,
                                           build_search_text (feerie_problem_item_get_problem (item)));
      text = feerie_problem_item_get_search_text (item);
    }
  return text;
}

/* Does `field` (a field's text) have `word`: its beginning for the
 * stipulation (h# finds h#2 and h#3, not s#2), anywhere for the others. */
static gboolean
field_has (int index, const char *field, const char *word)
{
  return index == FIELD_STIPULATION ? g_str_has_prefix (field, word) : strstr (field, word) != NULL;
}

static gboolean
matches (gpointer object, gpointer data)
{
  FeerieCollectionView *self = data;
  if (!self->words || !self->words[0])
    return TRUE;
  const char *text = search_text (object);
  const char *fields[N_FIELDS];
  for (int i = 0; i < N_FIELDS; i++)
    {
      fields[i] = text;
      text += strlen (text) + 1;
    }
  for (int w = 0; self->words[w]; w++)
    {
      gboolean found = FALSE;
      for (int i = 0; i < N_FIELDS && !found; i++)
        if (self->field < 0 || self->field == i)
          found = field_has (i, fields[i], self->words[w]);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

static void
update_summary (FeerieCollectionView *self)
{
  g_assert (FEERIE_IS_COLLECTION_VIEW (self));
  guint total = self->collection ? feerie_collection_get_n_problems (self->collection) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autofree char *count
    = shown == total
        ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem", "%u problems", total), total)
        /* Translators: the filter shows so many of the collection's problems. */
        : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u problem shown",
                                        "%u of %u problems shown", total),
                           shown, total);
  g_autofree char *text = self->status ? g_strdup_printf ("%s\n%s", count, self->status)
                                       : g_strdup (count);
  gtk_inscription_set_text (self->summary, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary), text);
}

static void
apply_filter (FeerieCollectionView *self, int field, const char *text)
{
  g_assert (FEERIE_IS_COLLECTION_VIEW (self));
  if (field == self->field && g_strcmp0 (text, self->filter_text) == 0)
    return;
  self->field = field;
  g_free (self->filter_text);
  self->filter_text = g_strdup (text);
  g_strfreev (self->words);
  g_autofree char *folded = g_utf8_casefold (text, -1);
  self->words = g_strsplit_set (g_strstrip (folded), " \t", -1);
  /* g_strsplit_set keeps empty words between two spaces. */
  int kept = 0;
  for (int i = 0; self->words[i]; i++)
    if (*self->words[i])
      self->words[kept++] = self->words[i];
    else
      g_free (self->words[i]);
  self->words[kept] = NULL;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_summary (self);
}

void
feerie_collection_view_set_filter (FeerieCollectionView *self, const char *field, const char *text)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_VIEW (self));
  int index = -1;
  for (int i = 0; i < N_FIELDS && field; i++)
    if (g_str_equal (field, field_names[i]))
      index = i;
  /* A copy: `text` may be the filter text, which the filter replaces. */
  g_autofree char *kept = g_strdup (text ? text : "");
  text = kept;
  apply_filter (self, index, text);
  /* The entry shows it.  Setting its text empties it first, and an empty
   * search entry says so at once: not the user's filter.  Its delayed
   * signal comes back with the same text, and stops there. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text) != 0)
    {
      self->setting_entry = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
      self->setting_entry = FALSE;
    }
}

const char *
feerie_collection_view_get_filter_text (FeerieCollectionView *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_VIEW (self), NULL);
  return self->filter_text ? self->filter_text : "";
}

static void
on_search_changed (FeerieCollectionView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  if (self->setting_entry || g_strcmp0 (text, self->filter_text) == 0)
    return;
  apply_filter (self, self->field, text);
  g_signal_emit (self, signals[FILTER_CHANGED], 0);
}

guint
feerie_collection_view_get_n_shown (FeerieCollectionView *self)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

int
feerie_collection_view_shown_index (FeerieCollectionView *self, guint row)
{
  g_return_val_if_fail (FEERIE_IS_COLLECTION_VIEW (self), -1);
  g_autoptr (FeerieProblemItem) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), row);
  return item ? feerie_collection_index_of (self->collection, item) : -1;
}

void
feerie_collection_view_set_status (FeerieCollectionView *self, const char *text)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_VIEW (self));
  g_free (self->status);
  self->status = text && *text ? g_strdup (text) : NULL;
  update_summary (self);
}

/* ---- rows --------------------------------------------------------------------- */

typedef struct {
  GtkInscription *number, *stipulation, *authors, *source;
  GtkLabel *mark;
  GtkPicture *picture;
  const char *mark_class; /* the CSS class set, static */
} Row;

static Row *
row_of (GtkWidget *box)
{
  return g_object_get_data (G_OBJECT (box), "feerie-row");
}

static GtkInscription *
row_line (int chars)
{
  GtkInscription *line = GTK_INSCRIPTION (gtk_inscription_new (NULL));
  gtk_inscription_set_nat_chars (line, chars);
  gtk_inscription_set_text_overflow (line, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (line), TRUE);
  return line;
}

static guint
row_index (FeerieCollectionView *self, GtkListItem *list_item)
{
  FeerieProblemItem *item = gtk_list_item_get_item (list_item);
  /* Unfiltered, the row's place is the problem's. */
  if (!self->words || !self->words[0])
    return gtk_list_item_get_position (list_item);
  return (guint) feerie_collection_index_of (self->collection, item);
}

static void
show_number (FeerieCollectionView *self, GtkWidget *box, GtkListItem *list_item)
{
  if (!gtk_list_item_get_item (list_item))
    return;
  g_autofree char *number = g_strdup_printf ("%u", row_index (self, list_item) + 1);
  gtk_inscription_set_text (row_of (box)->number, number);
}

static void
show_mark (GtkWidget *box, FeerieProblemItem *item)
{
  Row *row = row_of (box);
  int state = feerie_problem_item_get_check_state (item);
  int verdict = feerie_problem_item_get_verdict (item);
  gtk_label_set_text (row->mark, feerie_collection_view_mark (state, verdict));
  const char *meaning = mark_meaning (state, verdict);
  const char *details = feerie_problem_item_get_check_details (item);
  g_autofree char *tip = meaning && details && *details ? g_strdup_printf ("%s\n%s", meaning, details)
                                                        : g_strdup (meaning);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row->mark), tip);
  /* The number's colour says it too: the only mark a narrow list shows. */
  const char *css = mark_class (state, verdict);
  GtkWidget *coloured[] = { GTK_WIDGET (row->number), GTK_WIDGET (row->mark) };
  for (gsize i = 0; i < G_N_ELEMENTS (coloured); i++)
    {
      if (row->mark_class)
        gtk_widget_remove_css_class (coloured[i], row->mark_class);
      if (css)
        gtk_widget_add_css_class (coloured[i], css);
    }
  row->mark_class = css;
}

static void
show_problem (FeerieCollectionView *self, GtkWidget *box, FeerieProblemItem *item)
{
  Row *row = row_of (box);
  const FeProblem *p = feerie_problem_item_get_problem (item);
  g_autoptr (FeCaption) caption = fe_caption_new (p);
  g_autofree char *stip = g_strdup_printf ("%s %s", caption->stipulation ? caption->stipulation : "",
                                           caption->count ? caption->count : "");
  gtk_inscription_set_text (row->stipulation, stip);
  g_ptr_array_add (caption->authors, NULL);
  g_autofree char *authors = g_strjoinv (", ", (char **) caption->authors->pdata);
  g_ptr_array_remove_index (caption->authors, caption->authors->len - 1);
  gtk_inscription_set_text (row->authors, *authors ? authors : _("(no author)"));
  gtk_inscription_set_text (row->source, caption->source ? caption->source : p->title);
  FeerieThumbnail *t = thumbnail (self, item, gtk_widget_get_scale_factor (box));
  gtk_picture_set_paintable (row->picture, GDK_PAINTABLE (t));
  show_mark (box, item);
}

static void
on_item_changed (FeerieProblemItem *item, GtkWidget *box)
{
  FeerieCollectionView *self = g_object_get_data (G_OBJECT (box), "feerie-view");
  show_problem (self, box, item);
  feerie_thumbnail_invalidate (thumbnail (self, item, gtk_widget_get_scale_factor (box)));
}

static void
on_item_check (FeerieProblemItem *item, GParamSpec *pspec, GtkWidget *box)
{
  show_mark (box, item);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source, double x, double y, GtkListItem *list_item)
{
  FeerieProblemItem *item = gtk_list_item_get_item (list_item);
  if (!item)
    return NULL;
  FeerieThumbnail *t = g_object_get_data (G_OBJECT (item), THUMB_KEY);
  if (t)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (t), THUMB_SIZE / 2, THUMB_SIZE / 2);
  GValue value = G_VALUE_INIT;
  g_value_init (&value, FEERIE_TYPE_PROBLEM_ITEM);
  g_value_set_object (&value, item);
  GdkContentProvider *provider = gdk_content_provider_new_for_value (&value);
  g_value_unset (&value);
  return provider;
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, GtkListItem *list_item)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  FeerieCollectionView *self = g_object_get_data (G_OBJECT (box), "feerie-view");
  FeerieProblemItem *dropped = g_value_get_object (value);
  FeerieProblemItem *onto = gtk_list_item_get_item (list_item);
  if (!self || !dropped || !onto)
    return FALSE;
  int index = feerie_collection_index_of (self->collection, onto);
  if (index < 0)
    return FALSE;
  g_signal_emit (self, signals[ITEM_DROPPED], 0, dropped, (guint) index);
  return TRUE;
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, FeerieCollectionView *self)
{
  Row *row = g_new0 (Row, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (box, "feerie-collection-row");
  g_object_set_data_full (G_OBJECT (box), "feerie-row", row, g_free);
  g_object_set_data (G_OBJECT (box), "feerie-view", self);
  row->number = GTK_INSCRIPTION (gtk_inscription_new (NULL));
  gtk_inscription_set_min_chars (row->number, 2);
  gtk_inscription_set_nat_chars (row->number, 5);
  gtk_inscription_set_xalign (row->number, 1);
  gtk_widget_add_css_class (GTK_WIDGET (row->number), "feerie-collection-number");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->number));
  row->picture = GTK_PICTURE (gtk_picture_new ());
  gtk_picture_set_can_shrink (row->picture, TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (row->picture), THUMB_SIZE, THUMB_SIZE);
  gtk_widget_set_valign (GTK_WIDGET (row->picture), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->picture));
  GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_valign (lines, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (lines, TRUE);
  GtkWidget *first = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  row->stipulation = row_line (12);
  gtk_widget_add_css_class (GTK_WIDGET (row->stipulation), "heading");
  gtk_box_append (GTK_BOX (first), GTK_WIDGET (row->stipulation));
  row->mark = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (row->mark), "feerie-check-mark");
  gtk_box_append (GTK_BOX (first), GTK_WIDGET (row->mark));
  gtk_box_append (GTK_BOX (lines), first);
  row->authors = row_line (18);
  gtk_box_append (GTK_BOX (lines), GTK_WIDGET (row->authors));
  row->source = row_line (18);
  gtk_widget_add_css_class (GTK_WIDGET (row->source), "dim-label");
  gtk_box_append (GTK_BOX (lines), GTK_WIDGET (row->source));
  gtk_box_append (GTK_BOX (box), lines);
  gtk_list_item_set_child (list_item, box);

  /* Rows are dragged to reorder, or into another window's list. */
  GtkDragSource *drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare), list_item);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (drag));
  GtkDropTarget *drop = gtk_drop_target_new (FEERIE_TYPE_PROBLEM_ITEM, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), list_item);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (drop));
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, FeerieCollectionView *self)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  FeerieProblemItem *item = gtk_list_item_get_item (list_item);
  show_number (self, box, list_item);
  show_problem (self, box, item);
  g_signal_connect_object (item, "changed", G_CALLBACK (on_item_changed), box, 0);
  g_signal_connect_object (item, "notify::check-state", G_CALLBACK (on_item_check), box, 0);
  g_hash_table_insert (self->bound, box, list_item);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, FeerieCollectionView *self)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  FeerieProblemItem *item = gtk_list_item_get_item (list_item);
  if (item)
    {
      g_signal_handlers_disconnect_by_func (item, on_item_changed, box);
      g_signal_handlers_disconnect_by_func (item, on_item_check, box);
    }
  gtk_picture_set_paintable (row_of (box)->picture, NULL);
  g_hash_table_remove (self->bound, box);
}

/* Places change for rows that stay bound (a problem removed above them):
 * their numbers are written again. */
static void
on_collection_changed (FeerieCollectionView *self)
{
  GHashTableIter iter;
  gpointer box, list_item;
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &box, &list_item))
    show_number (self, box, list_item);
  update_summary (self);
}

/* ---- selection ----------------------------------------------------------------- */

static void
on_selection_changed (FeerieCollectionView *self)
{
  if (self->selecting)
    return;
  FeerieProblemItem *item = gtk_single_selection_get_selected_item (self->selection);
  int index = item ? feerie_collection_index_of (self->collection, item) : -1;
  if (index >= 0)
    g_signal_emit (self, signals[PROBLEM_SELECTED], 0, (guint) index);
}

void
feerie_collection_view_show_problem (FeerieCollectionView *self, guint index)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_VIEW (self));
  if (!self->collection || index >= feerie_collection_get_n_problems (self->collection))
    return;
  guint position = GTK_INVALID_LIST_POSITION;
  if (!self->words || !self->words[0])
    position = index;
  else
    {
      FeerieProblemItem *item = feerie_collection_get_item (self->collection, index);
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
      for (guint i = 0; i < n && position == GTK_INVALID_LIST_POSITION; i++)
        {
          g_autoptr (GObject) shown = g_list_model_get_item (G_LIST_MODEL (self->filtered), i);
          if (shown == G_OBJECT (item))
            position = i;
        }
    }
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                position);
}

void
feerie_collection_view_set_collection (FeerieCollectionView *self, FeerieCollection *collection)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_VIEW (self));
  if (self->collection)
    g_signal_handlers_disconnect_by_func (self->collection, on_collection_changed, self);
  g_set_object (&self->collection, collection);
  gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (collection));
  if (collection)
    g_signal_connect_object (collection, "items-changed", G_CALLBACK (on_collection_changed), self,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  update_summary (self);
}

void
feerie_collection_view_set_style (FeerieCollectionView *self, const FeRenderStyle *style)
{
  g_return_if_fail (FEERIE_IS_COLLECTION_VIEW (self));
  g_return_if_fail (style != NULL);
  self->style = *style;
  fe_render_style_set_font (&self->style, &self->font, style->font_family);
  /* Every small diagram again, in the new colours. */
  forget_thumbnails (self);
  GHashTableIter iter;
  gpointer box, list_item;
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &box, &list_item))
    show_problem (self, box, gtk_list_item_get_item (list_item));
}

/* ---- GObject --------------------------------------------------------------------- */

static void
feerie_collection_view_dispose (GObject *object)
{
  FeerieCollectionView *self = FEERIE_COLLECTION_VIEW (object);
  forget_thumbnails (self);
  if (self->list_view)
    gtk_list_view_set_model (self->list_view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), FEERIE_TYPE_COLLECTION_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->collection);
  G_OBJECT_CLASS (feerie_collection_view_parent_class)->dispose (object);
}

static void
feerie_collection_view_finalize (GObject *object)
{
  FeerieCollectionView *self = FEERIE_COLLECTION_VIEW (object);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_free (self->filter_text);
  g_strfreev (self->words);
  g_free (self->status);
  g_free (self->font);
  G_OBJECT_CLASS (feerie_collection_view_parent_class)->finalize (object);
}

static void
feerie_collection_view_class_init (FeerieCollectionViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = feerie_collection_view_dispose;
  object_class->finalize = feerie_collection_view_finalize;
  signals[PROBLEM_SELECTED] = g_signal_new ("problem-selected", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                            1, G_TYPE_UINT);
  signals[ITEM_DROPPED] = g_signal_new ("item-dropped", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                        FEERIE_TYPE_PROBLEM_ITEM, G_TYPE_UINT);
  signals[FILTER_CHANGED] = g_signal_new ("filter-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-collection-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieCollectionView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, FeerieCollectionView, summary);
  gtk_widget_class_bind_template_child (widget_class, FeerieCollectionView, list_view);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
}

static void
feerie_collection_view_init (FeerieCollectionView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->field = -1;
  self->bound = g_hash_table_new (NULL, NULL);
  g_queue_init (&self->thumbs);
  fe_render_style_init (&self->style);
  self->filter = gtk_custom_filter_new (matches, self, NULL);
  self->filtered = gtk_filter_list_model_new (NULL, GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (on_selection_changed),
                           self, G_CONNECT_SWAPPED);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}
