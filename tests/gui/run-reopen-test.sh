#!/bin/sh
# run-reopen-test.sh — never save what cannot be reopened (issue 12): two
# white kings, then a twin broken by a later edit of the diagram, are shown
# as an error on the board (red frame) and in the status line; Save still
# writes and says plainly what is wrong; undoing clears it.  The test hook
# reads every saved file back with the reader Open uses and fails when the
# window's warning and the reader disagree; feerie-cli convert agrees too.
# Exit 77 without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
CLI=$3
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-reopen-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail () { echo "FAIL: $1"; exit 1; }

cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wRa1
messages $work/m0
palette-drop w plain k h1
messages $work/m1
save $work/kings.xml
messages $work/m2
action undo
messages $work/m3
save $work/good.xml
twins "remove a1"
messages $work/m4
drag a1 a5
messages $work/m5
save $work/twin.xml
messages $work/m6
action undo
messages $work/m7
save $work/twin-ok.xml
quit
SCRIPT
xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
  env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
      GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals \
      timeout 120 "$FEERIE" > "$work/log" 2>&1 || { cat "$work/log"; fail "feerie failed"; }
for m in m0 m1 m2 m3 m4 m5 m6 m7; do echo "== $m"; cat "$work/$m"; done
grep -qx "board-error 0" "$work/m0" || fail "a legal diagram is marked as an error"
grep -qx "board-error 1" "$work/m1" || fail "two white kings are not shown on the board"
grep -q "^status .*king" "$work/m1" || fail "the status line does not say what is wrong with two kings"
[ -f "$work/kings.xml" ] || fail "saving two kings did not write the file"
grep -q "^status .*kings.xml.*king" "$work/m2" || fail "Save does not say the file cannot be reopened"
grep -qx "board-error 0" "$work/m3" || fail "undo does not clear the error"
grep -qx "status " "$work/m3" || fail "the status line keeps the stale error after undo"
grep -qx "board-error 0" "$work/m4" || fail "a valid twin is marked as an error"
grep -qx "status " "$work/m4" || fail "the status line keeps stale text (the last Save) after an edit"
grep -qx "board-error 1" "$work/m5" || fail "a twin broken by an edit is not shown"
grep -q "^status .*a1" "$work/m5" || fail "the status line does not name the broken twin's square"
grep -q "^status .*twin.xml" "$work/m6" || fail "Save of a broken twin says nothing"
grep -qx "board-error 0" "$work/m7" || fail "undo does not clear the twin error"
# The same verdicts from the command-line reader.
"$CLI" convert "$work/good.xml" "$work/good.fen" || fail "good.xml does not reopen"
"$CLI" convert "$work/twin-ok.xml" "$work/twin-ok.inp" || fail "twin-ok.xml does not reopen"
if "$CLI" convert "$work/kings.xml" "$work/kings.fen" 2>/dev/null; then fail "kings.xml reopens: the warning was wrong"; fi
if "$CLI" convert "$work/twin.xml" "$work/twin.fen" 2>/dev/null; then fail "twin.xml reopens: the warning was wrong"; fi
echo "ok"
