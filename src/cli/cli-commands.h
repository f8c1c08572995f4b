/* cli-commands.h — the feerie-cli commands that live in their own files;
 * main.c dispatches to them.  Each takes the command's arguments (argv[0]
 * is the command) and returns the exit status.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* feerie-cli diagram (cmd-diagram.c). */
int fe_cli_cmd_diagram (int argc, char **argv);
/* feerie-cli convert (cmd-convert-many.c): IN OUT, or with --to many
 * files, each through fe_cli_convert_one (IN OUT, cmd-convert.c). */
int fe_cli_cmd_convert (int argc, char **argv);
int fe_cli_convert_one (int argc, char **argv);
/* feerie-cli check (cmd-check.c). */
int fe_cli_cmd_check (int argc, char **argv);
