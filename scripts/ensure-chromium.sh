#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; install it on a fresh machine (tests never download browsers).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "The browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Chromium from Debian for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
