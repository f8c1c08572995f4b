#!/usr/bin/env python3
# check-solution.py — solve one reference problem and compare with Popeye.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-solution.py FEERIE-CLI CASE-DIR [--refuse] [--threads N] [--hash MB] [--timeout S]
# (--timeout: seconds the solve may take, 600 by default, 0 for no limit)
# (Popeye's output is CASE-DIR/popeye.out, or popeye.out.gz.)
# The comparison follows tests/oracle/data/README.md ("reproduced exactly"):
# only move lines, "but" and twin headers of the solution part count; runs of
# spaces are folded; the solution is a tree by move numbers and siblings are
# unordered.  With --refuse the problem must be refused with exit status 2
# and a message naming the unsupported condition: one of the conditions
# INDEX.tsv lists for it that is not a Féerie genre (or solved exactly,
# like every problem once Féerie solves all its conditions).
import gzip
import os
import subprocess
import sys

from solution_lines import repeated_lines, tree

def supported_words(cli):
    """The conditions Féerie solves, as the binary lists them (feerie-cli
    conditions): each condition's Popeye words, by condition."""
    run = subprocess.run([cli, "conditions"], capture_output=True, text=True, check=True)
    words = {}
    for line in run.stdout.splitlines():
        kind, name, rest = (line.split("\t") + ["", ""])[:3]
        if kind == "condition":
            for w in rest.split():
                words[w.lower()] = name
    return words


def is_supported(condition, words):
    """An INDEX.tsv condition name: a word of a condition ("Circe"), or a
    word and one of the same condition's ("Circe:Parrain")."""
    head, _, variant = condition.partition(":")
    owner = words.get(head.lower())
    return owner is not None and (not variant or words.get(variant.lower()) == owner)


def unsupported_conditions(case, cli):
    """The conditions of INDEX.tsv's row for `case` that Féerie lacks."""
    index = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(case))), "INDEX.tsv")
    name = os.path.basename(os.path.normpath(case))
    words = supported_words(cli)
    with open(index, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        col = head.index("conditions") if "conditions" in head else 1
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if cols[0] == name:
                return [c for c in cols[col].split(",") if c and c != "-" and not is_supported(c, words)]
    return []


def popeye_output(case):
    """Popeye's output for the case: popeye.out, or popeye.out.gz (the
    speed set's outputs are large)."""
    path = os.path.join(case, "popeye.out")
    if os.path.exists(path):
        return open(path, errors="replace").read()
    with gzip.open(path + ".gz", "rt", errors="replace") as f:
        return f.read()


def main():
    cli, case = sys.argv[1], sys.argv[2]
    refuse = "--refuse" in sys.argv
    extra = []
    if "--threads" in sys.argv:
        extra = ["--threads", sys.argv[sys.argv.index("--threads") + 1]]
    if "--hash" in sys.argv:
        extra += ["--hash", sys.argv[sys.argv.index("--hash") + 1]]
    timeout = 600
    if "--timeout" in sys.argv:
        timeout = int(sys.argv[sys.argv.index("--timeout") + 1]) or None
    run = subprocess.run([cli, "solve"] + extra + [case + "/problem.inp"], capture_output=True,
                         text=True, errors="replace", timeout=timeout)
    # A problem of unsupported/ whose conditions Féerie now all solves must
    # be solved exactly, as any other.
    names = unsupported_conditions(case, cli) if refuse else []
    refuse = refuse and bool(names)
    if refuse:
        if run.returncode == 2 and "unsupported condition" in run.stderr \
                and any(n in run.stderr for n in names):
            return 0
        # solving it exactly is acceptable too
        if run.returncode == 0:
            expected = popeye_output(case)
            if tree(expected) == tree(run.stdout):
                return 0
        print("expected a refusal naming %s; got status %d\n%s\n%s"
              % (" or ".join(names), run.returncode, run.stderr, run.stdout))
        return 1
    if run.returncode != 0:
        print("feerie-cli failed with status %d:\n%s" % (run.returncode, run.stderr))
        return 1
    twice = repeated_lines(run.stdout)
    if twice:
        print("lines printed twice (docs/rules/decisions.md D7: one move, one line):\n  " + "\n  ".join(twice))
        return 1
    expected = popeye_output(case)
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
