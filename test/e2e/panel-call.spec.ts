import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { openRoom, signIn } from './support/panel.ts';
import { type Stack, startStack } from './support/processes.ts';
import { Service } from './support/service.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * Video calls from the panel of Harbour Boardroom, driven as the people in the room do and checked
 * against what the codec itself then reports: Join the booked meeting in one touch from the
 * welcome (the progress words in the devices' order), privacy, share, a camera preset, the keypad,
 * the volume and Leave call; a call ringing in answered from the welcome; a busy meeting and a
 * codec that does not answer said in the room's words; a reload mid-call that shows the call, and
 * one after the far end hung up that shows none.
 *
 * Its own stack: the tests drive the boardroom's codec and calendar, which other specs read as seeded.
 */

const BOARDROOM = 'sys-harbour-boardroom';
const CODEC = 'mod-boardroom-codec';
const CODEC_SETTINGS = { presets: ['Table', 'Presenter', 'Whole room'] };

let stack: Stack;
let service: Service;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = await startStack();
  service = new Service(() => stack.simulator.url);
});
test.afterAll(async () => {
  await stack?.stop();
});

interface CodecCall {
  id: number;
  status: string;
  remote_number: string;
}
const codec = () => service.state(BOARDROOM, 'VidConf');
const calls = async () => ((await codec()).calls ?? []) as CodecCall[];
const nowS = () => Math.floor(Date.now() / 1000);

const strip = (page: Page) => page.getByRole('region', { name: 'Video call' }).first();
const joinCard = (page: Page) => page.getByRole('region', { name: 'Join the meeting' });
const callPage = (page: Page) => page.locator('.call-page');
const connected = (page: Page) => strip(page).locator('[data-call-status="Connected"]');

/**
 * Every call phase the page shows, in order: the join's progress (`join:starting`…) and then the
 * codec's status on the call strip (`Ringing`, `Connected`…). Recorded in the page, so a phase shown
 * for a few milliseconds is not missed.
 */
async function recordPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { callPhases: string[] }).callPhases = seen;
    const phase = () => {
      const status = document.querySelector('[data-call-status]')?.getAttribute('data-call-status');
      if (status) return status;
      const join = document.querySelector('[data-join-stage]')?.getAttribute('data-join-stage');
      return join ? `join:${join}` : 'none';
    };
    const note = () => {
      const now = phase();
      if (seen[seen.length - 1] !== now) seen.push(now);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { callPhases: string[] }).callPhases);
}

/** A meeting under way with join details, as someone booked it from their desk. */
async function meetingNow(title: string, sip: string): Promise<void> {
  await service.exec(BOARDROOM, 'Bookings', 'end_meeting', []).catch(() => undefined);
  await service.exec(BOARDROOM, 'Bookings', 'book', [
    nowS(),
    30,
    title,
    { provider: 'zoom', url: 'https://demo.zoom.us/j/1', sip },
  ]);
}

test.beforeEach(async () => {
  test.setTimeout(150_000);
  // The room off, no call, the codec answering with its own presets, and a meeting to join now.
  await service.moduleSettings(CODEC, CODEC_SETTINGS);
  await service.exec(BOARDROOM, 'VidConf', 'hangup', []);
  await service.exec(BOARDROOM, 'VidConf', 'mic_mute', [false]);
  for (const channel of [1, 2]) await service.exec(BOARDROOM, 'Mixer', 'mute', [channel, false]);
  await service.exec(BOARDROOM, 'VidConf', 'volume', [50]);
  await service.moduleSettings('mod-boardroom-projector', { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]);
  await expect.poll(calls).toEqual([]);
  await meetingNow('Board meeting', '4119134261@teams.video.demo.local');
});

