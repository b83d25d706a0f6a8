import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, V2 } from './support.ts';

/** placeos-generations.md §1C (slugs), §2C (exec errors), §3 (exec, state, functions, types). */

type State = Record<string, unknown>;
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin', 'user'] });
});
afterAll(() => api.close());

const legacyState = async (id: string) =>
  (await api.req<State>('GET', `/api/control/modules/${id}/state`)).body;
const exec = (system: string, slug: string, method: string, args?: unknown, as: 'admin' | 'user' = 'user') =>
  api.req('POST', `${V2}/systems/${system}/${slug}/${method}`, {
    as,
    ...(args === undefined ? {} : { json: args }),
  });

async function displayRoom(settings: Record<string, unknown>): Promise<string> {
  const module = await api.req<{ id: string }>('POST', `${V2}/modules`, {
    json: { driver_id: 'dep-display', ip: '10.98.1.1', settings },
  });
  expect(module.status).toBe(201);
  const system = await api.req<{ id: string }>('POST', `${V2}/systems`, {
    json: { name: `Exec Room ${module.body.id}`, zones: ['zone-org'], modules: [module.body.id] },
  });
  return system.body.id;
}

describe('exec by slug', () => {
  it('runs the method on the second Display for Display_2, answering the raw result', async () => {
    const front = await legacyState('mod-training-display-front');
    const res = await exec(SYS.training, 'Display_2', 'power', [true]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toBe('null');
    expect((await legacyState('mod-training-display-rear')).power).toBe(true);
    expect(await legacyState('mod-training-display-front')).toEqual(front);

    // `Display` alone is index 1.
    expect((await exec(SYS.training, 'Display', 'power', [true])).status).toBe(200);
    expect((await legacyState('mod-training-display-front')).power).toBe(true);
    const volume = await exec(SYS.training, 'Display_1', 'volume', [44]);
    expect(volume.status).toBe(200);
    expect((await legacyState('mod-training-display-front')).volume).toBe(44);
  });

  it('answers the exec error body: unknown module 404, unknown function 400, no system 404', async () => {
    const missing = await exec(SYS.training, 'Display_9', 'power', [true]);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'module not found',
      sys_id: SYS.training,
      module_name: 'Display',
      index: 9,
      message: 'could not find module',
      backtrace: null,
    });
    const noFunction = await exec(SYS.training, 'Display_1', 'selfDestruct', []);
    expect(noFunction.status).toBe(400);
    expect(noFunction.body).toMatchObject({
      error: 'bad request',
      message: 'could not find function selfDestruct',
    });
    const noSystem = await exec('sys-nope', 'Display_1', 'power', [true]);
    expect(noSystem.status).toBe(404);
    expect(noSystem.body).toMatchObject({ error: 'system not found', sys_id: 'sys-nope' });
  });

  it('refuses a body that is not an argument list, and arguments that do not fit, with 400', async () => {
    const before = await legacyState('mod-training-display-front');
    expectCommonError(await exec(SYS.training, 'Display_1', 'volume', { level: 10 }), 400);
    const bad = await exec(SYS.training, 'Display_1', 'volume', [101]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'bad request', module_name: 'Display', index: 1 });
    expect(await legacyState('mod-training-display-front')).toEqual(before);
  });

  it('reports a driver failure as request failed (500) and a stopped module as unexpected failure (500)', async () => {
    const faulty = await displayRoom({ fault: 'error', fault_message: 'panel overheated' });
    const raised = await exec(faulty, 'Display_1', 'power', [true]);
    expect(raised.status).toBe(500);
    expect(raised.body).toMatchObject({ error: 'request failed' });
    expect((raised.body as { message: string }).message).toContain('panel overheated');

    const stoppedRoom = await displayRoom({});
    const moduleId = (await api.req<{ modules: string[] }>('GET', `${V2}/systems/${stoppedRoom}`)).body
      .modules[0];
    expect((await api.req('POST', `${V2}/modules/${moduleId}/stop`)).status).toBe(200);
    const stopped = await exec(stoppedRoom, 'Display_1', 'power', [true]);
    expect(stopped.status).toBe(500);
    expect(stopped.body).toMatchObject({ error: 'unexpected failure', sys_id: stoppedRoom });
  });

  it('has no legacy exec route: POST …/exec is answered 404 with a CommonError', async () => {
    const res = await api.req('POST', `${V2}/systems/${SYS.training}/exec`, {
      json: { module: 'Display', method: 'power' },
    });
    expectCommonError(res, 404);
    expect(Object.keys(res.body as object)).toEqual(['error']);
    expect(res.headers.get('x-request-id')).not.toBeNull();
  });
});

describe('state, functions and types', () => {
  it('answers a module’s state with every value JSON-encoded, and a lookup parsed', async () => {
    await exec(SYS.training, 'Display_2', 'power', [true]);
    const res = await api.req<Record<string, string>>('GET', `${V2}/systems/${SYS.training}/Display_2`, {
      as: 'user',
    });
    expect(res.status).toBe(200);
    const legacy = await legacyState('mod-training-display-rear');
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(legacy).sort());
    for (const [key, value] of Object.entries(res.body)) {
      expect(typeof value).toBe('string');
      expect(JSON.parse(value)).toEqual(legacy[key]);
    }
    expect(res.body.power).toBe('true');
    const lookup = await api.req('GET', `${V2}/systems/${SYS.training}/Display_2/power`);
    expect(lookup.text).toBe('true');
    const input = await api.req('GET', `${V2}/systems/${SYS.training}/Display_2/input`);
    expect(input.body).toBe(legacy.input);
  });

  it('answers {} for an unknown module and null for an unknown key, as rest-api does', async () => {
    const none = await api.req('GET', `${V2}/systems/${SYS.training}/Display_7`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    // The legacy URL resolves to the state route of a module named "count" (§1C notes).
    expect((await api.req('GET', `${V2}/systems/${SYS.training}/count`)).body).toEqual({});
    const key = await api.req('GET', `${V2}/systems/${SYS.training}/Display_1/no_such_key`);
    expect(key.status).toBe(200);
    expect(key.text).toBe('null');
    expectCommonError(await api.req('GET', `${V2}/systems/sys-nope/Display_1`), 404);
  });

  it('describes functions as {arity, params, order}, and 404 with its message for no module', async () => {
    const res = await api.req<
      Record<string, { arity: number; params: Record<string, unknown>; order: string[] }>
    >('GET', `${V2}/systems/${SYS.training}/functions/Display_1`, { as: 'user' });
    expect(res.status).toBe(200);
    expect(res.body.volume).toMatchObject({ arity: 1, order: ['level'] });
    expect(res.body.volume?.params.level).toMatchObject({ type: 'integer' });
    const none = await api.req('GET', `${V2}/systems/${SYS.training}/functions/Display_5`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: `metadata not found for Display_5 on ${SYS.training}` });
  });

  it('counts module types, Display twice in the training room', async () => {
    const res = await api.req<Record<string, number>>('GET', `${V2}/systems/${SYS.training}/types`, {
      as: 'user',
    });
    expect(res.status).toBe(200);
    expect(res.body.Display).toBe(2);
    const legacy = await api.req('GET', `/api/control/systems/${SYS.training}/types`);
    expect(res.body).toEqual(legacy.body);
  });
});
