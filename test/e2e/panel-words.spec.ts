import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openHost, openRoom, signIn } from './support/panel.ts';
import { oneOf, shownTimesBetween } from './support/shown-time.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The panel's words, as a person at the wall reads them: a failure is one sentence naming the
 * device, what to do and who to call (the room's own number, else the installation's contact); a
 * calendar clash is a booking message; Help belongs to the room; Request help reaches the
 * technicians; Reset and Room off ask with verbs, and Reset leaves the room audible.
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';
const CONFIGURED = 'AV desk, extension 4400';
const ROOM_NUMBER = 'ext. 4321';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

const { stack, service } = ownStack({ hostArgs: ['--support-contact', CONFIGURED] });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

test.beforeEach(async () => {
  await service.moduleSettings('mod-huddle-display', {});
  // The Huddle has a help number of its own; the Boardroom has help text but no number.
  const { version } = await service.request<{ version: number }>('GET', `/systems/${HUDDLE}`);
  await service.request('PUT', `/systems/${HUDDLE}`, { version, settings: { help: { phone: ROOM_NUMBER } } });
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
});

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

const OLD_WORDS = /reported an error|Check that it is powered|The service said|\(|10\.20\./;

test('a device that does not respond: one sentence naming it, what to do, and the room’s help number', {
  tag: '@generation',
}, async ({ page }) => {
  await service.moduleSettings('mod-huddle-display', { offline: true });
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await tile(page, 'Laptop').click();
  // Said once, in the banner under the tiles (no toast repeating it over them).
  const problem = page.locator('.source-story[data-story="failed"]');
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-problem]')).toHaveCount(0);
  const text = (await problem.innerText()).trim();
  expect(text).toContain('Display 1 is not responding');
  expect(text).toContain(ROOM_NUMBER);
  expect(text).not.toMatch(OLD_WORDS);
  await shoot(page, 'words-failure');
});

test('without a number of its own, a room’s failures give the configured support contact', async ({
  page,
}) => {
  await service.moduleSettings('mod-boardroom-blinds', { fault: 'error' });
  // The Boardroom's help names its own number (ext. 4400): for this test its help says none.
  const room = await service.request<{ version: number; settings: Record<string, unknown> }>(
    'GET',
    `/systems/${BOARDROOM}`,
  );
  await service.request('PUT', `/systems/${BOARDROOM}`, {
    version: room.version,
    settings: { ...room.settings, help: 'Touch a source to start the room.' },
  });
  try {
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]).catch(() => undefined);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await page.getByRole('tab', { name: 'Blinds' }).click();
    await page.getByRole('button', { name: 'Down', exact: true }).click();
    const failure = page.locator('.control-error').first();
    await expect(failure).toHaveText(`The blinds could not do that: try again, or call ${CONFIGURED}.`);
    await expect(failure).not.toContainText(OLD_WORDS);
  } finally {
    await service.moduleSettings('mod-boardroom-blinds', {});
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]).catch(() => undefined);
    const changed = await service.request<{ version: number }>('GET', `/systems/${BOARDROOM}`);
    await service.request('PUT', `/systems/${BOARDROOM}`, {
      version: changed.version,
      settings: room.settings,
    });
  }
});

// A calendar clash read as a booking message, not a device fault: panel-booking.spec.ts makes one
// the panel could not have known of (the Book now lengths offered are those that fit).

