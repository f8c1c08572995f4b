/* olive.c — Olive's collections (.olv) and YACPDB's YAML entries.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An .olv file is a stream of YAML documents, one entry each, with the
 * keys of YACPDB's entry schema (docs/file-format.md, "Olive and YACPDB"):
 * authors, source, source-id, date, distinction, algebraic, stipulation,
 * options, twins, keywords, comments, solution, intended-solutions.  The
 * YAML is read and written by libyaml.  Olive's options are Popeye's own
 * words (options and conditions alike), its twins Popeye's twin commands
 * and its pieces Popeye's codes: each field is one piece of Popeye's
 * language, read (olive-read.c) and written (olive-write.c) straight
 * between the field and the problem model by the Popeye reader's and
 * writer's part for that piece alone, never as a Popeye text.  A field
 * thus holds only what its grammar holds: a line break or a command in it
 * is an error at its node, not a line of another format.
 */
#include <string.h>

#include "olive.h"

#include "core/model/fe-i18n.h"

static const char *const olive_extensions[] = { ".olv", ".yaml", ".yml", NULL };

/* A YAML document of entry keys: "---" first, or a key of the schema at
 * the start of a line before anything else. */
static gboolean
olive_recognise (const char *text, gsize length)
{
  static const char *const keys[] = { "algebraic:", "stipulation:", "authors:", "source:",
                                      "options:", "twins:", "solution:", "distinction:" };
  gsize i = 0;
  while (i < length)
    {
      gsize end = i;
      while (end < length && text[end] != '\n')
        end++;
      const char *line = text + i;
      gsize n = end - i;
      if (n && line[0] != '#')
        {
          if (n >= 3 && strncmp (line, "---", 3) == 0)
            return TRUE;
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            if (n >= strlen (keys[k]) && strncmp (line, keys[k], strlen (keys[k])) == 0)
              return TRUE;
          return FALSE;
        }
      i = end + 1;
    }
  return FALSE;
}

const FeFileFormat fe_olive_format = {
  .id = "olive",
  .name = FE_N_("Olive collection (YAML)"),
  .extensions = olive_extensions,
  .flags = FE_FORMAT_WHOLE_PROBLEM,
  .recognise = olive_recognise,
  .read = fe_olive_read,
  .write = fe_olive_write,
};
