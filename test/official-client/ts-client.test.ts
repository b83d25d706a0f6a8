import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken, request, SYS, USERS } from '../simulator/api/support.ts';
import {
  awaitValue,
  httpFailure,
  type OfficialClient,
  REDIRECT_PATH,
  socketFailure,
  startOfficialClient,
} from './support.ts';
import type { PlaceModule, PlaceSystem, QueryPage, Source } from './ts-client-api.ts';

/**
 * The proof of fidelity: @placeos/ts-client, a client nobody here wrote, unmodified, in
 * Node against the simulator's current generation on a real port. It signs in through
 * `/auth/authority`, queries and pages systems and modules, reads functions and types, executes
 * over REST and over its control websocket, and binds a status variable that another client changes.
 * Every wait is bounded and awaits the value it expects.
 */

/** More rooms than one page of 100 (the current generation's default limit). */
const EXTRA_SYSTEMS = 120;
const V2 = '/api/engine/v2';
// Each test works on its own room, so none depends on what another did first.
const BOUND_ROOM = SYS.huddle;
const REST_ROOM = SYS.lounge;
const SOCKET_ROOM = SYS.lab;
const CALL_ROOM = SYS.training;

/** Follows `next()` as a ts-client user does, to the page that has none. */
async function everyPage<T>(first: Source<QueryPage<T>>, what: string) {
  const pages: QueryPage<T>[] = [await awaitValue(first, `${what}, page 1`)];
  for (let last = pages[0]; last?.next; last = pages.at(-1)) {
    const next = last.next();
    if (next === null) break;
    pages.push(await awaitValue(next, `${what}, page ${pages.length + 1}`));
    if (pages.length > 50) throw new Error(`${what}: more than 50 pages`);
  }
  return pages;
}

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

let oc: OfficialClient;
/** The other client: an administrator on plain HTTP. */
let adminToken: string;

const other = <T>(method: string, path: string, json?: unknown) =>
  request<T>(oc.sim.url, method, path, { tokenValue: adminToken, json });

beforeAll(async () => {
  oc = await startOfficialClient({ extraSystems: EXTRA_SYSTEMS });
  adminToken = await passwordToken(oc.sim.url, USERS.admin);
}, 30_000);

// The browser globals stay: ts-client's own timers (keep-alive, reconnect) read them until this
// file's worker ends, and the library offers no way to stop them.
afterAll(() => oc?.sim.close());

