#!/bin/sh
# run-full-disk.sh — `feerie-cli convert` onto a real full file system (a
# small tmpfs) and onto a read-only one: the command fails with status 1
# and the reason, the old file keeps its bytes, no temporary file is left.
# Needs to mount a tmpfs (root, or a user namespace): else exit 77 (skip);
# tests/io/test-files.c covers the same with a fault-injected write.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
CLI=$1

work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-disk-XXXXXX")
mnt="$work/mnt"
mkdir "$mnt"
cleanup () {
  umount "$mnt" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
if ! mount -t tmpfs -o size=256k tmpfs "$mnt" 2>/dev/null; then
  echo "cannot mount a tmpfs (not root?): skipped; the fault-injection test still runs"
  exit 77
fi

fail () { echo "FAIL: $*"; exit 1; }

# A problem whose XML is some 10 kB.
{
  echo "begin"
  echo "stipulation #2"
  echo "pieces white kb6 rh1 black ka8"
  i=0
  while [ $i -lt 200 ]; do echo "twin move h1 h$((i % 7 + 2))"; i=$((i + 1)); done
  echo "end"
} > "$work/in.inp"

printf 'the old file\n' > "$mnt/out.xml"
cp "$mnt/out.xml" "$work/old.xml"
# Fill the disk.
dd if=/dev/zero of="$mnt/filler" bs=4k 2>/dev/null
avail=$(df -k "$mnt" | awk 'NR == 2 { print $4 }')
[ "$avail" = 0 ] || fail "the tmpfs is not full ($avail kB free)"

"$CLI" convert "$work/in.inp" "$mnt/out.xml" 2> "$work/err"
status=$?
cat "$work/err"
[ $status = 1 ] || fail "convert on a full disk exited with $status, not 1"
cmp -s "$mnt/out.xml" "$work/old.xml" || fail "the old file was changed"
[ "$(ls -A "$mnt" | tr '\n' ' ')" = "filler out.xml " ] || fail "left behind: $(ls -A "$mnt")"
grep -q "No space left on device" "$work/err" || fail "the error does not say the disk is full"
grep -q "unchanged" "$work/err" || fail "the error does not say the old file is kept"

# The same into .inp and .fen outputs.
for ext in inp fen; do
  printf 'old %s\n' $ext > "$work/old.$ext"
  rm -f "$mnt/filler"
  cp "$work/old.$ext" "$mnt/out.$ext"
  dd if=/dev/zero of="$mnt/filler" bs=1k 2>/dev/null
  "$CLI" convert "$work/in.inp" "$mnt/out.$ext" 2> "$work/err"
  status=$?
  # a FEN line may still fit in the last free bytes; it must then be whole
  if [ $status = 0 ]; then
    "$CLI" convert "$work/in.inp" "$work/want.$ext" || fail "convert to $work/want.$ext"
    cmp -s "$mnt/out.$ext" "$work/want.$ext" || fail "out.$ext is partial"
  else
    [ $status = 1 ] || fail "convert to .$ext on a full disk exited with $status"
    cmp -s "$mnt/out.$ext" "$work/old.$ext" || fail "the old .$ext file was changed"
  fi
  ls -A "$mnt" | grep -q feerie-tmp && fail "a temporary file was left"
done

# A read-only file system: no write in place either.
rm -f "$mnt/filler"
mount -o remount,ro "$mnt" || fail "cannot remount read-only"
"$CLI" convert "$work/in.inp" "$mnt/out.xml" 2> "$work/err"
status=$?
cat "$work/err"
[ $status = 1 ] || fail "convert on a read-only disk exited with $status, not 1"
grep -q "Read-only file system" "$work/err" || fail "the error does not say why"
cmp -s "$mnt/out.xml" "$work/old.xml" || fail "the old file was changed"
echo "ok"
