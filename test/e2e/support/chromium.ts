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
 * Which browser a run drives: `tests`, the suite's, or `user`, the benchmarks', which time what a
 * person's browser does.
 *
 * The tests prefer Debian's `chromium-headless-shell`: the same Chromium build (Blink, V8, the same
 * version as Debian's `chromium`) without the desktop browser around it, which Playwright itself
 * drives for headless runs on machines where it downloads its own. It halves the browser process's
 * work, about a tenth of the suite's time on two cores. Else Debian's `chromium` (our machines
 * cannot download Playwright's own; scripts/ensure-chromium.sh installs them), else Playwright's
 * on a normal machine. `CHROMIUM_PATH` overrides all of them.
 */
export type BrowserFor = 'tests' | 'user';

export function chromiumExecutable(
  purpose: BrowserFor,
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  const candidates =
    purpose === 'tests' ? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] : ['/usr/bin/chromium'];
  return candidates.find(exists);
}

/** How a browser run starts Chromium. Without the background-networking flags it floods the closed network. */
export function chromiumLaunchOptions(purpose: BrowserFor = 'tests'): LaunchOptions {
  const executablePath = chromiumExecutable(purpose);
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
