import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost, signIn, touchToWake } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The technician tools' frame in German and in Arabic on a kiosk (browser host with --kiosk and a
 * PIN): the drawer, the PIN pad with its plurals, the sign-in by phone, this room's health, the
 * building's "Needs attention" and the keyboard on the glass, each in the page's language (the
 * browser's, until the technician's own choice exists), with screenshots at the three sizes and no
 * word cut off. The panel's account and the technician's phone sign in through an English browser:
 * the service's pages are not what this spec is about.
 */

const HUDDLE = 'sys-huddle-3-2';
const DISPLAY = 'mod-huddle-display';
const PIN = '482913';
// Its hash, as `npm run pin-hash` prints it (the same as technician-keyboard.spec.ts's).
const PIN_HASH = 'scrypt$4096$8$1$bt0I-Zj1WjiSMDRJJu0Gvg$4iwVh9NWhPeo_l1ZsikFtY9XHFUjgdslyw8L4FjUbyQ';
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-tech-b');

const { stack: kiosk, service } = ownStack({
  hostArgs: ['--kiosk', '--system', HUDDLE, '--technician-pin', PIN_HASH, '--technician-idle', '600'],
});

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // One module of the room not responding: the health and fleet views have something to count.
  await service.moduleSettings(DISPLAY, { offline: true });
  // The panel's own account signs in once (the host keeps it), from an English browser.
  const english = await browser.newContext({ locale: 'en-GB' });
  try {
    await signIn(await english.newPage(), kiosk.host.url);
  } finally {
    await english.close();
  }
});

test.afterAll(async () => {
  await service?.moduleSettings(DISPLAY, {}).catch(() => undefined);
});

/** The number as the page writes it (the browser's Intl in the page's language: "4", "٤"). */
const numberIn = (page: Page, n: number): Promise<string> =>
  page.evaluate((value) => new Intl.NumberFormat(document.documentElement.lang).format(value), n);

async function enterPin(pad: Locator, pin: string, ok: string): Promise<void> {
  for (const digit of pin)
    await pad.getByRole('button', { name: await numberIn(pad.page(), Number(digit)), exact: true }).click();
  await pad.getByRole('button', { name: ok, exact: true }).click();
}

/**
 * The way into the tools on the panel: its ⚙ button (the panel's own words for it are the panel's
 * business), after a touch that wakes the panel or keeps it awake (support/panel.ts).
 */
async function openDrawer(page: Page): Promise<void> {
  await expect(page.locator('.panel[data-ready="true"]')).toBeVisible();
  await touchToWake(page);
  await page.locator('button.tools').click();
}

/** The technician's phone (an English browser) approves the code the drawer shows. */
async function approveOnPhone(browser: Browser, drawer: Locator, codeLabel: string): Promise<void> {
  const code = drawer.getByLabel(codeLabel);
  await expect(code).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/, { timeout: 15_000 });
  const link = (await drawer.locator('[data-qr-text]').getAttribute('data-qr-text')) ?? '';
  const phone = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  try {
    const p = await phone.newPage();
    await p.goto(link);
    await p.getByLabel('Username').fill('tech@demo.local');
    await p.getByLabel('Password').fill('demo');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('button', { name: 'Approve' }).click();
    await expect(p.getByRole('heading', { name: 'Approved' })).toBeVisible();
  } finally {
    await phone.close();
  }
}

/**
 * Text cut off inside the drawer: a box whose words are wider or taller than the box shows (a
 * clipped button label, an ellipsis), named by its text so a failure says which words.
 */
function clipped(page: Page): Promise<string[]> {
  return page.locator('.tech-drawer').evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, h1, h2, h3, p, li, label, output, th, td, strong, span')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === 'inline' || el.getClientRects().length === 0) return false;
        const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return hides && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      })
      .map((el) => `${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`),
  );
}

