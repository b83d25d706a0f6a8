import { expect, type Locator, type Page } from '@playwright/test';
import { callBridge, openHost } from './panel.ts';

/*
 * Steps through the app without reading a word of it, so the same steps work in every language:
 * the app's data-* attributes and element roles, the service's form fields by name, and the room's
 * own name (data, never translated). The English-reading steps are in panel.ts.
 */

/** The screen the app settled on (`main[data-screen]`), once it is past starting. */
export async function screenOf(page: Page): Promise<string | null> {
  const app = page.locator('main[data-screen]');
  await expect(app).not.toHaveAttribute('data-screen', 'starting', { timeout: 30_000 });
  return app.getAttribute('data-screen');
}

/** Signs the host in through the service's own sign-in page, reading its form fields by name. */
export async function signInAnyLanguage(
  page: Page,
  hostUrl: string,
  username = 'panel@demo.local',
): Promise<void> {
  await openHost(page, hostUrl);
  if ((await screenOf(page)) !== 'sign-in') return;
  await page.locator('button.sign-in-button').click();
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
  const password = page.locator('input[name="password"]');
  const approve = page.locator('button[name="approve"][value="yes"]');
  await expect(password.or(approve).first()).toBeVisible();
  if (await approve.isVisible()) await approve.click();
  else {
    await page.locator('input[name="username"]').fill(username);
    await password.fill('demo');
    await password.press('Enter');
  }
  await expect(page.locator('main[data-screen]')).toBeVisible({ timeout: 30_000 });
  expect(await screenOf(page)).not.toBe('sign-in');
}

/**
 * Opens a room as the picker would (the bridge's own `config/chooseSystem`, which the picker
 * calls) and reloads, so no step reads the picker's words. Waits for the room's plan.
 */
export async function openRoomAnyLanguage(page: Page, systemId: string, name: string): Promise<void> {
  const chosen = await callBridge(page, 'bridge/config/chooseSystem', { systemId });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  await page.reload();
  await expect(page.locator('main[data-screen="panel"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.panel[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/**
 * The panel's Help button: by its data-action where the view has one, else by its place (the
 * welcome screen's first corner action; the control bar's button that is not Room off).
 */
export const helpButton = (page: Page): Locator =>
  page
    .locator('.panel [data-action="help"]')
    .or(page.locator('.panel .welcome .corner-actions > button:first-child:not([data-action])'))
    .or(page.locator('.panel .control-bar .bar-button:not(.room-off):not([data-action])'))
    .first();

/** The help sheet's own close button (its primary action). */
export const closeHelp = (page: Page): Locator => page.locator('[data-help] .dialog-answers button.primary');

/** The help sheet, open. */
export const helpSheet = (page: Page): Locator => page.locator('[data-help][role="dialog"]');
