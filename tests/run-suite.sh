#!/bin/sh
# run-suite.sh — installs what is missing, builds, and runs the whole test
# suite but `long` (Popeye's slowest problems without a table: an hour or
# more, run by hand with `meson test -C build-tests --suite long`); with --sanitize in an AddressSanitizer + UBSan build, where ASan's
# tenfold slowdown would take CI past its time: there the speed set and the
# `slow` suite (long solves whose code the other tests reach too) are left
# out, the world set runs one problem in four (`world-unsampled`), and the
# random tests and the all-formats export draw half their problems
# (FEERIE_TEST_DIVISOR, read by fe_test_count).
# Prints "N passed, N failed, N skipped" as its last line.  A test skips
# (exit 77) only when a program it needs is missing; under CI=true every
# such program is installed by install-deps.sh, so a skip counts as a
# failure there (and the GUI is required, so its tests cannot vanish).
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/tests/install-deps.sh"
dir="$top/build-tests"
opts=""
# `long`: the comparisons that take an hour or more (run by hand).
suites="--no-suite long"
if [ "$1" = "--sanitize" ]; then
  dir="$top/build-sanitize"
  opts="-Db_sanitize=address,undefined -Db_lundef=false"
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export FEERIE_TEST_DIVISOR=2
  suites="$suites --no-suite speed --no-suite slow --no-suite world-unsampled"
fi
strict=false
[ "${CI:-}" = "true" ] && strict=true
if [ ! -f "$dir/build.ninja" ]; then
  if $strict; then opts="$opts -Dgui=enabled"; fi
  meson setup "$dir" "$top" $opts >/dev/null
elif $strict; then
  meson configure "$dir" -Dgui=enabled >/dev/null
fi
ninja -C "$dir"
set +e
meson test -C "$dir" $suites --print-errorlogs --num-processes 2 --timeout-multiplier 3 > "$dir/test-output.txt" 2>&1
status=$?
set -e
tail -n 40 "$dir/test-output.txt"
ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
xfail=$(sed -n 's/^Expected Fail: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
fail=$(sed -n 's/^Fail: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
xpass=$(sed -n 's/^Unexpected Pass: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
timeout=$(sed -n 's/^Timeout: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
skipped=$(sed -n 's/^Skipped: *\([0-9]*\).*/\1/p' "$dir/test-output.txt" | tail -n 1)
skipped=${skipped:-0}
passed=$(( ${ok:-0} + ${xfail:-0} ))
failed=$(( ${fail:-0} + ${xpass:-0} + ${timeout:-0} ))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
# The window's tests judge wall-clock time (main-loop pauses, Stop's
# latency), which other programs loading the machine can stretch.  A failed
# gui test is run once more, alone; one that passes alone counts as passed
# and is named here, so a real regression (failing alone too) still fails.
rerun=$(sed -n 's|^ *[0-9]*/[0-9]* feerie:gui / \([^ ]*\) .* FAIL .*|\1|p' "$dir/test-output.txt" | sort -u)
if [ -n "$rerun" ]; then
  n=$(echo "$rerun" | wc -l)
  echo "Rerunning alone: $(echo $rerun)"
  if meson test -C "$dir" --print-errorlogs --num-processes 1 --timeout-multiplier 3 $rerun \
       > "$dir/test-rerun.txt" 2>&1; then
    echo "Passed when run alone (failed beside the others): $(echo $rerun)"
    failed=$((failed - n)); passed=$((passed + n))
  else
    tail -n 20 "$dir/test-rerun.txt"
  fi
fi
if [ "$skipped" -gt 0 ]; then
  echo "Skipped tests (a program they need is missing):"
  grep -E '^ *[0-9]+/[0-9]+ .* SKIP ' "$dir/test-output.txt" | sed 's/^/  /'
  if $strict; then
    echo "CI: install-deps.sh installs every program the tests need, so a skip is a failure"
    failed=$((failed + skipped))
  fi
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
