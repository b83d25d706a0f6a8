import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, ids, SYS, startApi } from './support.ts';

interface Module {
  id: string;
  dependency_id: string;
  name: string;
  control_system_id: string | null;
  ip: string;
  port: number | null;
  uri: string;
  custom_name: string;
  settings: Record<string, unknown>;
  role: number;
  notes: string;
  connected: boolean;
  running: boolean;
  ignore_connected: boolean;
  ignore_startstop: boolean;
  [key: string]: unknown;
}

interface System {
  id: string;
  modules: string[];
  version: number;
}

const MODULE_FIELDS = [
  'id',
  'dependency_id',
  'control_system_id',
  'edge_id',
  'ip',
  'tls',
  'udp',
  'port',
  'makebreak',
  'uri',
  'custom_name',
  'settings',
  'updated_at',
  'created_at',
  'role',
  'notes',
  'connected',
  'running',
  'ignore_connected',
  'ignore_startstop',
  'name',
];

let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'] });
});
afterAll(() => api.close());

const getSystem = async (id: string) => (await api.req<System>('GET', `/api/control/systems/${id}`)).body;
const getModule = (id: string) => api.req<Module>('GET', `/api/control/modules/${id}`);

async function newDisplay(extra: Record<string, unknown> = {}): Promise<Module> {
  const res = await api.req<Module>('POST', '/api/control/modules', {
    json: { dependency_id: 'dep-display', ip: '10.99.0.1', ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('reading modules', () => {
  it('retrieves a module with every field of the model plus its class name and role', async () => {
    const res = await getModule('mod-huddle-display');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...MODULE_FIELDS].sort());
    expect(res.body).toMatchObject({
      id: 'mod-huddle-display',
      dependency_id: 'dep-display',
      name: 'Display',
      role: 1,
      ip: '10.20.3.31',
      port: 4999,
      running: true,
      connected: true,
      control_system_id: null,
    });
    const logic = await getModule('mod-huddle-logic');
    expect(logic.body).toMatchObject({ name: 'RoomLogic', role: 3, control_system_id: SYS.huddle });
  });

  it('shows the flags of the shared gateway and the signage display', async () => {
    expect((await getModule('mod-lighting-harbour')).body).toMatchObject({ ignore_startstop: true });
    expect((await getModule('mod-lounge-display')).body).toMatchObject({ ignore_connected: true });
  });

  it('answers 404 not_found for an unknown module on every module route', async () => {
    for (const [method, path] of [
      ['GET', '/api/control/modules/mod-nope'],
      ['PUT', '/api/control/modules/mod-nope'],
      ['DELETE', '/api/control/modules/mod-nope'],
      ['POST', '/api/control/modules/mod-nope/start'],
      ['POST', '/api/control/modules/mod-nope/stop'],
      ['POST', '/api/control/modules/mod-nope/ping'],
      ['GET', '/api/control/modules/mod-nope/state'],
    ] as const) {
      expectError(
        await api.req(method, path, method === 'PUT' ? { json: { notes: 'x' } } : {}),
        404,
        'not_found',
      );
    }
  });

  it('reads module state, one key with lookup, and null for a key the module lacks', async () => {
    const state = await api.req<Record<string, unknown>>(
      'GET',
      '/api/control/modules/mod-huddle-display/state',
    );
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ power: false, volume: 30, mute: false, input: 'hdmi1' });
    const volume = await api.req('GET', '/api/control/modules/mod-huddle-display/state?lookup=volume');
    expect(volume.status).toBe(200);
    expect(volume.text).toBe('30');
    const missing = await api.req('GET', '/api/control/modules/mod-huddle-display/state?lookup=nothing_here');
    expect(missing.status).toBe(200);
    expect(missing.text).toBe('null');
    const proto = await api.req('GET', '/api/control/modules/mod-huddle-display/state?lookup=__proto__');
    expect(proto.text).toBe('null');
  });
});

