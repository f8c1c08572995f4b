/* problem-file.c — the table of problem-file formats and the entry points
 * every reader and writer of problems goes through.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "problem-file.h"
#include "fe-atomic-save.h"
#include "fen.h"
#include "olive.h"
#include "popeye.h"
#include "xml.h"
#include "core/model/fe-i18n.h"

/* Every format Féerie reads and writes: a new one is a line here. */
static const FeFileFormat *const formats[] = {
  &fe_xml_format,
  /* Before Popeye: "stipulation: #2" must not read as Popeye's keyword. */
  &fe_olive_format,
  &fe_popeye_format,
  &fe_fen_format,
  NULL,
};

const FeFileFormat *const *
fe_file_formats (void)
{
  return formats;
}

const FeFileFormat *
fe_file_format_for_name (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  const char *slash = strrchr (name, '/');
  const char *dot = strrchr (slash ? slash : name, '.');
  for (int i = 0; dot && formats[i]; i++)
    for (int k = 0; formats[i]->extensions[k]; k++)
      if (g_ascii_strcasecmp (dot, formats[i]->extensions[k]) == 0)
        return formats[i];
  return NULL;
}

const FeFileFormat *
fe_file_format_for_id (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  if (*id == '.')
    id++;
  for (int i = 0; formats[i]; i++)
    {
      if (g_ascii_strcasecmp (id, formats[i]->id) == 0)
        return formats[i];
      for (int k = 0; formats[i]->extensions[k]; k++)
        if (g_ascii_strcasecmp (id, formats[i]->extensions[k] + 1) == 0)
          return formats[i];
    }
  return NULL;
}

const FeFileFormat *
fe_file_format_recognise (const char *text, gsize length)
{
  for (int i = 0; text && formats[i]; i++)
    if (formats[i]->recognise (text, length))
      return formats[i];
  return NULL;
}

GPtrArray *
fe_problem_text_read (const char *text, gsize length, const char *name, const FeFileFormat *format,
                      const FeFileFormat **used, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (!name)
    name = "<input>";
  if (!format)
    format = fe_file_format_for_name (name);
  if (!format)
    format = fe_file_format_recognise (text, length);
  if (!format)
    {
      /* Nothing recognises it: Popeye's reader says what it expected. */
      format = &fe_popeye_format;
    }
  if (used)
    *used = format;
  GPtrArray *problems = format->read (text, length, name, error);
  if (problems && problems->len == 0)
    {
      g_set_error (error, FE_FILE_ERROR, FE_FILE_ERROR_EMPTY, _ ("%s: the file holds no problem"),
                   name);
      g_clear_pointer (&problems, g_ptr_array_unref);
    }
  return problems;
}

GPtrArray *
fe_problem_file_load (GFile *file, const FeFileFormat **used, GError **error)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, error))
    return NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  return fe_problem_text_read (text, length, name, NULL, used, error);
}

GPtrArray *
fe_problem_file_read (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_autofree char *text = NULL;
  gsize length = 0;
  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  return fe_problem_text_read (text, length, path, NULL, NULL, error);
}

char *
fe_problem_text_write (const FeFileFormat *format, GPtrArray *problems, GPtrArray *losses)
{
  g_return_val_if_fail (format != NULL && problems != NULL, NULL);
  return format->write (problems, losses);
}

gboolean
fe_problem_file_save (GFile *file, const FeFileFormat *format, GPtrArray *problems,
                      GPtrArray *losses, GError **error)
{
  g_return_val_if_fail (G_IS_FILE (file) && problems != NULL, FALSE);
  g_autofree char *name = g_file_get_parse_name (file);
  if (!format)
    format = fe_file_format_for_name (name);
  if (!format)
    {
      g_set_error (error, FE_FILE_ERROR, FE_FILE_ERROR_FORMAT,
                   _ ("%s: unknown file type (use .xml, .inp, .olv or .fen)"), name);
      return FALSE;
    }
  g_autofree char *text = format->write (problems, losses);
  return fe_atomic_save_gfile (file, text, strlen (text), error);
}
