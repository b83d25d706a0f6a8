import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { openRoom, signIn } from './support/panel.ts';
import { ROOT, type Stack, startStack } from './support/processes.ts';
import { Service } from './support/service.ts';
import { SIZES } from './support/sizes.ts';

/*
 * Right-to-left for real: in Arabic the panel is a mirror of itself. The fader's minimum is on the
 * right and it grows toward the left, by finger and by the arrow key that points there; the source
 * tiles run right to left; the welcome, help and booking screens put on the right what English puts
 * on the left. Screenshots of each in Arabic (and in English, to compare with the screens as they
 * were) go to test-results/screens/i18n-rtl/.
 *
 * The way there is walked in English (the browser's language, en-GB) and the page is then reloaded
 * speaking Arabic (the browser's languages, which the panel falls back to): the panel remembers its
 * room, and no step depends on words other helpers are translating. The service's own sign-in page
 * stays English: it follows Accept-Language, which stays en-GB.
 */

const HUDDLE = 'sys-huddle-3-2';
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-rtl');

let stack: Stack;
let service: Service;
// Its own stack: it books Huddle 3.2 and switches it on, which other specs read as seeded.
test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = await startStack();
  service = new Service(() => stack.simulator.url);
});
test.afterAll(async () => {
  await stack?.stop();
});
test.beforeEach(async () => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
});

/** The page speaks `lang` from its next load on: the browser's languages say so. */
async function speak(page: Page, lang: 'ar' | 'en-GB'): Promise<void> {
  await page.addInitScript((tag) => {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => [tag], configurable: true });
    Object.defineProperty(Navigator.prototype, 'language', { get: () => tag, configurable: true });
  }, lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const lang = (await page.locator('html').getAttribute('lang')) ?? 'x';
  const first = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The clock and the booking's times move with the minute: masked, so screens compare alike.
    await page.screenshot({
      path: path.join(SHOTS, `${lang}-${name}-${size.width}x${size.height}.png`),
      mask: [page.locator('.clock'), page.locator('.booking-until'), page.locator('time')],
    });
  }
  if (first) await page.setViewportSize(first);
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (b === null) throw new Error(`${locator} is not on the screen`);
  return b;
};

const tiles = (page: Page) => page.locator('.welcome .source-tile');
const volume = (page: Page) => page.locator('.control-bar [data-fader] input[type="range"]');
const helpSheet = (page: Page) => page.locator('.help-sheet');

/** Opens the room's help from the welcome: the first of the corner's quiet buttons. */
async function openHelp(page: Page): Promise<void> {
  await page.locator('.welcome .corner-actions button').first().click();
  await expect(helpSheet(page)).toBeVisible();
}

test('screens in Arabic and in English: welcome, booking, help, in use with the volume', async ({ page }) => {
  test.setTimeout(180_000);
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  for (const lang of ['en-GB', 'ar'] as const) {
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
    await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
    await speak(page, lang);
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    await shoot(page, 'welcome');
    await openHelp(page);
    await shoot(page, 'help');
    await helpSheet(page).locator('button.primary').click();
    await expect(helpSheet(page)).toHaveCount(0);
    // Booked for 30 minutes from the panel: the welcome turns red and says until when.
    await page.locator('.book-now button').nth(1).click();
    await expect(page.locator('.booking')).toHaveAttribute('data-booking', 'busy');
    await shoot(page, 'booking');
    await tiles(page).first().click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await expect(volume(page)).toBeVisible();
    await shoot(page, 'in-use');
  }
});

test('a technician module page in Arabic and in English', async ({ page }) => {
  test.setTimeout(120_000);
  // The host is still signed in as the panel from the test before: out, then in as the technician.
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await page.locator('[data-action="sign-out"]').click();
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('huddle');
  await page
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^Display 1/ })
    .click();
  await expect(page.locator('.tech[data-view="module"]')).toBeVisible();
  await shoot(page, 'technician-module');
  // The tools keep where they are in memory only: the page's direction is turned as the Arabic
  // catalogue turns it (lib/i18n sets <html lang dir>), so the same module page is shown mirrored.
  await page.evaluate(() => {
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
  });
  await shoot(page, 'technician-module');
});
