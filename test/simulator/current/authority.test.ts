import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from '../../support/inject-fetch.ts';
import { type Api, CI_CLIENT, startApi, USERS } from '../api/support.ts';
import { V2 } from './support.ts';

/** `GET /auth/authority`: what a current-generation client reads before anything else. */

interface Authority {
  domain: string;
  login_url: string;
  version: string;
  config: { authorize_uri: string; token_uri: string; revoke_uri: string };
}
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: [] });
});
afterAll(() => api.close());

describe('/auth/authority', () => {
  it('answers without a token, naming a version that means engine v2 and the login and token URLs', async () => {
    const res = await api.req<Authority>('GET', '/auth/authority', { as: null });
    expect(res.status).toBe(200);
    expect(res.body.version).toMatch(/^[2-9]\.\d+\.\d+$/);
    expect(res.body.login_url).toContain('{{url}}');
    expect(res.body.config.token_uri).toBe('/auth/oauth/token');
  });

  it('leads a client from the document alone to a token and a current list', async () => {
    const { config } = (await api.req<Authority>('GET', '/auth/authority', { as: null })).body;
    const token = await fetch(`${api.url}${config.token_uri}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: USERS.user,
        password: 'demo',
        ...CI_CLIENT,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const list = await api.req<unknown[]>('GET', `${V2}/systems?limit=2`, { token: accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
  });

  it('forwards the login URL to this service’s authorize endpoint only, never elsewhere', async () => {
    const { login_url: loginUrl, config } = (await api.req<Authority>('GET', '/auth/authority', { as: null }))
      .body;
    const authorize = `${config.authorize_uri}?response_type=code&client_id=roomdeck&state=s1`;
    const ok = await api.req('GET', loginUrl.replace('{{url}}', encodeURIComponent(authorize)), { as: null });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(authorize);
    for (const elsewhere of [
      'https://evil.example/auth/oauth/authorize',
      '//evil.example/x',
      '/api/control/systems',
    ]) {
      const res = await api.req('GET', loginUrl.replace('{{url}}', encodeURIComponent(elsewhere)), {
        as: null,
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('location')).toBeNull();
    }
    expect((await api.req('GET', '/auth/login', { as: null })).status).toBe(400);
  });
});
