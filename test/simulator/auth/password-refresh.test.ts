import { afterEach, describe, expect, it } from 'vitest';
import { type DemoAccounts, demoAccounts, hashSecret } from '../../../simulator/auth/index.ts';
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
  scope: string;
  token_type: string;
  expires_in: number;
}

async function tokens(response: Response): Promise<Tokens> {
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

async function expectError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ error, error_description: expect.any(String) });
}

/** Demo data plus a second authority, so "known authority, wrong user" can be told from "unknown authority". */
const twoAuthorities: DemoAccounts = {
  ...demoAccounts,
  authorities: [...demoAccounts.authorities, { id: 'partner', name: 'Partner' }],
  users: [
    ...demoAccounts.users,
    {
      id: 'user-guest',
      username: 'guest@partner.local',
      name: 'Gus Guest',
      role: 'user',
      authority: 'partner',
      passwordHash: hashSecret('guest'),
    },
  ],
};

describe('the password grant', () => {
  it('issues tokens to a confidential client for the right credentials', async () => {
    h = await startHarness();
    const body = await tokens(await passwordGrant(h));
    expect(body.token_type).toBe('bearer');
    expect(body.scope).toBe('public');
    expect(h.auth.authenticate(bearer(body.access_token))).toMatchObject({
      username: 'tech@demo.local',
      role: 'support',
      name: 'Theo Technician',
      clientId: 'roomdeck-ci',
    });
  });

  it('accepts the authority the user belongs to, as JSON with Basic client authentication', async () => {
    h = await startHarness();
    const response = await postJson(
      `${h.base}/token`,
      {
        grant_type: 'password',
        username: 'panel@demo.local',
        password: 'demo',
        authority: 'demo',
        scope: 'public',
      },
      { authorization: basic('roomdeck-ci', 'roomdeck-ci-secret') },
    );
    const body = await tokens(response);
    expect(h.auth.authenticate(bearer(body.access_token))?.role).toBe('user');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    h = await startHarness();
    await expectError(await passwordGrant(h, { password: 'nope' }), 400, 'invalid_grant');
    await expectError(await passwordGrant(h, { username: 'ghost@demo.local' }), 400, 'invalid_grant');
  });

  it('refuses an unknown authority', async () => {
    h = await startHarness();
    await expectError(await passwordGrant(h, { authority: 'nowhere' }), 400, 'invalid_request');
  });

  it('refuses a known authority the user does not belong to', async () => {
    h = await startHarness({ accounts: twoAuthorities });
    await expectError(await passwordGrant(h, { authority: 'partner' }), 400, 'invalid_grant');
    await tokens(
      await passwordGrant(h, { username: 'guest@partner.local', password: 'guest', authority: 'partner' }),
    );
  });

  it('refuses a public client even if it claims the grant', async () => {
    const publicWithPassword: DemoAccounts = {
      ...demoAccounts,
      clients: demoAccounts.clients.map((c) =>
        c.id === 'roomdeck' ? { ...c, grants: [...c.grants, 'password' as const] } : c,
      ),
    };
    h = await startHarness({ accounts: publicWithPassword });
    const response = await postForm(`${h.base}/token`, {
      grant_type: 'password',
      client_id: 'roomdeck',
      username: 'admin@demo.local',
      password: 'demo',
    });
    await expectError(response, 400, 'unauthorized_client');
  });

  it('refuses a confidential client the grant is not registered for', async () => {
    const noPassword: DemoAccounts = {
      ...demoAccounts,
      clients: demoAccounts.clients.map((c) =>
        c.id === 'roomdeck-ci' ? { ...c, grants: ['authorization_code' as const] } : c,
      ),
    };
    h = await startHarness({ accounts: noPassword });
    await expectError(await passwordGrant(h), 400, 'unauthorized_client');
  });

  it('refuses a wrong client secret with 401 and a Basic challenge', async () => {
    h = await startHarness();
    const response = await passwordGrant(h, { client_secret: 'guess' });
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    await expectError(response, 401, 'invalid_client');
  });
});

describe('refreshing', () => {
  function refresh(refreshToken: string, client: Record<string, string> = CI_CLIENT): Promise<Response> {
    return postForm(`${h.base}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      ...client,
    });
  }

  it('rotates the refresh token: strict (reuse 0), the new one works and the old one is dead at once', async () => {
    h = await startHarness({ refreshReuseSeconds: 0 });
    const first = await tokens(await passwordGrant(h));
    const second = await tokens(await refresh(first.refresh_token));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(h.auth.authenticate(bearer(second.access_token))?.username).toBe('tech@demo.local');
    await expectError(await refresh(first.refresh_token), 400, 'invalid_grant');
    await tokens(await refresh(second.refresh_token));
  });

  it('accepts a rotated-out refresh token again within the reuse interval (a lost answer retried)', async () => {
    h = await startHarness({ refreshReuseSeconds: 30 });
    const first = await tokens(await passwordGrant(h));
    await tokens(await refresh(first.refresh_token));
    h.advance(29_000);
    const retried = await tokens(await refresh(first.refresh_token));
    expect(h.auth.authenticate(bearer(retried.access_token))?.username).toBe('tech@demo.local');
    await tokens(await refresh(retried.refresh_token));
  });

  it('treats reuse after the interval as a replay: refused, and the whole grant revoked', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    const second = await tokens(await refresh(first.refresh_token));
    h.advance(31_000);
    await expectError(await refresh(first.refresh_token), 400, 'invalid_grant');
    // Everything descended from the replayed token is gone: the thief and the victim both sign in again.
    expect(h.auth.authenticate(bearer(second.access_token))).toBeNull();
    await expectError(await refresh(second.refresh_token), 400, 'invalid_grant');
  });

  it('refuses a refresh token presented by another client', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    await expectError(await refresh(first.refresh_token, { client_id: 'roomdeck' }), 400, 'invalid_grant');
  });

  it('issues tokens with the TTL in force at the time', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    expect(first.expires_in).toBe(3600);
    h.auth.setTokenTtl(5);
    expect((await tokens(await refresh(first.refresh_token))).expires_in).toBe(5);
  });

  it('refuses a missing refresh token and a scope wider than the original grant', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    await expectError(
      await postForm(`${h.base}/token`, { grant_type: 'refresh_token', ...CI_CLIENT }),
      400,
      'invalid_request',
    );
    await expectError(
      await postForm(`${h.base}/token`, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        scope: 'public admin',
        ...CI_CLIENT,
      }),
      400,
      'invalid_scope',
    );
  });
});
