#!/usr/bin/env python3
# check-architecture.py [--list] BUILDDIR SRCROOT — guards on the code's
# structure, so that it stays readable as it grows:
#
#   * size: no .c or .h file under src/ is over 800 lines;
#   * layers: a quoted #include goes only from a folder to a folder it may
#     include, as layers.txt (beside this script) declares;
#   * call circles: the files whose objects call each other in a circle
#     (an undefined symbol of one defined as a function, nm type T, by the
#     other) are those listed in allowed-circles.txt, each with its reason.
#
# Prints one line per violation, naming the file and the reason, and exits
# 1 if there is any.  With --list it prints the circles and the layer
# table's verdicts instead, and exits 0 unless it cannot run at all.
# SPDX-License-Identifier: GPL-3.0-or-later
import collections
import json
import os
import re
import shutil
import subprocess
import sys

MAX_LINES = 800
SYMBOLS_SHOWN = 3
HERE_REL = os.path.join('tests', 'architecture')


class Fatal(Exception):
    """The check cannot run: a clear message rather than a silent pass."""


def source_files(src):
    files = []
    for d, dirs, names in os.walk(src):
        dirs.sort()
        for n in names:
            if n.endswith(('.c', '.h')):
                files.append(os.path.relpath(os.path.join(d, n), src).replace(os.sep, '/'))
    return sorted(files)


def read_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read().splitlines()


# ---------------------------------------------------------------- size

def check_sizes(src, files):
    problems = []
    for f in files:
        n = len(read_lines(os.path.join(src, f)))
        if n > MAX_LINES:
            problems.append(f'src/{f}: {n} lines, over the limit of {MAX_LINES} (split the file)')
    return problems


# ---------------------------------------------------------------- layers

Folder = collections.namedtuple('Folder', 'name rank also only line')


def parse_layers(path):
    folders = {}
    rel = os.path.join(HERE_REL, os.path.basename(path))
    for no, raw in enumerate(read_lines(path), 1):
        line = raw.split('#', 1)[0].split()
        if not line:
            continue
        name = line[0].strip('/')
        if len(line) < 2 or not re.fullmatch(r'-?\d+', line[1]):
            raise Fatal(f'{rel}:{no}: expected "folder rank [also:...] [only:...]"')
        also, only = set(), None
        for col in line[2:]:
            key, _, val = col.partition(':')
            items = {v.strip('/') for v in val.split(',') if v}
            if key == 'also':
                also |= items
            elif key == 'only':
                only = (only or set()) | items
            else:
                raise Fatal(f'{rel}:{no}: unknown column "{col}" (also:... or only:...)')
        if name in folders:
            raise Fatal(f'{rel}:{no}: {name} declared twice (first on line {folders[name].line})')
        folders[name] = Folder(name, int(line[1]), also, only, no)
    if not folders:
        raise Fatal(f'{rel}: no folder declared')
    # A misspelt folder in also:/only: would silently allow or forbid nothing.
    for fo in folders.values():
        for item in sorted(fo.also | (fo.only or set())):
            if item not in folders:
                raise Fatal(f'{rel}:{fo.line}: {item} (in also:/only: of {fo.name}) is no declared folder')
    return folders


def folder_of(path, folders):
    """The declared folder of a file (path under src/): longest prefix wins."""
    best = None
    d = os.path.dirname(path)
    for name in folders:
        if (d == name or d.startswith(name + '/')) and (best is None or len(name) > len(best)):
            best = name
    return best


