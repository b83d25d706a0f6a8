import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousFindings } from './support/axe.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { drawer, phoneApproves } from './support/technician.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The technician at a glass wall panel (browser host with --kiosk and a PIN) types with no keyboard:
 * tapping a text field in the drawer opens a keyboard on the screen, whose keys write into the
 * field without taking its focus. Everything on the panel here is done by taps (page.mouse via
 * locator.click), never page.keyboard: the PIN, the search box, an e-mail address with capitals,
 * digits and symbols, a mistake erased, and the on-screen Enter saving the form; the service then
 * holds what was typed. Outside kiosk mode (a laptop has a keyboard) no keyboard appears.
 */

const HUDDLE = 'sys-huddle-3-2';
const PIN = '482913';
// Its hash, as `npm run pin-hash` prints it (a cheap cost keeps the test quick). A fixed string, so
// this spec does not depend on where the main process keeps its PIN code.
const PIN_HASH = 'scrypt$4096$8$1$bt0I-Zj1WjiSMDRJJu0Gvg$4iwVh9NWhPeo_l1ZsikFtY9XHFUjgdslyw8L4FjUbyQ';
const EMAIL = 'AV.huddle-3_2@Example.org';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

// A long idle timeout: the technician is on their phone meanwhile, and the machine is slow.
const { stack: kiosk, service } = ownStack({
  hostArgs: ['--kiosk', '--system', HUDDLE, '--technician-pin', PIN_HASH, '--technician-idle', '600'],
});

test.describe.configure({ mode: 'serial' });

const keyboard = (page: Page) => page.getByRole('group', { name: 'On-screen keyboard' });
const huddle = () => service.request<{ email: string; version: number }>('GET', `/systems/${HUDDLE}`);

/** One tap on the key with this name (its aria-label). */
async function tap(page: Page, name: string): Promise<void> {
  await keyboard(page).getByRole('button', { name, exact: true }).click();
}

/** Lower-case letters and digits, one tap each. */
async function tapEach(page: Page, text: string): Promise<void> {
  for (const c of text) await tap(page, c);
}

/** Where the field and the keyboard are, and what a finger gets: key sizes, label sizes. */
async function measure(page: Page, field: Locator) {
  const box = await field.boundingBox();
  const board = await keyboard(page).boundingBox();
  const keys = await keyboard(page)
    .getByRole('button')
    .evaluateAll((all) =>
      all.map((k) => ({
        h: k.getBoundingClientRect().height,
        w: k.getBoundingClientRect().width,
        font: Number.parseFloat(getComputedStyle(k).fontSize),
      })),
    );
  return { box, board, keys };
}

