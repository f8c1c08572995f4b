/* patrol.c — Patrol chess and patrol pieces (docs/rules/patrol.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A patrol piece captures, and checks, only while a piece of its own side
 * observes its square (the supporter's own conditions apply: a paralysed
 * piece supports nothing).  The condition Patrouille makes every piece,
 * kings included, a patrol piece; the attribute only those that carry it.
 */
#include "core/rules/chain.h"
#include "core/rules/movegen.h"
#include "core/model/problem.h"

typedef enum {
  PATROL_OFF = 0,
  PATROL_PIECES, /* the pieces with the attribute */
  PATROL_ALL,    /* Patrouille: every piece */
} PatrolScope;

static bool
is_patrol (const FePosition *pos, FePiece p)
{
  return pos->rules->params.v[FE_COND_PATROL][0] == PATROL_ALL || (p.attrs & FE_ATTR_PATROL);
}

/* Set while looking for a supporter: the supporter needs none itself
 * (patrol.md §2; Popeye's "seeking_supporter_for_observer").  Per thread, as
 * each solver thread has its own search. */
static __thread bool seeking_supporter;

/* Observed by a piece `side` plays (its own, neutral ones for the side
 * whose move or check is tested), through the other conditions' filters. */
static bool
supported (const FePosition *pos, FeSquare sq, int side)
{
  seeking_supporter = true;
  bool found = fe_square_attacked (pos, sq, side);
  seeking_supporter = false;
  return found;
}

static bool
patrol_move_allowed (const FePosition *pos, const FeMove *m)
{
  if (m->capture == FE_NO_SQUARE || !is_patrol (pos, pos->board[m->from]))
    return true;
  return supported (pos, m->from, pos->side);
}

/* An unsupported patrol piece observes nothing: it neither checks nor
 * views (magic pieces), as Popeye validates observations. */
static bool
patrol_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return seeking_supporter || !is_patrol (pos, pos->board[path->from])
         || supported (pos, path->from, path->side);
}

const FeConditionOps fe_condition_patrol = {
  .name = "patrol",
  .move_allowed = patrol_move_allowed,
  .capture_allowed = patrol_capture_allowed,
};

static const FeConditionParamDesc patrol_params[] = {
  { .name = "scope", .label = FE_N_("Patrol chess"), .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "scope", .xml_values = (const char *const[]) { "none", "pieces", "all" },
    .xml_default = PATROL_ALL,
    .value_labels = (const char *const[]) { FE_N_("none"), FE_N_("patrol pieces"),
                                            FE_N_("every piece") } },
};

static const FeConditionKeyword patrol_keywords[] = {
  { "Patrouille", 0, PATROL_ALL, 0 },
};

/* Popeye's word and order; a double green frame. */
static const FeAttributeDesc patrol_attribute = {
  .bit = FE_ATTR_PATROL,
  .name = "patrol",
  .label = FE_N_("Patrol"),
  .popeye_word = "Patrol",
  .popeye_header = "Patrol",
  .prefix = "p",
  .prefix_order = 14,
  .fen_prefix = '@',
  .frame = FE_FRAME_DOUBLE,
  .frame_rgb = { 38, 130, 60 },
  .palette_tooltip = FE_N_("Patrol pieces stand on a double green frame"),
};

/* Patrouille says every piece; pieces with the attribute are listed with
 * their squares: "Patrol pieces g8, h1" (the solver: "Patrol g8 h1"). */
static void
patrol_describe (const FeConditionParams *params, int id, const FePosition *diagram,
                 const FeDescribeStyle *style, GPtrArray *lines)
{
  if (fe_params_get (params, id, 0) == PATROL_ALL)
    g_ptr_array_add (lines, g_strdup (style->caption ? style->translate (FE_N_("Patrol chess"))
                                                     : "Patrouille"));
  g_autofree char *squares =
    diagram ? fe_attribute_squares (diagram, FE_ATTR_PATROL, style->caption ? ", " : " ") : NULL;
  if (squares)
    g_ptr_array_add (lines, g_strdup_printf ("%s %s",
                                             style->caption ? style->translate (FE_N_("Patrol pieces"))
                                                            : patrol_attribute.popeye_header,
                                             squares));
}

const FeConditionClass fe_condition_class_patrol = {
  .name = "patrol",
  .label = FE_N_("Patrol chess"),
  .xml_element = "patrol",
  .params = patrol_params,
  .n_params = G_N_ELEMENTS (patrol_params),
  .describe = patrol_describe,
  .ops = &fe_condition_patrol,
  .popeye_keywords = patrol_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (patrol_keywords),
  .attribute = &patrol_attribute,
};
