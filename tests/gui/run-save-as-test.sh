#!/bin/sh
# run-save-as-test.sh FEERIE SCHEMAS CLI — issue 25.3: Save As .inp says in
# the status line what Popeye input keeps only for Féerie (as `feerie-cli
# convert` warns): a problem with a white imitator, one-side Einstein and a
# magician piece is saved through the window's Save As (win.save-as on the
# session bus, the name typed into the file chooser with xdotool); the
# status line names the "remark feerie:" lines, and the file reads back to
# the same problem.  Save As .fen says what FEN leaves out; Save As .xml
# says nothing is lost.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session gdbus xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2; CLI=$3
work_dir saveas
cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wSd4 magician bPa7
state imitator-colour "'white'"
pieces Ic3
state einstein "'normal'"
state einstein-side "'white'"
dump $work/before.dump
bus-info $work/bus
touch $work/ready
wait-file $work/inp
messages $work/inp.msg
touch $work/inp.done
wait-file $work/fen
messages $work/fen.msg
touch $work/fen.done
wait-file $work/xml
messages $work/xml.msg
touch $work/xml.done
quit
SCRIPT
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"
read_bus "$work/bus"
# save_as NAME: Save As over the bus, the whole path typed over the name.
save_as () {
  act save-as
  sleep 1.5
  xdotool key ctrl+a sleep 0.2 type --delay 30 "$work/$1"
  sleep 0.5
  xdotool key Return
  n=0; while [ ! -e "$work/$1" ]; do n=$((n + 1)); [ $n -lt 100 ] || fail "Save As did not write $1"; sleep 0.1; done
  sleep 0.5
  touch "$work/${1##*.}"
  await "$work/${1##*.}.done"
}
xdotool mousemove 640 400
save_as p.inp
grep -q '^remark feerie:' "$work/p.inp" || fail "no remark feerie: line in p.inp"
status=$(sed -n 's/^status //p' "$work/inp.msg")
echo "status after .inp: $status"
echo "$status" | grep -q 'remark feerie:' || fail "Save As .inp did not say what only Féerie reads"
echo "$status" | grep -q 'p.inp' || fail "Save As .inp did not name the file"
"$CLI" convert "$work/p.inp" "$work/back.xml" 2>/dev/null || fail "p.inp does not read back"
save_as p.fen
sed -n 's/^status //p' "$work/fen.msg" | grep -q 'FEN keeps the position only' || fail "Save As .fen: $(cat "$work/fen.msg")"
save_as p.xml
status=$(sed -n 's/^status //p' "$work/xml.msg")
[ "$status" = "Saved p.xml." ] || fail "Save As .xml: “$status”"
wait $app || fail "feerie-test failed"
echo "ok"