test('on a kiosk, a tapped text field in the drawer gets a keyboard on the glass; an e-mail typed by taps is saved with the on-screen Enter', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const before = await huddle();
  await service.request('PUT', `/systems/${HUDDLE}`, { version: before.version, email: '' });

  await signIn(page, kiosk.host.url);
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Technician tools' }).click();
  const pad = drawer(page).getByRole('group', { name: 'Enter the technician PIN' });
  for (const digit of PIN) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'OK' }).click();
  // The PIN pad has keys of its own: no keyboard for it.
  // The technician's phone approves the code the drawer shows (RFC 8628): no typing on the panel.
  await phoneApproves(browser, page);
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(keyboard(page)).toHaveCount(0);

  // The search box: a tap opens the keyboard, taps filter the list.
  await drawer(page).getByRole('button', { name: 'Systems', exact: true }).click();
  const search = drawer(page).getByRole('searchbox', { name: 'Search systems' });
  await search.click();
  await expect(keyboard(page)).toBeVisible();
  await tapEach(page, 'huddle');
  await expect(search).toHaveValue('huddle');
  await expect(search).toBeFocused();
  const result = drawer(page)
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Huddle 3\.2/ });
  await expect(result).toBeVisible();
  await expect(drawer(page).getByRole('list', { name: 'Systems' }).getByRole('button')).toHaveCount(1);
  // Tapping anything but a field puts the keyboard away, and the tap lands where it was aimed.
  await result.click();
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Huddle 3.2' })).toBeVisible();
  await expect(keyboard(page)).toHaveCount(0);

  await drawer(page).getByRole('button', { name: 'Edit', exact: true }).click();
  // The settings' JSON is read on the glass too: the drawer's 18 px floor holds inside the field.
  const settings = drawer(page).getByLabel('Settings (JSON)', { exact: true });
  await expect(settings).toBeVisible();
  expect(
    await settings.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(18);
  const email = drawer(page).getByLabel('Email (calendar)');
  await expect(email).toHaveValue('');
  await email.click();
  await expect(keyboard(page)).toBeVisible();
  // Caps held for "AV", a full stop, a mistake erased, digits and the symbols an address needs.
  await tap(page, 'Shift');
  await tap(page, 'Shift');
  await expect(keyboard(page)).toHaveAttribute('data-shift', 'locked');
  await tap(page, 'A');
  await tap(page, 'V');
  await tap(page, 'Shift');
  await tap(page, 'Full stop');
  await tapEach(page, 'huddlx');
  await tap(page, 'Backspace');
  await tapEach(page, 'e');
  await tap(page, 'Hyphen');
  await tap(page, '3');
  await tap(page, 'Underscore');
  await tap(page, '2');
  await tap(page, 'At sign');
  await expect(email).toHaveValue('AV.huddle-3_2@');
  // One tap of Shift is for one letter only.
  await tap(page, 'Shift');
  await expect(keyboard(page)).toHaveAttribute('data-shift', 'once');
  await tap(page, 'E');
  await expect(keyboard(page)).toHaveAttribute('data-shift', 'off');
  await tapEach(page, 'xample');
  await tap(page, 'Full stop');
  await tapEach(page, 'org');
  await expect(email).toHaveValue(EMAIL);
  // The focus never left the field: the keys do not take it.
  await expect(email).toBeFocused();

  // Fits at each size without hiding the field: the field above the keyboard, keys ≥ 60 px.
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(email).toBeInViewport({ ratio: 1 });
    await expect(keyboard(page)).toBeInViewport({ ratio: 1 });
    const { box, board, keys } = await measure(page, email);
    expect(
      box && board && box.y + box.height <= board.y,
      `field above the keyboard at ${size.width}×${size.height}`,
    ).toBe(true);
    expect(Math.min(...keys.map((k) => k.h))).toBeGreaterThanOrEqual(60);
    expect(Math.min(...keys.map((k) => k.w))).toBeGreaterThanOrEqual(60);
    expect(Math.min(...keys.map((k) => k.font))).toBeGreaterThanOrEqual(18);
    await keepScreenshot(page, {
      path: path.join(SHOTS, `technician-keyboard-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
  await tap(page, 'Symbols');
  await expect(keyboard(page).getByRole('button', { name: 'Hash', exact: true })).toBeVisible();
  await keepScreenshot(page, { path: path.join(SHOTS, 'technician-keyboard-symbols-1280x800.png') });
  expect(await seriousFindings(page, 'the symbols keyboard', '.tech-drawer')).toEqual([]);
  await tap(page, 'Letters');

  // The on-screen Enter submits the form, as a keyboard's would; the service holds the address.
  await tap(page, 'Enter');
  await expect(keyboard(page)).toHaveCount(0);
  await expect(drawer(page).getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await huddle()).email).toBe(EMAIL);

  // Hide puts it away without typing anything; a tap on the field brings it back.
  await email.click();
  await expect(keyboard(page)).toBeVisible();
  await tap(page, 'Hide keyboard');
  await expect(keyboard(page)).toHaveCount(0);
  await expect(email).toHaveValue(EMAIL);
  await email.click();
  await expect(keyboard(page)).toBeVisible();
});

test.describe('outside kiosk mode', () => {
  const { stack: laptop } = ownStack();

  test('a laptop has a keyboard: no on-screen keyboard appears', async ({ page }) => {
    await signIn(page, laptop.host.url, 'tech@demo.local');
    await page.getByRole('button', { name: 'Technician tools' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible();
    await page.getByRole('button', { name: 'Systems', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'Search systems' });
    await search.click();
    await expect(search).toBeFocused();
    await page.keyboard.type('huddle');
    await expect(
      page.getByRole('list', { name: 'Systems' }).getByRole('button', { name: /^Huddle 3\.2/ }),
    ).toBeVisible();
    await page
      .getByRole('list', { name: 'Systems' })
      .getByRole('button', { name: /^Huddle 3\.2/ })
      .click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Email (calendar)').click();
    await expect(page.getByLabel('Email (calendar)')).toBeFocused();
    await expect(keyboard(page)).toHaveCount(0);
    await expect(page.locator('.osk')).toHaveCount(0);
  });
});
