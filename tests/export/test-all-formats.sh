#!/bin/sh
# test-all-formats.sh — every reference problem (oracle cases, orthodox,
# unsupported) and every problem of tests/export/data exports to PNG, SVG,
# PDF and LaTeX: the SVG is well-formed XML (xmllint), the PDF renders
# (pdftoppm), the LaTeX fragments compile together with pdflatex.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-all-formats.sh FEERIE-CLI DIR...   Exits 77 (SKIP) when a
# tool is missing (tests/install-deps.sh installs them all).
cli=$1
shift
for tool in xmllint pdftoppm pdflatex kpsewhich; do
  command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool is missing"; exit 77; }
done
kpsewhich diagram.sty >/dev/null 2>&1 || { echo "SKIP: diagram.sty (texlive-games) is missing"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
doc="$tmp/all.tex"
printf '\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{diagram}\n\\begin{document}\n' > "$doc"
# Under the sanitizers (FEERIE_TEST_DIVISOR=2, tests/run-suite.sh) one
# reference problem in two is exported; the last folder (tests/export/corner:
# an empty board) always is.
divisor=${FEERIE_TEST_DIVISOR:-1}
last=""
for dir in "$@"; do last=$dir; done
i=0
for inp in $(find "$@" -name '*.inp' | sort); do
  i=$((i + 1))
  case $inp in
    "$last"/*) ;;
    *) [ $((i % divisor)) -eq 0 ] || continue ;;
  esac
  n=$((n + 1))
  name="p$n"
  for ext in png svg pdf tex; do
    if ! "$cli" diagram --size 200 "$inp" "$tmp/$name.$ext"; then
      echo "FAIL: $inp: export to .$ext"
      fail=1
    elif ! test -s "$tmp/$name.$ext"; then
      echo "FAIL: $inp: empty .$ext"
      fail=1
    fi
  done
  if [ -s "$tmp/$name.pdf" ] && ! pdftoppm -png -r 20 -singlefile "$tmp/$name.pdf" "$tmp/$name-pdf"; then
    echo "FAIL: $inp: pdftoppm cannot render the PDF"
    fail=1
  fi
  if [ -s "$tmp/$name.png" ] && [ "$(head -c 8 "$tmp/$name.png" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]; then
    echo "FAIL: $inp: not a PNG file"
    fail=1
  fi
  # %-comment naming the source, so a LaTeX error can be traced.
  [ -s "$tmp/$name.tex" ] && printf '%% %s\n\\input{%s}\n\\par\n' "$inp" "$name.tex" >> "$doc"
done
printf '\\end{document}\n' >> "$doc"
echo "$n problems exported"
# One xmllint for all: it names any file that is not well-formed.
if ! xmllint --noout "$tmp"/*.svg; then
  echo "FAIL: an SVG is not well-formed XML"
  fail=1
fi
[ "$n" -gt 0 ] || { echo "FAIL: no problem found"; exit 1; }
if ! (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error all.tex > all.out 2>&1); then
  echo "FAIL: the LaTeX fragments do not compile"
  grep -A5 '^!' "$tmp/all.log" | grep -v 'Strange path' | head -30
  fail=1
elif ! pdftoppm -png -r 20 -f 1 -l 1 "$tmp/all.pdf" "$tmp/all-page"; then
  echo "FAIL: pdftoppm cannot render the LaTeX PDF"
  fail=1
fi
exit $fail
