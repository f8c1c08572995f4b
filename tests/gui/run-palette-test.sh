#!/bin/sh
# run-palette-test.sh — (issue 12) with a real pointer and keyboard under
# Xvfb (xdotool): clicking a palette tile selects it, clicking it again
# clears the selection, Escape clears it too; Ctrl+drag on the board copies
# the piece (real drag and drop, not the test hook's drag-copy).
# Exit 77 without xvfb-run or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
for tool in xvfb-run xdotool dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-palette-XXXXXX")
trap 'rm -rf "$work"' EXIT

cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wRa1
palette-mode w plain
locate-tile Q $work/tile-q
locate a1 $work/a1
locate a5 $work/a5
touch $work/ready
wait-file $work/s1
palette-selection $work/p1
touch $work/a-1
wait-file $work/s2
palette-selection $work/p2
touch $work/a-2
wait-file $work/s3
palette-selection $work/p3
touch $work/a-3
wait-file $work/s4
palette-selection $work/p4
touch $work/a-4
wait-file $work/s5
dump $work/dump
quit
SCRIPT
cat > "$work/inner.sh" <<INNER
#!/bin/sh
step () { touch "$work/s\$1"; i=0; while [ ! -f "$work/a-\$1" ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i+1)); done; }
env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script" timeout 90 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 300 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
read xq yq < "$work/tile-q"; read xa ya < "$work/a1"; read x5 y5 < "$work/a5"
xdotool mousemove \$xq \$yq sleep 0.2 click 1 sleep 0.5
step 1
xdotool mousemove \$xq \$yq sleep 0.2 click 1 sleep 0.5
step 2
xdotool mousemove \$xq \$yq sleep 0.2 click 1 sleep 0.5 key Escape sleep 0.5
step 3
xdotool mousemove \$xq \$yq sleep 0.2 click 1 sleep 0.5
step 4
xdotool key Escape sleep 0.3 mousemove \$xa \$ya sleep 0.2 keydown ctrl sleep 0.2 mousedown 1 sleep 0.3 mousemove \$xa \$((ya - 12)) sleep 0.3 \
        mousemove \$xa \$(( (ya + y5) / 2 )) sleep 0.3 mousemove \$x5 \$((y5 + 6)) sleep 0.3 mousemove \$x5 \$y5 sleep 0.6 \
        mouseup 1 sleep 0.2 keyup ctrl sleep 0.5
touch "$work/s5"
wait \$pid
INNER
chmod +x "$work/inner.sh"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 \
  || { cat "$work/log"; exit 1; }
fail () { echo "FAIL: $1"; cat "$work/log"; exit 1; }
for p in p1 p2 p3 p4; do echo "$p $(cat "$work/$p")"; done
grep -q "^piece:" "$work/p1" || fail "a click does not select the tile"
grep -qx "none" "$work/p2" || fail "a second click on the selected tile does not clear it"
grep -qx "none" "$work/p3" || fail "Escape does not clear the palette's selection"
grep -q "^piece:" "$work/p4" || fail "the tile cannot be selected again"
cat "$work/dump"
grep -qx "piece wRa5" "$work/dump" || fail "Ctrl+drag did not put the rook on a5"
grep -qx "piece wRa1" "$work/dump" || fail "Ctrl+drag moved the rook instead of copying it"
echo "ok"
