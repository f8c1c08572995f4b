#!/bin/sh
# test-latex.sh — `feerie-cli diagram IN OUT.tex` for every genre: the
# fragment uses the diagram package's notation, escapes LaTeX's special
# characters, compiles with pdflatex and the PDF renders with pdftoppm.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-latex.sh FEERIE-CLI DATA-DIR.  Exits 77 (SKIP) without
# pdflatex, pdftoppm or the diagram package (tests/install-deps.sh
# installs texlive-games, texlive-pstricks, texlive-latex-base and
# poppler-utils).
cli=$1
data=$2
for tool in pdflatex pdftoppm kpsewhich; do
  command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool is missing"; exit 77; }
done
kpsewhich diagram.sty >/dev/null 2>&1 || { echo "SKIP: diagram.sty (texlive-games) is missing"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check DESCRIPTION COMMAND...: runs it, records a failure
  what=$1; shift
  if ! "$@"; then
    echo "FAIL: $what"
    fail=1
  fi
}

for inp in "$data"/*.inp; do
  name=$(basename "$inp" .inp)
  tex="$tmp/$name.tex"
  if ! "$cli" diagram "$inp" "$tex"; then
    echo "FAIL: $name: export to .tex"
    fail=1
    continue
  fi
  check "$name: an environment" grep -q '^\\begin{diagram}$' "$tex"
  check "$name: a position" grep -q '^\\pieces\[' "$tex"
  printf '\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{diagram}\n\\begin{document}\n\\input{%s}\n\\end{document}\n' \
    "$name.tex" > "$tmp/doc-$name.tex"
  if ! (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error "doc-$name.tex" > "doc-$name.out" 2>&1); then
    echo "FAIL: $name: pdflatex"
    grep -A3 '^!' "$tmp/doc-$name.log" | grep -v 'Strange path' | head -20
    fail=1
    continue
  fi
  check "$name: pdftoppm" pdftoppm -png -r 40 -singlefile "$tmp/doc-$name.pdf" "$tmp/page-$name"
  check "$name: a rendered page" test -s "$tmp/page-$name.png"
done

# The notation, genre by genre.
g() { grep -qF -- "$1" "$tmp/$2.tex"; }
check "magic: framed squares" g '\fieldframe{a8, b7, e6, f6, h6, e2, g1}' magic
check "magic: squares named" g '\cond{Magic pieces a8{,} b7{,} e6{,} f6{,} h6{,} e2{,} g1}' magic
check "magic: metadata" g '\award{1st Prize}' magic
check "magic: count" g '\pieces[9+9]{' magic
check "magician: framed squares" g '\fieldframe{a6, d4, b3}' magician
check "imitator: standard and monochrome circles" g 'wCc3, nCd1, sCb6' imitator
check "imitator: legend" g '{w}{C}{white imitator}' imitator
check "fairy: neutral count" g '\pieces[9+9+3]{' fairy
check "fairy: grasshoppers upside down" g '{wsn}{DU}{Grasshopper}' fairy
check "fairy: lions turned right" g '{ws}{DR}{Lion}' fairy
check "fairy: equihopper" g '{w}{E}{Equihopper}' fairy
check "fairy: neutral rook" g 'nTd4' fairy
check "walks: nightrider-hopper upside down" g '{ws}{SU}{Nightrider-hopper}' walks
check "walks: pao and vao turned right" g '{ws}{TR}{Pao}; {w}{LR}{Vao}' walks
check "walks: the lion keeps its figure, the leo another" g '{w}{DR}{Lion}' walks
check "walks: the leo's figure is its own" sh -c "! grep -qF '{DR}{Leo}' '$tmp/walks.tex'"
check "einstein: condition" g '\cond{Reverse Einstein}' einstein
check "einstein: series help" g '\stip{ser-h\#4}' einstein
check "escaping: source" g '\source{Phénix \& Co\_Review \#12{,} 50\% off \{special\} \textasciitilde{} \$5}' magician
check "escaping: author" g '\author{Dupont, Jean; O'"'"'Neil, Anne-Marie}' magician
check "twins: arrow" g '\twins{b) wKg1{\ra}h1}' magician
check "unsupported stipulation kept" g '\stip{dia3.5}' unsupported
check "unsupported condition kept" g '\cond{GridChess}' unsupported

# --no-caption: the board alone.
"$cli" diagram --no-caption "$data/magic.inp" "$tmp/bare.tex"
check "no caption: no author" sh -c "! grep -q '\\\\author' '$tmp/bare.tex'"
check "no caption: no stipulation" sh -c "! grep -q '\\\\stip' '$tmp/bare.tex'"
check "no caption: pieces" grep -q '\\pieces' "$tmp/bare.tex"

# An empty board (Popeye's option tests have some): no \pieces at all, since
# the package reads an empty list as a piece of no colour; it compiles.
printf 'begin\nstip #1\nend\n' > "$tmp/empty.inp"
"$cli" diagram "$tmp/empty.inp" "$tmp/empty.tex"
check "empty board: no pieces list" sh -c "! grep -q 'pieces' '$tmp/empty.tex'"
printf '\\documentclass{article}\n\\usepackage{diagram}\n\\begin{document}\n\\input{empty.tex}\n\\end{document}\n' > "$tmp/empty-doc.tex"
check "empty board: compiles" sh -c "cd '$tmp' && pdflatex -interaction=nonstopmode -halt-on-error empty-doc.tex >/dev/null 2>&1"

exit $fail