describe('@placeos/ts-client, unmodified, against the simulator (current generation)', () => {
  it('setup() reads /auth/authority, chooses /api/engine/v2, finds its token and goes online without a login redirect', () => {
    const { client, sim } = oc;
    expect(client.authority()).toMatchObject({
      id: expect.any(String),
      login_url: expect.stringContaining('{{url}}'),
      version: expect.stringMatching(/^[2-9]\.\d+\.\d+$/),
    });
    expect(client.httpRoute()).toBe(V2);
    expect(client.apiEndpoint()).toBe(`${sim.url}${V2}`);
    expect(client.websocketRoute()).toBe(`${V2}/systems/control`);
    expect(client.redirectUri()).toBe(`${sim.url}${REDIRECT_PATH}`);
    expect(client.isOnline()).toBe(true);
    expect(client.token()).toBe(oc.token);
    expect(oc.browser.navigations).toEqual([]);
  });

  it('querySystems: more systems than one page, the total from X-Total-Count, next() to the last page', async () => {
    const all = await other<{ id: string }[]>('GET', `${V2}/systems?limit=1000`);
    expect(all.body.length).toBeGreaterThan(100);

    const pages = await everyPage<PlaceSystem>(oc.client.querySystems(), 'systems');
    expect(pages.map((page) => page.data.length)).toEqual([100, all.body.length - 100]);
    expect(pages.map((page) => page.total)).toEqual([all.body.length, all.body.length]);
    expect(pages[1]?.next).toBeNull();
    const systems = pages.flatMap((page) => page.data);
    expect(idsOf(systems)).toEqual(idsOf(all.body));
    const huddle = systems.find((system) => system.id === BOUND_ROOM);
    expect(huddle).toBeInstanceOf(oc.client.PlaceSystem);
    expect(huddle).toMatchObject({ name: 'Huddle 3.2', capacity: 4, bookable: true });
  });

  it('querySystems keeps a two-word search across its pages: next() asks the same question', async () => {
    const q = 'huddle boardroom';
    const all = await other<{ id: string }[]>('GET', `${V2}/systems?q=${encodeURIComponent(q)}&limit=1000`);
    expect(all.body.length).toBeGreaterThan(2);

    const pages = await everyPage<PlaceSystem>(
      oc.client.querySystems({ q, limit: 2 }),
      `systems matching ${q}`,
    );
    expect(pages.length).toBe(Math.ceil(all.body.length / 2));
    expect(new Set(pages.map((page) => page.total))).toEqual(new Set([all.body.length]));
    expect(idsOf(pages.flatMap((page) => page.data))).toEqual(idsOf(all.body));
  });

  it('queryModules pages past 100 modules, and a system’s modules come whole, in its order, without next()', async () => {
    const all = await other<{ id: string }[]>('GET', `${V2}/modules?limit=1000`);
    expect(all.body.length).toBeGreaterThan(100);
    const pages = await everyPage<PlaceModule>(oc.client.queryModules(), 'modules');
    expect(pages.length).toBe(2);
    expect(pages.map((page) => page.total)).toEqual([all.body.length, all.body.length]);
    expect(idsOf(pages.flatMap((page) => page.data))).toEqual(idsOf(all.body));

    const room = await other<{ modules: string[] }>('GET', `${V2}/systems/${BOUND_ROOM}`);
    const own = await awaitValue(
      oc.client.queryModules({ control_system_id: BOUND_ROOM }),
      'the room’s modules',
    );
    expect(idsOf(own.data)).toEqual(room.body.modules);
    expect(own.total).toBe(room.body.modules.length);
    expect(own.next).toBeNull();
    expect(own.data[0]).toBeInstanceOf(oc.client.PlaceModule);
  });

  it('functionList: the Display’s methods with arity, JSON-schema params and order', async () => {
    const functions = await awaitValue(
      oc.client.functionList(BOUND_ROOM, 'Display', 1),
      'functions of Display 1',
    );
    expect(functions.power).toMatchObject({
      arity: 1,
      order: ['state'],
      params: { state: { type: 'boolean' } },
    });
    expect(functions.volume).toMatchObject({ arity: 1, order: ['level'] });
    const direct = await other('GET', `${V2}/systems/${BOUND_ROOM}/functions/Display_1`);
    expect(functions).toEqual(direct.body);
  });

  it('types: the module classes of a system and how many of each, through ts-client’s HTTP layer', async () => {
    // ts-client 4.7.7 exports no function for /types (its old moduleTypes called the legacy /count),
    // so the call goes through its own authenticated `get`.
    const types = await awaitValue(
      oc.client.get(`${oc.client.apiEndpoint()}/systems/${BOUND_ROOM}/types`),
      'types of the huddle room',
    );
    expect(types).toEqual({ RoomLogic: 1, Display: 1, Bookings: 1, VidConf: 1 });
  });

  it('executeOnSystem runs a method over REST; the state read back shows it', async () => {
    const { client } = oc;
    expect(
      await awaitValue(client.lookupSystemModuleState(REST_ROOM, 'Display', 1, 'power'), 'power before'),
    ).toBe(false);
    expect(
      await awaitValue(client.executeOnSystem(REST_ROOM, 'power', 'Display', 1, [true]), 'exec power'),
    ).toBeNull();
    expect(
      await awaitValue(client.lookupSystemModuleState(REST_ROOM, 'Display', 1, 'power'), 'power after'),
    ).toBe(true);
    // The whole state: values as JSON text, as rest-api reads them from Redis.
    const state = await awaitValue(client.systemModuleState(REST_ROOM, 'Display', 1), 'Display 1 state');
    expect(state.power).toBe('true');
  });

  it('a method the module does not have: REST rejects with 400 "bad request", the socket with error 1', async () => {
    const rest = await httpFailure(
      awaitValue(oc.client.executeOnSystem(REST_ROOM, 'self_destruct', 'Display', 1, []), 'exec'),
    );
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({
      error: 'bad request',
      message: 'could not find function self_destruct',
    });

    const frame = await socketFailure(oc.client.getModule(REST_ROOM, 'Display', 1).execute('self_destruct'));
    expect(frame).toMatchObject({ type: 'error', error_code: 1 });
    expect(String(frame.msg)).toContain('self_destruct');
  });

  it("binding('power') of Display 1: bound, its value, and a change made by another client arrives as a notify", async () => {
    const { client, browser, token } = oc;
    const power = client.getModule(BOUND_ROOM, 'Display', 1).binding<boolean>('power');
    const unbind = power.bind();
    expect(await awaitValue(power.listen(), 'the bound value of power', (v) => v !== undefined)).toBe(false);

    const change = await other('POST', `${V2}/systems/${BOUND_ROOM}/Display_1/power`, [true]);
    expect(change.status).toBe(200);
    expect(await awaitValue(power.listen(), 'power = true by notify', (v) => v === true)).toBe(true);
    expect(power.value).toBe(true);
    expect(power.count).toBe(1);
    expect(client.is_connected()).toBe(true);
    // ts-client's default carrier: its token in a cookie scoped to the socket's path, not in the URL.
    expect(browser.cookies.written).toContain(
      `bearer_token=${token};max-age=120;path=${V2}/systems/control;samesite=strict`,
    );
    unbind();
  });

  it('exec over the socket: the module API resolves with the method’s result and the change is seen everywhere', async () => {
    const { client } = oc;
    const display = client.getModule(SOCKET_ROOM, 'Display', 1);
    const volume = display.binding<number>('volume');
    volume.bind();
    const before = await awaitValue(volume.listen(), 'the bound volume', (v) => typeof v === 'number');

    expect(await display.execute('power', [true])).toBeNull();
    const level = before === 55 ? 56 : 55;
    expect(await display.execute('volume', [level])).toBeNull();
    expect(await awaitValue(volume.listen(), `volume = ${level} by notify`, (v) => v === level)).toBe(level);
    const read = await other('GET', `${V2}/systems/${SOCKET_ROOM}/Display_1/volume`);
    expect(read.body).toBe(level);

    // A method with a result: the booking made, as the driver returns it.
    const start = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const meeting = await client
      .getModule(BOUND_ROOM, 'Bookings', 1)
      .execute('book', [start, 30, 'From ts-client']);
    expect(meeting).toMatchObject({
      id: expect.any(String),
      title: 'From ts-client',
      start,
      end: start + 1800,
    });
    const meetings = await other<string>('GET', `${V2}/systems/${BOUND_ROOM}/Bookings_1/meetings`);
    expect(idsOf(meetings.body as unknown as { id: string }[])).toContain(meeting.id);
  });

  it('errors over the socket reject with the numbered frame: a driver refusal (3), an unknown module (6) or system (5)', async () => {
    const { client } = oc;
    const refused = await socketFailure(
      client.getModule(BOUND_ROOM, 'Bookings', 1).execute('book', [1000, 30, 'x']),
    );
    expect(refused).toMatchObject({
      type: 'error',
      error_code: 3,
      msg: expect.stringMatching(/^module raised: /),
    });
    const noModule = await socketFailure(
      client.getModule(BOUND_ROOM, 'Projector', 1).execute('power', [true]),
    );
    expect(noModule).toMatchObject({ type: 'error', error_code: 6 });
    const noSystem = await socketFailure(
      client.getModule('sys-nowhere', 'Display', 1).execute('power', [true]),
    );
    expect(noSystem).toMatchObject({ type: 'error', error_code: 5 });
  });

  it("binding('calls') of the codec: a call rings, is answered through ts-client and connects, then ends", async () => {
    const { client } = oc;
    type Call = { id: number; status: string; direction: string; started_at: number | null };
    // Answered at once and gone at once: every step below is one the test itself causes.
    const settings = { connect_seconds: 0, disconnect_seconds: 0, no_answer_seconds: 600 };
    expect((await other('PUT', `${V2}/modules/mod-training-codec`, { settings })).status).toBe(200);
    const codec = client.getModule(CALL_ROOM, 'VidConf', 1);
    const calls = codec.binding<Call[]>('calls');
    const unbind = calls.bind();
    const statuses = (v: Call[] | undefined) => (Array.isArray(v) ? v.map((c) => c.status).join() : null);
    expect(await awaitValue(calls.listen(), 'no call at bind', (v) => statuses(v) === '')).toEqual([]);

    // Another client raises a call to the room; ts-client sees it ring.
    const raised = await other<Call>('POST', `${V2}/systems/${CALL_ROOM}/VidConf_1/test_incoming_call`, [
      'mere.tane@demo.local',
    ]);
    expect(raised.status).toBe(200);
    await awaitValue(calls.listen(), 'the call ringing', (v) => statuses(v) === 'Ringing');

    await codec.execute('call_accept', [raised.body.id]);
    const connected = await awaitValue(
      calls.listen(),
      'the call connected',
      (v) => statuses(v) === 'Connected',
    );
    expect(connected[0]).toMatchObject({
      id: raised.body.id,
      direction: 'incoming',
      remote_name: 'Mere Tane',
      started_at: expect.any(Number),
    });
    const last = codec.binding<{ outcome: string } | null>('last_call');
    const unbindLast = last.bind();
    expect(await codec.execute('test_far_end', ['hangup'])).toBeNull();
    expect(await awaitValue(calls.listen(), 'the call gone', (v) => statuses(v) === '')).toEqual([]);
    expect(await awaitValue(last.listen(), 'how it ended', (v) => v?.outcome === 'ended')).toMatchObject({
      outcome: 'ended',
    });
    unbind();
    unbindLast();
  });
});
