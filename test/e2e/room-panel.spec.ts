import { seriousFindings } from './support/axe.ts';
import type { Page, Request } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { toTravel } from '../../renderer/src/lib/panel/taper.ts';
import { fastForwardUntil, fastForwardUntilVisible, openRoom, recordAttribute } from './support/panel.ts';
import { oneOf, shownTime, shownTimesBetween } from './support/shown-time.ts';

/*
 * The room panel as a person walking into a meeting meets it: start the room with a source,
 * the volume always in reach, feedback from what the devices report, failures named.
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';
const KAURI = 'sys-kauri-training';

/** The boardroom DSP's master (−100 … +12 dB) as the panel reads it: percent of the fader's travel. */
const percentOf = (db: number) => `${Math.round(Math.round(1000 * toTravel(db, -100, 12, 'audio')) / 10)} %`;

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

function execCalls(page: Page): { args: unknown[]; method: string }[] {
  const calls: { args: unknown[]; method: string }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/bridge/systems/exec')) return;
    const body = request.postDataJSON() as { method: string; args: unknown[] };
    calls.push({ method: body.method, args: body.args });
  });
  return calls;
}

test.describe('the room panel', () => {
  test.beforeEach(async ({ service }) => {
    await service.moduleSettings('mod-huddle-display', {});
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
    // A projector still warming from an earlier test refuses: the room is off for this test's purpose.
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  });

  test('a source tile starts the room from off, locked while it starts, and lights from the devices’ state', {
    tag: '@generation',
  }, async ({ page, stack, service }) => {
    const opened = Date.now();
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
    // The clock as en-GB writes the hour (08:06, never 8:06), whatever the hour of the run.
    const clockText = await page.locator('.clock time').first().textContent();
    expect(clockText).toMatch(oneOf(shownTimesBetween(opened, Date.now())));
    const wireless = tile(page, 'Wireless');
    const states = await recordAttribute(wireless, 'data-state');
    await wireless.click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await expect(tile(page, 'Wireless')).toHaveAttribute('data-state', 'confirmed');
    await expect(tile(page, 'Wireless')).toHaveAttribute('aria-pressed', 'true');
    await expect(tile(page, 'Laptop')).toHaveAttribute('aria-pressed', 'false');
    expect(await states()).toContain('pending');
    const logic = await service.state(HUDDLE, 'RoomLogic');
    expect(logic).toMatchObject({ power: true, active: 'Wireless' });
    // Someone else switches the source: the lit tile follows the devices, not the last press.
    await service.exec(HUDDLE, 'RoomLogic', 'select_source', ['Laptop']);
    await expect(tile(page, 'Laptop')).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
    await expect(tile(page, 'Wireless')).toHaveAttribute('aria-pressed', 'false');
  });

  test('a start that did not work fails and names the device that let the room down', {
    tag: '@generation',
  }, async ({ page, stack, service }) => {
    await service.moduleSettings('mod-huddle-display', { offline: true });
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await tile(page, 'Laptop').click();
    // Said once: in the banner under the tiles, or a toast where there is no banner.
    const problem = page.locator('[data-problem], .source-story[data-story="failed"]');
    await expect(problem).toContainText('Display 1 is not responding');
    await expect(problem).not.toContainText('10.20.3.31');
    await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'failed');
  });

  test('the program volume sends while dragged, throttled, and ends at the released level', async ({
    page,
    stack,
    service,
  }) => {
    await service.exec(BOARDROOM, 'Mixer', 'master', [-30]);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    const calls = execCalls(page);
    // Each command takes 400 ms to answer, as on a slow link, so the drag outpaces the answers
    // whatever this machine's speed; the fader must then keep one command in flight and send
    // the newest level next, never queue every movement.
    let inFlight = 0;
    let mostInFlight = 0;
    await page.route('**/bridge/systems/exec', async (route) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 400));
      try {
        await route.continue();
      } finally {
        inFlight--;
      }
    });
    const fader = page.locator('.control-bar .fader-input');
    const box = (await fader.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    const moves = 30;
    for (let i = 1; i <= moves; i++) await page.mouse.move(box.x + box.width * (0.3 + (0.45 * i) / moves), y);
    await page.mouse.up();
    const shown = page.locator('.control-bar .fader-value');
    // Every command answered (the fader is confirmed only when none waits): before that, the
    // service may already hold one level while the panel's next is about to go out.
    await expect(page.locator('.control-bar .fader')).toHaveAttribute('data-state', 'confirmed', {
      timeout: 15_000,
    });
    await expect(async () => {
      const state = await service.state(BOARDROOM, 'Mixer');
      const sent = calls.filter((c) => c.method === 'master');
      expect(sent.at(-1)?.args[0]).toBe(state.master);
    }).toPass({ timeout: 10_000 });
    const sent = calls.filter((c) => c.method === 'master');
    // Throttled: fewer commands than movements, yet more than one while dragging.
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(moves);
    expect(mostInFlight).toBe(1);
    const level = (await service.state(BOARDROOM, 'Mixer')).master as number;
    expect(level).toBeGreaterThan(-30);
    // One unit in every room: the DSP's dB reads as percent through its taper.
    await expect(shown).toHaveText(new RegExp(`^${percentOf(level)}`));
  });

  test('holding + ramps the volume up step by step until let go', async ({ page, stack, service }) => {
    await service.exec(BOARDROOM, 'Mixer', 'master', [-30]);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await service.exec(BOARDROOM, 'Mixer', 'master', [-30]);
    const bar = page.getByRole('region', { name: 'Room controls' });
    await expect(bar.locator('.fader-value')).toHaveText(percentOf(-30));
    const up = bar.getByRole('button', { name: 'Volume up' });
    await up.hover();
    await page.mouse.down();
    // Held until the device reports 5 dB up, well past what a tap moves, however long that takes
    // here; then let go.
    await expect(async () => {
      expect((await service.state(BOARDROOM, 'Mixer')).master as number).toBeGreaterThanOrEqual(-25);
    }).toPass({ timeout: 15_000 });
    await page.mouse.up();
    await expect(async () => {
      const level = (await service.state(BOARDROOM, 'Mixer')).master as number;
      await expect(bar.locator('.fader-value')).toHaveText(percentOf(level), { timeout: 1_000 });
    }).toPass({ timeout: 5_000 });
    // Let go, it stops: the level settles (a command already in flight may still land), stays
    // there, and well short of the fader's top, where a ramp that never stopped would end.
    let settled = Number.NaN;
    await expect(async () => {
      const before = (await service.state(BOARDROOM, 'Mixer')).master as number;
      await page.waitForTimeout(1_000);
      settled = (await service.state(BOARDROOM, 'Mixer')).master as number;
      expect(settled).toBe(before);
    }).toPass({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
    expect((await service.state(BOARDROOM, 'Mixer')).master).toBe(settled);
    expect(settled).toBeLessThan(0);
  });

  test('Room off asks first, then switches the room off and returns to the welcome screen', async ({
    page,
    stack,
    service,
  }) => {
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    // No meeting under way: the bar's button is Room off, and its question answers with verbs.
    await page.getByRole('button', { name: 'Room off', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Switch the room off' }).click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
  });

  test('the room’s own help comes first, as the Markdown it is written in', async ({ page, stack }) => {
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help).toContainText('4400');
    await expect(help.locator('strong').first()).toBeVisible();
    await expect(help).not.toContainText('**');
  });

  test('the welcome and in-use screens have no serious or critical accessibility violations', async ({
    page,
    stack,
  }) => {
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    const check = async (what: string) => {
      expect(await seriousFindings(page, what)).toEqual([]);
    };
    await check('welcome');
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    for (const name of ['Sources', 'Lights', 'Mics', 'Blinds']) {
      await page.getByRole('tab', { name }).click();
      await check(name);
    }
  });

  test('works from a keyboard on a laptop: tabs by arrow keys, sources and the bar by Tab and Enter', async ({
    page,
    stack,
    service,
  }) => {
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await page.getByRole('group', { name: 'Sources' }).getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await page.getByRole('tab', { name: 'Sources' }).focus();
    // The boardroom's codec puts its Call page right after the sources.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Call' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Lights' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Lights' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Mics' })).toBeFocused();
    const slider = page
      .getByRole('region', { name: 'Room controls' })
      .getByRole('slider', { name: 'Volume' });
    const before = (await service.state(BOARDROOM, 'Mixer')).master as number;
    await slider.focus();
    await page.keyboard.press('ArrowUp');
    // A step is 2 % of the fader's travel, sent in the DSP's own dB.
    await expect(async () =>
      expect((await service.state(BOARDROOM, 'Mixer')).master).toBeGreaterThan(before),
    ).toPass();
  });

  test('the room chooser matches word prefixes and building names, and shows where each room is', {
    tag: '@generation',
  }, async ({ page, stack }) => {
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await page.getByRole('button', { name: 'Change room' }).click();
    const search = page.getByRole('searchbox', { name: 'Search' });
    const rooms = page.getByRole('list', { name: 'Rooms' }).getByRole('button');
    await search.fill('board');
    await expect(rooms).toHaveCount(1);
    await expect(rooms.first()).toContainText('Harbour Boardroom');
    await expect(rooms.first()).toContainText('Harbour Building');
    await search.fill('Harbour');
    await expect(rooms).toHaveCount(4);
    const example = (await search.getAttribute('placeholder'))!
      .replace(/^e\.g\.\s*/, '')
      .split(',')
      .map((s) => s.trim());
    for (const query of example) {
      await search.fill(query);
      await expect(rooms.first(), `the placeholder's example "${query}"`).toBeVisible();
    }
  });
});

test.describe('the room’s booking', () => {
  test('says when a booked room is in use, privately as "Booked", and until when a free room is available', async ({
    page,
    stack,
    service,
  }) => {
    // The times the calendar itself gives, as the panel writes them (en-GB, the machine's zone).
    const until = async (system: string, key: 'busy_until' | 'free_until') =>
      shownTime(((await service.state(system, 'Bookings'))[key] as number) * 1000);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    const status = page.getByRole('region', { name: 'Room booking' }).getByRole('status');
    await expect(status).toHaveText(`In use until ${await until(BOARDROOM, 'busy_until')} — Board meeting`);
    await expect(page.getByRole('region', { name: 'Room booking' })).toHaveAttribute('data-booking', 'busy');
    await openRoom(page, stack.host.url, 'Kauri Training Room');
    await expect(status).toHaveText(`In use until ${await until(KAURI, 'busy_until')} — Booked`);
    await expect(page.getByText('Leadership offsite')).toHaveCount(0);
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await expect(status).toHaveText(`Available until ${await until(HUDDLE, 'free_until')}`);
    await expect(page.getByRole('list', { name: 'Next meetings today' })).toContainText('Design sync');
  });

  test('Book now offers only what fits and books the room; one End meeting frees it and switches the room off', async ({
    page,
    stack,
    service,
  }) => {
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    const card = page.getByRole('region', { name: 'Room booking' });
    const book = card.getByRole('group', { name: 'Book now' });
    // Design sync starts 45 minutes after the simulator: an hour does not fit, so it is not offered.
    await expect(book.getByRole('button', { name: '15 min' })).toBeVisible();
    await expect(book.getByRole('button', { name: '60 min' })).toHaveCount(0);
    await book.getByRole('button', { name: '15 min' }).click();
    await expect(card).toHaveAttribute('data-booking', 'busy');
    await expect(card.getByRole('status')).toHaveText(/^In use until \d\d:\d\d — Booked at the room$/);
    const booked = (await service.state(HUDDLE, 'Bookings')).busy_until as number;
    await expect(card.getByRole('status')).toHaveText(
      `In use until ${shownTime(booked * 1000)} — Booked at the room`,
    );
    expect(await service.state(HUDDLE, 'Bookings')).toMatchObject({
      status: 'busy',
      current: { booked_here: true },
    });

    // Start the room, then end the meeting: one question, and both the booking and the room end.
    await tile(page, 'Laptop').click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await page
      .getByRole('region', { name: 'Room controls' })
      .getByRole('button', { name: 'End meeting', exact: true })
      .click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('End the meeting and switch the room off?');
    await question.getByRole('button', { name: 'End meeting', exact: true }).click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    expect(await service.state(HUDDLE, 'Bookings')).toMatchObject({ status: 'free', current: null });
    expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
  });
});

test.describe('a panel left alone', () => {
  // Real lengths, but the page's clock is the test's: each timer is run through when the test
  // says so, so no step has to land inside a short real window, however busy the machine.
  const { stack, service } = ownStack({
    hostArgs: ['--screensaver-after', '60', '--still-using-after', '120', '--still-using-answer', '60'],
  });

  test('dims to a screensaver when the room is off, and the touch that wakes it does nothing else', async ({
    browser,
  }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
      await page.clock.install();
      await openRoom(page, stack.host.url, 'Huddle 3.2');
      const saver = page.locator('[data-screensaver]');
      await expect(saver).toHaveCount(0);
      // The timer is armed once the page knows the room is off: run the clock on until it has fired.
      await fastForwardUntilVisible(page, saver, 60_000);
      await expect(saver).toContainText('Huddle 3.2');
      await page.mouse.click(640, 600);
      await expect(saver).toHaveCount(0);
      expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);

      // Room on, nobody touching, no meeting: "Still using the room?", then off when unanswered.
      await tile(page, 'Laptop').click();
      await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
      const question = page.getByRole('alertdialog', { name: 'Still using the room?' });
      await expect(question).toHaveCount(0);
      await fastForwardUntilVisible(page, question, 120_000);
      expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(true);
      // Unanswered for its minute, the question switches the room off.
      await fastForwardUntil(page, 60_000, () =>
        expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome', { timeout: 500 }),
      );
      expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
    } finally {
      await page.close();
    }
  });
});
