import type { Locator, Page } from '@playwright/test';

/*
 * Screenshots for a person to look at (test-results/screens/…) are written only when asked:
 * `ROOMDECK_SCREENSHOTS=1 npx playwright test …`. Nothing in the suite reads them, and writing one
 * costs a render and an encode per size. A failing test still keeps Playwright's own screenshot
 * (playwright.config.ts, `screenshot: 'only-on-failure'`), asked or not.
 */

/** Whether this run was asked for the screenshots a person reads. */
export function screenshotsWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ROOMDECK_SCREENSHOTS === '1';
}

type ScreenshotOptions = NonNullable<Parameters<Page['screenshot']>[0]> & { path: string };

/** `target.screenshot(options)` into `options.path` when screenshots are asked for; else nothing. */
export async function keepScreenshot(target: Page | Locator, options: ScreenshotOptions): Promise<void> {
  if (!screenshotsWanted()) return;
  await target.screenshot(options);
}
