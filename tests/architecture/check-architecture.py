#!/usr/bin/env python3
# check-architecture.py [--list] BUILDDIR SRCROOT — guards on the code's
# structure, so that it stays readable as it grows:
#
#   * size: no .c or .h file under src/ is over 800 lines;
#   * layers: a quoted #include goes only from a folder to a folder it may
#     include, as layers.txt (beside this script) declares, and every
#     folder it declares exists under src/;
#   * calls across folders: a function of one folder is called from
#     another only where that folder may include it, so that no declaration
#     written by hand gets round the layers (lower code reaches higher code
#     through pointers only: hooks, classes, backends);
#   * call circles: the files whose objects call each other in a circle
#     (an undefined symbol of one defined as a function, nm type T, by the
#     other) are those listed in allowed-circles.txt, each with its reason;
#   * the layer table of docs/architecture.md (folder | rank | may include
#     | …) says what layers.txt says: the same folders, the same ranks, the
#     same only: and also: lists.
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
DOC_REL = os.path.join('docs', 'architecture.md')


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


def check_folders_exist(src, folders):
    """A declared folder that is gone would rank nothing and hide a typo."""
    return [f'{HERE_REL}/layers.txt:{fo.line}: src/{fo.name} does not exist (remove its line)'
            for fo in sorted(folders.values(), key=lambda fo: fo.line)
            if not os.path.isdir(os.path.join(src, fo.name))]


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


# ---------------------------------------------------------------- the document's table

DocRow = collections.namedtuple('DocRow', 'name rank also only line')


def doc_folder(cell):
    """`core/model/`, `src/io/` or io: the folder as layers.txt names it."""
    name = cell.strip().strip('`').strip()
    if name.startswith('src/'):
        name = name[len('src/'):]
    return name.strip('/')


def doc_cells(line):
    return [c.strip() for c in line.strip().strip('|').split('|')]


def parse_doc_table(text, rel=DOC_REL):
    """The rows of the document's layer table (a Markdown table whose
    header starts "| folder | rank | may include |"), and the problems met
    reading it.  In "may include", the folders in backticks after "only"
    are its only: list, after "also" its also: list; a cell without them
    (as "lower ranks") has neither."""
    rows, problems, tables = {}, [], 0
    lines = text.splitlines()
    no = 0
    while no < len(lines):
        cells = doc_cells(lines[no]) if lines[no].lstrip().startswith('|') else []
        no += 1
        if len(cells) < 3 or [c.lower() for c in cells[:3]] != ['folder', 'rank', 'may include']:
            continue
        tables += 1
        no += 1  # the |---| line
        while no < len(lines) and lines[no].lstrip().startswith('|'):
            cells = doc_cells(lines[no])
            no += 1
            where = f'{rel}:{no}'
            if len(cells) < 3:
                problems.append(f'{where}: a row of the layer table needs folder, rank and may include')
                continue
            name = doc_folder(cells[0])
            if not re.fullmatch(r'-?\d+', cells[1]):
                problems.append(f'{where}: {name}: rank "{cells[1]}" is not a number')
                continue
            lists, key = {}, None
            for m in re.finditer(r'\b(only|also)\b|`([^`]+)`', cells[2]):
                if m.group(1):
                    key = m.group(1)
                    lists.setdefault(key, set())
                elif key is None:
                    problems.append(f'{where}: {name}: `{m.group(2)}` in "may include" '
                                    'follows neither "only" nor "also"')
                else:
                    lists[key].add(doc_folder(m.group(2)))
            if name in rows:
                problems.append(f'{where}: {name} has a row already (line {rows[name].line})')
                continue
            rows[name] = DocRow(name, int(cells[1]), lists.get('also', set()), lists.get('only'), no)
    if tables != 1:
        problems.insert(0, f'{rel}: {"no" if not tables else tables} tables headed '
                           '"| folder | rank | may include |" (the layers, as '
                           f'{HERE_REL}/layers.txt declares them): one is wanted')
    return rows, problems


