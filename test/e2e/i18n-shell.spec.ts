import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openHost } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The shell in German and Arabic, as a browser set to that language opens it: the sign-in screen,
 * the service's (simulator's) sign-in page, the room picker, and enrolment (the sign-in screen's
 * note and the picker's). `<html lang dir>` follow the language; screenshots at the three sizes go
 * to test-results/screens/i18n-shell/ to be looked at.
 */

const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-shell');
const SUPPORT = 'AV desk, extension 4400';

const LANGUAGES = [
  {
    locale: 'de-DE',
    lang: 'de',
    dir: 'ltr',
    signIn: 'Anmelden',
    asPanel: 'Mit dem Konto des Panels anmelden',
    picker: 'Raum wählen',
    enrolling: /Dieses Panel wird registriert: Melden Sie sich/,
    choosing: /Der Raum, den Sie jetzt wählen, ist ab sofort sein Raum/,
    serviceHeading: 'Anmelden',
  },
  {
    locale: 'ar',
    lang: 'ar',
    dir: 'rtl',
    signIn: 'تسجيل الدخول',
    asPanel: 'تسجيل الدخول بحساب اللوحة',
    picker: 'اختر غرفة',
    enrolling: /جارٍ تسجيل هذه اللوحة: سجّل الدخول بحساب اللوحة نفسها/,
    choosing: /الغرفة التي تختارها الآن ستكون غرفتها/,
    serviceHeading: 'تسجيل الدخول',
  },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** The simulator's own page, in the browser's language: a fresh password, or "another account". */
async function signInAtService(page: Page, username: string, heading: string, shot?: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
  const other = page.locator('button[value="switch"]');
  const password = page.locator('#password');
  await expect(other.or(password)).toBeVisible();
  if (await other.isVisible()) await other.click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (shot) await shoot(page, shot);
  await page.locator('#username').fill(username);
  await password.fill('demo');
  await page.locator('form button[type="submit"]').click();
}

for (const language of LANGUAGES) {
  test.describe(`the shell in ${language.locale}`, () => {
    test.use({ locale: language.locale });
    const { stack } = ownStack({ hostArgs: ['--support-contact', SUPPORT] });
    test.beforeAll(() => {
      mkdirSync(SHOTS, { recursive: true });
    });

    test('sign-in, the service’s page, the room picker and enrolment speak the browser’s language', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const tag = language.lang;
      await page.setViewportSize(SIZES[0]);
      await openHost(page, stack.host.url);
      const app = page.locator('main[data-screen]');
      await expect(app).toHaveAttribute('data-screen', 'sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.lang}(-|$)`)); // the region writes times
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      const signInButton = page.getByRole('button', { name: language.signIn, exact: true });
      await expect(signInButton).toBeVisible();
      await shoot(page, `sign-in-${tag}`);

      await signInButton.click();
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await signInAtService(page, 'tech@demo.local', language.serviceHeading, `service-login-${tag}`);

      await expect(page.getByRole('heading', { level: 1, name: language.picker })).toBeVisible();
      await expect(page.getByRole('list').first().getByRole('button').first()).toBeVisible();
      await shoot(page, `room-picker-${tag}`);

      // Enrolment, begun as the technician tools begin it (their words are another piece's).
      const begun = await callBridge(page, 'bridge/enrolment/begin');
      expect(begun.status).toBe(200);
      await openHost(page, stack.host.url);
      await expect(app).toHaveAttribute('data-screen', 'sign-in');
      await expect(page.getByText(language.enrolling)).toBeVisible();
      const asPanel = page.getByRole('button', { name: language.asPanel });
      await expect(asPanel).toBeVisible();
      await shoot(page, `enrolment-sign-in-${tag}`);

      await asPanel.click();
      await signInAtService(page, 'panel@demo.local', language.serviceHeading);
      await expect(page.getByRole('heading', { level: 1, name: language.picker })).toBeVisible();
      await expect(page.getByText(language.choosing)).toBeVisible();
      await expect(page.getByRole('list').first().getByRole('button').first()).toBeVisible();
      await shoot(page, `enrolment-picker-${tag}`);
    });
  });
}
