#!/bin/sh
# run-layout-test.sh FEERIE SCHEMAS MEASURE GSCHEMA — small and large
# screens (issues 12 and 25.17), each a screenshot of the real window
# (ImageMagick's import) read by MEASURE (measure-board), which finds the
# board by the square colours GSCHEMA documents, not by the widget's size:
#   - on an 800×600 screen, in English and in French, the window's minimum
#     size fits (the palette's toggles and the side pages reflow, never
#     sideways), the drawn squares span 320 px at least, the coordinates
#     are as tall as a 10-pixel font's (digits 7 px at least), and every
#     line of the caption shows;
#   - at 1280×800 the notebook's four tabs show, in French too;
#   - on a 1920×1080 screen the squares grow beyond their 1280×800 span.
#   - at 800×600 with a collection of three problems, the list shows in
#     the palette's place: the window still fits, and the board (measured
#     right of the list, whose small diagrams have the squares' colours
#     too) keeps its 320 px; at 1280×800 the list and the palette show.
# The French part compiles fr_FR.UTF-8 into a scratch LOCPATH when the
# system lacks it (skipped, with a note, without localedef).
# Exit 77 without xvfb-run, dbus-run-session or import.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session import convert
FEERIE=$1; SCHEMAS=$2; MEASURE=$3; GSCHEMA=$4
work_dir layout
# A caption with conditions: "Imitator c3,f6, no promotion to I".
compose="pieces wKb6 wRa1 wBc1 bKa8 bPa7 bPb7
palette-drop n plain i c3
palette-drop n plain i f6
stipulation '#3'
state imitator-no-promotion true"

run () { # run SCREEN W H NAME [VAR=VALUE...]: NAME.layout, NAME.png, NAME.measure
  screen=$1; w=$2; h=$3; name=$4; shift 4
  printf '%s%s\nwindow-size %s %s\nwait-size %s %s\nlayout %s\nmessages %s\ntouch %s\nwait-file %s\nquit\n' \
    "$compose" "${extra:-}" "$w" "$h" "$w" "$h" "$work/$name.layout" "$work/$name.msg" "$work/$name.ready" "$work/$name.shot" \
    > "$work/script"
  # Each run its own state: an earlier run's autosave (it quits with the
  # problem unsaved) would open the recovery prompt over this one's board.
  cat > "$work/inner.sh" <<INNER
#!/bin/sh
env XDG_STATE_HOME="$work/state-$name" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals $* timeout 150 "$FEERIE" > "$work/log" 2>&1 &
pid=\$!
n=0; while [ ! -e "$work/$name.ready" ] && [ \$n -lt 1200 ]; do sleep 0.1; n=\$((n + 1)); done
import -window root "$work/$name.png" || touch "$work/$name.failed"
touch "$work/$name.shot"
wait \$pid
cp "$work/log" "$work/$name.log"
INNER
  chmod +x "$work/inner.sh"
  xvfb-run -a -s "-screen 0 ${screen}x24" dbus-run-session -- "$work/inner.sh" || fail "feerie failed at $screen $*"
  [ -e "$work/$name.ready" ] && [ ! -e "$work/$name.failed" ] || fail "no screenshot at $screen $*"
  # Right of the collection's list, when it shows: its small diagrams
  # have the board's colours.
  right=$(sed -n 's/^list-right //p' "$work/$name.layout")
  if [ "${right:-0}" -gt 0 ]; then
    convert "$work/$name.png" -crop "+$right+0" +repage "$work/$name.png" || fail "cannot crop the screenshot"
  fi
  "$MEASURE" "$work/$name.png" "$GSCHEMA" > "$work/$name.measure" || fail "no board in the screenshot at $screen $*"
  cat "$work/$name.layout" "$work/$name.measure"
}
value () { sed -n "s/^$2 //p" "$work/$1.$3"; }

