import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../core/api/client.ts';
import { RoomdeckError } from '../../../core/api/errors.ts';
import type { AccessTokenSource } from '../../../core/api/transport.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, type Handler, json, never } from '../../support/fake-fetch.ts';

const BASE = 'https://control.example.org';

const system = (over: Record<string, unknown> = {}) => ({
  id: 'sys-1',
  name: 'Room 1',
  zones: ['zone-1'],
  modules: ['mod-1'],
  features: ['vc', 'projector'],
  version: 3,
  ...over,
});

const module1 = {
  id: 'mod-1',
  dependency_id: 'dep-1',
  role: 1,
  connected: true,
  running: true,
};

function setup(handler: Handler, auth?: Partial<AccessTokenSource>) {
  const fetch = fakeFetch(handler);
  const clock = new FakeClock();
  const tokenCalls: string[] = [];
  let token = 'access-1';
  const source: AccessTokenSource = {
    getAccessToken: async () => token,
    onUnauthorized: async (rejected) => {
      tokenCalls.push(rejected);
      token = 'access-2';
    },
    ...auth,
  };
  const client = new ControlClient({ baseUrl: BASE, auth: source, timeoutMs: 1_000, fetch, clock });
  return { client, fetch, clock, tokenCalls };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RoomdeckError) return err.code;
    throw err;
  }
  throw new Error('expected a RoomdeckError');
}

