import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousFindings } from './support/axe.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';
import { drawer, shownCode as sharedShownCode } from './support/technician.ts';

/*
 * The technician at a glass wall panel (kiosk, PIN): no keyboard, so after the PIN the drawer shows
 * a QR code and a user code (RFC 8628); a second browser, the technician's phone, opens the code's
 * page, signs in as tech@demo.local and approves, and the drawer becomes signed in as the technician.
 * The tools open on this room's health, problems first, with start and ping.
 */

const HUDDLE = 'sys-huddle-3-2';
const DISPLAY = 'mod-huddle-display';
const BOOKINGS = 'mod-huddle-bookings';
const PIN = '482913';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

// A long idle timeout: the technician is on their phone meanwhile, and the machine is slow.
const { stack, service } = ownStack({ kiosk: { system: HUDDLE, pin: PIN, idleSeconds: 600 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Something for the technician to find: the display not responding, the calendar stopped.
  await service.moduleSettings(DISPLAY, { offline: true });
  await service.request('POST', `/modules/${BOOKINGS}/stop`);
});

const pad = (page: Page) => drawer(page).getByRole('group', { name: 'Enter the technician PIN' });

async function openDrawer(page: Page): Promise<void> {
  await signIn(page, stack.host.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  // A kiosk keeps signing out behind the PIN: the panel itself offers no Sign out.
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Technician tools' }).click();
  for (const digit of PIN) await pad(page).getByRole('button', { name: digit, exact: true }).click();
  await pad(page).getByRole('button', { name: 'OK' }).click();
}

/**
 * What the drawer shows to approve (the shared helper's code and link), held here to more: a code in
 * RFC 8628's consonant alphabet, and a QR code drawn as SVG with dark modules in it.
 */
async function shownCode(page: Page): Promise<{ code: string; link: string }> {
  const shown = await sharedShownCode(page);
  expect(shown.code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  const qr = drawer(page).getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(((await qr.locator('path').getAttribute('d')) ?? '').length).toBeGreaterThan(500);
  return shown;
}

/** axe-core over the drawer: no serious or critical violation. */
async function axe(page: Page, what: string): Promise<void> {
  expect(await seriousFindings(page, what, '.tech-drawer')).toEqual([]);
}

/** The technician's phone: a browser of its own (no cookies of the panel), at the QR code's link. */
async function phoneAnswers(browser: Browser, link: string, code: string, answer: 'Approve' | 'Deny') {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await phone.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign in to approve a device' })).toBeVisible();
    await expect(page.getByLabel('Code shown on the panel')).toHaveValue(code);
    await page.getByLabel('Username').fill('tech@demo.local');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The same code the panel shows, and who asks, before anything is approved.
    await expect(page.getByRole('heading', { name: 'Sign in Roomdeck as Theo Technician?' })).toBeVisible();
    await expect(page.locator('[data-user-code]')).toHaveText(code);
    await page.getByRole('button', { name: answer }).click();
    await expect(
      page.getByRole('heading', { name: answer === 'Approve' ? 'Approved' : 'Denied' }),
    ).toBeVisible();
  } finally {
    await phone.close();
  }
}

async function technicianBridge(page: Page, verb: string) {
  type Answer = { ok: boolean; value?: unknown; error?: { code: string } };
  return (await callBridge<Answer>(page, `technician/bridge/${verb}`)).body;
}

test('a denied code on the phone leaves the drawer signed out, saying so, with a new code one touch away', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openDrawer(page);
  const { code, link } = await shownCode(page);
  await phoneAnswers(browser, link, code, 'Deny');
  await expect(drawer(page).getByRole('alert')).toHaveText(/access was not granted/, { timeout: 20_000 });
  expect(await technicianBridge(page, 'systems/list')).toMatchObject({ ok: false });
  await drawer(page).getByRole('button', { name: 'Sign in with your phone' }).click();
  const again = await shownCode(page);
  expect(again.code).not.toBe(code);
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
});

test('after the PIN: a QR code and a code, approved on a phone, sign the drawer in as the technician; the tools open on this room, problems first', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  await openDrawer(page);
  const { code, link } = await shownCode(page);
  // The QR code holds the service's page with this very code in it.
  expect(link).toBe(`${stack.simulator.url}/auth/oauth/device?user_code=${encodeURIComponent(code)}`);
  await expect(drawer(page).getByText(/Or open .*\/auth\/oauth\/device and enter/)).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(drawer(page).getByRole('img', { name: /QR code/ })).toBeInViewport({ ratio: 1 });
    await expect(drawer(page).getByLabel('Code to enter')).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, {
      path: path.join(SHOTS, `technician-device-sign-in-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
  await axe(page, 'sign-in by phone');

  await phoneAnswers(browser, link, code, 'Approve');

  // The panel polls every 5 s: signed in as the technician, the tools open on this room.
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await technicianBridge(page, 'session/capabilities')).toMatchObject({
    ok: true,
    value: { technician: true },
  });
  await expect(drawer(page).getByRole('button', { name: 'This room' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Huddle 3.2' })).toBeVisible();
  const modules = drawer(page).getByRole('list', { name: "This room's modules" }).getByRole('listitem');
  await expect(modules).toHaveCount(4);
  // Problems first: not responding, then stopped, then the working logic.
  await expect(modules.nth(0)).toHaveAttribute('data-module', DISPLAY);
  await expect(modules.nth(0)).toHaveAttribute('data-health', 'offline');
  await expect(modules.nth(0)).toContainText('Not responding');
  await expect(modules.nth(1)).toHaveAttribute('data-module', BOOKINGS);
  await expect(modules.nth(1)).toHaveAttribute('data-health', 'stopped');
  await expect(modules.nth(2)).toHaveAttribute('data-health', 'ok');
  await expect(modules.nth(3)).toHaveAttribute('data-health', 'ok');
  await expect(drawer(page).getByText('2 of 4 modules need attention')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The problems on the first screen, nothing cut off; on a small panel the last module is
    // a scroll away, and whole once there.
    await expect(modules.nth(1).getByRole('button', { name: /^Start / })).toBeInViewport({ ratio: 1 });
    await expect(modules.nth(2)).toBeInViewport();
    await modules.nth(3).scrollIntoViewIfNeeded();
    await expect(modules.nth(3)).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, {
      path: path.join(SHOTS, `technician-room-health-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
  await axe(page, 'room health');

  // Ping the display that does not respond: the answer names its address.
  await modules
    .nth(0)
    .getByRole('button', { name: /^Ping / })
    .click();
  await expect(modules.nth(0).getByRole('status')).toContainText('10.20.3.31');
  // Start the stopped calendar: the service now has it running, and the room is in order but the display.
  await modules
    .nth(1)
    .getByRole('button', { name: /^Start / })
    .click();
  await expect(drawer(page).getByText('1 of 4 modules need attention')).toBeVisible({ timeout: 15_000 });
  const bookings = await service.request<{ running: boolean }>('GET', `/modules/${BOOKINGS}`);
  expect(bookings.running).toBe(true);

  // The building's table is one tab away.
  await drawer(page).getByRole('button', { name: 'Whole building' }).click();
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Needs attention' })).toBeVisible();
});
