/* xml-validate.c — a problem file's first two passes: well-formedness
 * (libxml2) and the grammar (the RELAX NG schema compiled into the library,
 * its attributes and condition elements made from the condition registry,
 * xml-schema.c), with messages
 * that name the element, attribute and line.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "xml-private.h"
#include "core/model/fe-i18n.h"

/* feerie-problem.rng, generated at build time from data/feerie-problem.rng.in
 * (feerie-problem-rng.c). */
extern const char fe_xml_schema_text[];

/* ---- the compiled schema ------------------------------------------------ */

static void
schema_error (void *data, xmlErrorPtr e)
{
  /* The schema is ours and compiled in: a message here is a build bug. */
  g_critical ("feerie-problem.rng:%d: %s", e->line, e->message ? e->message : "?");
}

/* The schema text with its attribute and condition defines made from the
 * registry: the same as at build time, unless conditions were registered
 * at run time (then they validate too). */
static char *
schema_text (void)
{
  return fe_xml_schema_from_template (fe_xml_schema_text);
}

/* Compiled once per registry size: registering a condition recompiles it. */
static xmlRelaxNGPtr
get_schema (void)
{
  static GMutex lock;
  static xmlRelaxNGPtr schema = NULL;
  static int schema_count = -1;
  g_mutex_lock (&lock);
  if (schema_count != fe_condition_count ())
    {
      xmlInitParser ();
      g_autofree char *text = schema_text ();
      xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt (text, (int) strlen (text));
      xmlRelaxNGSetParserStructuredErrors (pc, schema_error, NULL);
      /* The previous schema is leaked, not freed: a validation running in
       * another thread may still hold it.  Registration is rare. */
      schema = xmlRelaxNGParse (pc);
      xmlRelaxNGFreeParserCtxt (pc);
      schema_count = fe_condition_count ();
    }
  xmlRelaxNGPtr r = schema;
  g_mutex_unlock (&lock);
  return r;
}

/* ---- errors -------------------------------------------------------------- */

static void
collect_error (Loader *l, xmlErrorPtr e)
{
  if (l->have_error || e->level < XML_ERR_ERROR)
    return;
  l->have_error = TRUE;
  l->line = e->line;
  l->node = e->node && ((xmlNodePtr) e->node)->type == XML_ELEMENT_NODE ? e->node : NULL;
  l->column = e->int2 > 0 ? e->int2 : 1;
  if (l->line <= 0 && e->node && ((xmlNodePtr) e->node)->type == XML_ELEMENT_NODE)
    l->line = xmlGetLineNo (e->node);
  /* libxml2 sometimes adds a second line (a byte dump): keep the first. */
  const char *m = e->message ? e->message : "error";
  l->message = g_strchomp (g_strndup (m, strcspn (m, "\n")));
}

static void
parser_error (void *data, xmlErrorPtr e)
{
  xmlParserCtxtPtr ctxt = data;
  collect_error (ctxt->_private, e);
}

static void
validity_error (void *data, xmlErrorPtr e)
{
  collect_error (data, e);
}

/* Encoding conversion errors bypass the context and go to libxml2's generic
 * handler (stderr); they are repeated as parser errors, so drop them here. */
static void
silent_error (void *data, const char *fmt, ...)
{
}

gboolean
fe_xml_fail_at_line (Loader *l, GError **error, long line, int column, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  fe_file_error_set (error, FE_FILE_ERROR_SYNTAX, l->filename, line > 0 ? (int) line : 1, column,
                     "%s", msg);
  g_free (msg);
  return FALSE;
}


/* ---- clearer schema messages --------------------------------------------- */

/* libxml2's RELAX NG messages name the element but not the attribute or the
 * missing child ("Element piece failed to validate attributes").  These
 * tables let the loader say which value is wrong. */
typedef struct {
  const char *attribute;
  const char *pattern; /* GRegex, anchored */
  const char *expected;
} AttributeRule;

static const AttributeRule attribute_rules[] = {
  { "square", "[a-h][1-8]", "a square a1…h8" },
  { "from", "[a-h][1-8]|[A-Za-z0-9]{1,3}", "a square or a walk code" },
  { "to", "[a-h][1-8]|[A-Za-z0-9]{1,3}", "a square or a walk code" },
  { "first", "[a-h][1-8]", "a square a1…h8" },
  { "second", "[a-h][1-8]", "a square a1…h8" },
  { "squares", "\\s*[a-h][1-8](\\s+[a-h][1-8])*\\s*", "squares separated by spaces" },
  { "walk", "[A-Za-z0-9]{1,3}", "a Popeye walk code" },
  { "colour", "white|black|neutral", "white, black or neutral" },
  { "magic", "true|false", "true or false" },
  { "magician", "true|false", "true or false" },
  { "continued", "true|false", "true or false" },
  { "rex-inclusive", "true|false", "true or false" },
  { "promotions", "true|false", "true or false" },
  { "promotion", "allowed|forbidden", "allowed or forbidden" },
  { "hurdles", "required|optional", "required or optional" },
  { "variant", "normal|reverse|anti", "normal, reverse or anti" },
  { "side", "both|white|black", "both, white or black" },
  { "degrees", "90|180|270", "90, 180 or 270" },
  { "axis", "a1-h1|a1-a8|a1-h8|h1-a8", "a1-h1, a1-a8, a1-h8 or h1-a8" },
  { "name", ".+", "a name" },
  { "version", "[1-9][0-9]*", "a positive number" },
};

