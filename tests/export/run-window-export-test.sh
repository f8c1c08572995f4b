#!/bin/sh
# run-window-export-test.sh — the window's ways out, through its test hook
# under Xvfb: Save As by extension (.inp Popeye, .fen FEN, .xml), Export of
# a diagram (.tex, .png) and of problem files, printing into a PDF, Ctrl+C /
# Ctrl+V of the position through the clipboard (each paste asked about the
# unsaved problem first, answered Discard), pasting Popeye input, and a
# stipulation Féerie cannot solve kept as typed.  Exit 77 without xvfb-run.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
SOLVABLE=$3   # a problem the solver finishes at once
command -v xvfb-run >/dev/null 2>&1 || { echo "xvfb-run not found: skipped"; exit 77; }
command -v dbus-run-session >/dev/null 2>&1 || { echo "dbus-run-session not found: skipped"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-export-XXXXXX")
trap 'rm -rf "$work"' EXIT

printf 'begin\nauthor Ann Author\nstipulation s#3\npieces white kh1 rb2 black ka8\nend\n' > "$work/paste.inp"
cat > "$work/script" <<SCRIPT
pieces wKe1 bKe8 wQd1 bSg8
stipulation h#2
save $work/p.inp
save $work/p.fen
save $work/p.xml
export $work/d.tex
export $work/d.png
export $work/e.inp
print $work/print.pdf
action copy-diagram
action clear
dump $work/cleared.txt
action paste
wait 600
answer discard
dump $work/pasted.txt
paste-file $work/paste.inp
answer discard
dump $work/popeye.txt
stipulation dia3.5
save $work/ab.inp
open $SOLVABLE
action solve
wait-solve
print $work/solved.pdf
quit
SCRIPT

xvfb-run -a -s "-screen 0 1280x860x24" dbus-run-session -- \
  env XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" GSETTINGS_SCHEMA_DIR="$SCHEMAS" \
      GSETTINGS_BACKEND=memory FEERIE_TEST_SCRIPT="$work/script" \
      timeout 120 "$FEERIE" > "$work/log" 2>&1 || { cat "$work/log"; echo "feerie failed"; exit 1; }

fail=0
check() {
  what=$1; shift
  if ! "$@"; then echo "FAIL: $what"; fail=1; fi
}
check "Save As .inp writes Popeye input" grep -q '^stipulation h#2$' "$work/p.inp"
check "  … with begin" grep -q '^begin$' "$work/p.inp"
check "Save As .fen writes one FEN line" grep -q '^4k1n1/8/8/8/8/8/8/3QK3' "$work/p.fen"
check "Save As .xml writes XML" grep -q '<stipulation>h#2</stipulation>' "$work/p.xml"
check "Export .tex" grep -q '^\\begin{diagram}' "$work/d.tex"
check "Export .png" sh -c "head -c 4 '$work/d.png' | grep -q PNG"
check "Export .inp" grep -q '^stipulation h#2$' "$work/e.inp"
check "Print into a PDF" sh -c "head -c 5 '$work/print.pdf' | grep -q '%PDF-'"
check "clear emptied the board" sh -c "! grep -q '^piece' '$work/cleared.txt'"
check "Ctrl+V gave the copied position back" grep -qx 'piece wQd1' "$work/pasted.txt"
check "  … all of it" grep -qx 'piece bSg8' "$work/pasted.txt"
check "Popeye input pasted: its pieces" grep -qx 'piece wRb2' "$work/popeye.txt"
check "Popeye input pasted: its stipulation" grep -qx 'stipulation s#3' "$work/popeye.txt"
check "an unsupported stipulation is kept as typed" grep -q '^stipulation dia3.5$' "$work/ab.inp"
if command -v pdftotext >/dev/null 2>&1; then
  pdftotext "$work/solved.pdf" "$work/solved.txt"
  check "the print shows the solution solved in the window" grep -q 'Kg3-h2' "$work/solved.txt"
  check "  … under the diagram's caption" grep -q 'Imitator b6' "$work/solved.txt"
else
  echo "pdftotext missing: the printed solution is not checked"
fi
[ $fail -eq 0 ] || { cat "$work/log"; exit 1; }
echo ok
