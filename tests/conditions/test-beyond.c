/* test-beyond.c — the "(verified)" examples of the condition pages of
 * docs/rules/ (circe.md, anticirce.md, isardam.md, andernach.md, patrol.md,
 * koeko.md, kamikaze.md, rebirth-squares.md, mars-circe.md,
 * take-and-make.md): Circe in all its forms, AntiCirce, Isardam, Andernach,
 * Patrol, KoeKo, Kamikaze, the rebirth squares, Mars Circe, AntiMars,
 * Phantom chess and Take&Make, each a
 * Popeye-verified fact and so an oracle independent of the engine.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each example is the spec's position in Popeye's input language, solved
 * by fe_solve, and the printed move lines compared with the spec's
 * (order-insensitive): the whole set where the spec gives it, else the
 * lines it names must be printed and the moves it calls illegal must not.
 * A line is compared with its spaces folded, without the key's "!" (and
 * without check marks unless the spec prints them).  One g_test case per
 * example, named after the spec's label.
 */
#include <string.h>

#include "core/model/problem.h"
#include "core/backend/backend.h"
#include "io/popeye.h"
#include "solution-lines.h"

typedef struct {
  const char *label;      /* the test's path under /beyond/ */
  const char *conditions; /* Popeye's words, NULL: none */
  const char *options;    /* NULL: none */
  const char *stip;
  const char *pieces;     /* after "Pieces" */
  const char *twin;       /* a "Twin" command, NULL: none */
  /* '|'-separated lines.  `exact`: the printed lines containing `filter`
   * (all lines when NULL) are these; `present`: each is printed; `absent`:
   * substrings no printed line contains. */
  const char *filter;
  const char *exact;
  const char *present;
  const char *absent;
  bool checks;    /* compare the check marks " +" too */
  bool refusable; /* no line printed, and the solver may refuse the diagram */
  /* A disagreement with the spec found by this test: the engine bug, in a
   * sentence.  The example then only reports itself incomplete. */
  const char *bug;
} Example;

