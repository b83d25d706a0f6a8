import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * The features Playwright itself disables (playwright-core's chromiumSwitches.ts, as of the installed
 * version): Chromium keeps only the last `--disable-features`, so ours must repeat them. A test
 * (test/e2e-support/chromium-flags.test.ts) checks this list still holds every one Playwright names.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 15x loads its address bar's drop-down as two WebUI pages (chrome://omnibox-popup.top-chrome)
 * in a renderer of their own for every new window, which a new browser context is: 0.5–1 s of CPU
 * on these two-core machines, spent while the page under test loads. Nobody here types in an
 * address bar.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
    ],
  };
}
