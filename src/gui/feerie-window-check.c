/* feerie-window-check.c — never save what cannot be reopened: after each
 * edit the problem's own rules (fe_problem_validate, which every reader
 * applies too) are checked; what they refuse (two white kings, a twin
 * that no longer applies) is shown on the board and in the status line,
 * and Save says it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "feerie-window-private.h"

char *
feerie_window_reopen_error (FeerieWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (fe_problem_validate (self->problem, NULL, &error))
    return NULL;
  return g_strdup (error->message);
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
      g_autofree char *msg
        = g_strdup_printf (_("This problem could not be reopened: %s"), self->reopen_error);
      feerie_window_show_status (self, msg);
    }
  else if (had)
    feerie_window_show_status (self, NULL);
}
