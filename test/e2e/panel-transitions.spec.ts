import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom, recordAttribute } from './support/panel.ts';
import type { Service } from './support/service.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * The room in motion (Tasman Auditorium, a large-venue projector): Room off pressed during the
 * projector's warm-up is kept and carried out when the projector allows, and a start touched
 * during its cool-down is accepted and carried out after it; the welcome says what the screens
 * are still doing. Each check reads the page and what the simulator then holds.
 *
 * Warm-ups and cool-downs are held, never raced: set to an hour while the test looks, and to 0 to
 * end them (the simulator applies a changed setting to the running transition).
 */

ownStack();

const TASMAN = 'sys-tasman-auditorium';
const PROJECTOR = 'mod-auditorium-projector';

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });
const notes = (page: Page) => page.getByRole('status', { name: 'Screens' });
const story = (page: Page) => page.locator('.source-story');
const problem = (page: Page) => page.locator('[data-problem]');

async function projectorTimes(service: Service, warm: number, cool: number): Promise<void> {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: warm, cool_down_seconds: cool });
}

/** Tasman off, its projector cold and idle. */
async function tasmanOff(service: Service): Promise<void> {
  await projectorTimes(service, 0, 0);
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await expect.poll(async () => (await service.state(TASMAN, 'Projector')).cooling).toBe(false);
  await expect.poll(async () => (await service.state(TASMAN, 'RoomLogic')).held ?? []).toEqual([]);
}

test.afterEach(async ({ service }) => {
  await tasmanOff(service);
  await projectorTimes(service, 30, 20);
});

test('Room off during the warm-up is kept: the welcome says so, and the projector is switched off when it allows', async ({
  page,
  stack,
  service,
}) => {
  await tasmanOff(service);
  await projectorTimes(service, 3600, 3600);
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'warming');
  expect(await service.state(TASMAN, 'Projector')).toMatchObject({ power: false, warming: true });

  await page.getByRole('region', { name: 'Room controls' }).getByRole('button', { name: 'Room off' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch the room off' }).click();

  // The welcome, saying what the projector will do and when; no "try again" with nothing to try.
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await expect(notes(page)).toHaveText(/^Switching off when Projector 1 is ready — 3[56]\d\d s$/);
  await expect(problem(page)).toHaveCount(0);
  expect(await service.state(TASMAN, 'RoomLogic')).toMatchObject({
    power: false,
    last_error: null,
    held: [{ module: 'Projector', index: 1, name: 'Projector 1', power: false }],
  });
  expect(await shootAndAxe(page, 'transitions', 'welcome-switching-off')).toEqual([]);

  // The warm-up ends: the projector comes on, and the room switches it off straight away.
  await projectorTimes(service, 0, 3600);
  await expect
    .poll(async () => await service.state(TASMAN, 'Projector'), { timeout: 15_000 })
    .toMatchObject({ power: false, cooling: true });
  await expect(notes(page)).toHaveText(/^Projector 1 cooling down — 3[56]\d\d s$/);
  expect((await service.state(TASMAN, 'RoomLogic')).held ?? []).toEqual([]);
  await expect(problem(page)).toHaveCount(0);
  expect(await shootAndAxe(page, 'transitions', 'welcome-cooling')).toEqual([]);

  // Cooled: nothing left to say.
  await projectorTimes(service, 0, 0);
  await expect(notes(page)).toHaveCount(0);
});

test('a start touched during the cool-down is accepted, said as such, and carried out when the projector allows', async ({
  page,
  stack,
  service,
}) => {
  // The lecture before: the projector on, then switched off with an hour's cool-down.
  await tasmanOff(service);
  await service.exec(TASMAN, 'RoomLogic', 'power', [true]);
  await expect.poll(async () => (await service.state(TASMAN, 'Projector')).power).toBe(true);
  await projectorTimes(service, 3600, 3600);
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]);
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await expect(notes(page)).toHaveText(/^Projector 1 cooling down — 3[56]\d\d s$/);
  expect(await shootAndAxe(page, 'transitions', 'welcome-cooling-before')).toEqual([]);

  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  const states = await recordAttribute(tile(page, 'Laptop'), 'data-state');
  await expect(tile(page, 'Laptop')).toContainText(/Cooling down — 3[56]\d\d s/);
  await expect(story(page)).toHaveText(/Laptop: Starting when Projector 1 has cooled down — 3[56]\d\d s$/);
  await expect(problem(page)).toHaveCount(0);
  expect(await service.state(TASMAN, 'RoomLogic')).toMatchObject({
    power: true,
    selected: 'Laptop',
    active: null,
    last_error: null,
    held: [{ module: 'Projector', index: 1, power: true }],
  });
  expect(await shootAndAxe(page, 'transitions', 'start-held')).toEqual([]);

  // Cooled: the room starts the projector itself; it warms up, then the picture is there.
  await projectorTimes(service, 3600, 0);
  await expect(tile(page, 'Laptop')).toContainText(/Warming up — 3[56]\d\d s/, { timeout: 15_000 });
  expect(await service.state(TASMAN, 'Projector')).toMatchObject({ power: false, warming: true });
  await projectorTimes(service, 0, 0);
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'confirmed', { timeout: 15_000 });
  await expect(tile(page, 'Laptop')).toContainText('Showing now');
  expect(await service.state(TASMAN, 'RoomLogic')).toMatchObject({ active: 'Laptop', held: [] });
  // Never a red "Did not start" on the way.
  expect(await states()).not.toContain('failed');
  await expect(problem(page)).toHaveCount(0);
});

