import type { Browser, Page } from '@playwright/test';
import { expect } from './stack.ts';
import { signIn } from './panel.ts';

/** The technician's drawer over a kiosk panel, and the way into it: the PIN, then a phone's approval. */

export const drawer = (page: Page) => page.getByRole('dialog', { name: 'Technician access' });
const pad = (page: Page) => drawer(page).getByRole('group', { name: 'Enter the technician PIN' });

/** The kiosk's panel signed in, then Technician tools and the PIN. */
export async function openDrawer(page: Page, hostUrl: string, pin: string): Promise<void> {
  await signIn(page, hostUrl);
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Technician tools' }).click();
  for (const digit of pin) await pad(page).getByRole('button', { name: digit, exact: true }).click();
  await pad(page).getByRole('button', { name: 'OK' }).click();
}

/** What the drawer shows to approve on a phone: the code and the QR code's link. */
export async function shownCode(page: Page): Promise<{ code: string; link: string }> {
  const code = drawer(page).getByLabel('Code to enter');
  await expect(code).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/, { timeout: 15_000 });
  const qr = drawer(page).getByRole('img', { name: /QR code/ });
  // The QR encoder loads with the first code shown, so the drawing (and its text) follows the code.
  await expect(qr).toHaveAttribute('data-qr-text', /^https?:\/\//);
  return { code: (await code.textContent()) ?? '', link: (await qr.getAttribute('data-qr-text')) ?? '' };
}

/** The technician's phone (a browser of its own) approves the drawer's code as tech@demo.local. */
export async function phoneApproves(browser: Browser, page: Page): Promise<void> {
  const { code, link } = await shownCode(page);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const at = await phone.newPage();
    await at.goto(link);
    await at.getByLabel('Username').fill('tech@demo.local');
    await at.getByLabel('Password').fill('demo');
    await at.getByRole('button', { name: 'Sign in' }).click();
    await expect(at.locator('[data-user-code]')).toHaveText(code);
    await at.getByRole('button', { name: 'Approve' }).click();
    await expect(at.getByRole('heading', { name: 'Approved' })).toBeVisible();
  } finally {
    await phone.close();
  }
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible({
    timeout: 30_000,
  });
}
