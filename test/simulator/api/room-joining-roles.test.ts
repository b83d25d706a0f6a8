import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V2 } from '../current/support.ts';
import { type Client, connect, type Frame, nextId } from '../realtime/support.ts';
import { type Api, type Role, startApi } from './support.ts';

/**
 * Forcing a divisible room's join against its wall (`join_override`) and handing it back to the
 * wall (`join_auto`) are a technician's work: a plain user's or a wall panel's account is refused
 * 403 with a message naming the role needed, through both API generations and the websocket's
 * exec, and the room is left as it was. Support and admin may.
 */

const A = 'sys-rimu-training-a';
const MODE = 'rimu-ab';
const NEEDS = /needs the support or admin role/;
type State = Record<string, unknown>;

let api: Api;
const sockets: Client[] = [];
beforeAll(async () => {
  api = await startApi({ socket: true, realtime: { tickMs: 0, pongEveryMs: 0 } });
});
afterAll(async () => {
  for (const client of sockets) client.ws.terminate();
  await api.close();
});

const logic = async (): Promise<State> =>
  (await api.req<State>('GET', `/api/control/systems/${A}/state?module=RoomLogic`, { as: 'admin' })).body;

const legacy = (as: Role, method: string, args: unknown[]) =>
  api.req('POST', `/api/control/systems/${A}/exec`, { as, json: { module: 'RoomLogic', method, args } });
const current = (as: Role, method: string, args: unknown[]) =>
  api.req('POST', `${V2}/systems/${A}/RoomLogic_1/${method}`, { as, json: args });
const byModule = (as: Role, method: string, args: unknown[]) =>
  api.req('POST', `${V2}/modules/mod-rimu-a-logic/exec/${method}`, { as, json: args });

const CALLS: [string, unknown[]][] = [
  ['join_override', [MODE]],
  ['join_override', [null]],
  ['join_auto', [false]],
];

describe('join_override and join_auto are for support and admin', () => {
  it('refuses the panel’s account (role user) through the legacy generation, naming the role needed', async () => {
    const before = await logic();
    for (const [method, args] of CALLS) {
      const res = await legacy('user', method, args);
      expect(res.status, method).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden', error: expect.stringMatching(NEEDS) });
      expect(res.body.error).toContain(method);
    }
    expect(await logic()).toMatchObject({
      join_mode: before.join_mode,
      join_override: false,
      join_auto: true,
    });
  });

  it('refuses it through the current generation, by system and by module id', async () => {
    for (const [method, args] of CALLS) {
      for (const call of [current, byModule]) {
        const res = await call('user', method, args);
        expect(res.status, method).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
        expect(res.body).toEqual({ error: expect.stringMatching(NEEDS) });
      }
    }
    expect(await logic()).toMatchObject({ join_mode: null, join_override: false, join_auto: true });
  });

  it('refuses it over the websocket’s exec with access denied', async () => {
    const client = await connect(api, { token: api.tokens.user });
    sockets.push(client);
    for (const [method, args] of CALLS) {
      const id = nextId();
      client.send({ id, cmd: 'exec', sys: A, mod: 'RoomLogic', index: 1, name: method, args });
      const reply: Frame = await client.next((f: Frame) => f?.id === id, `${method} reply`);
      expect(reply).toMatchObject({ type: 'error', code: 2, msg: expect.stringMatching(NEEDS) });
    }
    expect(await logic()).toMatchObject({ join_mode: null, join_override: false, join_auto: true });
  });

  it('lets a person at the panel combine and split, as before', async () => {
    expect((await legacy('user', 'join', [MODE])).status).toBe(200);
    expect((await legacy('user', 'unjoin', [])).status).toBe(200);
    expect(await logic()).toMatchObject({ join_mode: null });
  });

  it('lets support and admin force, clear and hand back, in both generations and over the websocket', async () => {
    expect((await legacy('support', 'join_override', [MODE])).status).toBe(200);
    expect(await logic()).toMatchObject({ join_mode: MODE, join_override: true });
    expect((await current('admin', 'join_override', [null])).status).toBe(200);
    expect(await logic()).toMatchObject({ join_mode: null, join_override: true });
    expect((await byModule('support', 'join_auto', [false])).status).toBe(200);
    expect((await logic()).join_auto).toBe(false);

    const client = await connect(api, { token: api.tokens.support });
    sockets.push(client);
    const id = nextId();
    client.send({ id, cmd: 'exec', sys: A, mod: 'RoomLogic', index: 1, name: 'join_auto', args: [true] });
    expect(await client.next((f: Frame) => f?.id === id, 'join_auto reply')).toMatchObject({
      type: 'success',
    });
    expect(await logic()).toMatchObject({ join_auto: true, join_override: false });
  });
});
