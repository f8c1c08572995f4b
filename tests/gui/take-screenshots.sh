#!/bin/sh
# take-screenshots.sh FEERIE SCHEMAS OUTDIR — docs/screenshots under Xvfb
# with `import -window root`; each shot is a test script that composes a
# position, signals through a file, and waits while the shell shoots.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$(realpath "$1"); SCHEMAS=$(realpath "$2"); OUT=$(realpath "$3")
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-shots-XXXXXX")
trap 'rm -rf "$work"' EXIT

shoot () { # name, script body
  printf '%s\ntouch %s/ready\nwait 4000\nquit\n' "$2" "$work" > "$work/script"
  rm -f "$work/ready"
  cat > "$work/inner.sh" <<INNER
#!/bin/sh
env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script" "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 100 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
import -window root "$OUT/$1.png"
wait \$pid
INNER
  chmod +x "$work/inner.sh"
  xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- "$work/inner.sh" > "$work/log" 2>&1 || cat "$work/log"
}

shoot empty-board ""
shoot imitator-problem "pieces wKb6 wRa1 wBc1 bKa8 bPa7 bPb7
palette-drop n plain i c3
palette-drop n plain i f6
stipulation '#3'
state imitator-no-promotion true
drag c1 d2"
shoot magic-pieces "pieces wKh1 wQd1 magic wRa4 magic bKe8 bBh5 magic bSc6 nGe4
stipulation h#2
drag a4 a5"
shoot magician-pieces "pieces wKg1 wRd4 magician wSf3 bKc8 bQa5 magician bBh3 nLIe6
stipulation s#3
state set-play true"
