# lib.sh — sourced by the app tests (sh): a session under Xvfb, feerie-test
# started on a script, waiting for the files the script writes, the
# window's actions over the session bus.
#   . "$(dirname "$0")/lib.sh"
#   need xvfb-run dbus-run-session xdotool   # exit 77 (skip) without one
#   in_session 1280x800 "$@"                 # this test again, under Xvfb and a bus
#   work_dir NAME                            # $work, removed at exit
#   app_test NAME WxH "$@"   all three: xdotool needed, FEERIE and SCHEMAS set
#   step_go NAME [TENTHS]    touches $work/NAME, waits for $work/NAME.done
#   drag_points FROM TO      pointer_drag between two points the script located
#   start_app FEERIE SCHEMAS [ENV...] [-- FILE...]  # on $work/script; $app, log in $work/log
#   gate NAME     (into the script) waits for $work/NAME, then writes what
#                 the window shows: NAME.dump .show .pane .msg, NAME.done
#   pass NAME     (from the shell) opens that gate and waits for it
#   has / lacks NAME EXT LINE: NAME.EXT holds that whole line / not that text
#   wait_window TITLE-REGEX      until a window so named shows (xdotool)
#   choose_file TITLE PATH       PATH typed into that file chooser, until written
#   pointer_drag X0 Y0 X1 Y1     a real mouse drag; click_at FILE: a click there
#   no_line_twice CHECKER PANE...  no line of those panes' rows twice (D7)
#   french_locale  $french: the environment of a French session (or fails)
#   french_locale  $french: the environment of a French session (or fails)
#   shot NAME     the screen into $FEERIE_SHOTS_DIR/NAME.png when that is
#                 set (to look at what a test checked), else nothing
# SPDX-License-Identifier: GPL-3.0-or-later

need () {
  for tool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
  done
}

in_session () { # in_session WxH "$@"
  screen=$1; shift
  [ -n "${FEERIE_IN_SESSION:-}" ] && return 0
  export FEERIE_IN_SESSION=1
  # -n: where -a starts looking for a free display, from the process id,
  # so that two tests starting at once rarely race for the same one.
  exec xvfb-run -a -n $((100 + $$ % 800)) -s "-screen 0 ${screen}x24" dbus-run-session -- "$0" "$@"
}

work_dir () { # work_dir NAME: a scratch folder (kept with FEERIE_KEEP_TEST)
  work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-$1-XXXXXX")
  [ -n "${FEERIE_KEEP_TEST:-}" ] || trap 'kill $app 2>/dev/null || true; rm -rf "$work"' EXIT
}

