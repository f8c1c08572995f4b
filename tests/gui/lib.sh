# lib.sh — sourced by the app tests (sh): a session under Xvfb, feerie-test
# started on a script, waiting for the files the script writes, the
# window's actions over the session bus.
#   . "$(dirname "$0")/lib.sh"
#   need xvfb-run dbus-run-session xdotool   # exit 77 (skip) without one
#   in_session 1280x800 "$@"                 # this test again, under Xvfb and a bus
#   work_dir NAME                            # $work, removed at exit
#   start_app FEERIE SCHEMAS [ENV...]        # on $work/script; $app, log in $work/log
#   gate NAME     (into the script) waits for $work/NAME, then writes what
#                 the window shows: NAME.dump .show .pane .msg, NAME.done
#   pass NAME     (from the shell) opens that gate and waits for it
#   has / lacks NAME EXT LINE: NAME.EXT holds that whole line / not that text
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
  exec xvfb-run -a -s "-screen 0 ${screen}x24" dbus-run-session -- "$0" "$@"
}

work_dir () { # work_dir NAME: a scratch folder (kept with FEERIE_KEEP_TEST)
  work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-$1-XXXXXX")
  [ -n "${FEERIE_KEEP_TEST:-}" ] || trap 'kill $app 2>/dev/null || true; rm -rf "$work"' EXIT
}

app=""
start_app () { # start_app FEERIE SCHEMAS [VAR=VALUE...]
  feerie=$1; schemas=$2; shift 2
  env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$schemas" \
      GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" "$@" \
      timeout 150 "$feerie" > "$work/log" 2>&1 &
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
