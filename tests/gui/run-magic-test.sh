#!/bin/sh
# run-magic-test.sh FEERIE SCHEMAS — issue 25, item 15: the "Magic pieces"
# and "Magician pieces" boxes are their pieces, with the real pointer and
# keyboard (xdotool):
#   1. the palette's Magic toggle clicked, the rook dragged onto h1: a
#      magic rook, and the Magic pieces box ticks itself;
#   2. the box clicked: the rook is plain again and the box unticked;
#   3. Ctrl+Z: the magic rook and the ticked box are back (one step);
#   4. (the Magic box unticked again: magic and magician pieces do not mix)
#      the Magician pieces box clicked with no magician piece: the palette
#      turns to magician pieces and says so, the box stays unticked;
#   5. the queen dragged onto d4: a magician queen, the box ticked.
# Each step waits for the window to show it (wait-line), not for a time.
# Exit 77 (skip) without xvfb-run, dbus-run-session or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2
work_dir magic
step () { # step N LINE...: the script waits for step N, then for each line of the dump
  n=$1; shift
  echo "wait-file $work/step$n"
  for line; do printf 'wait-line %s\n' "$line"; done
  echo "dump $work/step$n.dump"
  echo "touch $work/step$n.done"
}
{
  echo "pieces wKe1 bKe8"
  echo "palette-mode w plain"
  for w in magic condition.magic condition.magician; do echo "locate-widget $w $work/$w"; done
  echo "locate-tile R $work/tile-r"
  echo "locate-tile Q $work/tile-q"
  echo "locate h1 $work/h1"
  echo "locate d4 $work/d4"
  echo "touch $work/ready"
  step 1 "dump 'piece wRh1 magic'" "dump 'picker magic'"
  step 2 "dump 'piece wRh1'"
  step 3 "dump 'piece wRh1 magic'" "dump 'picker magic'"
  step 4 "dump 'piece wRh1'" "messages 'status Magician pieces: the palette now places such pieces*'"
  step 5 "dump 'piece wQd4 magician'" "dump 'picker magician'"
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"
go () { step_go "step$1"; }

click_at "$work/magic"
drag_points "$work/tile-r" "$work/h1"
go 1
click_at "$work/condition.magic"
go 2
grep -qx "picker magic" "$work/step2.dump" && { cat "$work/step2.dump"; fail "the Magic pieces box is still ticked"; }
xdotool key ctrl+z
go 3
# (magic and magician pieces do not mix: the rook goes plain first)
click_at "$work/condition.magic"
click_at "$work/condition.magician"
go 4
grep -qx "picker magician" "$work/step4.dump" && { cat "$work/step4.dump"; fail "the Magician pieces box ticked with no magician piece"; }
grep -q "magician" "$work/step4.dump" && { cat "$work/step4.dump"; fail "a magician piece from nowhere"; }
drag_points "$work/tile-q" "$work/d4"
go 5
wait $app || fail "feerie-test failed"
echo "ok"
