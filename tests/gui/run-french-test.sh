#!/bin/sh
# run-french-test.sh FEERIE SCHEMAS PART — the window in French:
#   twins   at 800×600 the Twins page is no wider than the other pages:
#           the "Continuer le dernier jumeau" box wraps its label;
# Exit 77 (skip) without xvfb-run, dbus-run-session or a French locale.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session
in_session 800x600 "$@"
FEERIE=$1; SCHEMAS=$2; PART=$3
work_dir french-$PART
french_locale || { echo "no fr_FR.UTF-8 locale: skipped"; exit 77; }
case $PART in
twins)
  {
    echo "pieces wKe1 bKe8"
    echo "window-size 800 600"
    echo "wait-size 800 600"
    echo "page 2"
    echo "wait 300"
    echo "layout $work/layout"
    echo "messages $work/msg"
    echo "touch $work/ready"
    echo "wait-file $work/shot"
    echo "quit"
  } > "$work/script"
  start_app "$FEERIE" "$SCHEMAS" $french
  await "$work/ready"
  shot french-twins
  touch "$work/shot"
  wait $app || fail "feerie-test failed"
  cat "$work/layout"
  grep -q "^title .*Problème sans titre" "$work/msg" || { cat "$work/msg"; fail "the window is not in French"; }
  twins=$(sed -n 's/^page 2 //p' "$work/layout")
  widest=$(sed -n 's/^page [013] //p' "$work/layout" | sort -n | tail -n 1)
  # (Before, one line: 240 px, the widest page, 47 px more than Problem's.)
  [ "$twins" -le "$widest" ] || fail "the Twins page needs $twins px, more than the other pages' $widest"
  ;;
esac
echo "ok"
