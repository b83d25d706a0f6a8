#!/bin/sh
# Roomdeck's deb post-remove: the AppArmor profile goes with the app; /etc/roomdeck (IT's settings) stays.
set -e
if [ -f /etc/apparmor.d/roomdeck ]; then
  if command -v apparmor_parser >/dev/null 2>&1; then apparmor_parser --remove /etc/apparmor.d/roomdeck 2>/dev/null || true; fi
  rm -f /etc/apparmor.d/roomdeck
fi
