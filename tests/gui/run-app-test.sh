#!/bin/sh
# run-app-test.sh — drives the real `feerie` under Xvfb through its test
# hook (FEERIE_TEST_SCRIPT): palette → board drag, board move, drag off the
# board, click placement, a condition, undo, save to XML, reopen, and
# checks the reopened problem.  Exit 77 (skip) without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-gui-XXXXXX")
trap 'rm -rf "$work"' EXIT

cat > "$work/script" <<SCRIPT
# palette -> board
palette-drop w plain k e1
palette-drop b plain k e8
palette-drop w plain q d1
palette-drop n plain g c4
# board -> board (move, then Ctrl-copy)
drag d1 d5
drag-copy c4 c5
# board -> outside removes
drag-off c5
# without a mouse drag: keyboard entry, then a click on a square
pieces bSg8 wRa1
click a1
click a4
# an imitator and conditions
palette-drop n plain i c3
state madrasi true
state set-play true
stipulation h#2.5
# a bad stipulation is refused and keeps the last good one
stipulation h#x
state einstein "'reverse'"
action undo
# Magic pieces (issue 25, item 15): the picker is ticked exactly while
# pieces carry the attribute; unticking takes it off them (one undo step)
palette-drop w magic r h1
dump $work/magic-on.txt
state magic false
dump $work/magic-off.txt
action undo
dump $work/magic-undone.txt
state magician true
palette-drop b plain r h1
# metadata (FeerieMetadataPane): typing in one field is one undo step
meta title Twin study
meta authors Loyd, Sam; Dawson, Thomas
meta source F
meta source Feenschach
meta keywords mistake
action undo
save $work/problem.xml
action clear
open $work/problem.xml
dump $work/dump.txt
# the board's transforms (the twin commands' geometry): a quarter turn
# clockwise, a mirror a1<->h1, a shift up, a colour swap; a shift that
# would push a piece off the board changes nothing
action clear
pieces wKa1 bKh8 wSb2 wRh1
palette-drop w plain i c3
action rotate
dump $work/rotated.txt
action mirror
dump $work/mirrored.txt
action shift "'down'"
dump $work/shifted.txt
action swap-colours
dump $work/swapped.txt
quit
SCRIPT

xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
  env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
      GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" \
      timeout 120 "$FEERIE" > "$work/log" 2>&1 || { cat "$work/log"; echo "feerie failed"; exit 1; }

cat "$work/dump.txt"
expect () {
  grep -qx -- "$1" "$work/dump.txt" || { echo "missing: $1"; exit 1; }
}
refuse () {
  if grep -qx -- "$1" "$work/dump.txt"; then echo "unexpected: $1"; exit 1; fi
}
expect "piece wKe1"
expect "piece bKe8"
expect "piece wQd5"
expect "piece nGc4"
expect "piece bSg8"
expect "piece wRa4"
expect "imitator c3 n"
expect "stipulation h#2.5"
expect "stipulation-tooltip White and Black help each other for 2½ moves; White's last move must mate."
expect "condition madrasi madrasi=1 rex-inclusive=0"
expect "condition imitator imitator=1 no-promotion=0 no-hurdles=0"
refuse "condition einstein variant=2 side=0 promotions=0"
expect "picker madrasi"
refuse "picker magic"
expect "piece bRh1"
grep -qx "piece wRh1 magic" "$work/magic-on.txt" || { echo "no magic rook"; exit 1; }
grep -qx "picker magic" "$work/magic-on.txt" || { echo "magic picker not ticked by a magic piece"; exit 1; }
grep -qx "piece wRh1" "$work/magic-off.txt" || { echo "unticking kept the magic attribute"; exit 1; }
if grep -qx "picker magic" "$work/magic-off.txt"; then echo "magic picker still ticked"; exit 1; fi
grep -qx "piece wRh1 magic" "$work/magic-undone.txt" || { echo "undo did not bring magic back"; exit 1; }
expect "set-play 1 tries 0 duplex 0"
refuse "piece wQd1"
refuse "piece nGc5"
refuse "piece wRa1"
grep -q "Madrasi\|madrasi" "$work/problem.xml" || { echo "XML lacks Madrasi"; exit 1; }
xml () { grep -q -- "$1" "$work/problem.xml" || { echo "XML lacks $1"; exit 1; }; }
xml "<title>Twin study</title>"
xml "<family>Dawson</family>"
xml "<given>Thomas</given>"
xml "<name>Feenschach</name>"
if grep -q "mistake" "$work/problem.xml"; then echo "undo left the keyword"; exit 1; fi
has () { grep -qx -- "$2" "$work/$1.txt" || { cat "$work/$1.txt"; echo "$1: missing $2"; exit 1; }; }
has rotated "piece wKa8"
has rotated "piece bKh1"
has rotated "piece wSb7"
has rotated "piece wRa1"
has rotated "imitator c6 n"
has mirrored "piece wKh8"
has mirrored "piece wRh1"
has mirrored "imitator f6 n"
# down: the rook on h1 would leave the board
has shifted "piece wKh8"
has shifted "piece wRh1"
has swapped "piece bKh8"
has swapped "piece wKa1"
has swapped "piece bRh1"
echo "ok"
