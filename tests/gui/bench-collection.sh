#!/bin/sh
# bench-collection.sh FEERIE SCHEMAS FEERIE-CLI GENERATOR [N] — issue 23's
# figures for a collection in the window (a benchmark, not a test: run by
# `meson test --benchmark`, or by hand): N problems (10,000) generated,
# converted to Féerie XML, opened in feerie-test under Xvfb at 1280×800,
# then the list scrolled 300 frames of 60 px (a mouse wheel) and from top
# to bottom in 100 frames (the scroll bar dragged), filtered, and the
# collection saved.  Prints the open time (reading and model), the first
# frame, each scroll frame's time (mean, median, 95th percentile, worst)
# with the small diagrams drawn, the filter's and the save's times, then
# the check of the whole collection: its start, the main loop's longest
# pause over its first 3 s, how many it checked then and Stop's time; once
# with GTK's default renderer (under Xvfb: OpenGL in software, llvmpipe),
# once with its Cairo renderer (GSK_RENDERER=cairo).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session python3
FEERIE=$1; SCHEMAS=$2; CLI=$3; GENERATOR=$4; N=${5:-10000}
in_session 1280x800 "$@"
work_dir bench-collection
python3 "$GENERATOR" "$N" > "$work/collection.inp"
"$CLI" convert "$work/collection.inp" "$work/collection.xml" || fail "feerie-cli convert failed"
cat > "$work/script" <<SCRIPT
wait 1000
bench-open $work/collection.xml $work/open
wait-file $work/open
wait 500
bench-scroll 300 $work/wheel 60
wait-file $work/wheel
bench-scroll 100 $work/jump
wait-file $work/jump
bench-filter h#2 $work/filter
bench-save $work/saved.xml $work/save
bench-check start $work/check-start
idle-gap 3000 $work/check-gap
wait-file $work/check-gap
bench-check stop $work/check-stop
quit
SCRIPT
for renderer in default cairo; do
  rm -f "$work/open" "$work/wheel" "$work/jump" "$work/check-gap"
  if [ $renderer = default ]; then start_app "$FEERIE" "$SCHEMAS"; else start_app "$FEERIE" "$SCHEMAS" GSK_RENDERER=cairo; fi
  wait $app || fail "feerie-test failed ($renderer renderer)"
  echo "== renderer $renderer, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  cat "$work/open" "$work/wheel" "$work/jump" "$work/filter" "$work/save" "$work/check-start" \
      "$work/check-gap" "$work/check-stop"
done