/** A screenshot at each size, each checked for words cut off first. */
async function shootAtSizes(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await clipped(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the drawer, the PIN pad’s plurals, the sign-in, the room’s health, the building and the keyboard speak German', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await openHost(page, kiosk.host.url);
    await expect(page.locator('[data-ready="true"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^de(-|$)/); // the browser's de-DE writes times

    await openDrawer(page);
    const drawer = page.getByRole('dialog', { name: 'Technikerzugang' });
    await expect(drawer.getByRole('timer')).toHaveText(/^Schließt in \d{1,2}:\d\d ohne Eingabe$/);
    await expect(drawer.getByRole('button', { name: 'Schließen' })).toBeVisible();
    const pad = drawer.getByRole('group', { name: 'Techniker-PIN eingeben' });
    await expect(pad.getByRole('status')).toHaveAccessibleName('0 Ziffern eingegeben');
    await pad.getByRole('button', { name: '7', exact: true }).click();
    // One message, German's singular and plural: "1 Ziffer", "0 Ziffern"; "1 Versuch", "4 Versuche".
    await expect(pad.getByRole('status')).toHaveAccessibleName('1 Ziffer eingegeben');
    await pad.getByRole('button', { name: 'Letzte Ziffer löschen' }).click();
    await enterPin(pad, '1111', 'OK');
    await expect(pad.getByRole('alert')).toHaveText('Falsche PIN, noch 4 Versuche.');
    await shootAtSizes(page, 'de-pin');
    for (let i = 0; i < 3; i++) await enterPin(pad, '2222', 'OK');
    await expect(pad.getByRole('alert')).toHaveText('Falsche PIN, noch 1 Versuch.');

    await enterPin(pad, PIN, 'OK');
    await expect(drawer.getByRole('heading', { name: 'Als Techniker anmelden' })).toBeVisible();
    await expect(drawer.locator('.device-wait')).toHaveText(
      /^Warten auf Bestätigung … der Code gilt \d+ Min\.$/,
      {
        timeout: 15_000,
      },
    );
    await expect(drawer.getByRole('button', { name: 'Neuer Code' })).toBeVisible();
    await shootAtSizes(page, 'de-sign-in');
    await approveOnPhone(browser, drawer, 'Einzugebender Code');

    // At a room's panel the tools open on that room: one of its modules is not responding.
    await expect(drawer.getByRole('heading', { level: 1, name: 'Technikerwerkzeuge' })).toBeVisible({
      timeout: 30_000,
    });
    const tabs = drawer.getByRole('navigation', { name: 'Bereiche der Technikerwerkzeuge' });
    for (const tab of ['Dieser Raum', 'Handlungsbedarf', 'Systeme', 'Module'])
      await expect(tabs.getByRole('button', { name: tab, exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Zurück' })).toBeVisible();
    const summary = drawer.locator('.room-health-summary');
    await expect(summary).toHaveText(/^1 von \d+ Modulen braucht Aufmerksamkeit$/, { timeout: 15_000 });
    const modules = drawer.getByRole('list', { name: 'Module dieses Raums' });
    await expect(modules.locator(`[data-module="${DISPLAY}"] .room-module-state`)).toHaveText(
      'Antwortet nicht',
    );
    await expect(modules.getByRole('button', { name: 'Display 1 anpingen' })).toBeVisible();
    await expect(modules.getByRole('button', { name: 'Details zu Display 1' })).toBeVisible();
    await shootAtSizes(page, 'de-room-health');

    // The building: its counts in German plurals, the filter's words, the time as German writes it.
    await tabs.getByRole('button', { name: 'Handlungsbedarf', exact: true }).click();
    await expect(drawer.getByRole('heading', { level: 2, name: 'Handlungsbedarf' })).toBeVisible();
    await expect(
      drawer.getByText(/^Gelesen um \d{1,2}:\d\d:\d\d \(alle 30 s neu\), \d+ Module in \d+ Räumen$/),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(drawer.locator('.tech-count')).toHaveText('1 antwortet nicht, 0 gestoppt');
    await expect(drawer.getByRole('table', { name: 'Module mit Handlungsbedarf' })).toBeVisible();
    await shootAtSizes(page, 'de-fleet');
    // The module table's status filter offers its choices in German.
    await tabs.getByRole('button', { name: 'Module', exact: true }).click();
    await expect(drawer.getByRole('option', { name: 'Antwortet nicht oder gestoppt' })).toHaveCount(1);

    // The keyboard on the glass: letters as they type, the function keys in German (Shift shows its
    // arrow only, as German keyboards print it: "⇧ Umschalt" does not fit the key;
    // likewise Hide is a keyboard and an arrow, as on a German tablet: "Ausblenden" does not fit at 800 px).
    await tabs.getByRole('button', { name: 'Systeme', exact: true }).click();
    await drawer.getByRole('searchbox').first().click();
    const keyboard = page.getByRole('group', { name: 'Bildschirmtastatur' });
    await expect(keyboard).toBeVisible();
    await expect(keyboard.getByRole('button', { name: 'Umschalttaste' })).toHaveText('⇧');
    await expect(keyboard.getByRole('button', { name: 'Leertaste' })).toHaveText('Leerzeichen');
    await expect(keyboard.getByRole('button', { name: 'Eingabetaste' })).toHaveText('Eingabe');
    await expect(keyboard.getByRole('button', { name: 'Tastatur ausblenden' })).toHaveText('⌨↓');
    await expect(keyboard.getByRole('button', { name: 'At-Zeichen' })).toHaveText('@');
    await keyboard.getByRole('button', { name: 'q', exact: true }).click();
    await expect(drawer.getByRole('searchbox').first()).toHaveValue('q');
    await shootAtSizes(page, 'de-keyboard');
    await keyboard.getByRole('button', { name: 'Umschalttaste' }).click();
    await keyboard.getByRole('button', { name: 'Umschalttaste' }).click();
    await expect(keyboard.getByRole('button', { name: 'Umschalttaste' })).toHaveText('⇪');
    await keyboard.getByRole('button', { name: 'Sonderzeichen' }).click();
    await expect(keyboard.getByRole('button', { name: 'Rautezeichen' })).toHaveText('#');
    await shootAtSizes(page, 'de-keyboard-symbols');

    await drawer.getByRole('button', { name: 'Schließen' }).click();
    await expect(drawer).toHaveCount(0);
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the same frame reads right to left in Arabic, digits and plurals as Arabic writes them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await openHost(page, kiosk.host.url);
    await expect(page.locator('[data-ready="true"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await openDrawer(page);
    const drawer = page.getByRole('dialog', { name: 'وصول الفني' });
    const pad = drawer.getByRole('group', { name: 'أدخل الرقم السري للفني' });
    await expect(pad.getByRole('status')).toHaveAccessibleName('لم يُدخَل أي رقم');
    await enterPin(pad, '11', 'موافق');
    // Arabic's dual: "two tries" is a word of its own, not "2 tries".
    await expect(pad.getByRole('alert')).toHaveText(`رقم سري خاطئ، بقيت ${await numberIn(page, 4)} محاولات.`);
    await shootAtSizes(page, 'ar-pin');
    await enterPin(pad, '22', 'موافق');
    await enterPin(pad, '33', 'موافق');
    await expect(pad.getByRole('alert')).toHaveText('رقم سري خاطئ، بقيت محاولتان.');
    await enterPin(pad, PIN, 'موافق');
    await expect(drawer.getByRole('heading', { name: 'تسجيل الدخول كفني' })).toBeVisible();
    await expect(drawer.getByLabel('الرمز المطلوب إدخاله')).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/, {
      timeout: 15_000,
    });
    await shootAtSizes(page, 'ar-sign-in');
    await approveOnPhone(browser, drawer, 'الرمز المطلوب إدخاله');

    await expect(drawer.getByRole('heading', { level: 1, name: 'أدوات الفني' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(drawer.locator('.room-health-summary')).toHaveText(/تحتاج إلى متابعة$/, { timeout: 15_000 });
    await shootAtSizes(page, 'ar-room-health');
    const tabs = drawer.getByRole('navigation', { name: 'أقسام أدوات الفني' });
    await tabs.getByRole('button', { name: 'يحتاج إلى متابعة', exact: true }).click();
    await expect(drawer.getByRole('table', { name: 'الوحدات التي تحتاج إلى متابعة' })).toBeVisible();
    await expect(drawer.getByText(/^قُرئ في /)).toBeVisible({ timeout: 15_000 });
    await shootAtSizes(page, 'ar-fleet');
    await tabs.getByRole('button', { name: 'الأنظمة', exact: true }).click();
    await drawer.getByRole('searchbox').first().click();
    const keyboard = page.getByRole('group', { name: 'لوحة المفاتيح على الشاشة' });
    await expect(keyboard.getByRole('button', { name: 'مسافة' })).toHaveText('مسافة');
    await shootAtSizes(page, 'ar-keyboard');
    await drawer.getByRole('button', { name: 'إغلاق' }).click();
    await expect(drawer).toHaveCount(0);
  });
});
