import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken, request, SYS, USERS } from '../simulator/api/support.ts';
import { awaitValue, type OfficialClient, startOfficialClient } from './support.ts';

/**
 * ts-client's own recovery against the simulator (realtime.md §7): the socket drops without a close
 * frame, the service refuses the next handshakes for a while, a value changes meanwhile, and when the
 * socket is back ts-client re-binds and the value it shows is the fresh one (bind → success → the
 * current value, D6). The outage is held explicitly (handshakes are cut while `down`), not timed.
 */

const ROOM = SYS.huddle;
const V2 = '/api/engine/v2';

/** The simulator's upgraded sockets, to cut as a network would (no close frame), and to refuse while down. */
function outage(server: OfficialClient['sim']['app']['server']) {
  const open = new Set<Socket>();
  let down = false;
  let refusals = 0;
  const waiters: (() => void)[] = [];
  server.on('upgrade', (_request, socket: Socket) => {
    if (down) {
      refusals += 1;
      socket.destroy();
      for (const wake of waiters.splice(0)) wake();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    begin() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    end() {
      down = false;
    },
    /** Resolves once a handshake has been refused during the outage. */
    refused(ms = 15_000) {
      if (refusals > 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reconnect attempt within ${ms} ms`)), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

let oc: OfficialClient;
let adminToken: string;
beforeAll(async () => {
  oc = await startOfficialClient();
  adminToken = await passwordToken(oc.sim.url, USERS.admin);
}, 30_000);
afterAll(() => oc?.sim.close());

describe('@placeos/ts-client reconnecting to the simulator', () => {
  it('re-binds after the socket drops and shows the value changed during the outage', async () => {
    const { client, sim } = oc;
    const cut = outage(sim.app.server);
    const power = client.getModule(ROOM, 'Display', 1).binding<boolean>('power');
    power.bind();
    expect(await awaitValue(power.listen(), 'the bound power', (v) => v !== undefined)).toBe(false);

    cut.begin();
    await awaitValue(client.status(), 'ts-client noticing the drop', (connected) => !connected);
    await cut.refused();
    const change = await request(sim.url, 'POST', `${V2}/systems/${ROOM}/Display_1/power`, {
      tokenValue: adminToken,
      json: [true],
    });
    expect(change.status).toBe(200);
    expect(power.value).toBe(false);

    cut.end();
    // ts-client backs off up to 5 s between attempts (realtime.md §7), so the wait is longer here.
    expect(
      await awaitValue(power.listen(), 'power = true after the re-bind', (v) => v === true, 20_000),
    ).toBe(true);
    expect(client.is_connected()).toBe(true);
    expect(power.count).toBe(1);
  }, 45_000);
});