test('a room without room logic: the panel itself holds a start touched during the cool-down, and carries it out', async ({
  page,
  stack,
  service,
}) => {
  // A projector on its own, as another vendor's service may give it: nothing in the room queues.
  const system = await service.request<{ id: string; version: number }>('POST', '/systems', {
    name: 'Seminar Room 5',
    zones: ['zone-org', 'zone-kauri', 'zone-kauri-l1'],
    description: 'A projector on its own, without room logic.',
    capacity: 24,
  });
  const projector = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-projector',
    ip: '10.99.1.5',
    settings: { warm_up_seconds: 0, cool_down_seconds: 0 },
  });
  const version = (await service.request<{ version: number }>('GET', `/systems/${system.id}`)).version;
  await service.request('PUT', `/systems/${system.id}`, { version, modules: [projector.id] });
  try {
    // The lecture before: on, then off with an hour's cool-down.
    await service.exec(system.id, 'Projector', 'power', [true]);
    await service.moduleSettings(projector.id, { warm_up_seconds: 3600, cool_down_seconds: 3600 });
    await service.exec(system.id, 'Projector', 'power', [false]);
    await openRoom(page, stack.host.url, 'Seminar Room 5', 'Seminar');
    await expect(notes(page)).toHaveText(/cooling down — 3[56]\d\d s$/);

    await tile(page, 'HDMI 2').click();
    await expect(story(page)).toHaveText(/HDMI 2: Starting when .+ has cooled down — 3[56]\d\d s$/);
    await expect(tile(page, 'HDMI 2')).toContainText(/Cooling down — 3[56]\d\d s/);
    await expect(problem(page)).toHaveCount(0);
    expect(await service.state(system.id, 'Projector')).toMatchObject({ power: false, cooling: true });
    expect(await shootAndAxe(page, 'transitions', 'panel-held-start')).toEqual([]);

    // Cooled: the panel sends the start itself; after the warm-up, the input it was asked for.
    await service.moduleSettings(projector.id, { warm_up_seconds: 3600, cool_down_seconds: 0 });
    await expect
      .poll(async () => (await service.state(system.id, 'Projector')).warming, { timeout: 15_000 })
      .toBe(true);
    await service.moduleSettings(projector.id, { warm_up_seconds: 0, cool_down_seconds: 0 });
    await expect(tile(page, 'HDMI 2')).toHaveAttribute('data-state', 'confirmed', { timeout: 20_000 });
    expect(await service.state(system.id, 'Projector')).toMatchObject({ power: true, input: 'hdmi2' });
    await expect(problem(page)).toHaveCount(0);
  } finally {
    await service.request('DELETE', `/systems/${system.id}`).catch(() => undefined);
    await service.request('DELETE', `/modules/${projector.id}`).catch(() => undefined);
  }
});
