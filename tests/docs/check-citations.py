#!/usr/bin/env python3
# check-citations.py SRCDIR — the rules are cited from the repository's own
# pages, docs/rules/, and the citations lead somewhere:
#
#   * no file under src/, tests/, docs/, ui/ or .ci/, nor README.md or a
#     top-level meson file, names one of the documents that lived outside
#     the repository (the two rules documents and the design document, by
#     their old file names; a path into ../shared for the rules), nor uses
#     their old abbreviation "rules §n".  Not checked: the copied reference
#     data under tests/oracle/data/ (it must equal ../shared/oracle), and
#     docs/rules/ itself, whose README and section map name the old
#     documents on purpose;
#   * every citation of a rules page, "docs/rules/PAGE.md §N" or, where the
#     comment names the page already, "PAGE.md §N" (the further sections of
#     a list after it as well: "stipulations.md §4, §6", "§4–§5"), names a
#     page that exists and a section that is one of that page's numbered
#     headings ("## N." or "### N.M"); an example label or decision given
#     with it ("einstein.md E7", "decisions.md D21") occurs on that page.
#
# Prints each fault with its file and line; exits 1 when there is one.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else '.'
RULES = os.path.join(top, 'docs', 'rules')
SELF = os.path.normpath(os.path.join('tests', 'docs', 'check-citations.py'))
SKIP_DIRS = {'.git', 'subprojects', '__pycache__'}
SKIP_EXT = ('.png', '.gz', '.svg', '.pdf', '.jpg', '.olv')

# ---- the pages and their headings ------------------------------------------
pages = {}
for name in sorted(os.listdir(RULES)):
    if name.endswith('.md'):
        with open(os.path.join(RULES, name), encoding='utf-8') as fh:
            body = fh.read()
        heads = set(re.findall(r'^#{2,4} (\d+(?:\.\d+)*)\.?[ \t]', body, re.M))
        decisions = set(re.findall(r'^\*\*(D\d+)\.', body, re.M))
        pages[name[:-3]] = (heads, body, decisions)

# ---- the files -------------------------------------------------------------
files = []
for where in ('src', 'tests', 'docs', 'ui', '.ci'):
    for root, dirs, names in os.walk(os.path.join(top, where)):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for n in sorted(names):
            rel = os.path.normpath(os.path.relpath(os.path.join(root, n), top))
            if rel.startswith(os.path.join('tests', 'oracle', 'data') + os.sep):
                continue
            if rel == SELF or rel.endswith(SKIP_EXT):
                continue
            files.append(rel)
files += [f for f in ('README.md', 'meson.build', 'meson_options.txt')
          if os.path.isfile(os.path.join(top, f))]

# A comment's line break and its leader (" * ", "# ", "// ") count as one
# space; replaced by as many spaces, so that offsets keep their lines.
BREAK = re.compile(r'\n[ \t]*(?:\*(?!/)|#+|//|--|;+)?[ \t]*')
OLD_NAME = re.compile(r'(?<![/\w.-])(?:rules|rules-beyond|design)\.md\b'
                      r'|\bshared/rules|\brules §')
PAGE = re.compile(r'(?<![\w/.<-])(docs/rules/)?([a-z][a-z0-9-]*)\.md\b')
SECTION = re.compile(r'(?:\s*(?:,|;|\band\b|\bor\b)\s*|\s+|\s*[–-]\s*)§(\d+(?:\.\d+)*)'
                     r'|\s*[–-]\s*(\d+(?:\.\d+)*)\b')
LABEL = re.compile(r'\s+(?:steps? \d+(?:[–-]\d+)?|\(\d+\))'
                   r'|\s+((?:FP|MD|IM|MG|MC|CB|D|E|C|P|A|I)\d+)\b')

faults = []
checked = 0
for f in files:
    try:
        with open(os.path.join(top, f), encoding='utf-8') as fh:
            raw = fh.read()
    except (UnicodeDecodeError, OSError):
        continue
    if '\0' in raw:
        continue
    text = BREAK.sub(lambda m: ' ' * len(m.group(0)), raw)

    def fault(pos, what):
        faults.append('%s:%d: %s' % (f, raw.count('\n', 0, pos) + 1, what))

    if not f.startswith(os.path.join('docs', 'rules') + os.sep):
        for m in OLD_NAME.finditer(text):
            line = raw[raw.rfind('\n', 0, m.start()) + 1:].split('\n', 1)[0].strip()
            fault(m.start(), 'cites "%s", outside the repository (docs/rules/section-map.tsv '
                  'gives its new place): %s' % (m.group(0), line[:80]))
    for m in PAGE.finditer(text):
        prefixed, page = m.group(1), m.group(2)
        if not prefixed and (page not in pages or page == 'README'):
            continue  # another document (docs/architecture.md, README.md …)
        if page not in pages:
            fault(m.start(), 'no page docs/rules/%s.md' % page)
            continue
        heads, body, decisions = pages[page]
        pos = m.end()
        while True:
            s = SECTION.match(text, pos)
            if s and s.group(2) and not heads & {s.group(2)}:
                s = None  # "madrasi.md - 3" is not a range of sections
            if not s:
                lab = LABEL.match(text, pos)
                if lab and lab.group(1):
                    label = lab.group(1)
                    known = label in decisions if page == 'decisions' \
                        else re.search(r'\b%s\b' % label, body)
                    checked += 1
                    if not known:
                        fault(m.start(), '%s.md has no %s' % (page, label))
                break
            num = s.group(1) or s.group(2)
            checked += 1
            if num not in heads:
                fault(m.start(), '%s.md has no section §%s' % (page, num))
            pos = s.end()
            lab = LABEL.match(text, pos)
            if lab:
                if lab.group(1):
                    label = lab.group(1)
                    checked += 1
                    known = label in decisions if page == 'decisions' \
                        else re.search(r'\b%s\b' % label, body)
                    if not known:
                        fault(m.start(), '%s.md has no %s' % (page, label))
                pos = lab.end()

for line in faults:
    print(line)
print('%d files, %d citations of docs/rules/ checked, %d faults' % (len(files), checked, len(faults)))
sys.exit(1 if faults else 0)
