#!/bin/sh
# run-french-test.sh FEERIE SCHEMAS PART — the window in French:
#   twins   at 800×600 the Twins page is no wider than the other pages:
#           the "Continuer le dernier jumeau" box wraps its label;
#   errors  the errors the core and io make are in French: a Popeye file
#           that does not read, opened from the command line (the dialog
#           and the status line), one with two white kings (a rule of the
#           problem, src/core), Solve on a stipulation Féerie cannot solve
#           (the solver's refusal, in the parser's words);
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
errors)
  printf 'begin\nstipulation #2\npieces white ke1 qd1 zz9 black ke8\nend\n' > "$work/bad.inp"
  printf 'begin\nstipulation #2\npieces white ka1 ke1 black ke8\nend\n' > "$work/two-kings.inp"
  printf 'begin\nstipulation dia3.5\npieces white ke1 qd1 black ke8\nend\n' > "$work/dia.inp"
  open_bad () { # open_bad NAME [SCRIPT LINE...]: NAME.inp from the command line, its dialog in NAME.msg
    name=$1; shift
    {
      echo "wait-line messages 'dialog *'"
      echo "messages $work/$name.msg"
      echo "touch $work/$name.ready"
      echo "wait-file $work/$name.shot"
      echo "answer cancel"
      for line; do echo "$line"; done
      echo "quit"
    } > "$work/script"
    start_app "$FEERIE" "$SCHEMAS" $french -- "$work/$name.inp"
    await "$work/$name.ready"
    shot "french-$name"
    touch "$work/$name.shot"
    wait $app || fail "feerie-test failed"
    cat "$work/$name.msg"
  }
  open_bad bad
  grep -q "^dialog Impossible d’ouvrir le problème | .*bad.inp:3:23: case invalide « z9 » dans « zz9 » (les cases vont de a1 à h8)" "$work/bad.msg" \
    || fail "the dialog does not say in French why the file does not read"
  grep -q "^status Impossible d’ouvrir le problème : .*case invalide" "$work/bad.msg" \
    || fail "the status line does not say in French why the file does not read"
  open_bad two-kings "open $work/dia.inp" "action solve" "wait-line messages 'status Résolution indisponible*'" \
    "messages $work/solve.msg"
  cat "$work/solve.msg"
  grep -q "^dialog .*deux rois blancs (a1 et e1) : un camp a au plus un roi" "$work/two-kings.msg" \
    || fail "the rule the position breaks is not said in French"
  grep -qF "status Résolution indisponible : les parties justificatives (« dia ») : non pris en charge (énoncé « dia3.5 »)" "$work/solve.msg" \
    || fail "F5's refusal is not said in French"
  ;;
esac
echo "ok"