test('Help belongs to the room: its name and id, its number large, only its devices in people’s words', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await page.getByRole('button', { name: 'Help' }).first().click();
  const help = page.getByRole('dialog', { name: 'Help for Huddle 3.2' });
  await expect(help).toBeVisible();
  await expect(help.locator('[data-room-id]')).toHaveText(HUDDLE);
  const phone = help.locator('[data-help-phone] strong');
  await expect(phone).toHaveText(ROOM_NUMBER);
  expect(Number.parseFloat(await phone.evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(
    32,
  );
  const about = help.getByRole('region', { name: 'About this room' });
  await expect(about.getByRole('list', { name: 'Equipment' }).getByRole('listitem')).toHaveText([
    '1 display',
    '1 video-call system',
  ]);
  // Nothing the room does not have, nothing in a programmer's words.
  await expect(help).not.toContainText(/Room PC|camera|projector|RoomLogic|Bookings|×/i);
  // The web address is words to read (a wall panel cannot follow a link).
  await expect(help.locator('[data-support-url]')).toHaveText('control.demo.local/rooms/huddle-3-2');
  await expect(help.locator('a')).toHaveCount(0);
  await shoot(page, 'words-help');

  // A room with its own help text keeps it, with the configured number (it has none of its own).
  await page.getByRole('button', { name: 'Close help' }).click();
  await openRoom(page, stack.host.url, 'Kauri Training Room', 'training');
  await page.getByRole('button', { name: 'Help' }).first().click();
  const kauri = page.getByRole('dialog', { name: 'Help for Kauri Training Room' });
  await expect(kauri.locator('[data-help-phone] strong')).toHaveText(CONFIGURED);
  await expect(kauri.getByRole('list', { name: 'Equipment' }).getByRole('listitem')).toHaveText([
    '2 displays',
    '2 cameras',
    '1 lighting control',
    '1 video-call system',
    '1 presenter PC',
    '1 recorder',
  ]);
});

test('Request help is recorded by the room and listed in the technician tools’ Needs attention', async ({
  page,
}) => {
  await service.exec(HUDDLE, 'RoomLogic', 'clear_help_requests', []);
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await page.getByRole('button', { name: 'Help' }).first().click();
  const help = page.getByRole('dialog', { name: 'Help for Huddle 3.2' });
  await help.getByRole('button', { name: 'Request help' }).click();
  await expect(help.getByRole('status')).toHaveText(/^Help requested at \d\d:\d\d: AV support can see it\.$/);
  const requests = (await service.state(HUDDLE, 'RoomLogic')).help_requests as {
    at: number;
    message: string;
  }[];
  expect(requests).toHaveLength(1);
  // The moment, as the panel writes it (08:06 in en-GB, at any hour of the run): the page takes its
  // own clock when the room answers, a moment after the room recorded the request. The room keeps
  // whole seconds, rounded: its record can be up to half a second after the moment itself, so a
  // minute that turned in that half second is the panel's minute too.
  const recorded = (requests[0]?.at ?? 0) * 1000;
  const shown = shownTimesBetween(recorded - 1_000, recorded + 10_000);
  await expect(help.getByRole('status')).toHaveText(
    oneOf(shown.map((at) => `Help requested at ${at}: AV support can see it.`)),
  );
  expect(requests[0]?.message).toBe('Help requested at the panel in Huddle 3.2');
  expect(Math.abs((requests[0]?.at ?? 0) - Date.now() / 1000)).toBeLessThan(120);

  // A technician signs in and opens the tools: the request is first in "Needs attention".
  await callBridge(page, 'bridge/session/signOut');
  await openHost(page, stack.host.url);
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Help requests' }).getByRole('listitem');
  await expect(listed).toHaveCount(1, { timeout: 15_000 });
  await expect(listed).toContainText('Huddle 3.2 — Help requested at the panel in Huddle 3.2');
  await keepScreenshot(page, { path: path.join(SHOTS, 'words-needs-attention-1280x800.png') });
  await listed.getByRole('button', { name: 'Done: clear Huddle 3.2' }).click();
  await expect(listed).toHaveCount(0);
  expect((await service.state(HUDDLE, 'RoomLogic')).help_requests).toEqual([]);
  await callBridge(page, 'bridge/session/signOut');
});

test('Reset asks with verbs and leaves the room unmuted; Room off asks “Switch the room off” / “Keep it on”', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await service.exec(HUDDLE, 'Display', 'mute', [true]);

  await page.getByRole('button', { name: 'Help' }).first().click();
  await page.getByRole('button', { name: 'Reset the room' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Reset the room?');
  await expect(ask.getByRole('button')).toHaveText(['Reset the room', 'Cancel']);
  await shoot(page, 'words-confirm-reset');
  // Cancel changes nothing.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect((await service.state(HUDDLE, 'Display')).mute).toBe(true);

  await page.getByRole('button', { name: 'Help' }).first().click();
  await page.getByRole('button', { name: 'Reset the room' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset the room' }).click();
  await expect(async () => expect((await service.state(HUDDLE, 'Display')).mute).toBe(false)).toPass({
    timeout: 20_000,
  });
  await expect(page.locator('[data-problem]')).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Room controls' })
    .getByRole('button', { name: 'Room off', exact: true })
    .click();
  const off = page.getByRole('alertdialog');
  await expect(off.getByRole('button')).toHaveText(['Switch the room off', 'Keep it on']);
  await shoot(page, 'words-confirm-off');
  await off.getByRole('button', { name: 'Keep it on' }).click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(true);
  await page
    .getByRole('region', { name: 'Room controls' })
    .getByRole('button', { name: 'Room off', exact: true })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch the room off' }).click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
});
