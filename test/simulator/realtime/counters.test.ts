import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeCounters } from '../../../simulator/realtime/counters.ts';
import { type Api, SYS } from '../api/support.ts';
import { type Client, connect, type Frame, nextId, startRealtimeApi, WAIT_MS } from './support.ts';

/**
 * The control websocket's counters (what the renderer benchmark reads at the simulator): every
 * frame a real client sends or gets, the protocol's own pings included, and every socket opened.
 */

const DISPLAY = { sys: SYS.huddle, mod: 'Display', index: 1 };
const LAB_DISPLAY = { sys: SYS.lab, mod: 'Display', index: 1 };

/** Resolves when the client's own (protocol-level) ping is answered. */
function wsPing(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ws pong within ${WAIT_MS} ms`)), WAIT_MS);
    client.ws.once('pong', () => {
      clearTimeout(timer);
      resolve();
    });
    client.ws.ping();
  });
}

describe('control websocket counters', () => {
  let api: Api;
  const clients: Client[] = [];

  beforeAll(async () => {
    // No tick and no unsolicited pong: every frame counted here is one this test caused.
    api = await startRealtimeApi({ realtime: { pongEveryMs: 0, tickMs: 0 } });
  });
  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    await api.close();
  });

  it('counts connections and frames each way by kind, pings and pongs included; reset starts again', async () => {
    const counters = realtimeCounters(api.simulator);
    counters.reset();
    const client = await connect(api);
    clients.push(client);

    client.send('ping');
    await client.next((f) => f === 'pong', 'pong');
    const bindId = nextId();
    client.send({ id: bindId, cmd: 'bind', ...DISPLAY, name: 'power' });
    await client.next((f: Frame) => f?.id === bindId && f.type === 'success', 'bind success');
    await client.next((f: Frame) => f?.id === bindId && f.type === 'notify', 'the current value');
    const badId = nextId();
    client.send({ id: badId, cmd: 'launch', ...DISPLAY, name: 'power' });
    await client.next((f: Frame) => f?.id === badId && f.type === 'error', 'unknown command error');
    await wsPing(client);

    expect(counters.read()).toEqual({
      connections: 1,
      framesIn: 4,
      framesOut: 5,
      in: { ping: 1, bind: 1, launch: 1, 'ws-ping': 1 },
      out: { pong: 1, success: 1, notify: 1, error: 1, 'ws-pong': 1 },
    });

    counters.reset();
    expect(counters.read()).toEqual({ connections: 0, framesIn: 0, framesOut: 0, in: {}, out: {} });
    const second = await connect(api);
    clients.push(second);
    second.send('ping');
    await second.next((f) => f === 'pong', 'pong on the second socket');
    expect(counters.read()).toMatchObject({ connections: 1, in: { ping: 1 }, out: { pong: 1 } });
  });

  it('counts a notify pushed by a change made elsewhere (a REST exec)', async () => {
    const counters = realtimeCounters(api.simulator);
    const client = await connect(api);
    clients.push(client);
    const first = await api.req('POST', `/api/control/systems/${SYS.lab}/exec`, {
      as: 'admin',
      json: { module: 'Display', method: 'power', args: [false] },
    });
    expect(first.status).toBe(200);
    const id = nextId();
    // Another room's display, which no other socket here is bound to: one notify per change.
    client.send({ id, cmd: 'bind', ...LAB_DISPLAY, name: 'power' });
    await client.next((f: Frame) => f?.id === id && f.type === 'notify' && f.value === false, 'power off');
    const before = counters.read().out.notify ?? 0;
    const changed = await api.req('POST', `/api/control/systems/${SYS.lab}/exec`, {
      as: 'admin',
      json: { module: 'Display', method: 'power', args: [true] },
    });
    expect(changed.status).toBe(200);
    await client.next((f: Frame) => f?.id === id && f.type === 'notify' && f.value === true, 'power on');
    expect(counters.read().out.notify).toBe(before + 1);
  });
});
