#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every direct, self and reflex problem of the oracle data solved on one
thread with the default table (the plain search), then on 2 and 3 threads
(helper threads sharing the table), with a tiny table (--hash 1) and
without one (--hash 0): the outputs must be byte-identical (issue 14: the
helpers only fill the table; never lose or add a solution).

usage: battle-threads-diff.py FEERIE_CLI DATA_DIR... [--only NAME,...]
       [--skip-off NAME,...] [-v]
--only keeps those problems of the directories (the speed set is slow);
--skip-off names problems too slow without a table for CI.
"""
import sys

from oracle_variants import HELP_OR_SERIES, differences, parse_args, problems, run, summary

VARIANTS = [["--threads", "2"], ["--threads", "3"], ["--threads", "2", "--hash", "1"],
            ["--threads", "1", "--hash", "1"]]
WITHOUT_TABLE = [["--threads", "1", "--hash", "0"], ["--threads", "2", "--hash", "0"]]


def main(argv):
    cli, dirs, sets = parse_args(argv, ["--only", "--skip-off"])
    failures = checked = 0
    battle = lambda stips: not any(HELP_OR_SERIES.match(s) for s in stips)
    for name, path in problems(dirs, set(), battle):
        if sets["--only"] and name not in sets["--only"]:
            continue
        rc, base, _ = run(cli, path, ["--threads", "1"])
        if rc != 0 or "partial solution" in base:
            continue
        variants = VARIANTS + ([] if name in sets["--skip-off"] else WITHOUT_TABLE)
        failures += differences(cli, name, path, base, [(v, None) for v in variants])
        checked += 1
    return summary(checked, failures)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
