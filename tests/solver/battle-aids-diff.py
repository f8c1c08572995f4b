#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every direct, self and reflex problem of the oracle data solved with the
battle search's aids (move orderings, killer shortcuts, king-first mate
tests, orthodox checking-piece filter, the mating-net filter of the last
moves: FEERIE_BATTLE_OFF) on and off, all together and one by one: the
outputs must be byte-identical (issue 14: the aids change what is searched,
never what is proved).

usage: battle-aids-diff.py FEERIE_CLI DATA_DIR... [--skip NAME,...] [-v]
--skip names problems too slow for CI without the aids (the oracle tests
still compare them with Popeye).
"""
import sys

from oracle_variants import HELP_OR_SERIES, differences, parse_args, problems, run, summary

AIDS = ["all", "mobility", "killer", "king", "checkers", "net"]


def main(argv):
    cli, dirs, sets = parse_args(argv, ["--skip"])
    failures = checked = 0
    battle = lambda stips: not any(HELP_OR_SERIES.match(s) for s in stips)
    for name, path in problems(dirs, sets["--skip"], battle):
        rc, base, _ = run(cli, path, ["--threads", "1"])
        if rc != 0 or "partial solution" in base:
            continue
        one = ["--threads", "1"]
        failures += differences(cli, name, path, base, [(one, {"FEERIE_BATTLE_OFF": off}) for off in AIDS])
        checked += 1
    return summary(checked, failures)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
