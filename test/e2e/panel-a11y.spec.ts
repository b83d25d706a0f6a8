import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seriousByElement } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { hashPin } from '../../core/technician/pin.ts';
import { fastForwardUntilVisible, openRoom, signIn } from './support/panel.ts';
import { type Running, startHost } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';

/*
 * axe-core over every panel screen and dialog at the three panel sizes: the welcome, the room in
 * use and each of its pages, Help, the Reset and Room off questions, "Still using the room?", the
 * booking card with a clash and the End meeting offer, and the technician PIN pad. Any serious or
 * critical violation fails, named with the element it is on.
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';
const PIN = '482913';

const { stack, service } = ownStack();

test.describe.configure({ mode: 'serial' });
// axe reads the whole page three times per screen; on a loaded machine that takes its time.
test.setTimeout(240_000);

/** Runs axe at each size on what is on screen now; returns "size what: rule (impact) on target" lines. */
async function violations(
  page: Page,
  what: string,
  sizes: readonly (typeof SIZES)[number][] = SIZES,
): Promise<string[]> {
  const found: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Let the layout settle at the new size (fonts, grid) before axe reads colours and overlaps.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    found.push(...(await seriousByElement(page, `${size.width}×${size.height} ${what}`)));
  }
  await page.setViewportSize(SIZES[0]);
  return found;
}

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function boardroomInUse(page: Page): Promise<void> {
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  if ((await page.locator('.panel').getAttribute('data-view')) !== 'in-use')
    await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use', { timeout: 30_000 });
}

test('the welcome screen and its Help', async ({ page }) => {
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  const found: string[] = [];
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  found.push(...(await violations(page, 'welcome')));
  await page.getByRole('button', { name: 'Help' }).first().click();
  await expect(page.getByRole('dialog', { name: /^Help/ })).toBeVisible();
  found.push(...(await violations(page, 'Help (welcome)')));
  expect(found).toEqual([]);
});

test('the room in use, on each of its pages', async ({ page }) => {
  await boardroomInUse(page);
  const found: string[] = [];
  const names = (await page.getByRole('tab').allInnerTexts()).map((n) => n.trim());
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    found.push(...(await violations(page, `in use, page ${name}`)));
  }
  expect(found).toEqual([]);
});

test('the keyboard’s place is shown on every control, the page tabs included', async ({ page }) => {
  await boardroomInUse(page);
  const rings: { what: string; style: string; width: number }[] = [];
  // Walk the whole panel by keyboard: every stop wears the same clear ring, not the browser's faint default.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const css = getComputedStyle(el);
      return {
        what: `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`,
        style: css.outlineStyle,
        width: Number.parseFloat(css.outlineWidth),
      };
    });
    if (ring) rings.push(ring);
  }
  expect(rings.some((r) => r.what.startsWith('tab '))).toBe(true);
  expect(rings.filter((r) => r.style !== 'solid' || r.width < 3)).toEqual([]);
});

test('Help in use, the Reset question and the Room off question', async ({ page }) => {
  await boardroomInUse(page);
  const found: string[] = [];
  await page.getByRole('button', { name: 'Help' }).first().click();
  await expect(page.getByRole('dialog', { name: /^Help/ })).toBeVisible();
  found.push(...(await violations(page, 'Help (in use)')));
  await page.getByRole('button', { name: 'Reset the room' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  found.push(...(await violations(page, 'Reset question')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  // The one button that ends it all: End meeting while a meeting is booked, else Room off.
  await page
    .getByRole('region', { name: 'Room controls' })
    .getByRole('button', { name: /^(End meeting|Room off)$/ })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  found.push(...(await violations(page, 'Room off question')));
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Keep / })
    .click();
  expect(found).toEqual([]);
});

test('"Still using the room?"', async ({ page }) => {
  // Its own host, asking after 2 min untouched: the other screens here must never be interrupted.
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-a11y-'));
  let host: Running | undefined;
  try {
    host = await startHost({
      serverUrl: stack.simulator.url,
      dataDir: path.join(dir, 'host'),
      args: ['--still-using-after', '120', '--still-using-answer', '60'],
    });
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
    await page.clock.install();
    await openRoom(page, host.url, 'Huddle 3.2');
    const question = page.getByRole('alertdialog', { name: 'Still using the room?' });
    const found: string[] = [];
    // Unanswered, the question switches the room off a minute later (axe needs the page's timers
    // running, so time cannot be held): it is asked afresh for each size.
    for (const size of SIZES) {
      await page.setViewportSize(size);
      if ((await page.locator('.panel').getAttribute('data-view')) !== 'in-use')
        await tile(page, 'Laptop').click();
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
      await fastForwardUntilVisible(page, question, 120_000);
      found.push(...(await violations(page, 'Still using the room?', [size])));
      // Answered if it is still asking (on a slow machine it may have switched the room off already).
      await question
        .getByRole('button', { name: /keep it on/ })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    expect(found).toEqual([]);
  } finally {
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the booking card: Book now, a meeting booked here, and the End meeting offer', async ({ page }) => {
  // (The calendar's clash message is checked by axe where it is made: panel-booking.spec.ts.)
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  const found: string[] = [];
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  const card = page.getByRole('region', { name: 'Room booking' });
  await expect(card.getByRole('group', { name: 'Book now' }).getByRole('button').first()).toBeVisible();
  found.push(...(await violations(page, 'Book now')));
  await card.getByRole('group', { name: 'Book now' }).getByRole('button', { name: '15 min' }).click();
  await expect(card).toHaveAttribute('data-booking', 'busy');
  found.push(...(await violations(page, 'booked here')));

  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await page.getByRole('button', { name: 'End meeting', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  found.push(...(await violations(page, 'End meeting offer')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'End meeting', exact: true }).click();
  expect(found).toEqual([]);
});

test('the technician PIN pad on a kiosk panel', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-a11y-'));
  let kiosk: Running | undefined;
  try {
    const hash = await hashPin(PIN, { N: 4096, r: 8, p: 1 });
    kiosk = await startHost({
      serverUrl: stack.simulator.url,
      dataDir: path.join(dir, 'host'),
      args: ['--kiosk', '--system', HUDDLE, '--technician-pin', hash],
    });
    await signIn(page, kiosk.url);
    await expect(page.locator('[data-ready="true"]')).toBeVisible();
    await page.getByRole('button', { name: 'Technician tools' }).click();
    await expect(page.getByRole('group', { name: 'Enter the technician PIN' })).toBeVisible();
    expect(await violations(page, 'PIN pad')).toEqual([]);
  } finally {
    await kiosk?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
