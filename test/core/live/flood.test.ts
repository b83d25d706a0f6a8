import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { LiveEvent } from '../../../contract/types.ts';
import type { AccessTokenSource } from '../../../core/api/transport.ts';
import { createLiveFeeds } from '../../../core/live/index.ts';
import { MAX_KEYS_PER_MODULE } from '../../../core/live/live-feeds.ts';
import type { LiveFeeds } from '../../../core/live/feeds.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from './support.ts';

/**
 * A hostile (or broken) service on the control socket: it answers the handshake and the binds,
 * then floods the socket with notifies, most for keys nobody bound. The main process must stay
 * responsive (worst event-loop stall under 50 ms), hold nothing it did not bind, and hand the page
 * a burst as one state per module, not one event per frame.
 */

const SYS = 'sys-hostile';
const FLOOD = 20_000;

const tokens: AccessTokenSource = {
  getAccessToken: async () => 'token',
  onUnauthorized: async () => {},
};

interface Hostile {
  url: string;
  /** Sends `frames` to every open socket, as fast as the socket takes them. */
  flood(frames: string[]): void;
  binds: string[];
  close(): Promise<void>;
}

/*
 * The hostile service runs in a process of its own, so what is measured is the main process's
 * work alone (sending 20,000 frames costs the sender too).
 */
const SERVICE = `
const parentPort = { postMessage: (m) => process.send(m), on: (e, f) => process.on(e, f) };
const { WebSocketServer } = require('ws');
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => parentPort.postMessage({ port: server.address().port }));
server.on('connection', (ws) => {
  ws.on('message', (data) => {
    const text = data.toString();
    if (text === 'ping') return ws.send('pong');
    const frame = JSON.parse(text);
    if (frame.cmd === 'bind') parentPort.postMessage({ bind: frame.name });
    ws.send(JSON.stringify({ id: frame.id, type: 'success' }));
  });
});
parentPort.on('message', (message) => {
  if (message.flood) for (const ws of server.clients) for (const frame of message.flood) ws.send(frame);
});
`;

async function hostileService(): Promise<Hostile> {
  const child = spawn(process.execPath, ['-e', SERVICE], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const binds: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { port?: number; bind?: string }) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.bind !== undefined) binds.push(message.bind);
    });
    child.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    binds,
    flood: (frames) => child.send({ flood: frames }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/**
 * The longest stretch of CPU time the main process spent between two turns of its event loop:
 * what a flood costs everything else waiting on the loop (IPC, windows, timers), without the time
 * the OS gave other processes on a shared machine (a wall clock counts that too).
 */
function loopStalls() {
  let last = process.cpuUsage();
  let worstUs = 0;
  let stopped = false;
  const turn = () => {
    if (stopped) return;
    const now = process.cpuUsage();
    worstUs = Math.max(worstUs, now.user - last.user + (now.system - last.system));
    last = now;
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop(): number {
      stopped = true;
      return worstUs / 1000;
    },
  };
}

const notify = (name: string, value: unknown) =>
  JSON.stringify({ type: 'notify', value, meta: { sys: SYS, mod: 'Display', index: 1, name } });

const running: { feeds: LiveFeeds; service: Hostile }[] = [];
afterEach(async () => {
  for (const { feeds, service } of running.splice(0)) {
    await feeds.close();
    await service.close();
  }
});

async function boundTo(state: Record<string, unknown>) {
  const service = await hostileService();
  const clock = new FakeClock(Date.now());
  const feeds = createLiveFeeds({
    serviceUrl: service.url,
    socketPath: '/control/websocket',
    tokens,
    readState: async () => structuredClone(state),
    clock,
    random: () => 0.5,
  });
  running.push({ feeds, service });
  const events: LiveEvent[] = [];
  feeds.subscribe((event) => events.push(event));
  feeds.watch('watcher-flood', SYS, [{ module: 'Display', index: 1 }]);
  await waitFor(() => events.some((e) => e.type === 'state'), 'the first state');
  return { service, feeds, events };
}

describe('a service flooding the control socket', () => {
  /** One flood on fresh feeds: the worst stall while it is read, and the page's state events. */
  async function floodOnce() {
    const { service, events } = await boundTo({ power: false, volume: 10 });
    await waitFor(() => service.binds.length === 2, 'both keys bound');
    const before = events.length;
    const frames: string[] = [];
    for (let i = 0; i < FLOOD; i += 1) {
      // Three in four for keys nobody bound (each new: a naive client grows the state by one and
      // copies it whole every time); the rest change a bound key.
      frames.push(i % 4 === 3 ? notify('volume', i) : notify(`junk-${i}`, 'x'.repeat(64)));
    }
    const last = FLOOD - 1 - ((FLOOD - 1 - 3) % 4);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    // Posting the frames to the service is the test's own cost, not the feeds': measured after it.
    service.flood(frames);
    delay.enable();
    const cpu = loopStalls();
    await waitFor(
      () => events.some((e) => e.type === 'state' && (e.state as { volume?: number }).volume === last),
      'the last volume',
      30_000,
    );
    delay.disable();
    const cpuMs = cpu.stop();
    const states = events.slice(before).filter((e) => e.type === 'state');
    return { worstMs: cpuMs, wallMs: delay.max / 1e6, states, last };
  }

  it(`takes ${FLOOD} notifies, mostly for keys never bound, without stalling the main process over 50 ms; the page gets the burst coalesced`, async () => {
    const run = await floodOnce();
    console.info(
      `flood: worst turn of the event loop ${run.worstMs.toFixed(1)} ms of CPU (wall clock ${run.wallMs.toFixed(1)} ms on this machine); ${run.states.length} state events`,
    );
    expect(run.worstMs).toBeLessThan(50);
    // Coalesced: far fewer events than the 5,000 changes of the bound key, the last one true.
    expect(run.states.length).toBeLessThan(FLOOD / 4 / 10);
    const final = run.states.at(-1);
    expect(final?.type === 'state' ? final.state : null).toEqual({ power: false, volume: run.last });
  });

  it(`binds at most ${MAX_KEYS_PER_MODULE} keys of a module that names thousands`, async () => {
    const huge = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key-${i}`, i]));
    const { service, events } = await boundTo(huge);
    await waitFor(() => service.binds.length >= MAX_KEYS_PER_MODULE, 'the keys bound');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.binds).toHaveLength(MAX_KEYS_PER_MODULE);
    const first = events.find((e) => e.type === 'state');
    expect(Object.keys(first?.type === 'state' ? first.state : {})).toHaveLength(MAX_KEYS_PER_MODULE);
    // A notify for a key past the cap is not bound: dropped, nothing sent to the page.
    const before = events.length;
    service.flood([notify('key-4999', -1), notify('key-0', -1)]);
    await waitFor(() => events.length > before, 'the change of a bound key');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = events.slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]?.type === 'state' && after[0].state['key-0']).toBe(-1);
    expect(after[0]?.type === 'state' && 'key-4999' in after[0].state).toBe(false);
  });
});
