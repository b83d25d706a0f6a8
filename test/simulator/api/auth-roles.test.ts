import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, CI_CLIENT, expectError, fakeClock, type Role, request, SYS, startApi } from './support.ts';
import { fetch } from '../../support/inject-fetch.ts';

type Permission = 'read' | 'operate' | 'manage' | 'provision';

const ALLOWED: Record<Permission, Role[]> = {
  read: ['admin', 'support', 'user'],
  operate: ['admin', 'support', 'user'],
  manage: ['admin', 'support'],
  provision: ['admin'],
};

interface Route {
  permission: Permission;
  method: string;
  path: string;
  json?: unknown;
}

/** Every control route, with the permission the wire contract's role list gives it. */
const ROUTES: Route[] = [
  { permission: 'read', method: 'GET', path: '/api/control/systems' },
  { permission: 'read', method: 'GET', path: `/api/control/systems/${SYS.huddle}` },
  { permission: 'read', method: 'GET', path: `/api/control/systems/${SYS.huddle}/state?module=Display` },
  { permission: 'read', method: 'GET', path: `/api/control/systems/${SYS.huddle}/funcs?module=Display` },
  { permission: 'read', method: 'GET', path: `/api/control/systems/${SYS.huddle}/count?module=Display` },
  { permission: 'read', method: 'GET', path: `/api/control/systems/${SYS.huddle}/types` },
  { permission: 'read', method: 'GET', path: '/api/control/modules' },
  { permission: 'read', method: 'GET', path: '/api/control/modules/mod-huddle-display' },
  { permission: 'read', method: 'GET', path: '/api/control/modules/mod-huddle-display/state' },
  { permission: 'read', method: 'GET', path: '/api/control/zones' },
  { permission: 'read', method: 'GET', path: '/api/control/dependencies' },
  {
    permission: 'operate',
    method: 'POST',
    path: `/api/control/systems/${SYS.huddle}/exec`,
    json: { module: 'Display', method: 'power', args: [true] },
  },
  {
    permission: 'manage',
    method: 'PUT',
    path: `/api/control/systems/${SYS.huddle}`,
    json: { version: 0, capacity: 5 },
  },
  { permission: 'manage', method: 'POST', path: `/api/control/systems/${SYS.huddle}/start` },
  { permission: 'manage', method: 'POST', path: `/api/control/systems/${SYS.huddle}/stop` },
  {
    permission: 'manage',
    method: 'PUT',
    path: '/api/control/modules/mod-huddle-display',
    json: { notes: 'edited' },
  },
  { permission: 'manage', method: 'POST', path: '/api/control/modules/mod-huddle-display/start' },
  { permission: 'manage', method: 'POST', path: '/api/control/modules/mod-huddle-display/stop' },
  { permission: 'manage', method: 'POST', path: '/api/control/modules/mod-huddle-display/ping' },
  {
    permission: 'provision',
    method: 'POST',
    path: '/api/control/systems',
    json: { name: 'Forbidden Room', zones: ['zone-org'] },
  },
  { permission: 'provision', method: 'DELETE', path: `/api/control/systems/${SYS.huddle}` },
  {
    permission: 'provision',
    method: 'POST',
    path: '/api/control/modules',
    json: { dependency_id: 'dep-display', ip: '10.0.0.9' },
  },
  { permission: 'provision', method: 'DELETE', path: '/api/control/modules/mod-huddle-display' },
];

const label = (r: Route) => `${r.method} ${r.path.replace(/\?.*/, '')}`;

describe('role matrix', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const forbidden = ROUTES.flatMap((route) =>
    (['support', 'user'] as const)
      .filter((role) => !ALLOWED[route.permission].includes(role))
      .map((role) => [role, label(route), route] as const),
  );

  it.each(forbidden)('refuses the %s role %s with 403 forbidden', async (role, _label, route) => {
    const res = await api.req(route.method, route.path, { as: role, json: route.json });
    expectError(res, 403, 'forbidden');
  });

  it('changed nothing through the refused requests', async () => {
    const huddle = await api.req('GET', `/api/control/systems/${SYS.huddle}`);
    expect(huddle.body).toMatchObject({
      version: 0,
      capacity: 4,
      modules: ['mod-huddle-logic', 'mod-huddle-display', 'mod-huddle-bookings', 'mod-huddle-codec'],
    });
    const display = await api.req('GET', '/api/control/modules/mod-huddle-display');
    expect(display.body).toMatchObject({ running: true, notes: '65" panel above the credenza.' });
    const systems = await api.req('GET', '/api/control/systems');
    expect(systems.headers.get('x-total-count')).toBe('9');
    const modules = await api.req('GET', '/api/control/modules');
    expect(modules.headers.get('x-total-count')).toBe('50');
  });

  it('lets the user role read, exec, and read state, funcs, count and types', async () => {
    for (const route of ROUTES.filter((r) => ALLOWED[r.permission].includes('user'))) {
      const res = await api.req(route.method, route.path, { as: 'user', json: route.json });
      expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: 200 });
    }
  });

  it('lets the support role do everything but create and delete systems and modules', async () => {
    const expected: Record<string, number> = { PUT: 200, POST: 200 };
    for (const route of ROUTES.filter((r) => ALLOWED[r.permission].includes('support'))) {
      const res = await api.req(route.method, route.path, { as: 'support', json: route.json });
      const want = /\/(start|stop)$/.test(route.path) ? 204 : (expected[route.method] ?? 200);
      expect({ route: label(route), status: res.status }).toEqual({ route: label(route), status: want });
    }
  });

  it('lets the admin role create and delete systems and modules', async () => {
    const system = await api.req<{ id: string }>('POST', '/api/control/systems', {
      json: { name: 'Admin Room', zones: ['zone-org'] },
    });
    expect(system.status).toBe(201);
    const module = await api.req<{ id: string }>('POST', '/api/control/modules', {
      json: { dependency_id: 'dep-display', ip: '10.0.0.10' },
    });
    expect(module.status).toBe(201);
    expect((await api.req('DELETE', `/api/control/modules/${module.body.id}`)).status).toBe(204);
    expect((await api.req('DELETE', `/api/control/systems/${system.body.id}`)).status).toBe(204);
  });
});