static const Example examples[] = {
  /* ---- Circe (circe.md §2.6) ---- */
  { "C1", "Circe", NULL, "~1", "White Kh1 Ra1 Black Ka8 Ba2 Pa7", .present = "1.Ra1*a2[+bBc8]" },
  /* C2: every walk of the table, captured on e4 (light) by Black. */
#define C2(x, sq)                                                                            \
  { "C2/" x, "Circe", "HalfDuplex", "~1", "White Ka1 " x "e4 Black Kh8 Re7", .filter = "*",  \
    .exact = "1.Re7*e4[+w" sq "]", .checks = true }
  C2 ("G", "Ge8"), C2 ("N", "Ne8"), C2 ("LI", "LIe8"), C2 ("L", "Le8"), C2 ("RO", "ROe8"),
  C2 ("CA", "CAe8"), C2 ("Z", "Ze8"), C2 ("GI", "GIe8"), C2 ("EQ", "EQe8"), C2 ("M", "Me8"),
  C2 ("MA", "MAe8"), C2 ("BT", "BTe8"), C2 ("Q", "Qd1"), C2 ("B", "Bf1"), C2 ("S", "Sb1"),
  C2 ("P", "Pe2"),
#undef C2
  /* the reborn AMe8 or Rh1 would check Kh8 */
  { "C2/AM", "Circe", "HalfDuplex", "~1", "White Ka1 AMe4 Black Kh8 Re7", .absent = "*" },
  { "C2/R", "Circe", "HalfDuplex", "~1", "White Ka1 Re4 Black Kh8 Re7", .absent = "*" },
#define C3(x, line) { "C3/" x, "Circe", NULL, "~1", "White Kc2 Rd2 Re2 Black Kh6 " x, .filter = "*", .exact = line }
  C3 ("Rd4", "1.Rd2*d4[+bRh8]"), C3 ("Re4", "1.Re2*e4[+bRa8]"), C3 ("Bd4", "1.Rd2*d4[+bBf8]"),
  C3 ("Be4", "1.Re2*e4[+bBc8]"), C3 ("Sd4", "1.Rd2*d4[+bSb8]"), C3 ("Se4", "1.Re2*e4[+bSg8]"),
  C3 ("Qd4", "1.Rd2*d4[+bQd8]"), C3 ("Qe4", "1.Re2*e4[+bQd8]"),
#undef C3
  { "C4", "Circe", "HalfDuplex", "~1", "White Ka3 Rh1 Sc3 Black Kh8 Ba8 Pd4",
    .exact = "1.Ba8*h1|1.Kh8-g7|1.Kh8-g8" },
  { "C5/ep", "Circe", "EnPassant d7d6d5", "~1", "White Ka1 Pe5 Black Kh8 Pd5",
    .present = "1.e5*d6 ep.[+bPd7]" },
  { "C5/locust", "Circe", NULL, "~1", "White Ka1 Lc2 Black Kh8 Pe4 Rc4",
    .present = "1.Lc2*e4-f5[+bPe7]", .absent = "Lc2*c4" },
  { "C6", "Circe", NULL, "~1", "White Kc3 Re2 Black Kf6 Neutral Re4", .present = "1.Re2*e4[+nRa8]" },
  { "C7/short", "Circe", NULL, "h001", "White Ke1 Rb7 Black Kd5 Ba8", .exact = "1.Ba8*b7[+wRh1] 0-0" },
  { "C7/long", "Circe", NULL, "h001", "White Ke1 Ra7 Black Kd5 Bb8",
    .exact = "1.Bb8*a7[+wRa1] 0-0-0 +", .checks = true },

  /* ---- Circe Rex inclusive (circe.md §3) ---- */
  { "RexInclusive/mirror", "Circe Mirror RexInclusive", "HalfDuplex", "~1", "White Kc4 Black Ka8 Rc7",
    .present = "1.Rc7*c4[+wKe8]" },
  { "RexInclusive/kings-rank", "Circe RexInclusive", NULL, "~1", "White Kd4 Black Ka8 Rc8",
    .exact = "1.Kd4-c3|1.Kd4-c4|1.Kd4-c5|1.Kd4-d3|1.Kd4-d5|1.Kd4-e3|1.Kd4-e4|1.Kd4-e5" },
  { "RexInclusive/e1-blocked", "Circe RexInclusive", NULL, "~1", "White Kd4 Be1 Black Ka8 Rc8",
    .filter = "Kd4", .exact = "1.Kd4-d3|1.Kd4-d5|1.Kd4-e3|1.Kd4-e4|1.Kd4-e5" },
  { "RexInclusive/check-on-e1", "Circe RexInclusive", NULL, "~1", "White Ke1 Qa4 Black Ka8 Re7",
    .exact = "1.Ke1-d1|1.Ke1-d2|1.Ke1-e2|1.Ke1-f1|1.Ke1-f2|1.Qa4-e4" },
  { "RexInclusive/castling-Rf7", "Circe RexInclusive", NULL, "~1", "White Ke1 Rh1 Black Ka8 Rf7",
    .present = "1.0-0" },
  { "RexInclusive/castling-Rg7", "Circe RexInclusive", NULL, "~1", "White Ke1 Rh1 Black Ka8 Rg7",
    .present = "1.0-0" },
  { "RexInclusive/castling-Re7", "Circe RexInclusive", NULL, "~1", "White Ke1 Rh1 Black Ka8 Re7",
    .absent = "0-0" },
  { "RexInclusive/rebirth-square-enemy", "Circe RexInclusive", NULL, "~1", "White Kd1 Pa2 Black Ka8 Re1",
    .present = "1.a2-a3|1.a2-a4|1.Kd1*e1[+bRh8]" },
  { "RexInclusive/king-captured", "Circe RexInclusive", "HalfDuplex", "~1", "White Kc4 Black Ka8 Rc8",
    .present = "1.Rc8*c4[+wKe1]" },
  { "RexInclusive/reborn-king-castles", "Circe RexInclusive", NULL, "h001", "White Kd2 Rh1 Black Ka8 Rd8",
    .exact = "1.Rd8*d2[+wKe1] 0-0" },

  /* ---- Parrain (circe.md §4.2) ---- */
  { "P1", "ParrainCirce", NULL, "h~1", "White Kh1 Ra1 Pe6 Black Kh8 Bc8", .filter = "1.Bc8*e6 ",
    .exact = "1.Bc8*e6 Ra1-a3[+wPe8=Q] +|1.Bc8*e6 Ra1-a3[+wPe8=S]|1.Bc8*e6 Ra1-a3[+wPe8=R] +|"
             "1.Bc8*e6 Ra1-a3[+wPe8=B]|1.Bc8*e6 Ra1-a2[+wPe7]|1.Bc8*e6 Ra1-b1[+wPf6]|"
             "1.Bc8*e6 Ra1-c1[+wPg6]|1.Bc8*e6 Ra1-d1[+wPh6]|1.Bc8*e6 Kh1-g1[+wPd6]|"
             "1.Bc8*e6 Kh1-g2[+wPd7]|1.Bc8*e6 Kh1-h2[+wPe7]|1.Bc8*e6 Ra1-a4|1.Bc8*e6 Ra1-a5|"
             "1.Bc8*e6 Ra1-a6|1.Bc8*e6 Ra1-a7|1.Bc8*e6 Ra1-a8 +|1.Bc8*e6 Ra1-e1|1.Bc8*e6 Ra1-f1|"
             "1.Bc8*e6 Ra1-g1",
    .checks = true },
  { "P2/no-mate", "ParrainCirce", NULL, "#1", "White Kc1 Ra1 Pb7 Black Kh8 Pg7 Ph7 Ba8 Rb3", .exact = "" },
  { "P2/orthodox-mate", NULL, NULL, "#1", "White Kc1 Ra1 Pb7 Black Kh8 Pg7 Ph7 Ba8 Rb3",
    .exact = "1.Ra1*a8 #", .checks = true },
  /* the replies to 1.Ra1*a8 + (White plays it in a help play of one
   * move, then Black's replies) */
  { "P2/replies", "ParrainCirce", "HalfDuplex", "h~1", "White Kc1 Ra1 Pb7 Black Kh8 Pg7 Ph7 Ba8 Rb3",
    .present = "1.Ra1*a8 + Rb3-c3[+bBb8] +|1.Ra1*a8 + Rb3-d3[+bBc8]|1.Ra1*a8 + Rb3-h3[+bBg8]",
    .checks = true },
  { "P3/first-rank-pawn", "ParrainCirce", NULL, "~1", "White Kh1 Pe1 Black Kc8 Pd2", .present = "1.e1-e2|1.e1*d2" },
  { "P3/plain-circe", "Circe", NULL, "~1", "White Kh1 Pe1 Black Kc8 Pd2", .absent = "e1-|e1*" },
  { "P3/orthodox", NULL, NULL, "~1", "White Kh1 Pe1 Black Kc8 Pd2", .absent = "e1-|e1*" },
  { "P3/first-rank-check", "ParrainCirce", "HalfDuplex", "~1", "White Kh1 Pe1 Black Kd2 Pa7",
    .present = "1.Kd2*e1", .absent = "a7-" },
  { "P3/plain-circe-no-check", "Circe", "HalfDuplex", "~1", "White Kh1 Pe1 Black Kd2 Pa7",
    .present = "1.a7-a6" },
  { "P4", "ParrainCirce", NULL, "h~1", "White Ke1 Ra1 Bd4 Black Kh8 Bf6", .present = "1.Bf6*d4 0-0-0[+wBe4]" },

  /* ---- Diagram (circe.md §5) ---- */
  { "Diagram", "DiagramCirce", NULL, "hx1.5", "White Ka8 Rc7 Ba3 Black Kh1 Pb2",
    .present = "1...Rc7-c1 + 2.b2*c1=Q[+wRc7] Ba3*c1[+bQb2] x|1...Ba3*b2 x", .checks = true },
  { "Diagram/twin", "DiagramCirce", NULL, "hx1.5", "White Ka8 Rc7 Ba3 Black Kh1 Pb2", "Move b2 b3",
    .present = "[+bPb3]" },

  /* ---- Mirror (circe.md §6) ---- */
#define MIRROR(x, sq)                                                                          \
  { "Mirror/" x, "MirrorCirce", "HalfDuplex", "~1", "White Ka1 " x "e4 Black Kh7 Re7", .filter = "*", \
    .exact = "1.Re7*e4[+w" sq "]" }
  MIRROR ("R", "Ra8"), MIRROR ("S", "Sg8"), MIRROR ("B", "Bc8"), MIRROR ("Q", "Qd8"), MIRROR ("P", "Pe7"),
  MIRROR ("G", "Ge1"),
#undef MIRROR
  { "Mirror/black-pawn", "MirrorCirce", NULL, "~1", "White Kc2 Rd2 Black Kh6 Pd4", .present = "1.Rd2*d4[+bPd2]" },

  /* ---- AntiCirce (anticirce.md §5) ---- */
  { "A1/Calvet", "AntiCirce", "EnPassant d7d6d5", "~1", "White Ka3 Rh5 Pb7 Pe5 Black Kd8 Bh1 Sa8 Pd5 Sg4",
    .filter = "*",
    .exact = "1.e5*d6 ep.[wPd6->d2]|1.Rh5*h1[wRh1->h1]|1.b7*a8=Q[wQa8->d1]|1.b7*a8=S[wSa8->b1]|"
             "1.b7*a8=B[wBa8->f1]" },
  { "A1/Cheylan", "AntiCirce Cheylan", "EnPassant d7d6d5", "~1",
    "White Ka3 Rh5 Pb7 Pe5 Black Kd8 Bh1 Sa8 Pd5 Sg4", .filter = "*",
    .exact = "1.e5*d6 ep.[wPd6->d2]|1.b7*a8=Q[wQa8->d1]|1.b7*a8=S[wSa8->b1]|1.b7*a8=B[wBa8->f1]" },
  { "A2", "AntiCirce", NULL, "~1", "White Ka1 Lc2 Black Kh5 Pe4", .present = "1.Lc2*e4-f5[wLf5->e8]" },
  { "A3", "AntiCirce", NULL, "~1", "White Ke4 Black Ka8 Re7",
    .exact = "1.Ke4-d3|1.Ke4-f3|1.Ke4-f5|1.Ke4-d5|1.Ke4-d4|1.Ke4-f4" },
  { "A4/Calvet", "AntiCirce", NULL, "~1", "White Kh8 Pa4 Black Ka1 Rh3", .absent = "a4-" },
  { "A4/Cheylan", "AntiCirce Cheylan", NULL, "~1", "White Kh8 Pa4 Black Ka1 Rh3", .present = "1.a4-a5" },
  { "A5/blocked", "AntiCirce", NULL, "~1", "White Ke4 Be1 Black Ke6 Be8",
    .present = "1.Ke4-d5|1.Ke4-e5|1.Ke4-f5" },
  { "A5/free", "AntiCirce", NULL, "~1", "White Ke4 Be1 Black Ke6 Bf8", .absent = "Ke4-d5|Ke4-e5|Ke4-f5" },
  { "A6/king", "AntiCirce", NULL, "ser-002", "White Kd2 Rh1 Black Ka8 Pd3", .exact = "1.Kd2*d3[wKd3->e1] 2.0-0" },
  { "A6/rook", "AntiCirce", NULL, "ser-003", "White Ke1 Rh1 Black Ka8 Pb3",
    .exact = "1.0-0|1.Rh1-h3 2.Rh3*b3[wRb3->h1] 3.0-0" },
  { "A/Einstein", "EinsteinChess AntiCirce", NULL, "~1", "White Ka1 Rc3 Black Kh8 Pc6 Sf3",
    .present = "1.Rc3*c6=Q[wQc6->d1]" },
  /* A neutral capturer goes to the square of the side moving it
   * (anticirce.md §2) */
  { "A/neutral-white", "AntiCirce", NULL, "~1", "White Ka3 Pc2 Black Kf7 Pe4 Neutral Re2",
    .present = "1.nRe2*e4[nRe4->h1]" },
  { "A/neutral-black", "AntiCirce", "HalfDuplex", "~1", "White Ka3 Pc2 Black Kf7 Pe4 Neutral Re2",
    .present = "1.nRe2*c2[nRc2->a8] +", .checks = true },

  /* ---- Isardam (isardam.md §5) ---- */
  { "I1/A", "Isardam", "HalfDuplex", "~1", "White Ke1 Ra1 Black Ka8 Rh8 Pb5",
    .exact = "1.b5-b4|1.Ka8-b7|1.Ka8-b8|1.Rh8-b8|1.Rh8-c8|1.Rh8-d8|1.Rh8-e8|1.Rh8-f8|1.Rh8-g8" },
  { "I1/B", "Isardam TypeB", "HalfDuplex", "~1", "White Ke1 Ra1 Black Ka8 Rh8 Pb5",
    .exact = "1.Ka8-b7|1.Ka8-b8" },
  { "I2/A", "Isardam", NULL, "~1", "White Kd6 Ra8 Black Kd8 Rh8", .filter = "Kd6",
    .exact = "1.Kd6-c5|1.Kd6-e5|1.Kd6-e7 +|1.Kd6-c7 +|1.Kd6-d7 +|1.Kd6-d5|1.Kd6-c6|1.Kd6-e6",
    .checks = true },
  { "I2/RexInclusive", "Isardam RexInclusive", NULL, "~1", "White Kd6 Ra8 Black Kd8 Rh8", .filter = "Kd6",
    .exact = "1.Kd6-c5|1.Kd6-e5|1.Kd6-d5|1.Kd6-c6|1.Kd6-e6" },
  { "I2/B", "Isardam TypeB", NULL, "~1", "White Kd6 Ra8 Black Kd8 Rh8", .exact = "", .refusable = true },
  { "I3", "Isardam", "HalfDuplex", "~1", "White Ke1 Pe5 Black Ka8 Pb7 Pf7", .present = "1.b7-b5|1.b7-b6",
    .absent = "f7-" },

  /* ---- Andernach (andernach.md §4) ---- */
  { "Andernach/castling", "AndernachChess", "HalfDuplex", "h001", "White Ka1 Rh2 Black Ke8 Sh8 Pa3",
    .exact = "1.Rh2*h8=b 0-0" },
  { "Andernach/promotion", "AndernachChess", NULL, "~1", "White Ka1 Pb7 Pb6 Black Ke8 Ra8 Sc7 Sh4",
    .present = "1.b7*a8=S=b|1.b7*a8=B=b", .absent = "b7*a8=Q|b7*a8=R" },
  { "Andernach/pawn-turns", "AndernachChess", "HalfDuplex", "h~1", "White Kh1 Pb6 Black Ka8 Sc7",
    .present = "1.b6*c7=b c7-c5|1.b6*c7=b c7-c6" },
  { "AntiAndernach", "AntiAndernachChess", NULL, "~1", "White Ke1 Rh1 Pe2 Black Ka8 Pd4 Sb5",
    .exact = "1.0-0|1.Rh1-h8=b|1.Rh1-h7=b|1.Rh1-h6=b|1.Rh1-h5=b|1.Rh1-h4=b|1.Rh1-h3=b|1.Rh1-h2=b|"
             "1.e2-e4=b|1.e2-e3=b|1.Ke1-d1|1.Ke1-d2|1.Ke1-f1|1.Ke1-f2" },

  /* ---- Patrol (patrol.md) ---- */
  { "Patrol/unsupported-check", "Patrouille", "HalfDuplex", "~1", "White Kh1 Rd1 Black Kd8 Pa7",
    .exact = "1.a7-a5|1.a7-a6|1.Kd8-c7|1.Kd8-d7|1.Kd8-e7|1.Kd8-c8|1.Kd8-e8" },
  { "Patrol/supported-check", "Patrouille", "HalfDuplex", "~1", "White Kh1 Rd1 Sf2 Black Kd8 Pa7",
    .exact = "1.Kd8-c7|1.Kd8-e7|1.Kd8-c8|1.Kd8-e8" },
  { "Patrol/unsupported-capture", "Patrouille", NULL, "~1", "White Kh1 Rd1 Black Ka8 Pd5", .absent = "*" },
  { "Patrol/supported-capture", "Patrouille", NULL, "~1", "White Kh1 Rd1 Sf2 Black Ka8 Pd5",
    .present = "1.Rd1*d5" },
  /* The spec's diagram puts both the white king and the black bishop on
   * h1; the king stands on e3 here, out of every line involved. */
  { "Patrol/supporter-unsupported", "Patrouille", NULL, "~1", "White Ke3 Ra1 Sc2 Black Kh6 Bh1",
    .present = "1.Ra1*h1" },
  { "Patrol/paralysed-supporter", "Patrouille Madrasi", NULL, "~1", "White Ke3 Ra1 Sc2 Black Kh6 Bh1 Sa3",
    .absent = "Ra1*h1" },
  { "Patrol/attribute", NULL, NULL, "~1", "White Kh1 Bc4 White Patrol Rd1 Black Ka8 Pd5", .filter = "*",
    .exact = "1.Bc4*d5 +", .checks = true },

  /* ---- KoeKo (koeko.md) ---- */
  { "KoeKo/contact", "KoeKo", NULL, "~1", "White Ke1 Ra1 Rh1 Pd2 Black Ka8 Ph3",
    .exact = "1.Ra1-a7|1.Ra1-d1|1.Ra1-c1|1.0-0-0|1.0-0|1.Ke1-d1|1.Ke1-e2|1.Rh1-f1|1.Rh1-h2" },
  { "KoeKo/no-check", "KoeKo", "HalfDuplex", "~1", "White Kh1 Rd1 Black Kd8 Pa7 Pb5", .exact = "1.a7-a5|1.a7-a6" },
  { "KoeKo/check", "KoeKo", "HalfDuplex", "~1", "White Kh1 Rd1 Black Kd8 Pa7 Pb5 Pe7", .exact = "1.Kd8-e8" },
  { "KoeKo/Circe-RexInclusive", "Circe RexInclusive KoeKo", NULL, "~1", "White Kh1 Rd1 Black Kd8",
    .exact = "1.Rd1*d8[+bKe8]|1.Rd1-d7|1.Rd1-g1" },
  { "KoeKo/Circe-RexInclusive-illegal", "Circe RexInclusive KoeKo", NULL, "~1", "White Kh1 Rd1 Black Kd8 Pe8",
    .exact = "", .refusable = true },

  /* ---- Kamikaze (kamikaze.md) ---- */
  { "Kamikaze/alone", NULL, NULL, "~1", "White Ke1 White Kamikaze Rd1 Black Ka8 Pd5",
    .present = "1.kRd1*d5[-wkRd5]" },
  { "Kamikaze/Circe", "Circe", NULL, "~1", "White Ke1 White Kamikaze Rd1 Black Ka8 Pd5",
    .present = "1.kRd1*d5[wkRd5->h1][+bPd7]" },
  { "Kamikaze/Circe-h1-occupied", "Circe", NULL, "~1", "White Ke1 White Kamikaze Rd1 Black Ka8 Pd5 Bh1",
    .present = "1.kRd1*d5[+bPd7]" },
  { "Kamikaze/Circe-d7-occupied", "Circe", NULL, "~1", "White Ke1 White Kamikaze Rd1 Black Ka8 Pd5 Pd7",
    .present = "1.kRd1*d5[wkRd5->h1]" },
  { "Kamikaze/king", NULL, "NoWk", "~1", "White Kamikaze Kh1 Black Ka8 Pg2", .exact = "1.kKh1-g1|1.kKh1-h2" },

  /* ---- the rebirth squares (rebirth-squares.md; Popeye's corpus) ---- */
  { "Squares/equipollents", "EquipollentsCirce", "NoWk", "h#2", "White Rc6 Bd4 Black Se7 Ke4 Pe3",
    .exact = "1.Se7*c6[+wRa5] Ra5-f5 2.Sc6*d4[+wBe2] Be2-d3 #", .checks = true },
  { "Squares/couscous-promotes", "CouscousCirce", NULL, "h#2", "White Ka2 Black Ke2 Neutral Pd2 Pe6 Pf2 Pf4",
    .exact = "1.Ke2*d2[+nPe8=nR] nRe8*e6[+nPh1=nS] 2.nSh1*f2[+nPb8=nB] nBb8*f4[+nPc1=nQ] #",
    .checks = true },
  { "Squares/equipollents-imitator", "EquipollentsCirce Imitator b7", "NoWk NoBk", "x1", "White Sd5 Black Pe3",
    .exact = "1.Sd5*e3[Ic5][+bPf1=I] x|1.Sd5*e3[Ic5][+bPf1=Q] x|1.Sd5*e3[Ic5][+bPf1=S] x|"
             "1.Sd5*e3[Ic5][+bPf1=R] x|1.Sd5*e3[Ic5][+bPf1=B] x" },
  { "Squares/diagram-anticirce", "DiagramAntiCirce", "NoWk NoBk", "x1", "White Sc3 Black Rd5",
    .exact = "1.Sc3*d5[wSd5->c3] x" },

  /* ---- Mars Circe, AntiMars, Phantom chess (mars-circe.md) ---- */
  { "Mars/from-rebirth", "MarsCirce", NULL, "h#2", "White Ka5 Pa7 Pb7 Black Ka4 Rb4 Pb5 Pc2",
    .exact = "1.c2-c1=S a7-a8=Q + 2.Sc1-b3 Qa8-d1*b3 #|1.c2-c1=B b7-b8=R + 2.Bc1-a3 Rb8-a1*a3 #",
    .checks = true },
  { "AntiMars/quiet-from-rebirth", "AntiMarsCirce", "HalfDuplex", "~1",
    "White Ka1 Sb8 Sd8 Rf7 Re3 Pf5 Black Kc5 Bh3 Pf3 Sd1",
    .present = "1.Bh3*f5|1.Bh3-c8-a6|1.Bh3-c8-b7|1.Bh3-c8-e6", .absent = "Bh3-g4" },
  /* ---- Take&Make (take-and-make.md) ---- */
  { "TakeMake/pawn-promotes-by-make", "Take&MakeChess", NULL, "h#2", "White Kh8 Se3 Pe4 Black Kf8 Rc5 Sd4",
    .exact = "1.Sd4-f5 Se3*f5-h6 2.Rc5-d5 e4*d5-d8=Q #|1.Rc5-d5 Se3*d5-d6 2.Sd4-f5 e4*f5-e7 #" },
  { "Phantom/both", "PhantomChess", NULL, "~1", "White Rc1 Kc7 Pa5 Black Ka8",
    .present = "1.Rc1-a1-a2|1.Rc1-a1-a4|1.Rc1-a1|1.Rc1-c6", .absent = "Rc1-a1-a5|Rc1-a1-b1" },
};

