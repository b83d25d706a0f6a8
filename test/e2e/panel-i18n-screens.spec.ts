import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ar } from '../../locales/ar.ts';
import { de } from '../../locales/de.ts';
import { en } from '../../locales/en.ts';
import { expect, test } from './support/fixtures.ts';
import { openHost, signIn } from './support/panel.ts';
import { ROOT, type Stack, startStack } from './support/processes.ts';
import { Service } from './support/service.ts';
import { SIZES } from './support/sizes.ts';

/*
 * The room panel in German and in Arabic, as a browser set to that language opens it: the welcome
 * (with the room's calendar), the help sheet, and every page of the room in use, at the three panel
 * sizes. In German nothing is cut off and nothing scrolls (German's long words); none of the
 * panel's own words is left in English. Screenshots go to test-results/screens/i18n-panel/ for
 * people to judge the layout (the mirroring in Arabic is the RTL work's).
 *
 * Its own stack: it books Huddle 3.2 for now (the calendar's no-show countdown shows).
 */

const HUDDLE = 'sys-huddle-3-2';
const ROOMS = [
  { name: 'Huddle 3.2', id: HUDDLE },
  { name: 'Harbour Boardroom', id: 'sys-harbour-boardroom' },
  { name: 'Kauri Training Room', id: 'sys-kauri-training' },
  { name: 'Tasman Auditorium', id: 'sys-tasman-auditorium' },
];
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'i18n-panel');
const LANGUAGES = [
  { locale: 'de-DE', lang: 'de', dir: 'ltr', words: de },
  { locale: 'ar', lang: 'ar', dir: 'rtl', words: ar },
] as const;

/*
 * The panel's own English sentences that its translation says differently: none of them may be on
 * screen (placeholders left out; the room's names and the service's words are data, not checked).
 */
function englishLeft(words: Record<string, string>): string[] {
  return Object.entries(en)
    .filter(([key, text]) => key.startsWith('panel.') && !text.includes('{') && words[key] !== text)
    .map(([, text]) => text);
}

let stack: Stack;
let service: Service;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  stack = await startStack();
  service = new Service(() => stack.simulator.url);
  // The host keeps its session: sign in once, in English, as the sign-in screen is not this spec's.
  const context = await browser.newContext({ locale: 'en-US' });
  await signIn(await context.newPage(), stack.host.url);
  await context.close();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Opens a room from wherever the app is, by structure rather than by words (they are translated). */
async function openRoom(page: Page, name: string): Promise<void> {
  await openHost(page, stack.host.url);
  const app = page.locator('main[data-screen]');
  await expect(app).not.toHaveAttribute('data-screen', 'starting');
  if ((await app.getAttribute('data-screen')) === 'panel')
    await page.locator('[data-action="change-room"]').click();
  await expect(app).toHaveAttribute('data-screen', 'choose-room');
  await page.getByRole('searchbox').fill(name);
  await page.locator('button.room', { hasText: name }).first().click();
  await expect(page.locator('.panel[data-ready="true"]')).toBeVisible();
  await expect(page.locator('h1.room-name')).toHaveText(name);
}

/** The panel fits the viewport: nothing scrolls, nothing outside the screen (as panel-screens checks). */
async function expectOneScreen(page: Page, what: string): Promise<void> {
  const fit = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const outside = [...document.querySelectorAll<HTMLElement>('.panel *')]
      .filter((el) => {
        if (getComputedStyle(el).display === 'none' || el.closest('[role="dialog"],[role="alertdialog"]'))
          return false;
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.left < -1)
        );
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 40)}"`);
    return { scroll: doc.scrollHeight, height: window.innerHeight, outside: outside.slice(0, 5) };
  });
  expect(fit.scroll, `${what}: page height`).toBe(fit.height);
  expect(fit.outside, `${what}: elements outside the screen`).toEqual([]);
}

/** No text cut off: no element whose text is wider or taller than the box it is clipped to. */
async function expectNothingCut(page: Page, root: string, what: string): Promise<void> {
  const cut = await page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(`${selector} *`)]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === 'none' || el.getClientRects().length === 0) return false;
        const clips =
          style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
        if (!clips) return false;
        // Overflowing content in a box that hides or scrolls it: the person cannot read all of it.
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 40)}"`);
  }, root);
  expect(cut, `${what}: text cut off`).toEqual([]);
}