def include_verdict(a, b, folders):
    """None if folder a may include folder b, else why not."""
    if a == b:
        return None
    fa, fb = folders[a], folders[b]
    if fa.only is not None and b not in fa.only:
        return f'{a} may include only {", ".join(sorted(fa.only))}'
    if fb.rank < fa.rank or b in fa.also:
        return None
    return f'{a} (rank {fa.rank}) may not include {b} (rank {fb.rank})'


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def includes(src, files):
    """(file, line number, text, included file or None) for each quoted include."""
    known = set(files)
    for f in files:
        here = os.path.dirname(f)
        for no, line in enumerate(read_lines(os.path.join(src, f)), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = None
            # As the compiler looks: the including file's folder, then -Isrc.
            for base in (here, ''):
                cand = os.path.normpath(os.path.join(base, m.group(1))).replace(os.sep, '/')
                if cand in known or (not cand.startswith('..') and os.path.isfile(os.path.join(src, cand))):
                    target = cand
                    break
            yield f, no, m.group(1), target


def check_layers(src, files, folders):
    problems = []
    pairs = collections.Counter()
    bad_pairs = {}
    for f in files:
        if folder_of(f, folders) is None:
            problems.append(f'src/{f}: its folder is not declared in {HERE_REL}/layers.txt')
    for f, no, text, target in includes(src, files):
        if target is None:
            continue  # config.h and generated headers: no folder of src/
        a, b = folder_of(f, folders), folder_of(target, folders)
        if a is None:
            continue  # reported once above
        if b is None:
            problems.append(f'src/{f}:{no}: includes "{text}" (src/{target}), '
                            f'in an undeclared folder (declare it in {HERE_REL}/layers.txt)')
            continue
        pairs[a, b] += 1
        why = include_verdict(a, b, folders)
        if why:
            bad_pairs[a, b] = why
            problems.append(f'src/{f}:{no}: includes "{text}" (src/{target}): {why}')
    return problems, pairs, bad_pairs


# ---------------------------------------------------------------- call graph

def objects(build, root):
    """{object path: source path under src/} for the objects built from src/.

    compile_commands.json names each object with the file it was compiled
    from, so stale objects of moved or removed files are not read."""
    db = os.path.join(build, 'compile_commands.json')
    if not os.path.isfile(db):
        raise Fatal(f'{db}: not found (is {build} a configured meson build folder?)')
    with open(db, encoding='utf-8') as f:
        entries = json.load(f)
    src = os.path.join(os.path.realpath(root), 'src') + os.sep
    found, missing = {}, []
    for e in entries:
        source = os.path.realpath(os.path.join(e['directory'], e['file']))
        if not source.startswith(src) or 'output' not in e:
            continue  # tests, generated sources
        obj = os.path.join(e['directory'], e['output'])
        if os.path.isfile(obj):
            found[obj] = source[len(src):].replace(os.sep, '/')
        else:
            missing.append(e['output'])
    if missing:
        raise Fatal(f'{build}: {len(missing)} objects of src/ not built, e.g. {sorted(missing)[0]} '
                    '(build first)')
    if not found:
        raise Fatal(f'{build}: no object built from src/ (build first)')
    return found


def read_symbols(objs):
    nm = os.environ.get('NM') or shutil.which('nm')
    if not nm:
        raise Fatal('nm not found (install binutils, or set NM)')
    defined = collections.defaultdict(set)    # function -> files defining it
    undefined = collections.defaultdict(set)  # file -> symbols it needs
    paths = sorted(objs)
    for i in range(0, len(paths), 200):
        chunk = paths[i:i + 200]
        try:
            # External symbols only (-g), unsorted (-p): all that is read.
            out = subprocess.run([nm, '-A', '-g', '-p', *chunk], capture_output=True, text=True)
        except OSError as e:
            raise Fatal(f'cannot run {nm}: {e.strerror}')
        if out.returncode != 0:
            raise Fatal(f'{nm} failed: {out.stderr.strip()}')
        for line in out.stdout.splitlines():
            parts = line.rsplit(None, 2)
            if len(parts) != 3:
                continue
            head, kind, name = parts
            obj = head.rpartition(':')[0]
            if obj not in objs:
                continue
            # Only functions make calls: data (D, B, R, C) is tables and
            # registration, not a call.
            if kind == 'T':
                defined[name].add(objs[obj])
            elif kind == 'U':
                undefined[objs[obj]].add(name)
    return defined, undefined


def call_graph(defined, undefined, files):
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for a in files:
        for sym in undefined.get(a, ()):
            # A name defined by several files (each program's main) links to
            # one of them per program; an edge to each is the safe side.
            for b in defined.get(sym, ()):
                if b != a:
                    edges[a][b].add(sym)
    return edges


def strongly_connected(nodes, edges):
    """Tarjan's components, iteratively; each sorted, in sorted order."""
    index, low, on_stack = {}, {}, set()
    stack, comps, counter = [], [], 0
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, {}))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, {})))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    comps.append(tuple(sorted(comp)))
    return sorted(comps)


def parse_allowed(path):
    """{circle (sorted tuple of src/... paths): (line, reason)}."""
    allowed = {}
    for no, raw in enumerate(read_lines(path), 1):
        files, hashmark, reason = raw.partition('#')
        files = files.split()
        if not files:
            continue
        key = tuple(sorted(files))
        if key in allowed:
            raise Fatal(f'{HERE_REL}/allowed-circles.txt:{no}: the circle of line {allowed[key][0]} again')
        allowed[key] = (no, reason.strip() if hashmark else '')
    return allowed


