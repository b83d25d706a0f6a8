import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { A, AB, B, joinPanels } from './support/join-panels.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * The call page does not merge: combined from Rimu Training A (the master, the half with the
 * codec), A's panel shows the combined room, and a call rung in, answered, left and dialled on its
 * keypad all run on A's own codec, as the simulator reports it. B's panel stays locked to A, with
 * no call control; split again, A's own panel rings for its codec as before. Two browser hosts on one simulator, one per half, as the two wall panels are.
 */

ownStack({ hostArgs: ['--system', A] });
test.describe.configure({ mode: 'serial' });

const openPanels = joinPanels();

interface CodecCall {
  status: string;
  remote_number: string;
}

/** B's panel: locked to A, and nothing of a call on it. */
async function lockedWithoutCall(b: Page): Promise<void> {
  await expect(b.locator('[data-join-lock]')).toContainText(
    'It is controlled from the panel in Rimu Training A.',
  );
  await expect(b.getByRole('tab', { name: 'Call' })).toHaveCount(0);
  await expect(b.getByRole('region', { name: 'Video call' })).toHaveCount(0);
  await expect(b.getByRole('alertdialog', { name: 'Incoming call' })).toHaveCount(0);
  await expect(b.locator('.call-page')).toHaveCount(0);
}

test('combined from A, the call runs on A’s own codec and B stays locked without call controls', async ({
  page,
  browser,
  stack,
  service,
}) => {
  // Two panels, a call answered and one dialled, three sizes of each screen: a long walk.
  test.setTimeout(240_000);
  const { a, b } = await openPanels(page, browser, stack);
  const calls = async () => ((await service.state(A, 'VidConf')).calls ?? []) as CodecCall[];

  await a.getByRole('button', { name: 'Combine rooms' }).click();
  await a
    .getByRole('dialog', { name: 'Combine this room' })
    .getByRole('button', { name: 'Combine with Rimu Training B' })
    .click();
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A + B' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Combined with Rimu Training A' })).toBeVisible({
    timeout: 2_000,
  });
  await lockedWithoutCall(b);

  // A call to A's codec rings on the combined room's panel, and only there.
  await service.exec(A, 'VidConf', 'test_incoming_call', ['ops@video.demo.local', 'Operations desk']);
  const ringing = a.getByRole('alertdialog', { name: 'Incoming call' });
  await expect(ringing).toContainText('Operations desk is calling');
  await lockedWithoutCall(b);
  const found = await shootAndAxe(a, 'join-call', 'a-incoming');
  await ringing.getByRole('button', { name: 'Answer' }).click();

  // Answering starts the combined room; the call is A's codec's, as it reports it.
  const strip = a.getByRole('region', { name: 'Video call' }).first();
  await expect(strip.locator('[data-call-status="Connected"]')).toBeVisible({ timeout: 20_000 });
  expect(await calls()).toMatchObject([{ status: 'Connected', remote_number: 'ops@video.demo.local' }]);
  await expect.poll(async () => (await service.state(AB, 'RoomLogic')).power).toBe(true);
  await expect(a.getByRole('tab', { name: 'Call' })).toHaveAttribute('aria-selected', 'true');
  await lockedWithoutCall(b);
  await strip.getByRole('button', { name: 'Leave call' }).click();
  await expect.poll(calls).toEqual([]);

  // The Call page's keypad dials on A's codec.
  const callPage = a.locator('.call-page');
  await expect(callPage.getByRole('button', { name: 'Call', exact: true })).toBeVisible();
  for (const key of ['5', '5', '5', '0', '1', '2', '3'])
    await callPage.getByRole('button', { name: key, exact: true }).click();
  await expect(callPage.locator('[data-field="number"]')).toHaveValue('5550123');
  found.push(...(await shootAndAxe(a, 'join-call', 'a-keypad', { noneOutside: true })));
  await callPage.getByRole('button', { name: 'Call', exact: true }).click();
  await expect.poll(async () => (await calls()).map((c) => c.remote_number)).toEqual(['5550123']);
  await expect(strip).toBeVisible();
  found.push(...(await shootAndAxe(a, 'join-call', 'a-dialled', { noneOutside: true })));
  found.push(...(await shootAndAxe(b, 'join-call', 'b-locked', { noneOutside: true })));
  await lockedWithoutCall(b);
  // B has no codec, and the combined room none of its own: nothing else was dialled anywhere.
  expect((await service.state(B, 'RoomLogic')).join_master).toBe(A);

  await strip.getByRole('button', { name: 'Leave call' }).click();
  await expect.poll(calls).toEqual([]);

  // Split, A's own panel rings for its codec as before; B's, back to its own room, has none.
  await service.exec(A, 'RoomLogic', 'unjoin', []);
  await expect(a.getByRole('heading', { level: 1, name: 'Rimu Training A' })).toBeVisible();
  await expect(b.getByRole('heading', { level: 1, name: 'Rimu Training B' })).toBeVisible();
  await service.exec(A, 'VidConf', 'test_incoming_call', ['ops@video.demo.local', 'Operations desk']);
  await expect(ringing).toContainText('Operations desk is calling');
  await expect(b.getByRole('alertdialog', { name: 'Incoming call' })).toHaveCount(0);
  await ringing.getByRole('button', { name: 'Decline' }).click();
  await expect.poll(calls).toEqual([]);
  expect(found).toEqual([]);
});
