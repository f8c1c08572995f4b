#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""feerie-cli solve --json (issue 23) against docs/solution-json.md and Popeye.

For every reference problem the document must have the documented members
and types; the tree, written back as Popeye lays a solution out (by this
script, not by Féerie's text writer), must be Popeye's solution tree; and
playing each path's stages from the twin's position must move the pieces
the moves name, with the diagram's piece count Popeye prints.

usage: test-solve-json.py FEERIE_CLI ORACLE_DATA_DIR [--skip NAME,...]
(--skip: beyond problems too long for it)"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
from solution_lines import tree  # noqa: E402

cli, data = sys.argv[1], sys.argv[2]
HEAVY = {"h3.5_twin_shift", "sers6_castling", "h2_twin_continued", "h3_twin_mirror_castling"}
if "--skip" in sys.argv:
    HEAVY |= set(sys.argv[sys.argv.index("--skip") + 1].split(","))
# beyond/: group A (the stipulations, issue 21); group B has its own tests.
with open(os.path.join(data, "beyond", "INDEX.tsv"), encoding="utf-8") as f:
    GROUP_A = {line.split("\t")[0] for line in f if line.split("\t")[1:2] == ["A"]}
SQUARE = re.compile(r"^[a-h][1-8]$")
ROLES = {"key", "try", "refutation", "threat", "defence", "continuation", "set-play", "solution",
         "short", "violation"}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def expect(obj, members, where):
    """`members`: name → type (or tuple of types); all present, typed."""
    if not isinstance(obj, dict):
        fail("%s: not an object" % where)
        return False
    ok = True
    for name, kind in members.items():
        if name not in obj or not isinstance(obj[name], kind) or (
                kind is int and isinstance(obj[name], bool)):
            fail("%s: member %r missing or not %s: %r" % (where, name, kind, obj.get(name)))
            ok = False
    return ok


def check_piece(p, where):
    if p is None:
        return
    if expect(p, {"walk": str, "colour": str, "attributes": list}, where):
        if p["colour"] not in ("white", "black", "neutral") or not p["walk"].isupper():
            fail("%s: bad piece %r" % (where, p))


def check_squares(items, where):
    for it in items:
        if expect(it, {"square": str}, where) and not SQUARE.match(it["square"]):
            fail("%s: bad square %r" % (where, it["square"]))
        if "piece" not in it:
            fail("%s: no piece" % where)
        else:
            check_piece(it["piece"], where)


def check_move(m, where):
    if not expect(m, {"role": str, "number": str, "text": str, "from": str, "to": str,
                      "after_pass": bool, "phase": int, "marks": list, "notes": list,
                      "stages": list, "children": list}, where):
        return
    if m["role"] not in ROLES:
        fail("%s: role %r" % (where, m["role"]))
    if not set(m["marks"]) <= {"check", "mate", "stalemate"}:
        fail("%s: marks %r" % (where, m["marks"]))
    if not set(m["notes"]) <= {"threat", "zugzwang", "line-end", "reciprocal"}:
        fail("%s: notes %r" % (where, m["notes"]))
    if not m["stages"] or m["stages"][0].get("name") != "displacement":
        fail("%s: the first stage is not the displacement" % where)
    for st in m["stages"]:
        if expect(st, {"name": str, "label": str, "effects": list, "squares": list,
                       "imitators": list}, where + " stage"):
            check_squares(st["squares"], where + " stage")
    for c in m["children"]:
        check_move(c, where + " / " + m["number"] + m["text"])


def popeye_layout(doc_problem):
    """The solution as Popeye lays it out, from the JSON alone."""
    out = []
    for twin in doc_problem["twins"]:
        if twin["label"]:
            out.append(twin["label"])
        if twin["play"] == "lines":
            def lines(m, prefix):
                # Within a line Popeye numbers White's moves only ("1.a b 2.c d").
                number = m["number"] if not prefix or not m["number"].endswith("...") else ""
                # Reflex play's diagram violation: Popeye's " ?!?".
                here = prefix + [number + m["text"] + (" ?!?" if m["role"] == "violation" else "")]
                if "line-end" in m["notes"]:
                    out.append(" ".join(here))
                for c in m["children"]:
                    lines(c, here)
            for m in twin["moves"]:
                lines(m, [])
            continue

        def battle(m, depth):
            suffix = {"key": " !", "try": " ?", "refutation": " !", "violation": " ?!?"}.get(m["role"], "")
            if "threat" in m["notes"]:
                suffix += " threat:"
            if "zugzwang" in m["notes"]:
                suffix += " zugzwang."
            out.append("  " * depth + m["number"] + m["text"] + suffix)
            refutations = [c for c in m["children"] if c["role"] == "refutation"]
            for c in m["children"]:
                if c["role"] != "refutation":
                    battle(c, depth + 1)
            if refutations:
                out.append("but")
                for c in refutations:
                    battle(c, depth + 1)
        for m in twin["moves"]:
            battle(m, 0)
    return "\n".join(out)


def replay(twin, where):
    board = {p["square"]: p["piece"] for p in twin["position"]["pieces"]}

    def walk(m, board):
        b = dict(board)
        for i, st in enumerate(m["stages"]):
            for sq in st["squares"]:
                b[sq["square"]] = sq["piece"]
            if i == 0 and m["text"]:
                # (A pawn promoted to an imitator leaves its square empty.)
                if not b.get(m["to"]) and "=I" not in m["text"]:
                    fail("%s %s%s: nothing on %s after the move" % (where, m["number"], m["text"],
                                                                    m["to"]))
                if m["from"] != m["to"] and b.get(m["from"]) and "0-0" not in m["text"]:
                    fail("%s %s%s: %s not left" % (where, m["number"], m["text"], m["from"]))
        for c in m["children"]:
            walk(c, b)
    for m in twin["moves"]:
        walk(m, board)


checked = 0
for kind in ("cases", "orthodox", "beyond"):
    for name in sorted(os.listdir(os.path.join(data, kind))):
        d = os.path.join(data, kind, name)
        if name in HEAVY or not os.path.isdir(d) or (kind == "beyond" and name not in GROUP_A):
            continue
        r = subprocess.run([cli, "solve", os.path.join(d, "problem.inp"), "--json",
                            "--threads", "1"], capture_output=True, text=True)
        if r.returncode != 0:
            fail("%s: exit %d %s" % (name, r.returncode, r.stderr))
            continue
        doc = json.loads(r.stdout)
        if not expect(doc, {"format": str, "version": int, "file": str, "problems": list}, name):
            continue
        if doc["format"] != "feerie-solution" or doc["version"] != 1 or len(doc["problems"]) != 1:
            fail("%s: header %r" % (name, {k: doc[k] for k in ("format", "version")}))
        p = doc["problems"][0]
        if not expect(p, {"index": int, "stipulation": str, "complete": bool, "seconds": float,
                          "nodes": int, "lines_not_kept": int, "twins": list}, name):
            continue
        for t in p["twins"]:
            if expect(t, {"label": str, "play": str, "phases": int, "position": dict,
                          "moves": list}, name + " twin"):
                expect(t["position"], {"side": str, "pieces": list, "imitators": list},
                       name + " position")
                check_squares(t["position"]["pieces"], name + " position")
                for m in t["moves"]:
                    check_move(m, name)
                replay(t, name + " " + t["label"])
        popeye = open(os.path.join(d, "popeye.out"), encoding="utf-8").read()
        if tree(popeye_layout(p)) != tree(popeye):
            fail("%s: the JSON tree is not Popeye's solution" % name)
        count = re.search(r"^\s+\S+\s+(\d+) \+ (\d+)(?: \+ (\d+)n)?\s*$", popeye, re.M)
        if "=> (" in popeye:
            # a=>b: the line with the stipulation counts B; A's count
            # stands alone under the first board (the twin's position)
            count = re.search(r"^\s+(\d+) \+ (\d+)(?: \+ (\d+)n)?\s*$", popeye, re.M)
        pieces = p["twins"][0]["position"]["pieces"]
        if count and not count.group(3):
            white = sum(1 for x in pieces if x["piece"]["colour"] == "white")
            black = sum(1 for x in pieces if x["piece"]["colour"] == "black")
            if (white, black) != (int(count.group(1)), int(count.group(2))):
                fail("%s: %d + %d pieces, Popeye counts %s + %s" % (name, white, black,
                                                                    count.group(1), count.group(2)))
        checked += 1

# An unsupported condition: an "error" member and status 2.
d = os.path.join(data, "unsupported")
name = "bsp_madrasi_01"  # GridChess
r = subprocess.run([cli, "solve", os.path.join(d, name, "problem.inp"), "--json"],
                   capture_output=True, text=True)
if r.returncode != 2 or "error" not in json.loads(r.stdout)["problems"][0]:
    fail("unsupported %s: exit %d, %s" % (name, r.returncode, r.stdout[:200]))

print("%d problems checked, %d failure%s" % (checked, len(failures),
                                              "" if len(failures) == 1 else "s"))
sys.exit(1 if failures else 0)
