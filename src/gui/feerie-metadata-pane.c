/* feerie-metadata-pane.c — title, authors, source, award, keywords,
 * comments and the composer's solution of a problem.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pane edits no problem itself: it says which field changed
 * ("edited"), the window opens an undo step (one per field while typing)
 * and asks it to read that field into the problem.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-metadata-pane.h"

struct _FeerieMetadataPane
{
  GtkWidget parent_instance;

  /* template children */
  GtkEntry *title;
  GtkEntry *authors;
  GtkEntry *source;
  GtkEntry *number;
  GtkEntry *date;
  GtkEntry *award;
  GtkEntry *tourney;
  GtkEntry *keywords;
  GtkTextView *comments;
  GtkTextView *solution;

  gboolean showing; /* fields being filled from the problem: not edits */
};

G_DEFINE_FINAL_TYPE (FeerieMetadataPane, feerie_metadata_pane, GTK_TYPE_WIDGET)

enum { EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The plain text fields: the pane's widget and the problem's string. */
typedef struct {
  const char *name;
  gsize widget;  /* offset in FeerieMetadataPane */
  gsize field;   /* offset of a char* in FeProblem */
  gboolean text_view;
} Field;

#define ENTRY(n, f)                                                                                \
  {                                                                                                \
#n, G_STRUCT_OFFSET(FeerieMetadataPane, n), G_STRUCT_OFFSET(FeProblem, f), FALSE               \
  }
#define VIEW(n, f)                                                                                 \
  {                                                                                                \
#n, G_STRUCT_OFFSET(FeerieMetadataPane, n), G_STRUCT_OFFSET(FeProblem, f), TRUE                \
  }
static const Field fields[] = {
  ENTRY (title, title),
  ENTRY (source, source_name),
  ENTRY (number, source_number),
  ENTRY (date, source_date),
  ENTRY (award, award_distinction),
  ENTRY (tourney, award_tourney),
  VIEW (comments, comments),
  VIEW (solution, solution_text),
};
#undef ENTRY
#undef VIEW

#define WIDGET(self, f) (*(GtkWidget **) ((char *) (self) + (f)->widget))
#define STRING(p, f) ((char **) ((char *) (p) + (f)->field))

static char *
text_view_get (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
set_text (GtkWidget *widget, gboolean text_view, const char *text)
{
  if (text_view)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget)), text ? text : "",
                              -1);
  else
    gtk_editable_set_text (GTK_EDITABLE (widget), text ? text : "");
}

static char *
authors_text (const FeProblem *p)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < p->authors->len; i++)
    {
      const FeAuthor *a = p->authors->pdata[i];
      g_string_append_printf (s, "%s%s%s%s", i ? "; " : "", a->family ? a->family : "",
                              a->given && *a->given ? ", " : "", a->given ? a->given : "");
    }
  return g_string_free (s, FALSE);
}

void
feerie_metadata_pane_show (FeerieMetadataPane *self, const FeProblem *p)
{
  g_return_if_fail (FEERIE_IS_METADATA_PANE (self));
  self->showing = TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    set_text (WIDGET (self, &fields[i]), fields[i].text_view, *STRING (p, &fields[i]));
  g_autofree char *authors = authors_text (p);
  set_text (GTK_WIDGET (self->authors), FALSE, authors);
  GString *kw = g_string_new (NULL);
  for (guint i = 0; i < p->keywords->len; i++)
    g_string_append_printf (kw, "%s%s", i ? ", " : "", (char *) p->keywords->pdata[i]);
  set_text (GTK_WIDGET (self->keywords), FALSE, kw->str);
  g_string_free (kw, TRUE);
  self->showing = FALSE;
}

static void
replace_string (char **field, const char *text)
{
  g_free (*field);
  *field = text && *text ? g_strdup (text) : NULL;
}

void
feerie_metadata_pane_read (FeerieMetadataPane *self, const char *field, FeProblem *p)
{
  g_return_if_fail (FEERIE_IS_METADATA_PANE (self));
  if (g_str_equal (field, "authors"))
    {
      /* "Family, Given; Family, Given" */
      g_ptr_array_set_size (p->authors, 0);
      g_auto (GStrv) people
        = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->authors)), ";", -1);
      for (int i = 0; people[i]; i++)
        {
          char *one = g_strstrip (people[i]);
          if (!*one)
            continue;
          g_auto (GStrv) parts = g_strsplit (one, ",", 2);
          FeAuthor *a = g_new0 (FeAuthor, 1);
          a->family = g_strdup (g_strstrip (parts[0]));
          a->given = parts[1] ? g_strdup (g_strstrip (parts[1])) : NULL;
          g_ptr_array_add (p->authors, a);
        }
      return;
    }
  if (g_str_equal (field, "keywords"))
    {
      g_ptr_array_set_size (p->keywords, 0);
      g_auto (GStrv) words
        = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->keywords)), ",", -1);
      for (int i = 0; words[i]; i++)
        if (*g_strstrip (words[i]))
          g_ptr_array_add (p->keywords, g_strdup (words[i]));
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (field, fields[i].name))
      {
        GtkWidget *w = WIDGET (self, &fields[i]);
        g_autofree char *text = fields[i].text_view
                                  ? text_view_get (GTK_TEXT_VIEW (w))
                                  : g_strdup (gtk_editable_get_text (GTK_EDITABLE (w)));
        replace_string (STRING (p, &fields[i]), text);
      }
}

/* The field a widget (or a text view's buffer) edits. */
static const char *
field_of (FeerieMetadataPane *self, gpointer widget)
{
  g_assert (FEERIE_IS_METADATA_PANE (self));
  if (widget == self->authors)
    return "authors";
  if (widget == self->keywords)
    return "keywords";
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      GtkWidget *w = WIDGET (self, &fields[i]);
      if (widget == w
          || (fields[i].text_view && widget == gtk_text_view_get_buffer (GTK_TEXT_VIEW (w))))
        return fields[i].name;
    }
  return NULL;
}

static void
on_changed (FeerieMetadataPane *self, gpointer source)
{
  g_assert (FEERIE_IS_METADATA_PANE (self));
  const char *field = self->showing ? NULL : field_of (self, source);
  if (field)
    g_signal_emit (self, signals[EDITED], 0, field);
}

static void
feerie_metadata_pane_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FEERIE_TYPE_METADATA_PANE);
  /* The template's root is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (object)));)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (feerie_metadata_pane_parent_class)->dispose (object);
}

static void
feerie_metadata_pane_class_init (FeerieMetadataPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = feerie_metadata_pane_dispose;
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/feerie/Feerie/ui/feerie-metadata-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, title);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, authors);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, source);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, number);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, date);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, award);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, tourney);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, keywords);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, comments);
  gtk_widget_class_bind_template_child (widget_class, FeerieMetadataPane, solution);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
}

static void
feerie_metadata_pane_init (FeerieMetadataPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (gtk_text_view_get_buffer (self->comments), "changed",
                           G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_text_view_get_buffer (self->solution), "changed",
                           G_CALLBACK (on_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
feerie_metadata_pane_new (void)
{
  return g_object_new (FEERIE_TYPE_METADATA_PANE, NULL);
}
