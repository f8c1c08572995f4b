#!/bin/sh
# expect-error.sh CLI FILE PATTERN — `feerie-cli solve FILE` must refuse the
# input with exit status 2 and a located message FILE:LINE:COL: … PATTERN.
# SPDX-License-Identifier: GPL-3.0-or-later
cli=$1 file=$2 pattern=$3
err=$("$cli" solve "$file" 2>&1 >/dev/null)
status=$?
echo "status $status: $err"
[ "$status" -eq 2 ] || { echo "expected exit status 2"; exit 1; }
echo "$err" | grep -q "^$file:[0-9]*:[0-9]*: .*$pattern" || { echo "expected a located message with \"$pattern\""; exit 1; }