/* The Popeye input of an example. */
static char *
input_text (const Example *e)
{
  GString *s = g_string_new ("BeginProblem\n");
  if (e->conditions)
    g_string_append_printf (s, "Condition %s\n", e->conditions);
  if (e->options)
    g_string_append_printf (s, "Option %s\n", e->options);
  g_string_append_printf (s, "Stipulation %s\nPieces %s\n", e->stip, e->pieces);
  if (e->twin)
    g_string_append_printf (s, "Twin %s\n", e->twin);
  g_string_append (s, "EndProblem\n");
  return g_string_free (s, FALSE);
}

/* A printed line as compared: spaces folded, no key mark, check marks
 * only if `checks`. */
static char *
normalise (const char *line, bool checks)
{
  char **tok = g_strsplit_set (line, " \t", -1);
  GString *s = g_string_new (NULL);
  for (char **t = tok; *t; t++)
    {
      if (!**t || (!checks && strcmp (*t, "+") == 0))
        continue;
      if ((strcmp (*t, "!") == 0 || strcmp (*t, "?") == 0) && !t[1])
        continue;
      if (s->len)
        g_string_append_c (s, ' ');
      g_string_append (s, *t);
    }
  g_strfreev (tok);
  return g_string_free (s, FALSE);
}

/* The move lines of a solution text (those starting with a move number),
 * normalised; for twins, every twin's. */
