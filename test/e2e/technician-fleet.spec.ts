import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openHost, signIn } from './support/panel.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The technician's first screens against the real simulator and browser host: what each role is
 * offered, the fleet view and the module table's filters over a module set offline through the API
 * (README: module settings {"offline": true}), and how they look on a laptop and a desktop screen.
 */

const DISPLAY = 'mod-huddle-display';
const SCREENS = 'test-results/screens';

const { stack, service } = ownStack();
test.describe.configure({ mode: 'serial' });

test.afterAll(async () => {
  await service?.moduleSettings(DISPLAY, {}).catch(() => undefined);
});

/** Signs in as `user` (signing out whoever was signed in) and opens the tools. */
async function openTools(page: Page, user: string): Promise<void> {
  await signInAs(page, user);
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible();
}

async function signInAs(page: Page, user: string): Promise<void> {
  await openHost(page, stack.host.url);
  const app = page.locator('main[data-screen]');
  await expect(app).not.toHaveAttribute('data-screen', 'starting');
  if ((await app.getAttribute('data-screen')) !== 'sign-in') {
    // The host keeps one session: sign whoever it is out first, through the tools or the panel.
    await callBridge(page, 'bridge/session/signOut').catch(() => undefined);
    await openHost(page, stack.host.url);
  }
  await signIn(page, stack.host.url, user);
}

test('a panel account is offered no technician tools', async ({ page }) => {
  await signInAs(page, 'panel@demo.local');
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  // The capabilities are asked once after sign-in; give them the time to arrive, then look.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('button', { name: 'Technician tools' })).toHaveCount(0);
});

test('support may operate but not create or delete; an administrator may do everything', async ({ page }) => {
  await openTools(page, 'tech@demo.local');
  await page.getByRole('button', { name: 'Modules', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New module' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Select Display 1 \(mod-huddle-display\)/ }).check();
  await expect(page.getByRole('button', { name: 'Stop selected' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Ping selected' })).toBeEnabled();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New system' })).toBeDisabled();

  await openTools(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Modules', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New module' })).toBeEnabled();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New system' })).toBeEnabled();
});

test('a module set offline is listed by the fleet view and by the offline filter, and pings from its row', async ({
  page,
}) => {
  await service.moduleSettings(DISPLAY, { offline: true });
  await openTools(page, 'tech@demo.local');

  const fleet = page.getByRole('table', { name: 'Modules that need attention' });
  const row = fleet.locator(`tr[data-module="${DISPLAY}"]`);
  await expect(row).toHaveAttribute('data-health', 'offline');
  await expect(row.getByRole('cell', { name: 'Huddle 3.2' })).toBeVisible();
  // Every row of the fleet view is a module that is offline or stopped.
  const healths = await fleet
    .locator('tbody tr[data-health]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-health')));
  expect(healths.length).toBeGreaterThan(0);
  expect(healths.every((h) => h === 'offline' || h === 'stopped')).toBe(true);

  await row.getByRole('button', { name: 'Ping Display 1' }).click();
  await expect(row.getByRole('status')).toHaveText(/10\.20\.3\.31 did not answer/);

  // The zone filter keeps it in Harbour level 3, and drops it in Kauri.
  const zone = page.getByLabel('Zone');
  await zone.selectOption({ label: 'Kauri House' });
  await expect(row).toHaveCount(0);
  await zone.selectOption('');
  await expect(row).toBeVisible();

  await page.getByRole('button', { name: 'Modules', exact: true }).click();
  const table = page.getByRole('table', { name: 'Modules' });
  await page.getByLabel('Status').selectOption('offline');
  await expect(table.locator('tbody tr[data-module]')).toHaveCount(1);
  await expect(table.locator(`tr[data-module="${DISPLAY}"]`)).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('searchbox', { name: 'Filter' }).fill('offline');
  await expect(table.locator('tbody tr[data-module]')).toHaveCount(1);

  await service.moduleSettings(DISPLAY, {});
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test(`the fleet view and the module table fit ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await service.moduleSettings(DISPLAY, { offline: true });
    await openTools(page, 'tech@demo.local');
    await expect(page.locator(`tr[data-module="${DISPLAY}"]`)).toBeVisible();
    await keepScreenshot(page, { path: `${SCREENS}/technician-fleet-${size.width}.png` });
    await page.getByRole('button', { name: 'Modules', exact: true }).click();
    const table = page.getByRole('table', { name: 'Modules' });
    await expect(table.locator('tbody tr[data-module]').first()).toBeVisible();
    // Nothing wider than the window: no sideways scrolling of the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: `${SCREENS}/technician-modules-${size.width}.png` });
    await service.moduleSettings(DISPLAY, {});
  });
}
