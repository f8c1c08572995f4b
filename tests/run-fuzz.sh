#!/bin/sh
# run-fuzz.sh — builds the four libFuzzer harnesses (tests/fuzz) with clang
# in build-fuzz/ and runs each for a short time on a copy of its corpus.
# Prints "N passed, N failed" as its last line (one per fuzzer); a crash,
# a leak-free abort or a sanitizer report fails it, and the crashing input
# is kept in build-fuzz/crashes/ and printed in hex.
# Usage: tests/run-fuzz.sh [SECONDS-PER-FUZZER]   (default 45: CI's three
# minutes of fuzzing shared by the four)
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-45}
"$top/tests/install-deps.sh"
command -v clang >/dev/null 2>&1 || { echo "clang not found"; echo "0 passed, 1 failed"; exit 1; }
dir="$top/build-fuzz"
if [ ! -f "$dir/build.ninja" ]; then
  CC=clang meson setup "$dir" "$top" -Dfuzz=true -Dgui=disabled \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link >/dev/null
fi
ninja -C "$dir" tests/fuzz/fuzz-xml tests/fuzz/fuzz-fen tests/fuzz/fuzz-popeye tests/fuzz/fuzz-olive
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
passed=0; failed=0
rm -rf "$dir/crashes"; mkdir -p "$dir/crashes"
for name in fen popeye xml olive; do
  work="$dir/corpus-$name"
  rm -rf "$work"
  mkdir -p "$work"
  # New inputs go to the scratch copy; the committed corpus stays as it is.
  cp "$top/tests/fuzz/corpus/$name/"* "$work/"
  log="$dir/fuzz-$name.log"
  set +e
  (cd "$dir/crashes" && "$dir/tests/fuzz/fuzz-$name" -dict="$top/tests/fuzz/$name.dict" \
     -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
     -artifact_prefix="$dir/crashes/$name-" "$work") > "$log" 2>&1
  status=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if [ "$status" -eq 0 ]; then
    echo "PASS fuzz-$name: ${runs:-?} runs in ${seconds} s"
    passed=$((passed + 1))
  else
    echo "FAIL fuzz-$name (status $status):"
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written|==[0-9]+==' "$log" | head -n 20
    for f in "$dir/crashes/$name-"*; do
      [ -f "$f" ] || continue
      echo "crashing input $f:"
      od -A d -c "$f" | head -n 20
    done
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
