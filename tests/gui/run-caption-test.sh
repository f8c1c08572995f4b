#!/bin/sh
# run-caption-test.sh — (issue 25, item 14) the window's caption and the
# exports print Einstein's settings exactly and tell white, black and
# standard imitators apart.  Opens each problem in the real window (under
# Xvfb) and reads its caption line, then exports it to LaTeX.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
CLI=$3
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-caption-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail () { echo "FAIL: $1"; exit 1; }

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
for name in einstein imitators; do
  printf 'messages %s/%s.txt\nexport %s/%s.tex\nquit\n' "$work" "$name" "$work" "$name" > "$work/script"
  xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
    env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
        FEERIE_TEST_SCRIPT="$work/script" timeout 60 "$FEERIE" "$work/$name.inp" \
        > "$work/log" 2>&1 || { cat "$work/log"; fail "feerie failed on $name"; }
  grep "^caption" "$work/$name.txt" || fail "$name: no caption line"
done
grep -q "^caption .*Reverse Einstein, White only, with promotions" "$work/einstein.txt" \
  || fail "the caption does not say Einstein's settings"
grep -q '\\cond{Reverse Einstein{,} White only{,} with promotions}' "$work/einstein.tex" \
  || fail "the LaTeX export does not say Einstein's settings"
grep -q "^caption .*Imitator c3, white e4, black d5" "$work/imitators.txt" \
  || fail "the caption does not tell white, black and standard imitators apart"
"$CLI" diagram "$work/imitators.inp" "$work/cli.tex" || fail "feerie-cli diagram failed"
grep -q '\\cond{Imitator c3{,} white e4{,} black d5}' "$work/cli.tex" \
  || fail "the CLI's LaTeX does not tell the imitators apart"
echo "ok"
