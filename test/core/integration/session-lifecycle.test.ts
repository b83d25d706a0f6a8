import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../core/api/clock.ts';
import { createMemoryVault } from '../../../core/store/vault.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const running: RunningSimulator[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const sim of running.splice(0)) await sim.close().catch(() => undefined);
});

async function simulator(options: Parameters<typeof startSimulator>[0] = {}) {
  const sim = await startSimulator(options);
  running.push(sim);
  return sim;
}

/**
 * Waits, in real time, for something the session does over real HTTP after the test moved its
 * clock (a timer fired, a request went out and came back).
 */
async function waitFor(done: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/*
 * The token lifetimes below are short, but time is the test's: one FakeClock drives both the
 * simulator (when tokens expire) and the session (when it renews), so what happens at 1.5 s or
 * 3.3 s happens there however slowly this machine runs. Only the HTTP round trips are real.
 */

/** The test's time, but timers that never fire: no proactive refresh, so only the calls under test renew. */
function clockWithoutTimers(now: () => number): Clock {
  return { now, setTimeout: () => 0, clearTimeout: () => undefined };
}

async function signedIn(url: string, extra: Parameters<typeof servicesFor>[1] = {}) {
  const vault = createMemoryVault();
  const { services, log } = servicesFor(url, { vault, ...extra, config: { ...ciAccount, ...extra.config } });
  cleanups.push(() => services.dispose());
  const { status } = await services.api.session.signIn({});
  expect(status.state).toBe('signed-in');
  return { services, log, vault };
}

describe('refresh with a 3-second token lifetime', () => {
  it('renews exactly once for 20 concurrent calls when the token is due', async () => {
    const clock = new FakeClock(Date.now());
    const sim = await simulator({ tokenTtlSeconds: 3, now: () => clock.now() });
    const { services, log } = await signedIn(sim.url, { clock: clockWithoutTimers(() => clock.now()) });
    await clock.advance(3_300);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        services.api.systems.state({ id: 'sys-huddle-3-2', module: 'Display' }),
      ),
    );
    expect(results).toHaveLength(20);
    expect(log.grants).toEqual(['password', 'refresh_token']);
  });

  it('renews exactly once for 20 concurrent calls that all get 401', async () => {
    const clock = new FakeClock(Date.now());
    const sim = await simulator({ tokenTtlSeconds: 3, now: () => clock.now() });
    const frozen = clock.now();
    // The session believes no time has passed, so only the service's 401s reveal the expiry.
    const { services, log } = await signedIn(sim.url, { clock: clockWithoutTimers(() => frozen) });
    await clock.advance(3_300);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => services.api.systems.types({ id: 'sys-huddle-3-2' })),
    );
    expect(results.every((r) => r.Display === 1)).toBe(true);
    expect(log.grants).toEqual(['password', 'refresh_token']);
  });

  it('renews proactively on its own before the token expires', async () => {
    const clock = new FakeClock(Date.now());
    const sim = await simulator({ tokenTtlSeconds: 3, now: () => clock.now() });
    const { services, log } = await signedIn(sim.url, { clock });
    await clock.advance(1_400);
    expect(log.grants).toEqual(['password']);
    // Renewal is due at half of a 3 s lifetime; the next one not before half of the new token's.
    await clock.advance(200);
    await waitFor(() => log.grants.length === 2, 'the proactive renewal');
    await clock.advance(1_300);
    await sleep(100);
    expect(log.grants).toEqual(['password', 'refresh_token']);
    // Past the first token's expiry (3 s), calls still work without a 401 round trip.
    await clock.advance(500);
    await services.api.systems.types({ id: 'sys-huddle-3-2' });
    expect(log.grants.filter((g) => g === 'refresh_token').length).toBeGreaterThanOrEqual(1);
  });
});

