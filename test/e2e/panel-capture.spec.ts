import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousFindings } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';
import { keepScreenshot } from './support/screens.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';

/*
 * Lecture capture at the lectern of Tasman Auditorium, driven as a lecturer does and checked
 * against what the recorder itself then reports: Record, Pause, Resume and Stop; the REC light with
 * the time recorded on every page; the timetable's next recording on the welcome; and nothing the
 * recorder did not say (a refused Record leaves the light off, a recording started elsewhere lights
 * it without a press).
 *
 * Its own stack: the tests drive the auditorium's recorder, which other specs read as seeded.
 */

const AUDITORIUM = 'sys-tasman-auditorium';
const RECORDER = 'mod-auditorium-recorder';

const { stack, service } = ownStack();
const nowS = () => Math.floor(Date.now() / 1000);
const recorder = () => service.state(AUDITORIUM, 'Recorder');
const strip = (page: Page) => page.getByRole('region', { name: 'Lecture recording' });
const light = (page: Page) => strip(page).getByRole('status');
const press = (page: Page, name: string) =>
  strip(page).getByRole('group', { name: 'Lecture recording' }).getByRole('button', { name });

/** Stop, and the question it asks answered: "Stop recording" ends it. */
async function stopRecording(page: Page): Promise<void> {
  await press(page, 'Stop').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Stop recording' }).click();
}

/** Screenshots at the three sizes, each one screen; and no serious or critical axe finding. */
async function shoot(page: Page, name: string): Promise<void> {
  expect(await seriousFindings(page, name)).toEqual([]);
  const dir = path.join(ROOT, 'test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  const first = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
      `${name} fits ${size.width}×${size.height}`,
    ).toBe(true);
    await expect(light(page)).toBeInViewport();
    await keepScreenshot(page, { path: path.join(dir, `capture-${name}-${size.width}x${size.height}.png`) });
  }
  if (first) await page.setViewportSize(first);
}

