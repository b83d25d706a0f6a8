import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Api, expectError, SYS, startApi } from '../simulator/api/support.ts';
import { fetch } from '../support/inject-fetch.ts';

/**
 * `settings` nested 30,000 levels deep (180 KB) was stored by
 * `PUT /api/control/systems/{id}` (answering 500 as its reply failed to serialise) and from then on
 * every `GET /systems` answered 500, for every user. Every JSON body is now checked at the input:
 * nested deeper than the limit → 400 naming it, over the size limit → 413 naming it, nothing stored.
 */

let api: Api;
beforeEach(async () => {
  api = await startApi({ roles: ['admin', 'support', 'user'] });
});
afterEach(async () => {
  await api.close();
});

/** `{"a":{"a":…1…}}` as text: a value this deep cannot even be built with JSON.stringify. */
const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

async function huddle(): Promise<{ version: number; settings: unknown }> {
  const response = await api.req('GET', `/api/control/systems/${SYS.huddle}`, { as: 'user' });
  expect(response.status).toBe(200);
  return response.body;
}

async function everyListStillAnswers(): Promise<void> {
  for (const role of ['user', 'support'] as const) {
    expect((await api.req('GET', '/api/control/systems?limit=500', { as: role })).status).toBe(200);
  }
}

describe('JSON nested too deep', () => {
  it('PUT a system with settings 30,000 levels deep (180 KB): 400 naming the limit, nothing stored', async () => {
    const before = await huddle();
    const raw = `{"version":${before.version},"settings":${nested(30_000)}}`;
    expect(raw.length).toBeGreaterThan(180_000);
    const response = await api.req('PUT', `/api/control/systems/${SYS.huddle}`, { as: 'support', raw });
    const body = expectError(response, 400, 'bad_request');
    expect(body.error).toMatch(/nested more than 64 levels deep \(the limit is 64\)/);
    expect(await huddle()).toEqual(before);
    await everyListStillAnswers();
  });

  it('the same as a JSON string in settings (the spec allows one): 422 naming the limit, nothing stored', async () => {
    const before = await huddle();
    const response = await api.req('PUT', `/api/control/systems/${SYS.huddle}`, {
      as: 'support',
      json: { version: before.version, settings: nested(30_000) },
    });
    const body = expectError(response, 422, 'validation_failed');
    expect(body.failures).toEqual([
      {
        field: 'settings',
        reason: expect.stringMatching(/nested more than 64 levels deep \(the limit is 64\)/),
      },
    ]);
    expect(await huddle()).toEqual(before);
    await everyListStillAnswers();
  });

  it('a module, a new system and exec arguments are refused alike', async () => {
    const module = (await api.req('GET', '/api/control/modules?limit=1', { as: 'support' })).body[0];
    const attempts = [
      { method: 'PUT', path: `/api/control/modules/${module.id}`, raw: `{"settings":${nested(5_000)}}` },
      {
        method: 'POST',
        path: '/api/control/systems',
        raw: `{"name":"Deep","zones":[],"settings":${nested(100)}}`,
      },
      {
        method: 'POST',
        path: `/api/control/systems/${SYS.huddle}/exec`,
        raw: `{"module":"Display","method":"power","args":[${nested(2_000)}]}`,
      },
    ];
    for (const { method, path, raw } of attempts) {
      const body = expectError(await api.req(method, path, { as: 'admin', raw }), 400, 'bad_request');
      expect(body.error).toContain('the limit is 64');
    }
    await everyListStillAnswers();
  });

  it('nesting up to the limit is still accepted', async () => {
    const before = await huddle();
    const raw = `{"version":${before.version},"settings":${nested(63)}}`;
    expect((await api.req('PUT', `/api/control/systems/${SYS.huddle}`, { as: 'support', raw })).status).toBe(
      200,
    );
    await everyListStillAnswers();
  });

  it('the token endpoint answers a deep JSON body with an RFC 6749 error naming the limit', async () => {
    const response = await fetch(`${api.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"grant_type":"password","username":${nested(10_000)}}`,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('the limit is 64');
  });
});

describe('JSON bodies too large', () => {
  it('a body over 1 MiB: 413 naming the limit, nothing stored', async () => {
    const before = await huddle();
    const raw = JSON.stringify({ version: before.version, settings: { blob: 'x'.repeat(1024 * 1024) } });
    const response = await api.req('PUT', `/api/control/systems/${SYS.huddle}`, { as: 'support', raw });
    const body = expectError(response, 413, 'payload_too_large');
    expect(body.error).toContain('1 MiB');
    expect(await huddle()).toEqual(before);
  });
});
