import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * Faults before the press: a device the room needs that does not answer is said on the welcome,
 * once, in words for its kind (a ceiling projector is a technician's, a wall display something a
 * person can check), never over the tiles; Help opens on it with the number, and a help request
 * carries it. Tasman Auditorium names no help number of its own: the panel shows the building's,
 * from the configuration (`supportContact`).
 */

const BUILDING = 'AV desk, ext. 4357';
ownStack({ hostConfig: { supportContact: BUILDING } });

const TASMAN = 'sys-tasman-auditorium';
const PROJECTOR = 'mod-auditorium-projector';
const HUDDLE = 'sys-huddle-3-2';
const HUDDLE_DISPLAY = 'mod-huddle-display';

const strip = (page: Page) => page.getByRole('alert', { name: 'Faults' });
const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

test.afterEach(async ({ service }) => {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 30, cool_down_seconds: 20 });
  await service.moduleSettings(HUDDLE_DISPLAY, {});
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]).catch(() => undefined);
});

test('a dead projector is said on the welcome before anyone presses, once, with the building’s number; Help opens on it and a request carries it', async ({
  page,
  stack,
  service,
}) => {
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.exec(TASMAN, 'RoomLogic', 'clear_help_requests', []);
  await service.moduleSettings(PROJECTOR, { offline: true, warm_up_seconds: 0, cool_down_seconds: 0 });
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');

  // One sentence, for a ceiling projector: who to call, not "check it is plugged in".
  await expect(strip(page)).toHaveText(`Projector 1 is not responding: call ${BUILDING}.`);
  await expect(strip(page).locator('.fault')).toHaveCount(1);
  // In the page's flow, above the tiles: never over them.
  const stripBox = await strip(page).boundingBox();
  const tileBox = await tile(page, 'Laptop').boundingBox();
  expect(stripBox!.y + stripBox!.height).toBeLessThanOrEqual(tileBox!.y);
  expect(await shootAndAxe(page, 'faults', 'welcome')).toEqual([]);

  // Help opens on the fault, with the number.
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByRole('dialog');
  await expect(help.getByRole('alert', { name: 'Not working now' })).toHaveText(
    `Projector 1 is not responding: call ${BUILDING}.`,
  );
  await expect(help.locator('[data-help-phone]')).toContainText(BUILDING);
  expect(await shootAndAxe(page, 'faults', 'help')).toEqual([]);
  await help.getByRole('button', { name: 'Request help' }).click();
  await expect(help.locator('[data-help-request="sent"]')).toBeVisible();
  const requests = (await service.state(TASMAN, 'RoomLogic')).help_requests as { message: string }[];
  expect(requests.at(-1)?.message).toBe(
    'Help requested at the panel in Tasman Auditorium: Projector 1 is not responding',
  );
  await help.getByRole('button', { name: 'Close help' }).click();

  // Pressed anyway: the banner says it once; no second copy of it over the tiles.
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use', { timeout: 30_000 });
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(page.locator('.source-story')).toHaveText(
    `Laptop: Projector 1 is not responding. Call AV support on ${BUILDING}.`,
  );
  await expect(page.locator('[data-problem]')).toHaveCount(0);
  await expect(page.getByText(/is not responding/).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText(/plugged in/)).toHaveCount(0);
  expect(await shootAndAxe(page, 'faults', 'pressed')).toEqual([]);
});

test('a dead projector that answers again after a failed start: the strip goes', async ({
  page,
  stack,
  service,
}) => {
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.moduleSettings(PROJECTOR, { offline: true });
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await tile(page, 'Laptop').click();
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]);
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome', { timeout: 15_000 });
  await expect(strip(page)).toHaveCount(0, { timeout: 15_000 });
  // The start that failed is over once the room is off: no red banner or tile greets the next person.
  await expect(page.locator('.source-story')).toHaveCount(0);
  await expect(tile(page, 'Laptop')).not.toHaveAttribute('data-state', 'failed');
});

test('a wall display that does not answer: the strip says what a person can check', async ({
  page,
  stack,
  service,
}) => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.moduleSettings(HUDDLE_DISPLAY, { offline: true });
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(strip(page)).toHaveText(
    /^Display 1 is not responding: check that it is switched on and plugged in, then try again, or call .+\.$/,
  );
  expect(await shootAndAxe(page, 'faults', 'huddle')).toEqual([]);

  // Pressed anyway: the banner over the tiles keeps the advice, where the device is within reach.
  await tile(page, 'Laptop').click();
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(page.locator('.source-story')).toHaveText(
    `Laptop: Display 1 is not responding: check that it is switched on and plugged in, then try again. Call AV support on ${BUILDING}.`,
  );
  await expect(page.getByText(/is not responding/).filter({ visible: true })).toHaveCount(1);
  expect(await shootAndAxe(page, 'faults', 'huddle-pressed')).toEqual([]);
});
