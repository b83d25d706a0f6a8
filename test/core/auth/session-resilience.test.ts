import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, RoomdeckError } from '../../../core/api/errors.ts';
import { createOAuthContext } from '../../../core/auth/flows.ts';
import { Session, type SessionOptions } from '../../../core/auth/session.ts';
import {
  type SignOutMemory,
  signOutInMemory,
  signOutMarkerFile,
} from '../../../core/auth/sign-out-memory.ts';
import { createMemoryVault, type StoredTokens, type TokenVault } from '../../../core/store/vault.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, json, never } from '../../support/fake-fetch.ts';
import { sampleTokens } from '../../support/tokens.ts';

/**
 * A session ends only when the authorization server says so: every other fault keeps it, retries
 * on a short, jittered back-off, and comes back by itself.
 */

const SERVER = 'http://127.0.0.1:4010';
const MIN = 60_000;

type Answer =
  | 'ok'
  | 'invalid_grant'
  | 'invalid_client'
  | 'invalid_client_challenge'
  | 'gateway_401'
  | 'unavailable'
  | 'offline'
  | 'truncated'
  | 'hang';

/** Token endpoint on the fake clock; refresh and password grants can fail differently. */
function fakeAuthServer(clock: FakeClock, lifetimeSeconds: number) {
  const state = {
    refresh: 'ok' as Answer,
    password: 'ok' as Answer,
    issued: 0,
    /** [grant_type, time] of every token request. */
    requests: [] as Array<[string, number]>,
  };
  const fetch = fakeFetch((call, signal) => {
    const body = new URLSearchParams(call.body ?? '');
    if (call.url.pathname === '/auth/oauth/revoke') return new Response(null, { status: 200 });
    const grant = body.get('grant_type') ?? '';
    state.requests.push([grant, clock.now()]);
    const answer = grant === 'password' ? state.password : state.refresh;
    switch (answer) {
      case 'offline':
        throw new TypeError('fetch failed');
      case 'unavailable':
        return json({ error: 'server_error' }, 503, { 'retry-after': '2' });
      case 'hang':
        return never(signal);
      case 'truncated':
        return new Response('{"access_token":"AT-x","refresh_tok', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      case 'invalid_grant':
        return json({ error: 'invalid_grant', error_description: 'refresh token revoked' }, 400);
      case 'invalid_client':
        return json({ error: 'invalid_client', error_description: 'client disabled' }, 401);
      case 'invalid_client_challenge':
        // What the simulator sends (RFC 6749 §5.2): the 401 names the Basic scheme.
        return json({ error: 'invalid_client' }, 401, { 'www-authenticate': 'Basic realm="sim"' });
      case 'gateway_401':
        return new Response('<html><body>401 Authorization Required</body></html>', {
          status: 401,
          headers: { 'content-type': 'text/html' },
        });
      case 'ok':
        state.issued++;
        return json({
          access_token: `AT-${state.issued}`,
          refresh_token: `RT-${state.issued}`,
          token_type: 'bearer',
          expires_in: lifetimeSeconds,
          scope: 'public',
        });
    }
  });
  const refreshes = () => state.requests.filter(([grant]) => grant === 'refresh_token').map(([, at]) => at);
  return { fetch, state, refreshes };
}

function setup(
  options: {
    lifetimeMs?: number;
    stored?: (now: number) => StoredTokens | null;
    random?: () => number;
    clientSecret?: string;
    extra?: Partial<SessionOptions>;
  } = {},
) {
  const clock = new FakeClock();
  const lifetimeMs = options.lifetimeMs ?? 20 * MIN;
  const server = fakeAuthServer(clock, lifetimeMs / 1000);
  const stored = options.stored
    ? options.stored(clock.now())
    : sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: clock.now(),
        expiresAt: clock.now() + lifetimeMs,
      });
  const vault = createMemoryVault(stored);
  const oauth = createOAuthContext({
    serverUrl: SERVER,
    clientId: 'roomdeck',
    clientSecret: options.clientSecret,
    scope: 'public',
    timeoutMs: 5_000,
    fetch: server.fetch,
    clock,
  });
  const make = (extra: Partial<SessionOptions> = {}) =>
    new Session({
      oauth,
      vault,
      serverUrl: SERVER,
      clientId: 'roomdeck',
      signInMode: 'host-redirect',
      hostCallbackUrl: 'http://127.0.0.1:5000/callback',
      clock,
      random: options.random ?? (() => 0),
      ...options.extra,
      ...extra,
    });
  return { clock, session: make(), make, server, vault };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (err: unknown) => (err instanceof RoomdeckError ? err.code : `not a RoomdeckError: ${String(err)}`),
  );
}

