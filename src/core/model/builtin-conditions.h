/* builtin-conditions.h — ids and parameter cells of the built-in conditions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * FE_BUILTIN_CONDITIONS is the one list of built-in conditions
 * (condition-registry.c expands it into the registry).  A new condition
 * adds one line here and one file; nothing else names it.
 *
 * The FE_P_* names below are the cells (FeConditionParams.v) of the
 * built-ins, for their own files and the code that still treats them
 * specially: the XML <imitator> elements, the window's imitator tools and
 * the tests.
 * `params->FE_P_MADRASI` reads cell 0 of Madrasi's row.  A new condition
 * needs none of these: generic code goes through its FeConditionParamDesc.
 */
#pragma once

/* X (ID, name): name is the file conditions/<name>.c (src/core/meson.build
 * compiles it from this line) and its class fe_condition_class_<name>.
 * Order: registry order (XML and Popeye writers follow it; the hooks are
 * then sorted by effect order, docs/rules/effect-order.md §1). */
#define FE_BUILTIN_CONDITIONS(X) \
  X (MADRASI, madrasi)           \
  X (IMITATOR, imitator)         \
  X (EINSTEIN, einstein)         \
  X (MAGIC, magic)               \
  X (MAGICIAN, magician)         \
  X (CIRCE, circe)               \
  X (ANTICIRCE, anticirce)       \
  X (ANDERNACH, andernach)       \
  X (ISARDAM, isardam)           \
  X (PATROL, patrol)             \
  X (KOEKO, koeko)               \
  X (KAMIKAZE, kamikaze)         \
  X (MARSCIRCE, marscirce)       \
  X (ANTIMARS, antimars)         \
  X (PHANTOM, phantom)           \
  X (TAKEMAKE, takemake)         \
  X (MAKETAKE, maketake)         \
  X (DANGERCIRCE, dangercirce)   \
  X (MULTICAPTURES, multicaptures) \
  X (BICAPTURES, bicaptures)

#define FE_BUILTIN_ID_(ID, name) FE_COND_##ID,
enum { FE_BUILTIN_CONDITIONS (FE_BUILTIN_ID_) FE_COND_BUILTIN_COUNT };
#undef FE_BUILTIN_ID_

#define FE_P_MADRASI v[FE_COND_MADRASI][0]
#define FE_P_MADRASI_REX_INCLUSIVE v[FE_COND_MADRASI][1]
#define FE_P_IMITATOR v[FE_COND_IMITATOR][0]
#define FE_P_IMITATOR_NO_PROMOTION v[FE_COND_IMITATOR][1]
#define FE_P_IMITATOR_NO_HURDLES v[FE_COND_IMITATOR][2]
#define FE_P_EINSTEIN v[FE_COND_EINSTEIN][0] /* FeEinsteinVariant */
#define FE_P_EINSTEIN_SIDE v[FE_COND_EINSTEIN][1] /* FeEinsteinSide */
#define FE_P_EINSTEIN_PROMOTIONS v[FE_COND_EINSTEIN][2]
#define FE_P_MAGIC v[FE_COND_MAGIC][0]
#define FE_P_MAGICIAN v[FE_COND_MAGICIAN][0]
