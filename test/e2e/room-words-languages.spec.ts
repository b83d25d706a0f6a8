import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost, openRoom } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The room's sentences in German and Arabic, in a real browser: a device that does not answer is
 * named (the service's name for it, as data) in a sentence of the page's language, with the room's
 * own number. The room is chosen in English; the same browser profile then opens the panel with
 * German or Arabic as the browser's language (the last fallback when nothing configures one).
 */

const HUDDLE = 'sys-huddle-3-2';
const ROOM_NUMBER = 'ext. 4321';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

const { stack, service } = ownStack();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { version } = await service.request<{ version: number }>('GET', `/systems/${HUDDLE}`);
  await service.request('PUT', `/systems/${HUDDLE}`, { version, settings: { help: { phone: ROOM_NUMBER } } });
});

test.afterAll(async () => {
  await service?.moduleSettings('mod-huddle-display', {}).catch(() => undefined);
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** The Huddle's panel in `locale`, signed in and with the room chosen as a person did in English. */
async function panelIn(browser: Browser, english: Page, locale: string): Promise<Page> {
  const storageState = await english.context().storageState();
  const context = await browser.newContext({ locale, storageState, viewport: SIZES[0] });
  const page = await context.newPage();
  await openHost(page, stack.host.url);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale.slice(0, 2)}(-|$)`)); // the region writes times
  return page;
}

// The banner's sentence names the device in the language's words; the room's number follows.
const EXPECTED: Record<string, string> = {
  'de-DE': 'Display 1 reagiert nicht',
  'ar-EG': 'Display 1 لا يستجيب',
};

for (const [locale, sentence] of Object.entries(EXPECTED)) {
  test(`a device that does not respond, said in ${locale}: named, what to do, the room’s number`, async ({
    page,
    browser,
  }) => {
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await service.moduleSettings('mod-huddle-display', { offline: true });
    const panel = await panelIn(browser, page, locale);
    try {
      await panel
        .getByRole('button', { name: /^Laptop/ })
        .first()
        .click();
      // Said once, in the banner under the tiles (no toast repeating it over them).
      const problem = panel.locator('.source-story[data-story="failed"]');
      await expect(problem).toBeVisible({ timeout: 30_000 });
      await expect(panel.locator('[data-problem]')).toHaveCount(0);
      // Right to left, the device and the number are isolated inside the sentence (locales/bidi.ts).
      await expect
        .poll(async () => ((await problem.textContent()) ?? '').replace(/[\u2068\u2069]/g, ''))
        .toContain(sentence);
      await expect(problem).toContainText(ROOM_NUMBER);
      await expect(problem).not.toContainText(/not responding|call AV/);
      await shoot(panel, `room-words-${locale.slice(0, 2)}-failure`);
    } finally {
      await service.moduleSettings('mod-huddle-display', {});
      await panel.context().close();
    }
  });
}
