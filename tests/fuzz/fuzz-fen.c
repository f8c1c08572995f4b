/* fuzz-fen.c — libFuzzer harness for the FEN reader.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A FEN that parses must be written back as a FEN that parses to the same
 * text again (the writer's form is canonical).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/fen.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = g_strndup ((const char *) data, size);
  FePosition pos;
  GError *error = NULL;
  if (fe_fen_parse (text, &pos, &error))
    {
      char *fen = fe_fen_write (&pos);
      FePosition again;
      if (!fe_fen_parse (fen, &again, NULL))
        abort ();
      char *fen2 = fe_fen_write (&again);
      if (strcmp (fen, fen2) != 0)
        abort ();
      g_free (fen);
      g_free (fen2);
    }
  else
    {
      if (!error || !g_str_has_prefix (error->message, "FEN column "))
        abort ();
      g_error_free (error);
    }
  g_free (text);
  return 0;
}
