#!/usr/bin/env bash
# The browser tests (Swagger UI, Vellum Studio) drive Debian's chromium through playwright-core; never a
# downloaded browser. `npm test` runs this first: on a fresh machine it installs the package and says so.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "npm test: the browser tests need Debian's chromium, which is not installed; installing it (apt-get install chromium)." >&2
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "npm test: cannot install it here (needs root and apt-get). Run: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
echo "npm test: chromium installed ($(chromium --version 2>/dev/null || echo 'version unknown'))." >&2
