import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, SYS, startApi } from './support.ts';

/**
 * One block per row of the wire contract's error table. The simulator runs on a data file seeded with
 * two extra dependencies the demo building lacks (a service and an ssh driver), so the module rules
 * for every role can be checked through the API.
 */

const EXEC_TIMEOUT_MS = 300;
let dir: string;
let api: Api;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roomdeck-errors-'));
  const dataFile = join(dir, 'data.json');
  const seed = await startApi({ dataFile, roles: [] });
  await seed.close();
  const stored = JSON.parse(readFileSync(dataFile, 'utf8'));
  stored.data.dependencies.push(
    {
      id: 'dep-webhook',
      name: 'Webhook',
      description: 'A remote service',
      role: 2,
      driver: 'display',
      default_port: null,
      created_at: 0,
    },
    {
      id: 'dep-ssh',
      name: 'Shell',
      description: 'An SSH target',
      role: 0,
      driver: 'display',
      default_port: 22,
      created_at: 0,
    },
  );
  writeFileSync(dataFile, JSON.stringify(stored));
  api = await startApi({ dataFile, execTimeoutMs: EXEC_TIMEOUT_MS, roles: ['admin', 'user'] });
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const exec = (system: string, body: unknown) =>
  api.req('POST', `/api/control/systems/${system}/exec`, { json: body });

async function faultyRoom(settings: Record<string, unknown>): Promise<string> {
  const module = await api.req<{ id: string }>('POST', '/api/control/modules', {
    json: { dependency_id: 'dep-display', ip: '10.97.0.1', settings },
  });
  expect(module.status).toBe(201);
  const system = await api.req<{ id: string }>('POST', '/api/control/systems', {
    json: { name: `Faulty ${module.body.id}`, zones: ['zone-org'], modules: [module.body.id] },
  });
  expect(system.status).toBe(201);
  return system.body.id;
}

describe('400 bad_request', () => {
  it.each([
    ['limit=abc on the systems list', '/api/control/systems?limit=abc', 'limit'],
    ['limit=abc on the modules list', '/api/control/modules?limit=abc', 'limit'],
    [
      'index=-1 on system state',
      `/api/control/systems/${SYS.training}/state?module=Display&index=-1`,
      'index',
    ],
    [
      'index=-1 on system funcs',
      `/api/control/systems/${SYS.training}/funcs?module=Display&index=-1`,
      'index',
    ],
    [
      'index=abc on system state',
      `/api/control/systems/${SYS.training}/state?module=Display&index=abc`,
      'index',
    ],
    ['index=0 on system state', `/api/control/systems/${SYS.training}/state?module=Display&index=0`, 'index'],
    ['complete=maybe on retrieve', `/api/control/systems/${SYS.training}?complete=maybe`, 'complete'],
  ])('names the parameter for %s', async (_what, path, parameter) => {
    const body = expectError(await api.req('GET', path), 400, 'bad_request');
    expect(body.parameter).toBe(parameter);
  });

  it.each([
    ['POST', '/api/control/systems'],
    ['PUT', `/api/control/systems/${SYS.huddle}`],
    ['POST', `/api/control/systems/${SYS.huddle}/exec`],
    ['POST', '/api/control/modules'],
    ['PUT', '/api/control/modules/mod-huddle-display'],
  ])('answers %s %s with malformed JSON with 400 and changes nothing', async (method, path) => {
    const before = await api.req('GET', `/api/control/systems/${SYS.huddle}`);
    for (const raw of ['{"name": "x",', '{name: 1}', "{'a': 1}", 'nul', '[1, 2', '{"a":1}}']) {
      expectError(await api.req(method, path, { raw }), 400, 'bad_request');
    }
    expect((await api.req('GET', `/api/control/systems/${SYS.huddle}`)).body).toEqual(before.body);
  });
});

