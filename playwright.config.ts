import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/e2e/support/chromium.ts';

function e2eWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.ROOMDECK_E2E_WORKERS;
  if (value === undefined || value === '') return 3;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`ROOMDECK_E2E_WORKERS must be a whole number from 1 (got "${value}")`);
  return workers;
}

export default defineConfig({
  // The end-to-end suite and the Chromium half of the attack suite (test/security).
  testDir: 'test',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  // Three by default: every spec gets its simulator and host on free ports with its own data
  // directory (support/processes.ts), and a worker's specs run one at a time, so specs in
  // different workers share nothing. On two cores a spec spends part of its time waiting on its
  // servers and timers, so a third worker fills those gaps: the first pass took 10.9 minutes with
  // three, 12.2 with two. `ROOMDECK_E2E_WORKERS=1` runs them one by one.
  workers: e2eWorkers(),
  retries: 0,
  // A test's own waits bound what it checks; this only stops a hung one. Room for a loaded machine.
  timeout: 90_000,
  // A run that names its own report (the time-zone passes) keeps the others': CI's summary
  // (scripts/test-summary.mjs) counts every report.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.ROOMDECK_E2E_REPORT ?? 'test-results/playwright.json' }],
  ],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The panel and the tools show times in the device's locale (time-format.ts); the suite pins one
    // so its assertions read "14:05" on every machine.
    locale: 'en-GB',
    // The time-zone pass (scripts/test-time-zones.mjs) runs the browser in the zone the simulator and
    // host processes run in (TZ); a spec that needs its own zone sets it with test.use.
    ...(process.env.ROOMDECK_E2E_TZ ? { timezoneId: process.env.ROOMDECK_E2E_TZ } : {}),
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // The tests whose behaviour depends on the API generation or on push vs polling (tagged
    // @generation) once more, against the legacy generation with every socket refused, so the panel
    // polls. A project of the same run rather than a second run: no second start-up and no second
    // tail. Listed first, so its files are handed out first: its longest (panel-join's serial
    // tests, over a minute on one worker) then overlaps the first project's files instead of
    // running alone at the end. Its workers read these parameters through runEnv()
    // (test/e2e/support/processes.ts).
    {
      name: 'legacy-polling',
      testMatch: 'e2e/**/*.spec.ts',
      grep: /@generation/,
      metadata: { env: { ROOMDECK_E2E_API: 'legacy', ROOMDECK_E2E_SOCKET: 'refused' } },
    },
    // Every spec once, against the simulator as `npm start` meets it: the current generation (the
    // host's `auto`), the control websocket pushing.
    { name: 'e2e' },
  ],
});
