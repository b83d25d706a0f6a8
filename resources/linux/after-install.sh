#!/bin/sh
# Roomdeck's deb post-install: an AppArmor profile that lets Electron's sandbox create user namespaces
# on systems that restrict them (Ubuntu 24.04 and later), then the usual desktop database refresh.
set -e
if [ -d /etc/apparmor.d ]; then
  cat > /etc/apparmor.d/roomdeck <<'PROFILE'
abi <abi/4.0>,
include <tunables/global>

profile roomdeck "/opt/Roomdeck/roomdeck" flags=(unconfined) {
  userns,
  include if exists <local/roomdeck>
}
PROFILE
  if command -v apparmor_parser >/dev/null 2>&1 && apparmor_parser --help 2>/dev/null | grep -q -- '--replace'; then
    apparmor_parser --replace --write-cache --skip-read-cache /etc/apparmor.d/roomdeck || true
  fi
fi
# Machine-wide configuration lives here (see README: Managed configuration); readable by the panel user.
mkdir -p /etc/roomdeck
chmod 0755 /etc/roomdeck
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q || true; fi
