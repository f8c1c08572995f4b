#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The .olv files Féerie writes, read by PyYAML (the library Olive itself
reads them with) rather than by Féerie: every entry has Olive's keys with
Olive's types, pieces as Olive writes them, and the same problems come
back through Féerie.

usage: test-olive-pyyaml.py FEERIE_CLI ORACLE_DATA_DIR"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

cli, data = sys.argv[1], sys.argv[2]
KEYS = {"algebraic": dict, "authors": list, "comments": list, "date": str, "distinction": str,
        "intended-solutions": str, "keywords": list, "options": list, "solution": str,
        "source": str, "source-id": str, "stipulation": str, "twins": dict}
PIECE = re.compile(r"^([A-Z][A-Za-z]* )*[A-Z0-9]{1,3}[a-h][1-8]$")
failures = []

with tempfile.TemporaryDirectory() as tmp:
    for kind in ("cases", "orthodox"):
        subprocess.run([cli, "convert", os.path.join(data, kind), "--to", os.path.join(tmp, kind),
                        "--format", "olive"], check=True, capture_output=True)
    n = 0
    for root, _, files in os.walk(tmp):
        for f in files:
            path = os.path.join(root, f)
            entries = list(yaml.safe_load_all(open(path, encoding="utf-8")))
            for e in entries:
                n += 1
                for k, v in e.items():
                    if k not in KEYS or not isinstance(v, KEYS[k]):
                        failures.append("%s: %s = %r" % (path, k, v))
                for colour, pieces in e.get("algebraic", {}).items():
                    if colour not in ("white", "black", "neutral"):
                        failures.append("%s: colour %r" % (path, colour))
                    for p in pieces:
                        if not isinstance(p, str) or not PIECE.match(p):
                            failures.append("%s: piece %r" % (path, p))
                for k, v in e.get("twins", {}).items():
                    if not re.match(r"^[b-z]$", k) or not isinstance(v, str):
                        failures.append("%s: twin %r: %r" % (path, k, v))
                for a in e.get("authors", []):
                    if not isinstance(a, str):
                        failures.append("%s: author %r" % (path, a))
            # PyYAML's own dump of what it read opens in Féerie as the same problems.
            redumped = os.path.join(tmp, "redumped.olv")
            with open(redumped, "w", encoding="utf-8") as out:
                yaml.safe_dump_all(entries, out, allow_unicode=True, explicit_start=True)
            a = subprocess.run([cli, "convert", path, os.path.join(tmp, "a.xml")], capture_output=True)
            b = subprocess.run([cli, "convert", redumped, os.path.join(tmp, "b.xml")],
                               capture_output=True)
            if a.returncode or b.returncode or open(os.path.join(tmp, "a.xml")).read() != open(
                    os.path.join(tmp, "b.xml")).read():
                failures.append("%s: PyYAML's dump reads differently: %s %s" % (path, a.stderr,
                                                                                  b.stderr))
for f in failures:
    print("FAIL:", f)
print("%d entries, %d failures" % (n, len(failures)))
sys.exit(1 if failures or n < 50 else 0)