describe('malformed JSON outside the control API', () => {
  it.each(['/auth/oauth/token', '/auth/oauth/revoke'])(
    'answers %s with an RFC 6749 invalid_request 400, not a 500',
    async (path) => {
      const res = await api.req('POST', path, { as: null, raw: '{"grant_type": "password",' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    },
  );

  it('answers the login form posted as malformed JSON with a 400 page, not a 500', async () => {
    const res = await api.req('POST', '/auth/oauth/authorize', { as: null, raw: "{'username': 1}" });
    expect(res.status).toBe(400);
  });
});

describe('401 unauthorized and 403 forbidden', () => {
  it('answers a request without a token with 401 and the Bearer challenge', async () => {
    const res = await api.req('GET', '/api/control/systems', { as: null });
    expectError(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('answers the user role deleting a system with 403', async () => {
    expectError(await api.req('DELETE', `/api/control/systems/${SYS.lab}`, { as: 'user' }), 403, 'forbidden');
    expect((await api.req('GET', `/api/control/systems/${SYS.lab}`)).status).toBe(200);
  });
});

describe('404', () => {
  it('answers not_found for an unknown system, module and route', async () => {
    expectError(await api.req('GET', '/api/control/systems/sys-missing'), 404, 'not_found');
    expectError(await api.req('GET', '/api/control/modules/mod-missing'), 404, 'not_found');
    expectError(await api.req('GET', '/api/control/gadgets'), 404, 'not_found');
    expectError(await api.req('PATCH', `/api/control/systems/${SYS.huddle}`, { json: {} }), 404, 'not_found');
    expectError(await api.req('GET', '/somewhere/else', { as: null }), 404, 'not_found');
  });

  it('answers module_not_found and method_not_found for exec', async () => {
    expectError(
      await exec(SYS.huddle, { module: 'Projector', method: 'power', args: [true] }),
      404,
      'module_not_found',
    );
    expectError(
      await exec(SYS.huddle, { module: 'Display', method: 'selfDestruct', args: [] }),
      404,
      'method_not_found',
    );
  });
});

describe('409', () => {
  it('answers a stale version with version_conflict and current_version, changing nothing', async () => {
    const first = await api.req('PUT', `/api/control/systems/${SYS.auditorium}`, {
      json: { version: 0, capacity: 200 },
    });
    expect(first.status).toBe(200);
    const before = await api.req('GET', `/api/control/systems/${SYS.auditorium}`);
    const body = expectError(
      await api.req('PUT', `/api/control/systems/${SYS.auditorium}`, {
        json: { version: 0, capacity: 1, name: 'Gone' },
      }),
      409,
      'version_conflict',
    );
    expect(body.current_version).toBe(1);
    expect((await api.req('GET', `/api/control/systems/${SYS.auditorium}`)).body).toEqual(before.body);
  });

  it('answers exec on a stopped module with module_stopped', async () => {
    expect((await api.req('POST', '/api/control/modules/mod-lounge-display/stop')).status).toBe(204);
    expectError(
      await exec(SYS.lounge, { module: 'Display', method: 'power', args: [true] }),
      409,
      'module_stopped',
    );
  });
});

describe('422 validation_failed', () => {
  const systemCases: [string, Record<string, unknown>, string][] = [
    [
      'a duplicate name, compared case-insensitively',
      { name: 'harbour BOARDROOM', zones: ['zone-org'] },
      'name',
    ],
    ['a duplicate name with surrounding spaces', { name: '  Huddle 3.2 ', zones: ['zone-org'] }, 'name'],
    ['no name', { zones: ['zone-org'] }, 'name'],
    ['a blank name', { name: '   ', zones: ['zone-org'] }, 'name'],
    ['no zones', { name: 'Zoneless' }, 'zones'],
    ['an empty zones list', { name: 'Zoneless', zones: [] }, 'zones'],
    ['an unknown zone', { name: 'Lost', zones: ['zone-atlantis'] }, 'zones'],
    ['an unknown module id', { name: 'Ghostly', zones: ['zone-org'], modules: ['mod-ghost'] }, 'modules'],
    [
      'an unknown module id in a comma string',
      { name: 'Ghostly', zones: ['zone-org'], modules: 'mod-lab-display,mod-ghost' },
      'modules',
    ],
    ['settings that are not JSON', { name: 'Unsettled', zones: ['zone-org'], settings: '{oops' }, 'settings'],
    ['a negative capacity', { name: 'Tiny', zones: ['zone-org'], capacity: -1 }, 'capacity'],
    ['a capacity sent as text', { name: 'Texty', zones: ['zone-org'], capacity: '12' }, 'capacity'],
    ['a name sent as a number', { name: 123, zones: ['zone-org'] }, 'name'],
    ['bookable sent as text', { name: 'Maybe', zones: ['zone-org'], bookable: 'true' }, 'bookable'],
  ];
  it.each(systemCases)(
    'refuses a system with %s, listing the failure, creating nothing',
    async (_what, json, field) => {
      const res = await api.req('POST', '/api/control/systems', { json });
      const body = expectError(res, 422, 'validation_failed');
      expect(body.failures).toEqual(expect.arrayContaining([{ field, reason: expect.any(String) }]));
      expect((await api.req('GET', '/api/control/systems?limit=1')).headers.get('x-total-count')).toBe('9');
    },
  );

  it('reports every failure at once', async () => {
    const res = await api.req('POST', '/api/control/systems', {
      json: { name: 'Huddle 3.2', zones: ['zone-atlantis'], modules: ['mod-ghost'] },
    });
    const body = expectError(res, 422, 'validation_failed');
    const fields = (body.failures as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['modules', 'name', 'zones']);
  });

  it('refuses renaming a system to another system’s name, leaving its version alone', async () => {
    const res = await api.req('PUT', `/api/control/systems/${SYS.lab}`, {
      json: { version: 0, name: 'level 3 lounge' },
    });
    expectError(res, 422, 'validation_failed');
    expect((await api.req('GET', `/api/control/systems/${SYS.lab}`)).body).toMatchObject({
      name: 'Innovation Lab',
      version: 0,
    });
  });

  const moduleCases: [string, Record<string, unknown>, string][] = [
    ['a logic module without control_system_id', { dependency_id: 'dep-room-logic' }, 'control_system_id'],
    ['a device without ip', { dependency_id: 'dep-display' }, 'ip'],
    ['an ssh target without ip', { dependency_id: 'dep-ssh' }, 'ip'],
    ['a service without uri', { dependency_id: 'dep-webhook' }, 'uri'],
    ['a service with a relative uri', { dependency_id: 'dep-webhook', uri: '/hooks/room' }, 'uri'],
    ['port 0', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 0 }, 'port'],
    ['port 65536', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 65536 }, 'port'],
    ['a port that is not a number', { dependency_id: 'dep-display', ip: '10.0.0.1', port: 'http' }, 'port'],
    ['no dependency_id', { ip: '10.0.0.1' }, 'dependency_id'],
  ];
  it.each(moduleCases)('refuses a module: %s', async (_what, json, field) => {
    const body = expectError(
      await api.req('POST', '/api/control/modules', { json }),
      422,
      'validation_failed',
    );
    expect(body.failures).toEqual(expect.arrayContaining([{ field, reason: expect.any(String) }]));
  });

  it('accepts a service module with an absolute uri and an ssh module with an ip', async () => {
    const service = await api.req('POST', '/api/control/modules', {
      json: { dependency_id: 'dep-webhook', uri: 'https://hooks.demo.local/room' },
    });
    expect(service.status).toBe(201);
    expect(service.body).toMatchObject({ role: 2, name: 'Webhook', tls: true, port: null });
    const ping = await api.req('POST', `/api/control/modules/${service.body.id}/ping`);
    expect(ping.body).toMatchObject({ host: 'hooks.demo.local', pingable: true });
    const ssh = await api.req('POST', '/api/control/modules', {
      json: { dependency_id: 'dep-ssh', ip: '10.0.0.22' },
    });
    expect(ssh.status).toBe(201);
    expect(ssh.body).toMatchObject({ role: 0, port: 22 });
  });
});

describe('422 invalid_arguments, 502 driver_error, 504 exec_timeout', () => {
  it('answers arguments that do not fit the method with invalid_arguments', async () => {
    const body = expectError(
      await exec(SYS.lab, { module: 'Display', method: 'volume', args: [150] }),
      422,
      'invalid_arguments',
    );
    expect(body.error).toMatch(/level/);
  });

  it('answers an offline device with driver_error and the driver’s message', async () => {
    const system = await faultyRoom({ offline: true });
    const body = expectError(
      await exec(system, { module: 'Display', method: 'power', args: [false] }),
      502,
      'driver_error',
    );
    expect(body.error).toContain('10.97.0.1');
  });

  it('answers a device fault with driver_error carrying the fault message', async () => {
    const system = await faultyRoom({ fault: 'error', fault_message: 'RS-232 checksum error' });
    const body = expectError(
      await exec(system, { module: 'Display', method: 'power', args: [true] }),
      502,
      'driver_error',
    );
    expect(body.error).toBe('RS-232 checksum error');
  });

  it('answers a device that never replies with exec_timeout after the exec wait', async () => {
    const system = await faultyRoom({ fault: 'timeout' });
    const started = performance.now();
    expectError(
      await exec(system, { module: 'Display', method: 'power', args: [true] }),
      504,
      'exec_timeout',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(EXEC_TIMEOUT_MS - 50);
  });
});

describe('error bodies', () => {
  it('never carry a stack trace or an HTML page', async () => {
    const responses = await Promise.all([
      api.req('POST', '/api/control/systems', { raw: '{' }),
      api.req('GET', '/api/control/nowhere'),
      api.req('GET', '/api/control/systems?limit=x'),
      exec(SYS.huddle, { module: 'Display', method: 'nope' }),
    ]);
    for (const res of responses) {
      expect(res.text).not.toMatch(/\n\s+at |<html|node_modules/i);
      expect(Object.keys(res.body as object)).toEqual(expect.arrayContaining(['error', 'code']));
    }
  });
});
