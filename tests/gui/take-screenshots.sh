#!/bin/sh
# take-screenshots.sh FEERIE SCHEMAS OUTDIR [LOCALEDIR] — docs/screenshots
# under Xvfb with `import`; each shot is a test script that composes a
# position, signals through a file, and waits while the shell shoots.
#   tests/gui/take-screenshots.sh build/tests/gui/harness/feerie-test build/data docs/screenshots
# (feerie-test: the application with the tests' script interpreter, not installed)
# The Xvfb screen is the window's default size (1280×800), so the window
# fills it (no window manager runs to maximise it).  The French shot needs
# the fr_FR.UTF-8 locale: it is compiled into a scratch LOCPATH with
# localedef when the system lacks it (Debian package `locales`).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$(realpath "$1"); SCHEMAS=$(realpath "$2"); OUT=$(realpath "$3")
LOCALEDIR=$(realpath "${4:-$SCHEMAS/../po}")
SCREEN=1280x800
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-shots-XXXXXX")
trap 'rm -rf "$work"' EXIT

# shoot NAME SCRIPT [WINDOW-TITLE [ENV...]]: the whole screen, or only the
# window with that title (a dialog).
shoot () {
  name=$1; body=$2; title=${3:-}
  # FEERIE_SHOTS="a b": only those shots (the others are kept as they are).
  case " ${FEERIE_SHOTS:-$name} " in *" $name "*) ;; *) return 0 ;; esac
  shift 2; [ $# -gt 0 ] && shift
  printf '%s\ntouch %s/ready\nwait 4000\nquit\n' "$body" "$work" > "$work/script"
  rm -f "$work/ready"
  # A fresh state folder: the last shot's autosave is not offered back.
  rm -rf "$work/state"
  if [ -n "$title" ]; then
    grab="import -window \"\$(xdotool search --onlyvisible --name '^$title\$' | tail -n 1)\" \"$OUT/$name.png\""
  else
    grab="import -window root \"$OUT/$name.png\""
  fi
  cat > "$work/inner.sh" <<INNER
#!/bin/sh
env $* XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_LOCALEDIR="$LOCALEDIR" FEERIE_TEST_SCRIPT="$work/script" "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 100 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
$grab
wait \$pid
INNER
  chmod +x "$work/inner.sh"
  xvfb-run -a -s "-screen 0 ${SCREEN}x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 \
    || { cat "$work/log"; exit 1; }
  echo "$OUT/$name.png"
}

IMITATOR="pieces wKb6 wRa1 wBc1 bKa8 bPa7 bPb7
palette-drop n plain i c3
palette-drop n plain i f6
stipulation '#3'
state imitator-no-promotion true
drag c1 d2"

shoot empty-board ""
shoot imitator-problem "$IMITATOR"
shoot magic-pieces "pieces wKh1 wQd1 magic wRa4 magic bKe8 bBh5 magic bSc6 nGe4
stipulation h#2
drag a4 a5"
shoot magician-pieces "pieces wKg1 wRd4 magician wSf3 bKc8 bQa5 magician bBh3 nLIe6
stipulation s#3
state set-play true"
# Solving and playback (oracle problems).
ORACLE=$(realpath "$(dirname "$0")/../oracle/data")
cat > "$work/long.inp" <<'EOF'
begin
stipulation #7
pieces white kb6 rh1 bh3h4 sc5g6 pc4c7e4f2g3
black kd6 rf1f8 bb5 pe5e7g4g5
end
EOF
shoot solve-in-progress "open $work/long.inp
action solve
wait 2500"
shoot solve-tries-summary "open $ORACLE/orthodox/d2_armeni_try/problem.inp
action solve
wait-solve"
shoot playback-magic "open $ORACLE/cases/ex_magicpieces_00/problem.inp
action solve
wait-solve
select mQh6-g7"
# A helpmate's solutions, one row each as composers print them (issue 25).
shoot helpmate-lines "open $ORACLE/cases/bsp_einstein_00/problem.inp
action solve
wait-solve
action go-forward"
shoot playback-imitator "open $ORACLE/cases/bsp_imitator_00/problem.inp
action solve
wait-solve
select Kg3-h2"
# Playback of the conditions beyond the seeds' genres (issue 20): a Circe
# rebirth and an Andernach colour change, each its own stage after the
# displacement.
printf 'begin\nstipulation x1\ncondition Circe\npieces white kh1 ra1 black ka8 ba2 pa7\nend\n' \
  > "$work/circe.inp"
