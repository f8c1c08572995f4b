#!/bin/sh
# run-xdotool-test.sh — real pointer drag and drop under Xvfb: xdotool drags
# a piece from e1 to e4 (board → board) and drags e8 off the board (remove).
# The app reports square positions through its test hook (`locate`).
# Exit 77 (skip) without xvfb-run or xdotool.
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
pieces wKe1 bKe8 wRa1
locate e1 $work/e1
locate e4 $work/e4
locate e8 $work/e8
touch $work/ready
wait 8000
dump $work/dump.txt
quit
SCRIPT
cat > "$work/inner.sh" <<INNER
#!/bin/sh
env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script" timeout 60 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 150 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
read x1 y1 < "$work/e1"; read x4 y4 < "$work/e4"; read x8 y8 < "$work/e8"
xdotool mousemove \$x1 \$y1 sleep 0.2 mousedown 1 sleep 0.2 mousemove \$x1 \$((y1 - 12)) sleep 0.1 \
        mousemove \$x4 \$((y4 + 20)) sleep 0.1 mousemove \$x4 \$y4 sleep 0.3 mouseup 1
sleep 0.5
xdotool mousemove \$x8 \$y8 sleep 0.2 mousedown 1 sleep 0.2 mousemove \$x8 \$((y8 + 12)) sleep 0.1 \
        mousemove 150 \$((y1 + 40)) sleep 0.1 mousemove 140 \$((y1 + 50)) sleep 0.3 mouseup 1
wait \$pid
INNER
chmod +x "$work/inner.sh"
xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 \
  || { cat "$work/log"; exit 1; }
cat "$work/dump.txt"
grep -qx "piece wKe4" "$work/dump.txt" || { echo "the drag e1-e4 did not move the king"; exit 1; }
if grep -q "piece wKe1\|piece bKe8" "$work/dump.txt"; then echo "a dragged piece stayed"; exit 1; fi
grep -qx "piece wRa1" "$work/dump.txt" || { echo "an undragged piece vanished"; exit 1; }
echo ok
