#!/bin/sh
# test-collection.sh — `feerie-cli diagram --collection` (many problems in
# one PDF, solutions at the end; a LaTeX document) and `feerie-cli convert
# IN... --to DIR` (many files at once), and a problem whose stipulation
# Féerie cannot solve: it exports and converts, solving refuses it.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-collection.sh FEERIE-CLI EXPORT-DATA-DIR ORACLE-DATA-DIR
cli=$1
data=$2
oracle=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {
  what=$1; shift
  if ! "$@"; then
    echo "FAIL: $what"
    fail=1
  fi
}

# ---- collection: a directory and files mixed, solutions from the file or
# the solver.
start=$(date +%s.%N)
check "collection exits 0" "$cli" diagram --collection --title "Test & collection" \
  "$data" "$oracle/unsupported" "$oracle/cases/bsp_imitator_00/problem.inp" "$tmp/c.pdf"
end=$(date +%s.%N)
echo "collection of $(find "$data" "$oracle/unsupported" -name '*.inp' | wc -l)+1 files: $(awk "BEGIN { print $end - $start }") s"
check "collection is a PDF" sh -c "head -c 5 '$tmp/c.pdf' | grep -q '%PDF-'"
if command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then
  check "collection renders" pdftoppm -png -r 30 -f 1 -l 1 "$tmp/c.pdf" "$tmp/c"
  pdftotext "$tmp/c.pdf" "$tmp/c.txt"
  check "title" grep -q 'Test & collection' "$tmp/c.txt"
  # 7 + 5 + 1 problems, numbered (a number may open a page: \f).
  check "numbered to 13" sh -c "tr -d '\\f' < '$tmp/c.txt' | grep -qx 13"
  check "a solutions section" grep -q '^Solutions' "$tmp/c.txt"
  check "a solver's solution (bsp_imitator_00: 2.Sf6-h5[Ic5] #)" grep -qF "2.Sf6-h5[Ic5] #" "$tmp/c.txt"
  check "a refusal said" grep -q 'not solved: unsupported condition' "$tmp/c.txt"
  check "captions in the collection" grep -q 'Reto Aschwanden' "$tmp/c.txt"
else
  echo "pdftoppm/pdftotext missing: PDF content not checked"
fi
check "--solutions none" "$cli" diagram --collection --solutions none "$data" "$tmp/n.pdf"
check "bad --solutions refused" sh -c "! '$cli' diagram --collection --solutions maybe '$data' '$tmp/x.pdf' 2>/dev/null"
check "collection as LaTeX" "$cli" diagram --collection "$data" "$tmp/c.tex"
check "LaTeX document" grep -q '^\\documentclass' "$tmp/c.tex"
check "LaTeX: seven diagrams" test "$(grep -c '^\\begin{diagram}' "$tmp/c.tex")" -eq 7
check "missing input named" sh -c "'$cli' diagram --collection '$tmp/nothing' '$tmp/y.pdf' 2>&1 | grep -q 'nothing: no such file'"

# ---- convert many files at once.
check "convert files --to" "$cli" convert "$data/magic.inp" "$data/fairy.inp" --to "$tmp/xml" --format xml
check "magic.xml written" test -s "$tmp/xml/magic.xml"
check "fairy.xml written" test -s "$tmp/xml/fairy.xml"
check "convert a directory --to (paths kept)" "$cli" convert "$oracle/unsupported" --to "$tmp/inp" --format inp
check "unsupported/bsp_madrasi_01 mirrored" test -s "$tmp/inp/bsp_madrasi_01/problem.inp"
check "GridChess kept" grep -qi 'gridchess' "$tmp/inp/bsp_madrasi_01/problem.inp"
check "convert back to FEN" "$cli" convert "$tmp/xml" --to "$tmp/fen" --format fen
check "fen written" test -s "$tmp/fen/magic.fen"
check "convert --to without input refused" sh -c "! '$cli' convert --to '$tmp/z' 2>/dev/null"
check "bad --format refused" sh -c "! '$cli' convert '$data/magic.inp' --to '$tmp/z' --format doc 2>/dev/null"
check "two inputs to one name refused" sh -c "! '$cli' convert '$data/magic.inp' '$tmp/xml/magic.xml' --to '$tmp/w' 2>/dev/null"

# ---- a stipulation Féerie cannot solve (a proof game): export, convert, refuse.
u="$data/unsupported.inp"
for ext in png svg pdf tex; do
  check "unsupported stipulation exports to .$ext" "$cli" diagram "$u" "$tmp/u.$ext"
done
check "unsupported stipulation to XML" "$cli" convert "$u" "$tmp/u.xml"
check "kept in XML" grep -q '<stipulation>dia3.5</stipulation>' "$tmp/u.xml"
check "XML back to Popeye" "$cli" convert "$tmp/u.xml" "$tmp/u2.inp"
check "kept in Popeye" grep -q '^stipulation dia3.5$' "$tmp/u2.inp"
printf 'begin\nstipulation dia3.5\npieces white ka1 black kh1\nend\n' > "$tmp/ab.inp"
"$cli" solve "$tmp/ab.inp" > "$tmp/solve.out" 2> "$tmp/solve.err"
check "solve refuses with status 2" test $? -eq 2
check "solve says why" grep -q 'proof games.*stipulation "dia3.5"' "$tmp/solve.err"
check "the board shows the stipulation" grep -q 'dia3.5' "$tmp/solve.out"

exit $fail
