import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { loginAndGetCallback, visit } from '../../support/browser.ts';
import { servicesFor } from '../../support/services.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

/** Electron's way: the authorize URL goes to openExternal; the redirect comes to a loopback listener. */
async function startSystemBrowserSignIn(signInTimeoutMs?: number) {
  let opened: string | null = null;
  const { services, log } = servicesFor(sim.url, {
    signInMode: 'system-browser',
    openExternal: (url) => {
      opened = url;
    },
    ...(signInTimeoutMs === undefined ? {} : { signInTimeoutMs }),
  });
  const result = await services.api.session.signIn({});
  expect(result.navigateTo).toBeNull();
  expect(result.status.state).toBe('signing-in');
  expect(opened).not.toBeNull();
  const authorizeUrl = new URL(opened!);
  return {
    services,
    log,
    authorizeUrl,
    redirectUri: new URL(authorizeUrl.searchParams.get('redirect_uri')!),
  };
}

async function waitForState(
  services: { api: { session: { status(a: object): Promise<{ state: string }> } } },
  state: string,
) {
  // Bounded by time, not by a count of tries, so a busy machine gets the same 15 s.
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    if ((await services.api.session.status({})).state === state) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never reached ${state}`);
}

describe('authorization code + PKCE sign-in through the system browser', () => {
  it('signs in end to end: authorize → login form → loopback redirect → code exchange', async () => {
    const { services, log, authorizeUrl, redirectUri } = await startSystemBrowserSignIn();
    try {
      expect(redirectUri.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(redirectUri.pathname).toBe('/callback');
      expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

      const callback = await loginAndGetCallback(authorizeUrl.href);
      expect(callback.origin).toBe(redirectUri.origin);
      const page = await visit(callback);
      expect(page.status).toBe(200);
      expect(page.text).toContain("You're signed in — you can close this tab");

      const status = await services.api.session.status({});
      expect(status).toEqual({ state: 'signed-in', reason: null, server: sim.url });
      expect(log.grants).toEqual(['authorization_code']);
      const systems = await services.api.systems.list({ limit: 2 });
      expect(systems.items).toHaveLength(2);
    } finally {
      services.dispose();
    }
  });

  it('answers a stray callback (state does not match) with 400, exchanges nothing, and still completes on the real one', async () => {
    const { services, log, authorizeUrl } = await startSystemBrowserSignIn();
    const callback = await loginAndGetCallback(authorizeUrl.href);
    const stray = new URL(callback);
    stray.search = '?code=z&state=wrong';
    const page = await visit(stray);
    expect(page.status).toBe(400);
    expect(page.text).toContain('does not belong to the sign-in Roomdeck started');
    expect(await services.api.session.status({})).toMatchObject({ state: 'signing-in', reason: null });
    expect(log.grants).toEqual([]);
    expect((await visit(callback)).status).toBe(200);
    expect(await services.api.session.status({})).toMatchObject({ state: 'signed-in', reason: null });
    expect(log.grants).toEqual(['authorization_code']);
    services.dispose();
  });

  it('answers a callback without state with 400 and keeps waiting', async () => {
    const { services, log, authorizeUrl } = await startSystemBrowserSignIn();
    const callback = await loginAndGetCallback(authorizeUrl.href);
    const stateless = new URL(callback);
    stateless.searchParams.delete('state');
    expect((await visit(stateless)).status).toBe(400);
    expect((await services.api.session.status({})).state).toBe('signing-in');
    expect(log.grants).toEqual([]);
    services.dispose();
  });

  it('fails a sign-in that presents a code that was already used', async () => {
    const first = await startSystemBrowserSignIn();
    const used = await loginAndGetCallback(first.authorizeUrl.href);
    expect((await visit(used)).status).toBe(200);
    first.services.dispose();

    const second = await startSystemBrowserSignIn();
    const replay = new URL(second.redirectUri);
    replay.searchParams.set('code', used.searchParams.get('code')!);
    replay.searchParams.set('state', second.authorizeUrl.searchParams.get('state')!);
    const page = await visit(replay);
    expect(page.status).toBe(400);
    expect(await second.services.api.session.status({})).toMatchObject({
      state: 'signed-out',
      reason: { code: 'ROOMDECK_SIGN_IN_FAILED' },
    });
    expect(second.log.grants).toEqual(['authorization_code']);
    second.services.dispose();
  });

  it('accepts exactly one callback: a second one changes nothing', async () => {
    const { services, log, authorizeUrl } = await startSystemBrowserSignIn();
    const callback = await loginAndGetCallback(authorizeUrl.href);
    expect((await visit(callback)).status).toBe(200);
    const second = await visit(callback).catch(() => ({ status: 0, text: 'connection refused' }));
    expect([0, 404, 409]).toContain(second.status);
    expect(second.text).not.toContain("You're signed in");
    expect(log.grants).toEqual(['authorization_code']);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    services.dispose();
  });

  it('answers other paths on the listener with 404 and still completes on the callback', async () => {
    const { services, authorizeUrl, redirectUri } = await startSystemBrowserSignIn();
    expect((await visit(new URL('/favicon.ico', redirectUri))).status).toBe(404);
    expect((await visit(new URL('/', redirectUri))).status).toBe(404);
    expect((await services.api.session.status({})).state).toBe('signing-in');
    expect((await visit(await loginAndGetCallback(authorizeUrl.href))).status).toBe(200);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    services.dispose();
  });

  it('opens the same authorization request in the browser again, and still completes', async () => {
    const opened: string[] = [];
    const { services, log } = servicesFor(sim.url, {
      signInMode: 'system-browser',
      openExternal: (url) => {
        opened.push(url);
      },
    });
    await services.api.session.signIn({});
    const again = await services.api.session.reopenSignIn({});
    expect(again).toMatchObject({ status: { state: 'signing-in' }, navigateTo: null });
    expect(opened).toHaveLength(2);
    expect(opened[1]).toBe(opened[0]);
    expect((await visit(await loginAndGetCallback(opened[1]!))).status).toBe(200);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    expect(log.grants).toEqual(['authorization_code']);
    services.dispose();
  });

  it('cancels at once: signed out without a reason, and the loopback listener is gone', async () => {
    const { services, redirectUri } = await startSystemBrowserSignIn();
    expect(await services.api.session.cancelSignIn({})).toMatchObject({ state: 'signed-out', reason: null });
    await expect(fetch(redirectUri)).rejects.toThrow();
    // A new sign-in after a cancel is a fresh one.
    const next = await services.api.session.signIn({});
    expect(next.status.state).toBe('signing-in');
    services.dispose();
  });

  it('closes the listener and reports ROOMDECK_SIGN_IN_TIMEOUT when the browser never comes back', async () => {
    const { services, redirectUri } = await startSystemBrowserSignIn(200);
    await waitForState(services, 'signed-out');
    expect((await services.api.session.status({})).reason?.code).toBe('ROOMDECK_SIGN_IN_TIMEOUT');
    await expect(fetch(redirectUri)).rejects.toThrow();
    services.dispose();
  });
});

describe('authorization code + PKCE sign-in through the browser host', () => {
  it("returns the authorize URL to navigate to and completes on the host's callback", async () => {
    const hostCallbackUrl = 'http://127.0.0.1:45999/callback';
    const { services, log } = servicesFor(sim.url, { signInMode: 'host-redirect', hostCallbackUrl });
    const result = await services.api.session.signIn({});
    expect(result.status.state).toBe('signing-in');
    const authorizeUrl = new URL(result.navigateTo!);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(hostCallbackUrl);
    const callback = await loginAndGetCallback(authorizeUrl.href, {
      username: 'panel@demo.local',
      password: 'demo',
    });
    expect(callback.href.startsWith(`${hostCallbackUrl}?`)).toBe(true);
    // A stray request to the callback route first: refused, and the sign-in keeps waiting.
    await expect(
      services.completeSignIn(new URL(`${hostCallbackUrl}?code=z&state=wrong`)),
    ).rejects.toMatchObject({
      code: 'ROOMDECK_STATE_MISMATCH',
    });
    expect((await services.api.session.status({})).state).toBe('signing-in');
    await services.completeSignIn(callback);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    expect(log.grants).toEqual(['authorization_code']);
    await expect(services.completeSignIn(callback)).rejects.toMatchObject({
      code: 'ROOMDECK_STATE_MISMATCH',
    });
    services.dispose();
  });
});

describe('password grant for managed fleets', () => {
  it('signs in unattended with a confidential client and a service account', async () => {
    const { services, log } = servicesFor(sim.url, {
      config: {
        clientId: 'roomdeck-ci',
        clientSecret: 'roomdeck-ci-secret',
        serviceAccount: { username: 'tech@demo.local', password: 'demo', authority: 'demo' },
      },
    });
    const result = await services.api.session.signIn({});
    expect(result).toEqual({
      status: { state: 'signed-in', reason: null, server: sim.url },
      navigateTo: null,
    });
    expect(log.grants).toEqual(['password']);
    expect((await services.api.systems.list({})).total).toBeGreaterThan(0);
    services.dispose();
  });

  it('stays signed out with a reason when the password is wrong', async () => {
    const { services } = servicesFor(sim.url, {
      config: {
        clientId: 'roomdeck-ci',
        clientSecret: 'roomdeck-ci-secret',
        serviceAccount: { username: 'tech@demo.local', password: 'wrong' },
      },
    });
    const result = await services.api.session.signIn({});
    expect(result.status).toMatchObject({ state: 'signed-out', reason: { code: 'ROOMDECK_SIGN_IN_FAILED' } });
    await expect(services.api.systems.list({})).rejects.toMatchObject({ code: 'ROOMDECK_AUTH_REQUIRED' });
    services.dispose();
  });
});
