#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every help and series problem of the oracle data solved with the table
on (default), off (--hash 0) and tiny (--hash 1), and on 2 threads: the
outputs must be byte-identical, and --verify must accept every line.

usage: table-diff.py FEERIE_CLI DATA_DIR... [--skip-off NAME,...] [--skip NAME,...] [-v]
--skip-off names problems too slow without a table for CI (the tiny table
still runs for them); --skip problems too slow for CI altogether (the oracle
tests still compare them with Popeye on 1 and 2 threads).
"""
import os
import re
import subprocess
import sys
import time

STIP = re.compile(r"^\s*stip\w*\s+(\S+)", re.I | re.M)
HELP_OR_SERIES = re.compile(r"^(h|ser-|pser)", re.I)


def run(cli, path, extra):
    t = time.monotonic()
    r = subprocess.run([cli, "solve", path] + extra, capture_output=True, text=True, timeout=600)
    if "-v" in sys.argv:
        print(f"  {os.path.basename(os.path.dirname(path))} {' '.join(extra)}: {time.monotonic() - t:.2f} s", flush=True)
    return r.returncode, r.stdout, r.stderr


def main(argv):
    cli = argv[1]
    dirs, skip_off, skip = [], set(), set()
    args = iter(argv[2:])
    for a in args:
        if a == "--skip-off":
            skip_off = set(next(args).split(","))
        elif a == "--skip":
            skip = set(next(args).split(","))
        elif not a.startswith("-"):
            dirs.append(a)
    failures = 0
    checked = 0
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name, "problem.inp")
            if not os.path.exists(path) or name in skip:
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            stips = STIP.findall(text)
            if not stips or not all(HELP_OR_SERIES.match(s) for s in stips):
                continue
            rc, base, err = run(cli, path, ["--verify"])
            if rc != 0:
                print(f"FAIL {name}: --verify exit {rc}\n{err}")
                failures += 1
                continue
            if "partial solution" in base:
                continue
            variants = [["--hash", "1"], ["--threads", "2"], ["--hash", "1", "--threads", "2"]]
            if name not in skip_off:
                variants.append(["--hash", "0"])
            for extra in variants:
                rc2, out, err2 = run(cli, path, extra)
                if rc2 != 0 or out != base:
                    print(f"FAIL {name} {' '.join(extra)}: exit {rc2}, output differs from the default table")
                    failures += 1
            checked += 1
            print(f"ok {name}", flush=True)
    print(f"{checked} problems checked, {failures} failures")
    if checked == 0:
        return 77
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
