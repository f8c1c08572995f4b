#!/bin/sh
# run-palette-refusals-test.sh FEERIE SCHEMAS — the palette offers only
# what a drop would place (the problem's rules: fe_conditions_validate),
# with the real pointer (xdotool):
#   1. the palette's Magician toggle clicked: the king's tile is off (a
#      king is never a magician piece, D21), its tooltip says so; the
#      queen's is on;
#   2. the king's tile dragged onto d4: nothing is placed;
#   3. a magic rook on the board: under Magician every piece tile is off
#      (magic and magician pieces do not mix,
#      docs/rules/combinations.md §2), and they are on again under Plain;
#      the queen's tile dragged then places a queen.
# Each step waits for the window to show it (wait-line), not for a time.
# Exit 77 (skip) without xvfb-run, dbus-run-session or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
app_test palette-refusals 1280x800 "$@"
step () { # step NAME LINE...: the script waits for NAME, then for each line of the dump
  name=$1; shift
  echo "wait-file $work/$name"
  for line; do printf 'wait-line dump %s\n' "$line"; done
  echo "dump $work/$name.dump"
  echo "tile-info K $work/$name.k"
  echo "tile-info Q $work/$name.q"
  echo "touch $work/$name.done"
}
{
  echo "pieces wKe1 bKe8"
  echo "palette-mode w plain"
  for w in magician plain; do echo "locate-widget $w $work/$w"; done
  echo "locate-tile K $work/tile-k"
  echo "locate-tile Q $work/tile-q"
  echo "locate d4 $work/d4"
  echo "touch $work/ready"
  step magician "'palette-off K'"
  step dragged "'palette-off K'"
  echo "pieces wKe1 bKe8 wmRh1"
  step magic-beside "'palette-off K Q R B S P *'"
  step plain "'palette-off'"
  step placed "'piece wQd4'"
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"

click_at "$work/magician"
step_go magician
grep -qx "sensitive 0" "$work/magician.k" || { cat "$work/magician.k"; fail "the king's tile is on under Magician"; }
grep -qx "Cannot be placed now: a king cannot be a magician piece" "$work/magician.k" \
  || { cat "$work/magician.k"; fail "the king's tile does not say why it is off"; }
grep -qx "sensitive 1" "$work/magician.q" || { cat "$work/magician.q"; fail "the queen's tile is off under Magician"; }
# The tooltip, as a pointer resting on the tile shows it.
read -r xk yk < "$work/tile-k"
xdotool mousemove "$xk" "$yk" sleep 0.1 mousemove $((xk + 2)) "$yk" sleep 1.5
shot palette-refused-king
drag_points "$work/tile-k" "$work/d4"
step_go dragged
lacks dragged dump "piece wKd4"
step_go magic-beside
grep -q "^Cannot be placed now: magic pieces and magician pieces cannot be combined" "$work/magic-beside.q" \
  || { cat "$work/magic-beside.q"; fail "the queen's tile does not say why it is off"; }
click_at "$work/plain"
step_go plain
drag_points "$work/tile-q" "$work/d4"
step_go placed
wait $app || fail "feerie-test failed"
echo "ok"
