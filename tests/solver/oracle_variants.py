# SPDX-License-Identifier: GPL-3.0-or-later
"""What the differential oracle scripts share (table-diff.py,
battle-aids-diff.py): walk the oracle problems of some plays, solve each
one plainly and under variants, and count the outputs that differ."""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle"))
from solution_lines import repeated_lines  # noqa: E402

STIP = re.compile(r"^\s*stip\w*\s+(\S+)", re.I | re.M)
HELP_OR_SERIES = re.compile(r"^(h|ser-|pser|ph|reci-|a=>b)", re.I)


# Outputs with a line printed twice (docs/rules/decisions.md D7: one move,
# one line):
# every output `run` sees is checked, and `summary` counts them as failures.
REPEATED = []


def run(cli, path, extra=(), env_extra=None, timeout=900):
    """Solves one problem: (exit status, stdout, stderr)."""
    env = dict(os.environ, **(env_extra or {}))
    t = time.monotonic()
    r = subprocess.run([cli, "solve", path, *extra], capture_output=True, text=True,
                       timeout=timeout, env=env)
    twice = repeated_lines(r.stdout)
    if twice:
        print(f"FAIL {path} {' '.join(extra)}: printed twice: {'; '.join(twice[:5])}")
        REPEATED.append(path)
    if "-v" in sys.argv:
        label = " ".join([*extra, *(f"{k}={v}" for k, v in (env_extra or {}).items())])
        print(f"  {os.path.basename(os.path.dirname(path))} {label}: {time.monotonic() - t:.2f} s",
              flush=True)
    return r.returncode, r.stdout, r.stderr


def in_groups(d):
    """DIR, or DIR:GROUPS (data/beyond:A): the directory, and the names of
    its INDEX.tsv rows whose group is one of GROUPS (None: every name)."""
    if ":" not in d:
        return d, None
    d, groups = d.rsplit(":", 1)
    with open(os.path.join(d, "INDEX.tsv"), encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(head, line.rstrip("\n").split("\t"))) for line in f if line.strip()]
    return d, {r["name"] for r in rows if r.get("group") in groups}


def problems(dirs, skip, wanted):
    """(name, path) of every DIR/NAME/problem.inp not skipped whose
    stipulations `wanted(list of stipulations)` accepts, in name order;
    DIR:GROUPS keeps the problems of those groups (in_groups)."""
    for d in dirs:
        d, names = in_groups(d)
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name, "problem.inp")
            if not os.path.exists(path) or name in skip or (names is not None and name not in names):
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            stips = STIP.findall(text)
            if stips and wanted(stips):
                yield name, path


def parse_args(argv, options):
    """The CLI, the data directories, and a set per `--option NAME,...`."""
    dirs, sets = [], {o: set() for o in options}
    args = iter(argv[2:])
    for a in args:
        if a in sets:
            sets[a] = set(next(args).split(","))
        elif not a.startswith("-"):
            dirs.append(a)
    return argv[1], dirs, sets


def differences(cli, name, path, base, variants, timeout=900):
    """Solves the problem under each variant, (extra arguments, extra
    environment), and prints those whose output is not `base`, then "ok":
    how many differed."""
    failures = 0
    for extra, env in variants:
        rc, out, _ = run(cli, path, extra, env_extra=env, timeout=timeout)
        if rc != 0 or out != base:
            label = " ".join([*extra, *(f"{k}={v}" for k, v in (env or {}).items())])
            print(f"FAIL {name} {label}: exit {rc}, output differs")
            failures += 1
    print(f"ok {name}", flush=True)
    return failures


def summary(checked, failures):
    """Prints the count; the exit status (77: nothing to check)."""
    failures += len(REPEATED)
    print(f"{checked} problems checked, {failures} failures")
    if checked == 0:
        return 77
    return 1 if failures else 0