describe('creating modules', () => {
  it('creates a device module with 201, the dependency’s default port, running and connected', async () => {
    const res = await api.req<Module>('POST', '/api/control/modules', {
      json: {
        dependency_id: 'dep-projector',
        ip: '10.99.0.2',
        notes: 'spare',
        settings: { warm_up_seconds: 1 },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      dependency_id: 'dep-projector',
      name: 'Projector',
      role: 1,
      ip: '10.99.0.2',
      port: 4352,
      notes: 'spare',
      settings: { warm_up_seconds: 1 },
      running: true,
      connected: true,
      control_system_id: null,
    });
    expect(res.body.id).toMatch(/^mod-/);
    expect((await getModule(res.body.id)).body).toEqual(res.body);
  });

  it('appends a new logic module to its control system and increments that system’s version', async () => {
    const before = await getSystem(SYS.lab);
    const res = await api.req<Module>('POST', '/api/control/modules', {
      json: { dependency_id: 'dep-room-logic', control_system_id: SYS.lab },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 3, name: 'RoomLogic', control_system_id: SYS.lab });
    const after = await getSystem(SYS.lab);
    expect(after.modules).toEqual([...before.modules, res.body.id]);
    expect(after.version).toBe(before.version + 1);
  });

  it('takes an explicit port and lets custom_name set the class name', async () => {
    const module = await newDisplay({ port: 8080, custom_name: 'Wayfinder' });
    expect(module).toMatchObject({ port: 8080, custom_name: 'Wayfinder' });
    const list = await api.req<Module[]>('GET', '/api/control/modules?q=wayfinder');
    expect(ids(list.body)).toEqual([module.id]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no dependency_id', { ip: '10.0.0.1' }, 'dependency_id'],
    ['an unknown dependency', { dependency_id: 'dep-nope', ip: '10.0.0.1' }, 'dependency_id'],
    ['a device without ip', { dependency_id: 'dep-display' }, 'ip'],
    ['a logic module without control_system_id', { dependency_id: 'dep-room-logic' }, 'control_system_id'],
    [
      'a logic module with an unknown system',
      { dependency_id: 'dep-room-logic', control_system_id: 'sys-nope' },
      'control_system_id',
    ],
    ['port 0', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 0 }, 'port'],
    ['port 65536', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 65536 }, 'port'],
    ['a fractional port', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 80.5 }, 'port'],
    [
      'settings that are not an object',
      { dependency_id: 'dep-display', ip: '10.0.0.1', settings: [1] },
      'settings',
    ],
  ];
  it.each(invalid)('refuses %s with 422 validation_failed naming the field', async (_what, body, field) => {
    const count = (await api.req('GET', '/api/control/modules?limit=1')).headers.get('x-total-count');
    const res = await api.req('POST', '/api/control/modules', { json: body });
    const error = expectError(res, 422, 'validation_failed');
    expect(error.failures).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, reason: expect.any(String) })]),
    );
    expect((await api.req('GET', '/api/control/modules?limit=1')).headers.get('x-total-count')).toBe(count);
  });
});

describe('updating modules', () => {
  it('changes only the fields sent and leaves the rest', async () => {
    const module = await newDisplay({ notes: 'before' });
    const res = await api.req<Module>('PUT', `/api/control/modules/${module.id}`, {
      json: { notes: 'after', port: 5000 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...module, notes: 'after', port: 5000, updated_at: res.body.updated_at });
    expect((await getModule(module.id)).body).toEqual(res.body);
  });

  it('refuses a bad port and an emptied ip with 422, leaving the module as it was', async () => {
    const module = await newDisplay();
    expectError(
      await api.req('PUT', `/api/control/modules/${module.id}`, { json: { port: 70000 } }),
      422,
      'validation_failed',
    );
    expectError(
      await api.req('PUT', `/api/control/modules/${module.id}`, { json: { ip: '' } }),
      422,
      'validation_failed',
    );
    expect((await getModule(module.id)).body).toEqual(module);
  });

  it('reports connected false while settings.offline is true', async () => {
    const module = await newDisplay();
    const res = await api.req<Module>('PUT', `/api/control/modules/${module.id}`, {
      json: { settings: { offline: true } },
    });
    expect(res.body.connected).toBe(false);
    expect((await getModule(module.id)).body.connected).toBe(false);
  });
});

describe('deleting modules', () => {
  it('deletes the shared gateway with 204; it leaves every system that listed it and each version increments', async () => {
    const holders = [SYS.boardroom, SYS.lab, SYS.lounge];
    const before = await Promise.all(holders.map(getSystem));
    const res = await api.req('DELETE', '/api/control/modules/mod-lighting-harbour');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await getModule('mod-lighting-harbour'), 404, 'not_found');
    for (const [i, id] of holders.entries()) {
      const after = await getSystem(id);
      expect(after.modules).toEqual(before[i]!.modules.filter((m) => m !== 'mod-lighting-harbour'));
      expect(after.version).toBe(before[i]!.version + 1);
    }
    const untouched = await getSystem(SYS.training);
    expect(untouched.modules).toContain('mod-lighting-kauri');
    const filtered = await api.req<System[]>('GET', '/api/control/systems?module_id=mod-lighting-harbour');
    expect(filtered.body).toEqual([]);
  });
});

describe('starting, stopping and pinging modules', () => {
  it('stops and starts a module with 204, and a repeated stop is a no-op', async () => {
    const module = await newDisplay();
    for (const action of ['stop', 'stop'] as const) {
      const res = await api.req('POST', `/api/control/modules/${module.id}/${action}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
    }
    expect((await getModule(module.id)).body).toMatchObject({ running: false, connected: false });
    expect((await api.req('POST', `/api/control/modules/${module.id}/start`)).status).toBe(204);
    expect((await getModule(module.id)).body).toMatchObject({ running: true, connected: true });
  });

  it('pings a device: host, pingable, warning and exception', async () => {
    const res = await api.req('POST', '/api/control/modules/mod-huddle-display/ping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ host: '10.20.3.31', pingable: true, warning: null, exception: null });
  });

  it('pings an offline device as not pingable with an exception', async () => {
    const module = await newDisplay({ ip: '10.99.9.9', settings: { offline: true } });
    const res = await api.req('POST', `/api/control/modules/${module.id}/ping`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ host: '10.99.9.9', pingable: false, exception: expect.any(String) });
  });

  it('refuses to ping a logic module with 422', async () => {
    const res = await api.req('POST', '/api/control/modules/mod-huddle-logic/ping');
    expectError(res, 422, 'validation_failed');
  });
});
