/* fe-caption.h — the text printed around a diagram, as problem columns set it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above the board: the author(s), the source with its date, the award.
 * Below it: the stipulation, the piece count "(4+1)", the conditions and
 * the twins.  One description serves every format (PNG, SVG, PDF, the
 * window's label and LaTeX), so they all say the same thing.
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"

typedef struct {
  GPtrArray *authors;     /* of char*: "Given Family", one per author */
  char *source;           /* "5773. feenschach 95, 6/1990"; NULL if none */
  char *award;            /* "1st Prize, Tourney"; NULL if none */
  char *stipulation;      /* "h#2", an unsupported one verbatim, "Duplex" added */
  char *count;            /* "(4+1)", "(2+2+1)" with neutral pieces */
  int n[3];               /* white, black, neutral pieces on the diagram */
  char *target_count;     /* a=>b: the target position's count; NULL without one */
  GPtrArray *conditions;  /* of char*: "Madrasi", "Imitator f4", "Circe" … */
  GPtrArray *twins;       /* of char*: "b) wKf5-->g5" … */
} FeCaption;

FeCaption *fe_caption_new (const FeProblem *problem);
void fe_caption_free (FeCaption *caption);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeCaption, fe_caption_free)

/* The lines above the board, '\n'-separated; "" when there is no metadata. */
char *fe_caption_heading (const FeCaption *caption);
/* The conditions joined by "; " (may be ""). */
char *fe_caption_conditions (const FeCaption *caption);