/** Where the room's plan speaks (its help, page, group and control names, a device's scene names). */
const PLAN_WORDS =
  '.help-text, [role="tab"], .group-title, .options, .control-label, .toggle-name, .big-button, .fader-label, .mute-name, .source-name, .device-picker, .control-value';

async function expectNoEnglish(page: Page, english: string[], what: string): Promise<void> {
  const text = await page.locator('.panel').evaluate((el, plan) => {
    const out: string[] = [];
    for (const node of el.querySelectorAll<HTMLElement>('*')) {
      // The room's plan (its configuration or the room model's words): not the panel's own words.
      if (node.getClientRects().length === 0 || node.closest(plan)) continue;
      const own = [...node.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (own) out.push(own);
      for (const attr of ['aria-label', 'title', 'placeholder', 'aria-valuetext']) {
        if (
          attr === 'aria-label' &&
          node.matches('[role="tabpanel"], section.group, .control, .fader, .slider, .ramp, .step')
        )
          continue;
        const v = node.getAttribute(attr);
        if (v) out.push(v.trim());
      }
    }
    return out;
  }, PLAN_WORDS);
  expect(
    text.filter((t) => english.includes(t)),
    `${what}: the panel's words left in English`,
  ).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

for (const language of LANGUAGES) {
  test.describe(`the panel in ${language.locale}`, () => {
    test.describe.configure({ timeout: 300_000 });
    test.use({ locale: language.locale, hasTouch: true });
    const english = englishLeft(language.words);

    for (const size of SIZES) {
      test(`at ${size.width}×${size.height}: welcome, booking, help and every page`, async ({ page }) => {
        await page.setViewportSize(size);
        // Someone booked Huddle 3.2 from their desk for now (the seeded day's meetings follow): the
        // card counts down to the no-show release (until the room is started: that is the check-in).
        await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
        await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
        // (Not fatal: a meeting still under way from the last size is shown instead, checked in.)
        await service
          .exec(HUDDLE, 'Bookings', 'book', [Math.floor(Date.now() / 1000), 10, 'Quartalsplanung'])
          .catch(() => undefined);
        for (const room of ROOMS) {
          await service.exec(room.id, 'RoomLogic', 'power', [false]).catch(() => undefined);
          await openRoom(page, room.name);
          await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
          await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
          const tag = `${language.lang}-${room.id}-${size.width}x${size.height}`;
          const panel = page.locator('.panel');
          await expect(panel).toHaveAttribute('data-view', 'welcome', { timeout: 15_000 });
          await expectNoEnglish(page, english, `${room.name} welcome`);
          if (language.lang === 'de') {
            await expectOneScreen(page, `${room.name} welcome`);
            await expectNothingCut(page, '.panel', `${room.name} welcome`);
          }
          await shoot(page, `${tag}-welcome`);

          await page.locator('.corner-actions [data-action="help"]').click();
          const help = page.locator('[data-help]');
          await expect(help).toBeVisible();
          await expect(help.locator('.help-text')).toBeVisible();
          await expectNoEnglish(page, english, `${room.name} help`);
          if (language.lang === 'de') {
            const fits = await help
              .locator('.help-sheet')
              .evaluate(
                (el) =>
                  el.scrollHeight <= el.clientHeight + 1 &&
                  el.getBoundingClientRect().bottom <= window.innerHeight + 1,
              );
            expect(fits, `${room.name} help: one screen`).toBe(true);
            await expectNothingCut(page, '[data-help]', `${room.name} help`);
          }
          await shoot(page, `${tag}-help`);
          await help.locator('button.primary').click();
          await expect(help).toHaveCount(0);

          await page.locator('.source-tiles .source-tile').first().tap();
          await expect(panel).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });
          const tabs = page.getByRole('tab');
          const count = await tabs.count();
          for (let i = 0; i < Math.max(1, count); i++) {
            if (count > 0) await tabs.nth(i).tap();
            const kind = count > 0 ? ((await tabs.nth(i).getAttribute('data-tab')) ?? `${i}`) : 'page';
            await expectNoEnglish(page, english, `${room.name} ${kind}`);
            if (language.lang === 'de') {
              await expectOneScreen(page, `${room.name} ${kind}`);
              await expectNothingCut(page, '.panel', `${room.name} ${kind}`);
            }
            await shoot(page, `${tag}-in-use-${i}-${kind}`);
          }
        }
      });
    }
  });
}
