#!/bin/sh
# run-twins-test.sh — the Twins page (issues 12, 24) under Xvfb: twins made
# with the pickers (move, exchange, add continued, rotate, mirror, shift,
# condition, stipulation, substitute), each checked on the problem's own
# diagram with its preview board, shown in the text as the Popeye writer
# writes it; a square field, a stipulation or conditions the pickers
# cannot take (the Imitator without its squares, or a bad one) are
# refused with the reason; a twin that does not apply shows its error on
# its row; a picker's twin is one undo step; save and
# reopen give the same twins, and feerie-cli reads the saved file.  Typed
# lines: one that does not read says where (line, column) and does not
# hide the others; a board edit reads no line again and hands over a twin
# it makes applicable; a new line is the only one read.  Then with the
# real pointer (xdotool): a click on Add adds the picked twin, a click on
# a row's remove button removes it.
# Exit 77 without xvfb-run, xdotool or dbus-run-session.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
FEERIE=$1
SCHEMAS=$2
CLI=$3
for tool in xvfb-run xdotool dbus-run-session; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/feerie-twins-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail () { echo "FAIL: $1"; exit 1; }
# run_script NAME: feerie-test runs $work/NAME, its output in $work/NAME.log.
run_script () {
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
    env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
        FEERIE_TEST_SCRIPT="$work/$1" G_DEBUG=fatal-criticals timeout 90 "$FEERIE" \
        > "$work/$1.log" 2>&1 || { cat "$work/$1.log"; fail "feerie failed ($1)"; }
}

cat > "$work/script" <<SCRIPT
pieces wKe1 wQd1 wRa1 wSb1 bKe8 bPf7 bPg7
stipulation '#2'
page 2
twin-pick move a=d1 b=h5
twins-show $work/t1
action undo
twins-show $work/t-undo
action redo
twin-pick add piece='black B' a=c6 cont
twin-pick exchange a=a1 b=b1
twin-pick rotate value=90
twin-pick mirror value=a1<-->h1
twin-pick shift a=a1 b=b1
twin-pick condition value=madrasi
twin-pick stipulation value=#3
twins-show $work/t2
twin-pick move a=z9 b=e4 refused
twins-show $work/t-square
twin-pick stipulation value=#x9 refused
twins-show $work/t-stip
twin-pick condition value=imitator refused
twins-show $work/t-cond
twin-pick condition value=imitator imitators=c3z9 refused
twins-show $work/t-imit
twin-pick remove a=d4
twins-show $work/t3
messages $work/m3
twin-remove 9
twins-show $work/t4
messages $work/m4
save $work/twins.xml
save $work/twins.inp
action new
open $work/twins.xml
page 2
twins-show $work/t5
quit
SCRIPT
run_script script

# Substitute, then typed lines, on a problem of their own.
cat > "$work/script3" <<SCRIPT
pieces wKe1 wRa1 wRh1 bKe8
page 2
twin-pick substitute walks='r q'
twins-show $work/sub
twins 'twin move e1 e2\ntwin frobnicate e1\ntwin continued move f1 f2\ntwin remove d4\ntwin rotate 90'
twins-show $work/typed
twin-lines-read $work/n1
palette-drop white - S d4
twins-show $work/typed2
twin-lines-read $work/n2
dump $work/dump2
twins 'twin move e1 e2\ntwin move e1 f1\ntwin continued move f1 f2\ntwin remove d4\ntwin rotate 90'
twins-show $work/typed3
twin-lines-read $work/n3
dump $work/dump3
quit
SCRIPT
run_script script3
for f in t1 t-undo t2 t-square t-stip t-cond t-imit t3 m3 t4 t5 sub typed typed2 n1 n2 typed3 n3 dump2 dump3; do
  echo "== $f"; cat "$work/$f"
done

