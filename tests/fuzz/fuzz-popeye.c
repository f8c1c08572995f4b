/* fuzz-popeye.c — libFuzzer harness for the Popeye input reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whatever the reader accepts must also be writable as Popeye input and as
 * Féerie XML, and the XML must load again: the readers agree on the model.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/popeye.h"
#include "io/xml.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  GPtrArray *problems = fe_popeye_read ((const char *) data, size, "fuzz.inp", &error);
  if (!problems)
    {
      if (!error)
        abort ();
      g_error_free (error);
      return 0;
    }
  for (guint i = 0; i < problems->len; i++)
    {
      GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
      g_free (fe_popeye_write (problems->pdata[i], warnings));
      g_ptr_array_unref (warnings);
    }
  char *xml = fe_xml_to_string (problems);
  GPtrArray *back = fe_xml_parse (xml, strlen (xml), "fuzz.xml", &error);
  if (!back && getenv ("FEERIE_FUZZ_STRICT"))
    {
      fprintf (stderr, "the XML of an accepted Popeye input does not load: %s\n", error->message);
      abort ();
    }
  g_clear_error (&error);
  if (back)
    g_ptr_array_unref (back);
  g_free (xml);
  g_ptr_array_unref (problems);
  return 0;
}
