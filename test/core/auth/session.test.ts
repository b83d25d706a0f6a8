import { describe, expect, it } from 'vitest';
import { AuthError, RoomdeckError } from '../../../core/api/errors.ts';
import { createOAuthContext } from '../../../core/auth/flows.ts';
import { Session, type SessionOptions } from '../../../core/auth/session.ts';
import { createMemoryVault, type StoredTokens, type TokenVault } from '../../../core/store/vault.ts';
import { FakeClock, settle } from '../../support/fake-clock.ts';
import { fakeFetch, json, never } from '../../support/fake-fetch.ts';
import { sampleTokens } from '../../support/tokens.ts';

const SERVER = 'http://127.0.0.1:4010';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

type Mode = 'ok' | 'invalid_grant' | 'invalid_client' | 'unavailable' | 'offline' | 'truncated' | 'hang';

/** A token endpoint that rotates refresh tokens, and a revocation endpoint, on the fake clock. */
function fakeAuthServer(lifetimeSeconds: number) {
  const state = { mode: 'ok' as Mode, issued: 0, revoked: [] as string[], grants: [] as string[] };
  const fetch = fakeFetch((call, signal) => {
    const body = new URLSearchParams(call.body ?? '');
    if (call.url.pathname === '/auth/oauth/revoke') {
      state.revoked.push(body.get('token') ?? '');
      return new Response(null, { status: 200 });
    }
    state.grants.push(body.get('grant_type') ?? '');
    if (state.mode === 'offline') throw new TypeError('fetch failed');
    if (state.mode === 'unavailable') return json({ error: 'server_error' }, 503);
    if (state.mode === 'hang') return never(signal);
    if (state.mode === 'truncated') {
      // The connection cut mid-body: the service may already have rotated the token.
      return new Response('{"access_token":"AT-x","refresh_tok', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (state.mode === 'invalid_client') {
      return json({ error: 'invalid_client', error_description: 'client disabled' }, 401);
    }
    if (state.mode === 'invalid_grant') {
      return json({ error: 'invalid_grant', error_description: 'refresh token revoked' }, 400);
    }
    state.issued++;
    return json({
      access_token: `AT-${state.issued}`,
      refresh_token: `RT-${state.issued}`,
      token_type: 'bearer',
      expires_in: lifetimeSeconds,
      created_at: 0,
      scope: 'public',
    });
  });
  return { fetch, state };
}

function setup(
  options: {
    lifetimeMs?: number;
    vault?: TokenVault;
    stored?: StoredTokens | null;
    extra?: Partial<SessionOptions>;
  } = {},
) {
  const clock = new FakeClock();
  const lifetimeMs = options.lifetimeMs ?? 14 * DAY;
  const server = fakeAuthServer(lifetimeMs / 1000);
  const stored =
    options.stored === undefined
      ? sampleTokens({
          server: SERVER,
          accessToken: 'AT-0',
          refreshToken: 'RT-0',
          issuedAt: clock.now(),
          expiresAt: clock.now() + lifetimeMs,
        })
      : options.stored;
  const vault = options.vault ?? createMemoryVault(stored);
  const oauth = createOAuthContext({
    serverUrl: SERVER,
    clientId: 'roomdeck',
    scope: 'public',
    timeoutMs: 5_000,
    fetch: server.fetch,
    clock,
  });
  const session = new Session({
    oauth,
    vault,
    serverUrl: SERVER,
    clientId: 'roomdeck',
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:5000/callback',
    clock,
    random: () => 0,
    ...options.extra,
  });
  return { clock, session, server, vault };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (err: unknown) => (err instanceof RoomdeckError ? err.code : `not a RoomdeckError: ${String(err)}`),
  );
}

describe('session timing', () => {
  it('renews a 14-day token proactively at 80% of its lifetime, not before', async () => {
    const { clock, session, server } = setup({ lifetimeMs: 14 * DAY });
    await session.restore();
    expect(session.status().state).toBe('signed-in');
    await clock.advance(0.8 * 14 * DAY - 1);
    expect(server.state.grants).toEqual([]);
    await clock.advance(1);
    expect(server.state.grants).toEqual(['refresh_token']);
    expect(await session.getAccessToken()).toBe('AT-1');
  });

  it('renews a 20-minute token 5 minutes before expiry', async () => {
    const { clock, session, server } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    await clock.advance(15 * MIN - 1);
    expect(server.state.grants).toHaveLength(0);
    await clock.advance(1);
    expect(server.state.grants).toHaveLength(1);
    // And the renewed token is scheduled again on its own lifetime.
    await clock.advance(15 * MIN);
    expect(server.state.grants).toHaveLength(2);
  });

  it('renews on demand when the timer could not fire (a sleeping machine) before handing out a token', async () => {
    const { clock, session, server } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    const later = clock.now() + 16 * MIN;
    // Time jumps without timers running, as after a suspend.
    Object.defineProperty(clock, 'now', { value: () => later });
    expect(await session.getAccessToken()).toBe('AT-1');
    expect(server.state.grants).toEqual(['refresh_token']);
  });

  it('makes concurrent callers share a single refresh', async () => {
    const { session, server } = setup();
    await session.restore();
    const results = await Promise.all(Array.from({ length: 20 }, () => session.onUnauthorized('AT-0')));
    expect(results).toHaveLength(20);
    expect(server.state.grants).toEqual(['refresh_token']);
    // A late 401 for the old token does not renew again.
    await session.onUnauthorized('AT-0');
    expect(server.state.grants).toHaveLength(1);
    expect(await session.getAccessToken()).toBe('AT-1');
  });

  it('stores the rotated refresh token in the vault before the new access token is used', async () => {
    const inner = createMemoryVault(null);
    let release!: () => void;
    const saved: StoredTokens[] = [];
    const vault: TokenVault = {
      ...inner,
      save: async (t) => {
        saved.push(t);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await inner.save(t);
      },
    };
    const { clock, session } = setup({ vault, stored: null });
    await inner.save(
      sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: clock.now(),
        expiresAt: clock.now() + DAY,
      }),
    );
    await session.restore();
    let handedOut: string | null = null;
    const onAuth = session
      .onUnauthorized('AT-0')
      .then(() => session.getAccessToken())
      .then((t) => {
        handedOut = t;
      });
    await settle();
    expect(saved.map((t) => t.refreshToken)).toEqual(['RT-1']);
    expect(handedOut).toBeNull();
    release();
    await onAuth;
    expect(handedOut).toBe('AT-1');
    expect((await inner.load())?.refreshToken).toBe('RT-1');
  });

  it('keeps the refresh token through transient failures and retries with backoff', async () => {
    const { clock, session, server, vault } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    server.state.mode = 'unavailable';
    await clock.advance(15 * MIN);
    expect(server.state.grants).toHaveLength(1);
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
    // random() = 0: the first retry comes after 1 s, the next after 2 s.
    server.state.mode = 'offline';
    await clock.advance(1_000);
    expect(server.state.grants).toHaveLength(2);
    // Until expiry the old token still works, without hammering the token endpoint.
    expect(await session.getAccessToken()).toBe('AT-0');
    expect(server.state.grants).toHaveLength(2);
    server.state.mode = 'ok';
    await clock.advance(2_000);
    expect(server.state.grants).toHaveLength(3);
    expect(await session.getAccessToken()).toBe('AT-1');
    expect((await vault.load())?.refreshToken).toBe('RT-1');
  });

  it('reports an expired token that cannot be renewed offline as ROOMDECK_OFFLINE, still signed in', async () => {
    const { clock, session, server } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    server.state.mode = 'offline';
    await clock.advance(20 * MIN);
    expect(await codeOf(session.getAccessToken())).toBe('ROOMDECK_OFFLINE');
    expect(session.status().state).toBe('signed-in');
  });

  it('ends the session only on invalid_grant, with a reason, and wipes the vault', async () => {
    const { clock, session, server, vault } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    server.state.mode = 'invalid_grant';
    await clock.advance(15 * MIN);
    const status = session.status();
    expect(status.state).toBe('signed-out');
    expect(status.reason?.code).toBe('ROOMDECK_SESSION_ENDED');
    expect(status.reason?.message).toContain('Sign in again');
    expect(await vault.load()).toBeNull();
    expect(await codeOf(session.getAccessToken())).toBe('ROOMDECK_SESSION_ENDED');
    expect(clock.pending()).toEqual([]);
  });

  it.each([
    ['a 5xx', 'unavailable', 'kept'],
    ['a network error', 'offline', 'kept'],
    ['a truncated body', 'truncated', 'kept'],
    ['no answer (timeout)', 'hang', 'kept'],
    ['400 invalid_grant', 'invalid_grant', 'ended'],
    ['401 invalid_client', 'invalid_client', 'ended'],
  ] as const)('after a refresh with %s, the session is %s', async (_what, mode, outcome) => {
    const { clock, session, server, vault } = setup({ lifetimeMs: 20 * MIN });
    await session.restore();
    server.state.mode = mode;
    await clock.advance(15 * MIN);
    await clock.advance(6_000); // past the request timeout of a hung refresh
    if (outcome === 'kept') {
      expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
      expect((await vault.load())?.refreshToken).toBe('RT-0');
      // It keeps retrying, with backoff, and recovers by itself when the service does.
      server.state.mode = 'ok';
      await clock.advance(10_000);
      expect(await session.getAccessToken()).toMatch(/^AT-\d+$/);
      expect((await vault.load())?.refreshToken).toMatch(/^RT-\d+$/);
      expect((await vault.load())?.refreshToken).not.toBe('RT-0');
    } else {
      expect(session.status().state).toBe('signed-out');
      expect(session.status().reason).not.toBeNull();
      expect(await vault.load()).toBeNull();
    }
  });

  it('renews at most once per 30 s while the service keeps refusing the tokens (401)', async () => {
    const { clock, session, server } = setup();
    await session.restore();
    await session.onUnauthorized('AT-0');
    expect(server.state.grants).toHaveLength(1);
    // The renewed token is refused too (a gateway glitch): no second refresh for 30 s.
    for (let i = 0; i < 5; i++) {
      await session.onUnauthorized('AT-1');
      await clock.advance(5_000);
    }
    expect(server.state.grants).toHaveLength(1);
    await clock.advance(10_000);
    await session.onUnauthorized('AT-1');
    expect(server.state.grants).toHaveLength(2);
    expect(session.status().state).toBe('signed-in');
  });

  it('keeps the session when even a renewed token is refused (only the authorization server ends it)', async () => {
    const { session, clock } = setup();
    await session.restore();
    session.onTokenRefused(new AuthError('ROOMDECK_AUTH_REQUIRED'));
    expect(session.status()).toMatchObject({ state: 'signed-in' });
    expect(session.refusedAt).toBe(clock.now());
    expect(typeof (await session.getAccessToken())).toBe('string');
  });
});

