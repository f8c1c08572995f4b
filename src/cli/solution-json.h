/* solution-json.h — feerie-cli solve --json: the solution tree for other
 * programs (schema: docs/solution-json.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "core/backend/backend.h"
#include "cli-inputs.h"

/* The twins of `tree` as a JSON array (the "twins" member). */
void fe_solution_json_add_twins (JsonBuilder *builder, FeSolution *tree);

/* Prints `root` on stdout, indented. */
void fe_cli_print_json (JsonNode *root);

/* Solves every problem of `path` with `config` (its tree and line
 * callback replaced) and prints one JSON document on stdout; help and
 * series lines past `max_lines` per problem are counted, not written.
 * 0, or 2 when the file or a problem cannot be solved. */
int fe_cli_solve_json (const char *path, const FeSolverConfig *config, int max_lines);
