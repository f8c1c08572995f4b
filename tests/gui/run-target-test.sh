#!/bin/sh
# run-target-test.sh FEERIE SCHEMAS ATOB — issue 21: an a=>b problem in the
# window, through its test hook under Xvfb.  The start/target toggle shows
# only for a stipulation with a target; pressed, the board shows and edits
# B (a piece typed goes into B, not A), released, A again; Save writes both
# positions back.  Exit 77 (skip) without xvfb-run or dbus-run-session.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session
in_session 1280x860 "$@"
FEERIE=$1; SCHEMAS=$2; ATOB=$3   # an a=>b problem
work_dir target
cp "$ATOB" "$work/atob.inp"
cat > "$work/script" <<SCRIPT
open $work/atob.inp
dump $work/opened.dump
action show-target
dump $work/target.dump
pieces wQa1
dump $work/typed.dump
action show-target
pieces bPh6
dump $work/start.dump
save $work/saved.inp
stipulation h#2
dump $work/helpmate.dump
quit
SCRIPT
start_app "$FEERIE" "$SCHEMAS"
wait $app || fail "feerie-test failed"
app=""

has opened dump "board start"
has opened dump "piece wKb3"
has opened dump "target piece wKd5"
has target dump "board target"
has typed dump "target piece wQa1"
! grep -qx "piece wQa1" "$work/typed.dump" || fail "typed: the queen went into A"
has start dump "board start"
has start dump "piece bPh6"
lacks start dump "target piece bPh6"
sed -n '/^stipulation a=>b6/,$p' "$work/saved.inp" > "$work/b.inp"
sed -n '1,/^stipulation/p' "$work/saved.inp" > "$work/a.inp"
grep -q 'kd5' "$work/b.inp" || fail "saved: B's king not after the stipulation"
grep -q 'qa1' "$work/b.inp" || fail "saved: B's new queen not after the stipulation"
grep -q 'ph6' "$work/a.inp" || fail "saved: A's new pawn not before the stipulation"
lacks helpmate dump "board "
lacks helpmate dump "target piece"