const RENEWAL = 15 * MIN; // a 20-minute token is renewed 5 minutes before expiry

describe('every outcome of a refresh: kept or ended', () => {
  it.each([
    ['503 with Retry-After', 'unavailable'],
    ['a network error', 'offline'],
    ['a truncated body', 'truncated'],
    ['no answer until the timeout', 'hang'],
    ['a gateway’s 401 page (not the authorization server)', 'gateway_401'],
  ] as const)(
    'keeps the session and its refresh token after %s, and recovers within 5 s of the service',
    async (_what, answer) => {
      const { clock, session, server, vault } = setup();
      await session.restore();
      server.state.refresh = answer;
      await clock.advance(RENEWAL + 60_000); // a minute of failing refreshes
      expect(session.status()).toEqual({ state: 'signed-in', reason: null, server: SERVER });
      expect((await vault.load())?.refreshToken).toBe('RT-0');
      expect(await session.getAccessToken()).toBe('AT-0'); // not expired yet: still usable
      server.state.refresh = 'ok';
      // A hung request may still be waiting out its 5 s timeout; after that the back-off is ≤ 4 s.
      await clock.advance(answer === 'hang' ? 9_000 : 4_000);
      expect(await session.getAccessToken()).toBe('AT-1');
      expect((await vault.load())?.refreshToken).toBe('RT-1');
    },
  );

  it.each([
    ['400 invalid_grant', 'invalid_grant', 'ROOMDECK_SESSION_ENDED'],
    ['401 invalid_client', 'invalid_client', 'ROOMDECK_CONFIG_INVALID'],
    ['401 invalid_client with a Basic challenge', 'invalid_client_challenge', 'ROOMDECK_CONFIG_INVALID'],
  ] as const)(
    'ends the session after %s, keeping the reason for the sign-in screen',
    async (_what, answer, code) => {
      const { clock, session, server, vault } = setup();
      await session.restore();
      server.state.refresh = answer;
      await clock.advance(RENEWAL);
      expect(session.status().state).toBe('signed-out');
      expect(session.status().reason?.code).toBe(code);
      expect(await vault.load()).toBeNull();
      expect(server.refreshes()).toHaveLength(1); // no retry of a refused grant
      expect(clock.pending()).toEqual([]);
    },
  );

  it.each([
    ['a gateway’s 401 page', 'gateway_401'],
    ['a 503', 'unavailable'],
    ['a truncated body', 'truncated'],
  ] as const)('hands out the still-valid token when a due renewal meets %s', async (_what, answer) => {
    const { clock, session, server } = setup();
    await session.restore();
    server.state.refresh = answer;
    // Time jumps past the renewal without timers running (a sleeping machine): the caller's own
    // request triggers the renewal, and its failure must not fail the caller.
    const later = clock.now() + RENEWAL + 1;
    Object.defineProperty(clock, 'now', { value: () => later });
    expect(await session.getAccessToken()).toBe('AT-0');
    expect(server.refreshes()).toHaveLength(1);
    expect(session.status().state).toBe('signed-in');
  });

  it('answers 200 with new tokens, stored before use', async () => {
    const { clock, session, vault } = setup();
    await session.restore();
    await clock.advance(RENEWAL);
    expect(await session.getAccessToken()).toBe('AT-1');
    expect((await vault.load())?.refreshToken).toBe('RT-1');
  });
});

