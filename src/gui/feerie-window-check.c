/* feerie-window-check.c — never save what cannot be reopened: after each
 * edit the problem is written to XML in memory and read back by the same
 * reader Open uses; what it refuses (two white kings, a twin that no longer
 * applies) is shown on the board and in the status line, and Save says it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-window-private.h"
#include "io/xml.h"

/* The reader's message without its "NAME:LINE:COL: " location, which
 * points into a file the user never sees. */
static char *
strip_location (const char *message)
{
  if (g_str_has_prefix (message, "problem:"))
    {
      /* "problem:3:41: a second white king on a1" */
      const char *rest = message + strlen ("problem:");
      while (*rest && (g_ascii_isdigit (*rest) || *rest == ':'))
        rest++;
      while (*rest == ' ')
        rest++;
      return g_strdup (rest);
    }
  return g_strdup (message);
}

char *
feerie_window_reopen_error (FeerieWindow *self)
{
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_ptr_array_add (one, self->problem);
  g_autofree char *text = fe_xml_to_string (one);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) back = fe_xml_parse (text, strlen (text), "problem", &error);
  if (back && back->len > 0)
    return NULL;
  return strip_location (error ? error->message : _("The file holds no problem."));
}

void
feerie_window_check_reopen (FeerieWindow *self)
{
  g_autofree char *error = feerie_window_reopen_error (self);
  gboolean had = self->reopen_error != NULL;
  g_free (self->reopen_error);
  self->reopen_error = g_steal_pointer (&error);
  feerie_board_view_set_error (self->board, self->reopen_error);
  if (self->reopen_error)
    {
      g_autofree char *msg = g_strdup_printf (_("This problem could not be reopened: %s"), self->reopen_error);
      feerie_window_show_status (self, msg);
    }
  else if (had)
    feerie_window_show_status (self, NULL);
}

const char *
feerie_window_get_reopen_error (FeerieWindow *self)
{
  return self->reopen_error;
}
