#!/bin/sh
# run-collection-test.sh FEERIE SCHEMAS FEERIE-CLI GENERATOR EXAMPLES ORACLE
# — a collection in the window (issue 23), driven by the window's actions
# over D-Bus, feerie-test's script and a real pointer (xdotool):
#   1. 10,000 generated problems open as a list; the filter by source,
#      stipulation and genre shows as many rows as the generated file has
#      such problems (counted from it by grep); problem 5000, found by the
#      filter, is moved to the top and mirrored; Save writes the file
#      (atomically, through the one io entry point), which reopens to the
#      same list, and whose problems are the generated ones in that order,
#      problem 5000 mirrored square by square (checked by Python on
#      feerie-cli's Popeye text, not by the window);
#   2. a small collection is checked in the background: each row's mark is
#      the verdict `feerie-cli check` gives (sound, cooked, dual,
#      unsupported), the cooked problem marked cooked; an edit clears its
#      mark;
#   3. undo and redo of a reorder and a removal;
#   4. a problem moved to another window (its action, and a drop as a drag
#      from the other window's list makes it), undone in its own window;
#   5. a row dragged with the mouse onto another reorders the list.
# Timing is the benchmark's (bench-collection.sh), not this test's.
# Exit 77 without xvfb-run, dbus-run-session, xdotool or python3.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
. "$(dirname "$0")/lib.sh"
need xvfb-run dbus-run-session xdotool python3
FEERIE=$1; SCHEMAS=$2; CLI=$3; GENERATOR=$4; EXAMPLES=$5; ORACLE=$6
in_session 1280x800 "$@"
work_dir collection

# stage NAME: the script waits for NAME, then writes the list, the problem
# shown and the messages (NAME.coll, NAME.dump, NAME.msg).
stage () {
  printf 'wait-file %s/%s\ncollection %s/%s.coll\ndump %s/%s.dump\nmessages %s/%s.msg\ntouch %s/%s.done\n' \
    "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1" "$work" "$1"
}
# line NAME TEXT: NAME's list has the line TEXT.
line () { grep -qxF -- "$2" "$work/$1.coll" || { grep -v '^problem' "$work/$1.coll" | head -30; fail "$1: no “$2”"; }; }
# problems NAME: the list's problem lines (places, marks, texts).
problems () { grep '^problem ' "$work/$1.coll"; }
uri () { python3 -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).absolute().as_uri())' "$1"; }
# launch FILE STAGE: feerie-test on $work/script, FILE opened through the
# window's win.open-recent, then STAGE passed.
launch () {
  rm -f "$work/bus"
  start_app "$FEERIE" "$SCHEMAS" G_DEBUG=fatal-criticals
  await "$work/bus" 600
  read_bus "$work/bus"
  act open-recent "<'$(uri "$1")'>"
  pass "$2"
}

# ---- 1. 10,000 problems -------------------------------------------------------
python3 "$GENERATOR" 10000 > "$work/big.inp"
"$CLI" convert "$work/big.inp" "$work/big.xml" || fail "feerie-cli convert failed"
"$CLI" convert "$work/big.xml" "$work/before.inp" 2>/dev/null || fail "the generated collection does not convert back"
{
  echo "bus-info $work/bus"
  stage opened
  stage by-source
  stage by-stipulation
  stage by-genre
  stage moved
  stage edited
  stage saved
  stage reopened
  echo "quit"
} > "$work/script"
launch "$work/big.xml" opened
line opened "problems 10000"
line opened "list shown"
line opened "current 1"
line opened "rows 10000"

act collection-filter-field "<'source'>"
act collection-filter "<'Generated 5000'>"
pass by-source
line by-source "rows 1"
line by-source "row 1 5000"
# The stipulation's beginning: h#2 finds h#2 and h#2.5, not h#3 or s#2.
act collection-filter-field "<'stipulation'>"
act collection-filter "<'h#2'>"
pass by-stipulation
expected=$(grep -c '^stipulation h#2' "$work/big.inp")
line by-stipulation "rows $expected"
act collection-filter-field "<'genre'>"
act collection-filter "<'madrasi'>"
pass by-genre
expected=$(grep -c '^condition Madrasi' "$work/big.inp")
line by-genre "rows $expected"

