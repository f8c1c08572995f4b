#!/bin/sh
# run-files-test.sh FEERIE SCHEMAS [PART] — the window and files, under Xvfb
# (PART "open": 1 and 2; "full-disk": 3; default: all):
#  1. a file given on the command line that cannot be opened (missing, or
#     with a syntax error) shows an error dialog and the status line, and a
#     screenshot is taken of it ($FEERIE_SHOT_DIR/open-error.png if set);
#  2. twins typed in the window are checked on its diagram (a second king is
#     refused with the twin's line); 1000 placements in the editor: every
#     piece keeps its own id;
#  3. Save and autosave on a full disk (a small tmpfs; skipped when it
#     cannot be mounted): both fail saying why, both old files keep their
#     bytes, no temporary file is left.
# Exit 77 (skip) without xvfb-run or dbus-run-session.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
FEERIE=$(realpath "$1")
SCHEMAS=$(realpath "$2")
PART=${3:-all}
for tool in xvfb-run dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-files-XXXXXX")
mnt="$work/mnt"
cleanup () {
  umount "$mnt" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail () { echo "FAIL: $*"; for f in "$work"/log*; do echo "== $f"; cat "$f"; done; exit 1; }

# run NAME INNER-SHELL-BODY: the body runs inside Xvfb; it starts feerie
# with "$@"-style arguments of its own.
run () {
  name=$1
  cat > "$work/inner-$name.sh"
  chmod +x "$work/inner-$name.sh"
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$work/inner-$name.sh" \
    > "$work/log-$name" 2>&1 || fail "feerie failed ($name)"
}
ENV="XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data GSETTINGS_SCHEMA_DIR=$SCHEMAS GSETTINGS_BACKEND=memory"

if [ "$PART" != full-disk ]; then
# ---- 1. a file that cannot be opened ------------------------------------------
cat > "$work/script-missing" <<SCRIPT
wait 300
messages $work/msg-missing
quit
SCRIPT
run missing <<INNER
#!/bin/sh
env $ENV FEERIE_TEST_SCRIPT="$work/script-missing" timeout 60 "$FEERIE" "$work/missing.inp"
INNER
cat "$work/msg-missing"
grep -q "^dialog Cannot open the problem | .*missing.inp.*No such file" "$work/msg-missing" \
  || fail "no error dialog for a missing file"
grep -q "^status Cannot open the problem: .*missing.inp" "$work/msg-missing" \
  || fail "no error in the status line for a missing file"

printf 'begin\nstipulation #2\npieces white kz9\nend\n' > "$work/bad.inp"
# ---- 2. (same run) 1000 placements keep ids unique ----------------------------
{
  echo "wait 300"
  echo "messages $work/msg-bad"
  echo "touch $work/ready"
  echo "wait-file $work/shot"
  echo "action undo"
  # twins typed in the window are checked on its diagram
  echo "pieces wKe1 bKe8 wQd1"
  printf '%s\n' "twins 'move e1 e2\\ncontinued move d1 d4'"
  echo "messages $work/msg-twins-ok"
  printf '%s\n' "twins 'move d1 d5\\ncontinued add white kb2'"
  echo "messages $work/msg-twins-bad"
  echo "delay 0"
  i=0
  for round in $(seq 1 16); do
    for f in a b c d e f g h; do
      for r in 1 2 3 4 5 6 7 8; do
        [ $i -ge 1000 ] && break
        echo "palette-drop w plain q $f$r"
        i=$((i + 1))
        # removals between placements, so ids are freed and reused
        [ $((i % 7)) = 0 ] && echo "drag-off $f$r"
      done
    done
  done
  echo "check-ids"
  echo "dump $work/dump-ids"
  echo "quit"
} > "$work/script-bad"
run bad <<INNER
#!/bin/sh
env $ENV FEERIE_TEST_SCRIPT="$work/script-bad" timeout 120 "$FEERIE" "$work/bad.inp" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 150 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
import -window root "$work/open-error.png" 2>/dev/null
touch "$work/shot"
wait \$pid
INNER
cat "$work/msg-bad"
grep -q "^dialog Cannot open the problem | .*bad.inp:3:15: bad square \"z9\"" "$work/msg-bad" \
  || fail "no located error dialog for a bad file"
if [ -f "$work/open-error.png" ] && [ -n "${FEERIE_SHOT_DIR:-}" ]; then
  cp "$work/open-error.png" "$FEERIE_SHOT_DIR/open-error.png"
fi
grep -qx "twins-error " "$work/msg-twins-ok" || fail "good twins refused: $(cat "$work/msg-twins-ok")"
grep -q "^twins-error line 2: twin c): two white kings (e1 and b2)" "$work/msg-twins-bad" \
  || fail "a twin with a second king accepted: $(cat "$work/msg-twins-bad")"
grep -q "script line .*: check-ids" "$work/log-bad" || fail "check-ids did not pass"
[ "$(grep -c '^piece ' "$work/dump-ids")" -gt 40 ] || fail "the placements did not happen"

fi
[ "$PART" = open ] && { echo "ok"; exit 0; }

# ---- 3. Save and autosave on a full disk ------------------------------------------
mkdir "$mnt"
if ! mount -t tmpfs -o size=512k tmpfs "$mnt" 2>/dev/null; then
  echo "cannot mount a tmpfs: the full-disk part is skipped"
  exit 77
fi
cat > "$work/script-full" <<SCRIPT
pieces wKe1 bKe8
save $mnt/p.xml
pieces bRa8
wait 3600
touch $work/saved
wait-file $work/full
pieces wQd1
action save
messages $work/msg-save
wait 3600
messages $work/msg-autosave
quit
SCRIPT
run full <<INNER
#!/bin/sh
env XDG_STATE_HOME=$mnt/state XDG_DATA_HOME=$work/data GSETTINGS_SCHEMA_DIR=$SCHEMAS \
    GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script-full" timeout 60 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/saved" ] && [ \$i -lt 150 ]; do sleep 0.2; i=\$((i+1)); done
cp "$mnt/p.xml" "$work/p-old.xml"
cp $mnt/state/feerie/autosave/*.xml "$work/autosave-old.xml"
dd if=/dev/zero of="$mnt/filler" bs=4k 2>/dev/null
touch "$work/full"
wait \$pid
INNER
cat "$work/msg-save" "$work/msg-autosave"
[ -s "$work/p-old.xml" ] || fail "the first save did not happen"
[ -s "$work/autosave-old.xml" ] || fail "the first autosave did not happen"
grep -q "^status Cannot save the problem: .*No space left on device" "$work/msg-save" \
  || fail "Save on a full disk does not say why it failed"
grep -q "^status Autosave failed: .*No space left on device" "$work/msg-autosave" \
  || fail "autosave on a full disk does not say why it failed"
cmp -s "$mnt/p.xml" "$work/p-old.xml" || fail "Save destroyed the old file"
cmp -s $mnt/state/feerie/autosave/*.xml "$work/autosave-old.xml" \
  || fail "autosave destroyed the previous autosave"
left=$(ls -A "$mnt" "$mnt/state/feerie/autosave" | grep -c "feerie-tmp\|goutputstream" || true)
[ "$left" = 0 ] || fail "temporary files left: $(ls -A "$mnt" "$mnt/state/feerie/autosave")"
echo "ok"
