#!/bin/sh
# run-xdotool-test.sh — real pointer drag and drop under Xvfb with xdotool:
# palette → board (a black queen tile onto d4, the Black tab's monochrome
# imitator tile onto c3),
# board → board (e1 to e4), board → off the board (e8 is removed), a
# quick flick on the board (c1 to c2: moved, or kept where GTK had no
# time to start the drag, never removed), and
# Ctrl+comma opens Preferences.  The app reports where squares and tiles
# are through its test hook (`locate`, `locate-tile`); the result is
# checked in the saved XML reopened and dumped.
# Exit 77 (skip) without xvfb-run or xdotool.  The drags are slow on purpose:
# under ASan on a loaded machine GTK starts a drag late, and a quick drag
# then may not start at all.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
for tool in xvfb-run xdotool dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-xdo-XXXXXX")
trap 'rm -rf "$work"' EXIT

cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wRa1 wBc1
palette-mode b plain
locate e1 $work/e1
locate e4 $work/e4
locate e8 $work/e8
locate d4 $work/d4
locate c1 $work/c1
locate c2 $work/c2
locate c3 $work/c3
locate-tile Q $work/tile-q
locate-tile IM $work/tile-i
touch $work/ready
wait-file $work/dragged
# Ctrl+comma must have opened Preferences: this fails otherwise.
prefs-font DejaVu Sans
save $work/problem.xml
action clear
open $work/problem.xml
dump $work/dump.txt
quit
SCRIPT

# drag X0 Y0 X1 Y1: press, move past the drag threshold, glide, release.
cat > "$work/inner.sh" <<INNER
#!/bin/sh
drag () {
  xdotool mousemove \$1 \$2 sleep 0.2 mousedown 1 sleep 0.3 mousemove \$1 \$((\$2 + 12)) sleep 0.8 \
          mousemove \$(( (\$1 + \$3) / 2 )) \$(( (\$2 + \$4) / 2 )) sleep 0.5 \
          mousemove \$3 \$((\$4 + 6)) sleep 0.5 mousemove \$3 \$4 sleep 1 mouseup 1
  sleep 1.5
}
env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
    GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" timeout 90 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 300 ]; do sleep 0.2; i=\$((i+1)); done
sleep 4
read x1 y1 < "$work/e1"; read x4 y4 < "$work/e4"; read x8 y8 < "$work/e8"
read xd4 yd4 < "$work/d4"; read xc3 yc3 < "$work/c3"
read xc1 yc1 < "$work/c1"; read xc2 yc2 < "$work/c2"
read xq yq < "$work/tile-q"; read xi yi < "$work/tile-i"
drag \$xq \$yq \$xd4 \$yd4
drag \$xi \$yi \$xc3 \$yc3
drag \$x1 \$y1 \$x4 \$y4
# e8 dropped on the palette side: no drop target there, so it is removed.
drag \$x8 \$y8 140 \$((y1 + 50))
# a flick: two motion events, released at once
xdotool mousemove \$xc1 \$yc1 sleep 0.2 mousedown 1 sleep 0.3 mousemove \$xc1 \$((\$yc1 - 30)) \
        sleep 0.2 mousemove \$xc2 \$yc2 sleep 0.3 mouseup 1
sleep 1.5
xdotool mousemove \$x4 \$y4 sleep 0.2 key ctrl+comma
sleep 4
touch "$work/dragged"
wait \$pid
INNER
chmod +x "$work/inner.sh"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 \
  || { cat "$work/log"; exit 1; }
cat "$work/dump.txt"
fail () { echo "$1"; cat "$work/log"; exit 1; }
grep -qx "piece bQd4" "$work/dump.txt" || fail "the palette drag did not place a black queen on d4"
grep -qx "imitator c3 b" "$work/dump.txt" || fail "the imitator tile drag did not place an imitator on c3"
grep -qx "piece wKe4" "$work/dump.txt" || fail "the drag e1-e4 did not move the king"
if grep -q "piece wKe1\|piece bKe8" "$work/dump.txt"; then fail "a dragged piece stayed"; fi
grep -qx "piece wRa1" "$work/dump.txt" || fail "an undragged piece vanished"
grep -qx "piece wBc[12]" "$work/dump.txt" || fail "the flick c1-c2 removed the bishop"
grep -q "script line .*: prefs-font" "$work/log" || fail "Ctrl+comma did not open Preferences"
grep -i "critical\|warning" "$work/log" && fail "warnings in the log"
echo ok
