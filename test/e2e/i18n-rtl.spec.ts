import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom, signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

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

const { stack, service } = ownStack();
// Its own stack: it books Huddle 3.2 and switches it on, which other specs read as seeded.
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

async function shoot(page: Page, name: string, masked = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const lang = (await page.locator('html').getAttribute('lang')) ?? 'x';
  const first = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The clock and the booking's times move with the minute: masked, so screens compare alike.
    await keepScreenshot(page, {
      path: path.join(SHOTS, `${lang}-${name}-${size.width}x${size.height}.png`),
      mask: masked ? [page.locator('.clock'), page.locator('.booking-until'), page.locator('time')] : [],
    });
  }
  if (first) await page.setViewportSize(first);
}

const boxOf = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (b === null) throw new Error(`${locator} is not on the screen`);
  return b;
};

const tiles = (page: Page) => page.locator('.welcome .source-tile');
const volume = (page: Page) => page.locator('.control-bar [data-fader] input[type="range"]');
const helpSheet = (page: Page) => page.locator('.help-sheet');

/** Opens the room's help from the welcome: its Help button (tagged data-action once the panel's words land). */
async function openHelp(page: Page): Promise<void> {
  const tagged = page.locator('.welcome .corner-actions [data-action="help"]');
  await ((await tagged.count()) > 0
    ? tagged
    : page.locator('.welcome .corner-actions button').first()
  ).click();
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
    // Unmasked: a mask would be drawn over the sheet (the clock behind it is dimmed).
    await shoot(page, 'help', false);
    await helpSheet(page).locator('button.primary').click();
    await expect(helpSheet(page)).toHaveCount(0);
    // Booked for 30 minutes from the panel: the welcome turns red and says until when.
    await page.locator('.book-now button').nth(1).click();
    // Polled with what the card says beside its state: a booking refused shows its reason there,
    // and a failure then names it rather than only "free".
    await expect
      .poll(async () => ({
        state: await page.locator('.booking').getAttribute('data-booking'),
        problem: await page.locator('.booking-problem').allTextContents(),
        choices: await page.locator('.book-now button').allTextContents(),
      }))
      .toMatchObject({ state: 'busy' });
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
  // Signed out for certain before signing in again: a sign-in that finds the panel still up would
  // return at once and leave the test on the sign-in screen the sign-out then brings.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('huddle');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
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

/** The travel (0…1000) the volume fader shows, once the device has answered the last command. */
async function travel(page: Page): Promise<number> {
  await expect(page.locator('.control-bar [data-fader]')).not.toHaveAttribute('data-state', 'pending');
  return Number(await volume(page).inputValue());
}

/** Where along the track the accent fill is: the track's colour at a fraction of its width. */
async function filledAt(page: Page, fractions: number[]): Promise<boolean[]> {
  const png = (await volume(page).screenshot()).toString('base64');
  return page.evaluate(
    async ([data, at]) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      g.drawImage(bitmap, 0, 0);
      // The accent is a strong blue; the empty track is a grey.
      return at.map((f) => {
        const [r = 0, , b = 0] = g.getImageData(
          Math.round(f * bitmap.width),
          Math.round(bitmap.height / 2),
          1,
          1,
        ).data;
        return b - r > 80;
      });
    },
    [png, fractions] as const,
  );
}

test('in Arabic the volume runs right to left: more toward the left by finger and by ArrowLeft, filled from the right', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await speak(page, 'ar');
  await tiles(page).first().click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  const input = volume(page);
  const track = await boxOf(input);
  const y = track.y + track.height / 2;

  // A finger near the right end sets a low level, near the left end a high one.
  await page.mouse.click(track.x + track.width * 0.85, y);
  const right = await travel(page);
  await page.mouse.click(track.x + track.width * 0.15, y);
  const left = await travel(page);
  expect(left, 'the left end is the loud end').toBeGreaterThan(right);
  expect(left).toBeGreaterThan(500);
  expect(right).toBeLessThan(500);
  // Filled from the right up to the thumb (on the left): the fill is where the level is.
  expect(await filledAt(page, [0.05, 0.95])).toEqual([false, true]);

  // ArrowLeft moves toward the left: louder; ArrowRight quieter.
  await input.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const quieter = await travel(page);
  expect(quieter).toBeLessThan(left);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await travel(page)).toBeGreaterThan(quieter);
});

