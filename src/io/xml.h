/* xml.h — Féerie's own problem files (libxml2, RELAX NG schema in data/).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

#include "core/problem.h"

#define FE_XML_NAMESPACE "https://feerie.org/ns/problem/1"

/* Loads a file holding one problem or a collection; validates against the
 * schema.  Errors read "FILE:LINE:COL: message".  Array of FeProblem*. */
GPtrArray *fe_xml_load (GFile *file, GError **error);
GPtrArray *fe_xml_parse (const char *text, gsize length, const char *filename, GError **error);
/* Serialises problems (one → <problem>, several → <collection>). */
char *fe_xml_to_string (GPtrArray *problems);
/* Writes atomically (fe-atomic-save.h): the old file survives any failure. */
gboolean fe_xml_save (GFile *file, GPtrArray *problems, GError **error);

/* The schema's condition-element define, made from the condition registry
 * (data/feerie-problem.rng holds the same text for the built-ins; test-xml
 * checks they agree). */
char *fe_xml_condition_schema (void);

#define FE_XML_ERROR (fe_xml_error_quark ())
GQuark fe_xml_error_quark (void);