printf 'begin\nstipulation x1\ncondition AndernachChess\npieces white kh1 rd1 black ka8 pd5\nend\n' \
  > "$work/andernach.inp"
shoot playback-circe-rebirth "open $work/circe.inp
action solve
wait-solve
action go-forward
action go-forward"
shoot playback-andernach "open $work/andernach.inp
action solve
wait-solve
action go-forward
action go-forward"
# Issue 36: a Super-Circe rebirth on the square the capturer chose, and a
# Make&Take capture (the king steps as the pawn it takes, then takes it).
printf 'begin\nstipulation ~1\ncondition SuperCirce\npieces white kh1 rd1 black ka8 sd7\nend\n' \
  > "$work/supercirce.inp"
printf 'begin\nstipulation #2\ncondition Make&TakeChess\npieces white kb4 ra4 pb2c5 black ka1 rb1 be8 pa2f7\nend\n' \
  > "$work/maketake.inp"
shoot playback-supercirce "open $work/supercirce.inp
action solve
wait-solve
select Rd1*d7[+bSf5]
action go-forward"
shoot playback-maketake "open $work/maketake.inp
action solve
wait-solve
action go-forward"
# Position-to-position play (issue 21): an a=>b problem solved, the
# board showing the target B with the start/target toggle pressed.
shoot atob-target "open $ORACLE/beyond/bsp_atob_00/problem.inp
action solve
wait-solve
action show-target"
# The Twins page (issue 12): two twins made with the pickers, each with
# its preview board, and a twin that does not read with its message.
shoot twins-editor "pieces wKe1 wQd1 wRa1 wSb1 bKe8 bRh8 bPf7 bPg7
stipulation '#2'
page 2
twin-pick move a=d1 b=h5
twin-pick add piece='black B' a=c6 cont
twin-pick remove a=d4
twin-pick add piece='white N' a=f3"
# A collection (issue 23): reference problems in one Popeye file, checked
# in the background, each row marked (sound, cooked, dual, unsupported).
printf 'begin\nstipulation #2\ncondition GridChess\npieces white ke1 qd1 black ke8\nend\n' > "$work/grid.inp"
for f in "$(dirname "$0")/../../data/examples/millour-imitator.inp" "$ORACLE/cases/bsp_einstein_00/problem.inp" \
         "$ORACLE/orthodox/d2_armeni_try/problem.inp" "$ORACLE/cases/ex_magicpieces_00/problem.inp" \
         "$work/grid.inp" "$ORACLE/cases/bsp_imitator_00/problem.inp" "$ORACLE/cases/bsp_madrasi_05/problem.inp" \
         "$ORACLE/cases/bsp_einstein_01/problem.inp" "$ORACLE/cases/ex_magicpieces_02/problem.inp"; do
  cat "$f"
done | awk '/^ *begin *$/ { print (n++ ? "next" : "begin"); next } /^ *end *$/ { next } { print } END { print "end" }' \
  > "$work/collection.inp"
shoot collection "open $work/collection.inp
action collection-check
wait-check
action collection-select 'uint32 1'"
SCREEN=800x600
shoot collection-small-screen "window-size 800 600
open $work/collection.inp
action collection-select 'uint32 3'"
SCREEN=1280x800
shoot preferences "pieces wKg1 wRd4 bKc8
app-action preferences
wait 500" "Preferences"

# Small, medium and large screens (issue 12): the window at 800×600 (the
# condition pickers reflow), 1280×800, then 1920×1080 with the board grown.
SCREEN=800x600
shoot small-screen-800x600 "window-size 800 600
$IMITATOR"
SCREEN=1280x800
shoot medium-screen-1280x800 "window-size 1280 800
$IMITATOR"
SCREEN=1920x1080
shoot large-screen-1920x1080 "window-size 1920 1080
$IMITATOR"
SCREEN=1280x800

# The French interface.
if locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  locale_env="LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8"
else
  command -v localedef >/dev/null 2>&1 || { echo "localedef not found: no French shot"; exit 1; }
  mkdir -p "$work/locale"
  localedef -i fr_FR -f UTF-8 "$work/locale/fr_FR.UTF-8" \
    || { echo "cannot build fr_FR.UTF-8 (Debian package locales)"; exit 1; }
  locale_env="LOCPATH=$work/locale LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8"
fi
shoot french-interface "pieces wKb6 wRa1 wBc1 bKa8 bPa7 bPb7 nGe4
stipulation '#3'
state madrasi true
state einstein \"'normal'\"" "" $locale_env
