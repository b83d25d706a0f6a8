import { afterEach, describe, expect, it } from 'vitest';
import { type Api, fakeClock, startApi } from './support.ts';

/**
 * The partition wall's sensor and the combined room's calendar proposing joins and splits
 * (docs/room-joining.md), on the simulator's fake clock: nothing here waits for real time to pass.
 */

const A = 'sys-rimu-training-a';
const B = 'sys-rimu-training-b';
const AB = 'sys-rimu-training-ab';
const MODE = 'rimu-ab';
const DEBOUNCE_MS = 3000;
type State = Record<string, unknown>;

const running: Api[] = [];
afterEach(async () => {
  for (const api of running.splice(0)) await api.close();
});

async function start() {
  // 09:00 on the quarter hour: the demo's meetings fall on known times.
  const clock = fakeClock(Date.UTC(2025, 5, 2, 9, 0, 0));
  const api = await startApi({ roles: ['admin', 'user'], now: clock.now });
  running.push(api);
  // Both halves' panels are showing: the rooms have read the settled wall before anything moves.
  for (const room of [A, B]) expect((await logicOf(api, room)).wall).toBe('closed');
  return { api, clock };
}

const exec = async (api: Api, system: string, module: string, method: string, args: unknown[] = []) => {
  // Forcing a join or handing it back to the wall is a technician's; the rest a panel's.
  const technician = method === 'join_override' || method === 'join_auto';
  const res = await api.req('POST', `/api/control/systems/${system}/exec`, {
    as: technician ? 'admin' : 'user',
    json: { module, index: 1, method, args },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const logicOf = async (api: Api, system: string): Promise<State> =>
  (
    await api.req<State>('GET', `/api/control/systems/${system}/state?module=RoomLogic&index=1`, {
      as: 'user',
    })
  ).body;

const moveWall = (api: Api, closed: boolean) => exec(api, A, 'PartitionWall', 'test_move', [closed]);

/** The rooms' join as the panels of both halves see it, once what was proposed has been carried out. */
async function settled(api: Api, joined: boolean) {
  await expect
    .poll(async () => [(await logicOf(api, A)).join_confirmed, (await logicOf(api, B)).join_mode], {
      interval: 20,
      timeout: 10_000,
    })
    .toEqual(joined ? [true, MODE] : [false, null]);
}

describe('the partition wall', () => {
  it('opening it joins the rooms once the sensor has held for the debounce, closing it splits them', async () => {
    const { api, clock } = await start();
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS - 1);
    expect(await logicOf(api, A)).toMatchObject({ wall: 'closed', join_mode: null, wall_disagrees: false });
    clock.advance(1);
    expect((await logicOf(api, B)).wall).toBe('open');
    await settled(api, true);
    expect(await logicOf(api, B)).toMatchObject({ join_by: 'wall', joined: [A, B], wall_disagrees: false });
    expect((await logicOf(api, AB)).join_master).toEqual(expect.stringMatching(/^sys-rimu-training-[ab]$/));

    await moveWall(api, true);
    clock.advance(DEBOUNCE_MS);
    await logicOf(api, A);
    await settled(api, false);
    expect(await logicOf(api, A)).toMatchObject({ wall: 'closed', join_by: 'wall' });
  });

  it('a bouncing sensor does not flap the rooms: a bounce that ends where it began changes nothing', async () => {
    const { api, clock } = await start();
    await exec(api, A, 'PartitionWall', 'test_bounce', [4]);
    for (let t = 0; t < 10; t++) {
      clock.advance(150);
      const a = await logicOf(api, A);
      expect(a).toMatchObject({ wall: 'closed', join_mode: null });
    }
    clock.advance(DEBOUNCE_MS);
    expect(await logicOf(api, A)).toMatchObject({ wall: 'closed', join_mode: null, join_by: null });
    expect((await logicOf(api, B)).join_mode).toBeNull();
  });

  it('a bounce that leaves the wall open joins only once it has settled', async () => {
    const { api, clock } = await start();
    await exec(api, A, 'PartitionWall', 'test_bounce', [5]);
    // The last flip comes 800 ms after the first; the debounce runs from it.
    clock.advance(800 + DEBOUNCE_MS - 100);
    expect(await logicOf(api, A)).toMatchObject({ wall: 'closed', join_mode: null });
    clock.advance(100);
    await logicOf(api, A);
    await settled(api, true);
  });

  it('a person’s split wins until the wall moves again, and the panel is told the wall disagrees', async () => {
    const { api, clock } = await start();
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS);
    await logicOf(api, A);
    await settled(api, true);

    await exec(api, B, 'RoomLogic', 'unjoin');
    await settled(api, false);
    clock.advance(60_000);
    for (const room of [A, B])
      expect(await logicOf(api, room)).toMatchObject({
        join_mode: null,
        join_override: true,
        wall: 'open',
        wall_disagrees: true,
      });

    // The wall moves: closed agrees with the split, and the sensor leads again.
    await moveWall(api, true);
    clock.advance(DEBOUNCE_MS);
    expect(await logicOf(api, A)).toMatchObject({ join_override: false, wall: 'closed', join_mode: null });
    expect((await logicOf(api, B)).join_override).toBe(false);
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS);
    await logicOf(api, B);
    await settled(api, true);
  });

  it('a technician’s override holds the rooms split against an open wall; join_auto(true) hands back', async () => {
    const { api, clock } = await start();
    await exec(api, A, 'RoomLogic', 'join_override', [null]);
    expect((await logicOf(api, A)).join_override).toBe(true);
    await exec(api, A, 'RoomLogic', 'join_auto', [false]);
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS);
    expect(await logicOf(api, A)).toMatchObject({ wall: 'open', join_mode: null, join_auto: false });
    clock.advance(DEBOUNCE_MS);
    expect((await logicOf(api, A)).join_mode).toBeNull();

    await exec(api, A, 'RoomLogic', 'join_auto', [true]);
    await logicOf(api, A);
    await settled(api, true);
    expect(await logicOf(api, A)).toMatchObject({ join_by: 'wall', join_override: false });
  });

  it('a technician’s override can join the rooms with the wall closed', async () => {
    const { api } = await start();
    await exec(api, B, 'RoomLogic', 'join_override', [MODE]);
    await settled(api, true);
    expect(await logicOf(api, A)).toMatchObject({
      join_master: B,
      join_by: 'override',
      join_override: true,
      wall_disagrees: true,
    });
  });
});

