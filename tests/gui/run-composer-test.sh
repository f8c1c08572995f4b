#!/bin/sh
# run-composer-test.sh FEERIE SCHEMAS ORACLE — issue 25, items 11, 13,
# 16, 17 and 18, in the real window with the keyboard and the pointer
# (xdotool) and the window's actions on the session bus:
#   17 a new window's status line is empty, and New empties it too; the
#      board does not move when the caption or the status line changes;
#   18 the piece field takes the notation page's magician prefix
#      (wmgRb3), a line with a bad token changes nothing, a good line is
#      one undo step;
#   13 the palette's Imitator is the standard one under the White tab (a
#      real drag), the White tab's own tile places a white imitator, and
#      the Neutral tab has no such tile; the tooltips say which;
#   16 Ctrl+C in one window and Ctrl+V in another carry the whole problem
#      (stipulation, conditions, twins); the FEN is on the clipboard too;
#   17 Ctrl+W closes a window; Save As and Export open in the problem's
#      folder with its name; Open and Import there show every file they
#      read (Popeye input and FEN were hidden by the first filter); during playback both Stop buttons are off;
#      "key" on the selected row takes the row's colour;
#   11 F5 on a problem Féerie cannot solve says why in the status line; a
#      twin bringing such a condition is flagged on the Twins page.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session gdbus xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2; ORACLE=$(cd "$3" && pwd)
work_dir composer
mkdir -p "$work/folder"
printf 'begin\nstipulation #2\ncondition GridChess\npieces white ke1 qd1 black ke8\nend\n' > "$work/circe.inp"
cp "$ORACLE/cases/bsp_imitator_00/problem.inp" "$work/folder/zugzwang.inp"
echo "4k3/8/8/8/8/8/8/4K2R w K - 0 1" > "$work/folder/position.fen"
{
  echo "bus-info $work/bus"
  echo "locate a1 $work/a1-before"
  echo "palette-mode w plain"
  echo "locate-tile I $work/tile-i"
  echo "locate e4 $work/e4"
  echo "tile-info I $work/tile-i.info"
  echo "tile-info IM $work/tile-im.info"
  echo "touch $work/ready"
  gate fresh
  gate newed
  echo "grab-focus pieces"
  echo "touch $work/typing"
  gate typed
  gate bad-line
  echo "action undo"
  gate undone
  echo "palette-drop w plain im c4"
  echo "palette-mode n plain"
  echo "tile-info IM $work/tile-im-neutral.info"
  echo "state madrasi true"
  echo "stipulation h#2"
  echo "twins 'rotate 90'"
  echo "wait 500"
  echo "locate a1 $work/a1-after"
  gate composed
  echo "window-new"
  echo "bus-info $work/bus2"
  echo "touch $work/second"
  gate pasted
  echo "clipboard $work/clipboard"
  echo "window 1"
  echo "open $work/folder/zugzwang.inp"
  echo "touch $work/opened"
  gate save-as
  echo "chooser $work/save-as.chooser"
  echo "chooser-cancel"
  echo "touch $work/save-as-closed"
  gate export
  echo "chooser $work/export.chooser"
  echo "chooser-cancel"
  echo "touch $work/export-closed"
  for c in open import; do
    gate $c
    echo "chooser $work/$c.chooser"
    echo "chooser-cancel"
    echo "touch $work/$c-closed"
  done
  gate playing
  echo "open $work/circe.inp"
  echo "touch $work/circe"
  gate f5
  echo "open $work/folder/zugzwang.inp"
  echo "twins 'condition GridChess'"
  echo "wait 500"
  gate circe-twin
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"
read_bus "$work/bus"
key () { xdotool key "$@"; sleep 0.8; }
sleep 1
xdotool search --onlyvisible --name 'Féerie' > "$work/first-windows"
read -r xa ya < "$work/a1-before"
xdotool mousemove "$xa" "$ya"

# 17: a fresh window says nothing; New in a window with a message says nothing either.
pass fresh
has fresh msg "status "
act copy-diagram
sleep 0.5
key ctrl+n
pass newed
has newed msg "status "

# 18: the piece field.
await "$work/typing"
xdotool type --delay 30 "wKe1 bKe8 wmgRb3 wSd4"; key Return
pass typed
has typed dump "piece wRb3 magician"
has typed dump "piece wKe1"
xdotool type --delay 30 "wQd1 xZz9 wQd2"; key Return
pass bad-line
lacks bad-line dump "piece wQd1"
lacks bad-line dump "piece wQd2"
grep -q '^status .*xZz9' "$work/bad-line.msg" || { cat "$work/bad-line.msg"; fail "the bad token is not named"; }
pass undone
lacks undone dump "piece wRb3"
lacks undone dump "piece wKe1"
xdotool key ctrl+a BackSpace; sleep 0.3
xdotool type --delay 30 "wKe1 bKe8"; key Return

# 13: the Imitator tile under the White tab is the standard imitator.
grep -qx 'visible 1' "$work/tile-im.info" || fail "no White imitator tile under the White tab"
grep -q '^tooltip .*standard' "$work/tile-i.info" || fail "the Imitator tile does not say it is the standard one"
grep -q '^tooltip White imitator' "$work/tile-im.info" || fail "the White imitator tile does not say whose it is"
read -r xi yi < "$work/tile-i"; read -r x4 y4 < "$work/e4"
xdotool mousemove $xi $yi sleep 0.2 mousedown 1 sleep 0.3 mousemove $xi $((yi + 12)) sleep 0.5 \
        mousemove $(( (xi + x4) / 2 )) $(( (yi + y4) / 2 )) sleep 0.4 mousemove $x4 $((y4 + 6)) sleep 0.3 \
        mousemove $x4 $y4 sleep 0.6 mouseup 1 sleep 1

# 16, 17: the composed problem; the board did not move.
pass composed
has composed dump "imitator e4 n"
has composed dump "imitator c4 w"
grep -qx 'visible 0' "$work/tile-im-neutral.info" || fail "a monochrome imitator tile under the Neutral tab"
cmp -s "$work/a1-before" "$work/a1-after" || fail "the board moved: a1 at $(cat "$work/a1-before"), then $(cat "$work/a1-after")"
act copy-diagram
await "$work/second"
read_bus "$work/bus2"
act paste
sleep 1
pass pasted
has pasted dump "stipulation h#2"
has pasted dump "condition madrasi madrasi=1 rex-inclusive=0"
grep -q '^twin .*rotate' "$work/pasted.dump" || { cat "$work/pasted.dump"; fail "the twin did not come with the paste"; }
await "$work/clipboard"
grep -q '^formats .*application/x-feerie-problem+xml' "$work/clipboard" || fail "no problem on the clipboard"
grep -q '^text .*/.*/' "$work/clipboard" || { cat "$work/clipboard"; fail "no FEN on the clipboard"; }
# Ctrl+W in the second window (its pasted problem is unsaved: it asks,
# Discard).
second=$(xdotool search --onlyvisible --name 'Untitled problem' | grep -vxF -f "$work/first-windows" | head -n 1)
[ -n "$second" ] || fail "no second window"
xdotool windowfocus --sync "$second"; sleep 0.3
key ctrl+w
key alt+d
n=0
while xdotool search --onlyvisible --name 'Féerie' | grep -qx "$second"; do
  n=$((n + 1)); [ $n -lt 50 ] || fail "Ctrl+W did not close the second window"
  sleep 0.1
done
read_bus "$work/bus"

# 17: Save As and Export open in the problem's folder, with its name.
await "$work/opened"
chooser () { # chooser ACTION NAME: the action's chooser opens in the folder, offering NAME
  act "$1"
  sleep 1.5
  pass "$1"
  await "$work/$1.chooser"
  has "$1" chooser "folder $work/folder"
  has "$1" chooser "name $2"
  await "$work/$1-closed"
}
chooser save-as zugzwang.xml
chooser export zugzwang.png
# Open and Import show every file they read: Popeye input and FEN too,
# not only Féerie's XML (Open) or only Popeye input (Import).
chooser open ""
has open chooser "visible zugzwang.inp"
has open chooser "visible position.fen"
chooser import ""
has import chooser "visible zugzwang.inp"
has import chooser "visible position.fen"

# 17: playback: both Stop buttons off; "key" readable on its selected row.
act solve
sleep 2
xdotool mousemove "$xa" "$ya" click 1; sleep 0.4
key Right
pass playing
has playing show "playing 1"
has playing show "stop-solving-enabled 0"
grep -q '^role-colour selected key #ffffff' "$work/playing.pane" || { cat "$work/playing.pane"; fail "“key” on the selected row is not in the row's colour"; }

# 11: F5 says why; a twin bringing GridChess to a problem Féerie solves is
# flagged.
await "$work/circe"
xdotool mousemove "$xa" "$ya" click 1; sleep 0.3
key F5
pass f5
grep -q '^status .*GridChess' "$work/f5.msg" || { cat "$work/f5.msg"; fail "F5 did not say why it cannot solve"; }
pass circe-twin
grep -q '^twins-error .*GridChess' "$work/circe-twin.msg" || { cat "$work/circe-twin.msg"; fail "the twin with GridChess is not flagged"; }
wait $app || fail "feerie-test failed"
echo "ok"
