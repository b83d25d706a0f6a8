import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, socketRefusedByRun, startSimulator } from '../../e2e/support/processes.ts';
import { type Api, passwordToken, request, USERS } from '../api/support.ts';
import { connect, ROUTES, refused } from './support.ts';

/**
 * `--no-control-websocket`: the simulator as a deployment whose gateway carries no websockets. The
 * real command line, a real token: every upgrade at both routes is answered 503 with the wire
 * contract's JSON error body and no socket opens, while the REST API answers as ever (what the
 * e2e run `ROOMDECK_E2E_SOCKET=refused` starts, so the panel must poll).
 */

let simulator: Running;
let dir: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-no-socket-'));
  simulator = await startSimulator({ dataFile: path.join(dir, 'simulator.json'), refuseSockets: true });
  token = await passwordToken(simulator.url, USERS.user);
}, 90_000);

afterAll(async () => {
  await simulator?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the simulator with --no-control-websocket', () => {
  it('says so when it starts', () => {
    expect(simulator.output()).toContain('Control websocket: off');
  });

  it.each(ROUTES)(
    '%s answers a valid handshake 503 with a JSON error, and opens no socket',
    async (route) => {
      // connect() reads only the url when it is given the token.
      const api = { url: simulator.url } as Api;
      const refusal = await refused(connect(api, { path: route, token }));
      expect(refusal.status).toBe(503);
      expect(refusal.body).toMatchObject({ code: 'unavailable' });
      expect(refusal.body.error).toMatch(/not served here/);
    },
  );

  it('still serves the REST API with the same token', async () => {
    const systems = await request(simulator.url, 'GET', '/api/control/systems', { tokenValue: token });
    expect(systems.status).toBe(200);
    const state = await request(simulator.url, 'GET', '/api/engine/v2/systems/sys-huddle-3-2/Display_1', {
      tokenValue: token,
    });
    expect(state.status).toBe(200);
  });
});

describe('the e2e run parameter ROOMDECK_E2E_SOCKET', () => {
  it('is served by default, refused on request, and anything else is an error naming it', () => {
    expect(socketRefusedByRun({})).toBe(false);
    expect(socketRefusedByRun({ ROOMDECK_E2E_SOCKET: 'served' })).toBe(false);
    expect(socketRefusedByRun({ ROOMDECK_E2E_SOCKET: 'refused' })).toBe(true);
    expect(() => socketRefusedByRun({ ROOMDECK_E2E_SOCKET: 'off' })).toThrow(/ROOMDECK_E2E_SOCKET/);
  });
});
