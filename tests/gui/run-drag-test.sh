#!/bin/sh
# run-drag-test.sh FEERIE SCHEMAS — issue 25.2, with real pointer drags
# and keys under Xvfb (xdotool):
#   1. a plain drag moves (wKe1→f2: one white king, on f2);
#   2. right after, a Ctrl+drag copies (wBc1→c4: bishops on c1 and c4) and
#      moves nothing else (the square the first drag started from is not
#      left picked for click-to-move);
#   3. Ctrl pressed and released before a plain drag: it moves (wRa1→a5);
#   4. the modifier counts when the piece is dropped: Ctrl released during
#      the drag moves (wSg1→g3), Ctrl pressed during it copies (wPh2→h4);
#   5. click-to-move still works (click f2, click f3: the king moves), and a
#      press that starts a drag picks nothing for it (a drag c4→d5, then a
#      click on empty e5 moves nothing);
#   6. an imitator drags as a piece does: a plain drag moves it (a3→b3), a
#      Ctrl+drag copies it (b3→b6);
#   7. a press on one square released on another with no drag (from empty
#      d3 to e3) is no click: the king picked on f3 stays there;
#   8. a piece dragged from the board or the palette onto the stipulation
#      field is not typed into it ("#2square:3"): the field takes no drag
#      of a piece, the piece from the board is dropped nowhere (removed).
# Exit 77 (skip) without xvfb-run, dbus-run-session or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2
work_dir drag
squares="e1 f2 f3 c1 c4 a1 a5 g1 g3 h2 h4 d5 e5 a3 b3 b6 d3 e3"
{
  echo "pieces wKe1 bKe8 wRa1 wBc1 wSg1 wPh2 Ia3"
  echo "palette-mode w plain"
  for s in $squares; do echo "locate $s $work/$s"; done
  echo "locate-widget stipulation $work/field"
  echo "locate-tile Q $work/tile-q"
  echo "touch $work/ready"
  for n in 1 2 3 4 5 6 7 8; do
    echo "wait-file $work/step$n"
    echo "dump $work/step$n.dump"
    echo "messages $work/step$n.msg"
    echo "touch $work/step$n.done"
  done
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
step () { touch "$work/step$1"; await "$work/step$1.done"; }
has () { grep -qx "$2" "$work/step$1.dump" || { cat "$work/step$1.dump"; fail "step $1: no “$2”"; }; }
lacks () { if grep -qx "$2" "$work/step$1.dump"; then cat "$work/step$1.dump"; fail "step $1: “$2” should not be there"; fi; }
count () { [ "$(grep -c "^piece $2" "$work/step$1.dump")" = "$3" ] || { cat "$work/step$1.dump"; fail "step $1: not $3 × $2"; }; }
await "$work/ready"
sleep 1
for s in $squares; do read -r x y < "$work/$s"; eval "x_$s=$x y_$s=$y"; done
# drag FROM TO [KEYS-AT-START] [KEYS-MIDWAY]: press, pass the threshold,
# glide, release; xdotool key actions may be run at the start and midway.
drag () {
  eval "x0=\$x_$1 y0=\$y_$1 x1=\$x_$2 y1=\$y_$2"
  xdotool mousemove $x0 $y0 sleep 0.2 mousedown 1 sleep 0.3 mousemove $x0 $((y0 + 12)) sleep 0.5
  [ -z "${3:-}" ] || xdotool $3
  xdotool mousemove $(( (x0 + x1) / 2 )) $(( (y0 + y1) / 2 )) sleep 0.4
  [ -z "${4:-}" ] || xdotool $4
  xdotool mousemove $x1 $((y1 + 6)) sleep 0.3 mousemove $x1 $y1 sleep 0.6 mouseup 1 sleep 1
}
click () { eval "xdotool mousemove \$x_$1 \$y_$1 sleep 0.2 click 1 sleep 0.6"; }

drag e1 f2
step 1
count 1 wK 1; has 1 "piece wKf2"
xdotool keydown ctrl
drag c1 c4
xdotool keyup ctrl
step 2
has 2 "piece wBc1"; has 2 "piece wBc4"; count 2 wK 1; has 2 "piece wKf2"
xdotool keydown ctrl sleep 0.2 keyup ctrl sleep 0.3
drag a1 a5
step 3
has 3 "piece wRa5"; lacks 3 "piece wRa1"
xdotool keydown ctrl
drag g1 g3 "" "keyup ctrl"
drag h2 h4 "" "keydown ctrl"
xdotool keyup ctrl
step 4
has 4 "piece wSg3"; lacks 4 "piece wSg1"; has 4 "piece wPh2"; has 4 "piece wPh4"
click f2; click f3
drag c4 d5
click e5
step 5
has 5 "piece wKf3"; has 5 "piece wBd5"; lacks 5 "piece wBc4"; lacks 5 "piece wBe5"; lacks 5 "piece wKe5"
count 5 wB 2
drag a3 b3
xdotool keydown ctrl
drag b3 b6
xdotool keyup ctrl
step 6
has 6 "imitator b3 n"; has 6 "imitator b6 n"; lacks 6 "imitator a3 n"
click f3
drag d3 e3
step 7
has 7 "piece wKf3"; lacks 7 "piece wKd3"; lacks 7 "piece wKe3"
read -r xf yf < "$work/field"; read -r xq yq < "$work/tile-q"
pointer_drag $x_a5 $y_a5 $xf $yf; sleep 1
pointer_drag $xq $yq $xf $yf; sleep 1
step 8
grep -qx "stipulation-field #2" "$work/step8.msg" || { cat "$work/step8.msg"; fail "a dragged piece was typed into the stipulation field"; }
lacks 8 "piece wRa5"; count 8 wQ 0
wait $app || fail "feerie-test failed"
grep -i "critical" "$work/log" && fail "criticals in the log"
echo "ok"