test('joins the booked meeting in one touch, and is in the call as the codec says', {
  tag: '@generation',
}, async ({ page }) => {
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await expect(joinCard(page)).toContainText('Board meeting');
  const errors = await shootAndAxe(page, 'call', 'welcome-join');

  const phases = await recordPhases(page);
  await joinCard(page).getByRole('button', { name: 'Join' }).click();
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
  // In the devices' order, each only once they said so: starting, the codec's ringing, connected.
  const shown = (await phases()).filter((p) => p !== 'none');
  expect(shown[0]).toBe('join:starting');
  expect(shown.at(-1)).toBe('Connected');
  const order = ['join:starting', 'join:ready', 'Dialling', 'Ringing', 'Connected'];
  const ranks = shown.map((p) => order.indexOf(p));
  expect(
    ranks.every((r) => r >= 0),
    shown.join(' → '),
  ).toBe(true);
  expect(ranks, shown.join(' → ')).toEqual([...ranks].sort((a, b) => a - b));
  expect(
    shown.some((p) => p === 'Dialling' || p === 'Ringing'),
    shown.join(' → '),
  ).toBe(true);

  // One touch did it all: the room on, the camera at its first preset, the meeting dialled.
  expect((await service.state(BOARDROOM, 'RoomLogic')).power).toBe(true);
  const state = await codec();
  expect(state.camera_preset).toBe(1);
  expect((state.calls as CodecCall[])[0]).toMatchObject({
    status: 'Connected',
    remote_number: '4119134261@teams.video.demo.local',
  });
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await expect(page.getByRole('tab', { name: 'Call' })).toHaveAttribute('aria-selected', 'true');
  errors.push(...(await shootAndAxe(page, 'call', 'in-call')));

  // Privacy: the button says what the codec says.
  const privacy = strip(page).getByRole('button', { name: 'Microphone privacy' });
  await privacy.click();
  await expect.poll(async () => (await codec()).mic_mute).toBe(true);
  await expect(privacy).toHaveAttribute('aria-pressed', 'true');
  // The room's own microphones (the lectern's and the ceiling's) are muted with it.
  await expect
    .poll(async () => {
      const mixer = await service.state(BOARDROOM, 'Mixer');
      return [mixer.mute_1, mixer.mute_2];
    })
    .toEqual([true, true]);

  // Share the laptop, then stop.
  await callPage(page).getByRole('button', { name: 'Share laptop' }).click();
  await expect.poll(async () => (await codec()).presentation).toBe('local');
  await expect(strip(page).getByText('Your laptop is shared')).toBeVisible();
  await callPage(page).getByRole('button', { name: 'Stop sharing' }).click();
  await expect.poll(async () => (await codec()).presentation).toBe('none');

  // A camera preset, lit from the codec's report.
  const presenter = callPage(page).getByRole('button', { name: 'Presenter' });
  await presenter.click();
  await expect.poll(async () => (await codec()).camera_preset).toBe(2);
  await expect(presenter).toHaveAttribute('aria-pressed', 'true');

  // The volume, a step louder.
  await callPage(page).getByRole('button', { name: 'Louder' }).click();
  await expect.poll(async () => (await codec()).volume).toBe(60);
  await expect(callPage(page).locator('[data-call-volume]')).toHaveText('60%');

  // The meeting's PIN on the keypad: each tone sent as it is pressed.
  await callPage(page).getByRole('button', { name: 'Keypad (meeting PIN)' }).click();
  errors.push(...(await shootAndAxe(page, 'call', 'keypad')));
  for (const key of ['1', '2', '3', '#'])
    await callPage(page).getByRole('button', { name: key, exact: true }).click();
  await expect.poll(async () => (await codec()).dtmf_sent).toBe('123#');

  // The far end shares: said as theirs.
  await service.exec(BOARDROOM, 'VidConf', 'test_far_end', ['share']);
  await expect(strip(page).getByText('The other side is sharing')).toBeVisible();

  await strip(page).getByRole('button', { name: 'Leave call' }).click();
  await expect.poll(calls).toEqual([]);
  await expect(page.locator('[data-call-status]')).toHaveCount(0);
  await expect(callPage(page).getByRole('button', { name: 'Call', exact: true })).toBeVisible();
  errors.push(...(await shootAndAxe(page, 'call', 'dial')));
  expect(errors).toEqual([]);
});

test('a call ringing in is answered from the welcome, which starts the room', async ({ page }) => {
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await service.exec(BOARDROOM, 'VidConf', 'test_incoming_call', ['ops@video.demo.local', 'Operations desk']);
  const ringing = page.getByRole('alertdialog', { name: 'Incoming call' });
  await expect(ringing).toContainText('Operations desk is calling');
  const errors = await shootAndAxe(page, 'call', 'incoming');
  await ringing.getByRole('button', { name: 'Answer' }).click();
  await expect(ringing).toHaveCount(0);
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
  expect((await calls())[0]).toMatchObject({ status: 'Connected' });
  expect((await service.state(BOARDROOM, 'RoomLogic')).power).toBe(true);
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  expect(errors).toEqual([]);
});

test('a busy meeting and a codec that does not answer are said in the room’s words', async ({ page }) => {
  await meetingNow('Supplier call', 'busy@zoom.video.demo.local');
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await joinCard(page).getByRole('button', { name: 'Join' }).click();
  const problem = page.locator('[data-call-problem]');
  await expect(problem).toContainText('The meeting’s line is busy', { timeout: 20_000 });
  await expect(problem).toContainText(/call /i);
  const errors = await shootAndAxe(page, 'call', 'busy');
  expect((await codec()).last_call).toMatchObject({ outcome: 'busy' });
  await page.getByRole('button', { name: 'Close' }).click();

  // The codec does not answer at all: no Join to press, and the welcome says why, in the room's
  // words with the number to call (a press it leaves unanswered is said so too: call-desk tests).
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]);
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await meetingNow('Board meeting', '4119134261@teams.video.demo.local');
  await service.moduleSettings(CODEC, { ...CODEC_SETTINGS, offline: true });
  await expect(joinCard(page)).toContainText(
    'Video calls are unavailable: the video-call system is not answering. Call AV support on ext. 4400.',
  );
  await expect(joinCard(page).getByRole('button', { name: 'Join' })).toHaveCount(0);
  errors.push(...(await shootAndAxe(page, 'call', 'codec-silent')));
  expect(await calls()).toEqual([]);
  expect(errors).toEqual([]);
});

