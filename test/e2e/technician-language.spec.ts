import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';

/*
 * The technician tools speak the technician's own language, chosen in the tools' header and kept
 * on this device (it survives a reload), while the panel speaks its own (`--locale en`) whenever
 * the tools are closed.
 */

ownStack({ hostArgs: ['--locale', 'en'] });

const html = (page: Page) => page.locator('html');
const choice = (page: Page) => page.locator('[data-action="technician-language"]');

async function openTools(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await expect(page.locator('section.tech')).toBeVisible();
}

test('the technician’s language holds in the tools only, and survives a reload', async ({ page, stack }) => {
  await signIn(page, stack.host.url, 'tech@demo.local');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await openTools(page, 'Technician tools');
  await expect(choice(page)).toHaveAccessibleName('Language of the technician tools (this device)');
  // Nothing chosen yet: the tools follow the panel.
  await expect(choice(page)).toHaveValue('');
  await expect(html(page)).toHaveAttribute('lang', 'en');

  await choice(page).selectOption('de');
  await expect(html(page)).toHaveAttribute('lang', 'de');
  await expect(choice(page)).toHaveAccessibleName('Sprache der Technikerwerkzeuge (dieses Gerät)');

  // A reload closes the tools: the page speaks the panel's language again.
  await page.reload();
  await expect(page.locator('main[data-screen]')).not.toHaveAttribute('data-screen', 'starting');
  await expect(page.locator('section.tech')).toHaveCount(0);
  await expect(html(page)).toHaveAttribute('lang', 'en');

  // Opened again on this device: the technician's German is still chosen.
  await openTools(page, 'Technician tools');
  await expect(choice(page)).toHaveValue('de');
  await expect(html(page)).toHaveAttribute('lang', 'de');

  // Back to "as the panel": the tools speak English again.
  await choice(page).selectOption('');
  await expect(html(page)).toHaveAttribute('lang', 'en');
});