static GPtrArray *
move_lines (const char *out, bool checks)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  char **all = g_strsplit (out, "\n", -1);
  for (char **l = all; *l; l++)
    {
      const char *p = *l;
      while (*p == ' ')
        p++;
      const char *q = p;
      while (g_ascii_isdigit (*q))
        q++;
      if (q > p && *q == '.')
        g_ptr_array_add (lines, normalise (p, checks));
    }
  g_strfreev (all);
  return lines;
}

static bool
has_line (GPtrArray *lines, const char *line)
{
  for (guint i = 0; i < lines->len; i++)
    if (strcmp (lines->pdata[i], line) == 0)
      return true;
  return false;
}

/* Appends to `why` what differs from the spec. */
static void
compare (const Example *e, GPtrArray *lines, GString *why)
{
  if (e->exact)
    {
      char **want = g_strsplit (e->exact, "|", -1);
      GPtrArray *got = g_ptr_array_new ();
      for (guint i = 0; i < lines->len; i++)
        if (!e->filter || strstr (lines->pdata[i], e->filter))
          g_ptr_array_add (got, lines->pdata[i]);
      for (char **w = want; *w; w++)
        {
          g_autofree char *n = normalise (*w, e->checks);
          if (*n && !has_line (got, n))
            g_string_append_printf (why, "  missing: %s\n", n);
        }
      for (guint i = 0; i < got->len; i++)
        {
          bool wanted = false;
          for (char **w = want; *w && !wanted; w++)
            {
              g_autofree char *n = normalise (*w, e->checks);
              wanted = strcmp (n, got->pdata[i]) == 0;
            }
          if (!wanted)
            g_string_append_printf (why, "  not in the spec: %s\n", (char *) got->pdata[i]);
        }
      g_ptr_array_unref (got);
      g_strfreev (want);
    }
  if (e->present)
    {
      char **want = g_strsplit (e->present, "|", -1);
      for (char **w = want; *w; w++)
        {
          g_autofree char *n = normalise (*w, e->checks);
          bool found = false;
          /* a bracket alone ("[+bPb3]") is looked for inside the lines */
          for (guint i = 0; i < lines->len && !found; i++)
            found = n[0] == '[' ? strstr (lines->pdata[i], n) != NULL : strcmp (lines->pdata[i], n) == 0;
          if (!found)
            g_string_append_printf (why, "  missing: %s\n", n);
        }
      g_strfreev (want);
    }
  if (e->absent)
    {
      char **bad = g_strsplit (e->absent, "|", -1);
      for (char **b = bad; *b; b++)
        for (guint i = 0; i < lines->len; i++)
          if (strstr (lines->pdata[i], *b))
            g_string_append_printf (why, "  printed, but the spec says illegal (%s): %s\n", *b,
                                    (char *) lines->pdata[i]);
      g_strfreev (bad);
    }
}

