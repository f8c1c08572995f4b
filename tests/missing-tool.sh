#!/bin/sh
# missing-tool.sh TOOL — stands for a test whose program is not installed:
# says so and exits 77, which meson counts as SKIP (and CI as a failure).
# SPDX-License-Identifier: GPL-3.0-or-later
echo "$1 not found: skipped (tests/install-deps.sh installs it)"
exit 77