# Problem 5000, found by the filter, goes to the top.
act collection-filter-field "<'source'>"
act collection-filter "<'Generated 5000'>"
act collection-select "<uint32 4999>"
act collection-move-to "<uint32 0>"
act collection-filter "<''>"
pass moved
line moved "current 1"
line moved "rows 10000"
problems moved | head -2 > "$work/top"
grep -q '^problem 1 .*| Generated 5000$' "$work/top" || { cat "$work/top"; fail "problem 5000 is not first"; }
grep -q '^problem 2 .*| Generated 1$' "$work/top" || { cat "$work/top"; fail "problem 1 is not second"; }
# An edit of it: mirrored a↔h.
act mirror
pass edited
act save
pass saved
grep -q '^status Saved big.xml' "$work/saved.msg" || { cat "$work/saved.msg"; fail "Save did not say it saved"; }
grep -q '^title big.xml — Féerie' "$work/saved.msg" || { cat "$work/saved.msg"; fail "still unsaved after Save"; }
ls -A "$work" | grep -q 'feerie-tmp' && fail "a temporary file was left beside the saved one"
act open-recent "<'$(uri "$work/big.xml")'>"
pass reopened
problems edited > "$work/edited.list"
problems reopened > "$work/reopened.list"
cmp -s "$work/edited.list" "$work/reopened.list" || { diff "$work/edited.list" "$work/reopened.list" | head; fail "the reopened collection differs"; }
grep '^piece' "$work/edited.dump" > "$work/edited.pieces"
grep '^piece' "$work/reopened.dump" > "$work/reopened.pieces"
cmp -s "$work/edited.pieces" "$work/reopened.pieces" || fail "the edited problem reopened differs"
wait $app || fail "feerie-test failed (10,000 problems)"

# The file, read by feerie-cli: the generated problems in the new order,
# problem 5000 mirrored, the others untouched.
"$CLI" convert "$work/big.xml" "$work/after.inp" 2>/dev/null || fail "feerie-cli cannot read the saved collection"
python3 - "$work/before.inp" "$work/after.inp" <<'PY' || fail "the saved collection is not the generated one reordered and edited"
import re, sys
def problems(path):
    text = open(path, encoding="utf-8").read()
    return [p.strip() for p in re.split(r"^(?:begin|next)$", text, flags=re.M)[1:]]
def pieces(problem, mirror=False):
    found = set()
    colour = None
    for line in problem.splitlines():
        words = line.split()
        if words and words[0] == "pieces":
            words = words[1:]
        elif not (words and words[0] in ("white", "black", "neutral") and colour):
            continue
        for w in words:
            if w in ("white", "black", "neutral"):
                colour = w
                continue
            m = re.fullmatch(r"([a-z0-9]*?)((?:[a-h][1-8])+)", w)
            for sq in re.findall(r"[a-h][1-8]", m.group(2)):
                f = chr(ord("a") + ord("h") - ord(sq[0])) if mirror else sq[0]
                found.add((colour, m.group(1), f + sq[1]))
    return found
before, after = problems(sys.argv[1]), problems(sys.argv[2])
assert len(before) == len(after) == 10000, (len(before), len(after))
moved = before.pop(4999)
assert after[1:] == before, "the other problems changed or moved"
assert pieces(after[0]) == pieces(moved, mirror=True), "problem 5000 is not mirrored"
strip = lambda p: [l for l in p.splitlines() if not re.match(r"^(pieces|\s*(white|black|neutral)) ", l)]
assert strip(after[0]) == strip(moved), "problem 5000 changed beyond its pieces"
PY
echo "10,000 problems: filtered, reordered, edited, saved, reopened the same"

# ---- 2.–5. a small collection -------------------------------------------------
# Four problems joined by `next`, each with its own origin: sound (#2), cooked
# (two solutions of an h#2), unsupported (Grid chess), duals.
printf 'begin\norigin S3\nstipulation #2\ncondition GridChess\npieces white ke1 qd1 black ke8\nend\n' > "$work/grid.inp"
for f in "$EXAMPLES/millour-imitator.inp" "$ORACLE/cases/bsp_einstein_00/problem.inp" \
         "$work/grid.inp" "$ORACLE/orthodox/d2_armeni_try/problem.inp"; do
  grep -v '^ *\(origin\|end\) *$\|^ *origin ' "$f"
done | awk 'BEGIN { n = 0 }
  /^ *begin *$/ { n++; print (n == 1 ? "begin" : "next"); print "origin S" n; next }
  { print }
  END { print "end" }' > "$work/small.inp"
"$CLI" convert "$work/small.inp" "$work/small.xml" 2>/dev/null || fail "the small collection does not read"
"$CLI" check --json --max-time 30 "$work/small.xml" > "$work/cli.json" || [ $? -eq 1 ] || fail "feerie-cli check failed"

