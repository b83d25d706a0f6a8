import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Client, connect, type Frame, nextId } from '../realtime/support.ts';
import { type Api, startApi } from './support.ts';

/**
 * A divisible room's join across a simulator restart, over the control websocket, and what the
 * combined room does with both halves' devices (docs/room-joining.md).
 */

const A = 'sys-rimu-training-a';
const B = 'sys-rimu-training-b';
const AB = 'sys-rimu-training-ab';
const MODE = 'rimu-ab';
type State = Record<string, unknown>;

const running: Api[] = [];
const sockets: Client[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const client of sockets.splice(0)) client.ws.terminate();
  for (const api of running.splice(0)) await api.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startApi>[0] = {}) {
  const api = await startApi({ roles: ['admin', 'user'], ...options });
  running.push(api);
  return api;
}

async function stop(api: Api) {
  running.splice(running.indexOf(api), 1);
  await api.close();
}

const exec = async (api: Api, system: string, module: string, method: string, args: unknown[] = []) => {
  const res = await api.req('POST', `/api/control/systems/${system}/exec`, {
    as: 'user',
    json: { module, index: 1, method, args },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const stateOf = async (api: Api, system: string, module: string, index = 1): Promise<State> =>
  (
    await api.req<State>('GET', `/api/control/systems/${system}/state?module=${module}&index=${index}`, {
      as: 'user',
    })
  ).body;

const joinKeys = ['join_mode', 'join_master', 'joined', 'join_confirmed', 'join_pending', 'join_system'];
const joinOf = async (api: Api, system: string) => {
  const s = await stateOf(api, system, 'RoomLogic');
  return Object.fromEntries(joinKeys.map((k) => [k, s[k]]));
};

describe('a join kept across a restart of the simulator', () => {
  it('comes back combined, with the same master, in every room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomdeck-join-'));
    dirs.push(dir);
    const dataFile = join(dir, 'roomdeck.json');
    const first = await start({ dataFile });
    await exec(first, B, 'RoomLogic', 'join', [MODE]);
    const before = { a: await joinOf(first, A), b: await joinOf(first, B), ab: await joinOf(first, AB) };
    expect(before.a).toMatchObject({
      join_mode: MODE,
      join_master: B,
      join_confirmed: true,
      join_system: AB,
    });
    await first.simulator.flush();
    await stop(first);

    const second = await start({ dataFile });
    expect({ a: await joinOf(second, A), b: await joinOf(second, B), ab: await joinOf(second, AB) }).toEqual(
      before,
    );
    // And it still splits from either room after the restart.
    await exec(second, A, 'RoomLogic', 'unjoin');
    expect((await joinOf(second, B)).join_mode).toBeNull();
  });

  it('reads a data file where each room names the other as master without hanging, both separate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomdeck-join-'));
    dirs.push(dir);
    const dataFile = join(dir, 'roomdeck.json');
    await stop(await start({ dataFile }));
    const stored = JSON.parse(readFileSync(dataFile, 'utf8'));
    const claim = (master: string) => ({
      join_mode: MODE,
      join_master: master,
      joined: [A, B],
      join_confirmed: true,
    });
    Object.assign(stored.data.states['mod-rimu-a-logic'], claim(B));
    Object.assign(stored.data.states['mod-rimu-b-logic'], claim(A));
    writeFileSync(dataFile, JSON.stringify(stored));

    const api = await start({ dataFile });
    expect((await joinOf(api, A)).join_mode).toBeNull();
    expect((await joinOf(api, B)).join_mode).toBeNull();
  });
});

describe('the control websocket', () => {
  const isReply = (id: number) => (f: Frame) => f?.id === id && f.type !== 'notify';
  const isNotify = (id: number, value: unknown) => (f: Frame) =>
    f?.type === 'notify' && f.id === id && JSON.stringify(f.value) === JSON.stringify(value);

  it('tells a panel bound to join_master on the secondary when A combines and when B splits', async () => {
    const api = await start({ socket: true, realtime: { tickMs: 0, pongEveryMs: 0 } });
    const client = await connect(api);
    sockets.push(client);
    const bound = nextId();
    client.send({ id: bound, cmd: 'bind', sys: B, mod: 'RoomLogic', index: 1, name: 'join_master' });
    expect(await client.next(isReply(bound), 'bind reply')).toMatchObject({ type: 'success' });
    // A null status is not sent at bind (D6): the panel starts from "no master".

    const pressed = nextId();
    client.send({ id: pressed, cmd: 'exec', sys: A, mod: 'RoomLogic', index: 1, name: 'join', args: [MODE] });
    expect(await client.next(isReply(pressed), 'join reply')).toMatchObject({ type: 'success' });
    await client.next(isNotify(bound, A), 'join_master A');

    const split = nextId();
    client.send({ id: split, cmd: 'exec', sys: B, mod: 'RoomLogic', index: 1, name: 'unjoin', args: [] });
    expect(await client.next(isReply(split), 'unjoin reply')).toMatchObject({ type: 'success' });
    await client.next(isNotify(bound, null), 'join_master null again');
  });
});

describe('the combined room', () => {
  it('shows a source of B on both halves’ screens through the shared switcher', async () => {
    const api = await start();
    await exec(api, A, 'RoomLogic', 'join', [MODE]);
    await exec(api, AB, 'RoomLogic', 'select_source', ['Laptop B']);
    expect(await stateOf(api, AB, 'Switcher')).toMatchObject({ output_1: 3, output_2: 3 });
    const logic = await stateOf(api, AB, 'RoomLogic');
    expect(logic.active).toBe('Laptop B');
    for (const index of [1, 2]) expect((await stateOf(api, AB, 'Display', index)).power).toBe(true);
  });

  it('leaves the other half’s screen alone when a half is used on its own', async () => {
    const api = await start();
    await exec(api, B, 'RoomLogic', 'select_source', ['Laptop']);
    expect(await stateOf(api, B, 'Switcher')).toMatchObject({ output_1: 1, output_2: 3 });
    await exec(api, A, 'RoomLogic', 'select_source', ['Room PC']);
    expect(await stateOf(api, A, 'Switcher')).toMatchObject({ output_1: 2, output_2: 3 });
    expect((await stateOf(api, A, 'Display')).power).toBe(true);
    expect((await stateOf(api, B, 'Display')).power).toBe(true);
  });

  it('splits when it is switched off, as its mode says', async () => {
    const api = await start();
    await exec(api, A, 'RoomLogic', 'join', [MODE]);
    await exec(api, AB, 'RoomLogic', 'power', [true]);
    await exec(api, AB, 'RoomLogic', 'power', [false]);
    for (const room of [A, B, AB]) expect((await joinOf(api, room)).join_mode).toBeNull();
  });

  it('a half switched off while combined splits too', async () => {
    const api = await start();
    await exec(api, A, 'RoomLogic', 'join', [MODE]);
    await exec(api, B, 'RoomLogic', 'power', [false]);
    for (const room of [A, B, AB]) expect((await joinOf(api, room)).join_mode).toBeNull();
  });
});
