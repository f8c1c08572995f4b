#!/usr/bin/env python3
# check-solution.py — solve one reference problem and compare with Popeye.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-solution.py FEERIE-CLI CASE-DIR [--refuse] [--threads N]
# The comparison follows tests/oracle/data/README.md ("reproduced exactly"):
# only move lines, "but" and twin headers of the solution part count; runs of
# spaces are folded; the solution is a tree by move numbers and siblings are
# unordered.  With --refuse the problem must be refused with exit status 2
# and a message naming the unsupported condition.
import re
import subprocess
import sys

MOVE = re.compile(r"^\s*(\d+)(\.\.\.|\.)")
TWIN = re.compile(r"^\s*\+?[a-z]\)")


def solution_part(text):
    lines = text.splitlines()
    start = 0
    for i, line in enumerate(lines):
        if line.strip().startswith("+---a---b"):
            start = i + 1
    if start:
        while start < len(lines) and lines[start].strip():
            start += 1
    kept = []
    for line in lines[start:]:
        s = " ".join(line.split())
        if MOVE.match(s) or s == "but" or TWIN.match(s):
            kept.append(s)
    return kept


def level(line):
    m = MOVE.match(line)
    if not m:
        return 0.5 if line == "but" else -1
    return 2 * (int(m.group(1)) - 1) + (1 if m.group(2) == "..." else 0)


def tree(text):
    root = ["", []]
    stack = [(-10, root)]
    for line in solution_part(text):
        lv = level(line)
        node = [line, []]
        while len(stack) > 1 and stack[-1][0] >= lv:
            stack.pop()
        stack[-1][1][1].append(node)
        stack.append((lv, node))

    def canon(node, depth):
        kids = sorted(canon(k, depth + 1) for k in node[1])
        return "  " * depth + node[0] + "".join("\n" + k for k in kids)
    return canon(root, -1).strip("\n")


def main():
    cli, case = sys.argv[1], sys.argv[2]
    refuse = "--refuse" in sys.argv
    extra = []
    if "--threads" in sys.argv:
        extra = ["--threads", sys.argv[sys.argv.index("--threads") + 1]]
    run = subprocess.run([cli, "solve"] + extra + [case + "/problem.inp"], capture_output=True,
                         text=True, errors="replace", timeout=600)
    if refuse:
        if run.returncode == 2 and "unsupported condition" in run.stderr:
            return 0
        # solving it exactly is acceptable too
        if run.returncode == 0:
            expected = open(case + "/popeye.out", errors="replace").read()
            if tree(expected) == tree(run.stdout):
                return 0
        print("expected a refusal naming the condition; got status %d\n%s\n%s"
              % (run.returncode, run.stderr, run.stdout))
        return 1
    if run.returncode != 0:
        print("feerie-cli failed with status %d:\n%s" % (run.returncode, run.stderr))
        return 1
    expected = open(case + "/popeye.out", errors="replace").read()
    a, b = tree(expected), tree(run.stdout)
    if a == b:
        return 0
    import difflib
    for line in difflib.unified_diff(a.splitlines(), b.splitlines(), "popeye", "feerie",
                                     lineterm="", n=1):
        print(line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