# The pickers' twin and its preview: the queen moved.
grep -qx "twin b ok: twin move d1 h5 — wQd1-->h5" "$work/t1" || fail "the move twin was not added"
grep -q "^preview b .* wQh5" "$work/t1" || fail "the preview does not show the queen on h5"
grep -q "^preview b .*wQd1" "$work/t1" && fail "the preview still has the queen on d1"
grep -qx "rows 0" "$work/t-undo" || fail "undo does not take the picked twin back"
# Continued: c) starts from b).
grep -qx "twin c ok: twin continued add black bc6 — +bBc6" "$work/t2" || fail "the continued add twin is missing"
grep -q "^preview c .*wQh5.*bBc6" "$work/t2" || fail "the continued twin's preview does not start from b)"
grep -q "^preview d .*wSa1 wRb1" "$work/t2" || fail "the exchange twin's preview is wrong"
grep -qx "twin e ok: twin rotate 90 — rotate 90" "$work/t2" || fail "the rotate twin is missing"
grep -q "^preview f wKd1 " "$work/t2" || fail "the mirror twin's preview does not have the king on d1"
grep -q "^preview g .*wRb1 wSc1.*wKf1" "$work/t2" || fail "the shift twin's preview is wrong"
grep -qx "twin f ok: twin mirror a1<-->h1 — mirror a1<-->h1" "$work/t2" || fail "the mirror twin is missing"
grep -qx "twin h ok: twin condition Madrasi — Madrasi" "$work/t2" || fail "the condition twin is missing"
grep -qx "twin i ok: twin stipulation #3 — #3" "$work/t2" || fail "the stipulation twin is missing"
# The text is the Popeye writer's view of the rows.
grep -qx 'text twin move d1 h5\\ntwin continued add black bc6\\ntwin exchange a1 b1\\ntwin rotate 90\\ntwin mirror a1<-->h1\\ntwin shift a1 b1\\ntwin condition Madrasi\\ntwin stipulation #3\\n' "$work/t2" \
  || fail "the text is not the twins' Popeye lines"
grep -qx "rows 8" "$work/t2" || fail "not 8 rows"
grep -q "^pick-error .*z9.* is not a square" "$work/t-square" || fail "a bad square is not refused"
grep -qx "rows 8" "$work/t-square" || fail "a bad square added a twin"
grep -q "^pick-error .*#x9" "$work/t-stip" || fail "a bad stipulation is not refused with the reason"
grep -qx "rows 8" "$work/t-stip" || fail "a bad stipulation added a twin"
grep -q "^pick-error Give the imitators’ squares" "$work/t-cond" || fail "the Imitator without squares is not refused"
grep -qx "rows 8" "$work/t-cond" || fail "the Imitator without squares added a twin"
grep -q "^pick-error .*c3z9.* is not a square" "$work/t-imit" || fail "a bad imitator square is not refused"
grep -qx "rows 8" "$work/t-imit" || fail "a bad imitator square added a twin"
# The invalid twin: its row shows the reader's message with its line.
grep -qx "twin j error: twin remove d4 — line 9: twin j): twin command refers to an empty square (d4)" "$work/t3" \
  || fail "the invalid twin's row does not show its error"
grep -qx "twins-error line 9: twin j): twin command refers to an empty square (d4)" "$work/m3" \
  || fail "the window does not show the twin's error"
grep -qx "rows 8" "$work/t4" || fail "the remove button did not remove the row"
grep -qx "twins-error " "$work/m4" || fail "the error stays after its twin was removed"
text=$(grep "^text " "$work/t4")
[ "$(grep "^text " "$work/t5")" = "$text" ] || fail "reopened twins differ: $(grep "^text " "$work/t5") vs $text"
grep -v '^pick-error' "$work/t4" > "$work/t4b"; grep -v '^pick-error' "$work/t5" > "$work/t5b"
cmp -s "$work/t4b" "$work/t5b" || fail "the reopened problem's twins or previews differ"
"$CLI" convert "$work/twins.inp" "$work/again.inp" || fail "feerie-cli cannot read the saved twins"
[ "$(grep -c '^twin' "$work/again.inp")" -eq 8 ] || fail "the saved Popeye file has not 8 twins"

