import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { createFileVault } from '../../core/store/file-vault.ts';
import { hashPin } from '../../core/technician/pin.ts';
import { openHost, signIn } from './support/panel.ts';

/*
 * Enrolment through the browser host, as a technician does it on site: signed in as themselves,
 * "Enrol this panel" in the technician tools, the panel's own account signs in and chooses the
 * room. The host restarts on the same data directory and the panel is still bound and signed in;
 * a revoked sign-in shows who to call and re-enrols in place; un-enrolling returns to sign-in.
 */

const SUPPORT = 'AV desk, extension 4400';
// The host before enrolment is a technician's laptop session. Stopping the stack checks that its
// logs hold no credential.
const { stack } = ownStack({ hostArgs: ['--support-contact', SUPPORT] });
const dataDir = () => stack.hostDataDir;

test.describe.configure({ mode: 'serial' });

const PIN = '482913';
let pinHash: string;
/**
 * Once enrolled the host restarts as the wall panel it now is: a kiosk whose technician tools open
 * behind the PIN, with the technician's account.
 */
const restartAsKiosk = () => stack.restartHost(['--kiosk', '--technician-pin', pinHash]);

test.beforeAll(async () => {
  // A cheaper cost than the default keeps the test quick; the gate checks whatever the hash says.
  pinHash = await hashPin(PIN, { N: 4096, r: 8, p: 1 });
});

const screen = (page: Page) => page.locator('main');

async function openPanelTools(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page
    .getByRole('navigation', { name: 'Technician sections' })
    .getByRole('button', { name: 'Panel' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'This panel' })).toBeVisible();
}

/** On the kiosk: the PIN, the technician's own sign-in, then the Panel section in the drawer. */
async function openPanelToolsBehindPin(page: Page): Promise<void> {
  const drawer = page.getByRole('dialog', { name: 'Technician access' });
  await page.getByRole('button', { name: 'Technician tools' }).click();
  const pad = drawer.getByRole('group', { name: 'Enter the technician PIN' });
  for (const digit of PIN) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'OK' }).click();
  // The service's sign-in page opens in a window over the panel, which stays as it is.
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    drawer.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await signInOnServicePage(login, 'tech@demo.local');
  await drawer
    .getByRole('navigation', { name: 'Technician sections' })
    .getByRole('button', { name: 'Panel' })
    .click();
  await expect(drawer.getByRole('heading', { level: 2, name: 'This panel' })).toBeVisible();
}

async function signInOnServicePage(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function logText(): string {
  const logs = path.join(dataDir(), 'logs');
  return readdirSync(logs)
    .map((file) => readFileSync(path.join(logs, file), 'utf8'))
    .join('\n');
}

test('a technician enrols the panel with its own account and room; a restart keeps both', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack.host.url, 'tech@demo.local');
  await openPanelTools(page);
  await expect(page.getByRole('status').filter({ hasText: 'Not enrolled' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol this panel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();

  // The technician is signed out; the panel's own account signs in next.
  await expect(screen(page)).toHaveAttribute('data-screen', 'sign-in');
  await expect(page.getByText(/Enrolling this panel/)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as the panel’s account' }).click();
  await signInOnServicePage(page, 'panel@demo.local');
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  await expect(page.getByText(/the room you choose now is its room/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Huddle 3.2');
  await page
    .getByRole('list', { name: 'Rooms' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  // Bound: the room cannot be changed at the panel.
  await expect(page.getByRole('button', { name: 'Change room' })).toHaveCount(0);

  await restartAsKiosk();
  await openHost(page, stack.host.url);
  await expect(screen(page)).toHaveAttribute('data-screen', 'panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  // The panel's own account may not use the technician tools: they open behind the PIN.
  await openPanelToolsBehindPin(page);
  const enrolled = page.locator('.tech-enrolment[data-state="enrolled"]');
  await expect(enrolled).toContainText('Huddle 3.2');
  await expect(page.getByText(SUPPORT)).toBeVisible();
  // Closing the drawer signs the technician out; the panel stays as it was.
  await page
    .getByRole('dialog', { name: 'Technician access' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Technician access' })).toHaveCount(0);

  const log = logText();
  for (const event of [
    '"panel enrolled"',
    '"sign-in succeeded"',
    '"session restored"',
    '"configuration sources"',
  ]) {
    expect(log).toContain(event);
  }
});

test('a panel whose sign-in was revoked says who to call, and re-enrols without losing its room', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stored = await createFileVault({ dataDir: dataDir() }).load();
  expect(stored).not.toBeNull();
  const refreshToken = stored?.refreshToken ?? '';
  const revoked = await fetch(`${stack.simulator.url}/auth/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
  });
  expect(revoked.ok).toBe(true);

  await openHost(page, stack.host.url);
  await expect(screen(page)).toHaveAttribute('data-screen', 'sign-in', { timeout: 20_000 });
  await expect(page.getByText(`Call ${SUPPORT}`)).toBeVisible();
  await page.getByRole('button', { name: 'Re-enrol this panel' }).click();
  await signInOnServicePage(page, 'panel@demo.local');
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();

  // Neither token of either sign-in, nor the client's secret, is in any log file.
  const renewed = await createFileVault({ dataDir: dataDir() }).load();
  const log = logText();
  for (const secret of [stored?.accessToken, refreshToken, renewed?.accessToken, renewed?.refreshToken]) {
    expect(secret && secret.length > 8).toBe(true);
    expect(log).not.toContain(secret);
  }
  expect(log).toContain('"session ended"');
});

test('un-enrolling signs the panel’s account out and returns to the sign-in screen', async ({ page }) => {
  await openHost(page, stack.host.url);
  await expect(screen(page)).toHaveAttribute('data-screen', 'panel');
  await openPanelToolsBehindPin(page);
  await page.getByRole('button', { name: 'Un-enrol this panel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(screen(page)).toHaveAttribute('data-screen', 'sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await createFileVault({ dataDir: dataDir() }).load()).toBeNull();

  // Restarted, it stays un-enrolled: signing in again asks for a room.
  await restartAsKiosk();
  await openHost(page, stack.host.url);
  await expect(screen(page)).toHaveAttribute('data-screen', 'sign-in');
});
