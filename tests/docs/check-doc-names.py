#!/usr/bin/env python3
# check-doc-names.py SRCDIR [DOC...] — the names the design documents give
# in backticks exist in the tree (issue 24: "docs/architecture.md describes
# the code as it is").  Default documents: docs/architecture.md and
# docs/adding-a-genre.md.
#
#   * a file path (`src/core/model/walk.c`, `search/help.c`, `conditions/*.c`,
#     `ui/*.ui`, and the abbreviated `-actions.c` of a sibling list) must
#     name a file, a path suffix or a glob that matches at least one file;
#   * a C name (`fe_problem_validate`, `FeRules.ops[]`,
#     `fe_solution_node_position(node, k)`, `FE_NOTE_THREAT`) must occur as
#     a whole word in the code of a source file (src/, tests/; C comments
#     do not count), each part of a `Type.field` name as well;
#   * a command-line option (`--hash`) must occur in src/cli or src/gui;
#   * a GLib test path (`/render/walk-figures`) must be registered by a
#     test under tests/.
# Everything else in backticks (strings, notation, commands, prose) is not
# a name and is passed over, and so are a document's worked example (the
# names its fenced C code, ```c, introduces, as adding-a-genre.md's
# `nocapture`; other fences are diagrams) and placeholders
# (`test-<name>.c`).  Prints each missing name with its document and line;
# exits 1 when one is missing.
# SPDX-License-Identifier: GPL-3.0-or-later
import fnmatch
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else '.'
docs = sys.argv[2:] or ['docs/architecture.md', 'docs/adding-a-genre.md']

SKIP_DIRS = {'.git', 'build', 'subprojects', '__pycache__'}
SOURCE_EXT = ('.c', '.h', '.py', '.sh', '.build', '.ui', '.xml', '.rng', '.in', '.txt', '.css')
PATH_EXT = ('.c', '.h', '.ui', '.md', '.rng', '.py', '.sh', '.xml', '.build', '.css', '.png',
            '.svg', '.po', '.in', '.json', '.tsv', '.inp', '.fen')

files = []
for root, dirs, names in os.walk(top):
    dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith('build')]
    rel = os.path.relpath(root, top)
    for n in names:
        files.append(os.path.normpath(os.path.join(rel, n)))

words = set()
test_paths = set()  # GLib test paths ("/render/walk-figures") the tests register
for f in files:
    if not f.startswith(('src' + os.sep, 'tests' + os.sep)) or not f.endswith(SOURCE_EXT):
        continue
    with open(os.path.join(top, f), encoding='utf-8', errors='replace') as fh:
        code = fh.read()
    if f.endswith(('.c', '.h')):
        # Code, not what its comments say of it (a name they keep after
        # the code dropped it does not count).
        code = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', code, flags=re.S)
    words.update(re.findall(r'[A-Za-z_][A-Za-z0-9_]*', code))
    if f.startswith('tests' + os.sep):
        test_paths.update(re.findall(r'"(/[a-z0-9-]+(?:/[A-Za-z0-9_.+-]+)+)', code))

options = set()
for f in files:
    if f.startswith((os.path.join('src', 'cli'), os.path.join('src', 'gui'))) and f.endswith('.c'):
        with open(os.path.join(top, f), encoding='utf-8', errors='replace') as fh:
            options.update(re.findall(r'--[a-z][a-z0-9-]*', fh.read()))

IDENT = r'[A-Za-z_][A-Za-z0-9_]*'


def path_exists(name):
    if name.endswith('/'):
        name = name.rstrip('/')
        return any(f.startswith(name + os.sep) or (os.sep + name + os.sep) in f for f in files)
    if any(c in name for c in '*?['):
        return any(fnmatch.fnmatch(f, name) or fnmatch.fnmatch(f, '*' + os.sep + name) for f in files)
    if name.startswith('-'):
        return any(os.path.basename(f).endswith(name) for f in files)
    if os.path.exists(os.path.join(top, name)):
        return True
    return any(f == name or f.endswith(os.sep + name) for f in files)


def looks_like_path(span):
    return (' ' not in span and not span.startswith(('"', "'", '.'))
            and ('/' in span or span.endswith(PATH_EXT)) and not span.startswith('$'))


def c_names(span):
    """The C names a span gives, or None when it is not one."""
    m = re.fullmatch(r'(' + IDENT + r')\s*\(.*\)', span)  # a call: its function
    if m:
        return [m.group(1)]
    m = re.fullmatch(r'(' + IDENT + r')(\[[^\]]*\])?', span)
    if m:
        name = m.group(1)
        # A C name has an underscore or a capital inside: plain words
        # (`describe`, `hash`) are prose or a field named in its context.
        if '_' in name or re.search(r'[a-z][A-Z]|^[A-Z][a-z]+[A-Z]', name) or name.isupper():
            return [name]
        return None
    m = re.fullmatch(r'(' + IDENT + r')((?:(?:\.|->)' + IDENT + r'(?:\[[^\]]*\])?)+)', span)
    if m and re.match(r'(Fe|Feerie|Fe[A-Z])', m.group(1)):  # Type.field
        return [m.group(1)] + re.findall(IDENT, re.sub(r'\[[^\]]*\]', '', m.group(2)))
    return None


missing = []
checked = 0
for doc in docs:
    with open(os.path.join(top, doc), encoding='utf-8') as fh:
        text = fh.read()
    # The worked example's own names: words of its fenced C code that no
    # source file has.  Only C fences: the words of a diagram are prose,
    # and one of them would pass every name that contains it unchecked.
    fenced = ''.join(re.findall(r'^```c[ \t]*\n(.*?)^```', text, re.S | re.M))
    example = {w.lower() for w in re.findall(IDENT, fenced) if w not in words and len(w) > 3}
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith('```'):
            continue
        for span in re.findall(r'`([^`\n]+)`', line):
            span = span.strip()
            if '<' in span or any(e in span.lower() for e in example):
                continue
            if span.startswith('--'):
                option = re.match(r'--[a-z][a-z0-9-]*', span)
                if option:
                    checked += 1
                    if option.group(0) not in options:
                        missing.append((doc, number, span, 'no such option in src/cli or src/gui'))
                continue
            if span.startswith('/') and span in test_paths:
                checked += 1  # a test case, as g_test_add_func registers it
                continue
            if looks_like_path(span):
                checked += 1
                if not path_exists(span):
                    missing.append((doc, number, span, 'no such file'))
                continue
            names = c_names(span)
            if not names:
                continue
            checked += 1
            for name in names:
                if name not in words:
                    missing.append((doc, number, span, '%s is in no source file' % name))

for doc, number, span, why in missing:
    print('%s:%d: `%s`: %s' % (doc, number, span, why))
print('%d names checked, %d missing' % (checked, len(missing)))
sys.exit(1 if missing else 0)
