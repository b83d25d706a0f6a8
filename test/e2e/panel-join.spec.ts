import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { ROOT, socketRefusedByRun } from './support/processes.ts';
import { keepScreenshot, screenshotsWanted } from './support/screens.ts';
import { expectFitsEverySize } from './support/fit.ts';
import { A, AB, B, type JoinPanels, joinPanels } from './support/join-panels.ts';
import { touchToWake } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * A divisible room from its two wall panels: one browser host per half, each bound to its room
 * (as each half's panel is), both on one simulator whose Rimu training room splits into A and B.
 * Combining from A locks B's panel and names A; A shows both halves' sources and microphones; a
 * source of B routed from A lights on both panels only from what the devices report; Split from
 * B; the wall's sensor proposing a join; a panel reloaded while combined comes back combined.
 */

ownStack({ hostArgs: ['--system', A] });
test.describe.configure({ mode: 'serial' });

const openPanels = joinPanels();

const tile = (page: Page, name: string) => page.locator(`.source-tile[data-source="${name}"]`);
const lock = (page: Page) => page.locator('[data-join-lock]');

/** Both panels' screenshots side by side, for a person to look at (only when asked). */
async function sideBySide(panels: JoinPanels, browser: Browser, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  const dir = path.join(ROOT, 'test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  const shots = await Promise.all(
    [panels.a, panels.b].map(async (p) => (await p.screenshot()).toString('base64')),
  );
  const page = await (await browser.newContext({ viewport: { width: 2600, height: 840 } })).newPage();
  await page.setContent(
    `<body style="margin:0;display:flex;gap:40px;background:#888">${shots
      .map((s) => `<img src="data:image/png;base64,${s}" style="inline-size:1280px">`)
      .join('')}</body>`,
  );
  await keepScreenshot(page, { path: path.join(dir, `join-both-${name}.png`), fullPage: true });
  await page.context().close();
}

async function split(service: { exec(id: string, m: string, f: string, a: unknown[]): Promise<unknown> }) {
  await service.exec(A, 'RoomLogic', 'unjoin', []).catch(() => undefined);
  await service.exec(A, 'RoomLogic', 'join_auto', [true]);
}

test('combine from A: B locks and names A, A runs both halves, a source of B lights on both from the devices, split from B', {
  tag: '@generation',
}, async ({ page, browser, stack, service }) => {
  // Two panels, three sizes of each, the devices warming up: a long walk, not a slow one.
  test.setTimeout(300_000);
  const panels = await openPanels(page, browser, stack);
  const { a, b } = panels;
  const found: string[] = [];
  found.push(...(await shootAndAxe(a, 'join', 'a-separate', { noneOutside: true })));

  // Combine: the sheet names the choice as people say it.
  await a.getByRole('button', { name: 'Combine rooms' }).click();
  const sheet = a.getByRole('dialog', { name: 'Combine this room' });
  await expect(sheet).toBeVisible();
  found.push(...(await shootAndAxe(a, 'join', 'a-sheet')));
  await sheet.getByRole('button', { name: 'Combine with Rimu Training B' }).click();

  // A shows the combined room once both rooms confirm; B is locked to it within 2 s of that when
  // the service pushes. Polling, B hears of the join at its next poll: an untouched panel asks
  // every 2 s (the configuration's idleMs), so within that and one round trip.
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Combined with Rimu Training A' })).toBeVisible({
    timeout: socketRefusedByRun() ? 2_000 + 1_000 : 2_000,
  });
  await expect(lock(b)).toContainText('It is controlled from the panel in Rimu Training A.');
  await expect(lock(b).getByRole('button', { name: 'Split rooms' })).toBeVisible();
  const state = await service.state(B, 'RoomLogic');
  expect(state).toMatchObject({ join_mode: 'rimu-ab', join_master: A, join_confirmed: true });

  // Both halves' sources on A's panel, from the combined room.
  for (const name of ['Laptop A', 'Room PC A', 'Laptop B', 'Room PC B'])
    await expect(tile(a, name)).toBeVisible();
  found.push(...(await shootAndAxe(a, 'join', 'a-combined', { noneOutside: true })));
  found.push(...(await shootAndAxe(b, 'join', 'b-locked', { noneOutside: true })));
  await expectFitsEverySize(a, 'combined room');
  await expectFitsEverySize(b, 'locked secondary');
  await sideBySide(panels, browser, 'combined-off');

  // B's laptop, routed from A: lit on A and said on B only once the switcher and both screens report it.
  await tile(a, 'Laptop B').click();
  await expect(tile(a, 'Laptop B')).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 });
  await expect(lock(b).locator('[data-showing="Laptop B"]')).toBeVisible({ timeout: 10_000 });
  const display = await service.state(B, 'Display');
  expect(display).toMatchObject({ power: true });
  // A screen that stops showing it: neither panel goes on claiming it.
  await service.exec(AB, 'Display', 'power', [false], 2);
  await expect(tile(a, 'Laptop B')).not.toHaveAttribute('data-state', 'confirmed', { timeout: 10_000 });
  await expect(lock(b).locator('[data-showing]')).toHaveCount(0, { timeout: 10_000 });
  await tile(a, 'Laptop B').click();
  await expect(tile(a, 'Laptop B')).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 });
  await expect(lock(b).locator('[data-showing="Laptop B"]')).toBeVisible({ timeout: 10_000 });

  // Both halves' microphones on the combined room's page, none of another room.
  await a.getByRole('tab', { name: 'Mics' }).click();
  for (const mic of ['Lectern mic A', 'Lectern mic B'])
    await expect(a.getByRole('button', { name: new RegExp(mic) }).first()).toBeVisible();
  found.push(...(await shootAndAxe(a, 'join', 'a-combined-mics', { noneOutside: true })));
  found.push(...(await shootAndAxe(b, 'join', 'b-locked-showing', { noneOutside: true })));
  await expectFitsEverySize(a, 'combined room in use');
  await expectFitsEverySize(b, 'locked secondary showing a source');
  await sideBySide(panels, browser, 'combined-in-use');

  // Split from B (after a question): both panels are their own rooms again.
  await lock(b).getByRole('button', { name: 'Split rooms' }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Split rooms' }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Rimu Training B' })).toBeVisible();
  await expect(lock(b)).toHaveCount(0);
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Combine rooms' })).toBeVisible();
  expect(await service.state(A, 'RoomLogic')).toMatchObject({ join_mode: null, joined: [] });
  expect(found).toEqual([]);
  await split(service);
});

