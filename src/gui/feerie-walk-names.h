/* feerie-walk-names.h — translated walk names for the palette.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

const char *feerie_walk_name (int walk);
