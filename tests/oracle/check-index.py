#!/usr/bin/env python3
# check-index.py — the oracle comparison covers every reference problem and
# none of them trivially: each row of INDEX.tsv (cases/ and unsupported/)
# and of orthodox/INDEX.tsv has its directory with problem.inp and
# popeye.out, every directory has its row, meson registered one test per
# directory, and every problem Popeye solves has a non-empty solution part
# (so that comparing with it is not comparing two empty lists).  With
# --shared DIR the copy is also compared file by file with ../shared/oracle.
# beyond/ holds a part of ../shared/oracle/beyond: every problem of group A
# (stipulations) but the a=>b ones, each with its row of beyond/INDEX.tsv,
# which is copied whole.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-index.py DATA-DIR REGISTERED-ORTHODOX REGISTERED-CASES
#                       REGISTERED-UNSUPPORTED REGISTERED-BEYOND [--shared DIR]
import filecmp
import os
import sys

# the reading of popeye.out the tests use (check-solution.py's)
import solution_lines as checker


def rows(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    head = lines[0]
    return {r[0]: dict(zip(head, r)) for r in lines[1:]}


def dirs(path):
    return sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)))


def main():
    data = sys.argv[1]
    registered = {"orthodox": int(sys.argv[2]), "cases": int(sys.argv[3]),
                  "unsupported": int(sys.argv[4]), "beyond": int(sys.argv[5])}
    errors = []
    index = rows(os.path.join(data, "INDEX.tsv"))
    ortho = rows(os.path.join(data, "orthodox", "INDEX.tsv"))
    on_disk = {k: dirs(os.path.join(data, k)) for k in registered}
    for kind, names in on_disk.items():
        if len(names) != registered[kind]:
            errors.append("%s: %d directories, %d tests registered" % (kind, len(names), registered[kind]))
    for name in set(index) - set(on_disk["cases"]) - set(on_disk["unsupported"]):
        errors.append("INDEX.tsv lists %s, which has no directory" % name)
    for name in set(on_disk["cases"]) | set(on_disk["unsupported"]):
        if name not in index:
            errors.append("%s has no row in INDEX.tsv" % name)
    for name in set(ortho) ^ set(on_disk["orthodox"]):
        errors.append("orthodox/%s: in only one of orthodox/INDEX.tsv and the directories" % name)
    beyond = rows(os.path.join(data, "beyond", "INDEX.tsv"))
    for name in on_disk["beyond"]:
        if name not in beyond:
            errors.append("beyond/%s has no row in beyond/INDEX.tsv" % name)
    # Group A but a=>b (position-to-position play, not solved yet).
    wanted = {n for n, r in beyond.items() if r["group"] == "A" and "a=>b" not in r["stipulation"]}
    for name in sorted(wanted - set(on_disk["beyond"])):
        errors.append("beyond/%s: group A, not copied" % name)
    solved = 0
    for kind, names in on_disk.items():
        table = ortho if kind == "orthodox" else beyond if kind == "beyond" else index
        for name in names:
            case = os.path.join(data, kind, name)
            for f in ("problem.inp", "popeye.out"):
                if not os.path.isfile(os.path.join(case, f)):
                    errors.append("%s/%s: no %s" % (kind, name, f))
            out = os.path.join(case, "popeye.out")
            if not os.path.isfile(out) or name not in table:
                continue
            count = int(table[name].get("solutions") or 0)
            lines = checker.solution_part(open(out, errors="replace").read())
            moves = [line for line in lines if checker.MOVE.match(line)]
            if count > 0 and not moves:
                errors.append("%s/%s: INDEX.tsv says %d solutions, popeye.out has no move line"
                              % (kind, name, count))
            if count == 0 and moves:
                errors.append("%s/%s: INDEX.tsv says no solution, popeye.out has %d move lines"
                              % (kind, name, len(moves)))
            solved += bool(moves)
    if "--shared" in sys.argv:
        shared = sys.argv[sys.argv.index("--shared") + 1]
        for kind in registered:
            if kind == "beyond":
                continue
            cmp = filecmp.dircmp(os.path.join(shared, kind), os.path.join(data, kind))
            pending = [(cmp, kind)]
            while pending:
                c, where = pending.pop()
                for f in c.left_only:
                    errors.append("%s/%s: in ../shared/oracle, not copied" % (where, f))
                for f in c.right_only:
                    errors.append("%s/%s: not in ../shared/oracle" % (where, f))
                for f in c.diff_files:
                    errors.append("%s/%s: differs from ../shared/oracle" % (where, f))
                pending += [(s, where + "/" + n) for n, s in c.subdirs.items()]
        if not filecmp.cmp(os.path.join(shared, "INDEX.tsv"), os.path.join(data, "INDEX.tsv"), shallow=False):
            errors.append("INDEX.tsv differs from ../shared/oracle")
        for name in ["INDEX.tsv", "README.md"] + on_disk["beyond"]:
            a, b = os.path.join(shared, "beyond", name), os.path.join(data, "beyond", name)
            if not os.path.exists(a):
                errors.append("beyond/%s: not in ../shared/oracle/beyond" % name)
            elif os.path.isdir(a):
                c = filecmp.dircmp(a, b)
                for f in c.left_only + c.right_only + c.diff_files:
                    errors.append("beyond/%s/%s: differs from ../shared/oracle/beyond" % (name, f))
            elif not filecmp.cmp(a, b, shallow=False):
                errors.append("beyond/%s: differs from ../shared/oracle/beyond" % name)
    for e in errors:
        print(e)
    print("%d orthodox, %d cases, %d unsupported, %d beyond; %d with a non-empty Popeye solution"
          % (len(on_disk["orthodox"]), len(on_disk["cases"]), len(on_disk["unsupported"]),
             len(on_disk["beyond"]), solved))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
