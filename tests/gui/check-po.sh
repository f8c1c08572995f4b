#!/bin/sh
# check-po.sh SRCDIR — the French catalogue is complete and well formed:
# msgfmt -c --check-format passes, every file with translatable strings is
# in POTFILES.in, and merged with a fresh template (xgettext over
# POTFILES.in) it has no untranslated and no fuzzy message.
# Exit 77 (skip) without the gettext tools.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
top=$1
for tool in msgfmt xgettext msgmerge msgattrib; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-po-XXXXXX")
trap 'rm -rf "$work"' EXIT
status=0

# The GUI's strings, the core's FE_N_ labels the GUI translates
# (conditions, playback stages, walk names), and the core's and io's
# messages (errors, refusals; the Popeye reader's py_perr formats).
for f in "$top"/src/gui/*.c "$top"/src/core/*/*.[ch] "$top"/src/io/*.c "$top"/src/render/*.c "$top"/ui/*.ui "$top"/ui/gtk/*.ui; do
  rel=${f#"$top"/}
  if grep -q '_ ("\|FE_N_ ("\|py_perr (\|translatable="yes"' "$f" && ! grep -qx "$rel" "$top/po/POTFILES.in"; then
    echo "$rel has translatable strings but is not in po/POTFILES.in"; status=1
  fi
done

for lang in $(cat "$top/po/LINGUAS"); do
  po="$top/po/$lang.po"
  msgfmt -c --check-format -o /dev/null "$po" || { echo "$lang.po: msgfmt check failed"; status=1; }
  (cd "$top" && xgettext --package-name=feerie -f po/POTFILES.in -D . --from-code=UTF-8 \
     -k_ -kN_ -kFE_N_ -kC_:1c,2 -kNC_:1c,2 -kg_dngettext:2,3 -kpy_perr:3 --flag=py_perr:3:c-format \
     -o "$work/feerie.pot")
  msgmerge -q --no-fuzzy-matching "$po" "$work/feerie.pot" -o "$work/$lang.po"
  untranslated=$(msgattrib --untranslated --no-obsolete "$work/$lang.po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$work/$lang.po" | grep -c '^msgid ' || true)
  # msgattrib prints the header entry (msgid "") with any selection.
  untranslated=$(( untranslated > 0 ? untranslated - 1 : 0 ))
  fuzzy=$(( fuzzy > 0 ? fuzzy - 1 : 0 ))
  echo "$lang: $untranslated untranslated, $fuzzy fuzzy"
  if [ "$untranslated" -ne 0 ] || [ "$fuzzy" -ne 0 ]; then
    msgattrib --untranslated --no-obsolete "$work/$lang.po" | grep '^msgid ' | grep -vx 'msgid ""' || true
    msgattrib --only-fuzzy --no-obsolete "$work/$lang.po" | grep '^msgid ' | grep -vx 'msgid ""' || true
    status=1
  fi
done
exit $status
