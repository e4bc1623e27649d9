#!/usr/bin/env bash
# The browser tests drive Debian's Chromium: its headless shell for the browser lane, the full
# browser where a test needs what only it has (the back/forward cache). Installed on a fresh
# machine; tests never download browsers.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "The browser tests need Debian's Chromium: run 'sudo apt-get install -y chromium chromium-headless-shell'." >&2
  exit 1
fi
echo "Installing Chromium and its headless shell from Debian for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
