/* problem-file.h — the one way problems go in and out of files and text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every reader and writer of a problem file is a format registered in one
 * table (problem-file.c): the CLI, the window's Open, Save, Save As,
 * Export, paste and drag-and-drop all come here, so a file reads the same
 * whichever way it arrives.  A new format is one module defining an
 * FeFileFormat and one line in that table.
 */
#pragma once

#include <gio/gio.h>

#include "file-error.h"
#include "core/model/problem.h"

typedef enum {
  /* The file keeps the whole problem: Save As adopts it as the
   * document's file (FEN keeps a position only). */
  FE_FORMAT_WHOLE_PROBLEM = 1 << 0,
  /* Féerie's own format: Open makes it the document's file; the others
   * are imports, which Save does not overwrite. */
  FE_FORMAT_NATIVE = 1 << 1,
} FeFileFormatFlags;

typedef struct {
  const char *id;                 /* "xml", "popeye", "fen": the --format word */
  const char *name;               /* for people: "Féerie XML" */
  const char *const *extensions;  /* ".xml" …, NULL-terminated; the first is written */
  FeFileFormatFlags flags;
  /* Does the text look like this format (its first words)? */
  gboolean (*recognise) (const char *text, gsize length);
  /* Every problem of the text, validated (fe_problem_validate), or NULL
   * with an FE_FILE_ERROR located in `name`. */
  GPtrArray *(*read) (const char *text, gsize length, const char *name, GError **error);
  /* The text of `problems`; what the format cannot hold is added to
   * `losses` (may be NULL) as sentences for people. */
  char *(*write) (GPtrArray *problems, GPtrArray *losses);
} FeFileFormat;

/* The registered formats, NULL-terminated. */
const FeFileFormat *const *fe_file_formats (void);
/* By the file name's extension (case-insensitive); NULL when none fits. */
const FeFileFormat *fe_file_format_for_name (const char *name);
/* By its id ("xml", "popeye", "fen"; "inp" and "pop" name Popeye too). */
const FeFileFormat *fe_file_format_for_id (const char *id);
/* By the text itself; NULL when no format recognises it. */
const FeFileFormat *fe_file_format_recognise (const char *text, gsize length);

/* Reads the problems of `text` in `format`, or, when NULL, the format of
 * `name`'s extension, else the one that recognises the text.  Never an
 * empty array: no problem is FE_FILE_ERROR_EMPTY.  `*used` (may be NULL)
 * gets the format read. */
GPtrArray *fe_problem_text_read (const char *text, gsize length, const char *name,
                                 const FeFileFormat *format, const FeFileFormat **used,
                                 GError **error);
/* The same from a file (its name for messages). */
GPtrArray *fe_problem_file_load (GFile *file, const FeFileFormat **used, GError **error);
GPtrArray *fe_problem_file_read (const char *path, GError **error);

/* `problems` as text of `format`; `losses` as for FeFileFormat.write. */
char *fe_problem_text_write (const FeFileFormat *format, GPtrArray *problems, GPtrArray *losses);
/* Writes `problems` to `file` atomically (fe-atomic-save.h) in `format`,
 * or when NULL the format of the file's name (FE_FILE_ERROR_FORMAT when
 * none fits). */
gboolean fe_problem_file_save (GFile *file, const FeFileFormat *format, GPtrArray *problems,
                               GPtrArray *losses, GError **error);