check_small () { # check_small NAME LANGUAGE
  set -- "$1" "$2" $(value "$1" minimum layout)
  [ "$3" -le 800 ] && [ "$4" -le 600 ] || fail "$2: the window needs $3×$4, more than 800×600"
  set -- "$1" "$2" $(value "$1" window layout)
  [ "$3" -le 800 ] && [ "$4" -le 600 ] || fail "$2: at 800×600 the window is $3×$4"
  # The condition pane reflows into the width it is given: nothing sticks
  # out on the right, its page does not scroll sideways.
  set -- "$1" "$2" $(value "$1" conditions layout)
  [ "$#" -eq 5 ] || fail "$2: no condition pane in the layout"
  [ "$3" -le "$4" ] || fail "$2: at 800×600 the condition pane needs $3 px, it has $4"
  [ "$5" -le $(($4 + 1)) ] || fail "$2: at 800×600 the condition pane's content reaches $5 px, beyond its $4 px"
  set -- "$1" "$2" $(value "$1" conditions-scroll layout)
  [ "$#" -eq 4 ] && [ "$3" -le "$4" ] || fail "$2: at 800×600 the conditions scroll sideways ($3 px in $4)"
  # The drawn board, as the screenshot shows it.
  set -- "$1" "$2" $(value "$1" squares measure)
  [ "$3" -ge 320 ] && [ "$4" -ge 320 ] || fail "$2: at 800×600 the squares span only $3×$4 px (320 at least)"
  digits=$(value "$1" rank-digits measure); letters=$(value "$1" file-letters measure)
  [ "$digits" -ge 7 ] && [ "$letters" -ge 7 ] \
    || fail "$2: at 800×600 the coordinates are $digits px (digits) and $letters px (letters) tall, 7 at least"
  set -- "$1" "$2" $(value "$1" caption-lines layout)
  [ "$3" -le "$4" ] || fail "$2: at 800×600 the caption takes $3 lines, $4 show"
  echo "$2 at 800×600: squares $(value "$1" squares measure), coordinates $digits px, caption $3 lines of $4"
}

run 800x600 800 600 small
check_small small English
# French, whose words are longer.
french_locale || echo "no fr_FR.UTF-8 locale: the French part is skipped"
if [ -n "$french" ]; then
  run 800x600 800 600 small-fr $french
  grep -q "^caption .*Imitateur" "$work/small-fr.msg" || { cat "$work/small-fr.msg"; fail "the window is not in French"; }
  check_small small-fr French
fi
# A collection (issue 23): the list in the palette's place at 800×600.
extra="
action collection-duplicate
action collection-duplicate"
run 800x600 800 600 collection
check_small collection "English, a collection"
grep -qx "palette hidden" "$work/collection.layout" || fail "at 800×600 the palette shows beside the collection's list"
[ "$(sed -n 's/^list-right //p' "$work/collection.layout")" -gt 150 ] || fail "at 800×600 the collection's list is narrower than 150 px"
run 1280x800 1280 800 collection-medium
grep -qx "palette shown" "$work/collection-medium.layout" || fail "at 1280×800 the palette does not show beside the list"
[ "$(sed -n 's/^list-right //p' "$work/collection-medium.layout")" -gt 250 ] || fail "at 1280×800 the list is narrower than 250 px"
extra=""
run 1280x800 1280 800 medium
# At 1280×800 the four pages' tabs show side by side (in French too):
# none behind the notebook's scroll arrows.
tabs_shown () { # tabs_shown NAME LANGUAGE
  set -- "$1" "$2" $(value "$1" tabs-shown layout)
  [ "$3" -eq "$4" ] || fail "$2: at 1280×800 $3 of the $4 tabs show"
}
tabs_shown medium English
if [ -n "$french" ]; then
  run 1280x800 1280 800 medium-fr $french
  tabs_shown medium-fr French
fi
run 1920x1080 1920 1080 large
medium=$(value medium squares measure); large=$(value large squares measure)
[ "${large%% *}" -gt "${medium%% *}" ] || fail "at 1920×1080 the squares ($large px) do not grow beyond 1280×800's ($medium px)"
echo "squares: ${medium%% *} px at 1280×800, ${large%% *} at 1920×1080"
echo "ok"
