#!/usr/bin/env python3
# list-problems.py — the names of the reference problems meson registers as
# tests (tests/oracle/meson.build), one a line, sorted: meson cannot list a
# folder or read a table itself, and one script keeps the reading in one place.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: list-problems.py DIR
#            the problem folders of DIR (orthodox/, cases/, walks/, speed/ …)
#        list-problems.py world/LIST.tsv --world
#            the problems of world/ (world-sync.py's list), ":slow" appended
#            to those over a second
#        list-problems.py INDEX.tsv --group G [--mark tiny|atob]
#            the rows of INDEX.tsv (../shared/oracle/beyond's) in group G;
#            --mark appends ":tiny" to the long series (ser-…N, N >= 10,
#            whose search without a table takes minutes) or ":atob" to the
#            a=>b problems, for the tests meson adds to those.
import argparse
import os
import re


def long_series(stipulation):
    match = re.match(r"ser-.*?(\d+)$", stipulation)
    return bool(match) and int(match.group(1)) >= 10


MARKS = {
    "tiny": long_series,
    "atob": lambda stipulation: "a=>b" in stipulation,
}


def folders(path):
    return sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)))


def index_rows(path, group, mark):
    with open(path, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    marked = MARKS.get(mark, lambda stipulation: False)
    # column 0 is the name, 1 the group, 5 the stipulation
    return sorted(r[0] + (":" + mark if marked(r[5]) else "")
                  for r in rows if len(r) > 5 and r[1] == group)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("path", help="a folder of problems, or INDEX.tsv")
    parser.add_argument("--group", help="the INDEX.tsv group to list (A, B)")
    parser.add_argument("--mark", choices=sorted(MARKS), help="the entries to mark")
    parser.add_argument("--world", action="store_true", help="read world/LIST.tsv")
    args = parser.parse_args()
    if args.world:
        with open(args.path, encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
        names = sorted(r[0] + (":" + r[2] if len(r) > 2 and r[2] else "") for r in rows if r[0])
    elif args.group is None:
        names = folders(args.path)
    else:
        names = index_rows(args.path, args.group, args.mark)
    print("\n".join(names))


if __name__ == "__main__":
    main()