test('in English the volume still runs left to right, filled from the left (as before)', async ({ page }) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await speak(page, 'en-GB');
  await tiles(page).first().click();
  const input = volume(page);
  const track = await boxOf(input);
  await page.mouse.click(track.x + track.width * 0.3, track.y + track.height / 2);
  const level = await travel(page);
  expect(level).toBeLessThan(500);
  expect(await filledAt(page, [0.05, 0.95])).toEqual([true, false]);
  await input.focus();
  await page.keyboard.press('ArrowRight');
  expect(await travel(page)).toBeGreaterThan(level);
});

/** The welcome's and the help's parts, measured at 1280×800 in one language. */
async function measure(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const welcome = {
    name: await boxOf(page.locator('.welcome .room-name')),
    clock: await boxOf(page.locator('.welcome .clock')),
    booking: await boxOf(page.locator('.welcome .booking-headline')),
    tiles: await Promise.all((await tiles(page).all()).map(boxOf)),
  };
  await openHelp(page);
  const sheet = helpSheet(page);
  const help = {
    sheet: await boxOf(sheet),
    heading: await boxOf(sheet.locator('h2').first()),
    qr: await boxOf(sheet.locator('.qr')),
    text: await boxOf(sheet.locator('.help-text')),
    about: await boxOf(sheet.locator('.about')),
    // The line between the help text and the room's facts: on the side that faces the text.
    line: await sheet.locator('.about').evaluate((e) => {
      const s = getComputedStyle(e);
      return { left: s.borderLeftWidth, right: s.borderRightWidth };
    }),
  };
  await sheet.locator('button.primary').click();
  return { welcome, help };
}

test('in Arabic the welcome, its booking and the help sheet are the English screens mirrored; the tiles run right to left', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await speak(page, 'en-GB');
  const en = await measure(page);
  await speak(page, 'ar');
  const ar = await measure(page);
  const W = 1280;
  const rightEdge = (b: { x: number; width: number }) => b.x + b.width;
  // Start-anchored parts: where English has them from the left edge, Arabic has them from the right.
  for (const [what, e, a] of [
    ['room name', en.welcome.name, ar.welcome.name],
    ['booking headline', en.welcome.booking, ar.welcome.booking],
    ['help heading', en.help.heading, ar.help.heading],
    ['help text', en.help.text, ar.help.text],
  ] as const)
    expect(W - rightEdge(a), `${what}: its start edge`).toBeCloseTo(e.x, -1);
  // The clock sits beside the corner buttons, whose words differ in length between the
  // languages: it is on the other half, not at the mirrored pixel.
  expect(rightEdge(en.welcome.clock), 'clock: English, in the right half').toBeGreaterThan(W / 2);
  expect(ar.welcome.clock.x, 'clock: Arabic, in the left half').toBeLessThan(W / 2);
  // End-anchored parts of the help sheet: the QR code and the room's facts.
  for (const [what, e, a] of [
    ['QR code', en.help.qr, ar.help.qr],
    ['facts', en.help.about, ar.help.about],
  ] as const)
    expect(a.x, `${what}: its end edge`).toBeCloseTo(W - rightEdge(e), -1);
  // The tiles: the first (the room's first source) on the right in Arabic, on the left in English.
  expect(en.welcome.tiles.length).toBeGreaterThan(1);
  const xs = (boxes: { x: number }[]) => boxes.map((b) => b.x);
  expect(xs(en.welcome.tiles)).toEqual([...xs(en.welcome.tiles)].sort((p, q) => p - q));
  expect(xs(ar.welcome.tiles)).toEqual([...xs(ar.welcome.tiles)].sort((p, q) => q - p));
  // The line between the help text and the facts faces the text.
  expect(en.help.line).toEqual({ left: '1px', right: '0px' });
  expect(ar.help.line).toEqual({ left: '0px', right: '1px' });
});