describe('tokens', () => {
  const clock = fakeClock();
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ tokenTtlSeconds: 2, now: clock.now, roles: ['user'] });
  });
  afterAll(() => api.close());

  const UNAUTHORIZED_PATHS: [string, string][] = [
    ['GET', '/api/control/systems'],
    ['GET', `/api/control/systems/${SYS.huddle}`],
    ['POST', `/api/control/systems/${SYS.huddle}/exec`],
    ['GET', '/api/control/modules/mod-huddle-display/state'],
    ['DELETE', '/api/control/modules/mod-huddle-display'],
    ['GET', '/api/control/zones'],
    ['GET', '/api/control/no-such-route'],
  ];

  function expectUnauthorized(res: Awaited<ReturnType<Api['req']>>) {
    expectError(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  }

  it.each(UNAUTHORIZED_PATHS)(
    'answers %s %s without a token with 401 and WWW-Authenticate',
    async (method, path) => {
      expectUnauthorized(await api.req(method, path, { as: null }));
    },
  );

  it('answers 401 for an unknown token, a malformed header and an empty bearer_token', async () => {
    expectUnauthorized(await api.req('GET', '/api/control/systems', { token: 'not-a-real-token' }));
    expectUnauthorized(
      await api.req('GET', '/api/control/systems', {
        as: null,
        headers: { authorization: `Basic ${api.tokens.user}` },
      }),
    );
    expectUnauthorized(await api.req('GET', '/api/control/systems?bearer_token=', { as: null }));
    expectUnauthorized(await api.req('GET', '/api/control/systems?bearer_token=nope', { as: null }));
  });

  it('accepts the token as ?bearer_token= and the scheme in any case', async () => {
    const token = api.tokens.user;
    expect((await api.req('GET', `/api/control/systems?bearer_token=${token}`, { as: null })).status).toBe(
      200,
    );
    expect(
      (await api.req('GET', `/api/control/systems/${SYS.huddle}/types?bearer_token=${token}`, { as: null }))
        .status,
    ).toBe(200);
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await api.req('GET', '/api/control/zones', {
        as: null,
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.status).toBe(200);
    }
  });

  it('issues tokens with the configured expires_in, token_type bearer and Cache-Control no-store', async () => {
    const res = await fetch(`${api.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'panel@demo.local',
        password: 'demo',
        authority: 'demo',
        ...CI_CLIENT,
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ expires_in: 2, access_token: expect.any(String) });
    expect(String(body.token_type).toLowerCase()).toBe('bearer');
  });

  it('answers 401 at once for a revoked token, while another token of the same user still works', async () => {
    const doomed = await api.login('user');
    const other = await api.login('user');
    expect((await api.req('GET', '/api/control/systems', { token: doomed })).status).toBe(200);
    const revoke = await fetch(`${api.url}/auth/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: doomed }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.text()).toBe('');
    expectUnauthorized(await api.req('GET', '/api/control/systems', { token: doomed }));
    expectUnauthorized(await api.req('GET', `/api/control/systems?bearer_token=${doomed}`, { as: null }));
    expect((await api.req('GET', '/api/control/systems', { token: other })).status).toBe(200);
  });

  it('answers 401 once the token’s lifetime has passed, and a new token works again', async () => {
    const token = await api.login('user');
    clock.advance(1_900);
    expect((await api.req('GET', '/api/control/systems', { token })).status).toBe(200);
    clock.advance(200);
    expectUnauthorized(await api.req('GET', '/api/control/systems', { token }));
    expectUnauthorized(await api.req('POST', `/api/control/systems/${SYS.huddle}/exec`, { token, json: {} }));
    const fresh = await api.login('user');
    expect((await api.req('GET', '/api/control/systems', { token: fresh })).status).toBe(200);
  });

  it('checks the token before anything else: a bad body without a token is still 401', async () => {
    const res = await request(api.url, 'POST', '/api/control/systems', { raw: '{not json' });
    expectUnauthorized(res);
  });
});
