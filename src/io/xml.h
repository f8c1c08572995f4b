/* xml.h — Féerie's own problem files (libxml2, RELAX NG schema in data/).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

#include "problem-file.h"

#define FE_XML_NAMESPACE "https://feerie.org/ns/problem/1"

/* Parses a text holding one problem or a collection; validates against
 * the schema.  Errors (FE_FILE_ERROR) read "FILE:LINE:COL: message".
 * Array of FeProblem*.  Files go through problem-file.h. */
GPtrArray *fe_xml_parse (const char *text, gsize length, const char *filename, GError **error);
/* Serialises problems (one → <problem>, several → <collection>). */
char *fe_xml_to_string (GPtrArray *problems);

/* The schema's registry part (xml-schema.c): the condition-element define,
 * the piece-attributes define, and a schema text with both put in (the
 * build writes feerie-problem.rng so from data/feerie-problem.rng.in). */
char *fe_xml_condition_schema (void);
char *fe_xml_attribute_schema (void);
char *fe_xml_schema_from_template (const char *text);


/* Féerie XML in the table of formats (problem-file.h). */
extern const FeFileFormat fe_xml_format;
