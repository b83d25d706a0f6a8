import type { Page } from '@playwright/test';
import { expect, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';

/*
 * The wall clock through the two moments a panel meets every year that a test written in the
 * afternoon never does: midnight (the date turns with the time) and a daylight-saving change (the
 * hour repeats). The page's clock is Playwright's, in a zone with daylight saving, so this runs the
 * same at any hour, in any zone the machine is in.
 */
test.use({ timezoneId: 'Europe/Berlin' });

const clock = (page: Page) => page.locator('.clock time').first();
// The first: a screensaver that dims the panel after an hour shows a clock of its own.
const date = (page: Page) => page.locator('.clock .date').first();

test('the welcome clock turns midnight with its date, in the room’s 24-hour style', async ({
  page,
  stack,
}) => {
  // Saturday 24 October 2026, 23:59:30 in Berlin (summer time, UTC+2).
  await page.clock.install({ time: new Date(Date.UTC(2026, 9, 24, 21, 59, 30)) });
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(clock(page)).toHaveText('23:59');
  await expect(date(page)).toHaveText('Saturday 24 October');
  await page.clock.runFor(60_000);
  await expect(clock(page)).toHaveText('00:00');
  await expect(date(page)).toHaveText('Sunday 25 October');
});

test('the welcome clock goes back an hour when summer time ends, and on again', async ({ page, stack }) => {
  // Sunday 25 October 2026, 02:59:30 summer time: a minute later it is 02:00 winter time.
  await page.clock.install({ time: new Date(Date.UTC(2026, 9, 25, 0, 59, 30)) });
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(clock(page)).toHaveText('02:59');
  await page.clock.runFor(60_000);
  await expect(clock(page)).toHaveText('02:00');
  await page.clock.runFor(60 * 60_000);
  await expect(clock(page)).toHaveText('03:00');
  await expect(date(page)).toHaveText('Sunday 25 October');
});
