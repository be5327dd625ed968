#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium, which the browser tests and benchmarks
# use (Playwright never downloads a browser here). One copy, used by `npm test` (its pretest
# step) and by .ci/run (docs/product.md §22.8).
#
# - Chromium present: prints its version, exits 0.
# - Missing, apt-get usable (root, or sudo without a password): installs it with
#   `apt-get install -y --no-install-recommends chromium` (after `apt-get update` if the package
#   lists are stale), exits 0.
# - Missing and not installable from here (no apt-get, no root): prints the exact command to run
#   and exits 1 at once, before any test starts.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
INSTALL=(apt-get install -y --no-install-recommends chromium)

if [ -x "$CHROMIUM" ]; then
  "$CHROMIUM" --version 2>/dev/null | head -1 || echo "chromium at $CHROMIUM"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing ($CHROMIUM) and apt-get is not available here." >&2
  echo "Install Debian's Chromium so that $CHROMIUM exists (on Debian/Ubuntu: sudo ${INSTALL[*]}), then run npm test again." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "Chromium is missing ($CHROMIUM) and installing it needs root. Run:" >&2
  echo "  sudo ${INSTALL[*]}" >&2
  echo "then run npm test again." >&2
  exit 1
fi

echo "Chromium is missing: installing Debian's chromium with apt-get…"
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" "${INSTALL[@]}"; then
  "${SUDO[@]}" apt-get update
  "${SUDO[@]}" "${INSTALL[@]}"
fi
"$CHROMIUM" --version 2>/dev/null | head -1
