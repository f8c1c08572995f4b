/* xml-schema.c — the registry's part of the problem schema.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The attributes pieces may carry and the condition elements are made from
 * the condition registry: at build time into feerie-problem.rng (by
 * feerie-schema-gen, from data/feerie-problem.rng.in), and again at run
 * time when a condition is registered then (xml-validate.c).  Needs only
 * the core, so the generator links it without the rest of src/io.
 */
#include <string.h>

#include "xml.h"

char *
fe_xml_condition_schema (void)
{
  GString *s = g_string_new ("  <define name=\"condition-element\">\n    <choice>\n");
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (!cls->xml_element)
        continue;
      gboolean any = FALSE;
      for (int k = 0; k < cls->n_params; k++)
        any |= cls->params[k].xml_attribute != NULL;
      if (!any)
        {
          g_string_append_printf (s, "      <element name=\"%s\"><empty/></element>\n",
                                  cls->xml_element);
          continue;
        }
      g_string_append_printf (s, "      <element name=\"%s\">\n", cls->xml_element);
      for (int k = 0; k < cls->n_params; k++)
        {
          const FeConditionParamDesc *d = &cls->params[k];
          if (!d->xml_attribute)
            continue;
          if (d->type == FE_PARAM_BOOL && !g_strcmp0 (d->xml_values[0], "false")
              && !g_strcmp0 (d->xml_values[1], "true"))
            {
              g_string_append_printf (s, "        <optional><attribute name=\"%s\"><ref "
                                         "name=\"boolean\"/></attribute></optional>\n",
                                      d->xml_attribute);
              continue;
            }
          g_string_append_printf (s, "        <optional>\n          <attribute name=\"%s\">\n"
                                     "            <choice>", d->xml_attribute);
          /* The switch's value 0 (off) is no element at all. */
          for (int v = k == 0 ? 1 : 0; v < d->n_values; v++)
            g_string_append_printf (s, "<value>%s</value>", d->xml_values[v]);
          g_string_append (s, "</choice>\n          </attribute>\n        </optional>\n");
        }
      g_string_append (s, "      </element>\n");
    }
  g_string_append (s, "    </choice>\n  </define>\n");
  return g_string_free (s, FALSE);
}

char *
fe_xml_attribute_schema (void)
{
  GString *s = g_string_new ("  <define name=\"piece-attributes\">\n"
                             "    <attribute name=\"walk\"><ref name=\"walk\"/></attribute>\n"
                             "    <attribute name=\"colour\"><ref name=\"colour\"/></attribute>\n");
  for (int i = 0; i < fe_attribute_count (); i++)
    g_string_append_printf (s, "    <optional><attribute name=\"%s\"><ref name=\"boolean\"/>"
                               "</attribute></optional>\n", fe_attribute_nth (i)->name);
  g_string_append (s, "  </define>\n");
  return g_string_free (s, FALSE);
}

/* Replaces the define `name` of `text` (from its line to its end) by
 * `fragment`; a copy of `text` when it has no such define. */
static char *
replace_define (const char *text, const char *name, const char *fragment)
{
  g_autofree char *open = g_strdup_printf ("  <define name=\"%s\">", name);
  const char *start = strstr (text, open);
  const char *end = start ? strstr (start, "</define>\n") : NULL;
  if (!end)
    return g_strdup (text);
  end += strlen ("</define>\n");
  return g_strdup_printf ("%.*s%s%s", (int) (start - text), text, fragment, end);
}

char *
fe_xml_schema_from_template (const char *text)
{
  g_autofree char *attributes = fe_xml_attribute_schema ();
  g_autofree char *conditions = fe_xml_condition_schema ();
  g_autofree char *with_attributes = replace_define (text, "piece-attributes", attributes);
  return replace_define (with_attributes, "condition-element", conditions);
}
