import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, fakeClock, SYS, startApi } from './support.ts';

/** The ssh driver (role 0): a room PC, over real HTTP, as a technician's tools meet it. */

type State = Record<string, unknown>;

const clock = fakeClock();
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'], now: clock.now });
});
afterAll(() => api.close());

const exec = (system: string, method: string, args: unknown[] = []) =>
  api.req('POST', `/api/control/systems/${system}/exec`, { json: { module: 'RoomPC', method, args } });
const state = async (id: string) => (await api.req<State>('GET', `/api/control/modules/${id}/state`)).body;

/** A PC of its own in a room of its own, so tests do not share a signed-in user. */
async function newPc(settings: Record<string, unknown> = {}): Promise<{ id: string; system: string }> {
  const created = await api.req<{ id: string; role: number; port: number; name: string }>(
    'POST',
    '/api/control/modules',
    {
      json: {
        dependency_id: 'dep-room-pc',
        ip: '10.96.0.9',
        settings: { ssh_delay_ms: 0, log_off_ms: 0, ...settings },
      },
    },
  );
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ role: 0, port: 22, name: 'RoomPC' });
  const system = await api.req<{ id: string }>('POST', '/api/control/systems', {
    json: { name: `PC Room ${created.body.id}`, zones: ['zone-org'], modules: [created.body.id] },
  });
  expect(system.status).toBe(201);
  return { id: created.body.id, system: system.body.id };
}

describe('the room PC (ssh driver) in the demo building', () => {
  it('is a role 0 dependency with a driver of its own', async () => {
    const deps = await api.req<{ id: string }[]>('GET', '/api/control/dependencies?q=Room%20PC');
    expect(deps.status).toBe(200);
    expect(deps.body.find((d) => d.id === 'dep-room-pc')).toMatchObject({
      role: 0,
      default_port: 22,
      name: 'RoomPC',
    });
  });

  it('sits in the Boardroom and the Training Room, reachable, with an uptime and the room account signed in', async () => {
    for (const [system, id, user] of [
      [SYS.boardroom, 'mod-boardroom-pc', 'meeting.room'],
      [SYS.training, 'mod-training-pc', 'trainer'],
    ] as const) {
      expect(
        (await api.req<{ modules: string[] }>('GET', `/api/control/systems/${system}`)).body.modules,
      ).toContain(id);
      const s = await state(id);
      expect(s).toMatchObject({
        reachable: true,
        rebooting: false,
        logged_in_user: user,
        screen_locked: false,
      });
      expect(s.uptime_seconds).toEqual(expect.any(Number));
    }
    expect((await state('mod-training-pc')).uptime_seconds).toBe(11 * 3600);
  });

  it('lists lock_screen, log_off and reboot, taking no arguments', async () => {
    const funcs = await api.req<Record<string, unknown>>(
      'GET',
      `/api/control/systems/${SYS.boardroom}/funcs?module=RoomPC`,
    );
    expect(Object.keys(funcs.body).sort()).toEqual(['lock_screen', 'log_off', 'reboot']);
  });

  it('takes an SSH round trip for a command (the default delay of a seeded PC)', async () => {
    const started = performance.now();
    expect((await exec(SYS.boardroom, 'lock_screen')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect((await state('mod-boardroom-pc')).screen_locked).toBe(true);
  });
});

describe('commands and refusals', () => {
  it('locks the screen, signs the user out, then refuses both with nobody signed in', async () => {
    const pc = await newPc();
    expect((await exec(pc.system, 'lock_screen')).status).toBe(200);
    expect(await state(pc.id)).toMatchObject({ screen_locked: true, logged_in_user: 'meeting.room' });
    expect((await exec(pc.system, 'log_off')).status).toBe(200);
    expect(await state(pc.id)).toMatchObject({ screen_locked: false, logged_in_user: null });
    for (const method of ['log_off', 'lock_screen']) {
      const refused = expectError(await exec(pc.system, method), 502, 'driver_error');
      expect(refused.error).toMatch(/nobody is signed in on Room PC at 10\.96\.0\.9/);
    }
  });

  it('goes unreachable for the restart, refusing commands and pings with the time left, then comes back fresh', async () => {
    const pc = await newPc({ reboot_seconds: 30 });
    await exec(pc.system, 'lock_screen');
    expect((await exec(pc.system, 'reboot')).status).toBe(200);
    expect(await state(pc.id)).toMatchObject({
      reachable: false,
      rebooting: true,
      logged_in_user: null,
      uptime_seconds: null,
    });
    const refused = expectError(await exec(pc.system, 'lock_screen'), 502, 'driver_error');
    expect(refused.error).toMatch(/is restarting; try again in 30 s/);
    const ping = await api.req('POST', `/api/control/modules/${pc.id}/ping`);
    expect(ping.body).toMatchObject({ host: '10.96.0.9', pingable: false });

    clock.advance(12_000);
    expect(expectError(await exec(pc.system, 'reboot'), 502, 'driver_error').error).toMatch(
      /try again in 18 s/,
    );
    clock.advance(18_000);
    expect(await state(pc.id)).toMatchObject({
      reachable: true,
      rebooting: false,
      logged_in_user: 'meeting.room',
      screen_locked: false,
      uptime_seconds: 0,
    });
    expect((await api.req('POST', `/api/control/modules/${pc.id}/ping`)).body).toMatchObject({
      pingable: true,
    });
    clock.advance(5_000);
    expect((await state(pc.id)).uptime_seconds).toBe(5);
  });

  it('comes back with nobody signed in when it has no automatic sign-in', async () => {
    const pc = await newPc({ auto_login_user: null, reboot_seconds: 1 });
    expect((await state(pc.id)).logged_in_user).toBeNull();
    expect((await exec(pc.system, 'log_off')).status).toBe(502);
  });

  it('waits for the desktop session to end on log off', async () => {
    const pc = await newPc({ log_off_ms: 300 });
    const started = performance.now();
    await exec(pc.system, 'log_off');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });
});
