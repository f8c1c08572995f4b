#!/bin/sh
# check-shortcuts.sh SRCDIR — (issue 12) the shortcuts window lists every
# shortcut: each action given an accelerator in feerie-application.c is
# named in ui/gtk/help-overlay.ui (by action-name, or by its accelerator
# for parametrised actions).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
top=$1
app="$top/src/gui/feerie-application.c"
ui="$top/ui/gtk/help-overlay.ui"
status=0
for action in $(sed -n 's/^ *{ "\(\(app\|win\)\.[a-z-]*\)\([(][^"]*\)\{0,1\}", {.*/\1/p' "$app" | sort -u); do
  grep -q "<property name=\"action-name\">$action</property>" "$ui" && continue
  # A parametrised action (win.shift('up')) is listed by its accelerators.
  accels=$(grep "\"$action(" "$app" | sed -n 's/.*{ "\(<[^"]*\)".*/\1/p' | sed 's/</\&lt;/g; s/>/\&gt;/g')
  missing=0
  for a in $accels; do grep -q "$a" "$ui" || missing=1; done
  if [ -z "$accels" ] || [ $missing = 1 ]; then echo "not in the shortcuts window: $action"; status=1; fi
done
[ $status = 0 ] && echo "ok"
exit $status