describe('back-off', () => {
  it('is exponential, then capped at 4 s, during a long outage', async () => {
    const { clock, session, server } = setup({ random: () => 0.999 });
    await session.restore();
    server.state.refresh = 'unavailable';
    await clock.advance(RENEWAL + 2 * MIN);
    const at = server.refreshes();
    const gaps = at.slice(1).map((t, i) => t - (at[i] as number));
    expect(gaps[0]).toBeGreaterThan(1_900);
    expect(gaps[1]).toBeGreaterThan(gaps[0] as number);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4_000);
    expect(gaps.length).toBeGreaterThan(25); // it keeps trying for as long as it takes
  });

  it('is jittered, so a fleet does not retry in lockstep', async () => {
    const gapsFor = async (random: () => number) => {
      const { clock, session, server } = setup({ random });
      await session.restore();
      server.state.refresh = 'offline';
      await clock.advance(RENEWAL + 30_000);
      const at = server.refreshes();
      return at.slice(1).map((t, i) => t - (at[i] as number));
    };
    const low = await gapsFor(() => 0);
    const high = await gapsFor(() => 0.99);
    expect(low.slice(0, 3)).toEqual([1_000, 2_000, 2_000]);
    for (const [i, gap] of high.slice(0, 3).entries()) expect(gap).toBeGreaterThan(low[i] as number);
  });
});

describe('a 401 from the API', () => {
  it('20 concurrent callers cause one refresh', async () => {
    const { session, server } = setup();
    await session.restore();
    await Promise.all(Array.from({ length: 20 }, () => session.onUnauthorized('AT-0')));
    expect(server.refreshes()).toHaveLength(1);
    expect(await session.getAccessToken()).toBe('AT-1');
  });

  it('refused even after renewal: the session stays, "credentials refused" is reported until accepted', async () => {
    const { session } = setup();
    await session.restore();
    const seen: boolean[] = [];
    session.onCredentialsChange((refused) => seen.push(refused));
    session.onTokenRefused(new AuthError('ROOMDECK_AUTH_REQUIRED'));
    session.onTokenRefused(new AuthError('ROOMDECK_AUTH_REQUIRED'));
    expect(session.credentialsRefused).toBe(true);
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
    session.onTokenAccepted();
    expect(session.credentialsRefused).toBe(false);
    expect(session.refusedAt).toBeNull();
    expect(seen).toEqual([true, false]);
  });

  it('a failed refresh after a 401 keeps the session (the caller sees a link error)', async () => {
    const { session, server } = setup();
    await session.restore();
    server.state.refresh = 'offline';
    expect(await codeOf(session.onUnauthorized('AT-0'))).toBe('ROOMDECK_OFFLINE');
    expect(session.status().state).toBe('signed-in');
  });
});

describe('start-up during an outage', () => {
  it('keeps a stored session whose token expired while the panel was off, and comes live by itself', async () => {
    const { clock, session, server } = setup({
      stored: (now) =>
        sampleTokens({
          server: SERVER,
          accessToken: 'AT-0',
          refreshToken: 'RT-0',
          issuedAt: now - 3 * 3_600_000,
          expiresAt: now - 2 * 3_600_000,
        }),
    });
    server.state.refresh = 'offline';
    await session.restore();
    await clock.advance(30_000);
    expect(session.status()).toEqual({ state: 'signed-in', reason: null, server: SERVER });
    expect(await codeOf(session.getAccessToken())).toBe('ROOMDECK_OFFLINE');
    expect(session.status().state).toBe('signed-in');
    server.state.refresh = 'ok';
    await clock.advance(4_000);
    expect(await session.getAccessToken()).toBe('AT-1');
  });
});

