#!/usr/bin/env python3
# world-sync.py — copies the problems of Popeye's example corpus (the half
# kept in ../shared/oracle/world) that Féerie solves as Popeye does into
# tests/oracle/data/world/, where meson registers each as a test.  Run by
# hand after a change that lets Féerie solve more of them; the suite then
# keeps them solved.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: world-sync.py FEERIE-CLI [--shared DIR] [--jobs N]
#
# Each problem is solved on one thread (10 s at most).  Those Féerie
# refuses (a condition, walk, attribute or stipulation it lacks) are left
# out; those it solves exactly ("reproduced exactly", data/README.md) are
# copied and listed in data/world/LIST.tsv with their time (over a second:
# marked slow, which the sanitized run leaves out); those it solves
# differently are listed in data/world/DIFFERENCES.tsv with the first line
# that differs, for the fidelity work, and not tested.  Problems already
# among data/beyond's are not copied twice.
import argparse
import concurrent.futures
import difflib
import os
import shutil
import subprocess
import sys
import time

import solution_lines as checker

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")


def solve(cli, case):
    start = time.monotonic()
    try:
        run = subprocess.run([cli, "solve", "--threads", "1", os.path.join(case, "problem.inp")],
                             capture_output=True, text=True, errors="replace", timeout=10)
    except subprocess.TimeoutExpired:
        return None, None, 10.0
    return run.returncode, run.stdout, time.monotonic() - start


def first_difference(expected, actual):
    want = checker.tree(expected)
    got = checker.tree(actual)
    if want == got:
        return None
    for line in difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm="", n=0):
        if line[:1] in "+-" and not line.startswith(("+++", "---")):
            return ("extra: " if line[0] == "+" else "missing: ") + line[1:].strip()
    return "differs"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--shared", default=os.path.join(HERE, "..", "..", "..", "shared", "oracle"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    source = os.path.join(args.shared, "world")
    names = sorted(d for d in os.listdir(source) if os.path.isdir(os.path.join(source, d)))
    taken = set(os.listdir(os.path.join(DATA, "beyond")))
    names = [n for n in names if n not in taken]

    def one(name):
        rc, out, seconds = solve(args.cli, os.path.join(source, name))
        return name, rc, out, seconds

    exact, differ = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, rc, out, seconds in pool.map(one, names):
            if rc != 0:
                continue
            expected = open(os.path.join(source, name, "popeye.out"), errors="replace").read()
            diff = first_difference(expected, out)
            if diff is None:
                exact.append((name, seconds))
            else:
                differ.append((name, diff))
    world = os.path.join(DATA, "world")
    for d in os.listdir(world):
        if os.path.isdir(os.path.join(world, d)):
            shutil.rmtree(os.path.join(world, d))
    for name, _ in exact:
        os.makedirs(os.path.join(world, name))
        for f in ("problem.inp", "popeye.out"):
            shutil.copyfile(os.path.join(source, name, f), os.path.join(world, name, f))
    with open(os.path.join(world, "LIST.tsv"), "w", encoding="utf-8") as f:
        f.write("name\tseconds\tmark\n")
        for name, seconds in exact:
            f.write("%s\t%.2f\t%s\n" % (name, seconds, "slow" if seconds > 1.0 else ""))
    with open(os.path.join(world, "DIFFERENCES.tsv"), "w", encoding="utf-8") as f:
        f.write("name\tfirst difference\n")
        for name, diff in differ:
            f.write("%s\t%s\n" % (name, diff))
    print("%d of %d solved as Popeye does, %d differently" % (len(exact), len(names), len(differ)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
