import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizationCode,
  basic,
  bearer,
  CALLBACK,
  CI_CLIENT,
  exchange,
  type Harness,
  pkcePair,
  postForm,
  postJson,
  signIn,
  startHarness,
} from './harness.ts';
import { fetch } from '../../support/inject-fetch.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function expectOAuthError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('pragma')).toBe('no-cache');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
}

describe('exchanging an authorization code', () => {
  it('returns tokens for the right PKCE verifier, and the access token authenticates the user', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    const response = await exchange(h, { code, code_verifier: verifier });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created_at: Date.UTC(2025, 0, 15, 9, 0, 0) / 1000,
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      scope: 'public',
      token_type: 'bearer',
    });
    expect(h.auth.authenticate(bearer(String(body.access_token)))).toEqual({
      userId: 'user-admin',
      username: 'admin@demo.local',
      name: 'Ada Admin',
      role: 'admin',
      clientId: 'roomdeck',
      scope: 'public',
    });
  });

  it('accepts a JSON body as well as a form body', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    const response = await postJson(`${h.base}/token`, {
      grant_type: 'authorization_code',
      client_id: 'roomdeck',
      redirect_uri: CALLBACK,
      code,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a verifier that does not match the challenge, leaving the code usable', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    await expectOAuthError(
      await exchange(h, { code, code_verifier: pkcePair().verifier }),
      400,
      'invalid_grant',
    );
    expect((await exchange(h, { code, code_verifier: verifier })).status).toBe(200);
  });

  it('refuses an exchange without the verifier', async () => {
    const code = await authorizationCode(h, pkcePair().challenge);
    await expectOAuthError(await exchange(h, { code }), 400, 'invalid_grant');
  });

  it('refuses a code used twice and revokes the tokens the first use obtained', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    const first = (await (await exchange(h, { code, code_verifier: verifier })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(h.auth.authenticate(bearer(first.access_token))).not.toBeNull();

    await expectOAuthError(await exchange(h, { code, code_verifier: verifier }), 400, 'invalid_grant');

    expect(h.auth.authenticate(bearer(first.access_token))).toBeNull();
    const refresh = await postForm(`${h.base}/token`, {
      grant_type: 'refresh_token',
      client_id: 'roomdeck',
      refresh_token: first.refresh_token,
    });
    await expectOAuthError(refresh, 400, 'invalid_grant');
  });

  it('refuses a code older than 60 seconds', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    h.advance(60_001);
    await expectOAuthError(await exchange(h, { code, code_verifier: verifier }), 400, 'invalid_grant');
  });

  it('refuses a redirect_uri other than the one of the authorization request', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    await expectOAuthError(
      await exchange(h, { code, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:43123/other' }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a code issued to another client', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(h, challenge);
    await expectOAuthError(
      await exchange(h, { code, code_verifier: verifier, ...CI_CLIENT }),
      400,
      'invalid_grant',
    );
  });

  it('refuses an unknown code and a missing one', async () => {
    await expectOAuthError(
      await exchange(h, { code: 'nope', code_verifier: pkcePair().verifier }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(await exchange(h, { code_verifier: pkcePair().verifier }), 400, 'invalid_request');
  });

  it('lets a confidential client authenticate with HTTP Basic', async () => {
    const { verifier, challenge } = pkcePair();
    const { location } = await signIn(h, {
      client_id: 'roomdeck-ci',
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code = location.searchParams.get('code') ?? '';
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    };
    await expectOAuthError(
      await postForm(`${h.base}/token`, fields, { authorization: basic('roomdeck-ci', 'wrong') }),
      401,
      'invalid_client',
    );
    const response = await postForm(`${h.base}/token`, fields, {
      authorization: basic('roomdeck-ci', 'roomdeck-ci-secret'),
    });
    expect(response.status).toBe(200);
  });

  it('requires a confidential client to authenticate, with 401 and a Basic challenge', async () => {
    const { location } = await signIn(h, {
      client_id: 'roomdeck-ci',
      redirect_uri: CALLBACK,
      response_type: 'code',
    });
    const code = location.searchParams.get('code') ?? '';
    const response = await postForm(`${h.base}/token`, {
      grant_type: 'authorization_code',
      client_id: 'roomdeck-ci',
      code,
      redirect_uri: CALLBACK,
    });
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    await expectOAuthError(response, 401, 'invalid_client');
  });

  it('lets a confidential client without PKCE exchange its code with its secret, but not with a stray verifier', async () => {
    const { location } = await signIn(h, {
      client_id: 'roomdeck-ci',
      redirect_uri: CALLBACK,
      response_type: 'code',
    });
    const code = location.searchParams.get('code') ?? '';
    const fields = { grant_type: 'authorization_code', ...CI_CLIENT, code, redirect_uri: CALLBACK };
    await expectOAuthError(
      await postForm(`${h.base}/token`, { ...fields, code_verifier: pkcePair().verifier }),
      400,
      'invalid_grant',
    );
    expect((await postForm(`${h.base}/token`, fields)).status).toBe(200);
  });
});

describe('malformed token requests', () => {
  it('answer every failure with an RFC 6749 error body that is not cached', async () => {
    const url = `${h.base}/token`;
    await expectOAuthError(await postForm(url, { client_id: 'roomdeck' }), 400, 'invalid_request');
    await expectOAuthError(
      await postForm(url, { grant_type: 'client_credentials', ...CI_CLIENT }),
      400,
      'unsupported_grant_type',
    );
    await expectOAuthError(
      await postForm(url, { grant_type: 'authorization_code', client_id: 'ghost' }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(url, { grant_type: 'password', client_id: 'roomdeck' }),
      400,
      'unauthorized_client',
    );
    await expectOAuthError(
      await postForm(url, {
        grant_type: 'password',
        ...CI_CLIENT,
        scope: 'admin',
        username: 'a',
        password: 'b',
      }),
      400,
      'invalid_scope',
    );
  });

  it('map unparsable, mistyped, repeated and unsupported bodies to invalid_request', async () => {
    const url = `${h.base}/token`;
    const broken = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    await expectOAuthError(broken, 400, 'invalid_request');
    await expectOAuthError(await postJson(url, { grant_type: { nested: true } }), 400, 'invalid_request');
    await expectOAuthError(await postJson(url, ['grant_type']), 400, 'invalid_request');
    const repeated = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&grant_type=refresh_token',
    });
    await expectOAuthError(repeated, 400, 'invalid_request');
    const text = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=password',
    });
    await expectOAuthError(text, 400, 'invalid_request');
    await expectOAuthError(await fetch(url, { method: 'POST' }), 400, 'invalid_request');
  });

  it('refuse client credentials sent both as Basic and in the body', async () => {
    const response = await postForm(
      `${h.base}/token`,
      { grant_type: 'password', username: 'tech@demo.local', password: 'demo', ...CI_CLIENT },
      { authorization: basic('roomdeck-ci', 'roomdeck-ci-secret') },
    );
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('treat a malformed Basic header as a failed client authentication', async () => {
    const response = await postForm(
      `${h.base}/token`,
      { grant_type: 'password' },
      { authorization: 'Basic bm9jb2xvbg==' },
    );
    await expectOAuthError(response, 401, 'invalid_client');
  });
});