static void
test_example (gconstpointer data)
{
  const Example *e = data;
  g_autofree char *text = input_text (e);
  GError *error = NULL;
  GPtrArray *all = fe_popeye_read (text, strlen (text), "beyond.inp", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 1);
  FeProblem *pb = g_ptr_array_steal_index (all, 0);
  g_ptr_array_unref (all);
  FeSolverConfig config = { 0 };
  config.threads = 1;
  config.max_time = 60;
  GString *out = g_string_new (NULL);
  gboolean ok = fe_solve (pb, &config, out, NULL, &error);
  GString *why = g_string_new (NULL);
  if (!ok && !e->refusable)
    g_string_append_printf (why, "  the solver refused it: %s\n", error ? error->message : "?");
  else if (!ok)
    g_test_message ("refused: %s", error ? error->message : "?");
  g_clear_error (&error);
  if (ok)
    {
      g_autofree char *twice = fe_test_repeated_line (out->str);
      if (twice)
        g_string_append_printf (why, "  a line printed twice: %s\n", twice);
      GPtrArray *lines = move_lines (out->str, e->checks);
      /* an example that prints nothing proves nothing of its absences */
      if (!lines->len && !(e->exact && !*e->exact))
        g_string_append (why, "  no line printed\n");
      compare (e, lines, why);
      g_ptr_array_unref (lines);
    }
  if (why->len)
    {
      g_printerr ("%s\n%s--- printed:\n%s\n", text, why->str, out->str);
      if (e->bug)
        g_test_incomplete (e->bug);
      else
        g_test_fail_printf ("docs/rules example %s differs:\n%s", e->label, why->str);
    }
  else if (e->bug)
    g_test_message ("%s: the known bug is gone (%s)", e->label, e->bug);
  g_string_free (why, TRUE);
  g_string_free (out, TRUE);
  fe_problem_free (pb);
}

