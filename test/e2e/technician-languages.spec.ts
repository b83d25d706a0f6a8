import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { hourDigits } from '../../locales/translate.ts';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost, signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The technician's system, module, exec and live-state views in the browser's language (the page
 * follows it when nothing else chooses): a module's page in German says its words in German and
 * writes its times, dates and numbers as German does (24-hour, "26. Nov. 2026", "1.200"); the
 * same pages in Arabic. Screenshots at the three sizes go to test-results/screens/i18n-tech-a/.
 *
 * Signing in is done in an English tab (the host keeps one session for every tab): the sign-in
 * screens and the tools' own frame are other people's words, and this spec is about these views.
 */

const HUDDLE = 'sys-huddle-3-2';
const DISPLAY = 'mod-huddle-display';
const ZONE = 'Europe/Zurich';
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-tech-a');

interface WireSystem {
  version: number;
  capacity?: number;
}
interface WireModule {
  created_at?: number;
}

const { stack, service } = ownStack();
test.use({ timezoneId: ZONE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A capacity with a thousands separator, to see the language's way of grouping digits.
  const huddle = await service.request<WireSystem>('GET', `/systems/${HUDDLE}`);
  await service.request('PUT', `/systems/${HUDDLE}?version=${huddle.version}`, { capacity: 1200 });
  // A display that is on takes a volume.
  await service.exec(HUDDLE, 'Display', 'power', [true]);
});

/** Signs the host in as the technician from an English tab of its own. */
async function signInInEnglish(browser: Browser): Promise<void> {
  const english = await browser.newContext({ locale: 'en-US' });
  try {
    await signIn(await english.newPage(), stack.host.url, 'tech@demo.local');
  } finally {
    await english.close();
  }
}

/** From the host's first screen into the tools' systems list (buttons found by place, not words). */
async function openSystems(page: Page): Promise<void> {
  await page.setViewportSize(SIZES[0]);
  await openHost(page, stack.host.url);
  await page.locator('.tech-entry button').click();
  // The tabs without a room: needs attention, systems, modules (, panel).
  await page.locator('.tech-tabs button').nth(1).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('a module’s page says its words in German and writes times, dates and numbers as German does', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInInEnglish(browser);
    await openSystems(page);
    await page.getByRole('searchbox', { name: 'Systeme suchen' }).fill('huddle');
    await page
      .getByRole('list', { name: 'Systeme' })
      .getByRole('button', { name: /^Huddle 3\.2/ })
      .click();

    // The room: its words German, its capacity grouped as German groups digits.
    await expect(page.getByRole('button', { name: 'System starten' })).toBeVisible();
    await expect(page.locator('[data-fact="capacity"]')).toHaveText('1.200');
    await expect(page.getByRole('term').filter({ hasText: /^Plätze$/ })).toBeVisible();
    await shoot(page, 'de-system');

    await page
      .getByRole('list', { name: 'Module dieses Systems' })
      .getByRole('button', { name: /^Display 1/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Display' })).toBeVisible();
    for (const name of ['Bearbeiten', 'Modul starten', 'Modul stoppen', 'Modul löschen'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    const facts = page.getByLabel('Modulfelder');
    await expect(facts).toContainText('Treiber');
    await expect(facts).toContainText('Angelegt');
    await expect(page.getByRole('heading', { name: 'Methoden' })).toBeVisible();

    // The module's creation, as German writes a date and a time (in the browser's time zone).
    const module = await service.request<WireModule>('GET', `/modules/${DISPLAY}`);
    expect(module.created_at).toBeDefined();
    // The hour as German writes it (08:06), the same rule the product follows (locales/translate.ts).
    const created = new Intl.DateTimeFormat('de', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: hourDigits('de', 'locale'),
      minute: '2-digit',
      timeZone: ZONE,
    }).format((module.created_at ?? 0) * 1000);
    expect(created).toMatch(/^\d{1,2}\. \S+ \d{4}, \d{2}:\d{2}$/);
    await expect(facts).toContainText(created);

    // A change seen while the state is open: the moment of it, 24-hour with seconds, no AM/PM.
    const state = page.getByRole('region', { name: 'Zustand', exact: true });
    const keys = state.getByRole('table', { name: 'Zustand: Schlüssel' });
    await expect(keys.locator('tr[data-key="volume"]')).toBeVisible({ timeout: 15_000 });
    await expect(state.getByRole('button', { name: 'Jetzt lesen' })).toBeVisible();
    const before = (await service.state(HUDDLE, 'Display')).volume;
    const volume = before === 23 ? 24 : 23;
    await service.exec(HUDDLE, 'Display', 'volume', [volume]);
    const changes = state.getByRole('list', { name: 'Zustandsänderungen' });
    const change = changes.locator('li[data-key="volume"]').first();
    await expect(change).toContainText(`→ ${volume}`, { timeout: 15_000 });
    await expect(change.locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await shoot(page, 'de-module');

    // The exec console: its words, and a German reason under a number out of bounds.
    await page.getByRole('button', { name: 'Befehlskonsole' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Befehlskonsole' })).toBeVisible();
    await page.getByLabel('Methode').selectOption('volume');
    const level = page.getByRole('spinbutton', { name: /^level \(0 bis 100\)/ });
    await level.fill('150');
    await page.getByRole('button', { name: 'Display 1.volume ausführen' }).click();
    await expect(page.locator('[data-field="level"]')).toContainText('darf höchstens 100 sein');
    await shoot(page, 'de-console');

    // A device's refusal: the code's sentence in German, the device's own words kept underneath.
    await service.exec(HUDDLE, 'Display', 'power', [false]);
    await level.fill('25');
    await page.getByRole('button', { name: 'Display 1.volume ausführen' }).click();
    const result = page.getByRole('region', { name: 'Ergebnis' });
    await expect(result.getByRole('heading', { name: 'Display 1.volume fehlgeschlagen' })).toBeVisible();
    const alert = result.getByRole('alert');
    await expect(alert).toHaveAttribute('data-code', 'ROOMDECK_DRIVER_ERROR');
    await expect(alert.locator('.tech-error-message')).toHaveText(
      'Das Gerät konnte den Befehl nicht ausführen. Prüfen Sie, ob es eingeschaltet ist, und versuchen Sie es erneut.',
    );
    await expect(alert).toContainText('display is off');
    await expect(page.getByRole('region', { name: 'Aufrufe dieser Sitzung' })).toContainText(
      'fehlgeschlagen: ',
    );
    await shoot(page, 'de-console-error');
    await service.exec(HUDDLE, 'Display', 'power', [true]);
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('a module’s page and the exec console in Arabic, at the three sizes', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInInEnglish(browser);
    await openSystems(page);
    await page.getByRole('searchbox', { name: 'البحث في الأنظمة' }).fill('huddle');
    await page
      .getByRole('list', { name: 'الأنظمة' })
      .getByRole('button', { name: /^Huddle 3\.2/ })
      .click();
    await expect(page.getByRole('button', { name: 'تشغيل النظام' })).toBeVisible();
    await shoot(page, 'ar-system');
    await page
      .getByRole('list', { name: 'وحدات هذا النظام' })
      .getByRole('button', { name: /^Display 1/ })
      .click();
    await expect(page.getByRole('button', { name: 'تشغيل الوحدة' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'الحالة', exact: true }).locator('tr[data-key="volume"]'),
    ).toBeVisible({ timeout: 15_000 });
    await shoot(page, 'ar-module');
    await page.getByRole('button', { name: 'وحدة تنفيذ الأوامر' }).click();
    await page.getByLabel('الطريقة').selectOption('volume');
    await shoot(page, 'ar-console');
  });
});
