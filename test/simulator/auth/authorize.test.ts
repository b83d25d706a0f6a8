import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../simulator/auth/index.ts';
import {
  authorizationCode,
  authorizeUrl,
  bearer,
  CALLBACK,
  codeParams,
  exchange,
  type Harness,
  hiddenFields,
  openForm,
  pkcePair,
  signIn,
  startHarness,
  submitForm,
} from './harness.ts';
import { fetch } from '../../support/inject-fetch.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

describe('the login page', () => {
  it('is an accessible HTML form naming the app, posting the authorize parameters back', async () => {
    const { challenge } = pkcePair();
    const response = await get(authorizeUrl(h, codeParams(challenge)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Roomdeck');
    expect(html).toMatch(/<form method="post" action="authorize">/);
    expect(html).toMatch(/<label for="username">Username<\/label>/);
    expect(html).toMatch(/<input id="username" name="username"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    const { csrf_token, ...fields } = hiddenFields(html);
    expect(fields).toEqual(codeParams(challenge));
    expect(csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is served with a strict content security policy and kept out of frames and caches', async () => {
    const response = await get(authorizeUrl(h, codeParams(pkcePair().challenge)));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:43123");
    const style = /<style>([\s\S]*)<\/style>/.exec(await response.text())?.[1] ?? '';
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('escapes every echoed value, so a hostile state cannot inject markup', async () => {
    const state = '"><script>alert(1)</script>';
    const html = await (await get(authorizeUrl(h, codeParams(pkcePair().challenge, { state })))).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows the form again with a readable error and status 401 for a wrong password, issuing nothing', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const response = await submitForm(h, form, { username: 'admin@demo.local', password: 'wrong' });
    expect(response.status).toBe(401);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Wrong username or password.');
    expect(html).toContain('value="admin@demo.local"');
    expect(html).toContain('<button type="submit">Sign in</button>');
  });

  it('asks again for empty credentials instead of failing', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const response = await submitForm(h, form, { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter your username and password.');
  });
});

describe('signing in', () => {
  it('redirects to the redirect URI with a code and the state echoed', async () => {
    const { location } = await signIn(h, codeParams(pkcePair().challenge));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toBe('xyz-state');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie scoped to /auth', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    expect(cookie).toMatch(/^roomdeck_sim_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/auth');
    expect(cookie).toContain('Max-Age=28800');
  });

  it('skips the form for a confidential client answered off this machine while the session cookie is valid', async () => {
    await h.close();
    const web = {
      id: 'web-portal',
      name: 'Web portal',
      secretHash: demoAccounts.clients.find((c) => c.id === 'roomdeck-ci')?.secretHash ?? null,
      redirectUris: ['https://portal.example/callback'],
      grants: ['authorization_code' as const],
      scopes: ['public'],
    };
    h = await startHarness({ accounts: { ...demoAccounts, clients: [...demoAccounts.clients, web] } });
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const session = cookie?.split(';')[0] ?? '';
    const portal = { client_id: 'web-portal', redirect_uri: 'https://portal.example/callback' };
    const response = await get(
      authorizeUrl(h, codeParams(pkcePair().challenge, { state: 'second', ...portal })),
      {
        cookie: session,
      },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('second');
  });

  it('asks a signed-in browser to consent for a confidential client answered on a loopback port (roomdeck-ci)', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const session = cookie?.split(';')[0] ?? '';
    const ci = codeParams(pkcePair().challenge, { state: 'second', client_id: 'roomdeck-ci' });
    const response = await get(authorizeUrl(h, ci), { cookie: session });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('<h1>Continue as Ada Admin?</h1>');
  });

  it('shows the form again once the session has expired', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    h.advance(8 * 3600 * 1000 + 1);
    const response = await get(authorizeUrl(h, codeParams(pkcePair().challenge)), {
      cookie: cookie?.split(';')[0] ?? '',
    });
    expect(response.status).toBe(200);
  });

  it('ignores an unknown session cookie', async () => {
    const response = await get(authorizeUrl(h, codeParams(pkcePair().challenge)), {
      cookie: 'roomdeck_sim_session=forged',
    });
    expect(response.status).toBe(200);
  });

  it('puts an implicit-flow token for roomdeck-implicit in the fragment, without a refresh token', async () => {
    const { location } = await signIn(h, {
      client_id: 'roomdeck-implicit',
      redirect_uri: CALLBACK,
      response_type: 'token',
      state: 's1',
    });
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('state')).toBe('s1');
    expect(fragment.get('scope')).toBe('public');
    expect(fragment.has('refresh_token')).toBe(false);
    const principal = h.auth.authenticate(bearer(fragment.get('access_token') ?? ''));
    expect(principal).toMatchObject({
      username: 'admin@demo.local',
      role: 'admin',
      name: 'Ada Admin',
      clientId: 'roomdeck-implicit',
    });
  });
});

describe('redirect URI checks', () => {
  it('never redirects to an unregistered redirect URI, showing an error page instead', async () => {
    const response = await get(
      authorizeUrl(h, codeParams(pkcePair().challenge, { redirect_uri: 'https://evil.example/callback' })),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('not registered');
  });

  it('never redirects for an unknown client', async () => {
    const response = await get(authorizeUrl(h, codeParams(pkcePair().challenge, { client_id: 'nobody' })));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('never redirects when a parameter is repeated', async () => {
    const url = `${authorizeUrl(h, codeParams(pkcePair().challenge))}&client_id=roomdeck-ci`;
    const response = await get(url);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('accepts a loopback redirect on 127.0.0.1 at any port', async () => {
    for (const uri of [
      'http://127.0.0.1:1/callback',
      'http://127.0.0.1:65535/callback',
      'http://127.0.0.1/callback',
    ]) {
      const { location } = await signIn(h, codeParams(pkcePair().challenge, { redirect_uri: uri }));
      expect(`${location.origin}${location.pathname}`).toBe(new URL(uri).href);
    }
  });

  it('refuses localhost, a different path, and a loopback URI with a fragment', async () => {
    for (const uri of [
      'http://localhost:43123/callback',
      'http://127.0.0.1:43123/other',
      'http://127.0.0.1:43123/callback#x',
    ]) {
      const response = await get(authorizeUrl(h, codeParams(pkcePair().challenge, { redirect_uri: uri })));
      expect(response.status, uri).toBe(400);
      expect(response.headers.get('location'), uri).toBeNull();
    }
  });

  it('uses the exact redirect URI of the request when exchanging the code', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge, { redirect_uri: 'http://127.0.0.1:50000/callback' });
    const wrongPort = await exchange(h, { code, code_verifier: verifier, redirect_uri: CALLBACK });
    expect(wrongPort.status).toBe(400);
    expect(await wrongPort.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await exchange(h, {
      code,
      code_verifier: verifier,
      redirect_uri: 'http://127.0.0.1:50000/callback',
    });
    expect(right.status).toBe(200);
  });
});

describe('authorization errors sent back to the client', () => {
  async function errorRedirect(params: Record<string, string>): Promise<URLSearchParams> {
    const response = await get(authorizeUrl(h, params));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    return location.searchParams;
  }

  it('refuses a public client without PKCE, echoing the state', async () => {
    const params = codeParams('');
    delete params.code_challenge;
    delete params.code_challenge_method;
    const query = await errorRedirect(params);
    expect(query.get('error')).toBe('invalid_request');
    expect(query.get('error_description')).toContain('code_challenge');
    expect(query.get('state')).toBe('xyz-state');
    expect(query.has('code')).toBe(false);
  });

  it('refuses the plain PKCE method, and a challenge without a method (which means plain)', async () => {
    const { challenge } = pkcePair();
    expect(
      (await errorRedirect(codeParams(challenge, { code_challenge_method: 'plain' }))).get('error'),
    ).toBe('invalid_request');
    const noMethod = codeParams(challenge);
    delete noMethod.code_challenge_method;
    expect((await errorRedirect(noMethod)).get('error')).toBe('invalid_request');
  });

  it('reports an unknown response_type as unsupported_response_type', async () => {
    const query = await errorRedirect(codeParams(pkcePair().challenge, { response_type: 'id_token' }));
    expect(query.get('error')).toBe('unsupported_response_type');
  });

  it('reports a response_type the client may not use as unauthorized_client', async () => {
    const response = await get(
      authorizeUrl(h, {
        client_id: 'roomdeck-ci',
        redirect_uri: CALLBACK,
        response_type: 'token',
        state: 'q',
      }),
    );
    const fragment = new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1));
    expect(fragment.get('error')).toBe('unauthorized_client');
    expect(fragment.get('state')).toBe('q');
  });

  it('reports a scope the client may not have as invalid_scope', async () => {
    const query = await errorRedirect(codeParams(pkcePair().challenge, { scope: 'public admin' }));
    expect(query.get('error')).toBe('invalid_scope');
  });

  it('puts implicit-flow errors in the fragment', async () => {
    const response = await get(
      authorizeUrl(h, {
        client_id: 'roomdeck-implicit',
        redirect_uri: CALLBACK,
        response_type: 'token',
        scope: 'root',
        state: 'f',
      }),
    );
    const location = new URL(response.headers.get('location') ?? '');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error')).toBe('invalid_scope');
    expect(fragment.get('state')).toBe('f');
  });
});