{
  echo "bus-info $work/bus"
  stage small
  stage check-started
  echo "wait-check"
  stage checked
  stage unmarked
  stage moved-down
  stage removed
  stage undone-1
  stage undone-2
  stage redone
  echo "window-new"
  echo "bus-info $work/bus2"
  stage sent-w2
  echo "window 1"
  stage sent-w1
  stage undone-w1
  echo "window 2"
  stage undone-w2
  # Problem 2 of window 1 dropped on window 2's first row, as a drag does.
  echo "collection-drop 2 1 1"
  stage dropped-w2
  echo "window-close 2 discard"
  echo "window 1"
  stage dropped-w1
  echo "locate-row 1 $work/row1"
  echo "locate-row 2 $work/row2"
  echo "touch $work/located"
  stage dragged
  echo "quit"
} > "$work/script"
launch "$work/small.xml" small
line small "problems 4"
act collection-check
pass check-started
pass checked
# Each mark is feerie-cli check's verdict for that problem.
python3 - "$work/cli.json" "$work/checked.coll" <<'PY' || fail "the window's marks are not feerie-cli check's verdicts"
import json, sys
marks = {"sound": "✓", "cooked": "cooked", "duals": "dual", "unsupported": "unsupported",
         "short": "short", "no solution": "unsolved", "too long": "too long", "error": "error"}
report = json.load(open(sys.argv[1], encoding="utf-8"))
want = [marks[p["verdict"]] for p in report["problems"]]
assert want == ["✓", "cooked", "unsupported", "dual"], want
got = [l.split(" | ")[0].split(" ", 2)[2] for l in open(sys.argv[2], encoding="utf-8") if l.startswith("problem ")]
assert got == want, (got, want)
PY
# An edit of the cooked problem takes its mark away; the others keep theirs.
act collection-select "<uint32 1>"
act mirror
pass unmarked
problems unmarked | grep -q '^problem 2  | ' || { problems unmarked; fail "the edited problem kept its mark"; }
problems unmarked | grep -q '^problem 1 ✓ | ' || { problems unmarked; fail "problem 1 lost its mark"; }
act undo

# Undo covers the list: a reorder and a removal, undone, then redone.
order () { problems "$1" | sed 's/.* | //' | tr '\n' ' '; }
act collection-select "<uint32 0>"
act collection-move-down
pass moved-down
[ "$(order moved-down)" = "S2 S1 S3 S4 " ] || fail "move down: $(order moved-down)"
line moved-down "current 2"
act collection-remove
pass removed
[ "$(order removed)" = "S2 S3 S4 " ] || fail "remove: $(order removed)"
act undo
pass undone-1
[ "$(order undone-1)" = "S2 S1 S3 S4 " ] || fail "undo of the removal: $(order undone-1)"
line undone-1 "current 2"
act undo
pass undone-2
[ "$(order undone-2)" = "S1 S2 S3 S4 " ] || fail "undo of the reorder: $(order undone-2)"
line undone-2 "current 1"
# The marks follow their problems through it.
problems undone-2 | grep -q '^problem 1 ✓ | .*| S1$' || { problems undone-2; fail "the marks did not follow"; }
act redo
act redo
pass redone
[ "$(order redone)" = "S2 S3 S4 " ] || fail "redo: $(order redone)"

# Another window: the problem shown goes there (the window numbered in
# the bus path), and undo brings it back here only.
await "$work/bus2"
read -r bus2 path2 < "$work/bus2"
act collection-select "<uint32 0>"
act collection-send "<uint32 ${path2##*/}>"
pass sent-w2
[ "$(order sent-w2)" = "- S2 " ] || fail "the window sent to: $(order sent-w2)"
line sent-w2 "list shown"
line sent-w2 "current 2"
pass sent-w1
[ "$(order sent-w1)" = "S3 S4 " ] || fail "the window sent from: $(order sent-w1)"
act undo
pass undone-w1
[ "$(order undone-w1)" = "S2 S3 S4 " ] || fail "undo in the window sent from: $(order undone-w1)"
pass undone-w2
[ "$(order undone-w2)" = "- S2 " ] || fail "undo in one window changed the other: $(order undone-w2)"
# The drop: inserted where it was dropped there, gone from here.
pass dropped-w2
[ "$(order dropped-w2)" = "S3 - S2 " ] || fail "the window dropped on: $(order dropped-w2)"
line dropped-w2 "current 1"
pass dropped-w1
[ "$(order dropped-w1)" = "S2 S4 " ] || fail "the window dragged from: $(order dropped-w1)"

# A real drag with the mouse: row 1 onto row 2.
await "$work/located"
read -r x1 y1 < "$work/row1"
read -r x2 y2 < "$work/row2"
pointer_drag "$x1" "$y1" "$x2" "$y2"
pass dragged
[ "$(order dragged)" = "S4 S2 " ] || fail "a row dragged onto another did not move there: $(order dragged)"
line dragged "current 2"
wait $app || fail "feerie-test failed (small collection)"
echo "ok"
