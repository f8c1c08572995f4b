#!/bin/sh
# run-playback-test.sh FEERIE SCHEMAS ORACLE REPEATED-LINES — issue 25,
# items 5 to 9, with the window's actions on the session bus and the real
# keyboard (xdotool); no pane shows a line twice (issue 19):
#   5. after Solve, Right plays the first line from the diagram (the key),
#      Home returns to the diagram; Right in a text field moves its cursor;
#   9. the imitators' shift is marked from where they stood (an arrow
#      b6→c5), in its own colour; an Einstein mutation in another;
#   8. a zugzwang key reads "1.Kg3-h2[Ic5] ! zugzwang." as the CLI writes it;
#   7. Open Recent of another problem empties the Solution pane and the
#      status line (nothing "of an earlier position" from another problem);
#   6. a helpmate's solutions are one row each, as composers print them
#      (bsp_einstein_00: two rows, Popeye's two lines), and Right after
#      Solve plays the first of them, its row selected; so are series
#      play's (a ser-#6 duplex: two rows; a ser-h#4's four twins: a row
#      each), Popeye's lines, and a row longer than the pane wraps.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session gdbus xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2; ORACLE=$(cd "$3" && pwd); REPEATED=$4
work_dir playback
zugzwang=$ORACLE/cases/bsp_imitator_00
helpmate=$ORACLE/cases/bsp_einstein_00
{
  echo "open $zugzwang/problem.inp"
  echo "page 3"
  echo "solve-log $work/solve.log"
  echo "locate a1 $work/a1"
  echo "bus-info $work/bus"
  echo "touch $work/ready"
  gate solved1
  gate right1
  gate shift1
  gate home1
  echo "grab-focus stipulation"
  echo "touch $work/focused"
  gate entry-right
  gate opened
  gate solved2
  gate right2
  gate mutation2
  echo "wait-line dump 'stipulation ser-#6'"
  echo "touch $work/series-open"
  gate series
  echo "wait-line dump 'stipulation ser-h#4'"
  echo "touch $work/serieshelp-open"
  gate serieshelp
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"
read_bus "$work/bus"
finished () { grep -c '^finished' "$work/solve.log" 2>/dev/null || true; }
solve () { # solve N: Solve over the bus, until the Nth solve ends
  act solve
  n=0; while [ "$(finished)" -lt "$1" ]; do n=$((n + 1)); [ $n -lt 600 ] || fail "solve $1 did not end"; sleep 0.1; done
}
read -r xa ya < "$work/a1"
click_a1 () { xdotool mousemove "$xa" "$ya" sleep 0.2 click 1 sleep 0.5; }

solve 1
pass solved1
has solved1 show "playing 0"
has solved1 show "go-forward-enabled 1"
has solved1 pane "row 1.Kg3-h2[Ic5] ! zugzwang.  key"
click_a1
xdotool key Right; sleep 0.6
pass right1
has right1 show "playing 1"
has right1 show "step 1.Kg3-h2[Ic5] 1/2 displacement"
has right1 pane "row selected 1.Kg3-h2[Ic5] ! zugzwang.  key"
xdotool key Right; sleep 0.6
pass shift1
has shift1 show "step 1.Kg3-h2[Ic5] 2/2 imitator"
has shift1 show "highlight c5 shift"
has shift1 show "arrow b6-c5"
has shift1 show "imitator c5"
xdotool key Home; sleep 0.6
pass home1
has home1 show "playing 1"
lacks home1 show "step "
has home1 show "piece wKg3"
await "$work/focused"
xdotool key Right; sleep 0.6
pass entry-right
lacks entry-right show "step "
act copy-solution   # a message about this problem: "Solution copied."
act open-recent "<'file://$helpmate/problem.inp'>"
sleep 1
pass opened
lacks opened pane "row"
has opened pane "stale_label "
has opened pane "summary "
has opened pane "progress "
lacks opened msg "Solution copied"
has opened show "playing 0"
solve 2
pass solved2
[ "$(grep -c '^row' "$work/solved2.pane")" = 2 ] || { cat "$work/solved2.pane"; fail "the h#2 is not two rows"; }
# popeye_rows CASE NAME: the rows of the solutions in NAME.pane are
# Popeye's lines, one a solution (in any order: Popeye's order of solutions
# is its search's; twins' headings aside).
popeye_rows () {
  grep '^  1\.' "$1/popeye.out" | sed 's/^  //; s/   */ /g; s/^/row /' | sort > "$work/$2.popeye"
  grep '^row [0-9]' "$work/$2.pane" | sort > "$work/$2.rows"
  diff "$work/$2.popeye" "$work/$2.rows" || fail "$2: the rows are not Popeye's lines"
}
popeye_rows "$helpmate" solved2
click_a1
xdotool key Right; sleep 0.6
pass right2
first=$(grep -m1 '^row' "$work/solved2.pane" | sed 's/^row //')
has right2 show "step ${first%% *} 1/2 displacement"
has right2 pane "row selected $first"
xdotool key Right; sleep 0.6
pass mutation2
grep -q "^step ${first%% *} 2/2 einstein" "$work/mutation2.show" || { cat "$work/mutation2.show"; fail "no Einstein stage"; }
grep -q "^highlight .. mutation" "$work/mutation2.show" || { cat "$work/mutation2.show"; fail "the mutation is not marked as one"; }
# Series play reads as lines too: a ser-#6 duplex (two rows of six moves,
# not a tree of twelve half-moves) and a ser-h#4 with four twins.
act open-recent "<'file://$ORACLE/orthodox/ser6_duplex/problem.inp'>"
await "$work/series-open"
solve 3
pass series
[ "$(grep -c '^row' "$work/series.pane")" = 2 ] || { cat "$work/series.pane"; fail "the ser-#6 duplex is not two rows"; }
popeye_rows "$ORACLE/orthodox/ser6_duplex" series
# The rows wrap between moves: a line longer than the pane is wide (these
# took 403 px of 379) is read without scrolling sideways.
widths=$(sed -n 's/^list-width //p' "$work/series.pane")
[ "${widths% *}" -le "${widths#* }" ] || fail "the series' rows take ${widths% *} px, the pane shows ${widths#* }"
act open-recent "<'file://$ORACLE/orthodox/serh4_twin_continued/problem.inp'>"
await "$work/serieshelp-open"
solve 4
pass serieshelp
popeye_rows "$ORACLE/orthodox/serh4_twin_continued" serieshelp
[ "$(grep -c '^row [0-9]' "$work/serieshelp.pane")" = 4 ] || { cat "$work/serieshelp.pane"; fail "the ser-h#4's twins are not a row each"; }
# Issue 19 in the window: no line printed twice in any pane shown.
no_line_twice "$REPEATED" "$work/solved1.pane" "$work/right1.pane" "$work/solved2.pane" "$work/right2.pane" \
  "$work/series.pane" "$work/serieshelp.pane"
wait $app || fail "feerie-test failed"
echo "ok"
