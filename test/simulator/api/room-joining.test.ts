import { afterEach, describe, expect, it } from 'vitest';
import { V2 } from '../current/support.ts';
import { type Api, expectError, fakeClock, startApi } from './support.ts';

/**
 * Divisible rooms (docs/room-joining.md), driven as a panel and a technician drive them: real HTTP
 * to the simulator's demo building, the Rimu training room that splits into A and B.
 */

const A = 'sys-rimu-training-a';
const B = 'sys-rimu-training-b';
const AB = 'sys-rimu-training-ab';
const MODE = 'rimu-ab';
type State = Record<string, unknown>;

const running: Api[] = [];
afterEach(async () => {
  for (const api of running.splice(0)) await api.close();
});

async function start(clock = fakeClock()) {
  const api = await startApi({ roles: ['admin', 'user'], now: clock.now });
  running.push(api);
  return { api, clock };
}

const logic = (api: Api, system: string, method: string, args: unknown[] = []) =>
  api.req('POST', `/api/control/systems/${system}/exec`, {
    as: 'user',
    json: { module: 'RoomLogic', index: 1, method, args },
  });

const joinState = async (api: Api, system: string): Promise<State> =>
  (
    await api.req<State>('GET', `/api/control/systems/${system}/state?module=RoomLogic&index=1`, {
      as: 'user',
    })
  ).body;

/** The join keys alone, as a panel reads them. */
async function joinOf(api: Api, system: string) {
  const s = await joinState(api, system);
  return {
    join_mode: s.join_mode,
    join_master: s.join_master,
    joined: s.joined,
    join_confirmed: s.join_confirmed,
    join_pending: s.join_pending,
  };
}

const combined = { join_mode: MODE, join_master: A, joined: [A, B], join_confirmed: true, join_pending: [] };
const separate = { join_mode: null, join_master: null, joined: [], join_confirmed: false, join_pending: [] };

describe('joining and splitting a divisible room', () => {
  it('publishes the modes, named as the rooms are, only in rooms that have them', async () => {
    const { api } = await start();
    const a = await joinState(api, A);
    expect(a.join_modes).toEqual([
      {
        id: MODE,
        name: 'Rimu Training A + B',
        system_id: AB,
        merge_outputs: true,
        lock_secondary: true,
        split_on_shutdown: true,
        rooms: [
          { id: A, name: 'Rimu Training A' },
          { id: B, name: 'Rimu Training B' },
        ],
      },
    ]);
    expect(await joinOf(api, A)).toEqual(separate);
    expect(a).toMatchObject({ join_auto: true, join_override: false, wall: 'closed', wall_disagrees: false });
    // A room that cannot be joined says nothing of joining.
    const boardroom = await joinState(api, 'sys-harbour-boardroom');
    expect(Object.keys(boardroom).filter((k) => k.startsWith('join') || k.startsWith('wall'))).toEqual([]);
  });

  it('combines from A: both rooms confirm, B and the combined room name A as the master', async () => {
    const { api } = await start();
    const res = await logic(api, A, 'join', [MODE]);
    expect(res.status).toBe(200);
    expect(await joinOf(api, A)).toEqual(combined);
    expect(await joinOf(api, B)).toEqual(combined);
    expect(await joinOf(api, AB)).toEqual(combined);
    expect(await joinState(api, B)).toMatchObject({ join_system: AB, join_by: 'people' });
  });

  it('splits from B, the room that did not combine them', async () => {
    const { api } = await start();
    expect((await logic(api, A, 'join', [MODE])).status).toBe(200);
    expect((await logic(api, B, 'unjoin')).status).toBe(200);
    for (const room of [A, B, AB]) expect(await joinOf(api, room)).toEqual(separate);
  });

  it('combines from B just as well, with B as the master', async () => {
    const { api } = await start();
    expect((await logic(api, B, 'join', [MODE])).status).toBe(200);
    for (const room of [A, B, AB]) expect(await joinOf(api, room)).toEqual({ ...combined, join_master: B });
    expect((await logic(api, A, 'unjoin')).status).toBe(200);
    for (const room of [A, B]) expect(await joinOf(api, room)).toEqual(separate);
  });

  it('over the current generation too', async () => {
    const { api } = await start();
    const join = await api.req('POST', `${V2}/systems/${B}/RoomLogic_1/join`, { as: 'user', json: [MODE] });
    expect(join.status).toBe(200);
    const master = await api.req('GET', `${V2}/systems/${A}/RoomLogic_1/join_master`, { as: 'user' });
    expect(master.body).toBe(B);
    const split = await api.req('POST', `${V2}/systems/${A}/RoomLogic_1/unjoin`, { as: 'user', json: [] });
    expect(split.status).toBe(200);
    const after = await api.req('GET', `${V2}/systems/${B}/RoomLogic_1/join_master`, { as: 'user' });
    expect(after.body).toBeNull();
  });

  it('refuses a mode the room does not have, with a JSON message', async () => {
    const { api } = await start();
    const body = expectError(await logic(api, A, 'join', ['rimu-abc']), 422, 'invalid_arguments');
    expect(body.error).toMatch(/rimu-ab/);
    expect(await joinOf(api, A)).toEqual(separate);
  });

  it('is pending while the other room has not answered, and confirmed once it has', async () => {
    const { api } = await start();
    // B's room logic answers slowly (its own latency), as a busy controller does.
    const bLogic = api.simulator.repo.modules.get('mod-rimu-b-logic');
    if (!bLogic) throw new Error('demo building without Rimu B');
    const put = await api.req('PUT', '/api/control/modules/mod-rimu-b-logic', {
      json: { settings: { ...bLogic.settings, latency_ms: 1000 } },
    });
    expect(put.status).toBe(200);
    const pressed = logic(api, A, 'join', [MODE]);
    // One read holds all three: in the mode, not confirmed, B pending (it has not answered yet).
    await expect
      .poll(
        async () => {
          const a = await joinState(api, A);
          return [a.join_mode, a.join_confirmed, a.join_pending];
        },
        { interval: 20, timeout: 10_000 },
      )
      .toEqual([MODE, false, [B]]);
    expect((await pressed).status).toBe(200);
    expect(await joinOf(api, A)).toEqual(combined);
    expect(await joinOf(api, B)).toEqual(combined);
  });

  it('fails naming the room that did not take part, and leaves every room separate', async () => {
    const { api } = await start();
    expect((await api.req('POST', '/api/control/modules/mod-rimu-b-logic/stop')).status).toBe(204);
    const body = expectError(await logic(api, A, 'join', [MODE]), 502, 'driver_error');
    expect(body.error).toMatch(/Rimu Training B did not take part/);
    expect(await joinOf(api, A)).toEqual(separate);
    expect(await joinOf(api, AB)).toEqual(separate);
  });
});

