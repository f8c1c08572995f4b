#!/usr/bin/env python3
# check-index.py — the oracle comparison covers every reference problem and
# none of them trivially: each row of INDEX.tsv (cases/ and unsupported/)
# and of orthodox/INDEX.tsv has its directory with problem.inp and
# popeye.out, every directory has its row, meson registered one test per
# directory, and every problem Popeye solves has a non-empty solution part
# (so that comparing with it is not comparing two empty lists); walks/ has
# no index, and every one of its problems has a solution.  With --shared DIR
# the copy is also compared file by file with ../shared/oracle.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-index.py DATA-DIR REGISTERED-ORTHODOX REGISTERED-CASES
#                       REGISTERED-UNSUPPORTED REGISTERED-WALKS REGISTERED-BEYOND
#                       REGISTERED-WORLD [--shared DIR]
# beyond/ holds the problems of ../shared/oracle/beyond whose group is
# registered (A, the stipulations; B, the conditions), with that folder's INDEX.tsv.
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
                  "unsupported": int(sys.argv[4]), "walks": int(sys.argv[5])}
    errors = []
    # beyond/: every row of a registered group has its directory and every
    # directory its row; meson registered each.
    beyond = rows(os.path.join(data, "beyond", "INDEX.tsv"))
    beyond_groups = {"A", "B"}
    beyond_dirs = dirs(os.path.join(data, "beyond"))
    for name in beyond_dirs:
        if name not in beyond:
            errors.append("beyond/%s has no row in beyond/INDEX.tsv" % name)
    for name, row in beyond.items():
        if row.get("group") in beyond_groups and name not in beyond_dirs:
            errors.append("beyond/INDEX.tsv lists %s (group %s), which has no directory"
                          % (name, row.get("group")))
    if len(beyond_dirs) != int(sys.argv[6]):
        errors.append("beyond: %d directories, %s tests registered" % (len(beyond_dirs), sys.argv[6]))
    # world/: every row of LIST.tsv has its directory and the reverse, each
    # registered, each with a solution to compare with.
    world = rows(os.path.join(data, "world", "LIST.tsv"))
    world_dirs = dirs(os.path.join(data, "world"))
    for name in set(world) ^ set(world_dirs):
        errors.append("world/%s: in only one of world/LIST.tsv and the directories" % name)
    if len(world_dirs) != int(sys.argv[7]):
        errors.append("world: %d directories, %s tests registered" % (len(world_dirs), sys.argv[7]))
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
    solved = 0
    on_disk["beyond"] = beyond_dirs
    on_disk["world"] = world_dirs
    tables = {"orthodox": ortho, "walks": None, "beyond": beyond, "world": None}
    for kind, names in on_disk.items():
        table = tables.get(kind, index)
        for name in names:
            case = os.path.join(data, kind, name)
            for f in ("problem.inp", "popeye.out"):
                if not os.path.isfile(os.path.join(case, f)):
                    errors.append("%s/%s: no %s" % (kind, name, f))
            out = os.path.join(case, "popeye.out")
            if not os.path.isfile(out) or (table is not None and name not in table):
                continue
            lines = checker.solution_part(open(out, errors="replace").read())
            moves = [line for line in lines if checker.MOVE.match(line)]
            solved += bool(moves)
            if kind == "world":
                continue  # "no solution" is Popeye's answer for some: compared all the same
            if table is None:
                if not moves:
                    errors.append("%s/%s: popeye.out has no move line" % (kind, name))
                continue
            count = int(table[name].get("solutions") or 0)
            if count > 0 and not moves:
                errors.append("%s/%s: INDEX.tsv says %d solutions, popeye.out has no move line"
                              % (kind, name, count))
            if count == 0 and moves:
                errors.append("%s/%s: INDEX.tsv says no solution, popeye.out has %d move lines"
                              % (kind, name, len(moves)))
    if "--shared" in sys.argv:
        shared = sys.argv[sys.argv.index("--shared") + 1]
        for kind in registered:
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
        for f in ["INDEX.tsv", "README.md"] + [n + "/" + g for n in beyond_dirs
                                              for g in ("problem.inp", "popeye.out")]:
            a, b = os.path.join(shared, "beyond", f), os.path.join(data, "beyond", f)
            if not os.path.isfile(a) or not filecmp.cmp(a, b, shallow=False):
                errors.append("beyond/%s differs from ../shared/oracle" % f)
        for name in world_dirs:
            for g in ("problem.inp", "popeye.out"):
                a, b = os.path.join(shared, "world", name, g), os.path.join(data, "world", name, g)
                if not os.path.isfile(a) or not filecmp.cmp(a, b, shallow=False):
                    errors.append("world/%s/%s differs from ../shared/oracle" % (name, g))
    for e in errors:
        print(e)
    print("%d orthodox, %d cases, %d unsupported, %d walks, %d beyond, %d world; %d with a "
          "non-empty Popeye solution" % (len(on_disk["orthodox"]), len(on_disk["cases"]),
                                         len(on_disk["unsupported"]), len(on_disk["walks"]),
                                         len(on_disk["beyond"]), len(on_disk["world"]), solved))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