describe('the vault is empty before anything says "signed out"', () => {
  /** A vault whose clear takes a while (a slow disk): what the session has said by the time it is done. */
  function slowVault(inner: TokenVault) {
    let release: () => void = () => undefined;
    const vault: TokenVault = {
      load: () => inner.load(),
      save: (tokens) => inner.save(tokens),
      clear: () =>
        new Promise<void>((resolve) => {
          release = () => void inner.clear().then(resolve);
        }),
    };
    return { vault, release: () => release() };
  }

  it('on sign-out: the screen changes only after the tokens left the disk', async () => {
    const inner = createMemoryVault(null);
    const slow = slowVault(inner);
    const { clock, session } = setup({ extra: { vault: slow.vault } });
    await inner.save(
      sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: clock.now(),
        expiresAt: clock.now() + 20 * MIN,
      }),
    );
    await session.restore();
    expect(session.status().state).toBe('signed-in');
    // Each state the session announces, with whether the disk still held tokens when it did.
    const states: Array<[string, boolean]> = [];
    session.onChange((status) => void inner.load().then((t) => states.push([status.state, t !== null])));
    const out = session.signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(states.filter(([state]) => state === 'signed-out')).toEqual([]);
    slow.release();
    await out;
    expect(states).toContainEqual(['signed-out', false]);
    expect(states.some(([state, held]) => state === 'signed-out' && held)).toBe(false);
  });

  it('when the service ends the session: signed out only once the vault is wiped', async () => {
    const inner = createMemoryVault(null);
    const slow = slowVault(inner);
    const { clock, session, server } = setup({ extra: { vault: slow.vault } });
    await inner.save(
      sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: clock.now(),
        expiresAt: clock.now() + 20 * MIN,
      }),
    );
    await session.restore();
    expect(session.status().state).toBe('signed-in');
    server.state.refresh = 'invalid_grant';
    await clock.advance(RENEWAL);
    expect(session.status().state).toBe('signed-in');
    expect(await inner.load()).not.toBeNull();
    slow.release();
    await clock.advance(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.status().state).toBe('signed-out');
    expect(await inner.load()).toBeNull();
  });
});

