#!/bin/sh
# run-layout-test.sh — small and large screens (issue 12): on an 800×600
# screen the window's minimum size fits (the palette reflows, the side
# pages scroll down, never sideways: the condition pickers reflow), at
# 800×600 the board keeps at least 320 px; on a 1920×1080 screen the board grows beyond its size at 1280×800.
# Exit 77 without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-layout-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail () { echo "FAIL: $1"; exit 1; }
run () { # SCREEN W H OUT
  printf 'pieces wKe1 bKe8 wQd1\nwindow-size %s %s\nwait 800\nlayout %s\nquit\n' "$2" "$3" "$4" > "$work/script"
  xvfb-run -a -s "-screen 0 ${1}x24" dbus-run-session -- \
    env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
        FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals timeout 60 "$FEERIE" \
        > "$work/log" 2>&1 || { cat "$work/log"; fail "feerie failed"; }
  cat "$4"
}
run 800x600 800 600 "$work/small"
run 1280x800 1280 800 "$work/medium"
run 1920x1080 1920 1080 "$work/large"
set -- $(sed -n 's/^minimum //p' "$work/small"); [ "$1" -le 800 ] && [ "$2" -le 600 ] \
  || fail "the window needs $1×$2, more than 800×600"
set -- $(sed -n 's/^window //p' "$work/small"); [ "$1" -le 800 ] && [ "$2" -le 600 ] \
  || fail "at 800×600 the window is $1×$2"
# The condition pane reflows into the width it is given: nothing sticks
# out on the right, its page does not scroll sideways.
set -- $(sed -n 's/^conditions //p' "$work/small")
[ "$#" -eq 3 ] || fail "no condition pane in the layout"
[ "$1" -le "$2" ] || fail "at 800×600 the condition pane needs $1 px, it has $2"
[ "$3" -le $(($2 + 1)) ] || fail "at 800×600 the condition pane's content reaches $3 px, beyond its $2 px"
set -- $(sed -n 's/^conditions-scroll //p' "$work/small")
[ "$#" -eq 2 ] && [ "$1" -le "$2" ] || fail "at 800×600 the conditions scroll sideways ($1 px in $2)"
small=$(sed -n 's/^board \([0-9]*\) .*/\1/p' "$work/small")
medium=$(sed -n 's/^board \([0-9]*\) .*/\1/p' "$work/medium")
large=$(sed -n 's/^board \([0-9]*\) .*/\1/p' "$work/large")
[ "$small" -ge 320 ] || fail "at 800×600 the board is only $small px (320 at least)"
[ "$large" -gt "$medium" ] || fail "at 1920×1080 the board ($large px) does not grow beyond 1280×800's ($medium px)"
echo "board: $small px at 800×600, $medium at 1280×800, $large at 1920×1080"
echo "ok"
