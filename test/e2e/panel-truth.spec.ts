import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/stack.ts';
import { openRoom, recordAttribute, section } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import type { Service } from './support/service.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * A lit tile means the picture is there: the panel lights a source only from what the screens and
 * the switcher report, says a warm-up with its seconds, and names a screen that does not answer
 * with the number to call. Each check reads the page and what the service then holds.
 *
 * Warm-ups are held, never raced: the projector's warm_up_seconds is set to an hour while it warms
 * and to 0 to end it (the simulator applies a changed setting to the running warm-up).
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';
const HUDDLE_LOGIC = { sources: ['Laptop', 'Wireless'], default_volume: 30 };
const PROJECTOR = 'mod-boardroom-projector';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });
const story = (page: Page) => page.locator('.source-story');
const connection = (page: Page) => page.locator('.connection');

/** The in-use screen at each panel size, one screen with nothing cut off, saved to be looked at. */
async function shootSizes(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(story(page).or(tile(page, '.')).first()).toBeVisible();
    const fit = await page.evaluate(() => {
      const doc = document.scrollingElement ?? document.documentElement;
      const out = [...document.querySelectorAll<HTMLElement>('.panel *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1);
      });
      return { scroll: doc.scrollHeight, height: window.innerHeight, out: out.length };
    });
    expect(fit, `${name} at ${size.width}×${size.height} fits one screen`).toEqual({
      scroll: fit.height,
      height: fit.height,
      out: 0,
    });
    await keepScreenshot(page, { path: path.join(SHOTS, `truth-${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]!);
}

/** The Boardroom off, its projector cold and idle (any warm-up ended at once, no cool-down). */
async function boardroomOff(service: Service): Promise<void> {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await expect.poll(async () => (await service.state(BOARDROOM, 'Projector')).cooling).toBe(false);
}

test.describe('a lit tile means the picture is there', () => {
  test.afterEach(async ({ service }) => {
    await service.moduleSettings('mod-huddle-display', {});
    await service.moduleSettings('mod-huddle-logic', HUDDLE_LOGIC);
    await boardroomOff(service);
    await service.moduleSettings(PROJECTOR, { warm_up_seconds: 20, cool_down_seconds: 15 });
    await service.panelLayout(BOARDROOM, undefined);
  });

  test('while the projector warms the tile is not lit: it says the warm-up with its seconds, then lights', async ({
    page,
    stack,
    service,
  }) => {
    await boardroomOff(service);
    // Held: an hour's warm-up, ended through the API when the test has seen what it needs.
    await service.moduleSettings(PROJECTOR, { warm_up_seconds: 3600, cool_down_seconds: 0 });
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    const laptop = tile(page, 'Laptop');
    const starting = await recordAttribute(laptop, 'data-state');
    await laptop.click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    expect(await starting()).not.toContain('confirmed');
    // The in-use screen's tile, from now on: every state and lit value it takes.
    const states = await recordAttribute(tile(page, 'Laptop'), 'data-state');
    const pressed = await recordAttribute(tile(page, 'Laptop'), 'aria-pressed');

    await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'warming');
    await expect(tile(page, 'Laptop')).toHaveAttribute('aria-pressed', 'false');
    await expect(tile(page, 'Laptop')).toContainText(/Warming up — \d+ s/);
    await expect(story(page)).toHaveAttribute('data-story', 'warming');
    await expect(story(page)).toHaveText(/Laptop: Projector 1 warming up — 3[56]\d\d s$/);
    await expect(story(page).getByRole('progressbar', { name: 'Warming up' })).toBeVisible();
    // What the service holds: the room logic chose Laptop, but the projector shows no picture yet.
    expect(await service.state(BOARDROOM, 'Projector')).toMatchObject({ power: false, warming: true });
    expect(await service.state(BOARDROOM, 'RoomLogic')).toMatchObject({ power: true, active: 'Laptop' });

    // The seconds count down on the panel between polls.
    const seconds = async () => Number(/(\d+) s$/.exec((await story(page).textContent())?.trim() ?? '')?.[1]);
    const first = await seconds();
    await expect.poll(seconds, { timeout: 10_000 }).toBeLessThan(first);

    await shootSizes(page, 'warming');
    await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'warming');

    // The warm-up ends: the projector reports power on and the switcher the route; now it is lit.
    await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
    await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'confirmed', { timeout: 10_000 });
    await expect(tile(page, 'Laptop')).toHaveAttribute('aria-pressed', 'true');
    await expect(tile(page, 'Laptop')).toContainText('Showing now');
    await expect(story(page)).toHaveCount(0);
    expect(await service.state(BOARDROOM, 'Projector')).toMatchObject({ power: true, warming: false });
    expect(await service.state(BOARDROOM, 'Switcher')).toMatchObject({ output_1: 1, output_2: 1 });
    await shootSizes(page, 'lit');

    // Never lit before the projector was on: confirmed comes only after the warm-up was shown.
    const seen = await states();
    expect(seen).toContain('warming');
    expect(seen.indexOf('confirmed')).toBeGreaterThan(seen.indexOf('warming'));
    expect(await pressed()).toEqual(['false', 'true']);
  });

  test('a display that does not answer: the tile is never lit, it turns red naming it with the number to call', {
    tag: '@generation',
  }, async ({ page, stack, service }) => {
    await service.moduleSettings('mod-huddle-display', {});
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
    // The room logic gives up on a silent device after 1 s instead of 8 (a setting, not a race).
    await service.moduleSettings('mod-huddle-logic', { ...HUDDLE_LOGIC, device_wait_ms: 1000 });
    // The display swallows every command: it stays connected as far as the service's records go.
    await service.moduleSettings('mod-huddle-display', { fault: 'timeout' });
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    const wireless = tile(page, 'Wireless');
    const states = await recordAttribute(wireless, 'data-state');
    await wireless.click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });

    await expect(tile(page, 'Wireless')).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
    await expect(tile(page, 'Wireless')).toHaveAttribute('aria-pressed', 'false');
    await expect(tile(page, 'Wireless')).toContainText('Display 1 not responding');
    await expect(story(page)).toHaveAttribute('data-story', 'failed');
    await expect(story(page)).toHaveText(
      // A wall display, so what a person can check is said; the Huddle's help names no number,
      // and this panel has no support contact configured.
      'Wireless: Display 1 is not responding: check that it is switched on and plugged in, then try again. Call AV support.',
    );
    await expect(connection(page)).toHaveText('Not responding: Display');
    await expect(connection(page)).not.toContainText('devices answering');

    // The room logic's answer has come (it names the display), so what the service holds is final:
    // the display is off and never took the input; the room logic does not claim the source shows.
    await expect
      .poll(async () => (await service.state(HUDDLE, 'RoomLogic')).last_error, { timeout: 15_000 })
      .toMatch(/Display 1 did not respond/);
    // One message for the fault: the banner says it, and no copy of it covers the tiles.
    await expect(page.locator('[data-problem]')).toHaveCount(0);
    expect(await service.state(HUDDLE, 'Display')).toMatchObject({ power: false });
    expect(await service.state(HUDDLE, 'RoomLogic')).toMatchObject({
      power: true,
      active: null,
      selected: 'Wireless',
      not_answering: [{ module: 'Display', index: 1, name: 'Display 1' }],
    });
    await shootSizes(page, 'failed');
    expect(await states()).not.toContain('confirmed');
  });

  test('an offline projector: its tile is red with the room’s help number, nothing of it is lit, one message', async ({
    page,
    stack,
    service,
  }) => {
    await boardroomOff(service);
    await service.exec(BOARDROOM, 'RoomLogic', 'select_source', ['Laptop']);
    expect(await service.state(BOARDROOM, 'Projector')).toMatchObject({ power: true, input: 'hdmi1' });
    await service.moduleSettings(PROJECTOR, { offline: true, warm_up_seconds: 0, cool_down_seconds: 0 });
    // The projector's own controls are the engineer's: on the Advanced page the layout switches on.
    await service.panelLayout(BOARDROOM, { advanced: true });
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');

    const laptop = tile(page, 'Laptop');
    await expect(laptop).toHaveAttribute('data-state', 'failed');
    await expect(laptop).toHaveAttribute('aria-pressed', 'false');
    await expect(laptop).toContainText('Projector 1 not responding');
    // The Boardroom's own help names its number.
    await expect(story(page)).toHaveText(
      'Laptop: Projector 1 is not responding. Call AV support on ext. 4400.',
    );
    await expect(connection(page)).toContainText('Not responding: Projector');
    await expect(connection(page)).not.toContainText('devices answering');

    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('group', { name: 'Devices' }).getByRole('button', { name: 'Projector' }).click();
    const projector = section(page, 'Projector');
    await expect(projector).toHaveAttribute('data-offline', 'true');
    // The last report (power on, HDMI 1) is not the truth now: nothing in it is lit.
    // (The Advanced page's device picker, whose Projector button is the one pressed, aside.)
    await expect(projector.locator('[aria-pressed="true"]:not(.device-picker *)')).toHaveCount(0);
    await expect(projector.getByRole('button', { name: 'HDMI 1' })).toHaveAttribute('aria-pressed', 'false');
    // Its power is not known: not "On" from the last report.
    await expect(projector.getByRole('button', { name: 'Power', exact: true })).toContainText('Unknown');
    // One clear message for the device, not one per control.
    const said = projector.getByText(/not responding/);
    await expect(said).toHaveCount(1);
    await expect(said).toHaveText('The projector is not responding: call ext. 4400.');
    await expect(said).toBeVisible();
  });
});
