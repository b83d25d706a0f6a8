import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * How every browser run here starts Chromium: Debian's when present (our machines cannot download
 * Playwright's own; scripts/ensure-chromium.sh installs it), else Playwright's on a normal machine.
 * Without the background-networking flags Chromium floods the closed network.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return {
    ...(executablePath === undefined ? {} : { executablePath }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