test('a reload mid-call shows the call; one after the far end hung up shows none', {
  tag: '@generation',
}, async ({ page }) => {
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]);
  await service.exec(BOARDROOM, 'VidConf', 'dial', ['4119134261@teams.video.demo.local']);
  await expect.poll(async () => (await calls())[0]?.status, { timeout: 20_000 }).toBe('Connected');
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await expect(connected(page)).toBeVisible();
  await page.reload();
  await expect(connected(page)).toBeVisible();

  await service.exec(BOARDROOM, 'VidConf', 'test_far_end', ['hangup']);
  await expect.poll(calls).toEqual([]);
  await page.reload();
  await expect(page.locator('.panel')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('[data-call-status]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave call' })).toHaveCount(0);
});

/** A room as another vendor's service describes it: a bare logic, a display, and a codec called "Codec". */
async function foreignVideoRoom(): Promise<{ id: string; modules: string[] }> {
  const system = await service.request<{ id: string }>('POST', '/systems', {
    name: 'Foreign Video Room',
    zones: ['zone-org', 'zone-kauri', 'zone-kauri-l1'],
    description: 'Another vendor’s logic and display, and a codec with no Roomdeck names.',
    capacity: 8,
  });
  const logic = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-generic-logic',
    control_system_id: system.id,
  });
  const display = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-generic-display',
    ip: '10.99.1.1',
    settings: { input: 'HDMI1' },
  });
  const room = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-codec',
    ip: '10.99.1.2',
    custom_name: 'Codec',
    settings: {},
  });
  const modules = [logic.id, display.id, room.id];
  const { version } = await service.request<{ version: number }>('GET', `/systems/${system.id}`);
  await service.request('PUT', `/systems/${system.id}`, { version, modules });
  return { id: system.id, modules };
}

test('a codec known only by its call methods gets the call page; a room without one shows none of it', async ({
  page,
}) => {
  const room = await foreignVideoRoom();
  try {
    expect((await service.state(room.id, 'Codec')).calls).toEqual([]);
    await openRoom(page, stack.host.url, 'Foreign Video Room');
    await page.getByRole('button', { name: 'Room on' }).click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await page.getByRole('tab', { name: 'Call' }).click();
    for (const key of ['4', '4', '0', '0'])
      await callPage(page).getByRole('button', { name: key, exact: true }).click();
    await callPage(page).getByRole('button', { name: 'Call', exact: true }).click();
    await expect
      .poll(async () => ((await service.state(room.id, 'Codec')).calls as CodecCall[])[0]?.remote_number)
      .toBe('4400');
    await expect(connected(page)).toBeVisible({ timeout: 20_000 });
    await strip(page).getByRole('button', { name: 'Leave call' }).click();
    await expect.poll(async () => (await service.state(room.id, 'Codec')).calls).toEqual([]);
  } finally {
    await service.request('DELETE', `/systems/${room.id}`).catch(() => undefined);
    for (const id of room.modules) await service.request('DELETE', `/modules/${id}`).catch(() => undefined);
  }

  // A room without a codec: no Join, no call tab, no call strip.
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await expect(page.locator('.panel')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('region', { name: 'Join the meeting' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Call' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Video call' })).toHaveCount(0);
});

test('the technician tools show the codec’s calls and presets in its live state, like any module', async ({
  page,
}) => {
  // This host's session is the panel account's: signed out first, then in as a technician.
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('boardroom');
  await page
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Harbour Boardroom/ })
    .click();
  await page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^VidConf 1/ })
    .click();
  const keys = page
    .getByRole('region', { name: 'State', exact: true })
    .getByRole('table', { name: 'State keys' });
  await expect(keys.locator('tr[data-key="presets"]')).toContainText('Whole room');
  await service.exec(BOARDROOM, 'VidConf', 'dial', ['4119134261@teams.video.demo.local']);
  await expect(keys.locator('tr[data-key="calls"]')).toContainText('4119134261@teams.video.demo.local');
  await expect(keys.locator('tr[data-key="calls"]')).toContainText('Connected', { timeout: 20_000 });
});
