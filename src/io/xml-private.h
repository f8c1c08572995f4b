/* xml-private.h — what the XML reader, writer and validator share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only src/io/xml-*.c include this; the public API is xml.h.
 */
#pragma once

#include <stddef.h>

#include <libxml/tree.h>

#include "xml.h"
#include "file-error.h"

/* The highest format version this code reads and the one it writes. */
#define FE_XML_VERSION 1

/* One load: the file name for messages and the first libxml2 error, kept
 * with its location. */
typedef struct {
  const char *filename;
  gboolean have_error;
  xmlNodePtr node; /* the element a validity error names, if any */
  long line;
  int column;
  char *message;
} Loader;

gboolean fe_xml_fail_at_line (Loader *l, GError **error, long line, int column, const char *fmt,
                              ...) G_GNUC_PRINTF (5, 6);

/* Elements carry no column in libxml2's tree, so semantic errors point at
 * column 1 of the element's line. */
#define fail_at(l, error, node, ...) \
  fe_xml_fail_at_line ((l), (error), xmlGetLineNo (node), 1, __VA_ARGS__)

/* Parses `text`, then checks it is a problem file of a version we read that
 * follows the schema (xml-validate.c).  Returns the document (xmlFreeDoc it)
 * or NULL with `error` set. */
xmlDocPtr fe_xml_read_valid_document (Loader *l, const char *text, gsize length, GError **error);

/* ---- tree helpers ------------------------------------------------------- */

static inline gboolean
is (xmlNodePtr node, const char *name)
{
  return node && node->type == XML_ELEMENT_NODE && node->ns
         && xmlStrEqual (node->ns->href, BAD_CAST FE_XML_NAMESPACE)
         && xmlStrEqual (node->name, BAD_CAST name);
}

static inline xmlNodePtr
first_element (xmlNodePtr parent)
{
  for (xmlNodePtr n = parent ? parent->children : NULL; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      return n;
  return NULL;
}

static inline xmlNodePtr
next_element (xmlNodePtr node)
{
  for (xmlNodePtr n = node->next; n; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      return n;
  return NULL;
}

#define FOR_CHILDREN(child, parent) \
  for (xmlNodePtr child = first_element (parent); child; child = next_element (child))

/* Attribute value (g_free it) or NULL. */
static inline char *
attr (xmlNodePtr node, const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, BAD_CAST name);
  if (!v)
    return NULL;
  char *r = g_strdup ((const char *) v);
  xmlFree (v);
  return r;
}

/* ---- tables the reader and the writer share ----------------------------- */

typedef enum { OPT_FLAG, OPT_COUNT } OptionKind;

typedef struct {
  const char *name;
  OptionKind kind;
  size_t offset; /* into FeOptions */
} OptionDesc;

/* In the order the writer emits them (xml-read.c). */
extern const OptionDesc fe_xml_options[];
extern const guint fe_xml_n_options;
