import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, V2 } from './support.ts';

/** placeos-generations.md §1C, §2C, §4: systems of the current generation. */

interface System {
  id: string;
  name: string;
  version: number;
  zones: string[];
  modules: string[];
  features: string[];
  email?: string;
}

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const create = (name: string, as: 'admin' | 'support' | 'user' = 'admin') =>
  api.req<System>('POST', `${V2}/systems`, { as, json: { name, zones: ['zone-org'], features: ['vc'] } });

describe('current generation systems', () => {
  it('creates with 201, shows, updates with ?version= (version + 1), and deletes with 202', async () => {
    const created = await create('Current Room A');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Current Room A',
      version: 0,
      zones: ['zone-org'],
      features: ['vc'],
    });
    // nil fields are omitted, not null (§2C); settings are not embedded in C (§4).
    expect(created.body).not.toHaveProperty('email');
    expect(created.body).not.toHaveProperty('settings');
    const id = created.body.id;

    const updated = await api.req<System>('PATCH', `${V2}/systems/${id}?version=0`, {
      json: { name: 'Current Room B' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Current Room B', version: 1, features: ['vc'] });
    const put = await api.req<System>('PUT', `${V2}/systems/${id}?version=1`, { json: { capacity: 9 } });
    expect(put.body).toMatchObject({ name: 'Current Room B', version: 2, capacity: 9 });

    const removed = await api.req('DELETE', `${V2}/systems/${id}`);
    expect(removed.status).toBe(202);
    expect(removed.text).toBe('');
    expect(expectCommonError(await api.req('GET', `${V2}/systems/${id}`), 404)).toContain(id);
  });

  it('refuses a stale version with 409 and its fixed message, and a missing one with a ParameterError', async () => {
    const id = (await create('Versioned Room')).body.id;
    await api.req('PUT', `${V2}/systems/${id}?version=0`, { json: { description: 'first' } });
    const stale = await api.req('PUT', `${V2}/systems/${id}?version=0`, { json: { description: 'second' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'Attempting to edit an old System version' });
    // The version travels in the query only: one in the body does not count (§4, Update semantics).
    const bodyOnly = await api.req('PUT', `${V2}/systems/${id}`, {
      json: { version: 1, description: 'third' },
    });
    expect(bodyOnly.status).toBe(422);
    expect(bodyOnly.body).toMatchObject({ parameter: 'version', restriction: 'Int32' });
    expect((await api.req<System>('GET', `${V2}/systems/${id}`)).body).toMatchObject({
      version: 1,
      description: 'first',
    });
  });

  it('reports validation failures as 422 ValidationError', async () => {
    const missing = await api.req('POST', `${V2}/systems`, { json: { zones: ['zone-org'] } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: 'validation failed' });
    expect((missing.body as { failures: { field: string }[] }).failures.map((f) => f.field)).toContain(
      'name',
    );
    expect(missing.body).not.toHaveProperty('code');
    await create('Twin Room');
    const twin = await create('Twin Room');
    expect(twin.status).toBe(422);
    expect((twin.body as unknown as { failures: { field: string }[] }).failures[0]?.field).toBe('name');
  });

  it('answers bad input with 400, 415 and 404 JSON bodies, never a 5xx', async () => {
    const badJson = await api.req('POST', `${V2}/systems`, { raw: '{"name": ' });
    expectCommonError(badJson, 400);
    const wrongType = await api.req('POST', `${V2}/systems`, { raw: 'name=x', contentType: 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ accepts: ['application/json'] });
    const maybe = await api.req('GET', `${V2}/systems/${SYS.boardroom}?complete=maybe`);
    expectCommonError(maybe, 400);
    expect(maybe.body).toMatchObject({ parameter: 'complete', restriction: 'Bool' });
    expectCommonError(await api.req('GET', `${V2}/systems/sys-nope`), 404);
    expectCommonError(await api.req('DELETE', `${V2}/systems/sys-nope`), 404);
    expectCommonError(await api.req('GET', `${V2}/no-such-thing`), 404);
  });

  it('adds zone_data and module_data (with driver) on complete=true, and finds a room by its email', async () => {
    const res = await api.req<
      System & { zone_data: { id: string }[]; module_data: { id: string; driver: { module_name: string } }[] }
    >('GET', `${V2}/systems/${SYS.training}?complete=true`);
    expect(res.status).toBe(200);
    expect(res.body.zone_data.map((z) => z.id)).toEqual(res.body.zones);
    expect(res.body.module_data.map((m) => m.id)).toEqual(res.body.modules);
    expect(res.body.module_data.every((m) => typeof m.driver.module_name === 'string')).toBe(true);
    const plain = await api.req<System>('GET', `${V2}/systems/${SYS.training}`);
    expect(plain.body).not.toHaveProperty('module_data');
    const byEmail = await api.req<System>(
      'GET',
      `${V2}/systems/${encodeURIComponent(plain.body.email ?? '')}`,
    );
    expect(byEmail.body.id).toBe(SYS.training);
  });

  it('starts and stops a system with 200 and an empty body; a module another room shares is left alone unless single_occurrence=false', async () => {
    const moduleOf = async () =>
      (
        await api.req<{ id: string }>('POST', `${V2}/modules`, {
          json: { driver_id: 'dep-display', ip: '10.95.0.1' },
        })
      ).body.id;
    const own = await moduleOf();
    const shared = await moduleOf();
    const room = async (name: string, modules: string[]) =>
      (await api.req<System>('POST', `${V2}/systems`, { json: { name, zones: ['zone-org'], modules } })).body
        .id;
    const first = await room('Start Stop Room 1', [own, shared]);
    await room('Start Stop Room 2', [shared]);
    const running = async (id: string) =>
      (await api.req<{ running: boolean }>('GET', `${V2}/modules/${id}`)).body.running;

    const stop = await api.req('POST', `${V2}/systems/${first}/stop`);
    expect(stop.status).toBe(200);
    expect(stop.text).toBe('');
    expect({ own: await running(own), shared: await running(shared) }).toEqual({ own: false, shared: true });

    expect((await api.req('POST', `${V2}/systems/${first}/stop?single_occurrence=false`)).status).toBe(200);
    expect(await running(shared)).toBe(false);
    expect((await api.req('POST', `${V2}/systems/${first}/start?single_occurrence=false`)).status).toBe(200);
    expect({ own: await running(own), shared: await running(shared) }).toEqual({ own: true, shared: true });
  });
});

describe('current generation systems: roles, as the legacy routes enforce them', () => {
  it('answers 401 with a JSON CommonError without a token or with a bad one', async () => {
    const none = await api.req('GET', `${V2}/systems`, { as: null });
    expectCommonError(none, 401);
    expectCommonError(await api.req('GET', `${V2}/systems`, { token: 'not-a-token' }), 401);
    // The query form of the token is read too (§5, Bearer presentation).
    const viaQuery = await api.req('GET', `${V2}/systems?limit=1&bearer_token=${api.tokens.user}`, {
      as: null,
    });
    expect(viaQuery.status).toBe(200);
  });

  it('lets a user read but not create, a technician update but not delete, and refuses with a JSON 403', async () => {
    expect((await api.req('GET', `${V2}/systems/${SYS.huddle}`, { as: 'user' })).status).toBe(200);
    expectCommonError(await create('User Room', 'user'), 403);
    expectCommonError(await create('Support Room', 'support'), 403);
    const target = (await create('Role Room')).body;
    expectCommonError(
      await api.req('PUT', `${V2}/systems/${target.id}?version=0`, {
        as: 'user',
        json: { description: 'x' },
      }),
      403,
    );
    const bySupport = await api.req('PUT', `${V2}/systems/${target.id}?version=0`, {
      as: 'support',
      json: { description: 'tech' },
    });
    expect(bySupport.status).toBe(200);
    expectCommonError(await api.req('DELETE', `${V2}/systems/${target.id}`, { as: 'support' }), 403);
    expectCommonError(await api.req('POST', `${V2}/systems/${target.id}/stop`, { as: 'user' }), 403);
    expect((await api.req('GET', `${V2}/systems/${target.id}`)).body).toMatchObject({ version: 1 });
  });
});
