import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveEvent } from '../../../contract/types.ts';
import type { AccessTokenSource } from '../../../core/api/transport.ts';
import type { LiveFeeds } from '../../../core/live/feeds.ts';
import { createLiveFeeds } from '../../../core/live/index.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from './support.ts';

/*
 * The socket comes back and the main process binds the display's keys again: the bind sends the
 * input as it is (HDMI 1); the input then changes (HDMI 2) before the service answers the main
 * process's read, and the change's notify reaches the main process only after that answer. The
 * page must be sent HDMI 2, never HDMI 1 as the fresh state (the bind's value, in before the read
 * was asked, is older than the read). A scripted service plays it, so the order of the frames is
 * the test's.
 */

const SYS = 'sys-scripted';
const tokens: AccessTokenSource = { getAccessToken: async () => 'token', onUnauthorized: async () => {} };

let server: WebSocketServer | undefined;
let feeds: LiveFeeds | undefined;
afterEach(async () => {
  await feeds?.close();
  const closing = server;
  if (closing !== undefined) await new Promise((resolve) => closing.close(resolve));
});

describe('a read after the socket came back', () => {
  it('is not overruled by the value a bind sent before the read was asked', async () => {
    let input = 'hdmi1';
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    const sockets: WebSocket[] = [];
    server.on('connection', (ws) => {
      sockets.push(ws);
      ws.on('message', (data) => {
        const text = data.toString();
        if (text === 'ping') return ws.send('pong');
        const frame = JSON.parse(text) as { id: number; cmd: string; name: string };
        // The bind's value overtakes its success, as the current generation's may (docs/realtime.md
        // §4.1): it is in before the main process asks for the read.
        if (frame.cmd === 'bind')
          ws.send(
            JSON.stringify({
              type: 'notify',
              value: input,
              meta: { sys: SYS, mod: 'Display', index: 1, name: frame.name },
            }),
          );
        ws.send(JSON.stringify({ id: frame.id, type: 'success' }));
      });
    });
    await new Promise((resolve) => server?.once('listening', resolve));
    const { port } = server.address() as { port: number };
    let reads = 0;
    let lateNotify: (() => void) | undefined;
    const clock = new FakeClock();
    feeds = createLiveFeeds({
      serviceUrl: `http://127.0.0.1:${port}`,
      socketPath: '/control/websocket',
      tokens,
      clock,
      random: () => 0,
      readState: async () => {
        reads += 1;
        if (reads === 2) {
          // The change, just before the service reads the module: its notify is held back until
          // the read has been answered.
          input = 'hdmi2';
          const socket = sockets.at(-1);
          lateNotify = () =>
            socket?.send(
              JSON.stringify({
                type: 'notify',
                value: 'hdmi2',
                meta: { sys: SYS, mod: 'Display', index: 1, name: 'input' },
              }),
            );
        }
        return { input };
      },
    });
    const events: LiveEvent[] = [];
    feeds.subscribe((event) => events.push(event));
    feeds.watch('watcher-one', SYS, [{ module: 'Display', index: 1 }]);
    const states = () => events.flatMap((e) => (e.type === 'state' ? [e.state.input] : []));
    await waitFor(() => states().length === 1 && (server?.clients.size ?? 0) === 1, 'the first state');
    // Bound after the first read: the bind's notify says what the read said, nothing more to send.
    await waitFor(() => reads === 1 && events.some((e) => e.type === 'mode' && e.mode === 'push'), 'push');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(states()).toEqual(['hdmi1']);

    // The socket drops; the next attempt comes after the back-off.
    sockets.at(-1)?.terminate();
    await waitFor(() => events.some((e) => e.type === 'mode' && e.mode === 'polling'), 'polling');
    await clock.advance(60_000);
    await waitFor(() => reads === 2, 'the read after the reconnect');
    await waitFor(() => states().length === 2, 'the state after the reconnect');
    lateNotify?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(states()).toEqual(['hdmi1', 'hdmi2']);
    expect(events.filter((e) => e.type === 'stale')).toHaveLength(1);
  });
});
