#!/usr/bin/env bash
# npm test: a supported Node and the packages of the lock (scripts/node.sh), Debian's Chromium for the
# browser tests when none is there (apt-get, as root), then every check (npm run test:all).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
roof_packages

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ] && [ -z "${PLAYWRIGHT_BROWSERS_PATH:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test: installing Debian's chromium for the browser tests (apt-get)" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "test: no Chromium at $chromium for the browser tests: sudo apt-get install -y chromium, or set CHROMIUM_PATH." >&2
  fi
fi
exec npm run test:all
