#!/bin/sh
# check-shipped-binary.sh FEERIE — the program users get holds no test
# code and no test switch (issues 24 and 25): `nm` finds none of the test
# entry points the window's classes once had, nor any symbol named for
# tests or scripts; `strings` finds no FEERIE_TEST_SCRIPT (or any
# FEERIE_TEST variable).  Those live in feerie-test (tests/gui/harness).
# Exit 77 (skip) without nm or strings (binutils).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
for tool in nm strings; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
status=0
symbols=$(nm --defined-only "$FEERIE")
[ -n "$symbols" ] || { echo "nm found no symbols in $FEERIE (stripped?): cannot check"; exit 1; }
for entry in feerie_window_run_script feerie_application_set_script_runner \
             feerie_window_describe_display feerie_window_select_move \
             feerie_window_get_autosave_path feerie_window_get_reopen_error feerie_window_export_to \
             feerie_recovery_describe feerie_recovery_choose feerie_metadata_pane_type \
             feerie_palette_select feerie_palette_get_tile feerie_palette_get_focused_walk \
             feerie_palette_get_font feerie_preferences_choose_font feerie_preferences_choose_colour \
             feerie_application_get_preferences feerie_board_view_get_error \
             feerie_twins_editor_pick feerie_twins_editor_describe feerie_twins_editor_get_button \
             feerie_twins_editor_get_error feerie_twins_editor_get_text feerie_twins_editor_set_text; do
  if echo "$symbols" | grep -qw "$entry"; then
    echo "test entry point in the shipped program: $entry"; status=1
  fi
done
named=$(echo "$symbols" | awk '{ print $NF }' | grep -iE '(^|_)(test|tests|script|harness)(_|$)' || true)
if [ -n "$named" ]; then
  echo "symbols named for tests in the shipped program:"; echo "$named"; status=1
fi
if strings "$FEERIE" | grep -q 'FEERIE_TEST'; then
  echo "the shipped program reads a test variable:"; strings "$FEERIE" | grep 'FEERIE_TEST'; status=1
fi
[ $status -eq 0 ] && echo "ok: no test code in $FEERIE"
exit $status
