#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every help and series problem of the oracle data solved on one thread
with the table on (default), off (--hash 0) and tiny (--hash 1), and on 2
threads: the
outputs must be byte-identical, and --verify must accept every line.

usage: table-diff.py FEERIE_CLI DATA_DIR... [--skip-off NAME,...] [--skip NAME,...]
                     [--only NAME,...] [--off-only] [-v]
--skip-off names problems too slow without a table for CI (the tiny table
still runs for them); --skip problems too slow for CI altogether (the oracle
tests still compare them with Popeye on 1 and 2 threads); --only keeps those
named; --off-only runs the table-off variant alone.
"""
import sys

from oracle_variants import HELP_OR_SERIES, differences, parse_args, problems, run, summary


def main(argv):
    cli, dirs, sets = parse_args(argv, ["--skip-off", "--skip", "--only"])
    failures = checked = 0
    help_or_series = lambda stips: all(HELP_OR_SERIES.match(s) for s in stips)
    for name, path in problems(dirs, sets["--skip"], help_or_series):
        if sets["--only"] and name not in sets["--only"]:
            continue
        rc, base, err = run(cli, path, ["--threads", "1", "--verify"], timeout=600)
        if rc != 0:
            print(f"FAIL {name}: --verify exit {rc}\n{err}")
            failures += 1
            continue
        if "partial solution" in base:
            continue
        variants = [["--hash", "1", "--threads", "1"], ["--threads", "2"],
                    ["--hash", "1", "--threads", "2"]]
        if "--off-only" in argv:
            variants = []
        if name not in sets["--skip-off"]:
            variants.append(["--hash", "0", "--threads", "1"])
        failures += differences(cli, name, path, base, [(v, None) for v in variants], timeout=600)
        checked += 1
    return summary(checked, failures)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
