#!/bin/sh
# install-deps.sh — installs the Debian packages Féerie needs, if missing.
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