/** The panel's reports to its host (the kiosk's heartbeat), as they are sent. */
function reportsOf(page: Page): Record<string, unknown>[] {
  const reports: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/bridge/panel/report'))
      reports.push(request.postDataJSON() as Record<string, unknown>);
  });
  return reports;
}

test('each half’s heartbeat says the combined room and its master while combined, its own room when split', {
  tag: '@generation',
}, async ({ page, browser, stack, service }) => {
  test.setTimeout(120_000);
  const fromA = reportsOf(page);
  const { b } = await openPanels(page, browser, stack);
  const fromB = reportsOf(b);
  const last = (reports: Record<string, unknown>[]) => () => reports.at(-1);
  await expect.poll(last(fromA), { timeout: 15_000 }).toMatchObject({ systemId: A, combined: null });
  await expect.poll(last(fromB), { timeout: 15_000 }).toMatchObject({ systemId: B, combined: null });

  await service.exec(A, 'RoomLogic', 'join', ['rimu-ab']);
  await expect(page.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible();
  await expect(lock(b)).toBeVisible();
  // Each kiosk still names its own room (recovery returns to it) and the room it is part of.
  await expect
    .poll(last(fromA), { timeout: 15_000 })
    .toMatchObject({ systemId: A, combined: { systemId: AB, masterId: A } });
  await expect
    .poll(last(fromB), { timeout: 15_000 })
    .toMatchObject({ systemId: B, combined: { systemId: AB, masterId: A } });
  // The host takes the report (a field the bridge did not know would be refused 400).
  const taken = await b.waitForResponse(
    (r) =>
      r.url().endsWith('/bridge/panel/report') &&
      (r.request().postDataJSON() as { combined?: { masterId?: string } }).combined?.masterId === A,
    { timeout: 15_000 },
  );
  expect(taken.status()).toBe(200);

  await service.exec(B, 'RoomLogic', 'unjoin', []);
  await expect(lock(b)).toHaveCount(0);
  await expect.poll(last(fromA), { timeout: 15_000 }).toMatchObject({ systemId: A, combined: null });
  await expect.poll(last(fromB), { timeout: 15_000 }).toMatchObject({ systemId: B, combined: null });
  await split(service);
});

test('the wall’s sensor proposes the join, and the panel says when the wall disagrees', {
  tag: '@generation',
}, async ({ page, browser, stack, service }) => {
  test.setTimeout(180_000);
  const { a, b } = await openPanels(page, browser, stack);
  // The wall folded away: after its debounce, the rooms combine by themselves.
  await service.exec(A, 'PartitionWall', 'test_move', [false]);
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(lock(b)).toBeVisible({ timeout: 10_000 });
  // A person splits anyway: the wall is open, and both panels say it disagrees. B has stood untouched
  // since it opened, so its screen saver is up or may come up at any moment: a touch first, as on the wall.
  await touchToWake(b);
  await lock(b).getByRole('button', { name: 'Split rooms' }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Split rooms' }).click();
  for (const p of [a, b])
    await expect(p.locator('[data-join-note="wall"]')).toHaveText(
      'The partition wall is open, but the rooms are separate.',
    );
  expect(await shootAndAxe(a, 'join', 'a-wall-disagrees', { noneOutside: true })).toEqual([]);
  await expectFitsEverySize(a, 'separate room, the wall disagreeing');
  await service.exec(A, 'PartitionWall', 'test_move', [true]);
  await expect(a.locator('[data-join-note="wall"]')).toHaveCount(0, { timeout: 20_000 });
  await split(service);
});

test('a panel reloaded while combined comes back combined, and the secondary comes back locked', {
  tag: '@generation',
}, async ({ page, browser, stack, service }) => {
  test.setTimeout(180_000);
  const panels = await openPanels(page, browser, stack);
  const { a, b } = panels;
  // Pending: B answers slowly, so A says what it waits for before it shows the combined room.
  const logic = await service.request<{ settings: Record<string, unknown> }>(
    'GET',
    '/modules/mod-rimu-b-logic',
  );
  await service.moduleSettings('mod-rimu-b-logic', { ...logic.settings, latency_ms: 3_000 });
  await a.getByRole('button', { name: 'Combine rooms' }).click();
  await a.getByRole('dialog').getByRole('button', { name: 'Combine with Rimu Training B' }).click();
  const pending = a.locator('[data-join-status="pending"]');
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('waiting for Rimu Training B');
  await sideBySide(panels, browser, 'pending');
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible({
    timeout: 20_000,
  });
  await service.moduleSettings('mod-rimu-b-logic', logic.settings);
  await expect(lock(b)).toBeVisible();

  await a.reload();
  await b.reload();
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Combined with Rimu Training A' })).toBeVisible();

  // Power stays in reach on the locked panel: switching the combined room off from B splits it,
  // as its mode says (split_on_shutdown).
  await tile(a, 'Laptop A').click();
  await expect(tile(a, 'Laptop A')).toHaveAttribute('data-state', 'confirmed', { timeout: 30_000 });
  await lock(b).getByRole('button', { name: 'Room off' }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: 'Switch the room off' }).click();
  // The lock screen names the room too: what says it is split is the lock gone.
  await expect(lock(b)).toHaveCount(0, { timeout: 30_000 });
  await expect(b.getByRole('heading', { level: 1, name: 'Rimu Training B' })).toBeVisible();
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A' })).toBeVisible();
  expect(await service.state(AB, 'RoomLogic')).toMatchObject({ power: false });
  expect(await service.state(A, 'RoomLogic')).toMatchObject({ join_mode: null });
  await split(service);
});
