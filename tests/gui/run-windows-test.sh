#!/bin/sh
# run-windows-test.sh — several windows (issue 12): three windows are opened,
# each edited, then closed in every one of the six orders, under
# G_DEBUG=fatal-criticals so that a GTK critical (a widget finalized with
# children, a handler outliving its object) ends the run.  Under the
# sanitizer build a use-after-free does too.  Exit 77 without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-windows-XXXXXX")
trap 'rm -rf "$work"' EXIT

for order in "1 2 3" "1 3 2" "2 1 3" "2 3 1" "3 1 2" "3 2 1"; do
  {
    echo "delay 60"
    echo "pieces wKe1 bKe8 wQd1"
    echo "window-new"
    echo "pieces wKa1 bKh8"
    echo "palette-drop w plain r b2"
    echo "state madrasi true"
    echo "window-new"
    echo "pieces wKc1 bKc8 bSg8"
    echo "drag g8 f6"
    echo "action undo"
    echo "window 1"
    echo "drag d1 d5"
    for n in $order; do
      echo "window-close $n discard"
      echo "wait 200"
    done
  } > "$work/script"
  xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
    env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
        GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals \
        timeout 120 "$FEERIE" > "$work/log" 2>&1 || { cat "$work/log"; echo "closing in order $order failed"; exit 1; }
  if grep -q "CRITICAL\|WARNING" "$work/log"; then cat "$work/log"; echo "order $order: warnings"; exit 1; fi
  grep -q "script line .*window-close $(echo $order | cut -d' ' -f2)" "$work/log" || { cat "$work/log"; echo "order $order: the script stopped early"; exit 1; }
  echo "order $order: ok"
done
echo "ok"