describe('ControlClient', () => {
  it('sends the bearer token in the Authorization header and never in the URL', async () => {
    const { client, fetch } = setup(() => json(system()));
    await client.getSystem('sys-1');
    const call = fetch.calls[0]!;
    expect(call.headers.get('authorization')).toBe('Bearer access-1');
    expect(call.url.href).not.toContain('access-1');
    expect(call.url.pathname).toBe('/api/control/systems/sys-1');
  });

  it('encodes ids as single path segments', async () => {
    const { client, fetch } = setup(() => json(system()));
    await client.getSystem('..x?y#z&%2F');
    expect(fetch.calls[0]!.url.pathname).toBe('/api/control/systems/..x%3Fy%23z%26%252F');
  });

  it('turns a features string into a list', async () => {
    const { client } = setup(() => json(system({ features: 'vc, projector  whiteboard' })));
    expect((await client.getSystem('sys-1')).features).toEqual(['vc', 'projector', 'whiteboard']);
  });

  it('reads a bare-array list with X-Total-Count', async () => {
    const { client, fetch } = setup(() => json([system()], 200, { 'x-total-count': '41' }));
    const page = await client.listSystems({ q: 'room', limit: 1, offset: 5, zoneId: 'zone-1' });
    expect(page).toEqual({ items: [system()], total: 41, offset: 5, limit: 1 });
    const query = fetch.calls[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ q: 'room', limit: '1', offset: '5', zone_id: 'zone-1' });
  });

  it('reads the legacy {total, results} list envelope', async () => {
    const { client } = setup(() => json({ total: 12, results: [system({ features: 'vc' })] }));
    const page = await client.listSystems();
    expect(page.total).toBe(12);
    expect(page.items[0]!.features).toEqual(['vc']);
    expect(page.limit).toBe(20);
  });

  it('unwraps a legacy one-element exec result, but not once the service has shown it is current', async () => {
    let listed = false;
    const { client } = setup((call) => {
      if (call.url.pathname.endsWith('/exec')) return json(['on']);
      listed = true;
      return json([], 200, { 'x-total-count': '0' });
    });
    expect(await client.exec('sys-1', { module: 'Display', method: 'power', args: [true] })).toBe('on');
    await client.listZones();
    expect(listed).toBe(true);
    expect(await client.exec('sys-1', { module: 'Display', method: 'power', args: [true] })).toEqual(['on']);
  });

  it('sends exec with the default index and args', async () => {
    const { client, fetch } = setup(() => json(null));
    expect(await client.exec('sys-1', { module: 'Display', method: 'mute' })).toBeNull();
    expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({
      module: 'Display',
      index: 1,
      method: 'mute',
      args: [],
    });
  });

  it('wraps a state lookup as a one-key record', async () => {
    const { client, fetch } = setup(() => json(true));
    expect(await client.systemState('sys-1', { module: 'Display', index: 2, lookup: 'power' })).toEqual({
      power: true,
    });
    expect(Object.fromEntries(fetch.calls[0]!.url.searchParams)).toEqual({
      module: 'Display',
      index: '2',
      lookup: 'power',
    });
  });

  it('returns full module and zone records with ids in the system for a complete retrieve', async () => {
    const zone = { id: 'zone-1', name: 'Level 1' };
    const { client, fetch } = setup(() => json(system({ modules: [module1], zones: [zone] })));
    const detail = await client.getSystemDetail('sys-1');
    expect(fetch.calls[0]!.url.searchParams.get('complete')).toBe('true');
    expect(detail.system.modules).toEqual(['mod-1']);
    expect(detail.system.zones).toEqual(['zone-1']);
    expect(detail.modules).toEqual([module1]);
    expect(detail.zones).toEqual([zone]);
  });

  it('renews the token once after a 401 and retries with the new one', async () => {
    const { client, fetch, tokenCalls } = setup((call) =>
      call.headers.get('authorization') === 'Bearer access-1'
        ? json({ error: 'expired', code: 'unauthorized' }, 401)
        : json(system()),
    );
    await client.getSystem('sys-1');
    expect(tokenCalls).toEqual(['access-1']);
    expect(fetch.calls.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('says the credentials were refused when the renewed token is refused too, and tells the session', async () => {
    const refused: string[] = [];
    const { client, fetch } = setup(() => json({ error: 'no', code: 'unauthorized' }, 401), {
      onTokenRefused: (err) => refused.push(err.code),
    });
    expect(await codeOf(client.getSystem('sys-1'))).toBe('ROOMDECK_CREDENTIALS_REFUSED');
    expect(fetch.calls).toHaveLength(2);
    expect(refused).toEqual(['ROOMDECK_AUTH_REQUIRED']);
  });

  it('times out on the injected clock with ROOMDECK_TIMEOUT', async () => {
    const { client, clock } = setup((_, signal) => never(signal));
    const pending = codeOf(client.getSystem('sys-1'));
    await clock.advance(999);
    await clock.advance(1);
    expect(await pending).toBe('ROOMDECK_TIMEOUT');
  });

  it("stops when the caller's signal aborts, with ROOMDECK_CANCELLED", async () => {
    const { client } = setup((_, signal) => never(signal));
    const controller = new AbortController();
    const pending = codeOf(client.getSystem('sys-1', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toBe('ROOMDECK_CANCELLED');
  });

  it('reports a refused connection as ROOMDECK_OFFLINE', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    expect(await codeOf(client.listModules())).toBe('ROOMDECK_OFFLINE');
  });

  it('rejects a 2xx body that does not fit the schema as ROOMDECK_BAD_RESPONSE', async () => {
    const { client } = setup(() => json({ id: 'sys-1' }));
    expect(await codeOf(client.getSystem('sys-1'))).toBe('ROOMDECK_BAD_RESPONSE');
    const { client: other } = setup(() => new Response('<html>', { status: 200 }));
    expect(await codeOf(other.getSystem('sys-1'))).toBe('ROOMDECK_BAD_RESPONSE');
  });

  it('sends the version with an update and surfaces a conflict with the current version', async () => {
    const { client, fetch } = setup(() =>
      json({ error: 'stale', code: 'version_conflict', current_version: 9 }, 409),
    );
    const err = await client.updateSystem('sys-1', 3, { name: 'New' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ROOMDECK_VERSION_CONFLICT', currentVersion: 9 });
    expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({ name: 'New', version: 3 });
  });

  it('accepts a bare number for count and 204 for start', async () => {
    const { client } = setup((call) =>
      call.url.pathname.endsWith('/count') ? json(2) : new Response(null, { status: 204 }),
    );
    expect(await client.count('sys-1', 'Display')).toBe(2);
    await expect(client.startSystem('sys-1')).resolves.toBeUndefined();
  });
});
