#!/usr/bin/env bash
# Playwright drives a system Chromium here (its own browser download is unreachable on our machines):
# Debian's chromium-headless-shell for the tests, its chromium for the benchmarks
# (test/e2e/support/chromium.ts says why). Installs what is missing when it can (root and apt).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
missing=()
[ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's ${missing[*]} for the browser tests (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null; then exit 0; fi
  echo "ensure-chromium: apt-get could not install ${missing[*]}." >&2
fi
# The full browser alone is enough (the tests then drive it); so is Playwright's own.
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then exit 0; fi
if [ -d "${HOME}/.cache/ms-playwright" ] && ls "${HOME}/.cache/ms-playwright" | grep -q chromium; then exit 0; fi
echo "ensure-chromium: no Chromium found. Install Debian's 'chromium' and 'chromium-headless-shell' packages" >&2
echo "(sudo apt-get install chromium chromium-headless-shell), or run 'npx playwright install chromium'," >&2
echo "or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