describe('session storage and sign-out', () => {
  it('starts signed out, without a reason, when the vault is empty', async () => {
    const { session } = setup({ stored: null });
    await session.restore();
    expect(session.status()).toEqual({ state: 'signed-out', reason: null, server: SERVER });
    expect(await codeOf(session.getAccessToken())).toBe('ROOMDECK_AUTH_REQUIRED');
  });

  it('treats an unreadable vault as signed out, never a crash', async () => {
    const vault: TokenVault = {
      load: async () => {
        throw new Error('EACCES');
      },
      save: async () => {},
      clear: async () => {},
    };
    const { session } = setup({ vault });
    await session.restore();
    expect(session.status().state).toBe('signed-out');
    expect(session.status().reason?.code).toBe('ROOMDECK_INTERNAL');
  });

  it('ignores tokens stored for another service', async () => {
    const { session } = setup({ stored: sampleTokens({ server: 'https://elsewhere.example.org' }) });
    await session.restore();
    expect(session.status().state).toBe('signed-out');
  });

  it('renews at once when the stored token is already past its renewal time', async () => {
    const start = new FakeClock().now();
    const { session, server, clock } = setup({
      stored: sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: start - DAY,
        expiresAt: start - 1,
      }),
    });
    await session.restore();
    await clock.advance(0);
    expect(server.state.grants).toEqual(['refresh_token']);
  });

  it('revokes both tokens and wipes the vault on sign-out', async () => {
    const { session, server, vault, clock } = setup();
    await session.restore();
    await session.signOut();
    expect(server.state.revoked).toEqual(['RT-0', 'AT-0']);
    expect(await vault.load()).toBeNull();
    expect(session.status()).toEqual({ state: 'signed-out', reason: null, server: SERVER });
    expect(clock.pending()).toEqual([]);
  });

  it('keeps callers waiting while a sign-out wipes the vault, then tells them all "signed out"', async () => {
    // The wipe is slow (a disk under load). Between dropping the tokens and saying so, a call that
    // wants a token and a page that asks for the status must not be told two different stories.
    const start = Date.UTC(2030, 0, 1);
    const stored = createMemoryVault(
      sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: start,
        expiresAt: start + 14 * DAY,
      }),
    );
    let wipe: () => void = () => undefined;
    const vault: TokenVault = {
      ...stored,
      clear: () => new Promise<void>((resolve) => (wipe = () => void stored.clear().then(resolve))),
    };
    const { session } = setup({ vault });
    await session.restore();
    expect(await session.getAccessToken()).toBe('AT-0');
    const signingOut = session.signOut();
    await settle();
    // The tokens are gone from memory; the status does not say so yet, and nobody is answered.
    expect(session.status().state).toBe('signed-in');
    let told: string | undefined;
    const token = codeOf(session.getAccessToken()).then((code) => {
      told = code;
      return session.status().state;
    });
    let settledAs: string | undefined;
    void session.settled().then(() => {
      settledAs = session.status().state;
    });
    await settle();
    expect(told).toBeUndefined();
    expect(settledAs).toBeUndefined();
    wipe();
    // Told "not signed in" only once the status says "signed out".
    expect(await token).toBe('signed-out');
    expect(told).toBe('ROOMDECK_AUTH_REQUIRED');
    expect(settledAs).toBe('signed-out');
    await signingOut;
  });

  it('signs out locally even when revocation cannot reach the service', async () => {
    const offline = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const oauth = createOAuthContext({
      serverUrl: SERVER,
      clientId: 'roomdeck',
      scope: '',
      timeoutMs: 1_000,
      fetch: offline,
    });
    const { session, vault } = setup({ extra: { oauth } });
    await session.restore();
    await session.signOut();
    expect(offline.calls).toHaveLength(2);
    expect(await vault.load()).toBeNull();
    expect(session.status().state).toBe('signed-out');
  });
});

