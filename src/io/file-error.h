/* file-error.h — errors of the problem-file readers, located in their text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every reader (Popeye, XML, FEN) fails with FE_FILE_ERROR.  Where it
 * failed is data of the error (fe_file_error_get_location): callers that
 * show the line in their own terms (the twins editor, the window) read it
 * there.  The message reads "FILE:LINE:COLUMN: what" for people.
 */
#pragma once

#include <glib.h>

#define FE_FILE_ERROR (fe_file_error_quark ())
GQuark fe_file_error_quark (void);

typedef enum {
  FE_FILE_ERROR_SYNTAX = 0, /* the text does not read */
  FE_FILE_ERROR_RULE,       /* it reads, but the problem breaks a rule (fe_problem_validate) */
  FE_FILE_ERROR_EMPTY,      /* no problem in it */
  FE_FILE_ERROR_FORMAT,     /* no format Féerie knows */
} FeFileErrorCode;

/* Sets `error` located at `line` and `column` (1-based) of `file` (a
 * name for messages: a path, "clipboard").  Line 0 is a text of one
 * line, as a FEN string: the message reads "FILE column COLUMN: what". */
void fe_file_error_set (GError **error, FeFileErrorCode code, const char *file, int line,
                        int column, const char *format, ...) G_GNUC_PRINTF (6, 7);

/* Where an FE_FILE_ERROR is: FALSE for another error.  Any out pointer
 * may be NULL; `what` is the message without its location. */
gboolean fe_file_error_get_location (const GError *error, const char **file, int *line,
                                     int *column, const char **what);

/* The same error placed in another file (a text read inside another):
 * line and column are kept, the message says the new name. */
void fe_file_error_relocate (GError *error, const char *file, int line_offset);
