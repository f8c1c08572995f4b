/* fe-latex.h — a diagram as LaTeX for the `diagram` package
 * (chess-problem-diagrams, Debian texlive-games).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fragment is a \begin{diagram} … \end{diagram} environment in the
 * package's German piece notation: colours w s n, pieces K D T L S B,
 * fairy walks as turned figures (R right, U upside down, L left) or the
 * package's equihoppers E and X, explained under the board by \piecedefs;
 * imitators are circles (C); magic and magician pieces stand on framed
 * squares (\fieldframe).  Every text is escaped for LaTeX.
 */
#pragma once

#include <glib.h>

#include "core/model/problem.h"

/* The fragment; with `caption` FALSE only the board (pieces, frames and the
 * legend of fairy figures).  Caller frees. */
char *fe_latex_diagram (const FeProblem *problem, gboolean caption);

/* `text` with LaTeX's special characters escaped (\ { } $ & # ^ _ % ~ < > |)
 * and the package's list separators ";" and "," protected in braces.
 * Caller frees. */
char *fe_latex_escape (const char *text);

/* A whole document around fragments: the preamble the fragments need. */
#define FE_LATEX_PREAMBLE \
  "\\documentclass[a4paper]{article}\n" \
  "\\usepackage[T1]{fontenc}\n" \
  "\\usepackage{diagram}\n"
