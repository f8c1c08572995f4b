#!/bin/sh
# run-title-locale-test.sh — (issue 12) a Popeye file opened from the
# command line shows its name in the title and the status line says Save
# writes Féerie XML; the program run from the build folder finds the
# French catalogue built there without FEERIE_LOCALEDIR.  The French part
# compiles fr_FR.UTF-8 into a scratch LOCPATH when the system lacks it
# (skipped, exit 77, without localedef or the locale sources).  The
# caption names a condition Féerie cannot solve (GridChess).  In French the
# solving time has a decimal comma and the shortcuts window fits 1280 px
# (issue 25.17); the Preferences window fits 1280×800.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-title-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail () { echo "FAIL: $1"; exit 1; }
run () {
  xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
    env -u FEERIE_LOCALEDIR XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
        GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" G_DEBUG=fatal-criticals "$@" \
        > "$work/log" 2>&1 || { cat "$work/log"; fail "feerie failed"; }
}

cat > "$work/mate.inp" <<'INP'
begin
stipulation #2
condition GridChess
pieces white ke1 qd1 black ke8
end
INP
printf 'messages %s/m1\nquit\n' "$work" > "$work/script"
run timeout 60 "$FEERIE" "$work/mate.inp"
cat "$work/m1"
grep -qx "title mate.inp — Féerie" "$work/m1" || fail "the title does not name the Popeye file"
grep -q "^status mate.inp .*XML" "$work/m1" || fail "the status line does not say Save writes XML"
grep -q "^caption .*GridChess" "$work/m1" || fail "the caption omits a condition Féerie cannot solve"

# French from the build folder.
if locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  set -- LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8
else
  command -v localedef >/dev/null 2>&1 || { echo "localedef not found: French part skipped"; exit 77; }
  mkdir -p "$work/locale"
  localedef -i fr_FR -f UTF-8 "$work/locale/fr_FR.UTF-8" 2>/dev/null || { echo "no fr_FR locale sources: skipped"; exit 77; }
  set -- LOCPATH="$work/locale" LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8
fi
cat > "$work/mate1.inp" <<'INP'
begin
stipulation #1
pieces white kf6 qa7 black kf8
end
INP
# Issue 25.17: numbers in French (0,01 s); the shortcuts window, in its
# longer French words, fits a 1280-pixel screen.
cat > "$work/script" <<SCRIPT
messages $work/m2
open $work/mate1.inp
action solve
wait-solve
pane $work/pane
action show-help-overlay
wait 1500
shortcuts-size $work/shortcuts
app-action preferences
preferences-size $work/preferences
quit
SCRIPT
run "$@" timeout 60 "$FEERIE"
cat "$work/m2"
grep -qx "title Problème sans titre — Féerie" "$work/m2" || fail "run from the build folder, the window is not in French"
grep -q "Résolu en [0-9]*,[0-9][0-9] s" "$work/pane" || { cat "$work/pane"; fail "the time is not written the French way (0,01 s)"; }
cat "$work/shortcuts"
read -r _ width _ < "$work/shortcuts"
[ "$width" -le 1280 ] || fail "the shortcuts window needs $width px, wider than 1280"
# Preferences fit a 1280×800 screen: the window's minimum and natural
# heights (it needed 862 px, its bottom off the screen).
cat "$work/preferences"
set -- $(sed -n 's/^minimum //p' "$work/preferences") $(sed -n 's/^natural //p' "$work/preferences")
[ "$2" -le 760 ] && [ "$4" -le 760 ] || fail "the Preferences window needs $2 px (natural $4), more than 1280×800 shows"
echo "ok"
