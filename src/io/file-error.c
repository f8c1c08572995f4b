/* file-error.c — FE_FILE_ERROR, an extended GError carrying its location.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "file-error.h"
#include "core/model/fe-i18n.h"

typedef struct {
  char *file;
  int line;
  int column;
  char *what;
} FeFileErrorPrivate;

static void
fe_file_error_private_init (FeFileErrorPrivate *priv)
{
  priv->file = NULL;
  priv->what = NULL;
  priv->line = priv->column = 0;
}

static void
fe_file_error_private_copy (const FeFileErrorPrivate *src, FeFileErrorPrivate *dest)
{
  dest->file = g_strdup (src->file);
  dest->what = g_strdup (src->what);
  dest->line = src->line;
  dest->column = src->column;
}

static void
fe_file_error_private_clear (FeFileErrorPrivate *priv)
{
  g_clear_pointer (&priv->file, g_free);
  g_clear_pointer (&priv->what, g_free);
}

G_DEFINE_EXTENDED_ERROR (FeFileError, fe_file_error)

static char *
compose (const FeFileErrorPrivate *priv)
{
  const char *file = priv->file ? priv->file : "<input>";
  if (priv->line <= 0)
    return g_strdup_printf (_ ("%s column %d: %s"), file, priv->column, priv->what);
  return g_strdup_printf ("%s:%d:%d: %s", file, priv->line, priv->column, priv->what);
}

void
fe_file_error_set (GError **error, FeFileErrorCode code, const char *file, int line, int column,
                   const char *format, ...)
{
  if (!error)
    return;
  g_return_if_fail (*error == NULL);
  va_list ap;
  va_start (ap, format);
  char *what = g_strdup_vprintf (format, ap);
  va_end (ap);
  FeFileErrorPrivate located = { (char *) file, line, MAX (column, 1), what };
  g_autofree char *message = compose (&located);
  GError *e = g_error_new_literal (FE_FILE_ERROR, code, message);
  FeFileErrorPrivate *priv = fe_file_error_get_private (e);
  priv->file = g_strdup (file);
  priv->line = line;
  priv->column = MAX (column, 1);
  priv->what = what;
  *error = e;
}

gboolean
fe_file_error_get_location (const GError *error, const char **file, int *line, int *column,
                            const char **what)
{
  if (!error || error->domain != FE_FILE_ERROR)
    return FALSE;
  const FeFileErrorPrivate *priv = fe_file_error_get_private (error);
  if (file)
    *file = priv->file;
  if (line)
    *line = priv->line;
  if (column)
    *column = priv->column;
  if (what)
    *what = priv->what;
  return TRUE;
}

void
fe_file_error_relocate (GError *error, const char *file, int line_offset)
{
  g_return_if_fail (error && error->domain == FE_FILE_ERROR);
  FeFileErrorPrivate *priv = fe_file_error_get_private (error);
  g_free (priv->file);
  priv->file = g_strdup (file);
  if (priv->line > 0)
    priv->line = MAX (priv->line + line_offset, 1);
  g_free (error->message);
  error->message = compose (priv);
}
