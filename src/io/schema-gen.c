/* schema-gen.c — feerie-schema-gen TEMPLATE OUTPUT: writes the problem
 * schema with the registry's piece attributes and condition elements
 * (xml-schema.c).  Run by the build; not installed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include "xml.h"

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: %s TEMPLATE OUTPUT\n", argv[0]);
      return 2;
    }
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  g_autofree char *schema = fe_xml_schema_from_template (text);
  if (!g_file_set_contents (argv[2], schema, -1, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}
