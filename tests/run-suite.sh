#!/bin/sh
# run-suite.sh — installs what is missing, builds, and runs the whole test
# suite; with --sanitize in an AddressSanitizer + UBSan build.
# Prints "N passed, N failed" as its last line.
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/tests/install-deps.sh"
dir="$top/build-tests"
opts=""
if [ "$1" = "--sanitize" ]; then
  dir="$top/build-sanitize"
  opts="-Db_sanitize=address,undefined -Db_lundef=false"
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
if [ ! -f "$dir/build.ninja" ]; then
  meson setup "$dir" "$top" $opts >/dev/null
fi
ninja -C "$dir"
set +e
meson test -C "$dir" --print-errorlogs --num-processes 2 --timeout-multiplier 3 > "$dir/test-output.txt" 2>&1
status=$?
set -e
tail -n 40 "$dir/test-output.txt"
ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
xfail=$(sed -n 's/^Expected Fail: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
fail=$(sed -n 's/^Fail: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
xpass=$(sed -n 's/^Unexpected Pass: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
timeout=$(sed -n 's/^Timeout: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
skipped=$(sed -n 's/^Skipped: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
passed=$(( ${ok:-0} + ${xfail:-0} ))
failed=$(( ${fail:-0} + ${xpass:-0} + ${timeout:-0} ))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed, ${skipped:-0} skipped"
[ "$failed" -eq 0 ]
