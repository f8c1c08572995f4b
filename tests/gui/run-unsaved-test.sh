#!/bin/sh
# run-unsaved-test.sh FEERIE SCHEMAS CLI EXAMPLE — issue 25.1: no command
# drops unsaved work without asking.  A problem opened from a.xml is edited
# (its title shows •); then, with the real keyboard (xdotool) and the
# window's actions on the session bus:
#   Ctrl+O, b.xml chosen in the file chooser → "Save the changes…?";
#     Escape (Cancel) keeps the edit; Ctrl+O again, Alt+D (Discard) opens b.xml;
#   edited again, Open Recent (win.open-recent) → the question; Enter (Save)
#     writes b.xml with the edit, then opens c.xml;
#   edited again, Import (win.import, Ctrl+I's action) of d.inp → asked,
#     cancelled; Paste (win.paste) of the copied diagram → asked, cancelled;
#   edited again, Quit → "…before closing?", Enter (Save) writes c.xml and
#     the window closes (the app ends).
# Each file on disk is checked with feerie-cli, each state with `dump`.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session gdbus xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2; CLI=$3; EXAMPLE=$4
work_dir unsaved
"$CLI" convert "$EXAMPLE" "$work/a.xml" 2>/dev/null
for f in b c; do
  cat > "$work/$f.inp" <<INP
begin
title problem $f
stipulation #2
pieces white k${f}1 qd1 black ke8
end
INP
  "$CLI" convert "$work/$f.inp" "$work/$f.xml" 2>/dev/null
done
cp "$work/b.inp" "$work/d.inp"
sed -i 's/problem b/problem d/' "$work/d.inp"

# gate NAME: the script waits for the shell's NAME, then dumps the
# problem and the window's messages into NAME.dump / NAME.msg.
gate () {
  printf 'wait-file %s/%s\nmessages %s/%s.msg\ndump %s/%s.dump\ntouch %s/%s.done\n' \
    "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1"
}
{
  echo "open $work/a.xml"
  echo "pieces wQd4"
  echo "bus-info $work/bus"
  echo "action copy-diagram"
  echo "touch $work/ready"
  gate cancelled
  gate discarded
  echo "pieces wRh4"
  echo "touch $work/edited2"
  gate saved-b
  echo "pieces wBh5"
  echo "touch $work/edited3"
  gate import-asked
  gate import-cancelled
  gate paste-asked
  gate paste-cancelled
  echo "wait 60000"
} > "$work/script"

start_app "$FEERIE" "$SCHEMAS"
# pass NAME: let the script dump its state, and wait for it.
pass () { touch "$work/$1"; await "$work/$1.done"; }
await "$work/ready"
read_bus "$work/bus"
key () { xdotool key "$@"; sleep 0.8; }
# choose PATH: the file chooser is up; type the path (a "/" opens the
# location field) and Enter.
choose () {
  sleep 1.5
  xdotool type --delay 40 "$1"
  sleep 0.5
  key Return
  sleep 0.5
}
asked () { grep -q "^dialog .*$2" "$work/$1.msg" || fail "$1: no question ($(grep -v '^caption' "$work/$1.msg"))"; }
not_asked () { if grep -q '^dialog ' "$work/$1.msg"; then fail "$1: a question is still open"; fi; }
has () { grep -qx "$2" "$work/$1.dump" || { cat "$work/$1.dump"; fail "$1: no “$2”"; }; }
lacks () { if grep -qx "$2" "$work/$1.dump"; then fail "$1: “$2” should be gone"; fi; }
dirty () { grep -q '^title • ' "$work/$1.msg" || fail "$1: the title does not show unsaved changes"; }

sleep 1
xdotool mousemove 640 400
# 1. Ctrl+O, b.xml, Escape: nothing lost.
key ctrl+o; choose "$work/b.xml"
key Escape
pass cancelled
not_asked cancelled; has cancelled "piece wQd4"; dirty cancelled
# 2. Ctrl+O, b.xml, Discard: b.xml is shown, the edit is given up.
key ctrl+o; choose "$work/b.xml"
key alt+d
pass discarded
has discarded "piece wKb1"; lacks discarded "piece wQd4"
"$CLI" convert "$work/a.xml" "$work/a-after.fen" 2>/dev/null
grep -q Q "$work/a-after.fen" && fail "Discard wrote a.xml"
# 3. Edit b, Open Recent c.xml over the bus, Save: b.xml holds the edit, c is shown.
await "$work/edited2"
act open-recent "<'file://$work/c.xml'>"
sleep 1
key Return
pass saved-b
has saved-b "piece wKc1"
"$CLI" convert "$work/b.xml" "$work/b-after.fen" 2>/dev/null
grep -q 'R' "$work/b-after.fen" || fail "Save before Open Recent did not write the edit to b.xml"
# 4. Edit c, Import d.inp: asked; cancelled.
await "$work/edited3"
act import; choose "$work/d.inp"
pass import-asked
asked import-asked "before opening another problem"
key Escape
pass import-cancelled
not_asked import-cancelled; has import-cancelled "piece wBh5"; dirty import-cancelled
# 5. Paste (the diagram copied at the start): asked; cancelled.
act paste
sleep 1
pass paste-asked
asked paste-asked "before pasting another problem"
key Escape
pass paste-cancelled
not_asked paste-cancelled; has paste-cancelled "piece wBh5"
# 6. Quit: asked; Save writes c.xml and closes the window, so the app ends.
app_act quit
sleep 1
key Return
n=0
while kill -0 $app 2>/dev/null; do n=$((n + 1)); [ $n -lt 100 ] || fail "Save in the close question did not close the window"; sleep 0.1; done
"$CLI" convert "$work/c.xml" "$work/c-after.fen" 2>/dev/null
grep -q 'B' "$work/c-after.fen" || fail "Save in the close question did not save c.xml"
echo "ok"