describe('who can make a room believe it is joined', () => {
  it('not a caller naming a master that is not combining', async () => {
    const { api } = await start();
    const forged = await logic(api, B, 'join_accept', [MODE, A, 'people']);
    expectError(forged, 502, 'driver_error');
    expect(await joinOf(api, B)).toEqual(separate);
  });

  it('not a room outside the mode, and no room outside it is reached', async () => {
    const { api } = await start();
    const outsider = await logic(api, B, 'join_accept', [MODE, 'sys-harbour-boardroom', 'people']);
    expectError(outsider, 422, 'invalid_arguments');
    expect(await joinOf(api, B)).toEqual(separate);
    const boardroom = await joinState(api, 'sys-harbour-boardroom');
    expect(boardroom.join_mode).toBeUndefined();
  });

  it('not a split sent by a room that does not lead the join', async () => {
    const { api } = await start();
    expect((await logic(api, A, 'join', [MODE])).status).toBe(200);
    expectError(await logic(api, B, 'join_leave', [B, 'people']), 502, 'driver_error');
    expect(await joinOf(api, B)).toEqual(combined);
  });
});

describe('what a mode does besides joining', () => {
  async function withActions(api: Api, actions: unknown[]) {
    const module = api.simulator.repo.modules.get('mod-rimu-a-logic');
    if (!module) throw new Error('demo building without Rimu A');
    const modes = (module.settings.join_modes as Record<string, unknown>[]).map((m) => ({
      ...m,
      join_actions: actions,
    }));
    const put = await api.req('PUT', '/api/control/modules/mod-rimu-a-logic', {
      json: { settings: { ...module.settings, join_modes: modes } },
    });
    expect(put.status).toBe(200);
  }

  it('runs its join actions on the combined room’s devices', async () => {
    const { api } = await start();
    // Both halves' lights to the full scene (4 of Off, Presentation, Meeting, Full) when combined.
    await withActions(api, [{ module_id: 'Lighting_1', function_name: 'scene', arguments: [4] }]);
    expect((await logic(api, A, 'join', [MODE])).status).toBe(200);
    const lights = await api.req<State>('GET', `/api/control/systems/${AB}/state?module=Lighting&index=1`);
    expect(lights.body).toMatchObject({ area_1: 100, area_2: 100 });
  });

  it('says which action failed, and the rooms stay combined (the join itself worked)', async () => {
    const { api } = await start();
    await withActions(api, [{ module_id: 'Mixer_9', function_name: 'master_mute', arguments: [false] }]);
    const body = expectError(await logic(api, A, 'join', [MODE]), 502, 'driver_error');
    expect(body.error).toMatch(/^Rimu Training A \+ B was combined, but Mixer 9 /);
    expect(await joinOf(api, B)).toEqual(combined);
  });

  it('two panels pressing at once end with one master that every room names', async () => {
    const { api } = await start();
    const answers = await Promise.all([logic(api, A, 'join', [MODE]), logic(api, B, 'join', [MODE])]);
    // The second press finds the rooms combined (fine) or the join under way (and says so).
    for (const answer of answers) {
      if (answer.status !== 200)
        expect(expectError(answer, 502, 'driver_error').error).toMatch(/already being combined or split/);
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const master = (await joinOf(api, A)).join_master;
    expect([A, B]).toContain(master);
    for (const room of [A, B, AB])
      expect(await joinOf(api, room)).toEqual({ ...combined, join_master: master });
  });
});