describe('host-redirect sign-in', () => {
  async function begin() {
    const ctx = setup({ stored: null });
    await ctx.session.restore();
    const start = await ctx.session.beginSignIn();
    const url = new URL(start.navigateTo!);
    return { ...ctx, start, url, state: url.searchParams.get('state')! };
  }

  it('returns the authorize URL with PKCE S256, a state and the host callback as redirect_uri', async () => {
    const { url, session } = await begin();
    expect(`${url.origin}${url.pathname}`).toBe(`${SERVER}/auth/oauth/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('roomdeck');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:5000/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(session.status().state).toBe('signing-in');
  });

  it('finishes with the code, sending the PKCE verifier', async () => {
    const { session, state, server, start } = await begin();
    await session.completeSignIn(new URL(`http://127.0.0.1:5000/callback?code=abc&state=${state}`));
    await start.completion;
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
    const exchange = new URLSearchParams(server.fetch.calls.at(-1)!.body!);
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(exchange.get('redirect_uri')).toBe('http://127.0.0.1:5000/callback');
  });

  it('refuses a callback with a missing or mismatched state without using up the sign-in, telling the two apart', async () => {
    const { session, state, server, start } = await begin();
    expect(await codeOf(session.completeSignIn(new URL('http://127.0.0.1:5000/callback?code=abc')))).toBe(
      'ROOMDECK_STATE_MISSING',
    );
    expect(
      await codeOf(session.completeSignIn(new URL('http://127.0.0.1:5000/callback?code=z&state=wrong'))),
    ).toBe('ROOMDECK_STATE_MISMATCH');
    expect(server.state.grants).toEqual([]);
    expect(session.status()).toMatchObject({ state: 'signing-in', reason: null });
    // The real answer still completes the sign-in.
    await session.completeSignIn(new URL(`http://127.0.0.1:5000/callback?code=abc&state=${state}`));
    await start.completion;
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
    expect(server.state.grants).toEqual(['authorization_code']);
  });

  it('maps error=access_denied to ROOMDECK_SIGN_IN_DENIED', async () => {
    const { session, state } = await begin();
    const code = await codeOf(
      session.completeSignIn(new URL(`http://x/callback?error=access_denied&state=${state}`)),
    );
    expect(code).toBe('ROOMDECK_SIGN_IN_DENIED');
  });

  it('accepts one callback only', async () => {
    const { session, state } = await begin();
    await session.completeSignIn(new URL(`http://x/callback?code=abc&state=${state}`));
    expect(await codeOf(session.completeSignIn(new URL(`http://x/callback?code=abc&state=${state}`)))).toBe(
      'ROOMDECK_STATE_MISMATCH',
    );
    expect(session.status().state).toBe('signed-in');
  });

  it('offers the same authorization request again, and nothing once the sign-in is over', async () => {
    const { session, start, state } = await begin();
    expect(await session.reopenSignIn()).toEqual({ navigateTo: start.navigateTo });
    await session.completeSignIn(new URL(`http://x/callback?code=abc&state=${state}`));
    expect(await session.reopenSignIn()).toBeNull();
  });

  it('cancels a sign-in in progress: signed out at once without a reason, its callback no longer accepted', async () => {
    const { session, start, state, server } = await begin();
    session.cancelSignIn();
    expect(session.status()).toMatchObject({ state: 'signed-out', reason: null });
    expect(await codeOf(start.completion)).toBe('ROOMDECK_SIGN_IN_FAILED');
    expect(await codeOf(session.completeSignIn(new URL(`http://x/callback?code=abc&state=${state}`)))).toBe(
      'ROOMDECK_STATE_MISMATCH',
    );
    expect(server.state.grants).toEqual([]);
    expect(session.status()).toMatchObject({ state: 'signed-out', reason: null });
  });

  it('gives up after 5 minutes with ROOMDECK_SIGN_IN_TIMEOUT', async () => {
    const { session, clock, start } = await begin();
    await clock.advance(5 * MIN);
    expect(await codeOf(start.completion)).toBe('ROOMDECK_SIGN_IN_TIMEOUT');
    expect(session.status()).toMatchObject({
      state: 'signed-out',
      reason: { code: 'ROOMDECK_SIGN_IN_TIMEOUT' },
    });
  });
});
