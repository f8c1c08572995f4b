# SPDX-License-Identifier: GPL-3.0-or-later
"""The solution part of a Popeye-style output (Popeye's or Féerie's) read as
a tree, as tests/oracle/data/README.md defines "reproduced exactly": only
move lines, "but" and twin headers count; runs of spaces are folded; the
tree follows the move numbers and siblings are unordered.

`repeated_lines` finds the lines printed twice (docs/rules/decisions.md D7:
one move, one line): two siblings of one parent with the same text.  Every
script of the suite that runs the solver checks its outputs with it
(check-solution.py, tests/solver/oracle_variants.py,
tests/solver/cli-checks.py); the C tests do the same through
tests/solution-lines.c."""
import re

MOVE = re.compile(r"^\s*(\d+)(\.\.\.|\.)")
# Twin labels: a) … z), then z1), z2) … (Popeye's)
TWIN = re.compile(r"^\s*\+?[a-z]\d*\)")


def solution_part(text):
    """The kept lines of the solution part (after the diagram if any)."""
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


def nodes(text):
    """The tree: [line, children], the root's line empty."""
    root = ["", []]
    stack = [(-10, root)]
    for line in solution_part(text):
        lv = level(line)
        node = [line, []]
        while len(stack) > 1 and stack[-1][0] >= lv:
            stack.pop()
        stack[-1][1][1].append(node)
        stack.append((lv, node))
    return root


def tree(text):
    """The tree as canonical text: siblings sorted, one line each."""
    def canon(node, depth):
        kids = sorted(canon(k, depth + 1) for k in node[1])
        return "  " * depth + node[0] + "".join("\n" + k for k in kids)
    return canon(nodes(text), -1).strip("\n")


def repeated_lines(text):
    """The lines that appear twice under one parent, each as the path of
    lines leading to it ("a) / 1.Mg1-e2 !"); empty when there are none."""
    found = []

    def walk(node, path):
        seen = set()
        for kid in node[1]:
            if kid[0] in seen:
                found.append(" / ".join(path + [kid[0]]))
            seen.add(kid[0])
            walk(kid, path + [kid[0]])
    walk(nodes(text), [])
    return found
