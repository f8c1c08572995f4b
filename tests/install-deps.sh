#!/bin/sh
# install-deps.sh — installs the Debian packages Féerie needs, if missing,
# then checks that the programs the build and the tests run are there: a
# package that does not provide one is an error here, not a test skipped
# later (tests skip, exit 77, only where these packages are not installed).
# SPDX-License-Identifier: GPL-3.0-or-later
set -e
here=$(dirname "$0")
missing=""
for p in $(cat "$here/../data/debian-packages.txt"); do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "Installing:$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
missing=""
for tool in meson ninja pkg-config python3 clang xmllint pdftoppm pdftotext rsvg-convert \
            pdflatex kpsewhich \
            xvfb-run xauth xdotool import dbus-run-session msgfmt xgettext msgmerge msgattrib \
            localedef glib-compile-schemas desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  echo "install-deps.sh: still missing after installing data/debian-packages.txt:$missing" >&2
  exit 1
fi
