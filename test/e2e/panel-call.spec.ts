import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom, signIn } from './support/panel.ts';
import { startHost } from './support/processes.ts';
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

const { stack, service } = ownStack();
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
const HUNG_UP = 'The call ended: the other side hung up.';

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
  await service.exec(BOARDROOM, 'VidConf', 'speaker_track', [false]);
  await service.exec(BOARDROOM, 'VidConf', 'selfview', [false]);
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

test('a busy meeting is said in the room’s words, with the number to call', async ({ page }) => {
  await meetingNow('Supplier call', 'busy@zoom.video.demo.local');
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await joinCard(page).getByRole('button', { name: 'Join' }).click();
  const problem = page.locator('[data-call-problem]');
  await expect(problem).toContainText('The meeting’s line is busy', { timeout: 20_000 });
  await expect(problem).toContainText(/call /i);
  const errors = await shootAndAxe(page, 'call', 'busy');
  expect((await codec()).last_call).toMatchObject({ outcome: 'busy' });
  await page.getByRole('button', { name: 'Close' }).click();

  expect(errors).toEqual([]);
});

test('a codec that does not answer is said on the welcome before anyone presses, and Join is not offered', async ({
  page,
}) => {
  // Dead before anyone comes in: the welcome's fault strip says so, for a video-call system, once,
  // with the number to call (a press it leaves unanswered is said so too: call-desk tests).
  await service.moduleSettings(CODEC, { ...CODEC_SETTINGS, offline: true });
  try {
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    const faults = page.getByRole('alert', { name: 'Faults' });
    await expect(faults).toHaveText('The video-call system is not responding: call ext. 4400.');
    await expect(joinCard(page)).toContainText('Board meeting');
    await expect(joinCard(page)).toContainText(
      'Joining is not possible while the video-call system is not responding.',
    );
    await expect(joinCard(page).getByRole('button', { name: 'Join' })).toHaveCount(0);
    await expect(page.getByText(/video-call system is not responding/)).toHaveCount(2);
    const errors = await shootAndAxe(page, 'call', 'codec-silent');
    expect(await calls()).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await service.moduleSettings(CODEC, CODEC_SETTINGS);
  }
  // It answers again: the strip goes and Join is back, without a touch.
  await expect(page.getByRole('alert', { name: 'Faults' })).toHaveCount(0, { timeout: 20_000 });
  await expect(joinCard(page).getByRole('button', { name: 'Join' })).toBeVisible();
});

/** The booked meeting joined from the welcome in one touch, as people do: in the call once the codec says so. */
async function joinFromWelcome(page: Page): Promise<void> {
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  await joinCard(page).getByRole('button', { name: 'Join' }).click();
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
}

test('hold and resume, auto-framing and self view: each button shows what the codec then reports', async ({
  page,
}) => {
  await joinFromWelcome(page);
  await callPage(page).getByRole('button', { name: 'Hold', exact: true }).click();
  await expect.poll(async () => (await calls())[0]).toMatchObject({ status: 'OnHold', held_by: 'local' });
  await expect(strip(page).locator('[data-call-status="OnHold"]')).toHaveText('On hold');
  await expect(callPage(page).getByRole('button', { name: 'Hold', exact: true })).toHaveCount(0);
  const errors = await shootAndAxe(page, 'call', 'on-hold');
  await callPage(page).getByRole('button', { name: 'Resume' }).click();
  await expect.poll(async () => (await calls())[0]?.status).toBe('Connected');
  await expect(connected(page)).toHaveText('Connected');
  await expect(callPage(page).getByRole('button', { name: 'Resume' })).toHaveCount(0);

  // Auto-framing: pressed, the codec frames whoever speaks and no preset is where the camera is.
  const framing = callPage(page).getByRole('button', { name: 'Auto-framing' });
  const table = callPage(page).getByRole('button', { name: 'Table' });
  await expect(table).toHaveAttribute('aria-pressed', 'true');
  await expect(framing).toHaveAttribute('aria-pressed', 'false');
  await framing.click();
  await expect.poll(async () => (await codec()).speaker_track).toBe(true);
  await expect(framing).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toHaveAttribute('aria-pressed', 'false');
  await framing.click();
  await expect.poll(async () => (await codec()).speaker_track).toBe(false);
  await expect(framing).toHaveAttribute('aria-pressed', 'false');

  // Self view, pressed here and then changed at the codec itself: the button follows the codec.
  const selfview = callPage(page).getByRole('button', { name: 'Self view' });
  await expect(selfview).toHaveAttribute('aria-pressed', 'false');
  await selfview.click();
  await expect.poll(async () => (await codec()).selfview).toBe(true);
  await expect(selfview).toHaveAttribute('aria-pressed', 'true');
  errors.push(...(await shootAndAxe(page, 'call', 'camera')));
  await service.exec(BOARDROOM, 'VidConf', 'selfview', [false]);
  await expect(selfview).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('someone found in the directory is dialled with one touch, and the call connects', async ({ page }) => {
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]);
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await page.getByRole('tab', { name: 'Call' }).click();
  const directory = callPage(page).getByRole('region', { name: 'Directory' });
  await directory.getByRole('searchbox', { name: 'Name to search for' }).fill('priya');
  await directory.getByRole('button', { name: 'Search' }).click();
  const priya = directory.getByRole('button', { name: /^Priya Shah/ });
  await expect(priya).toContainText('priya.shah@demo.local');
  const errors = await shootAndAxe(page, 'call', 'directory');
  await priya.click();
  await expect.poll(async () => (await calls())[0]?.remote_number).toBe('priya.shah@demo.local');
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
  await expect(strip(page).locator('[data-call-who]')).toHaveText('Priya Shah');
  expect((await calls())[0]).toMatchObject({ status: 'Connected', direction: 'outgoing' });
  expect(errors).toEqual([]);
});