describe('a lost refresh answer (the connection cut mid-body)', () => {
  it('keeps the session and retries with the same refresh token, which the service still accepts', async () => {
    const clock = new FakeClock(Date.now());
    const sim = await simulator({ tokenTtlSeconds: 3, refreshReuseSeconds: 30, now: () => clock.now() });
    const sent: string[] = [];
    const grants: string[] = [];
    let cut = 1;
    const lossy = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      const body = new URLSearchParams(String(init?.body ?? ''));
      if (String(input).endsWith('/auth/oauth/token')) grants.push(body.get('grant_type') ?? '');
      if (String(input).endsWith('/auth/oauth/token') && body.get('grant_type') === 'refresh_token') {
        sent.push(body.get('refresh_token') ?? '');
        if (cut-- > 0) {
          // The service has rotated the token, but the client only gets half an answer.
          const text = await response.text();
          return new Response(text.slice(0, 20), { status: 200, headers: response.headers });
        }
      }
      return response;
    }) as typeof fetch;
    const { services, vault } = await signedIn(sim.url, { fetch: lossy, random: () => 0, clock });
    const first = (await vault.load())?.refreshToken;
    // Renewal at half of 3 s; its answer is lost.
    await clock.advance(1_500);
    await waitFor(() => sent.length === 1, 'the renewal');
    // The retry comes 1 s after the lost answer. Stepped, so each timer's request can go out before
    // time moves on; never as far as the next renewal (half of the new token's lifetime later).
    for (let waited = 0; sent.length < 2 && waited < 1_500; waited += 100) {
      await clock.advance(100);
      await sleep(20);
    }
    await waitFor(() => grants.length === 3, 'the retried renewal');
    expect(sent).toEqual([first, first]);
    // Accepted as a retry, not refused as a replay (which would have needed a new password sign-in).
    expect(grants).toEqual(['password', 'refresh_token', 'refresh_token']);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    await expect(services.api.systems.types({ id: 'sys-huddle-3-2' })).resolves.toMatchObject({ Display: 1 });
    expect((await vault.load())?.refreshToken).not.toBe(first);
  });
});

describe('the end of a session', () => {
  it('a managed panel signs in again by itself when the service has revoked its tokens', async () => {
    const sim = await simulator();
    const { services, vault } = await signedIn(sim.url);
    const stored = await vault.load();
    for (const token of [stored!.refreshToken!, stored!.accessToken]) {
      const res = await fetch(`${sim.url}/auth/oauth/revoke`, {
        method: 'POST',
        body: new URLSearchParams({ token }),
      });
      expect(res.status).toBe(200);
    }
    // The call that met the end of the old session says so; the panel never shows a sign-in screen.
    await expect(services.api.systems.list({})).rejects.toMatchObject({ code: 'ROOMDECK_SESSION_ENDED' });
    expect((await services.api.session.status({})).state).not.toBe('signed-out');
    let state = (await services.api.session.status({})).state;
    const until = Date.now() + 15_000;
    while (state !== 'signed-in' && Date.now() < until) {
      await sleep(20);
      state = (await services.api.session.status({})).state;
    }
    expect(state).toBe('signed-in');
    const renewed = await vault.load();
    expect(renewed?.refreshToken).not.toBe(stored?.refreshToken);
    await expect(services.api.systems.list({})).resolves.toBeDefined();
  });

  it('revokes the tokens at the service on sign-out', async () => {
    const sim = await simulator();
    const { services, vault, log } = await signedIn(sim.url);
    const stored = await vault.load();
    const status = await services.api.session.signOut({});
    expect(status).toEqual({ state: 'signed-out', reason: null, server: sim.url });
    expect(log.revocations).toBe(2);
    expect(await vault.load()).toBeNull();
    const probe = await fetch(`${sim.url}/api/control/systems`, {
      headers: { authorization: `Bearer ${stored!.accessToken}` },
    });
    expect(probe.status).toBe(401);
    const refresh = await fetch(`${sim.url}/auth/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: stored!.refreshToken!,
        client_id: ciAccount.clientId,
        client_secret: ciAccount.clientSecret,
      }),
    });
    expect(refresh.status).toBe(400);
  });
});

describe('losing the service mid-session', () => {
  it('reports ROOMDECK_OFFLINE while it is down and recovers when it returns on the same port', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'roomdeck-sim-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'data.json');
    const first = await simulator({ dataFile });
    const { services } = await signedIn(first.url);
    expect((await services.api.systems.list({})).total).toBeGreaterThan(0);

    await first.simulator.flush();
    await first.close();
    const err = await services.api.systems.list({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ROOMDECK_OFFLINE' });
    expect((err as Error).message).toMatch(/cannot reach the control service/);
    expect((await services.api.session.status({})).state).toBe('signed-in');

    const second = await simulator({ dataFile, port: first.port });
    expect(second.url).toBe(first.url);
    expect((await services.api.systems.list({})).total).toBeGreaterThan(0);
    expect((await services.api.session.status({})).state).toBe('signed-in');
  });
});
