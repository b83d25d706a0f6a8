import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openRoom, signInAtService } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

const SHOTS = path.join(ROOT, 'test-results', 'screens');

/*
 * Accounts outside kiosk mode: any account, a panel account (role user) included, can sign out of
 * the panel and sign in as someone else. (A kiosk keeps this behind the technician PIN: see
 * technician-device.spec.ts.)
 */

const { stack } = ownStack();
test.describe.configure({ mode: 'serial' });

/** The bridge as the page itself calls it: its cookie, its Origin and the tab's page key. */
async function bridge(page: Page, verb: string) {
  return (await callBridge<{ ok: boolean; value?: unknown }>(page, `bridge/${verb}`)).body;
}

test('a panel account on a laptop signs out from the panel, and the next sign-in asks for a password and may be someone else', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  // A panel account: no technician tools, but a way out all the same.
  expect(await bridge(page, 'session/capabilities')).toMatchObject({
    ok: true,
    value: { technician: false },
  });
  await expect(page.getByRole('button', { name: 'Technician tools' })).toHaveCount(0);
  const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  await expect(signOut).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(signOut).toBeInViewport({ ratio: 1 });
    const box = await signOut.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(96);
    await keepScreenshot(page, { path: path.join(SHOTS, `panel-sign-out-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 800 });
  await signOut.click();

  await expect(page.locator('main[data-screen="sign-in"]')).toBeVisible();
  expect(await bridge(page, 'session/status')).toMatchObject({ ok: true, value: { state: 'signed-out' } });
  // The panel's API is closed to the page now: nothing acts as the old account.
  expect(await bridge(page, 'systems/list')).toMatchObject({ ok: false });

  // Switching account: the service asks for credentials again (prompt=login), not the old session.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize.*prompt=login/);
  await expect(page.getByLabel('Password')).toBeVisible();
  await signInAtService(page, 'tech@demo.local');
  await expect(page.locator('main[data-screen]')).not.toHaveAttribute('data-screen', /sign-in|starting/);
  // Now a technician: the tools are offered, and the panel still offers Sign out.
  await expect(page.getByRole('button', { name: 'Technician tools' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  expect(await bridge(page, 'session/capabilities')).toMatchObject({ ok: true, value: { technician: true } });
});

test('the room picker offers Sign out too, for an account that has not chosen a room', async ({ page }) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await page.getByRole('button', { name: 'Change room' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.locator('main[data-screen="sign-in"]')).toBeVisible();
  expect(await bridge(page, 'session/status')).toMatchObject({ ok: true, value: { state: 'signed-out' } });
});