/** A room's logic as the simulator holds it, read without bringing it up to date. */
const stored = (api: Api, system: 'a' | 'b'): State =>
  api.simulator.repo.states.get(`mod-rimu-${system}-logic`) ?? {};

describe('the wall on the simulator’s own clock', () => {
  it('joins the rooms within the debounce with nobody reading, led by the first room of the mode', async () => {
    const clock = fakeClock(Date.UTC(2025, 5, 2, 9, 0, 0));
    const api = await startApi({ roles: ['admin', 'user'], now: clock.now, clockTickMs: 10 });
    running.push(api);
    await expect.poll(() => stored(api, 'a').wall, { interval: 10, timeout: 5_000 }).toBe('closed');
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS);
    // No panel reads either room: the simulator's clock alone carries the join out.
    await expect
      .poll(() => [stored(api, 'a').join_confirmed, stored(api, 'b').join_mode], {
        interval: 10,
        timeout: 5_000,
      })
      .toEqual([true, MODE]);
    expect(stored(api, 'b')).toMatchObject({ join_master: A, join_by: 'wall' });
  });

  it('when only the second room’s panel reads, the first room still leads the join', async () => {
    const clock = fakeClock(Date.UTC(2025, 5, 2, 9, 0, 0));
    const api = await startApi({ roles: ['admin', 'user'], now: clock.now, clockTickMs: 0 });
    running.push(api);
    expect((await logicOf(api, B)).wall).toBe('closed');
    await moveWall(api, false);
    clock.advance(DEBOUNCE_MS);
    await expect
      .poll(async () => (await logicOf(api, B)).join_confirmed, { interval: 20, timeout: 5_000 })
      .toBe(true);
    expect(await logicOf(api, B)).toMatchObject({ join_master: A, joined: [A, B], join_by: 'wall' });
  });
});

const at = (hh: number, mm: number) => Date.UTC(2025, 5, 2, hh, mm, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('the combined room’s calendar', () => {
  // The demo: "All-hands training" in Rimu Training A + B from 13:00 to 14:30.
  it('joins the rooms at the booking’s start and splits them at its end', async () => {
    const { api, clock } = await start();
    clock.advance(at(12, 59) - clock.now());
    expect((await logicOf(api, A)).join_mode).toBeNull();
    clock.advance(60_000);
    await logicOf(api, A);
    await settled(api, true);
    expect(await logicOf(api, B)).toMatchObject({ join_by: 'calendar', join_booking: expect.any(String) });

    clock.advance(at(14, 29) - clock.now());
    expect((await logicOf(api, A)).join_confirmed).toBe(true);
    clock.advance(60_000);
    await logicOf(api, B);
    await settled(api, false);
  });

  it('never joins in the middle of a meeting in either half: it waits for it to end', async () => {
    const { api, clock } = await start();
    // Rimu Training B is booked 12:45–13:15, across the combined booking's start.
    await exec(api, B, 'Bookings', 'book', [seconds(at(12, 45)), 30, 'Overrun']);
    clock.advance(at(13, 0) - clock.now());
    await logicOf(api, A);
    clock.advance(10 * 60_000);
    expect((await logicOf(api, A)).join_mode).toBeNull();
    expect((await logicOf(api, B)).join_mode).toBeNull();
    clock.advance(at(13, 15) - clock.now());
    await logicOf(api, A);
    await settled(api, true);
  });

  it('never splits in the middle of a meeting in either half: it waits for it to end', async () => {
    const { api, clock } = await start();
    await exec(api, A, 'Bookings', 'book', [seconds(at(14, 15)), 30, 'Debrief']);
    clock.advance(at(13, 0) - clock.now());
    await logicOf(api, A);
    await settled(api, true);
    clock.advance(at(14, 30) - clock.now());
    await logicOf(api, B);
    clock.advance(10 * 60_000);
    expect((await logicOf(api, B)).join_confirmed).toBe(true);
    clock.advance(at(14, 45) - clock.now());
    await logicOf(api, B);
    await settled(api, false);
  });

  it('leaves a person’s split alone for the rest of the booking', async () => {
    const { api, clock } = await start();
    clock.advance(at(13, 0) - clock.now());
    await logicOf(api, A);
    await settled(api, true);
    await exec(api, A, 'RoomLogic', 'unjoin');
    await settled(api, false);
    clock.advance(30 * 60_000);
    expect((await logicOf(api, A)).join_mode).toBeNull();
    expect((await logicOf(api, B)).join_mode).toBeNull();
  });
});
