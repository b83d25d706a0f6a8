import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, ids, SYS, startApi } from './support.ts';

interface System {
  id: string;
  name: string;
  zones: string[];
  modules: string[];
  features: string[];
  settings: Record<string, unknown>;
  version: number;
  capacity: number;
  description: string;
  email: string;
  [key: string]: unknown;
}

const SYSTEM_FIELDS = [
  'id',
  'edge_id',
  'name',
  'zones',
  'modules',
  'description',
  'email',
  'capacity',
  'features',
  'bookable',
  'installed_ui_devices',
  'settings',
  'created_at',
  'updated_at',
  'support_url',
  'version',
];

describe('reading systems', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('lists the six demo rooms as a bare array ordered by name, with X-Total-Count', async () => {
    const res = await api.req<System[]>('GET', '/api/control/systems');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(res.headers.get('link')).toBeNull();
    expect(res.body.map((s) => s.name)).toEqual([
      'Harbour Boardroom',
      'Huddle 3.2',
      'Innovation Lab',
      'Kauri Training Room',
      'Level 3 Lounge',
      'Tasman Auditorium',
    ]);
  });

  it('retrieves a system with every field of the model, features as an array and integer timestamps', async () => {
    const res = await api.req<System>('GET', `/api/control/systems/${SYS.huddle}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...SYSTEM_FIELDS].sort());
    expect(res.body).toMatchObject({
      id: SYS.huddle,
      name: 'Huddle 3.2',
      zones: ['zone-org', 'zone-harbour', 'zone-harbour-l3'],
      modules: ['mod-huddle-logic', 'mod-huddle-display', 'mod-huddle-bookings', 'mod-huddle-codec'],
      email: 'huddle.3.2@demo.local',
      capacity: 4,
      features: ['display', 'wireless-share', 'vc'],
      bookable: true,
      version: 0,
    });
    expect(Number.isInteger(res.body.created_at)).toBe(true);
    expect(Number.isInteger(res.body.updated_at)).toBe(true);
  });

  it('with complete=true replaces module and zone ids by their records, in the system’s order', async () => {
    const plain = await api.req<System>('GET', `/api/control/systems/${SYS.training}`);
    const res = await api.req<{
      modules: { id: string; name: string }[];
      zones: { id: string; name: string }[];
    }>('GET', `/api/control/systems/${SYS.training}?complete=true`);
    expect(res.status).toBe(200);
    expect(ids(res.body.modules)).toEqual(plain.body.modules);
    expect(ids(res.body.zones)).toEqual(plain.body.zones);
    expect(res.body.modules[1]).toMatchObject({ id: 'mod-training-display-front', name: 'Display', role: 1 });
    expect(res.body.zones[2]).toMatchObject({ id: 'zone-kauri-l1', name: 'Kauri Level 1' });
  });

  it('answers 404 not_found for an unknown system on every system route', async () => {
    const paths: [string, string][] = [
      ['GET', '/api/control/systems/sys-nope'],
      ['PUT', '/api/control/systems/sys-nope'],
      ['DELETE', '/api/control/systems/sys-nope'],
      ['POST', '/api/control/systems/sys-nope/start'],
      ['POST', '/api/control/systems/sys-nope/stop'],
      ['GET', '/api/control/systems/sys-nope/state?module=Display'],
      ['GET', '/api/control/systems/sys-nope/funcs?module=Display'],
      ['GET', '/api/control/systems/sys-nope/count?module=Display'],
      ['GET', '/api/control/systems/sys-nope/types'],
    ];
    for (const [method, path] of paths) {
      const res = await api.req(method, path, method === 'PUT' ? { json: { version: 0, name: 'x' } } : {});
      expectError(res, 404, 'not_found');
    }
    const exec = await api.req('POST', '/api/control/systems/sys-nope/exec', {
      json: { module: 'Display', method: 'power', args: [true] },
    });
    expectError(exec, 404, 'not_found');
  });
});

/** A new system to change, so tests sharing one simulator do not see each other's edits. */
async function newSystem(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<System> {
  const res = await api.req<System>('POST', '/api/control/systems', {
    json: { name, zones: ['zone-harbour-l3'], description: 'scratch room', capacity: 2, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('creating and updating systems', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ roles: ['admin'] });
  });
  afterAll(() => api.close());

  it('creates a system with 201, version 0, a trimmed name and the spec’s string request types', async () => {
    const res = await api.req<System>('POST', '/api/control/systems', {
      json: {
        name: '  Pohutukawa Room  ',
        zones: ['zone-kauri-l1'],
        modules: 'mod-lab-display, mod-lighting-kauri',
        settings: '{"panel": {"title": "Pohutukawa"}}',
        features: 'display, vc lighting',
        capacity: 8,
        bookable: true,
        email: 'pohutukawa@demo.local',
        support_url: 'https://control.demo.local/rooms/pohutukawa',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pohutukawa Room',
      zones: ['zone-kauri-l1'],
      modules: ['mod-lab-display', 'mod-lighting-kauri'],
      settings: { panel: { title: 'Pohutukawa' } },
      features: ['display', 'vc', 'lighting'],
      capacity: 8,
      bookable: true,
      version: 0,
    });
    expect(res.body.id).toMatch(/^sys-/);
    const again = await api.req<System>('GET', `/api/control/systems/${res.body.id}`);
    expect(again.body).toEqual(res.body);
    const list = await api.req<System[]>('GET', '/api/control/systems?q=Pohutukawa');
    expect(ids(list.body)).toEqual([res.body.id]);
  });

  it('accepts modules and features as arrays and settings as an object', async () => {
    const res = await api.req<System>('POST', '/api/control/systems', {
      json: {
        name: 'Array Room',
        zones: ['zone-org'],
        modules: ['mod-lab-display'],
        features: ['vc'],
        settings: { a: 1 },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ modules: ['mod-lab-display'], features: ['vc'], settings: { a: 1 } });
  });

  it('updates only the fields sent and increments the version by one', async () => {
    const before = await newSystem(api, 'Update Room');
    const res = await api.req<System>('PUT', `/api/control/systems/${before.id}`, {
      json: { version: 0, capacity: 6, description: 'Now with six chairs.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...before,
      capacity: 6,
      description: 'Now with six chairs.',
      version: 1,
      updated_at: res.body.updated_at,
    });
    const after = (await api.req<System>('GET', `/api/control/systems/${before.id}`)).body;
    expect(after).toEqual(res.body);
    const next = await api.req<System>('PUT', `/api/control/systems/${before.id}`, {
      json: { version: 1, bookable: true },
    });
    expect(next.body).toMatchObject({ version: 2, capacity: 6, bookable: true });
  });

  it('accepts the version as a query parameter', async () => {
    const system = await newSystem(api, 'Query Version Room');
    const res = await api.req<System>('PUT', `/api/control/systems/${system.id}?version=0`, {
      json: { capacity: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ capacity: 5, version: 1 });
  });

  it('refuses a stale version with 409 version_conflict and current_version, and changes nothing', async () => {
    const system = await newSystem(api, 'Stale Room');
    expect(
      (await api.req('PUT', `/api/control/systems/${system.id}`, { json: { version: 0, capacity: 13 } }))
        .status,
    ).toBe(200);
    const before = (await api.req<System>('GET', `/api/control/systems/${system.id}`)).body;
    const res = await api.req('PUT', `/api/control/systems/${system.id}`, {
      json: { version: 0, name: 'Stale Lab', capacity: 99 },
    });
    const body = expectError(res, 409, 'version_conflict');
    expect(body.current_version).toBe(1);
    const after = (await api.req<System>('GET', `/api/control/systems/${system.id}`)).body;
    expect(after).toEqual(before);
  });

  it('requires a version on update (422 validation_failed naming the field)', async () => {
    const system = await newSystem(api, 'Versionless Room');
    const res = await api.req('PUT', `/api/control/systems/${system.id}`, { json: { capacity: 3 } });
    const body = expectError(res, 422, 'validation_failed');
    expect(body.failures).toEqual([expect.objectContaining({ field: 'version' })]);
  });

  it('lets exactly one of 20 concurrent updates with the same version win', async () => {
    const system = await newSystem(api, 'Contended Room');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.req<System>('PUT', `/api/control/systems/${system.id}`, {
          json: { version: 0, description: `writer ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(expectError(loser, 409, 'version_conflict').current_version).toBe(1);
    }
    const winner = results.find((r) => r.status === 200)!;
    const final = (await api.req<System>('GET', `/api/control/systems/${system.id}`)).body;
    expect(final.version).toBe(1);
    expect(final.description).toBe(winner.body.description);
  });

  it('reorders the modules of a system when PUT sends them in another order', async () => {
    const res = await api.req<System>('PUT', `/api/control/systems/${SYS.huddle}`, {
      json: { version: 0, modules: ['mod-huddle-display', 'mod-huddle-logic'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.modules).toEqual(['mod-huddle-display', 'mod-huddle-logic']);
  });
});

describe('deleting systems', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ roles: ['admin'] });
  });
  afterAll(() => api.close());

  it('deletes with 204 and no body; the system is gone afterwards', async () => {
    const system = await newSystem(api, 'Doomed Room');
    const res = await api.req('DELETE', `/api/control/systems/${system.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await api.req('GET', `/api/control/systems/${system.id}`), 404, 'not_found');
    const list = await api.req<System[]>('GET', '/api/control/systems?limit=500');
    expect(ids(list.body)).not.toContain(system.id);
    expectError(await api.req('DELETE', `/api/control/systems/${system.id}`), 404, 'not_found');
  });

  it('removes the modules of the system that no other system lists, but keeps the shared lighting gateway', async () => {
    const own = [
      'mod-boardroom-logic',
      'mod-boardroom-projector',
      'mod-boardroom-switcher',
      'mod-boardroom-blinds',
      'mod-boardroom-mixer',
    ];
    expect((await api.req('DELETE', `/api/control/systems/${SYS.boardroom}`)).status).toBe(204);
    for (const id of own) expectError(await api.req('GET', `/api/control/modules/${id}`), 404, 'not_found');
    const lighting = await api.req('GET', '/api/control/modules/mod-lighting-harbour');
    expect(lighting.status).toBe(200);
    for (const id of [SYS.lab, SYS.lounge]) {
      const system = (await api.req<System>('GET', `/api/control/systems/${id}`)).body;
      expect(system.modules).toContain('mod-lighting-harbour');
    }
    const exec = await api.req('POST', `/api/control/systems/${SYS.lab}/exec`, {
      json: { module: 'Lighting', method: 'scene', args: [2] },
    });
    expect(exec.status).toBe(200);
  });

  it('keeps a module that another system also lists, including a logic module bound to the deleted system', async () => {
    const other = await api.req<System>('POST', '/api/control/systems', {
      json: {
        name: 'Borrowing Room',
        zones: ['zone-org'],
        modules: ['mod-huddle-display', 'mod-huddle-logic'],
      },
    });
    expect(other.status).toBe(201);
    expect((await api.req('DELETE', `/api/control/systems/${SYS.huddle}`)).status).toBe(204);
    expect((await api.req('GET', '/api/control/modules/mod-huddle-display')).status).toBe(200);
    expect((await api.req('GET', '/api/control/modules/mod-huddle-logic')).status).toBe(200);
    const after = (await api.req<System>('GET', `/api/control/systems/${other.body.id}`)).body;
    expect(after.modules).toEqual(['mod-huddle-display', 'mod-huddle-logic']);
    const complete = await api.req<{ modules: { id: string }[] }>(
      'GET',
      `/api/control/systems/${other.body.id}?complete=true`,
    );
    expect(ids(complete.body.modules)).toEqual(after.modules);
  });
});

describe('starting and stopping systems', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ roles: ['admin'] });
  });
  afterAll(() => api.close());

  const running = async (id: string) =>
    (await api.req<{ running: boolean }>('GET', `/api/control/modules/${id}`)).body.running;

  it('stops every module with 204 except the ignore_startstop lighting gateway, and starts them again', async () => {
    const stop = await api.req('POST', `/api/control/systems/${SYS.boardroom}/stop`);
    expect(stop.status).toBe(204);
    expect(stop.text).toBe('');
    for (const id of ['mod-boardroom-logic', 'mod-boardroom-projector', 'mod-boardroom-mixer']) {
      expect(await running(id)).toBe(false);
    }
    expect(await running('mod-lighting-harbour')).toBe(true);
    const module = await api.req<{ connected: boolean }>(
      'GET',
      '/api/control/modules/mod-boardroom-projector',
    );
    expect(module.body.connected).toBe(false);

    expect((await api.req('POST', `/api/control/systems/${SYS.boardroom}/start`)).status).toBe(204);
    for (const id of ['mod-boardroom-logic', 'mod-boardroom-projector', 'mod-boardroom-mixer']) {
      expect(await running(id)).toBe(true);
    }
  });

  it('leaves a stopped ignore_startstop module stopped when the system starts', async () => {
    expect((await api.req('POST', '/api/control/modules/mod-lighting-kauri/stop')).status).toBe(204);
    expect((await api.req('POST', `/api/control/systems/${SYS.training}/stop`)).status).toBe(204);
    expect(await running('mod-training-display-rear')).toBe(false);
    expect((await api.req('POST', `/api/control/systems/${SYS.training}/start`)).status).toBe(204);
    expect(await running('mod-lighting-kauri')).toBe(false);
    expect(await running('mod-training-display-rear')).toBe(true);
  });

  it('refuses exec on modules of a stopped system with 409 module_stopped but still runs the shared gateway', async () => {
    await api.req('POST', `/api/control/systems/${SYS.boardroom}/stop`);
    const res = await api.req('POST', `/api/control/systems/${SYS.boardroom}/exec`, {
      json: { module: 'Projector', method: 'power', args: [true] },
    });
    expectError(res, 409, 'module_stopped');
    const lighting = await api.req('POST', `/api/control/systems/${SYS.boardroom}/exec`, {
      json: { module: 'Lighting', method: 'scene', args: [3] },
    });
    expect(lighting.status).toBe(200);
  });

  it('accepts start and stop with an empty JSON content type', async () => {
    const res = await api.req('POST', `/api/control/systems/${SYS.huddle}/stop`, { raw: '' });
    expect(res.status).toBe(204);
  });
});
