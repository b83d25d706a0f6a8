import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * A kiosk panel whose installer offers English, German and Arabic (`--languages en,de,ar`, the
 * room's own language `--locale en`) with one 24-hour rule (`--clock 24h`), through the real
 * browser host: the welcome screen's language button, choosing a language, and the return to the
 * room's language when the panel goes idle.
 */

const HUDDLE = 'sys-huddle-3-2';
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-lang');

ownStack({
  kiosk: { system: HUDDLE, pin: '482913' },
  hostArgs: ['--locale', 'en', '--languages', 'en,de,ar', '--clock', '24h', '--screensaver-after', '60'],
});
test.describe.configure({ mode: 'serial' });

const html = (page: Page) => page.locator('html');
const languageButton = (page: Page) => page.locator('[data-action="language"]');

async function welcome(page: Page): Promise<void> {
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
}

test.beforeEach(async ({ service }) => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
});

test('the welcome screen offers the room’s languages, each named in itself, and switches at once', async ({
  page,
  stack,
}) => {
  // A Thursday afternoon: the date names the day in the page's language, the time is 24-hour.
  await page.clock.install({ time: new Date(2026, 10, 26, 15, 7) });
  await signIn(page, stack.host.url);
  await welcome(page);
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  // `--clock 24h`: English, which writes "3:07 PM" by itself, shows the installer's 24-hour time.
  await expect(page.locator('.clock time').first()).toHaveText(/^15:\d\d$/);
  await expect(page.locator('.clock .date')).toContainText('Thursday');

  const button = languageButton(page);
  await expect(button).toHaveAccessibleName('Language: English');
  const box = await button.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(96);

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Choose a language' });
  await expect(dialog.getByRole('button')).toHaveText(['English', 'Deutsch', 'العربية', 'Close']);
  for (const choice of await dialog.locator('[data-language]').all()) {
    const size = await choice.boundingBox();
    expect(size?.height).toBeGreaterThanOrEqual(96);
    const font = await choice.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(font).toBeGreaterThanOrEqual(18);
  }
  await expect(dialog.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Deutsch' }).click();

  await expect(html(page)).toHaveAttribute('lang', 'de');
  await expect(dialog).toHaveCount(0);
  await expect(button).toHaveAccessibleName('Sprache: Deutsch');
  await expect(page.locator('.clock .date')).toContainText('Donnerstag');
  await expect(page.locator('.clock time').first()).toHaveText(/^15:\d\d$/);

  await button.click();
  await page.getByRole('dialog', { name: 'Sprache wählen' }).getByRole('button', { name: 'العربية' }).click();
  await expect(html(page)).toHaveAttribute('lang', 'ar');
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  // Right to left, the language's name is isolated inside the label (FSI…PDI, locales/bidi.ts).
  await expect(button).toHaveAccessibleName(/^اللغة: \u2068?العربية\u2069?$/);
  await expect(page.locator('.clock .date')).toContainText('الخميس');
});

test('an idle panel returns to the room’s language for the next person', async ({ page, stack }) => {
  await page.clock.install();
  await signIn(page, stack.host.url);
  await welcome(page);
  await languageButton(page).click();
  await page
    .getByRole('dialog', { name: 'Choose a language' })
    .getByRole('button', { name: 'Deutsch' })
    .click();
  await expect(html(page)).toHaveAttribute('lang', 'de');

  // The screensaver's timer is armed once the page knows the room is off: jump past it until it fired.
  const saver = page.locator('[data-screensaver]');
  await expect(async () => {
    await page.clock.fastForward('01:01');
    await expect(saver).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await page.mouse.click(640, 600);
  await expect(saver).toHaveCount(0);
  await expect(languageButton(page)).toHaveAccessibleName('Language: English');
});

test('screenshots: the welcome screen with the language button at the three sizes', async ({
  page,
  stack,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.clock.install({ time: new Date(2026, 10, 26, 15, 7) });
  await signIn(page, stack.host.url);
  await welcome(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(languageButton(page)).toBeVisible();
    // One screen: nothing scrolls at this size.
    const scrolls = await page.evaluate(
      () =>
        document.scrollingElement!.scrollHeight > window.innerHeight ||
        document.scrollingElement!.scrollWidth > window.innerWidth,
    );
    expect(scrolls).toBe(false);
    await keepScreenshot(page, { path: path.join(SHOTS, `welcome-${size.width}x${size.height}.png`) });
    await languageButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a language' });
    await expect(dialog).toBeVisible();
    await keepScreenshot(page, { path: path.join(SHOTS, `choose-${size.width}x${size.height}.png`) });
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
});
