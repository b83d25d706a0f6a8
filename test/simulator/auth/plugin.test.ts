import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuthService, authPlugin, demoAccounts } from '../../../simulator/auth/index.ts';
import { fetch, serveByInject } from '../../support/inject-fetch.ts';

describe('the auth plugin inside a larger app', () => {
  it('keeps its form parser to itself', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      prefix: '/auth/oauth',
      auth: new AuthService({ accounts: demoAccounts, tokenTtlSeconds: 60 }),
    });
    app.post('/api/echo', async (request) => request.body);
    const served = await serveByInject(app);
    const base = served.origin;
    try {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect((await fetch(`${base}/api/echo`, { method: 'POST', headers: form, body: 'a=1' })).status).toBe(
        415,
      );
      expect(
        (await fetch(`${base}/auth/oauth/revoke`, { method: 'POST', headers: form, body: 'token=x' })).status,
      ).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('coexists with cookie and form parsers the app registered itself', async () => {
    const app = Fastify();
    await app.register(cookie);
    await app.register(formbody);
    await app.register(authPlugin, {
      prefix: '/auth/oauth',
      auth: new AuthService({ accounts: demoAccounts, tokenTtlSeconds: 60 }),
    });
    const served = await serveByInject(app);
    const base = served.origin;
    try {
      const response = await fetch(`${base}/auth/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=x',
      });
      expect(response.status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
