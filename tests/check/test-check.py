#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""feerie-cli check (issue 23) against an independent source: Popeye.

Every reference problem (tests/oracle/data: cases/, orthodox/, beyond/) is
written as Féerie XML with Popeye's solution as the composer's solution
field; checked, each must report sound (or, where Popeye found nothing,
no solution).  Copies with a line taken out of the intended solution are
cooked or dual, a wrong intended key fails, and YACPDB's intended-solutions
notation is read.  Then two shards, merged, give the one run's report.

usage: test-check.py FEERIE_CLI ORACLE_DATA_DIR [--skip NAME,...]
(--skip: beyond problems too long for it)"""
import json
import os
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

cli, data = sys.argv[1], sys.argv[2]
# Solved in seconds rather than tenths: the rest covers every play.
HEAVY = {"h3.5_twin_shift", "sers6_castling", "h2_twin_continued", "h3_twin_mirror_castling"}
if "--skip" in sys.argv:
    HEAVY |= set(sys.argv[sys.argv.index("--skip") + 1].split(","))
# beyond/: group A (the stipulations, issue 21); group B has its own tests.
with open(os.path.join(data, "beyond", "INDEX.tsv"), encoding="utf-8") as f:
    GROUP_A = {line.split("\t")[0] for line in f if line.split("\t")[1:2] == ["A"]}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def popeye_solution(path):
    """The solution part of Popeye's output: after the block under the board."""
    lines = open(path, encoding="utf-8").read().splitlines()
    start = max(i for i, l in enumerate(lines) if l.strip().startswith("+---a---b")) + 1
    while start < len(lines) and lines[start].strip():
        start += 1
    keep = [l for l in lines[start:]
            if not l.strip().startswith(("solution finished", "Partial solution"))]
    return "\n".join(keep).strip("\n")


def write_xml(inp, out, solution=None, intended=None):
    subprocess.run([cli, "convert", inp, out], check=True)
    text = open(out, encoding="utf-8").read()
    extra = ""
    if solution is not None:
        extra += "  <solution>%s</solution>\n" % escape(solution)
    if intended is not None:
        extra += "  <intended-solutions>%s</intended-solutions>\n" % intended
    at = text.rindex("</problem>")
    for tag in ("<keywords>", "<comments>", "<remarks>"):
        if tag in text:
            at = min(at, text.index(tag))
    text = text[:at] + extra + text[at:]
    open(out, "w", encoding="utf-8").write(text)


