/* fuzz-xml.c — libFuzzer harness for the Féerie XML reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides not crashing, whatever loads must serialise, load again and
 * serialise to the same bytes (the writer is deterministic).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/xml.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  GPtrArray *problems = fe_xml_parse ((const char *) data, size, "fuzz.xml", &error);
  if (!problems)
    {
      /* Every refusal is located: "FILE:LINE:COL: message". */
      if (!error || !g_str_has_prefix (error->message, "fuzz.xml:"))
        abort ();
      g_error_free (error);
      return 0;
    }
  char *text = fe_xml_to_string (problems);
  GPtrArray *again = fe_xml_parse (text, strlen (text), "again.xml", &error);
  if (!again)
    abort ();
  char *text2 = fe_xml_to_string (again);
  if (strcmp (text, text2) != 0)
    abort ();
  g_free (text);
  g_free (text2);
  g_ptr_array_unref (again);
  g_ptr_array_unref (problems);
  return 0;
}
