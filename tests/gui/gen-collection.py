#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""gen-collection.py N — N problems as one Popeye input file (joined by
`next`) on stdout, the same every time: kings and 1–5 white, 0–4 black
officers on random squares, a stipulation, an author, a source and a
title numbered from 1, a condition now and then.  For the collection's
window test and benchmark (issue 23)."""
import random
import sys

n = int(sys.argv[1])
r = random.Random(23)
stipulations = ["#2", "#3", "h#2", "h#3", "s#2", "ser-#4", "h#2.5"]
conditions = ["", "", "", "condition Madrasi", "condition Circe", "condition Einstein"]
authors = ["Loyd", "Kubbel", "Millour", "Dawson", "Fiebig", "Kniest", "Petrovic", "Crisan"]
squares = [f + str(k) for f in "abcdefgh" for k in range(1, 9)]
out = []
for i in range(n):
    r.shuffle(squares)
    white = ["k" + squares[0]] + [r.choice("qrbs") + s for s in squares[2:2 + r.randint(1, 5)]]
    black = ["k" + squares[1]] + [r.choice("qrbs") + s for s in squares[8:8 + r.randint(0, 4)]]
    out.append("begin" if i == 0 else "next")
    out.append("author %s" % r.choice(authors))
    out.append("origin Generated %d" % (i + 1))
    out.append("title Problem %d" % (i + 1))
    out.append("stipulation %s" % r.choice(stipulations))
    condition = r.choice(conditions)
    if condition:
        out.append(condition)
    out.append("pieces white " + " ".join(white))
    out.append("black " + " ".join(black))
out.append("end")
print("\n".join(out))
