import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from '../../support/inject-fetch.ts';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, V2 } from './support.ts';

/** One Simulator behind both generations: a change through one is seen through the other. */

interface System {
  id: string;
  name: string;
  version: number;
  modules: string[];
  zones: string[];
}
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('the same room through both generations', () => {
  it('creates a room through the current API and reads and updates it through the legacy one, and back', async () => {
    const display = await api.req<{ id: string }>('POST', `${V2}/modules`, {
      json: { driver_id: 'dep-display', ip: '10.96.0.1', custom_name: 'Screen' },
    });
    const created = await api.req<System>('POST', `${V2}/systems`, {
      json: { name: 'Two Worlds Room', zones: ['zone-org'], modules: [display.body.id] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const legacy = await api.req<System & { settings: unknown }>('GET', `/api/control/systems/${id}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ name: 'Two Worlds Room', modules: [display.body.id], version: 0 });
    const legacyModule = await api.req('GET', `/api/control/modules/${display.body.id}`);
    expect(legacyModule.body).toMatchObject({ dependency_id: 'dep-display', custom_name: 'Screen' });

    const renamed = await api.req<System>('PUT', `/api/control/systems/${id}`, {
      json: { version: 0, name: 'Two Worlds Room (renamed)' },
    });
    expect(renamed.status).toBe(200);
    const current = await api.req<System>('GET', `${V2}/systems/${id}`);
    expect(current.body).toMatchObject({ name: 'Two Worlds Room (renamed)', version: 1 });
    // The version one generation bumped is the one the other checks.
    expect((await api.req('PUT', `${V2}/systems/${id}?version=0`, { json: { capacity: 3 } })).status).toBe(
      409,
    );
    expect((await api.req('PUT', `${V2}/systems/${id}?version=1`, { json: { capacity: 3 } })).status).toBe(
      200,
    );

    // A press through the legacy exec shows in the current state, by the module's own class name.
    const press = await api.req('POST', `/api/control/systems/${id}/exec`, {
      json: { module: 'Screen', method: 'power', args: [true] },
    });
    expect(press.status).toBe(200);
    expect((await api.req('GET', `${V2}/systems/${id}/Screen_1/power`)).body).toBe(true);
    expect((await api.req('POST', `${V2}/systems/${id}/Screen/power`, { json: [false] })).status).toBe(200);
    expect((await api.req('GET', `/api/control/systems/${id}/state?module=Screen&lookup=power`)).body).toBe(
      false,
    );

    // Deleted through one, gone from both.
    expect((await api.req('DELETE', `/api/control/systems/${id}`)).status).toBe(204);
    expectCommonError(await api.req('GET', `${V2}/systems/${id}`), 404);
    expect((await api.req('GET', `${V2}/modules/${display.body.id}`)).status).toBe(404);
  });

  it('lists the same rooms in the same order through both', async () => {
    const legacy = await api.req<{ id: string }[]>('GET', '/api/control/systems?limit=500');
    const current = await api.req<{ id: string }[]>('GET', `${V2}/systems?limit=500`);
    expect(current.body.map((s) => s.id)).toEqual(legacy.body.map((s) => s.id));
    expect(current.headers.get('x-total-count')).toBe(legacy.headers.get('x-total-count'));
  });

  it('honours one token store: a token revoked is refused by both generations at once', async () => {
    const token = await api.login('user');
    expect((await api.req('GET', `${V2}/systems/${SYS.huddle}`, { token })).status).toBe(200);
    const revoke = await fetch(`${api.url}/auth/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoke.status).toBe(200);
    expectCommonError(await api.req('GET', `${V2}/systems/${SYS.huddle}`, { token }), 401);
    expect((await api.req('GET', `/api/control/systems/${SYS.huddle}`, { token })).status).toBe(401);
  });
});
