import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthService, demoAccounts } from '../../../simulator/auth/index.ts';
import {
  basic,
  bearer,
  CI_CLIENT,
  type Harness,
  passwordGrant,
  postForm,
  postJson,
  startHarness,
} from './harness.ts';

let h: Harness;
afterEach(async () => {
  await h.close();
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function login(): Promise<Tokens> {
  const response = await passwordGrant(h);
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

describe('revocation', () => {
  it('kills an access token at once, answering 200 with an empty body', async () => {
    h = await startHarness();
    const { access_token } = await login();
    const response = await postForm(`${h.base}/revoke`, { token: access_token });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(h.auth.authenticate(bearer(access_token))).toBeNull();
  });

  it('accepts a JSON body', async () => {
    h = await startHarness();
    const { access_token } = await login();
    expect((await postJson(`${h.base}/revoke`, { token: access_token })).status).toBe(200);
    expect(h.auth.authenticate(bearer(access_token))).toBeNull();
  });

  it('kills a refresh token together with the access tokens issued with it', async () => {
    h = await startHarness();
    const { access_token, refresh_token } = await login();
    expect((await postForm(`${h.base}/revoke`, { token: refresh_token })).status).toBe(200);
    expect(h.auth.authenticate(bearer(access_token))).toBeNull();
    const refreshed = await postForm(`${h.base}/token`, {
      grant_type: 'refresh_token',
      refresh_token,
      ...CI_CLIENT,
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('leaves an access token alone when only it is revoked, so the refresh token still works', async () => {
    h = await startHarness();
    const { access_token, refresh_token } = await login();
    await postForm(`${h.base}/revoke`, { token: access_token });
    const refreshed = await postForm(`${h.base}/token`, {
      grant_type: 'refresh_token',
      refresh_token,
      ...CI_CLIENT,
    });
    expect(refreshed.status).toBe(200);
  });

  it('answers 200 for an unknown token, and invalid_request for a missing one', async () => {
    h = await startHarness();
    expect((await postForm(`${h.base}/revoke`, { token: 'never-issued' })).status).toBe(200);
    const missing = await postForm(`${h.base}/revoke`, {});
    expect(missing.status).toBe(400);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'token is required',
    });
  });

  it('authenticates a client that identifies itself and lets it revoke only its own tokens', async () => {
    h = await startHarness();
    const { access_token } = await login();
    const wrongSecret = await postForm(
      `${h.base}/revoke`,
      { token: access_token },
      { authorization: basic('roomdeck-ci', 'nope') },
    );
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect((await postForm(`${h.base}/revoke`, { token: access_token, client_id: 'roomdeck' })).status).toBe(
      200,
    );
    expect(h.auth.authenticate(bearer(access_token))).not.toBeNull();
    expect((await postForm(`${h.base}/revoke`, { token: access_token, ...CI_CLIENT })).status).toBe(200);
    expect(h.auth.authenticate(bearer(access_token))).toBeNull();
  });
});

describe('authenticate()', () => {
  it('reads the bearer scheme in any case, and the bearer_token query parameter', async () => {
    h = await startHarness();
    const { access_token } = await login();
    expect(
      h.auth.authenticate({ headers: { authorization: `bEaReR ${access_token}` }, query: {} })?.role,
    ).toBe('support');
    expect(h.auth.authenticate({ headers: {}, query: { bearer_token: access_token } })?.role).toBe('support');
  });

  it('returns null for a missing, malformed or unknown token', async () => {
    h = await startHarness();
    expect(h.auth.authenticate({ headers: {}, query: undefined })).toBeNull();
    expect(h.auth.authenticate({ headers: { authorization: 'Basic abc' }, query: null })).toBeNull();
    expect(
      h.auth.authenticate({ headers: { authorization: 'Bearer' }, query: { bearer_token: ['a', 'b'] } }),
    ).toBeNull();
    expect(h.auth.authenticate(bearer('not-a-token'))).toBeNull();
  });

  it('returns null once the access token has expired', async () => {
    h = await startHarness({ tokenTtlSeconds: 5 });
    const { access_token } = await login();
    h.advance(4_999);
    expect(h.auth.authenticate(bearer(access_token))).not.toBeNull();
    h.advance(1);
    expect(h.auth.authenticate(bearer(access_token))).toBeNull();
  });

  it('keeps authenticating tokens after a restart from a snapshot', async () => {
    h = await startHarness();
    const { access_token, refresh_token } = await login();
    const snapshot = JSON.parse(JSON.stringify(h.auth.snapshot()));
    expect(JSON.stringify(snapshot)).not.toContain(access_token);
    expect(JSON.stringify(snapshot)).not.toContain(refresh_token);
    await h.close();

    h = await startHarness({ snapshot });
    expect(h.auth.authenticate(bearer(access_token))?.username).toBe('tech@demo.local');
    const refreshed = await postForm(`${h.base}/token`, {
      grant_type: 'refresh_token',
      refresh_token,
      ...CI_CLIENT,
    });
    expect(refreshed.status).toBe(200);
  });

  it('keeps the login session across a restart from a snapshot', async () => {
    h = await startHarness();
    const restored = new AuthService({ accounts: demoAccounts, tokenTtlSeconds: 60 });
    const user = restored.accounts.user('user-admin');
    if (user === null) throw new Error('demo admin missing');
    const session = restored.startSession(user);
    const copy = new AuthService(
      { accounts: demoAccounts, tokenTtlSeconds: 60 },
      JSON.parse(JSON.stringify(restored.snapshot())),
    );
    expect(copy.sessionUser(session)?.username).toBe('admin@demo.local');
  });

  it('notifies listeners when tokens are issued, rotated and revoked', async () => {
    h = await startHarness();
    const listener = vi.fn();
    h.auth.onChange(listener);
    const { access_token, refresh_token } = await login();
    expect(listener).toHaveBeenCalledTimes(1);
    await postForm(`${h.base}/token`, { grant_type: 'refresh_token', refresh_token, ...CI_CLIENT });
    expect(listener).toHaveBeenCalledTimes(2);
    await postForm(`${h.base}/revoke`, { token: access_token });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