app=""
start_app () { # start_app FEERIE SCHEMAS [VAR=VALUE...] [-- FILE...]: FILEs opened as from the command line
  feerie=$1; schemas=$2; shift 2
  vars=""
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars="$vars $1"; shift; done
  [ $# -gt 0 ] && shift
  # (the VAR=VALUE words hold no spaces)
  env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$schemas" \
      GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" $vars \
      timeout 150 "$feerie" "$@" > "$work/log" 2>&1 &
  app=$!
}

fail () {
  echo "FAIL: $*"
  [ -f "$work/log" ] && grep -v 'dbus-daemon\|SpiRegistry' "$work/log"
  [ -n "$app" ] && kill $app 2>/dev/null
  exit 1
}

await () { # await FILE [TENTHS]: until the script (or the app) writes it
  n=0
  while [ ! -e "$1" ]; do
    n=$((n + 1)); [ $n -lt "${2:-300}" ] || fail "$1 did not appear"
    sleep 0.1
  done
}

# The script writes "bus-info FILE"; read_bus FILE takes the bus name and
# the window's object path from it.
read_bus () { read -r bus_name bus_path < "$1"; }
act () { # act ACTION [PARAMETER]: the window's action
  gdbus call --session --dest "$bus_name" --object-path "$bus_path" \
    --method org.gtk.Actions.Activate "$1" "[${2:-}]" '{}' > /dev/null || fail "activate $1"
}
app_act () { # app_act ACTION: the application's action, on its own path
  gdbus call --session --dest "$bus_name" --object-path "${bus_path%/window/*}" \
    --method org.gtk.Actions.Activate "$1" '[]' '{}' > /dev/null || fail "activate app.$1"
}

gate () { # gate NAME: a script part; the script waits for NAME, then writes what the window shows
  printf 'wait-file %s/%s\ndump %s/%s.dump\nshow %s/%s.show\npane %s/%s.pane\nmessages %s/%s.msg\ntouch %s/%s.done\n' \
    "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1"
}
pass () { touch "$work/$1"; await "$work/$1.done"; }
has () { grep -qxF -- "$3" "$work/$1.$2" || { cat "$work/$1.$2"; fail "$1: no “$3”"; }; }
lacks () { if grep -qF -- "$3" "$work/$1.$2"; then cat "$work/$1.$2"; fail "$1: “$3” should not be there"; fi; }

# Waiting for what the screen shows (no fixed sleeps): a window by its title.
wait_window () { # wait_window TITLE-REGEX: until a window so named shows; its id in $window
  n=0
  until window=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | tail -n 1) && [ -n "$window" ]; do
    n=$((n + 1)); [ $n -lt 600 ] || fail "no window “$1”"
    sleep 0.1
  done
}
# choose_file TITLE PATH: in the file chooser of that title (opened by an
# action), PATH typed over the name and Return; waits until PATH exists.
choose_file () {
  wait_window "^$1\$"
  xdotool windowfocus --sync "$window"
  xdotool key --clearmodifiers ctrl+a
  xdotool type --delay 30 "$2"
  xdotool key Return
  n=0
  while [ ! -e "$2" ]; do n=$((n + 1)); [ $n -lt 600 ] || fail "nothing written to $2"; sleep 0.1; done
}
# pointer_drag X0 Y0 X1 Y1: a mouse drag as a hand makes it (press, past
# GTK's threshold, a glide, a pause over the target, release).
pointer_drag () {
  xdotool mousemove "$1" "$2" sleep 0.2 mousedown 1 sleep 0.3 mousemove "$1" $(($2 + 12)) sleep 0.5 \
          mousemove $((($1 + $3) / 2)) $((($2 + $4) / 2)) sleep 0.4 mousemove "$3" $(($4 + 6)) sleep 0.3 \
          mousemove "$3" "$4" sleep 0.6 mouseup 1
}
# click_at FILE: a click where the script's locate command put FILE's point.
click_at () { read -r cx cy < "$1"; xdotool mousemove "$cx" "$cy" sleep 0.2 click 1; }
# no_line_twice REPEATED-LINES PANE...: no line of the Solution pane's rows
# printed twice under one parent (docs/rules/decisions.md D7;
# tests/gui/repeated-lines).
no_line_twice () {
  checker=$1; shift
  "$checker" pane "$@" || fail "a line printed twice in the Solution pane"
}
# shot NAME: the whole screen into $FEERIE_SHOTS_DIR/NAME.png, for a
# person to look at; nothing unless FEERIE_SHOTS_DIR is set.
shot () {
  [ -n "${FEERIE_SHOTS_DIR:-}" ] || return 0
  command -v import > /dev/null 2>&1 || return 0
  import -window root "$FEERIE_SHOTS_DIR/$1.png" || fail "no screenshot $1"
}
# french_locale: $french holds the environment of a French session
# (LANG, LC_ALL, and LOCPATH when fr_FR.UTF-8 is compiled into $work,
# the system lacking it); without localedef's sources it is empty and
# french_locale fails.
french_locale () {
  if locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
    french="LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8"
  elif command -v localedef > /dev/null 2>&1 && mkdir -p "$work/locale" \
       && localedef -i fr_FR -f UTF-8 "$work/locale/fr_FR.UTF-8" 2>/dev/null; then
    french="LOCPATH=$work/locale LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8"
  else
    french=""; return 1
  fi
}
# app_test NAME WxH "$@": a test of the window with the real pointer and
# keyboard: the tools needed, this test again in a session of that
# screen, FEERIE and SCHEMAS from its first two arguments, $work.
app_test () {
  name=$1; screen=$2; shift 2
  need xvfb-run dbus-run-session xdotool
  in_session "$screen" "$@"
  FEERIE=$1; SCHEMAS=$2
  work_dir "$name"
}
# step_go NAME [TENTHS]: lets the script's step NAME run (it waits for
# $work/NAME) and waits until it writes $work/NAME.done.
step_go () { touch "$work/$1"; await "$work/$1.done" "${2:-700}"; }
# drag_points FROM TO: a real drag between the points the script's
# locate commands wrote into those files.
drag_points () { read -r x0 y0 < "$1"; read -r x1 y1 < "$2"; pointer_drag "$x0" "$y0" "$x1" "$y1"; }