test('on a wall panel the directory search gets the keyboard on the glass, loaded only then', async ({
  page,
}) => {
  // The same service, a second panel host: a kiosk bound to the boardroom, nothing but a touch screen.
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-call-kiosk-'));
  const kiosk = await startHost({
    serverUrl: stack.simulator.url,
    dataDir: path.join(dir, 'host'),
    args: ['--kiosk', '--system', BOARDROOM],
  });
  try {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/OnScreenKeyboard/.test(r.url())) fetched.push(r.url());
    });
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]);
    await signIn(page, kiosk.url);
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    // Not part of the panel's first paint: fetched only once the directory is on screen.
    expect(fetched).toEqual([]);
    await page.getByRole('tab', { name: 'Call' }).click();
    const directory = callPage(page).getByRole('region', { name: 'Directory' });
    const field = directory.getByRole('searchbox', { name: 'Name to search for' });
    await field.click();
    const keys = page.getByRole('group', { name: 'On-screen keyboard' });
    await expect(keys).toBeVisible();
    expect(fetched.length).toBeGreaterThan(0);
    // The dial keypad gives way while a name is typed: the field stays above the keys.
    await expect(callPage(page).getByRole('region', { name: 'Place a call' })).toBeHidden();
    for (const key of 'sam') await keys.getByRole('button', { name: key, exact: true }).click();
    await expect(field).toHaveValue('sam');
    await expect(field).toBeFocused();
    const errors = await shootAndAxe(page, 'call', 'directory-keyboard');
    const fieldBox = await field.boundingBox();
    const keysBox = await keys.boundingBox();
    expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(keysBox!.y);
    await keys.getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(keys).toHaveCount(0);
    const sam = directory.getByRole('button', { name: /^Sam Cole/ });
    await sam.click();
    await expect.poll(async () => (await calls())[0]?.remote_number).toBe('sam.cole@demo.local');
    await expect(connected(page)).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await kiosk.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a call ringing in while the room is in use is answered from the page on screen', async ({ page }) => {
  await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]);
  await openRoom(page, stack.host.url, 'Harbour Boardroom');
  await page.getByRole('tab', { name: 'Lights' }).click();
  await expect(page.getByRole('tab', { name: 'Lights' })).toHaveAttribute('aria-selected', 'true');
  await service.exec(BOARDROOM, 'VidConf', 'test_incoming_call', ['ops@video.demo.local', 'Operations desk']);
  const ringing = page.getByRole('alertdialog', { name: 'Incoming call' });
  await expect(ringing).toContainText('Operations desk is calling');
  const errors = await shootAndAxe(page, 'call', 'incoming-in-use');
  await ringing.getByRole('button', { name: 'Answer' }).click();
  await expect(ringing).toHaveCount(0);
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
  expect((await calls())[0]).toMatchObject({ status: 'Connected', direction: 'incoming' });
  await expect(page.getByRole('tab', { name: 'Call' })).toHaveAttribute('aria-selected', 'true');
  expect((await service.state(BOARDROOM, 'RoomLogic')).power).toBe(true);
  expect(errors).toEqual([]);
});

test('End meeting in a call leaves the call and switches the room off, as it does without one', async ({
  page,
}) => {
  await joinFromWelcome(page);
  await page.getByRole('button', { name: 'End meeting', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('End the meeting, leave the video call and switch the room off?');
  const errors = await shootAndAxe(page, 'call', 'end-meeting');
  await question.getByRole('button', { name: 'End meeting', exact: true }).click();
  await expect.poll(calls).toEqual([]);
  expect((await codec()).last_call).toMatchObject({ outcome: 'ended' });
  await expect.poll(async () => (await service.state(BOARDROOM, 'RoomLogic')).power).toBe(false);
  await expect.poll(async () => (await service.state(BOARDROOM, 'Bookings')).current).toBe(null);
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Video call' })).toHaveCount(0);
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
  // Old news after the reload: the end is not said again.
  await expect(page.getByText(HUNG_UP)).toHaveCount(0);
});

test('the far end hanging up is said once, as theirs; leaving the call here is not said so', async ({
  page,
}) => {
  await joinFromWelcome(page);
  await service.exec(BOARDROOM, 'VidConf', 'test_far_end', ['hangup']);
  await expect(page.getByText(HUNG_UP)).toBeVisible();
  await expect(page.getByText(HUNG_UP)).toHaveCount(1);
  expect((await codec()).last_call).toMatchObject({ outcome: 'ended', ended_by: 'remote' });
  await expect(page.locator('[data-call-status]')).toHaveCount(0);
  const errors = await shootAndAxe(page, 'call', 'hung-up');
  await strip(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(HUNG_UP)).toHaveCount(0);

  // Left here: the room knows, nothing to tell it.
  await service.exec(BOARDROOM, 'VidConf', 'dial', ['4400']);
  await expect(connected(page)).toBeVisible({ timeout: 20_000 });
  await strip(page).getByRole('button', { name: 'Leave call' }).click();
  await expect.poll(calls).toEqual([]);
  expect((await codec()).last_call).toMatchObject({ outcome: 'ended', ended_by: 'local' });
  await expect(page.locator('[data-call-status]')).toHaveCount(0);
  await expect(page.getByText(HUNG_UP)).toHaveCount(0);
  expect(errors).toEqual([]);
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
  // Signed out for certain before signing in again: a sign-in that finds the panel still up would
  // return at once and leave the test on the sign-in screen the sign-out then brings.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('boardroom');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
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
