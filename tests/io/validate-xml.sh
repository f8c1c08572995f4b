#!/bin/sh
# validate-xml.sh CLI SRCDIR RNG — Féerie XML checked by a validator outside
# Féerie: xmllint --relaxng (libxml2-utils; jing as well when installed)
# against the built feerie-problem.rng, on the hand-written files of
# tests/io/xml-data and on what the writer under test produces: every
# reference problem of tests/oracle/data and every example converted to
# XML by `feerie-cli convert`, and that XML converted once more.  A broken
# file must be rejected, so the validator is known to validate.
# Exit 77 (skip) without xmllint.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1 top=$2 rng=$3
command -v xmllint >/dev/null 2>&1 || { echo "xmllint not found: skipped (tests/install-deps.sh installs libxml2-utils)"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-rng-XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0 valid=0 written=0

validate () {
  if ! out=$(xmllint --noout --relaxng "$rng" "$1" 2>&1); then
    echo "INVALID $2: $out"; status=1; return
  fi
  if command -v jing >/dev/null 2>&1 && ! out=$(jing "$rng" "$1" 2>&1); then
    echo "INVALID (jing) $2: $out"; status=1; return
  fi
  valid=$((valid + 1))
}

for f in "$top"/tests/io/xml-data/*.xml; do
  validate "$f" "${f#"$top"/}"
done

n=0
for f in "$top"/tests/oracle/data/cases/*/problem.inp "$top"/tests/oracle/data/orthodox/*/problem.inp \
         "$top"/data/examples/*.inp "$top"/tests/gui/known.fen; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  rel=${f#"$top"/}
  if ! err=$("$cli" convert "$f" "$work/$n.xml" 2>&1); then
    echo "convert failed on $rel: $err"; status=1; continue
  fi
  written=$((written + 1))
  validate "$work/$n.xml" "$rel as XML"
  if ! err=$("$cli" convert "$work/$n.xml" "$work/$n-again.xml" 2>&1); then
    echo "convert failed on $rel as XML: $err"; status=1; continue
  fi
  validate "$work/$n-again.xml" "$rel as XML, written again"
done

# Negative controls: an unknown element, a missing required attribute.
sed 's#</problem>#<unknown-element/></problem>#' "$work/1.xml" > "$work/bad1.xml"
sed 's# version="[^"]*"##' "$work/1.xml" > "$work/bad2.xml"
for bad in bad1 bad2; do
  if cmp -s "$work/1.xml" "$work/$bad.xml"; then
    echo "negative control $bad: the edit did not apply"; status=1
  elif xmllint --noout --relaxng "$rng" "$work/$bad.xml" >/dev/null 2>&1; then
    echo "negative control $bad: an invalid file was accepted"; status=1
  fi
done

command -v jing >/dev/null 2>&1 && echo "(jing used as well)"
echo "$valid files valid, $written written by feerie-cli convert"
[ "$written" -ge 60 ] || { echo "expected at least 60 converted problems"; status=1; }
exit $status