/* docs/rules/combinations.md §4: the combinations Popeye refuses are
 * refused by name; the problem still reads (it opens and is written back). */
typedef struct {
  const char *label, *input, *why;
} Refusal;

static const Refusal refusals[] = {
  { "anticirce-kamikaze", "condition AntiCirce\npieces white ke1 black ke8 white kamikaze rd1",
    "AntiCirce with kamikaze" },
  { "isardam-madrasi", "condition Isardam Madrasi\npieces white ke1 rd1 black ke8", "Isardam with Madrasi" },
  { "isardam-imitator", "condition Isardam Imitator c3\npieces white ke1 rd1 black ke8",
    "Isardam with imitators" },
  { "koeko-imitator", "condition KoeKo Imitator c3\npieces white ke1 rd1 black ke8", "KoeKo with imitators" },
  { "parrain-rex-inclusive", "condition Circe Parrain RexInclusive\npieces white ke1 rd1 black ke8",
    "Parrain Rex inclusive" },
  { "parrain-kamikaze", "condition ParrainCirce\npieces white ke1 black ke8 white kamikaze rd1",
    "Parrain with kamikaze" },
  { "circe-volcanic-variant", "condition Circe Volcanic\npieces white ke1 rd1 black ke8", "Circe Volcanic" },
  { "mars-imitator", "condition MarsCirce Imitator c3\npieces white ke1 rd1 black ke8",
    "Mars Circe with Imitator" },
  { "phantom-mars", "condition MarsCirce PhantomChess\npieces white ke1 rd1 black ke8",
    "both say where the pieces move from" },
  { "neutral-king", "pieces white ke1 neutral kd4 black rd8", "neutral king (on d4)" },
  { "takemake-imitator", "condition Take&MakeChess Imitator c3\npieces white ke1 rd1 black ke8",
    "Take&Make chess with Imitator" },
  { "maketake-takemake", "condition Make&TakeChess Take&MakeChess\npieces white ke1 rd1 black ke8",
    "both add a step to a capture" },
  { "maketake-mars", "condition Make&TakeChess MarsCirce\npieces white ke1 rd1 black ke8",
    "both say where the pieces move from" },
  { "super-rex-inclusive", "condition SuperCirce RexInclusive\npieces white ke1 rd1 black ke8",
    "Super-Circe Rex inclusive" },
  { "super-kamikaze", "condition SuperCirce\npieces white ke1 black ke8 white kamikaze rd1",
    "Super-Circe with kamikaze" },
  { "maketake-imitator", "condition Make&TakeChess Imitator c3\npieces white ke1 rd1 black ke8",
    "Make&Take chess with Imitator" },
};

static void
test_refusal (gconstpointer data)
{
  const Refusal *r = data;
  g_autofree char *text = g_strdup_printf ("begin\nstipulation #1\n%s\nend\n", r->input);
  GError *error = NULL;
  GPtrArray *all = fe_popeye_read (text, strlen (text), "refused.inp", &error);
  g_assert_no_error (error);
  FeSolverConfig config = { 0 };
  config.threads = 1;
  GString *out = g_string_new (NULL);
  g_assert_false (fe_solve (all->pdata[0], &config, out, NULL, &error));
  g_assert_nonnull (error);
  if (!strstr (error->message, r->why))
    g_test_fail_printf ("%s: refused, but the reason does not say \"%s\": %s", r->label, r->why,
                        error->message);
  g_clear_error (&error);
  g_string_free (out, TRUE);
  g_ptr_array_unref (all);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/beyond/refused/%s", refusals[i].label);
      g_test_add_data_func (path, &refusals[i], test_refusal);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = g_strdup_printf ("/beyond/%s", examples[i].label);
      g_test_add_data_func (path, &examples[i], test_example);
    }
  return g_test_run ();
}
