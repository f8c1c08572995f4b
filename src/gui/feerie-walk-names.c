/* feerie-walk-names.c — translated walk names for the palette.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The core's catalogue keeps the English names; the GUI marks them here so
 * xgettext finds them.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "feerie-walk-names.h"
#include "core/walk.h"

static const char *names[FE_WALK_COUNT] = {
  [FE_WALK_KING] = N_("king"),
  [FE_WALK_QUEEN] = N_("queen"),
  [FE_WALK_ROOK] = N_("rook"),
  [FE_WALK_BISHOP] = N_("bishop"),
  [FE_WALK_KNIGHT] = N_("knight"),
  [FE_WALK_PAWN] = N_("pawn"),
  [FE_WALK_GRASSHOPPER] = N_("grasshopper"),
  [FE_WALK_NIGHTRIDER] = N_("nightrider"),
  [FE_WALK_LOCUST] = N_("locust"),
  [FE_WALK_LION] = N_("lion"),
  [FE_WALK_AMAZON] = N_("amazon"),
  [FE_WALK_CAMEL] = N_("camel"),
  [FE_WALK_ZEBRA] = N_("zebra"),
  [FE_WALK_GIRAFFE] = N_("giraffe"),
  [FE_WALK_ROSE] = N_("rose"),
  [FE_WALK_KINGHOPPER] = N_("kinghopper"),
  [FE_WALK_EQUIHOPPER] = N_("equihopper"),
  [FE_WALK_NONSTOP_EQUIHOPPER] = N_("nonstop equihopper"),
  [FE_WALK_MOOSE] = N_("moose"),
  [FE_WALK_MAO] = N_("mao"),
  [FE_WALK_BOYSCOUT] = N_("boyscout"),
  [FE_WALK_EMPRESS] = N_("empress"),
  [FE_WALK_PRINCESS] = N_("princess"),
  [FE_WALK_ALFIL] = N_("alfil"),
  [FE_WALK_FERS] = N_("fers"),
  [FE_WALK_WAZIR] = N_("wazir"),
  [FE_WALK_DABBABA] = N_("dabbaba"),
  [FE_WALK_GNU] = N_("gnu"),
  [FE_WALK_ANTELOPE] = N_("antelope"),
  [FE_WALK_OKAPI] = N_("okapi"),
  [FE_WALK_BISON] = N_("bison"),
  [FE_WALK_CAMELRIDER] = N_("camelrider"),
  [FE_WALK_ZEBRARIDER] = N_("zebrarider"),
  [FE_WALK_GRASSHOPPER2] = N_("grasshopper-2"),
  [FE_WALK_GRASSHOPPER3] = N_("grasshopper-3"),
  [FE_WALK_ROOKHOPPER] = N_("rookhopper"),
  [FE_WALK_BISHOPHOPPER] = N_("bishophopper"),
  [FE_WALK_ROOKLION] = N_("rook lion"),
  [FE_WALK_BISHOPLION] = N_("bishop lion"),
  [FE_WALK_NIGHTRIDERLION] = N_("nightrider lion"),
  [FE_WALK_ROOKLOCUST] = N_("rook locust"),
  [FE_WALK_BISHOPLOCUST] = N_("bishop locust"),
  [FE_WALK_NIGHTRIDERLOCUST] = N_("nightrider locust"),
  [FE_WALK_MOA] = N_("moa"),
};

const char *
feerie_walk_name (int walk)
{
  if (walk <= FE_WALK_NONE || walk >= FE_WALK_COUNT || !names[walk])
    return fe_walk_def (walk)->name;
  return _(names[walk]);
}
