#!/bin/sh
# run-palette-keys-test.sh — (issue 12) the palette's tiles are one focus
# stop, as a GtkGridView is, with real key presses under Xvfb (xdotool):
# arrows move between tiles without choosing, Enter and Space choose the
# tile, Escape clears the choice, Tab leaves the palette from any tile and
# Shift+Tab comes back to the tile the keyboard was on.
# Exit 77 without xvfb-run, xdotool or dbus-run-session.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
for tool in xvfb-run xdotool dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-palette-keys-XXXXXX")
trap 'rm -rf "$work"' EXIT

# Step N: the shell presses keys, touches sN; the app records, touches a-N.
{
  echo "pieces wKe1 bKe8"
  echo "palette-mode w plain"
  echo "locate-tile Q $work/tile-q"
  echo "touch $work/ready"
  for n in 1 2 3 4 5 6 7 8 9; do
    echo "wait-file $work/s$n"
    echo "focus $work/f$n"
    echo "palette-selection $work/p$n"
    echo "touch $work/a-$n"
  done
  echo "quit"
} > "$work/script"
cat > "$work/inner.sh" <<INNER
#!/bin/sh
step () { touch "$work/s\$1"; i=0; while [ ! -f "$work/a-\$1" ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i+1)); done; }
env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals timeout 90 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 300 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
read xq yq < "$work/tile-q"
# 1: a click on Q chooses it, Escape clears the choice; the focus stays on Q
xdotool mousemove \$xq \$yq sleep 0.2 click 1 sleep 0.5 key Escape sleep 0.4
step 1
# 2: Right, Down, Down: the focus moves (past the orthodox pieces and the
# imitators, to a fairy walk), nothing is chosen
xdotool key Right sleep 0.2 key Down sleep 0.2 key Down sleep 0.4
step 2
# 3: Enter chooses that tile
xdotool key Return sleep 0.4
step 3
# 4: Escape clears it; Tab leaves the palette at once
xdotool key Escape sleep 0.2 key Tab sleep 0.4
step 4
# 5: Shift+Tab comes back to the tile the keyboard was on
xdotool key shift+Tab sleep 0.4
step 5
# 6: Left, then Space chooses
xdotool key Left sleep 0.2 key space sleep 0.4
step 6
# 7: Home: the first tile
xdotool key Home sleep 0.4
step 7
# 8: Up on the first line stays in the palette; End: the last tile (the
# last fairy walk)
xdotool key Up sleep 0.2 key End sleep 0.4
step 8
# 9: Shift+Tab leaves backwards
xdotool key shift+Tab sleep 0.4
step 9
wait \$pid
INNER
chmod +x "$work/inner.sh"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 \
  || { cat "$work/log"; exit 1; }
fail () { echo "FAIL: $1"; cat "$work/log"; exit 1; }
for n in 1 2 3 4 5 6 7 8 9; do echo "$n: $(cat "$work/f$n") | $(cat "$work/p$n")"; done
walk () { sed -n 's/^palette-tile [^ ]* \([0-9]*\)$/\1/p' "$work/f$1"; }
chosen () { sed -n 's/^piece:[0-9]*:\([0-9]*\):[0-9]*$/\1/p' "$work/p$1"; }
grep -q "^palette-tile Q " "$work/f1" || fail "the focus is not on the clicked tile"
grep -qx "none" "$work/p1" || fail "Escape did not clear the choice"
grep -q "^palette-tile " "$work/f2" || fail "the arrows took the focus out of the palette"
[ "$(walk 2)" -gt 6 ] || fail "Right, Down, Down did not move down two lines: $(cat "$work/f2")"
grep -qx "none" "$work/p2" || fail "the arrows chose a tile"
[ "$(chosen 3)" = "$(walk 2)" ] || fail "Enter did not choose the focused tile"
grep -q "^other " "$work/f4" || fail "Tab did not leave the palette: $(cat "$work/f4")"
grep -qx "none" "$work/p4" || fail "Escape did not clear the choice"
[ "$(walk 5)" = "$(walk 2)" ] || fail "Shift+Tab did not come back to the tile: $(cat "$work/f5")"
grep -qx "none" "$work/p5" || fail "coming back into the palette chose a tile"
[ "$(chosen 6)" = "$(( $(walk 2) - 1 ))" ] || fail "Left then Space did not choose the tile before"
grep -q "^palette-tile K " "$work/f7" || fail "Home did not go to the first tile"
[ "$(walk 8)" -gt "$(walk 2)" ] || fail "End did not go to the last tile: $(cat "$work/f8")"
grep -q "^other " "$work/f9" || fail "Shift+Tab did not leave the palette backwards"
grep -q "^palette-tile" "$work/f9" && fail "Shift+Tab stayed in the palette"
echo "ok"
