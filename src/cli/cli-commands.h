/* cli-commands.h — the feerie-cli commands that live in their own files;
 * main.c dispatches to them.  Each takes the command's arguments (argv[0]
 * is the command) and returns the exit status.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* feerie-cli diagram (cmd-diagram.c). */
int fe_cli_cmd_diagram (int argc, char **argv);
/* feerie-cli convert IN OUT (cmd-convert.c); with --to, many files
 * (fe_cli_cmd_convert_many, cmd-convert-many.c). */
int fe_cli_cmd_convert (int argc, char **argv);
int fe_cli_cmd_convert_many (int argc, char **argv);
/* feerie-cli check (cmd-check.c). */
int fe_cli_cmd_check (int argc, char **argv);
