#!/usr/bin/env python3
# text-to-c.py — turns a text file into a C string constant, so the problem
# schema is compiled into the library and the CLI needs no data directory.
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

src, out, name = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src, 'rb') as f:
    data = f.read()
lines = ['/* Generated from %s by text-to-c.py; do not edit. */' % src.split('/')[-1],
         'const char %s[] =' % name]
for line in data.decode('utf-8').splitlines(keepends=True):
    body = ''.join(c if 32 <= ord(c) < 127 and c not in '"\\?' else
                   ''.join('\\%03o' % b for b in c.encode('utf-8'))
                   for c in line)
    lines.append('  "%s"' % body)
lines.append('  ;')
with open(out, 'w') as f:
    f.write('\n'.join(lines) + '\n')
