#!/bin/sh
# run-caption-test.sh FEERIE SCHEMAS CLI — issue 25, item 14: the window's
# caption and its exports print Einstein's settings exactly and tell
# white, black and standard imitators apart.  In the real window: each
# problem opened with Open Recent and exported to LaTeX with Export
# Diagram (the window's actions on the session bus, the file's name typed
# into the chooser with xdotool); the caption is read from the window.
# The CLI's export says the same.
# Exit 77 (skip) without xvfb-run, dbus-run-session, gdbus or xdotool.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session gdbus xdotool
in_session 1280x800 "$@"
FEERIE=$1; SCHEMAS=$2; CLI=$3
work_dir caption
cat > "$work/einstein.inp" <<'INP'
begin
stipulation h#2
condition ReversalEinsteinChess
remark feerie: condition EinsteinWhiteOnly EinsteinPromotions
pieces white ke1 qd1 black ke8
end
INP
cat > "$work/imitators.inp" <<'INP'
begin
stipulation h#2
condition Imitator c3
remark feerie: condition WhiteImitator e4 BlackImitator d5
pieces white ke1 qd1 black ke8
end
INP
{
  echo "bus-info $work/bus"
  echo "touch $work/ready"
  gate einstein
  gate imitators
  gate exported
  echo "quit"
} > "$work/script"
start_app "$FEERIE" "$SCHEMAS"
await "$work/ready"
read_bus "$work/bus"
for name in einstein imitators; do
  act open-recent "<'file://$work/$name.inp'>"
  wait_window "^$name.inp — Féerie\$"
  pass "$name"
  grep "^caption" "$work/$name.msg" || fail "$name: no caption line"
  act export
  choose_file "Export Diagram" "$work/$name.tex"
done
pass exported
grep -q "^caption .*Reverse Einstein, White only, with promotions" "$work/einstein.msg" \
  || fail "the caption does not say Einstein's settings"
grep -q '\\cond{Reverse Einstein{,} White only{,} with promotions}' "$work/einstein.tex" \
  || fail "the LaTeX export does not say Einstein's settings"
grep -q "^caption .*Imitator c3, white e4, black d5" "$work/imitators.msg" \
  || fail "the caption does not tell white, black and standard imitators apart"
grep -q '\\cond{Imitator c3{,} white e4{,} black d5}' "$work/imitators.tex" \
  || fail "the LaTeX export does not tell the imitators apart"
"$CLI" diagram "$work/imitators.inp" "$work/cli.tex" || fail "feerie-cli diagram failed"
grep -q '\\cond{Imitator c3{,} white e4{,} black d5}' "$work/cli.tex" \
  || fail "the CLI's LaTeX does not tell the imitators apart"
wait $app || fail "feerie-test failed"
echo "ok"
