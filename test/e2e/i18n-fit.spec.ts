import type { Page } from '@playwright/test';
import {
  closeHelp,
  helpButton,
  helpSheet,
  openRoomAnyLanguage,
  signInAnyLanguage,
} from './support/any-language.ts';
import {
  expectAccessible,
  expectDialogFits,
  expectNoOverlap,
  expectNothingCut,
  expectOneScreen,
  expectReadable,
  shoot,
} from './support/fit.ts';
import { expect, ownStack, test } from './support/stack.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The fit checks of panel-screens.spec.ts in German (long words), Arabic (right to left) and the
 * pseudo-locale (every word ~40 % longer, bracketed): every demo room at the three panel sizes, on
 * the welcome screen, every page once in use, the help sheet and the booking card. Nothing cut
 * off, nothing on top of anything, nothing scrolling, text at least 18 px; axe-core in Arabic;
 * screenshots in German and Arabic into test-results/screens/i18n/ as
 * <lang>-<size>-<room>-<screen>.png.
 *
 * The language is chosen as an installer chooses it: the host started with `--locale`. The browser
 * stays English (the suite's en-GB), so a page that ignored the installer would show English and
 * fail the `<html lang>` check below. No step reads a word: data-* attributes, roles without
 * names, the service's form fields, and room names (data, not translated).
 *
 * One test per language × size, one page through every room: the rooms are the long part.
 */

const ROOMS = [
  { name: 'Harbour Boardroom', id: 'sys-harbour-boardroom' },
  { name: 'Huddle 3.2', id: 'sys-huddle-3-2' },
  { name: 'Kauri Training Room', id: 'sys-kauri-training' },
  { name: 'Tasman Auditorium', id: 'sys-tasman-auditorium' },
  { name: 'Innovation Lab', id: 'sys-innovation-lab' },
  { name: 'Level 3 Lounge', id: 'sys-level3-lounge' },
];

const LANGUAGES = [
  { code: 'de', dir: 'ltr', screenshots: true, axe: false, catalogues: ['de'] },
  { code: 'ar', dir: 'rtl', screenshots: true, axe: true, catalogues: ['ar'] },
  // The pseudo-locale is made from English when the renderer is built: a chunk of its own.
  { code: 'en-XA', dir: 'ltr', screenshots: true, axe: false, catalogues: ['en-XA'] },
] as const;

const FOLDER = 'i18n';
// Every room and screen is checked even after one fails: a run names every problem in the language.
const SOFT = { soft: true } as const;

for (const language of LANGUAGES) {
  test.describe(`in ${language.code}`, () => {
    // A stack of its own per language: the host's --locale is the installer's choice.
    const { stack, service } = ownStack({ hostArgs: ['--locale', language.code] });
    test.use({ hasTouch: true });
    test.describe.configure({ timeout: 420_000 });

    for (const size of SIZES) {
      test(`every demo room fits ${size.width}×${size.height}: welcome, every page, help, booking`, async ({
        page,
      }) => {
        const started = Date.now();
        // Only the active language's catalogue is fetched (each is a chunk of its own).
        const catalogues = new Set<string>();
        page.on('request', (request) => {
          const chunk = /\/assets\/(en-XA|en|de|ar)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
          if (chunk?.[1]) catalogues.add(chunk[1]);
        });
        await page.setViewportSize(size);
        await signInAnyLanguage(page, stack.host.url);
        const sizeTag = `${size.width}x${size.height}`;
        const snap = async (room: string, screen: string) => {
          if (language.screenshots)
            await shoot(page, `${language.code}-${sizeTag}-${room}-${screen}`, FOLDER);
        };
        // axe is slow: once per room and screen kind, at the large size, in Arabic.
        const axe = language.axe && size.width === 1280;

        for (const room of ROOMS) {
          await service.exec(room.id, 'RoomLogic', 'power', [false]).catch(() => undefined);
          await openRoomAnyLanguage(page, room.id, room.name);
          await expectLanguage(page, language.code, language.dir);
          const panel = page.locator('.panel');
          const what = (screen: string) => `${language.code} ${sizeTag} ${room.name} ${screen}`;
          // axe on the welcome screen, the help sheet and the first page in use of every room: the
          // other pages are the same controls (axe takes seconds per screen on a loaded machine).
          const fits = async (screen: string, withAxe = true) => {
            await expectOneScreen(page, what(screen), SOFT);
            await expectNothingCut(page, what(screen), '.panel', SOFT);
            await expectNoOverlap(page, what(screen), '.panel', SOFT);
            await expectReadable(page, what(screen), '.panel', SOFT);
            if (axe && withAxe) await expectAccessible(page, what(screen), SOFT);
          };

          if ((await panel.getAttribute('data-view')) === 'welcome') {
            await fits('welcome');
            await snap(room.id, 'welcome');
            const booking = page.locator('.panel .booking');
            if (await booking.isVisible()) {
              await expectNothingCut(page, what('booking'), '.panel .booking', SOFT);
              if (language.screenshots)
                await keepScreenshot(booking, {
                  path: `test-results/screens/${FOLDER}/${language.code}-${sizeTag}-${room.id}-booking.png`,
                });
            }
            await checkHelp(page, what('help'), axe, () => snap(room.id, 'help'));
            await page.locator('.panel .source-tile').first().tap();
            await expect(panel).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });
          } else {
            await checkHelp(page, what('help'), axe, () => snap(room.id, 'help'));
          }

          const tabs = page.getByRole('tab');
          const count = await tabs.count();
          for (let i = 0; i < Math.max(1, count); i++) {
            if (count > 0) await tabs.nth(i).tap();
            const tab =
              count > 0
                ? `in-use-${i + 1}-${(await tabs.nth(i).getAttribute('data-tab')) ?? 'page'}`
                : 'in-use';
            await fits(tab, i === 0);
            await snap(room.id, tab);
          }
        }
        expect([...catalogues].sort(), 'catalogues fetched').toEqual([...language.catalogues].sort());
        test.info().annotations.push({
          type: 'duration',
          description: `${Math.round((Date.now() - started) / 1000)} s`,
        });
      });
    }
  });
}

/** The page speaks the installer's language: `<html lang dir>` as the language says. */
async function expectLanguage(page: Page, code: string, dir: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** Opens the help sheet, checks it fits as a whole and reads at 18 px, and closes it. */
async function checkHelp(page: Page, what: string, axe: boolean, snap: () => Promise<void>): Promise<void> {
  await helpButton(page).tap();
  const sheet = helpSheet(page);
  await expect(sheet).toBeVisible();
  // The sheet loads the room's help text: its full height is what must fit.
  await expect(sheet.locator('.help-text')).toBeVisible();
  await expectDialogFits(page, what, '[data-help][role="dialog"]', SOFT);
  await expectNothingCut(page, what, '[data-help][role="dialog"]', SOFT);
  await expectReadable(page, what, '[data-help][role="dialog"]', SOFT);
  if (axe) await expectAccessible(page, what, SOFT);
  await snap();
  await closeHelp(page).tap();
  await expect(sheet).toHaveCount(0);
}
