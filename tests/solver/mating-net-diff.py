#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every help and series problem of the given data solved with the
goal-directed help search (the default) and without it (--plain-help): the
outputs must be byte-identical, on one thread and on two with a tiny table
(issue 22: the pruning loses no solution).

usage: mating-net-diff.py FEERIE_CLI DATA_DIR... [--skip NAME,...] [-v]
--skip names problems too slow for CI without the pruning.
"""
import sys

from oracle_variants import HELP_OR_SERIES, differences, parse_args, problems, run, summary


def main(argv):
    cli, dirs, sets = parse_args(argv, ["--skip"])
    failures = checked = 0
    help_or_series = lambda stips: all(HELP_OR_SERIES.match(s) for s in stips)
    for name, path in problems(dirs, sets["--skip"], help_or_series):
        rc, base, _ = run(cli, path, ["--threads", "1", "--plain-help"], timeout=600)
        if rc != 0 or "partial solution" in base:
            continue
        variants = [["--threads", "1"], ["--threads", "2", "--hash", "1"]]
        failures += differences(cli, name, path, base, [(v, None) for v in variants], timeout=600)
        checked += 1
    return summary(checked, failures)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