# Substitute, a kind the pickers build from the core's table.
grep -qx "twin b ok: twin substitute r q — R ==> Q" "$work/sub" || fail "the substitute twin is missing"
grep -q "^preview b .*wQa1 .*wQh1" "$work/sub" || fail "the substitute twin's preview is wrong"
# Typed lines: the bad one says where, the others are checked around it.
grep -qx "twin b ok: twin move e1 e2 — wKe1-->e2" "$work/typed" || fail "a typed twin was not read"
grep -qx "twin ? error: twin frobnicate e1 — line 2, column 6: \"frobnicate\" is not a twinning command (.*)" \
  "$work/typed" || fail "the unread line does not say where"
grep -qx "twin d error: twin remove d4 — line 4: twin d): twin command refers to an empty square (d4)" "$work/typed" \
  || fail "the twin that does not apply does not say why"
grep -qx "twin e ok: twin rotate 90 — rotate 90" "$work/typed" || fail "a twin after the errors was not checked"
# A board edit reads no line again, and checks the twins once more: the
# piece on d4 makes "remove d4" apply.
[ "$(cat "$work/n1")" = "$(cat "$work/n2")" ] || fail "a board edit read the twin lines again"
grep -qx "twin d ok: twin remove d4 — -wSd4" "$work/typed2" || fail "the board edit did not check the twins again"
grep -q "^twin ? error: twin frobnicate" "$work/typed2" || fail "the line being typed was lost by a board edit"
[ "$(grep "^twin " "$work/dump2")" = "twin R ==> Q" ] || fail "twins were handed over while a line does not read"
# The line corrected: only it is read, and the twins are the problem's.
[ "$(cat "$work/n3")" -eq $(( $(cat "$work/n2") + 1 )) ] || fail "lines that did not change were read again"
grep -qx "rows 5" "$work/typed3" || fail "not 5 rows after the correction"
[ "$(grep -c "^twin " "$work/dump3")" -eq 5 ] || fail "the corrected twins were not handed over"

# The real pointer on Add and on a row's remove button.
cat > "$work/script2" <<SCRIPT
pieces wKe1 wQd1 bKe8
page 2
twin-pick move a=d1 b=d5 no-add
locate-twin-button add $work/add
touch $work/ready
wait-file $work/s1
twins-show $work/x1
locate-twin-button 1 $work/rm1
touch $work/a-1
wait-file $work/s2
twins-show $work/x2
quit
SCRIPT
cat > "$work/inner.sh" <<INNER
#!/bin/sh
env XDG_STATE_HOME="$work/state" GSETTINGS_SCHEMA_DIR="$SCHEMAS" GSETTINGS_BACKEND=memory \
    FEERIE_TEST_SCRIPT="$work/script2" G_DEBUG=fatal-criticals timeout 90 "$FEERIE" &
pid=\$!
i=0; while [ ! -f "$work/ready" ] && [ \$i -lt 300 ]; do sleep 0.2; i=\$((i+1)); done
sleep 1
read x y < "$work/add"
xdotool mousemove \$x \$y sleep 0.2 click 1 sleep 0.6
touch "$work/s1"
i=0; while [ ! -f "$work/a-1" ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i+1)); done
sleep 0.5
read x y < "$work/rm1"
xdotool mousemove \$x \$y sleep 0.2 click 1 sleep 0.6
touch "$work/s2"
wait \$pid
INNER
chmod +x "$work/inner.sh"
xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$work/inner.sh" > "$work/log2" 2>&1 \
  || { cat "$work/log2"; fail "feerie failed (pointer)"; }
for f in x1 x2; do echo "== $f"; cat "$work/$f"; done
grep -qx "twin b ok: twin move d1 d5 — wQd1-->d5" "$work/x1" || fail "a click on Add did not add the twin"
grep -qx "rows 0" "$work/x2" || fail "a click on the remove button did not remove the twin"
echo "ok"
