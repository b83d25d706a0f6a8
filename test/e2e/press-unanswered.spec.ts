import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { startFaultProxy } from '../support/fault-proxy.ts';
import { callBridge, openRoom } from './support/panel.ts';
import { keepScreenshot } from './support/screens.ts';
import { ROOT, socketRefusedByRun } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';

/*
 * A press while the whole service is frozen (the fault proxy's `hang`: TCP open, nothing relayed
 * either way, HTTP and the control socket alike), with the live channel pushing: the main process
 * gives the press 3 s, says it was not answered, probes the socket and tells the page to poll; the
 * tile is never lit; when the service returns the command has not run (it never reached it, and
 * nothing sent it again). Screens of the failed press at each panel size are saved to be looked at.
 */

const HUDDLE = 'sys-huddle-3-2';
const SHOTS = path.join(ROOT, 'test-results', 'screens');

const { stack, service } = ownStack({ front: startFaultProxy, refuseSockets: false });
const proxy = () => stack.front;

test.describe.configure({ mode: 'serial' });
test.skip(socketRefusedByRun(), 'this run refuses the control websocket (ROOMDECK_E2E_SOCKET=refused)');
test.skip(process.env.ROOMDECK_E2E_LIVE === 'off', 'push is switched off in this run');

test.beforeAll(async () => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
});

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

const liveMode = async (page: Page) =>
  (await callBridge<{ value: { mode: string } }>(page, 'bridge/live/status')).body.value.mode;

test('a press while the service is frozen is told within 5 s, the tile not lit, and it never runs when the service returns', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]);
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect.poll(() => liveMode(page), { timeout: 20_000 }).toBe('push');
  const chosen = await tile(page, 'Laptop').getAttribute('aria-pressed');
  const target = chosen === 'true' ? 'Wireless' : 'Laptop';
  const before = await service.state(HUDDLE, 'RoomLogic');
  const commands = () => proxy().frames.filter((f) => f.from === 'client' && f.text.includes('"cmd":"exec"'));

  await proxy().set('hang');
  const pressedAt = Date.now();
  await tile(page, target).click();
  // Told: the press is no longer waiting, and was not confirmed. The main process doubts it at 3 s
  // and fails it when the probe finds no pong by 4.5 s (timed exactly on a fake clock in
  // test/core/live/faults.test.ts); here, in real time on a machine that may be busy, it is
  // measured and printed, and only bounded loosely.
  await expect(tile(page, target)).toHaveAttribute('data-state', 'failed', { timeout: 10_000 });
  const toldAfterMs = Date.now() - pressedAt;
  console.log(JSON.stringify({ press: 'unanswered', toldAfterMs }));
  expect(toldAfterMs).toBeLessThanOrEqual(10_000);
  await expect(tile(page, target)).not.toHaveAttribute('aria-pressed', 'true');
  // The page was told the channel is down (the probe found the socket frozen).
  await expect.poll(() => commands().length).toBe(1);

  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, {
      path: path.join(SHOTS, `press-unanswered-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(SIZES[0]);

  // The service comes back: the command it never received is not sent again by anyone.
  await proxy().set('pass');
  await expect.poll(() => liveMode(page), { timeout: 40_000 }).toBe('push');
  await page.waitForTimeout(3_000);
  expect(commands()).toHaveLength(1);
  expect(commands()[0]?.held).toBe(true);
  expect(await service.state(HUDDLE, 'RoomLogic')).toEqual(before);
  console.info(`press told after ${toldAfterMs} ms`);
});
