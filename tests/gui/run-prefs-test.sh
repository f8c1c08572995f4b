#!/bin/sh
# run-prefs-test.sh — Preferences under Xvfb: app.preferences opens the
# window; choosing a piece font and a square colour in its widgets goes
# through the GSettings bindings to the board, the palette and exports;
# a setting changed elsewhere (another window, dconf) is followed too.
# Exit 77 (skip) without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
for tool in xvfb-run dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-prefs-XXXXXX")
trap 'rm -rf "$work"' EXIT

cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wQd1 nGc4
style $work/style0
export $work/plain.png
app-action preferences
wait 500
prefs-font DejaVu Sans
prefs-colour light '#3060c0'
wait 300
style $work/style1
export $work/styled.png
setting piece-font FreeSerif
setting dark-colour '#102030'
wait 300
style $work/style2
quit
SCRIPT

xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
  env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
      FEERIE_TEST_SCRIPT="$work/script" timeout 60 "$FEERIE" > "$work/log" 2>&1 \
  || { cat "$work/log"; echo "feerie failed"; exit 1; }

fail () { echo "$1"; for f in "$work"/style*; do echo "== $f"; cat "$f"; done; exit 1; }
grep -qx "font FreeSerif" "$work/style0" || fail "the default piece font is not FreeSerif"
grep -qx "light #f0dcb4" "$work/style0" || fail "the default light colour is not applied"
grep -qx "font DejaVu Sans" "$work/style1" || fail "the font chosen in Preferences did not reach the board"
grep -qx "palette-font DejaVu Sans" "$work/style1" || fail "the font chosen in Preferences did not reach the palette"
grep -qx "light #3060c0" "$work/style1" || fail "the colour chosen in Preferences did not reach the board"
grep -qx "font FreeSerif" "$work/style2" || fail "a changed piece-font setting was not followed"
grep -qx "dark #102030" "$work/style2" || fail "a changed dark-colour setting was not followed"
grep -qx "light #3060c0" "$work/style2" || fail "the light colour was lost"
test -s "$work/plain.png" && test -s "$work/styled.png" || fail "no exported diagram"
if cmp -s "$work/plain.png" "$work/styled.png"; then fail "the export ignores the preferences"; fi
echo ok
