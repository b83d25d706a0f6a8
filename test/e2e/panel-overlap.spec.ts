import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoomAnyLanguage, signInAnyLanguage } from './support/any-language.ts';
import { expectNoOverlap, expectOneScreen, shoot } from './support/fit.ts';
import { SIZES } from './support/sizes.ts';

/*
 * The panel's busiest lines, in every language at every size, with nothing on top of anything:
 * the in-use strip while Extend is offered (with and without a subject, the devices' line beside
 * it), and the welcome with its big clock and the next meetings. The room speaks each language
 * through its own settings (`settings.panel.locale`), as a room configured in that language does.
 * No step reads a word. Screenshots in test-results/screens/overlap/.
 *
 * Its own stack: the tests book the rooms' calendars and change their language.
 */

const HUDDLE = { id: 'sys-huddle-3-2', name: 'Huddle 3.2' };
const BOARDROOM = { id: 'sys-harbour-boardroom', name: 'Harbour Boardroom' };
const LANGUAGES = ['en', 'de', 'ar', 'en-XA'] as const;
const FOLDER = 'overlap';
// Every size is checked even after one fails: a run names every overlap in the language.
const SOFT = { soft: true } as const;

const { stack, service } = ownStack();
test.use({ hasTouch: true });
test.describe.configure({ timeout: 300_000 });

const nowS = () => Math.floor(Date.now() / 1000);

/** The room speaks `locale`: its own settings.panel.locale, the rest of its panel settings kept. */
async function roomLanguage(systemId: string, locale: string): Promise<void> {
  const system = await service.request<{ version: number; settings: Record<string, unknown> }>(
    'GET',
    `/systems/${systemId}`,
  );
  const panel = (system.settings.panel ?? {}) as Record<string, unknown>;
  await service.request('PUT', `/systems/${systemId}`, {
    version: system.version,
    settings: { ...system.settings, panel: { ...panel, locale } },
  });
}

async function inUse(page: Page): Promise<void> {
  const panel = page.locator('.panel');
  if ((await panel.getAttribute('data-view')) === 'welcome') {
    await page.locator('.panel .source-tile').first().tap();
    await expect(panel).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });
  }
}

for (const language of LANGUAGES) {
  test(`in ${language}: the in-use strip with Extend and the welcome overlap nothing at every size`, async ({
    page,
  }) => {
    for (const room of [HUDDLE, BOARDROOM]) {
      await service.exec(room.id, 'RoomLogic', 'power', [false]).catch(() => undefined);
      await service.exec(room.id, 'Bookings', 'end_meeting', []).catch(() => undefined);
      await roomLanguage(room.id, language);
    }
    // Huddle: a meeting with a long subject ending in 10 minutes (Extend offered), then the
    // Boardroom's in an hour, so its welcome lists the next meeting beside the big clock.
    await service.exec(HUDDLE.id, 'Bookings', 'book', [nowS(), 10, 'Quarterly budget review with the board']);
    // The Boardroom: a meeting under way (its subject after the end time on the welcome's field)
    // and the calendar's next ones beside the big clock.
    await service.exec(BOARDROOM.id, 'Bookings', 'book', [nowS(), 20, 'Board']);
    await signInAnyLanguage(page, stack.host.url);
    try {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const at = `${language} ${size.width}x${size.height}`;

        await openRoomAnyLanguage(page, BOARDROOM.id, BOARDROOM.name);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
        await expect(page.locator('.panel .booking-next li')).not.toHaveCount(0);
        await expect(page.locator('.panel .booking-subject')).toBeVisible();
        expect(await gapBeforeSubject(page), `${at}: a space between the end time and the subject`).toBe(
          'apart',
        );
        await expectNoOverlap(page, `${at} welcome`, '.panel', SOFT);
        await expectOneScreen(page, `${at} welcome`, SOFT);
        await shoot(page, `${language}-${size.width}x${size.height}-welcome`, FOLDER);

        await openRoomAnyLanguage(page, HUDDLE.id, HUDDLE.name);
        await inUse(page);
        const extend = page.locator('.panel .bar-extend button');
        await expect(extend.first()).toBeVisible({ timeout: 15_000 });
        await expectNoOverlap(page, `${at} in use with Extend`, '.panel', SOFT);
        await expectOneScreen(page, `${at} in use with Extend`, SOFT);
        await shoot(page, `${language}-${size.width}x${size.height}-extend`, FOLDER);
        expect.soft(await offCentre(page), `${at}: End meeting's words centred in it`).toBeLessThan(3);
      }
    } finally {
      for (const room of [HUDDLE, BOARDROOM])
        await service.exec(room.id, 'Bookings', 'end_meeting', []).catch(() => undefined);
    }
  });
}

/**
 * Whether the meeting's subject is drawn apart from the end time before it, in the reading
 * direction: the two are one sentence ("until 8:30 — Board meeting"), never run together
 * ("8:30— Board"). On the welcome's field the subject is a box of its own that starts at its dash.
 */
function gapBeforeSubject(page: Page): Promise<string> {
  return page.locator('.panel .booking:visible').evaluate((booking) => {
    const until = booking.querySelector('.booking-until');
    const subject = booking.querySelector('.booking-subject');
    if (!until || !subject) return 'no end time or subject';
    const a = until.getBoundingClientRect();
    const b = subject.getBoundingClientRect();
    const gap = document.documentElement.dir === 'rtl' ? a.left - b.right : b.left - a.right;
    // On a line of its own below the end time it needs no space before it.
    if (b.top > a.top + a.height / 2) return 'apart';
    return gap > 3 ? 'apart' : `${Math.round(gap)} px apart`;
  });
}

/** How far (px) the words of the bar's End meeting / Room off sit from the middle of its button. */
function offCentre(page: Page): Promise<number> {
  return page.locator('.panel .control-bar .room-off').evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    const words = range.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    return Math.abs(words.left + words.width / 2 - (box.left + box.width / 2));
  });
}
