#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every direct, self and reflex problem of the oracle data solved with the
battle search's aids (move orderings, killer shortcuts, king-first mate
tests, orthodox checking-piece filter: FEERIE_BATTLE_OFF) on and off, all together and one by one: the
outputs must be byte-identical (issue 14: the aids change what is searched,
never what is proved).

usage: battle-aids-diff.py FEERIE_CLI DATA_DIR... [--skip NAME,...] [-v]
--skip names problems too slow for CI without the aids (the oracle tests
still compare them with Popeye).
"""
import os
import re
import subprocess
import sys
import time

STIP = re.compile(r"^\s*stip\w*\s+(\S+)", re.I | re.M)
BATTLE = re.compile(r"^(#|s#|r#|s=|r=|=|\+|x|s\+|r\+|sx|rx|#=|s##|r##|##|s!|r!)?\d", re.I)
HELP_OR_SERIES = re.compile(r"^(h|ser-|pser|ph|pser)", re.I)
AIDS = ["all", "mobility", "killer", "king", "checkers"]


def run(cli, path, off):
    env = dict(os.environ)
    if off:
        env["FEERIE_BATTLE_OFF"] = off
    t = time.monotonic()
    r = subprocess.run([cli, "solve", path], capture_output=True, text=True, timeout=900, env=env)
    if "-v" in sys.argv:
        print(f"  {os.path.basename(os.path.dirname(path))} off={off}: {time.monotonic() - t:.2f} s", flush=True)
    return r.returncode, r.stdout


def main(argv):
    cli = argv[1]
    dirs, skip = [], set()
    args = iter(argv[2:])
    for a in args:
        if a == "--skip":
            skip = set(next(args).split(","))
        elif not a.startswith("-"):
            dirs.append(a)
    failures = checked = 0
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name, "problem.inp")
            if not os.path.exists(path) or name in skip:
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            stips = STIP.findall(text)
            if not stips or any(HELP_OR_SERIES.match(s) for s in stips):
                continue
            rc, base = run(cli, path, None)
            if rc != 0 or "partial solution" in base:
                continue
            for off in AIDS:
                rc2, out = run(cli, path, off)
                if rc2 != 0 or out != base:
                    print(f"FAIL {name} FEERIE_BATTLE_OFF={off}: exit {rc2}, output differs")
                    failures += 1
            checked += 1
            print(f"ok {name}", flush=True)
    print(f"{checked} problems checked, {failures} failures")
    if checked == 0:
        return 77
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
