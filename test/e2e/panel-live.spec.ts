import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openRoom } from './support/panel.ts';
import { socketRefusedByRun } from './support/processes.ts';

/*
 * The panel on the live channel, in the browser host with push on: a change made
 * elsewhere (the simulator's own HTTP API, as another panel or the room logic would) reaches the
 * page pushed, without the page asking for any state, and a press is confirmed by the pushed value.
 * The page's bridge requests are counted as the browser sends them.
 */

ownStack({ hostArgs: ['--live', 'on'] });
// Push needs the socket: a run that refuses it (ROOMDECK_E2E_SOCKET=refused) has nothing here to test.
test.skip(socketRefusedByRun(), 'this run refuses the control websocket (ROOMDECK_E2E_SOCKET=refused)');

const HUDDLE = 'sys-huddle-3-2';

/** Every bridge verb the page calls, in order (`systems/state`, `live/watch`, …). */
function bridgeCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const verb = /\/bridge\/(\w+\/\w+)$/.exec(new URL(request.url()).pathname)?.[1];
    if (verb !== undefined) calls.push(verb);
  });
  return calls;
}

const volumeOf = (page: Page) =>
  page.getByRole('region', { name: 'Room controls' }).getByRole('group', { name: 'Volume' });

test('with push on, a change made elsewhere shows without the page asking for any state, and a press is confirmed by the pushed value', async ({
  page,
  stack,
  service,
}) => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
  await service.exec(HUDDLE, 'Display', 'volume', [30]);
  const calls = bridgeCalls(page);
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  const volume = volumeOf(page);
  const slider = volume.getByRole('slider', { name: 'Volume' });
  await expect(slider).toHaveAttribute('aria-valuetext', '30 %');
  expect(calls).toContain('live/watch');
  // The channel pushes (the socket is open and bound).
  await expect
    .poll(
      async () => (await callBridge<{ value: { mode: string } }>(page, 'bridge/live/status')).body.value.mode,
      { timeout: 15_000 },
    )
    .toBe('push');
  // Settled: a quiet spell with no state asked for (each module's pushed state has arrived).
  await expect
    .poll(
      async () => {
        const before = calls.filter((c) => c === 'systems/state').length;
        await page.waitForTimeout(4_000);
        return calls.filter((c) => c === 'systems/state').length - before;
      },
      { timeout: 60_000, intervals: [0] },
    )
    .toBe(0);

  // A change made elsewhere: pushed to the page. Polling would have shown it only by asking.
  const from = calls.length;
  await service.exec(HUDDLE, 'Display', 'volume', [55]);
  await expect(slider).toHaveAttribute('aria-valuetext', '55 %');
  expect(calls.slice(from).filter((c) => c.startsWith('systems/'))).toEqual([]);

  // A press: sent, and confirmed by the value the device reports, pushed.
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(volume).toHaveAttribute('data-state', 'confirmed');
  await expect(slider).toHaveAttribute('aria-valuetext', '57 %');
  expect((await service.state(HUDDLE, 'Display')).volume).toBe(57);
  expect(calls.slice(from).filter((c) => c.startsWith('systems/'))).toEqual(['systems/exec']);
});
