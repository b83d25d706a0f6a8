import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, signIn } from './support/panel.ts';
import { ROOT, type Running, startHost } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * Technician access on a kiosk panel, through the browser host started with --kiosk and a PIN:
 * the PIN pad (wrong PIN, lock-out), the technician's own sign-in, the tools in a drawer over the
 * panel, and the inactivity timeout back to the panel, whose own session never changed.
 */

const HUDDLE = 'sys-huddle-3-2';
const PIN = '482913';
// Long enough that no step of a test outruns it on a busy machine; the test that waits for it to
// run out jumps the page's clock instead of waiting.
const IDLE_S = 60;

const own = ownStack({ kiosk: { system: HUDDLE, pin: PIN, idleSeconds: IDLE_S } });
const { stack, service } = own;
test.describe.configure({ mode: 'serial' });

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Technician access' });
const pad = (page: Page) => drawer(page).getByRole('group', { name: 'Enter the technician PIN' });
const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function enterPin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await pad(page).getByRole('button', { name: digit, exact: true }).click();
  await pad(page).getByRole('button', { name: 'OK' }).click();
}

/** The bridge as the page sees it (same cookie, same Origin): `route` '' for the panel, 'technician/'. */
async function bridge(page: Page, route: string, verb: string) {
  type Answer = { ok: boolean; value?: unknown; error?: { code: string } };
  return (await callBridge<Answer>(page, `${route}bridge/${verb}`)).body;
}

async function panelReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
}

test('a wrong PIN says how many tries are left, and five lock the pad with the time left', async ({
  page,
}) => {
  // A host of its own: its gate stays locked for a minute afterwards.
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-e2e-lock-'));
  let host: Running | undefined;
  try {
    host = await startHost({ serverUrl: stack.simulator.url, dataDir: dir, args: own.hostArgs });
    await signIn(page, host.url);
    await panelReady(page);
    await page.getByRole('button', { name: 'Technician tools' }).click();
    await expect(pad(page)).toBeVisible();

    await enterPin(page, '1111');
    await expect(pad(page).getByRole('alert')).toHaveText('Wrong PIN, 4 tries left.');
    await expect(pad(page).getByRole('status')).toHaveAccessibleName('0 digits entered');
    for (let i = 0; i < 3; i++) await enterPin(page, '2222');
    await expect(pad(page).getByRole('alert')).toHaveText('Wrong PIN, 1 try left.');
    await enterPin(page, '3333');
    await expect(pad(page)).toHaveAttribute('data-state', 'locked');
    await expect(pad(page).getByRole('alert')).toHaveText(
      /^Too many wrong PINs\. Locked for (60|59|58) s\.$/,
    );
    await expect(pad(page).getByRole('button', { name: '4', exact: true })).toBeDisabled();
    mkdirSync(SHOTS, { recursive: true });
    await keepScreenshot(page, { path: path.join(SHOTS, 'technician-pin-locked-1280x800.png') });
    // The lock is the main process's: closing and reopening the drawer does not lift it.
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await expect(drawer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Technician tools' }).click();
    await expect(pad(page).getByRole('alert')).toHaveText(/^Too many wrong PINs\. Locked for \d+ s\.$/);
    const unlock = (
      await callBridge<{ value: { outcome: string } }>(page, 'bridge/technician/unlock', { pin: PIN })
    ).body.value.outcome;
    expect(unlock).toBe('locked');
  } finally {
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the right PIN, the technician’s own sign-in, the tools in a drawer, and the timeout back to the panel', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  await signIn(page, stack.host.url);
  await panelReady(page);
  const panelBefore = await bridge(page, '', 'session/capabilities');
  expect(panelBefore).toMatchObject({ ok: true, value: { technician: false } });

  await page.getByRole('button', { name: 'Technician tools' }).click();
  await expect(drawer(page).getByRole('timer')).toHaveText(/Closes in [01]:\d\d if untouched/);
  // The panel behind the drawer is out of reach: Tab never lands on it, nor does a click.
  await expect(page.locator('.app-screen')).toHaveAttribute('inert', '');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.app-screen') === null)).toBe(true);
  }
  await enterPin(page, PIN);
  await expect(drawer(page).getByRole('heading', { name: 'Sign in as technician' })).toBeVisible();
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    drawer(page).getByRole('button', { name: 'Sign in' }).click(),
  ]);

  // The service's own sign-in page, in a window over the panel, asking for the password even
  // though the panel signed in here.
  await expect(login).toHaveURL(/\/auth\/oauth\/authorize.*prompt=login/);
  await login.getByLabel('Username').fill('tech@demo.local');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Sign in' }).click();

  // The drawer over the panel opens the tools, by the technician's rights.
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible();
  await panelReady(page);
  // The tools open on what needs attention; the room is under Systems.
  await drawer(page).getByRole('button', { name: 'Systems', exact: true }).click();
  await drawer(page).getByRole('searchbox', { name: 'Search systems' }).fill('huddle');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(drawer(page).getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
  await drawer(page)
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Huddle 3.2' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();
  const remove = drawer(page).getByRole('button', { name: 'Delete system' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/may not delete rooms/);
  expect(await bridge(page, 'technician/', 'session/capabilities')).toMatchObject({
    ok: true,
    value: { technician: true, may: { 'systems.update': true } },
  });

  // Left alone, the drawer closes by itself and the technician is signed out.
  await expect(drawer(page).getByRole('timer')).toHaveText(/Closes in [01]:\d\d if untouched/);
  await page.clock.fastForward((IDLE_S + 1) * 1000);
  await expect(drawer(page)).toHaveCount(0);
  await panelReady(page);
  await expect(page.locator('.app-screen')).not.toHaveAttribute('inert');
  expect(await bridge(page, 'technician/', 'systems/list')).toMatchObject({
    ok: false,
    error: { code: 'ROOMDECK_TECHNICIAN_LOCKED' },
  });
  expect(await bridge(page, '', 'technician/status')).toMatchObject({
    ok: true,
    value: { open: false, session: { state: 'signed-out' } },
  });

  // The panel is still itself, signed in with its own account, and still operates the room.
  expect(await bridge(page, '', 'session/status')).toMatchObject({ ok: true, value: { state: 'signed-in' } });
  expect(await bridge(page, '', 'session/capabilities')).toEqual(panelBefore);
  await tile(page, 'Laptop').click();
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'confirmed', { timeout: 15_000 });
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
});

