import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { encode } from 'uqr';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The panel's last rough edges, as a person at the wall meets them: Help's room page as a QR code a
 * phone can read; a failure that never covers the bar's controls; the meeting's subject still
 * readable while Extend is offered; the projector's "Blank picture" saying its state as the mutes
 * do, from what the projector reports.
 *
 * Its own stack: the tests book Huddle 3.2's calendar and take its display offline.
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';
const AUDITORIUM = 'sys-tasman-auditorium';
const PROJECTOR = 'mod-boardroom-projector';
const AUDITORIUM_PROJECTOR = 'mod-auditorium-projector';
const SHOTS = path.join(ROOT, 'test-results', 'screens', 'polish');

const { stack, service } = ownStack();
test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
});
const nowS = () => Math.floor(Date.now() / 1000);
const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });
const bar = (page: Page) => page.getByRole('region', { name: 'Room controls' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/**
 * At each panel size: `check` (the size's own assertions), then one screen with nothing cut off
 * (no scroll, no element past the window's edge), saved to be looked at.
 */
async function atSizes(page: Page, name: string, check: (size: string) => Promise<void> = async () => {}) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}x${size.height}`;
    await check(at);
    const fit = await page.evaluate(() => {
      const doc = document.scrollingElement ?? document.documentElement;
      const out = [...document.querySelectorAll<HTMLElement>('.panel *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1);
      });
      return { scroll: doc.scrollHeight, height: window.innerHeight, out: out.map((e) => e.className) };
    });
    expect(fit, `${name} at ${at} fits one screen`).toEqual({
      scroll: fit.height,
      height: fit.height,
      out: [],
    });
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${at}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** The background colour as [r, g, b]. */
const background = async (locator: Locator) =>
  (await locator.evaluate((e) => getComputedStyle(e).backgroundColor))
    .match(/\d+/g)
    ?.slice(0, 3)
    .map(Number) ?? [];

test.beforeEach(async () => {
  await service.moduleSettings('mod-huddle-display', {});
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
});

test('Help shows the room’s page as a QR code drawn for its address, the address written beside it', async ({
  page,
}) => {
  // The Huddle (generated help, few facts) and the Boardroom (its own help text, the most facts).
  const rooms = [
    { name: 'Huddle 3.2', shot: 'help', url: 'https://control.demo.local/rooms/huddle-3-2' },
    {
      name: 'Harbour Boardroom',
      shot: 'help-boardroom',
      url: 'https://control.demo.local/rooms/harbour-boardroom',
    },
  ];
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  for (const room of rooms) {
    await openRoom(page, stack.host.url, room.name);
    if (room.shot === 'help') await atSizes(page, 'welcome');
    await page.getByRole('button', { name: 'Help' }).first().click();
    const help = page.getByRole('dialog', { name: `Help for ${room.name}` });
    const qr = help.getByRole('img', { name: /QR code/ });
    const short = room.url.replace('https://', '');
    // Drawn for the room's page (the whole address, scheme included, so a phone opens it) ...
    await expect(qr).toHaveAttribute('data-qr-text', room.url);
    await expect(qr).toHaveAccessibleName(new RegExp(short.replaceAll('.', '\\.')));
    // ... module for module: as many dark squares as that address encodes to.
    const dark = encode(room.url, { ecc: 'M', border: 0 }).data.flat().filter(Boolean).length;
    const drawn = await qr.locator('path').getAttribute('d');
    expect(drawn?.match(/M/g)?.length).toBe(dark);
    expect(dark).toBeGreaterThan(100);
    // The address is still words beside it, for someone without a camera.
    const address = help.locator('[data-support-url]');
    await expect(address).toHaveText(short);
    await expect(help.locator('a')).toHaveCount(0);

    await atSizes(page, room.shot, async (at) => {
      const code = await box(qr);
      const sheet = await box(help.locator('.help-sheet'));
      // Big enough for a phone at arm's length, square, whole inside the sheet and the window.
      expect(code.width, `QR width at ${at}`).toBeGreaterThanOrEqual(120);
      expect(Math.abs(code.width - code.height)).toBeLessThan(1);
      expect(inside(code, sheet), `QR inside the help sheet at ${at}`).toBe(true);
      await expect(address).toBeInViewport({ ratio: 1 });
      expect(overlaps(code, await box(address)), `QR clear of the address at ${at}`).toBe(false);
      for (const button of await help.getByRole('button').all())
        expect(overlaps(code, await box(button)), `QR clear of the buttons at ${at}`).toBe(false);
      // Nothing in the sheet cut off by its own edge, nothing to scroll inside it.
      for (const part of ['.help-sheet', '.help-columns'])
        expect(
          await help.locator(part).evaluate((e) => e.scrollHeight <= e.clientHeight + 1),
          `${room.name}: ${part} fits at ${at}`,
        ).toBe(true);
    });
    await help.getByRole('button', { name: 'Close help' }).click();
  }
});

test('a failure sits above the control bar at every size, never covering one of its controls', async ({
  page,
}) => {
  await service.moduleSettings('mod-huddle-display', { offline: true });
  try {
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await tile(page, 'Laptop').click();
    // Said once, in the banner under the tiles (no toast over them).
    const problem = page.locator('.source-story[data-story="failed"]');
    await expect(problem).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-problem]')).toHaveCount(0);
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await atSizes(page, 'failure-banner', async (at) => {
      const banner = await box(problem);
      expect(overlaps(banner, await box(bar(page))), `banner clear of the bar at ${at}`).toBe(false);
      await expect(problem).toBeInViewport({ ratio: 1 });
      // Nothing drawn over it: its own words are what the middle of it shows.
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('.source-story') !== null,
        [banner.x + banner.width / 2, banner.y + banner.height / 2],
      );
      expect(hit, `banner uncovered at ${at}`).toBe(true);
    });
  } finally {
    await service.moduleSettings('mod-huddle-display', {});
  }
});

test('while Extend is offered the meeting’s subject stays readable at every size', async ({ page }) => {
  const subject = 'Quarterly budget review with the faculty board';
  await service.exec(HUDDLE, 'Bookings', 'book', [nowS(), 10, subject]);
  try {
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    const extend = page.getByRole('group', { name: 'Extend the meeting' });
    await expect(extend.getByRole('button').first()).toBeVisible();
    const line = page.getByRole('region', { name: 'Room booking' }).locator('.booking-subject');
    await atSizes(page, 'in-use-extend', async (at) => {
      await expect(line).toBeVisible();
      await expect(line).toContainText(subject);
      // How many of its characters are on the screen: all, or (cut with an ellipsis) at least 20.
      const shown = await line.evaluate((e) => {
        const text = (e.textContent ?? '').replace(/^\s*—\s*/, '');
        if (e.scrollWidth <= e.clientWidth + 1) return text.length;
        return Math.floor((text.length * e.clientWidth) / e.scrollWidth) - 2;
      });
      expect(shown, `subject characters shown at ${at}`).toBeGreaterThanOrEqual(Math.min(20, subject.length));
      for (const button of await extend.getByRole('button').all()) {
        await expect(button).toBeInViewport({ ratio: 1 });
        expect(overlaps(await box(line), await box(button)), `subject clear of Extend at ${at}`).toBe(false);
      }
    });
  } finally {
    await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
  }
});

test('“Blank picture” says its state as the projector reports it, amber when the picture is blanked', async ({
  page,
}) => {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
  try {
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]);
    await expect.poll(async () => (await service.state(BOARDROOM, 'Projector')).power).toBe(true);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    // Beside the sources, where the lecturer is: no tab of its own.
    await expect(page.getByRole('tab', { name: 'Display' })).toHaveCount(0);
    const blank = page.getByRole('button', { name: 'Blank picture', exact: true });
    await expect(blank).toHaveAttribute('aria-pressed', 'false');
    await expect(blank).toHaveText('Blank picture');
    const off = await background(blank);
    await blank.click();
    await expect.poll(async () => (await service.state(BOARDROOM, 'Projector')).mute).toBe(true);
    await expect(blank).toHaveAttribute('aria-pressed', 'true');
    await expect(blank).toHaveAttribute('data-state', 'confirmed');
    // Its words say the state, not the command; amber like a mute that is on (a warning: no picture).
    await expect(blank).toHaveText('Picture blanked');
    await expect
      .poll(async () => {
        const [r = 0, g = 0, b = 0] = await background(blank);
        return r > 70 && r > b * 2 && g < r;
      })
      .toBe(true);
    expect(await background(blank)).not.toEqual(off);
    await atSizes(page, 'display-picture-blanked', async (at) => {
      // Its words whole inside it, on one line.
      expect(
        await blank.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().height < 140),
        `"Picture blanked" fits its button at ${at}`,
      ).toBe(true);
    });

    // Unblanked elsewhere (the projector's own remote): the button follows the projector.
    await service.exec(BOARDROOM, 'Projector', 'mute', [false]);
    await expect(blank).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
    await expect(blank).toHaveText('Blank picture');
  } finally {
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
    await service.moduleSettings(PROJECTOR, { warm_up_seconds: 20, cool_down_seconds: 15 });
  }
});

test('the Advanced page with the projector warming: its warm-up said whole, at the three sizes', async ({
  page,
}) => {
  // Held: an hour's warm-up, so the screens are taken while it lasts (the projector's own setting).
  await service.moduleSettings(AUDITORIUM_PROJECTOR, { warm_up_seconds: 3600, cool_down_seconds: 0 });
  await service.panelLayout(AUDITORIUM, { advanced: true });
  try {
    await service.exec(AUDITORIUM, 'RoomLogic', 'power', [true]);
    await openRoom(page, stack.host.url, 'Tasman Auditorium');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('group', { name: 'Devices' }).getByRole('button', { name: 'Projector' }).click();
    const projector = page.getByRole('region', { name: 'Projector' });
    const warming = projector.getByRole('progressbar', { name: 'Warming up' });
    await expect(warming).toHaveAttribute('aria-valuetext', /^Warming up, \d+ s left$/);
    await atSizes(page, 'advanced-projector', async (at) => {
      // "Warming up: 3599 s" read whole, not "Warming up:" cut at the edge of a narrow button.
      await expect(warming).toHaveText(/^\s*Warming up: \d+ s$/);
      expect(
        await warming.locator('.progress-text').evaluate((e) => {
          // One line, inside its bar (the bar clips what wraps or runs past its edge).
          const bar = (e.parentElement as HTMLElement).getBoundingClientRect();
          const text = e.getBoundingClientRect();
          return (
            e.getClientRects().length === 1 && text.right <= bar.right + 1 && text.bottom <= bar.bottom + 1
          );
        }),
        `warm-up text inside its bar at ${at}`,
      ).toBe(true);
    });
  } finally {
    await service.moduleSettings(AUDITORIUM_PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
    await service.exec(AUDITORIUM, 'RoomLogic', 'power', [false]).catch(() => undefined);
    await service.moduleSettings(AUDITORIUM_PROJECTOR, { warm_up_seconds: 30, cool_down_seconds: 20 });
    await service.panelLayout(AUDITORIUM, undefined);
  }
});
