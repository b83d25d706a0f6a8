import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, SYS, startApi } from './support.ts';

/**
 * The spec's create rules per role (§4.3), over real HTTP with the demo building's own drivers:
 * ssh (0) and device (1) need an ip, service (2) a uri, logic (3) a control_system_id.
 */

let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'] });
});
afterAll(() => api.close());

const create = (json: Record<string, unknown>) => api.req('POST', '/api/control/modules', { json });

const ROLES = [
  { role: 0, name: 'ssh', dependency: 'dep-room-pc', field: 'ip', good: { ip: '10.95.0.1' }, port: 22 },
  { role: 1, name: 'device', dependency: 'dep-display', field: 'ip', good: { ip: '10.95.0.2' }, port: 4999 },
  {
    role: 2,
    name: 'service',
    dependency: 'dep-bookings',
    field: 'uri',
    good: { uri: 'https://calendar.demo.local/rooms/x' },
    port: null,
  },
  {
    role: 3,
    name: 'logic',
    dependency: 'dep-room-logic',
    field: 'control_system_id',
    good: { control_system_id: SYS.lounge },
    port: null,
  },
] as const;

describe('creating a module of each role', () => {
  it.each(ROLES)(
    'creates a $name module (role $role) with its $field',
    async ({ role, dependency, good }) => {
      const res = await create({ dependency_id: dependency, ...good });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role, dependency_id: dependency, ...good });
    },
  );

  it.each(ROLES)('refuses a $name module without its $field, naming it', async ({ dependency, field }) => {
    const body = expectError(await create({ dependency_id: dependency }), 422, 'validation_failed');
    expect(body.failures).toEqual([{ field, reason: expect.stringMatching(/required/) }]);
  });

  it('refuses a service module whose uri is not absolute', async () => {
    const body = expectError(
      await create({ dependency_id: 'dep-bookings', uri: 'calendar/rooms' }),
      422,
      'validation_failed',
    );
    expect(body.failures).toEqual([{ field: 'uri', reason: 'must be an absolute URI' }]);
  });

  it('refuses a logic module bound to a system that does not exist', async () => {
    const body = expectError(
      await create({ dependency_id: 'dep-room-logic', control_system_id: 'sys-nowhere' }),
      422,
      'validation_failed',
    );
    expect(body.failures).toEqual([
      { field: 'control_system_id', reason: expect.stringMatching(/unknown system/) },
    ]);
  });

  it('gives ssh and device modules the dependency’s default port', async () => {
    for (const { dependency, good, port } of ROLES.slice(0, 2)) {
      expect((await create({ dependency_id: dependency, ...good })).body).toMatchObject({ port });
    }
  });

  it('starts, stops and pings the new ssh module like any device', async () => {
    const pc = await create({ dependency_id: 'dep-room-pc', ip: '10.95.0.3' });
    const id = (pc.body as { id: string }).id;
    expect((await api.req('POST', `/api/control/modules/${id}/stop`)).status).toBe(204);
    expect((await api.req('POST', `/api/control/modules/${id}/start`)).status).toBe(204);
    const ping = await api.req('POST', `/api/control/modules/${id}/ping`);
    expect(ping.body).toEqual({ host: '10.95.0.3', pingable: true, warning: null, exception: null });
  });
});
