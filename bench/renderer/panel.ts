// Chromium and the panel page the figures are taken on: launched, signed in, the huddle room open.
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../test/e2e/support/chromium.ts';
import { launchUrlOf } from '../../test/e2e/support/processes.ts';

export const HUDDLE = 'sys-huddle-3-2';

export async function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions('user'));
}

export async function newPanelPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export const screenOf = async (page: Page): Promise<string> => {
  await page.waitForFunction(() => document.querySelector('main')?.dataset.screen !== 'starting');
  return (await page.locator('main').getAttribute('data-screen')) ?? '';
};

export async function openHuddle(page: Page, hostUrl: string): Promise<void> {
  await openRoom(page, hostUrl, { search: 'huddle', name: 'Huddle 3.2' });
}

/** Signs in when asked (the panel's account) and opens the room found by `search` and named `name`. */
export async function openRoom(
  page: Page,
  hostUrl: string,
  room: { search: string; name: string },
): Promise<void> {
  // The printed address (launch token): a new browser context has no session cookie yet.
  await page.goto(launchUrlOf(hostUrl));
  if ((await screenOf(page)) === 'sign-in') {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Username').fill('panel@demo.local');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${hostUrl}/`);
  }
  if ((await screenOf(page)) === 'panel') {
    if ((await page.getByRole('heading', { level: 1, name: room.name }).count()) === 0) {
      await page.getByRole('button', { name: 'Change room' }).click();
      await page.locator('main[data-screen="choose-room"]').waitFor();
    }
  }
  if ((await screenOf(page)) === 'choose-room') {
    await page.getByRole('searchbox', { name: 'Search' }).fill(room.search);
    const escaped = room.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page
      .getByRole('list', { name: 'Rooms' })
      .getByRole('button', { name: new RegExp(`^${escaped}`) })
      .click();
  }
  await page.locator('main[data-screen="panel"] [data-ready="true"]').waitFor();
}

/** The display's own power is the engineer's: on the Advanced page (the room's layout enables it). */
export async function openDisplayControls(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await displayPower(page).waitFor();
}

export const displayPower = (page: Page) =>
  page.getByRole('region', { name: 'Display' }).getByRole('button', { name: 'Power', exact: true });
