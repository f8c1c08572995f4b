#!/bin/sh
# run-shipped-test.sh FEERIE SCHEMAS EXAMPLE — the shipped program as the
# README runs it, from the build folder.  Issue 25.12: with no
# GSETTINGS_SCHEMA_DIR it finds the schema compiled there, so Preferences
# (app.preferences on the session bus) is on.  Issue 25.4: it behaves the
# same whatever the environment says.  With
# FEERIE_TEST_SCRIPT set (which once made it a separate instance that
# closed edited windows without asking) the real `feerie`, driven over the
# session bus: an edited problem (rotated) still asks before Quit closes
# it, and a second `feerie` still hands its file to the running one.
# Then check-shipped-binary.sh: no test code in it at all.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
if [ "${1:-}" != "--inside" ]; then
  for tool in xvfb-run dbus-run-session gdbus xdotool; do
    command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
  done
  status=0
  "$(dirname "$0")/check-shipped-binary.sh" "$1" || status=$?
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$0" --inside "$@" || status=1
  exit $status
fi
shift
FEERIE=$1
SCHEMAS=$2
EXAMPLE=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-shipped-XXXXXX")
trap 'kill $app 2>/dev/null || true; rm -rf "$work"' EXIT
# No GSETTINGS_SCHEMA_DIR: the program finds its build folder's schema.
unset GSETTINGS_SCHEMA_DIR
export XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" \
       GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script"
echo "quit" > "$work/script"
cp "$EXAMPLE" "$work/a.inp"
cp "$EXAMPLE" "$work/b.inp"
fail () { echo "FAIL: $*"; cat "$work/log" "$work/log2" 2>/dev/null; exit 1; }

"$FEERIE" "$work/a.inp" > "$work/log" 2>&1 &
app=$!
n=0
until gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.NameHasOwner org.feerie.Feerie 2>/dev/null | grep -q true; do
  n=$((n + 1)); [ $n -lt 300 ] || fail "feerie never took its bus name"
  sleep 0.1
done
sleep 1
act () { # act OBJECT-PATH ACTION
  gdbus call --session --dest org.feerie.Feerie --object-path "$1" \
    --method org.gtk.Actions.Activate "$2" '[]' '{}' > /dev/null || fail "activate $2"
}
# Preferences is on: the settings' schema was found.
gdbus call --session --dest org.feerie.Feerie --object-path /org/feerie/Feerie \
  --method org.gtk.Actions.Describe preferences > "$work/preferences" || fail "describe app.preferences"
grep -q '^((true,' "$work/preferences" || fail "Preferences is off when run from the build folder: $(cat "$work/preferences")"
# A second feerie hands b.inp to this one (a second window) and exits.
"$FEERIE" "$work/b.inp" > "$work/log2" 2>&1 &
second=$!
n=0
while kill -0 $second 2>/dev/null; do
  n=$((n + 1)); [ $n -lt 100 ] || { kill $second; fail "a second feerie ran on its own instead of handing over its file"; }
  sleep 0.1
done
n=0
until [ "$(xdotool search --onlyvisible --name 'b\.inp' 2>/dev/null | wc -l)" -ge 1 ]; do
  n=$((n + 1)); [ $n -lt 100 ] || fail "the running feerie did not open the second file"
  sleep 0.1
done
act /org/feerie/Feerie/window/1 rotate
sleep 0.5
act /org/feerie/Feerie quit
sleep 2
kill -0 $app 2>/dev/null || fail "Quit closed an edited problem without asking"
xdotool search --onlyvisible --name '•' > /dev/null || fail "the edited window is gone"
echo "ok: the shipped feerie asks before closing edited work, FEERIE_TEST_SCRIPT or not"
