#!/usr/bin/env bash
# Playwright drives a system Chromium here (its own browser download is unreachable on our machines).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$candidate" ]; then exit 0; fi
done
if [ -d "${HOME}/.cache/ms-playwright" ] && ls "${HOME}/.cache/ms-playwright" | grep -q chromium; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium for the browser tests (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-chromium: no Chromium found. Install Debian's 'chromium' package (sudo apt-get install chromium)," >&2
echo "or run 'npx playwright install chromium', or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