describe('prompt=login after an explicit sign-out', () => {
  const promptOf = async (session: Session) => {
    const start = await session.beginSignIn();
    return new URL(start.navigateTo ?? '').searchParams.get('prompt');
  };

  it('is not sent by a panel that never signed out', async () => {
    const { session } = setup({ stored: () => null });
    expect(await promptOf(session)).toBeNull();
  });

  it('is sent on the next sign-in, also after a restart, and only until a sign-in succeeds', async () => {
    const memory: SignOutMemory = signOutInMemory();
    const { session, make } = setup({ extra: { signOutMemory: memory } });
    await session.restore();
    await session.signOut();
    expect(await promptOf(session)).toBe('login');
    session.dispose();

    const restarted = make();
    const start = await restarted.beginSignIn();
    const url = new URL(start.navigateTo ?? '');
    expect(url.searchParams.get('prompt')).toBe('login');
    await restarted.completeSignIn(
      new URL(`http://127.0.0.1:5000/callback?code=c&state=${url.searchParams.get('state')}`),
    );
    expect(restarted.status().state).toBe('signed-in');
    expect(await memory.load()).toBe(false);
  });

  it('is remembered in a marker file that holds no secret', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'roomdeck-signout-'));
    try {
      const file = signOutMarkerFile(join(dir, 'sub', 'signed-out'));
      expect(await file.load()).toBe(false);
      await file.save(true);
      expect(await file.load()).toBe(true);
      await file.save(false);
      expect(await file.load()).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('ending the login session at the service on sign-out', () => {
  const END = 'https://control.example.org/auth/logout';

  it('opens the service’s end-session page in the browser after revoking, once there was a session', async () => {
    const opened: string[] = [];
    const { session, server } = setup({
      extra: {
        signInMode: 'system-browser',
        openExternal: (url) => void opened.push(url),
        endSessionUrl: END,
      },
    });
    await session.restore();
    await session.signOut();
    expect(opened).toEqual([`${END}?client_id=roomdeck`]);
    expect(server.fetch.calls.filter((c) => c.url.pathname === '/auth/oauth/revoke')).toHaveLength(2);
    // Signed out already: nothing to end a second time.
    await session.signOut();
    expect(opened).toHaveLength(1);
  });

  it('signs out all the same when the browser cannot be opened', async () => {
    const { session } = setup({
      extra: {
        signInMode: 'system-browser',
        openExternal: () => {
          throw new Error('no browser');
        },
        endSessionUrl: END,
      },
    });
    await session.restore();
    await session.signOut();
    expect(session.status()).toMatchObject({ state: 'signed-out', reason: null });
  });

  it('opens nothing where the service has no end-session page', async () => {
    const opened: string[] = [];
    const { session } = setup({
      extra: { signInMode: 'system-browser', openExternal: (url) => void opened.push(url) },
    });
    await session.restore();
    await session.signOut();
    expect(opened).toEqual([]);
  });
});

describe('a kiosk with a managed service account', () => {
  const managed = { serviceAccount: { username: 'panel@demo.local', password: 'demo' } };
  let statesSeen: string[] = [];
  afterEach(() => {
    statesSeen = [];
  });

  it('signs in again by itself after invalid_grant, never showing the sign-in screen', async () => {
    const { clock, session, server } = setup({ clientSecret: 'secret', extra: managed });
    await session.restore();
    session.onChange((s) => statesSeen.push(s.state));
    server.state.refresh = 'invalid_grant';
    await clock.advance(RENEWAL);
    expect(session.status().state).toBe('signed-in');
    expect(statesSeen).not.toContain('signed-out');
    expect(server.state.requests.map(([grant]) => grant)).toEqual(['refresh_token', 'password']);
    expect(await session.getAccessToken()).toBe('AT-1');
  });

  it('keeps trying while the token endpoint is down, and shows why it is signing in', async () => {
    const { clock, session, server } = setup({ clientSecret: 'secret', extra: managed });
    await session.restore();
    server.state.refresh = 'invalid_grant';
    server.state.password = 'unavailable';
    await clock.advance(RENEWAL + 20_000);
    expect(session.status().state).toBe('signing-in');
    expect(session.status().reason?.code).toBe('ROOMDECK_SESSION_ENDED');
    const tries = server.state.requests.filter(([grant]) => grant === 'password').length;
    expect(tries).toBeGreaterThan(4);
    server.state.password = 'ok';
    await clock.advance(4_000);
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
  });

  it('while signing in again, a caller meets the link’s real fault, never "signed out"', async () => {
    const { clock, session, server } = setup({ clientSecret: 'secret', extra: managed });
    await session.restore();
    server.state.refresh = 'invalid_grant';
    server.state.password = 'offline';
    await clock.advance(RENEWAL);
    expect(await codeOf(session.getAccessToken())).toBe('ROOMDECK_OFFLINE');
    server.state.password = 'ok';
    // A request does not wait for the back-off timer: it signs in at once.
    expect(await session.getAccessToken()).toBe('AT-1');
    expect(session.status()).toMatchObject({ state: 'signed-in', reason: null });
  });

  it('stops trying on sign-out', async () => {
    const { clock, session, server } = setup({ clientSecret: 'secret', extra: managed });
    await session.restore();
    server.state.refresh = 'invalid_grant';
    server.state.password = 'offline';
    await clock.advance(RENEWAL + 5_000);
    await session.signOut();
    const before = server.state.requests.length;
    await clock.advance(60_000);
    expect(server.state.requests.length).toBe(before);
    expect(session.status().state).toBe('signed-out');
  });
});