test.beforeEach(async () => {
  test.setTimeout(150_000);
  // The room off, the recorder idle and answering, the projector without a warm-up to wait out.
  await service.moduleSettings(RECORDER, {});
  await service.exec(AUDITORIUM, 'Recorder', 'stop', []);
  await service.moduleSettings('mod-auditorium-projector', { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(AUDITORIUM, 'RoomLogic', 'power', [false]);
  expect(await recorder()).toMatchObject({ state: 'idle' });
});

test('the welcome says when the timetable’s next recording starts, and the recorder starts it by itself', async ({
  page,
}) => {
  // A lecture in twenty minutes: the panel says when, in its own time format.
  const start = nowS() + 20 * 60;
  await service.exec(AUDITORIUM, 'Recorder', 'schedule', [start, 20, 'Marine ecology']);
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  const minutes = await page.evaluate(
    (ms) => String(new Date(ms).getMinutes()).padStart(2, '0'),
    start * 1000,
  );
  await expect(light(page)).toHaveText('Not recording');
  await expect(strip(page).getByText(/^Recording will start at/)).toHaveText(
    new RegExp(`^Recording will start at \\d{1,2}:${minutes} — Marine ecology$`),
  );
  await shoot(page, 'welcome-scheduled');

  // One due in a few seconds: the REC light comes on with nobody pressing anything.
  await service.exec(AUDITORIUM, 'Recorder', 'schedule', [nowS() + 3, 5, 'Tutorial']);
  // Pushed at once; a panel that polls (no websocket) sees it within its slowest poll.
  await expect(light(page)).toHaveText(/^REC\s*\d:\d\d:\d\d$/, { timeout: 65_000 });
  expect(await recorder()).toMatchObject({ state: 'recording', title: 'Tutorial' });
  await stopRecording(page);
  await expect(light(page)).toHaveText('Not recording');
  expect(await recorder()).toMatchObject({ state: 'idle' });
});

test('Record, Pause, Resume and Stop at the lectern, the REC light and the time recorded on every page', async ({
  page,
}) => {
  await page.clock.install();
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await page.getByRole('group', { name: 'Sources' }).getByRole('button').first().click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await expect(light(page)).toHaveText('Not recording');

  await press(page, 'Record').click();
  await expect(light(page)).toHaveText(/^REC\s*0:00:\d\d$/);
  expect(await recorder()).toMatchObject({ state: 'recording' });
  // The time recorded runs on the panel's clock from when the recorder says it began.
  await page.clock.fastForward('01:05');
  await expect(light(page)).toHaveText(/^REC\s*0:01:\d\d$/);
  await shoot(page, 'in-use-recording');

  // Every page keeps the light in view: the lecturer sees it from wherever the panel is.
  for (const tab of await page.getByRole('tab').allTextContents()) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(light(page), tab).toHaveText(/^REC/);
    await expect(light(page), tab).toBeInViewport();
  }
  await page.getByRole('tab', { name: 'Mics' }).click();
  await shoot(page, 'in-use-recording-mics');

  await press(page, 'Pause').click();
  await expect(light(page)).toHaveText(/^Paused\s*0:\d\d:\d\d$/);
  const paused = await recorder();
  expect(paused).toMatchObject({ state: 'paused', running_since: null });
  // Paused, the time stands still: what the recorder says it recorded, whatever the panel's clock.
  const shown = await light(page).textContent();
  await page.clock.fastForward('00:30');
  await expect(light(page)).toHaveText(shown ?? '');
  await shoot(page, 'in-use-paused');

  await press(page, 'Resume').click();
  await expect(light(page)).toHaveText(/^REC/);
  expect((await recorder()).state).toBe('recording');
  // One touch does not end a lecture's recording: Stop asks, with the time recorded so far.
  await press(page, 'Stop').click();
  const question = page.getByRole('alertdialog');
  await expect(question).toHaveText(/Stop recording this lecture\? \d:\d\d:\d\d recorded so far\./);
  await shoot(page, 'stop-question');
  await question.getByRole('button', { name: 'Keep recording' }).click();
  await expect(question).toHaveCount(0);
  expect((await recorder()).state).toBe('recording');
  await expect(light(page)).toHaveText(/^REC/);
  await stopRecording(page);
  await expect(light(page)).toHaveText('Not recording');
  await expect(press(page, 'Record')).toBeVisible();
  expect(await recorder()).toMatchObject({ state: 'idle', running_since: null });
});

test('the light shows only what the recorder says: a refused Record stays off, naming it; one started elsewhere lights', async ({
  page,
}) => {
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await expect(light(page)).toHaveText('Not recording');
  await service.moduleSettings(RECORDER, { fault: 'error', fault_message: 'Recorder storage is full' });
  await press(page, 'Record').click();
  await expect(strip(page).getByRole('alert')).toContainText(/lecture recorder/i);
  await expect(light(page)).toHaveText('Not recording');
  expect((await recorder()).state).toBe('idle');
  await shoot(page, 'welcome-record-refused');

  // Started from the recorder's own front panel (here: the service): the panel follows it.
  await service.moduleSettings(RECORDER, {});
  await service.exec(AUDITORIUM, 'Recorder', 'record', ['Guest lecture']);
  await expect(light(page)).toHaveText(/^REC/, { timeout: 65_000 });
  await expect(press(page, 'Stop')).toBeVisible();
});

test('a room recording a lecture never switches itself off for want of a touch; stopped, it asks again', async ({
  page,
}) => {
  await page.clock.install();
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await page.getByRole('group', { name: 'Sources' }).getByRole('button').first().click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await press(page, 'Record').click();
  await expect(light(page)).toHaveText(/^REC/);

  // Untouched past "Still using the room?" (three hours) and past its minute to answer: nothing asks.
  const question = page.getByRole('alertdialog', { name: 'Still using the room?' });
  for (const hour of [1, 2, 3]) {
    await page.clock.fastForward(3_600_000);
    await expect(light(page), `after ${hour} h`).toHaveText(/^REC/);
  }
  await page.clock.fastForward(5 * 60_000);
  await expect(question).toHaveCount(0);
  expect((await service.state(AUDITORIUM, 'RoomLogic')).power).toBe(true);
  expect((await recorder()).state).toBe('recording');

  // The recording stopped, the same panel left alone does ask: the watch was held, not broken.
  await stopRecording(page);
  await expect(light(page)).toHaveText('Not recording');
  await expect(async () => {
    await page.clock.fastForward(3_600_000);
    await expect(question).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
