#!/bin/sh
# run-autosave-test.sh — autosave and recovery (issue 12).
#  1. Two windows edited at once write two autosave files (one each, named
#     by the process id); closing one deletes only its own; each file reads
#     back with feerie-cli convert.
#  2. At the next start every orphaned autosave (its process gone) is
#     offered with its time and a caption; one that belongs to a running
#     process is not; an unreadable one is offered with its error.  Nothing
#     is deleted until the user chose: Recover fills the empty window and
#     writes its own autosave before the orphan goes; Discard deletes; the
#     others stay for the next start.
# Exit 77 without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
CLI=$3
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-autosave-XXXXXX")
trap 'rm -rf "$work"' EXIT
dir="$work/state/feerie/autosave"
fail () { echo "FAIL: $1"; exit 1; }
run () {
  xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
    env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
        GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$1" G_DEBUG=fatal-criticals \
        timeout 120 "$FEERIE" > "$work/log" 2>&1 || { cat "$work/log"; fail "feerie failed ($1)"; }
}

# ---- 1. two windows, two autosaves --------------------------------------------------
cat > "$work/script1" <<SCRIPT
pieces wKe1 bKe8 wQd1
window-new
pieces wKa1 bKh8 bRh1
wait 3600
window 1
autosave-path $work/path1
window 2
autosave-path $work/path2
window-close 1 discard
wait 300
touch $work/closed
quit
SCRIPT
run "$work/script1"
p1=$(cat "$work/path1"); p2=$(cat "$work/path2")
[ "$p1" != none ] && [ "$p2" != none ] || fail "a window wrote no autosave"
[ "$p1" != "$p2" ] || fail "two windows share one autosave file: $p1"
case "$p1" in "$dir"/*) ;; *) fail "autosave outside $dir: $p1" ;; esac
[ ! -e "$p1" ] || fail "closing window 1 kept its autosave"
[ -f "$p2" ] || fail "closing window 1 deleted window 2's autosave"
"$CLI" convert "$p2" "$work/p2.fen" || fail "window 2's autosave does not read back"
grep -q "^7k/8/8/8/8/8/8/K6r\|K6r" "$work/p2.fen" || { cat "$work/p2.fen"; fail "window 2's autosave lost its position"; }

# ---- 2. recovery at the next start -----------------------------------------------------
dead=$(sh -c 'echo $$')   # a process that has ended
cat > "$dir/$dead-7.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<problems xmlns="urn:feerie:problem:1"><problem><diagram><piece colour="white" walk="K" square="c3"/><piece colour="black" walk="K" square="c5"/></diagram></problem></problems>
XML
"$CLI" convert "$dir/$dead-7.xml" "$work/planted.fen" 2>/dev/null || {
  # The planted file must be in the reader's format: write it with the CLI.
  echo "4k3/8/8/8/8/2K5/8/8 w - - 0 1" > "$work/planted.fen"
  "$CLI" convert "$work/planted.fen" "$dir/$dead-7.xml" || fail "cannot plant an autosave"
}
echo "not XML at all" > "$dir/$dead-8.xml"
cp "$p2" "$dir/$$-1.xml"            # owned by this shell, which runs
touch -d '2020-01-01 10:00:00' "$dir/$dead-7.xml"
touch -d '2020-01-02 10:00:00' "$dir/$dead-8.xml"
cat > "$work/script2" <<SCRIPT
recovery $work/rows1
recovery-choose 1 recover
dump $work/dump
autosave-path $work/path3
recovery $work/rows2
recovery-choose 2 discard
recovery $work/rows3
quit
SCRIPT
run "$work/script2"
cat "$work/rows1"
[ "$(grep -c '^autosave ' "$work/rows1")" = 3 ] || fail "expected 3 orphans offered"
grep -q "^autosave $dead-7.xml 2020-01-01T10:00:00 " "$work/rows1" || fail "the oldest orphan is not first with its time"
grep -q "^autosave $dead-8.xml 2020-01-02T10:00:00 ." "$work/rows1" || fail "the unreadable orphan is not offered with its error"
grep -q "^autosave $(basename "$p2") " "$work/rows1" || fail "the closed session's autosave is not offered"
grep -q "^autosave $$-1.xml" "$work/rows1" && fail "an autosave of a running process is offered"
grep -qx "piece wKc3" "$work/dump" && grep -qx "piece bKe8\|piece bKc5" "$work/dump" || { cat "$work/dump"; fail "recover did not fill the window"; }
[ ! -e "$dir/$dead-7.xml" ] || fail "the recovered orphan was kept"
p3=$(cat "$work/path3")
[ -f "$p3" ] || fail "the recovered problem has no autosave of its own"
[ "$(grep -c '^autosave ' "$work/rows2")" = 2 ] || fail "after one recovery 2 rows should remain"
[ -e "$dir/$dead-8.xml" ] || fail "an orphan not chosen was deleted"
[ ! -e "$p2" ] || fail "Discard kept the file"
[ "$(grep -c '^autosave ' "$work/rows3")" = 1 ] || fail "after a discard 1 row should remain"
[ -e "$dir/$$-1.xml" ] || fail "the running process's autosave was deleted"
echo "ok"