static char *
refine_message (const Loader *l)
{
  xmlNodePtr node = l->node;
  if (!node)
    return g_strdup (l->message);
  const char *name = (const char *) node->name;
  /* A <problem> without its required children reports its next element. */
  xmlNodePtr problem = is (node, "problem")           ? node
                       : is (node->parent, "problem") ? node->parent
                                                      : NULL;
  if (problem)
    {
      gboolean stip = FALSE, pos = FALSE;
      FOR_CHILDREN (c, problem)
        stip |= is (c, "stipulation"), pos |= is (c, "position");
      if (!stip || !pos)
        return g_strdup_printf ("<problem> has no <%s>", stip ? "position" : "stipulation");
    }
  if (strstr (l->message, "attribute"))
    for (xmlAttrPtr a = node->properties; a; a = a->next)
      {
        g_autofree char *v = attr (node, (const char *) a->name);
        guint i;
        for (i = 0; i < G_N_ELEMENTS (attribute_rules); i++)
          if (xmlStrEqual (a->name, BAD_CAST attribute_rules[i].attribute))
            break;
        if (i == G_N_ELEMENTS (attribute_rules) || a->ns)
          return g_strdup_printf ("<%s> has an unknown attribute \"%s\"", name,
                                  (const char *) a->name);
        g_autofree char *anchored = g_strdup_printf ("^(%s)$", attribute_rules[i].pattern);
        if (!g_regex_match_simple (anchored, v ? v : "", 0, 0))
          return g_strdup_printf ("<%s %s=\"%s\">: expected %s", name, (const char *) a->name,
                                  v ? v : "", attribute_rules[i].expected);
      }
  if (g_str_has_prefix (l->message, "Did not expect element "))
    return g_strdup_printf ("element <%s> is not allowed here in <%s>", name,
                            node->parent && node->parent->name ? (const char *) node->parent->name
                                                               : "?");
  return g_strdup_printf ("<%s>: %s", name, l->message);
}

/* ---- the document ---------------------------------------------------------- */

xmlDocPtr
fe_xml_read_valid_document (Loader *l, const char *text, gsize length, GError **error)
{
  xmlDocPtr doc = NULL;
  xmlRelaxNGPtr schema = get_schema ();
  if (length > G_MAXINT)
    {
      fe_xml_fail_at_line (l, error, 1, 1, _ ("file too large"));
      return NULL;
    }
  if (!schema)
    {
      fe_xml_fail_at_line (l, error, 1, 1, _ ("internal error: the problem schema does not compile"));
      return NULL;
    }

  xmlParserCtxtPtr ctxt = xmlNewParserCtxt ();
  if (!ctxt)
    {
      fe_xml_fail_at_line (l, error, 1, 1, _ ("out of memory"));
      return NULL;
    }
  xmlGenericErrorFunc saved_handler = xmlGenericError;
  void *saved_context = xmlGenericErrorContext;
  xmlSetGenericErrorFunc (NULL, silent_error);
  ctxt->_private = l;
  ctxt->sax->serror = parser_error;
  /* No network, no entity substitution (no XXE), big line numbers kept. */
  doc = xmlCtxtReadMemory (ctxt, length ? text : "", (int) length, l->filename, NULL,
                           XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING
                             | XML_PARSE_NOCDATA);
  if (!doc || l->have_error || !ctxt->wellFormed)
    {
      if (l->have_error)
        fe_xml_fail_at_line (l, error, l->line, l->column, "%s", l->message);
      else
        fe_xml_fail_at_line (l, error, 1, 1, _ ("not a well-formed XML document"));
      goto fail;
    }

  xmlNodePtr root = xmlDocGetRootElement (doc);
  if (doc->intSubset || doc->extSubset)
    {
      /* Entities are a denial-of-service risk and nothing we need. */
      fe_xml_fail_at_line (l, error, root ? xmlGetLineNo (root) : 1, 1,
                           _ ("document type declarations are not allowed in problem files"));
      goto fail;
    }
  if (!root || !(is (root, "problem") || is (root, "collection")))
    {
      fe_xml_fail_at_line (l, error, root ? xmlGetLineNo (root) : 1, 1,
                           _ ("the root element must be <problem> or <collection> in namespace "
                           "\"%s\""),
                           FE_XML_NAMESPACE);
      goto fail;
    }
  /* Checked before the schema, so a newer file gets a message that says so. */
  {
    g_autofree char *v = attr (root, "version");
    guint64 version = 0;
    if (!v || !g_ascii_string_to_unsigned (v, 10, 1, G_MAXUINT32, &version, NULL))
      {
        fail_at (l, error, root, _ ("<%s> needs a format version attribute, version=\"%d\""),
                 (const char *) root->name, FE_XML_VERSION);
        goto fail;
      }
    if (version > FE_XML_VERSION)
      {
        fail_at (l, error, root,
                 _ ("this file has format version %s; this Féerie reads versions up to %d"), v,
                 FE_XML_VERSION);
        goto fail;
      }
  }

  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, validity_error, l);
  int valid = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  if (valid != 0)
    {
      if (l->have_error)
        {
          g_autofree char *msg = refine_message (l);
          fe_xml_fail_at_line (l, error, l->line, l->column, "%s", msg);
        }
      else
        fail_at (l, error, root, _ ("the document does not follow the problem schema"));
      goto fail;
    }
  goto out;

fail:
  g_clear_pointer (&doc, xmlFreeDoc);
out:
  xmlSetGenericErrorFunc (saved_context, saved_handler);
  xmlFreeParserCtxt (ctxt);
  return doc;
}