def check(paths, *opts):
    r = subprocess.run([cli, "check", "--json", "--max-time", "120"] + list(opts) + paths,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        fail("check %s exited %d: %s" % (paths, r.returncode, r.stderr))
        return None, r.returncode
    report = json.loads(r.stdout)
    bad = [p for p in report["problems"] if p["verdict"] != "sound"]
    if (r.returncode == 0) != (not bad):
        fail("exit status %d with %d problems not sound" % (r.returncode, len(bad)))
    return report, r.returncode


def verdict_of(path, expected, words=()):
    report, _ = check([path])
    if not report:
        return
    p = report["problems"][0]
    if p["verdict"] != expected:
        fail("%s: %s, expected %s (%s)" % (os.path.basename(path), p["verdict"], expected,
                                           p["details"]))
    for w in words:
        if not any(w in d for d in p["details"]):
            fail("%s: no detail naming %r in %s" % (os.path.basename(path), w, p["details"]))


with tempfile.TemporaryDirectory() as tmp:
    refs = os.path.join(tmp, "refs")
    os.mkdir(refs)
    no_solution = set()
    solutions = {}
    for kind in ("cases", "orthodox", "beyond"):
        for name in sorted(os.listdir(os.path.join(data, kind))):
            d = os.path.join(data, kind, name)
            if name in HEAVY or not os.path.isdir(d) or (kind == "beyond" and name not in GROUP_A):
                continue
            sol = popeye_solution(os.path.join(d, "popeye.out"))
            solutions[name] = (os.path.join(d, "problem.inp"), sol)
            if not any(l.strip()[:1].isdigit() for l in sol.splitlines()):
                no_solution.add(name)
            write_xml(os.path.join(d, "problem.inp"), os.path.join(refs, name + ".xml"), sol)

    # 1. Every reference problem is sound against Popeye's solution.
    full, status = check([refs])
    if full:
        for p in full["problems"]:
            name = os.path.basename(p["file"])[:-4]
            want = "no solution" if name in no_solution else "sound"
            if p["verdict"] != want:
                fail("%s: %s against Popeye's solution, expected %s: %s"
                     % (name, p["verdict"], want, p["details"]))
            if p["against"] != ("stipulation" if name in no_solution else "solution"):
                fail("%s: compared with the %s" % (name, p["against"]))
        if len(full["problems"]) != len(solutions):
            fail("%d problems checked, %d written" % (len(full["problems"]), len(solutions)))
        print("reference problems:", full["summary"])

    # 2. Deliberate flaws.
    def copy(name, new_name, edit=None, intended=None, solution=True):
        inp, sol = solutions[name]
        if edit:
            before = sol
            sol = edit(sol)
            assert sol != before, new_name
        path = os.path.join(tmp, new_name + ".xml")
        write_xml(inp, path, sol if solution else None, intended)
        return path

    def drop_line(containing):
        return lambda s: "\n".join(l for l in s.splitlines() if containing not in l)

    # Help play: the intended solution gives one of two solutions → cooked.
    verdict_of(copy("bsp_einstein_00", "help-cooked", lambda s: "\n".join(
                        [l for l in s.splitlines() if l.strip()][:1])), "cooked", ["cooked by"])
    # Help play: two solutions start alike; giving one makes the other a dual.
    verdict_of(copy("h2_twin_rotate", "help-dual", drop_line("e7-e8=B")), "duals",
               ["dual 1.Kd5-e6"])
    # Battle play: one of two mates after a defence left out → dual.
    verdict_of(copy("d2_armeni_defence2", "battle-dual", drop_line("2.c7*b8=B #")), "duals",
               ["dual after 1...Rf8-b8 +: 2.c7*b8=B #"])
    # Battle play: a wrong intended key.
    verdict_of(copy("bsp_imitator_00", "battle-wrong-key",
                    lambda s: s.replace("Kg3-h2[Ic5] !", "Kg3-g2[Ic5] !")), "no solution",
               ["intended key"])
    # Battle play: one key of three intended → cooked by the other two.
    verdict_of(copy("ex_magicpieces_00", "battle-cooked",
                    lambda s: s[:s.index("1.mQh6-h7")]), "cooked", ["cooked by 1.mQh6-h7"])
    # YACPDB's notation: two solutions intended, and one.
    verdict_of(copy("bsp_einstein_00", "notation-sound", intended="2.1.1.1", solution=False),
               "sound")
    verdict_of(copy("bsp_einstein_00", "notation-cooked", intended="1.1.1.1", solution=False),
               "cooked")
    # The stipulation alone: two solutions of an h#2 are a cook.
    verdict_of(copy("bsp_einstein_00", "stipulation-cooked", solution=False), "cooked")

    # A composer's text in short algebraic: the same judgements.
    def composer(name, new_name, text):
        path = os.path.join(tmp, new_name + ".xml")
        write_xml(solutions[name][0], path, text)
        return path
    verdict_of(composer("bsp_imitator_00", "short-battle-sound",
                        "1.Kh2! zz\n1...Sa3+\n2.Sh7#\n1...Sb2+\n2.Sg8#"), "sound")
    verdict_of(composer("bsp_imitator_00", "short-battle-wrong", "1.Kg2! zz\n1...Sa3+\n2.Sh7#"),
               "no solution")
    verdict_of(composer("h2_ep", "short-help-sound", "1.exd3 e.p. Bxg4 2.f3 Be6#"), "sound")
    verdict_of(composer("h3_ep", "short-help-cooked", "1.cxb3 e.p.+ cxb3+ 2.Ka5 b4+ 3.Ka4 Bc2#"),
               "cooked", ["cooked by 1.Sa7-c8"])
    verdict_of(composer("h3_ep", "short-help-sound-both",
                        "1.cxb3 e.p.+ cxb3+ 2.Ka5 b4+ 3.Ka4 Bc2#\n1.Sc8 bxc5 2.Ka5 Kxa3 3.Kxa6 Kb4#"),
               "sound")

    # A short move fits two moves (Sb8-d7, Sf6-d7): it stands for one only.
    two = os.path.join(tmp, "two-knights.inp")
    open(two, "w").write("begin\nstipulation ~1\npieces white kh1 sb8f6 black ka1\nend\n")
    two_xml = os.path.join(tmp, "two-knights.xml")
    write_xml(two, two_xml, "1.Sd7!")
    report, _ = check([two_xml])
    if report and not any("-d7" in d for d in report["problems"][0]["details"]):
        fail("one short Sd7 took both knights' moves: %s" % report["problems"][0]["details"])

    # Conditions Féerie cannot solve, and a time limit too short.
    # (unsupported/ also holds problems whose conditions Féerie solves now.)
    report, _ = check([os.path.join(data, "unsupported")])
    unsolved = [p for p in report["problems"] if p["verdict"] == "unsupported"] if report else []
    if report and (len(unsolved) < 3
                   or any("unsupported condition" not in " ".join(p["details"]) for p in unsolved)
                   or any(p["verdict"] == "error" for p in report["problems"])):
        fail("unsupported/: %s" % report["summary"])
    report, _ = check([os.path.join(data, "orthodox", "h3.5_twin_shift", "problem.inp"),
                       "--max-time", "0.05"])
    if report and report["problems"][0]["verdict"] != "too long":
        fail("a 0.05 s limit: %s" % report["problems"][0])

    # 3. Two shards merge into the one run's report.
    shards = []
    for i in (1, 2):
        r, _ = check([refs], "--shard", "%d/2" % i)
        if r:
            path = os.path.join(tmp, "shard%d.json" % i)
            json.dump(r, open(path, "w"))
            shards.append(path)
            if r["shard"] != {"index": i, "count": 2}:
                fail("shard %d says %s" % (i, r["shard"]))
    merged = subprocess.run([cli, "check", "--merge", "--json"] + shards[::-1],
                            capture_output=True, text=True)
    if merged.returncode != status:
        fail("merged exit %d, one run %d" % (merged.returncode, status))
    def strip(report):
        for p in report["problems"]:
            del p["seconds"]
        return report
    if full and strip(json.loads(merged.stdout)) != strip(full):
        fail("the merged shards differ from the one run")
    one = subprocess.run([cli, "check", "--merge", shards[0]], capture_output=True, text=True)
    if one.returncode != 2 or "in none of the reports" not in one.stderr:
        fail("a missing shard is not refused: %d %s" % (one.returncode, one.stderr))

# 4. The README's two-shard example, run as written (feerie-cli on PATH,
# the paths relative to the project).
readme = open(os.path.join(data, "..", "..", "..", "README.md"), encoding="utf-8").read()
block = readme.split("<!-- check-shards-example:", 1)[1].split("\n", 1)[1]
commands = []
for line in block.splitlines():
    if not line.startswith("    "):
        break
    commands.append(line[4:])
with tempfile.TemporaryDirectory() as tmp:
    os.symlink(os.path.abspath(os.path.join(data, "..", "..")), os.path.join(tmp, "tests"))
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(cli)) + os.pathsep
               + os.environ.get("PATH", ""))
    r = subprocess.run(["sh", "-c", "\n".join(commands)], cwd=tmp, env=env, capture_output=True,
                       text=True)
    n = len([d for d in os.listdir(os.path.join(data, "cases"))
             if os.path.isdir(os.path.join(data, "cases", d))])
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    if r.returncode not in (0, 1) or not last.startswith("%d of %d problems:" % (n, n)):
        fail("the README's example: exit %d, %r, %s" % (r.returncode, last, r.stderr))
    else:
        print("README example:", last)

print("%d failure%s" % (len(failures), "" if len(failures) == 1 else "s"))
sys.exit(1 if failures else 0)
