import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, V2 } from './support.ts';

/** placeos-generations.md §1C, §3 (ping, start/stop, module state), §4 (Module as serialised). */

interface Module {
  id: string;
  driver_id: string;
  name: string;
  role: number;
  running: boolean;
  control_system_id?: string;
  driver?: { name: string; module_name: string };
}

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const createDisplay = (as: 'admin' | 'support' | 'user' = 'admin', extra: Record<string, unknown> = {}) =>
  api.req<Module>('POST', `${V2}/modules`, {
    as,
    json: { driver_id: 'dep-display', ip: '10.97.0.1', ...extra },
  });

describe('current generation modules', () => {
  it('creates from driver_id with 201 (with its driver), updates, and deletes with 202', async () => {
    const created = await createDisplay();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ driver_id: 'dep-display', name: 'Display', role: 1, running: true });
    expect(created.body.driver).toMatchObject({ module_name: 'Display' });
    expect(created.body).not.toHaveProperty('dependency_id');
    expect(created.body).not.toHaveProperty('control_system_id');
    const id = created.body.id;
    const updated = await api.req<Module>('PATCH', `${V2}/modules/${id}`, { json: { notes: 'wall left' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ notes: 'wall left', driver: { name: 'Display' } });
    const shown = await api.req<Module>('GET', `${V2}/modules/${id}`);
    expect(shown.body).toMatchObject({ id, notes: 'wall left' });
    expect(shown.body).not.toHaveProperty('driver');
    const removed = await api.req('DELETE', `${V2}/modules/${id}`);
    expect(removed.status).toBe(202);
    expect(removed.text).toBe('');
    expectCommonError(await api.req('GET', `${V2}/modules/${id}`), 404);
  });

  it('names the driver field driver_id in validation failures, and rejects a device without an ip', async () => {
    const noDriver = await api.req('POST', `${V2}/modules`, { json: { ip: '10.97.0.2' } });
    expect(noDriver.status).toBe(422);
    expect(noDriver.body).toMatchObject({ error: 'validation failed' });
    expect((noDriver.body as { failures: { field: string }[] }).failures.map((f) => f.field)).toContain(
      'driver_id',
    );
    const noIp = await api.req('POST', `${V2}/modules`, { json: { driver_id: 'dep-display' } });
    expect(noIp.status).toBe(422);
    expect((noIp.body as { failures: { field: string }[] }).failures.map((f) => f.field)).toContain('ip');
  });

  it('shows a logic module with role 99, joined to its system, and refuses to ping it with 422', async () => {
    const system = await api.req<{ id: string; version: number }>('POST', `${V2}/systems`, {
      json: { name: 'Logic Host Room', zones: ['zone-org'] },
    });
    const logic = await api.req<Module>('POST', `${V2}/modules`, {
      json: { driver_id: 'dep-generic-logic', control_system_id: system.body.id },
    });
    expect(logic.status).toBe(201);
    expect(logic.body).toMatchObject({ role: 99, control_system_id: system.body.id });
    const host = await api.req<{ modules: string[]; version: number }>(
      'GET',
      `${V2}/systems/${system.body.id}`,
    );
    expect(host.body.modules).toContain(logic.body.id);
    expect(host.body.version).toBe(system.body.version + 1);
    const ping = await api.req('POST', `${V2}/modules/${logic.body.id}/ping`);
    expect(ping.status).toBe(422);
    expect(ping.body).toEqual({
      error: 'validation failed',
      failures: [{ field: 'role', reason: 'ping not supported for module role: Logic' }],
    });
  });

  it('pings a device, omitting nil warning and exception', async () => {
    const res = await api.req('POST', `${V2}/modules/mod-training-display-front/ping`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ host: expect.any(String), pingable: true });
  });

  it('starts and stops with 200 and an empty body, a no-op when already so', async () => {
    const id = (await createDisplay()).body.id;
    for (const [action, running] of [
      ['stop', false],
      ['stop', false],
      ['start', true],
    ] as const) {
      const res = await api.req('POST', `${V2}/modules/${id}/${action}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await api.req<Module>('GET', `${V2}/modules/${id}`)).body.running).toBe(running);
    }
  });

  it('answers module state JSON-encoded, a key as a JSON string of its JSON text, and 404 for no key', async () => {
    const state = await api.req<Record<string, string>>(
      'GET',
      `${V2}/modules/mod-training-display-front/state`,
    );
    expect(state.status).toBe(200);
    expect(typeof state.body.volume).toBe('string');
    expect(typeof JSON.parse(state.body.volume ?? '')).toBe('number');
    const key = await api.req('GET', `${V2}/modules/mod-training-display-front/state/volume`);
    expect(key.status).toBe(200);
    expect(key.body).toBe(state.body.volume);
    expectCommonError(await api.req('GET', `${V2}/modules/mod-training-display-front/state/nope`), 404);
  });

  it('runs a method on a module by id: POST /modules/:id/exec/:method with the argument array', async () => {
    await api.req('POST', `${V2}/systems/${SYS.training}/Display_2/power`, { json: [true] });
    const res = await api.req('POST', `${V2}/modules/mod-training-display-rear/exec/volume`, { json: [12] });
    expect(res.status).toBe(200);
    const legacy = await api.req<{ volume: number }>(
      'GET',
      '/api/control/modules/mod-training-display-rear/state',
    );
    expect(legacy.body.volume).toBe(12);
    const unknown = await api.req('POST', `${V2}/modules/mod-training-display-rear/exec/nope`, { json: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: 'bad request',
      sys_id: SYS.training,
      module_name: 'Display',
    });
  });

  it('lets a user read and exec but not create, a technician stop but not delete', async () => {
    expect((await api.req('GET', `${V2}/modules?limit=1`, { as: 'user' })).status).toBe(200);
    expectCommonError(await createDisplay('user'), 403);
    expectCommonError(await createDisplay('support'), 403);
    const id = (await createDisplay()).body.id;
    expectCommonError(await api.req('POST', `${V2}/modules/${id}/stop`, { as: 'user' }), 403);
    expect((await api.req('POST', `${V2}/modules/${id}/stop`, { as: 'support' })).status).toBe(200);
    expectCommonError(await api.req('DELETE', `${V2}/modules/${id}`, { as: 'support' }), 403);
    expectCommonError(await api.req('POST', `${V2}/modules/${id}/ping`, { as: 'user' }), 403);
  });
});
