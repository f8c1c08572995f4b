#!/usr/bin/env python3
# test-doc-table.py SRCROOT — the check that the layer table of
# docs/architecture.md says what layers.txt says (check-architecture.py)
# is shown to fail: the document as it is agrees, and each kind of
# difference — a rank, an only: list, an also: list, a row missing, a row
# too many, a row twice, no table — is reported, naming the folder and
# where.  Needs no build, unlike the architecture test itself.
# SPDX-License-Identifier: GPL-3.0-or-later
import importlib.util
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('check_architecture',
                                              os.path.join(here, 'check-architecture.py'))
ca = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ca)

folders = ca.parse_layers(os.path.join(root, ca.HERE_REL, 'layers.txt'))
with open(os.path.join(root, ca.DOC_REL), encoding='utf-8') as f:
    doc = f.read()


def row(name):
    """The document's row of a folder (the pattern of its whole line)."""
    return re.compile(r'^\| `' + re.escape(name) + r'/` \|.*$', re.M)


def edit(name, change):
    line = row(name).search(doc)
    assert line, f'{ca.DOC_REL}: no row for {name}: the test needs one'
    return doc[:line.start()] + change(line.group(0)) + doc[line.end():]


# (what is changed, the document so changed, words each message must hold)
cases = [
    ('a rank', edit('core/search', lambda l: l.replace(' | 5 | ', ' | 4 | ', 1)),
     ['core/search', 'has rank 4 here, 5 in', 'layers.txt']),
    ('an only: list shorter', edit('io', lambda l: l.replace(', `core/rules/`', '', 1)),
     ['io', 'has only core/model here', 'only:core/model,core/rules']),
    ('an only: list dropped', edit('gui', lambda l: re.sub(r'\| only [^|]*\|', '| lower ranks |', l)),
     ['gui', 'has no "only" list here']),
    ('an also: list added', edit('core/rules', lambda l: l.replace('| lower ranks |', '| lower ranks, also `core/check/` |')),
     ['core/rules', 'may also include core/check here, none']),
    ('a row missing', edit('render', lambda l: '').replace('\n\n|', '\n|'),
     ['render', 'has no row in the layer table']),
    ('a row too many', edit('cli', lambda l: l + '\n| `core/proof/` | 5 | lower ranks | proof games |'),
     ['core/proof', 'is no folder of']),
    ('a row twice', edit('core/model', lambda l: l + '\n' + l),
     ['core/model', 'has a row already']),
    ('a name with no keyword', edit('render', lambda l: l.replace('only `core/model/`', '`core/model/`')),
     ['render', 'follows neither "only" nor "also"']),
    ('no table', doc.replace('| folder | rank | may include |', '| folders | rank | may include |'),
     ['no tables headed']),
]

failed = 0
found = ca.check_doc_table(doc, folders)
if found:
    failed += 1
    print(f'FAIL: {ca.DOC_REL} as it is differs from layers.txt:')
    for p in found:
        print('    ' + p)
else:
    print(f'ok: {ca.DOC_REL} as it is agrees with layers.txt')
for what, text, words in cases:
    if text == doc:
        failed += 1
        print(f'FAIL: {what}: the change did not apply (has the table changed its form?)')
        continue
    found = ca.check_doc_table(text, folders)
    hit = [p for p in found if all(w in p for w in words)]
    if hit:
        print(f'ok: {what}: {hit[0]}')
    else:
        failed += 1
        print(f'FAIL: {what}: no message with {words}; got:')
        for p in found or ['(nothing)']:
            print('    ' + p)
sys.exit(1 if failed else 0)