def circle_edges(comp, edges):
    members = set(comp)
    for a in comp:
        for b in sorted(edges.get(a, {})):
            if b in members:
                syms = sorted(edges[a][b])
                more = f' (+{len(syms) - SYMBOLS_SHOWN} more)' if len(syms) > SYMBOLS_SHOWN else ''
                yield f'src/{a} -> src/{b}: {", ".join(syms[:SYMBOLS_SHOWN])}{more}'


def check_circles(circles, edges, allowed):
    problems, notes = [], []
    rel = f'{HERE_REL}/allowed-circles.txt'
    for comp in circles:
        key = tuple(f'src/{f}' for f in comp)
        if key in allowed:
            continue
        problems.append(f'{" ".join(key)}: call circle not listed in {rel}')
        problems.extend('    ' + e for e in circle_edges(comp, edges))
    present = {tuple(f'src/{f}' for f in c) for c in circles}
    for key, (no, reason) in sorted(allowed.items(), key=lambda kv: kv[1][0]):
        if not reason:
            problems.append(f'{rel}:{no}: {" ".join(key)}: listed without a reason (add " # why")')
        if key not in present:
            notes.append(f'note: {rel}:{no}: the circle {" ".join(key)} no longer exists: remove its line')
    return problems, notes


# ---------------------------------------------------------------- main

def main(argv):
    args = [a for a in argv if a != '--list']
    listing = len(args) != len(argv)
    if len(args) != 2:
        print('usage: check-architecture.py [--list] BUILDDIR SRCROOT', file=sys.stderr)
        return 2
    build, root = args
    src = os.path.join(root, 'src')
    here = os.path.join(root, HERE_REL)
    try:
        if not os.path.isdir(src):
            raise Fatal(f'{src}: no such folder (is {root} the source root?)')
        files = source_files(src)
        folders = parse_layers(os.path.join(here, 'layers.txt'))
        allowed = parse_allowed(os.path.join(here, 'allowed-circles.txt'))
        objs = objects(build, root)
        defined, undefined = read_symbols(objs)
    except Fatal as e:
        print(f'error: {e}')
        return 1

    size_problems = check_sizes(src, files)
    layer_problems, pairs, bad_pairs = check_layers(src, files, folders)
    edges = call_graph(defined, undefined, sorted(set(objs.values())))
    circles = [c for c in strongly_connected(set(objs.values()), edges) if len(c) > 1]
    circle_problems, notes = check_circles(circles, edges, allowed)

    if listing:
        print(f'Call circles between files ({len(circles)}):')
        for comp in circles:
            key = tuple(f'src/{f}' for f in comp)
            verdict = f'allowed: {allowed[key][1]}' if key in allowed else 'NOT ALLOWED'
            print(f'  {" ".join(key)}  [{verdict}]')
            for e in circle_edges(comp, edges):
                print('      ' + e)
        print()
        print('Layers (folder, rank, the folders its files include):')
        for name, fo in sorted(folders.items(), key=lambda kv: (kv[1].rank, kv[0])):
            extra = ''.join(f' {k}:{",".join(sorted(v))}' for k, v in (('also', fo.also), ('only', fo.only)) if v)
            print(f'  {name} {fo.rank}{extra}')
            for (a, b), n in sorted(pairs.items()):
                if a == name and a != b:
                    verdict = f'VIOLATION: {bad_pairs[a, b]}' if (a, b) in bad_pairs else 'ok'
                    print(f'      -> {b} ({folders[b].rank}): {n} includes, {verdict}')
        problems = size_problems + layer_problems + circle_problems
        if problems:
            print()
            print(f'Violations ({sum(not p.startswith(" ") for p in problems)}):')
            for p in problems:
                print('  ' + p)
        for n in notes:
            print(n)
        return 0

    problems = size_problems + layer_problems + circle_problems
    for p in problems:
        print(p)
    for n in notes:
        print(n)
    count = sum(not p.startswith(' ') for p in problems)
    if count:
        print(f'{count} violation(s) of the code structure (see {HERE_REL}/check-architecture.py)')
        return 1
    print(f'structure ok: {len(files)} files, {len(objs)} objects, '
          f'{len(circles)} allowed circles')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