def check_doc_table(text, folders, rel=DOC_REL):
    """The document's layer table against layers.txt, row by row."""
    rows, problems = parse_doc_table(text, rel)
    if not rows and problems:
        return problems  # no table to compare
    layers = f'{HERE_REL}/layers.txt'

    def names(items):
        return ', '.join(sorted(items)) if items else 'none'

    for name, row in sorted(rows.items(), key=lambda kv: kv[1].line):
        where = f'{rel}:{row.line}'
        fo = folders.get(name)
        if fo is None:
            problems.append(f'{where}: {name} is no folder of {layers} (declare it there, '
                            'or remove the row)')
            continue
        there = f'{layers}:{fo.line}'
        if row.rank != fo.rank:
            problems.append(f'{where}: {name} has rank {row.rank} here, {fo.rank} in {there}')
        if row.only != fo.only:
            here_only = f'only {names(row.only)}' if row.only is not None else 'no "only" list'
            there_only = f'only:{",".join(sorted(fo.only))}' if fo.only is not None else 'no only:'
            problems.append(f'{where}: {name} has {here_only} here, {there_only} in {there}')
        if row.also != fo.also:
            problems.append(f'{where}: {name} may also include {names(row.also)} here, '
                            f'{names(fo.also)} in {there}')
    for fo in sorted(folders.values(), key=lambda fo: fo.line):
        if fo.name not in rows:
            problems.append(f'{rel}: {fo.name} ({layers}:{fo.line}) has no row in the layer table')
    return problems


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


def check_calls_across(edges, folders):
    """Calls from one folder into another that its includes could not make."""
    problems = []
    for a in sorted(edges):
        fa = folder_of(a, folders)
        for b in sorted(edges[a]):
            fb = folder_of(b, folders)
            if fa is None or fb is None or fa == fb:
                continue  # undeclared folders are reported by the layers
            why = include_verdict(fa, fb, folders)
            if why:
                syms = sorted(edges[a][b])
                more = f' (+{len(syms) - SYMBOLS_SHOWN} more)' if len(syms) > SYMBOLS_SHOWN else ''
                problems.append(f'src/{a} calls src/{b} ({", ".join(syms[:SYMBOLS_SHOWN])}{more}): {why}')
    return problems


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
        doc = os.path.join(root, DOC_REL)
        if not os.path.isfile(doc):
            raise Fatal(f'{doc}: not found (its layer table is checked against layers.txt)')
        with open(doc, encoding='utf-8') as f:
            doc_text = f.read()
        objs = objects(build, root)
        defined, undefined = read_symbols(objs)
    except Fatal as e:
        print(f'error: {e}')
        return 1

    size_problems = check_sizes(src, files)
    layer_problems, pairs, bad_pairs = check_layers(src, files, folders)
    layer_problems = check_folders_exist(src, folders) + layer_problems
    edges = call_graph(defined, undefined, sorted(set(objs.values())))
    layer_problems += check_calls_across(edges, folders)
    circles = [c for c in strongly_connected(set(objs.values()), edges) if len(c) > 1]
    circle_problems, notes = check_circles(circles, edges, allowed)
    doc_problems = check_doc_table(doc_text, folders)

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
        print()
        print(f'The layer table of {DOC_REL}: '
              + ('agrees with layers.txt' if not doc_problems else f'{len(doc_problems)} differences'))
        problems = size_problems + layer_problems + circle_problems + doc_problems
        if problems:
            print()
            print(f'Violations ({sum(not p.startswith(" ") for p in problems)}):')
            for p in problems:
                print('  ' + p)
        for n in notes:
            print(n)
        return 0

    problems = size_problems + layer_problems + circle_problems + doc_problems
    for p in problems:
        print(p)
    for n in notes:
        print(n)
    count = sum(not p.startswith(' ') for p in problems)
    if count:
        print(f'{count} violation(s) of the code structure (see {HERE_REL}/check-architecture.py)')
        return 1
    print(f'structure ok: {len(files)} files, {len(objs)} objects, '
          f'{len(circles)} allowed circles, the layer table of {DOC_REL} as layers.txt')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
