import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verbNames } from '../../contract/channels.ts';
import { PAGE_KEY_HEADER } from '../../contract/page-key.ts';
import { type FakeApiLog, fakeApi, sampleArgs } from '../support/fake-api.ts';
import { hostFixture } from './fixture.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(log: FakeApiLog = { calls: [] }) {
  const fixture = await hostFixture({ api: fakeApi(log) });
  close = () => fixture.app.close();
  return fixture;
}

describe('the HTTP bridge', () => {
  it('answers a request from the page with the api’s value', async () => {
    const log: FakeApiLog = { calls: [] };
    const { openPage, bridge } = await setup(log);
    const signedIn = await openPage();
    const response = await bridge('systems', 'state', sampleArgs['systems.state'], signedIn);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, value: { power: true, input: 'hdmi1', volume: 40 } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(log.calls).toEqual([{ verb: 'systems.state', args: sampleArgs['systems.state'] }]);
  });

  it('passes null results through intact', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    const response = await bridge('modules', 'stop', { id: 'mod-display-1' }, signedIn);
    expect(response.json()).toEqual({ ok: true, value: null });
  });

  it('accepts an empty body for a verb without parameters', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    const response = await bridge('session', 'status', '', signedIn);
    expect(response.json()).toMatchObject({ ok: true, value: { state: 'signed-in' } });
  });

  it('serves every verb of the contract', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    for (const [domain, verbs] of Object.entries(verbNames)) {
      for (const verb of verbs) {
        const response = await bridge(domain, verb, sampleArgs[`${domain}.${verb}`], signedIn);
        expect({ verb: `${domain}.${verb}`, body: response.json() }).toMatchObject({ body: { ok: true } });
      }
    }
  });

  it('answers 401 without a session cookie, without calling the api', async () => {
    const log: FakeApiLog = { calls: [] };
    const { bridge } = await setup(log);
    const response = await bridge('session', 'signOut', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED' } });
    expect(log.calls).toEqual([]);
  });

  it('answers 401 to the session cookie without its page key, and to the key without the cookie', async () => {
    const log: FakeApiLog = { calls: [] };
    const { openPage, bridge } = await setup(log);
    const signedIn = await openPage();
    const { cookie, [PAGE_KEY_HEADER]: key } = signedIn;
    for (const headers of [
      { cookie } as Record<string, string>,
      { [PAGE_KEY_HEADER]: key },
      { cookie, [PAGE_KEY_HEADER]: '' },
      { cookie, [PAGE_KEY_HEADER]: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` },
      { cookie: `roomdeck_session=${key}`, [PAGE_KEY_HEADER]: cookie.split('=')[1] ?? '' },
    ]) {
      const response = await bridge('systems', 'list', {}, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({
        ok: false,
        error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED', message: expect.stringContaining('/?launch=') },
      });
    }
    expect(log.calls).toEqual([]);
    expect((await bridge('systems', 'list', {}, signedIn)).statusCode).toBe(200);
  });

  it('answers 401 for a cookie the host never minted', async () => {
    const { bridge } = await setup();
    const response = await bridge('session', 'status', {}, { cookie: 'roomdeck_session=forged' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to another origin even with a valid cookie (CSRF)', async () => {
    const log: FakeApiLog = { calls: [] };
    const { openPage, bridge } = await setup(log);
    const signedIn = await openPage();
    for (const origin of ['https://evil.example', 'http://localhost:47123', 'null']) {
      const response = await bridge('systems', 'exec', sampleArgs['systems.exec'], { ...signedIn, origin });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } });
    }
    expect(log.calls).toEqual([]);
  });

  it('answers 403 when the browser marks the request as coming from another site, whatever its Origin', async () => {
    const log: FakeApiLog = { calls: [] };
    const { openPage, bridge } = await setup(log);
    const signedIn = await openPage();
    for (const site of ['cross-site', 'same-site', 'none']) {
      const response = await bridge('systems', 'exec', sampleArgs['systems.exec'], {
        ...signedIn,
        'sec-fetch-site': site,
      });
      expect(response.statusCode, site).toBe(403);
    }
    expect(log.calls).toEqual([]);
    const own = await bridge('session', 'status', {}, { ...signedIn, 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });

  it('answers 403 when the Origin header is missing', async () => {
    const { openPage, inject } = await setup();
    const signedIn = await openPage();
    const response = await inject({
      method: 'POST',
      url: '/bridge/config/get',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 to a peer on another machine', async () => {
    const { openPage, bridge, app } = await setup();
    const signedIn = await openPage();
    const response = await app.inject({
      method: 'POST',
      url: '/bridge/config/get',
      remoteAddress: '192.168.1.50',
      headers: {
        host: '127.0.0.1:47123',
        origin: 'http://127.0.0.1:47123',
        ...signedIn,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect((await bridge('config', 'get', {}, signedIn)).statusCode).toBe(200);
  });

  it('answers a body that does not fit the verb’s schema with invalid args naming the field', async () => {
    const log: FakeApiLog = { calls: [] };
    const { openPage, bridge } = await setup(log);
    const signedIn = await openPage();
    const response = await bridge(
      'systems',
      'exec',
      { id: 'sys-boardroom', module: 'Display', index: 0 },
      signedIn,
    );
    // Every problem is listed; each one names its field.
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_INVALID_ARGS' } });
    expect(body.error.message).toContain('"index" expected integer to be greater or equal to 1');
    expect(body.error.message).toContain('"method" is required');
    expect(body.error.details.problems.map((p: { field: string }) => p.field)).toEqual(['method', 'index']);
    expect(log.calls).toEqual([]);
  });

  it('answers malformed JSON and prototype tricks with invalid args', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    const malformed = await bridge('systems', 'get', '{"id":', signedIn);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_INVALID_ARGS' } });
    const poisoned = await bridge('systems', 'get', '{"id":"x","__proto__":{"admin":true}}', signedIn);
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses bodies that are not JSON, such as a cross-site form post', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    const response = await bridge('session', 'signOut', 'a=b', {
      ...signedIn,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ ok: false });
  });

  it('answers 404 JSON for an unknown domain or verb, including inherited property names', async () => {
    const { openPage, bridge } = await setup();
    const signedIn = await openPage();
    for (const [domain, verb] of [
      ['rooms', 'list'],
      ['systems', 'destroy'],
      ['systems', 'constructor'],
      ['constructor', 'name'],
      ['__proto__', 'toString'],
    ] as const) {
      const response = await bridge(domain, verb, {}, signedIn);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_UNKNOWN_VERB' } });
    }
  });

  it('offers no generic invoke route', async () => {
    const { openPage, inject } = await setup();
    const signedIn = await openPage();
    const response = await inject({
      method: 'POST',
      url: '/bridge/invoke',
      headers: { ...signedIn, origin: 'http://127.0.0.1:47123', 'content-type': 'application/json' },
      payload: JSON.stringify({ channel: 'systems:list' }),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the HTTP bridge on its way to listening', () => {
  it('checks its path without compiling a JSON Schema validator, and still refuses a long one with a message', async () => {
    // Fastify's own validator (Ajv) compiles the JSON Schema meta-schema before it checks anything:
    // the largest single piece of the host's start-up, for two short strings. The Ajv Fastify uses:
    const fromFastify = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
    const Ajv = fromFastify('ajv') as { prototype: { compile: (...args: unknown[]) => unknown } };
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    try {
      const { openPage, bridge } = await setup();
      const signedIn = await openPage();
      const response = await bridge('x'.repeat(65), 'state', {}, signedIn);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: { message: expect.any(String) } });
      const fine = await bridge('systems', 'state', sampleArgs['systems.state'], signedIn);
      expect(fine.statusCode).toBe(200);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });
});
