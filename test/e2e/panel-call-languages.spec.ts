import { expect, ownStack, test } from './support/stack.ts';
import { openRoomAnyLanguage, signInAnyLanguage } from './support/any-language.ts';
import {
  expectAccessible,
  expectNoOverlap,
  expectNothingCut,
  expectOneScreen,
  expectReadable,
  shoot,
} from './support/fit.ts';
import { SIZES } from './support/sizes.ts';

/*
 * The call's newer sentences in German (long words) and Arabic (right to left), at the three
 * panel sizes: the welcome of a room whose codec does not answer with a meeting to join (the fault
 * strip and the Join card's note), and the strip that says the far end hung up. Nothing cut,
 * overlapping or scrolling, text at least 18 px, axe clean. No step reads a word: data-* attributes.
 */

const BOARDROOM = 'sys-harbour-boardroom';
const CODEC = 'mod-boardroom-codec';
const SETTINGS = { presets: ['Table', 'Presenter', 'Whole room'] };
const nowS = () => Math.floor(Date.now() / 1000);

for (const language of ['de', 'ar'] as const) {
  test.describe(`in ${language}`, () => {
    const { stack, service } = ownStack({ hostArgs: ['--locale', language] });
    test('a silent codec before a meeting, and a far end that hung up, fit every size', async ({ page }) => {
      test.setTimeout(300_000);
      const fits = async (what: string) => {
        for (const size of SIZES) {
          await page.setViewportSize(size);
          const at = `${language} ${size.width}×${size.height} ${what}`;
          await expectOneScreen(page, at);
          await expectNothingCut(page, at);
          await expectNoOverlap(page, at);
          await expectReadable(page, at);
          await expectAccessible(page, at);
          await shoot(page, `${language}-${size.width}x${size.height}-call-${what}`, 'i18n');
        }
        await page.setViewportSize(SIZES[0]);
      };

      await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]);
      await service.exec(BOARDROOM, 'Bookings', 'end_meeting', []).catch(() => undefined);
      await service.exec(BOARDROOM, 'Bookings', 'book', [
        nowS(),
        30,
        'Board meeting',
        { provider: 'teams', url: 'https://teams.demo/1', sip: '4119134261@teams.video.demo.local' },
      ]);
      // Two more meetings later on, whatever the hour: the card lists what is next beside the check-in
      // (a slot the demo's own calendar already fills is left as it is).
      for (const [inMinutes, minutes, title] of [
        [60, 60, 'Quarterly review'],
        [150, 30, 'Budget'],
      ] as const) {
        await service
          .exec(BOARDROOM, 'Bookings', 'book', [nowS() + inMinutes * 60, minutes, title])
          .catch(() => undefined);
      }
      await service.moduleSettings(CODEC, { ...SETTINGS, offline: true });
      await signInAnyLanguage(page, stack.host.url);
      await openRoomAnyLanguage(page, BOARDROOM, 'Harbour Boardroom');
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
      await expect(page.locator('.fault-strip [data-fault]')).toHaveCount(1);
      await expect(page.locator('[data-join-unavailable]')).toBeVisible();
      await expect(page.locator('[data-press="join"]')).toHaveCount(0);
      await fits('codec-silent');

      await service.moduleSettings(CODEC, SETTINGS);
      await expect(page.locator('[data-press="join"]')).toBeVisible({ timeout: 20_000 });
      await page.locator('[data-press="join"]').click();
      await expect(page.locator('[data-call-status="Connected"]')).toBeVisible({ timeout: 30_000 });
      await service.exec(BOARDROOM, 'VidConf', 'test_far_end', ['hangup']);
      await expect(page.locator('[data-call-ended]')).toBeVisible();
      await fits('hung-up');
    });
  });
}