const SHOTS = path.join(ROOT, 'test-results', 'screens');

/** What a touch panel needs of the drawer: nothing cut off, text ≥ 18 px, PIN keys ≥ 96 px. */
async function measureDrawer(page: Page) {
  return page.evaluate(() => {
    const drawer = document.querySelector<HTMLElement>('.tech-drawer');
    if (!drawer) throw new Error('no drawer');
    const texts = [...drawer.querySelectorAll<HTMLElement>('*')].filter(
      (el) =>
        el.getClientRects().length > 0 &&
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''),
    );
    const sizes = texts.map((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    const small = texts
      .filter((el) => Number.parseFloat(getComputedStyle(el).fontSize) < 18)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    const keys = [...drawer.querySelectorAll<HTMLElement>('.pin-key')].map((k) => k.getBoundingClientRect());
    const bar = [...drawer.querySelectorAll<HTMLElement>('.drawer-bar .target')].map((b) =>
      b.getBoundingClientRect(),
    );
    const outside = [...drawer.querySelectorAll<HTMLElement>('.pin-pad *, .drawer-bar *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      minText: Math.min(...sizes),
      small: small.slice(0, 5),
      minKey: keys.length === 0 ? null : Math.min(...keys.map((r) => Math.min(r.width, r.height))),
      minBarTarget: Math.min(...bar.map((r) => r.height)),
      outside: outside.slice(0, 5),
    };
  });
}

test('the PIN pad and the drawer fit every panel size, with big keys and readable text (screenshots)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, stack.host.url);
  await panelReady(page);
  await page.getByRole('button', { name: 'Technician tools' }).click();
  const figures: Record<string, unknown> = {};
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await drawer(page).locator('.drawer-title').click();
    await pad(page).getByRole('button', { name: '4', exact: true }).click();
    await pad(page).getByRole('button', { name: '8', exact: true }).click();
    // Masked: two dots, never the digits.
    await expect(pad(page).getByRole('status')).toHaveAccessibleName('2 digits entered');
    await expect(pad(page).getByRole('status')).toHaveText('••');
    const measured = await measureDrawer(page);
    figures[`pin ${size.width}x${size.height}`] = measured;
    expect(measured.outside, `${size.width}x${size.height}`).toEqual([]);
    expect(measured.small, `${size.width}x${size.height}`).toEqual([]);
    expect(measured.minKey, `${size.width}x${size.height}`).toBeGreaterThanOrEqual(96);
    await keepScreenshot(page, { path: path.join(SHOTS, `technician-pin-${size.width}x${size.height}.png`) });
    await pad(page).getByRole('button', { name: 'Erase last digit' }).click();
    await pad(page).getByRole('button', { name: 'Erase last digit' }).click();
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
  await enterPin(page, PIN);
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    drawer(page).getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await login.getByLabel('Username').fill('tech@demo.local');
  await login.getByLabel('Password').fill('demo');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Systems', exact: true }).click();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await drawer(page).locator('.drawer-title').click();
    await expect(
      drawer(page).getByRole('list', { name: 'Systems' }).getByRole('button').first(),
    ).toBeVisible();
    const measured = await measureDrawer(page);
    figures[`tools ${size.width}x${size.height}`] = measured;
    expect(measured.outside, `${size.width}x${size.height}`).toEqual([]);
    expect(measured.small, `${size.width}x${size.height}`).toEqual([]);
    expect(measured.minBarTarget).toBeGreaterThanOrEqual(64);
    await keepScreenshot(page, {
      path: path.join(SHOTS, `technician-drawer-${size.width}x${size.height}.png`),
    });
  }
  console.log(JSON.stringify(figures));
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await panelReady(page);
});
