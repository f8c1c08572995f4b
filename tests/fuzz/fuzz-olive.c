/* fuzz-olive.c — libFuzzer harness for the Olive / YACPDB YAML reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides not crashing, whatever loads must serialise, load again and
 * serialise to the same bytes (the writer is deterministic).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/olive.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  GPtrArray *problems = fe_olive_read ((const char *) data, size, "fuzz.olv", &error);
  if (!problems)
    {
      /* Every refusal is located: "FILE:LINE:COL: message". */
      if (!error || !g_str_has_prefix (error->message, "fuzz.olv:"))
        abort ();
      g_error_free (error);
      return 0;
    }
  char *text = fe_olive_write (problems, NULL);
  GPtrArray *again = fe_olive_read (text, strlen (text), "again.olv", &error);
  if (!again || again->len != problems->len)
    abort ();
  char *text2 = fe_olive_write (again, NULL);
  if (strcmp (text, text2) != 0)
    abort ();
  g_free (text);
  g_free (text2);
  g_ptr_array_unref (again);
  g_ptr_array_unref (problems);
  return 0;
}
